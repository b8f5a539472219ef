"""Getting corpora into linseg's data folder: downloading the Brown corpus and registering
copies the user already has, each checked first.

Nothing half-written is ever left in the data folder: a download goes to a temporary file
beside its target and is renamed into place only once its size and sha256 are right, the
folders it made are removed again when it fails, and the registry of copies
(``registered.json``) is rewritten whole, through a temporary file, after the copy passed
its check. Every failure is a :class:`~linseg.evaluation.corpora.data.DataError` with a
one-line message.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import re
import tempfile
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from linseg.evaluation.corpora.data import (
    CORPORA,
    DataError,
    _corpus,
    brown_source,
    data_home,
    locate,
    registered,
    registry_path,
    sha256_file,
)

__all__ = [
    "FetchResult",
    "fetch_brown",
    "add_corpus",
    "check_brown",
    "check_choi",
    "check_natural",
    "CHOI_RANGES",
]

#: The paper's corpus: samples per range, over the sets 1/, 2/ and 3/.
CHOI_RANGES = {"3-11": 400, "3-5": 100, "6-8": 100, "9-11": 100}
_SEPARATOR = b"=========="
_TIMEOUT = 60.0
_CHUNK = 1 << 16


@dataclass(frozen=True)
class FetchResult:
    """Where the corpus is now, and whether it was downloaded (else found: ``where``)."""

    path: Path
    downloaded: bool
    where: str
    size: int


# --- Downloading --------------------------------------------------------------------


def fetch_brown(
    url: str | None = None,
    sha256: str | None = None,
    *,
    force: bool = False,
    timeout: float = _TIMEOUT,
    progress: Callable[[int, int | None], None] | None = None,
) -> FetchResult:
    """Download the tagged Brown corpus into ``<data folder>/brown/brown.zip``.

    ``url`` and ``sha256`` default to :func:`~linseg.evaluation.corpora.data.brown_source`
    (NLTK's ``brown.zip`` and its pinned sha256). A copy linseg already finds (``$LINSEG_DATA``,
    a registered one, the data folder, NLTK's data with the right sha256) is used as it is
    unless ``force``. ``progress(bytes_so_far, total_or_None)`` is called as bytes arrive.
    """
    default_url, default_sha = brown_source()
    url = url or default_url
    sha256 = (sha256 or default_sha).lower()
    if not force:
        place = locate("brown")
        if place is not None and place.path is not None:
            return FetchResult(place.path, False, place.label, place.path.stat().st_size)
    target = data_home() / CORPORA["brown"].relative
    size = _download(url, target, sha256, timeout, progress)
    return FetchResult(target, True, url, size)


def _download(
    url: str,
    target: Path,
    sha256: str,
    timeout: float,
    progress: Callable[[int, int | None], None] | None,
) -> int:
    """Fetch ``url`` into ``target`` through a temporary file renamed into place once its
    length (the server's Content-Length) and sha256 are right."""
    if not re.fullmatch(r"[0-9a-f]{64}", sha256):
        raise DataError(f"not a sha256: {sha256!r} (64 hexadecimal digits)")
    try:
        request = urllib.request.Request(url, headers={"User-Agent": "linseg"})
    except ValueError as exc:  # no scheme, and the like
        raise DataError(f"not a URL linseg can download from: {url} ({exc})") from None
    made = _make_dirs(target.parent)
    tmp: Path | None = None
    done = False
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
        tmp = Path(name)
        digest = hashlib.sha256()
        got = 0
        with os.fdopen(fd, "wb") as out:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                length = response.headers.get("Content-Length")
                total = int(length) if length and length.isdigit() else None
                while True:
                    block = response.read(_CHUNK)
                    if not block:
                        break
                    out.write(block)
                    digest.update(block)
                    got += len(block)
                    if progress is not None:
                        progress(got, total)
            out.flush()
            os.fsync(out.fileno())
        if total is not None and got != total:
            raise DataError(
                f"truncated download from {url}: got {got:,} of {total:,} bytes; "
                "nothing was saved, try again"
            )
        found = digest.hexdigest()
        if found != sha256:
            raise DataError(
                f"checksum mismatch for {url}: sha256 {found}, expected {sha256} "
                f"({got:,} bytes); nothing was saved"
            )
        os.chmod(tmp, 0o644)  # mkstemp's file is private; the corpus need not be
        os.replace(tmp, target)
        done = True
        return got
    except urllib.error.HTTPError as exc:
        raise DataError(f"could not download {url}: HTTP {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        raise DataError(
            f"could not download {url}: {_reason(exc.reason)} (no network? "
            "'linseg data add brown PATH' registers a copy you have)"
        ) from None
    except (TimeoutError, http.client.HTTPException, ConnectionError) as exc:
        raise DataError(
            f"download from {url} broke off: {_reason(exc)}; nothing was saved, try again"
        ) from None
    finally:
        if not done:
            if tmp is not None:
                tmp.unlink(missing_ok=True)
            _remove_dirs(made)


def _reason(reason: object) -> str:
    if isinstance(reason, TimeoutError):
        return "timed out"
    if isinstance(reason, OSError) and reason.strerror:
        return reason.strerror
    return str(reason) or type(reason).__name__


def _make_dirs(folder: Path) -> list[Path]:
    """Create ``folder`` and its missing parents; the ones created, deepest first."""
    missing = []
    p = folder
    while not p.exists():
        missing.append(p)
        p = p.parent
    folder.mkdir(parents=True, exist_ok=True)
    return missing


def _remove_dirs(made: list[Path]) -> None:
    for d in made:  # deepest first; only while empty
        try:
            d.rmdir()
        except OSError:
            break


# --- Checking and registering local copies ------------------------------------------


def check_brown(path: str | os.PathLike[str], sha256: str | None = None) -> Path:
    """``path`` (``brown.zip``, or a folder holding it) if its sha256 is the pinned one."""
    p = Path(path).expanduser()
    if p.is_dir():
        inside = [p / "brown.zip", p / "brown" / "brown.zip", p / "corpora" / "brown.zip"]
        found = next((q for q in inside if q.is_file()), None)
        if found is None:
            raise DataError(f"no brown.zip in {p}")
        p = found
    if not p.is_file():
        raise DataError(f"no such file: {p}")
    expected = (sha256 or brown_source()[1]).lower()
    found_sha = sha256_file(p)
    if found_sha != expected:
        hint = "" if zipfile.is_zipfile(p) else " (not even a zip archive)"
        raise DataError(
            f"{p} is not NLTK's brown.zip: sha256 {found_sha}, expected {expected}{hint}"
        )
    return p.absolute()


def check_choi(path: str | os.PathLike[str]) -> Path:
    """The folder of Choi's corpus at ``path`` (or in its ``data/`` or ``choi/``), checked:
    sets ``1/``, ``2/``, ``3/``... of range folders holding, in all, 400 samples of 3-11 and
    100 each of 3-5, 6-8 and 9-11, every one a ``.ref`` file that starts with a
    ``==========`` line."""
    p = Path(path).expanduser()
    if not p.is_dir():
        raise DataError(f"{p} is not a folder: give the folder of Choi's sets 1/, 2/, 3/")
    for candidate in (p, p / "data", p / "choi"):
        if any(candidate.glob("[0-9]*/*-*/*.ref")):
            p = candidate
            break
    counts = dict.fromkeys(CHOI_RANGES, 0)
    others = 0
    for ref in p.glob("[0-9]*/*/*.ref"):
        if not ref.parent.parent.name.isdigit():
            continue
        rng = ref.parent.name
        if rng not in counts:
            others += 1
            continue
        with open(ref, "rb") as fh:
            if fh.read(len(_SEPARATOR)) != _SEPARATOR:
                raise DataError(
                    f"{ref} is not a .ref sample (it should start with a line of ==========)"
                )
        counts[rng] += 1
    if counts != CHOI_RANGES:
        found = ", ".join(f"{r}: {n}" for r, n in counts.items())
        want = ", ".join(f"{r}: {n}" for r, n in CHOI_RANGES.items())
        raise DataError(
            f"{p} does not hold Choi's corpus: expected .ref samples in SET/RANGE/ folders "
            f"(1/3-11/0.ref ...), {want}; found {found}"
            + (f" and {others} in other ranges" if others else "")
        )
    return p.absolute()


def check_natural(path: str | os.PathLike[str]) -> Path:
    """A natural set's folder: ``NAME.txt`` files each with its ``NAME.words``."""
    p = Path(path).expanduser()
    if not p.is_dir():
        raise DataError(f"{p} is not a folder of NAME.txt + NAME.words pairs")
    texts = sorted(p.glob("*.txt"))
    pairs = [t for t in texts if t.with_suffix(".words").is_file()]
    if not pairs:
        raise DataError(f"{p} holds no natural documents (NAME.txt with NAME.words beside it)")
    for t in pairs:
        words = t.with_suffix(".words").read_text(encoding="utf-8", errors="replace").split()
        if not all(w.isdigit() for w in words):
            raise DataError(f"{t.with_suffix('.words')} is not a list of word offsets")
    return p.absolute()


_CHECKS: dict[str, Callable[[str | os.PathLike[str]], Path]] = {
    "brown": check_brown,
    "choi": check_choi,
    "python-docs": check_natural,
}


def add_corpus(name: str, path: str | os.PathLike[str]) -> Path:
    """Check the copy of corpus ``name`` at ``path`` and register it: linseg finds it from
    then on (after ``--data`` and ``$LINSEG_DATA``). Returns the registered path."""
    corpus = _corpus(name)
    check = _CHECKS.get(corpus.name)
    if check is None:
        raise DataError(f"{name} needs no registering: it is {corpus.origin} ({corpus.bundled})")
    checked = check(path)
    entries = {k: str(v) for k, v in registered().items()}
    entries[corpus.name] = str(checked)
    _write_registry(entries)
    return checked


def _write_registry(entries: dict[str, str]) -> None:
    target = registry_path()
    made = _make_dirs(target.parent)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(dict(sorted(entries.items())), fh, indent=1)
            fh.write("\n")
        os.chmod(name, 0o644)
        os.replace(name, target)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        _remove_dirs(made)
        raise

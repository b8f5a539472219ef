"""Where linseg finds its corpora, and what each one is.

A corpus is looked for in these places, in order, and the first copy found is used:

1. ``--data DIR``, when a command is given it: there alone (``DIR/choi``,
   ``DIR/brown/brown.zip``, ``DIR/natural/python-docs``);
2. ``$LINSEG_DATA``, a folder of the same layout (CI sets it to the project's shared data);
   a ``LINSEG_DATA`` that names no folder is an error, as a typo should be;
3. a copy registered with ``linseg data add`` (its path is kept in ``registered.json`` in
   linseg's data folder);
4. linseg's data folder itself, the same layout again: ``linseg data fetch`` downloads
   there. It is ``$LINSEG_DATA_HOME`` when set, else the user data folder of platformdirs
   (``~/.local/share/linseg`` on Linux);
5. for the Brown corpus, NLTK's data folders as NLTK searches them (``$NLTK_DATA``,
   ``~/nltk_data``, ``/usr/share/nltk_data``, ...): ``corpora/brown.zip``, used only when
   its sha256 is the pinned one (:data:`BROWN_SHA256`), the file this linseg was checked on.

``linseg data status`` prints every place for every corpus of :data:`CORPORA`
(:func:`status`); :mod:`~linseg.evaluation.corpora.fetch` downloads and registers copies.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "DataNotFound",
    "DataError",
    "Corpus",
    "Place",
    "CorpusStatus",
    "CORPORA",
    "BROWN_URL",
    "BROWN_SHA256",
    "data_dir",
    "data_home",
    "choi_dir",
    "brown_zip",
    "find_corpus",
    "locate",
    "places",
    "status",
    "registered",
    "registry_path",
    "nltk_data_dirs",
    "brown_source",
    "sha256_file",
]


class DataNotFound(FileNotFoundError):
    """A corpus, or the folder named for the data, is not where linseg looks."""


class DataError(ValueError):
    """A copy of a corpus that fails its check, or a download that failed."""


#: The tagged Brown corpus as NLTK's data distributes it (the downloader's ``brown``).
BROWN_URL = "https://raw.githubusercontent.com/nltk/nltk_data/gh-pages/packages/corpora/brown.zip"
#: The sha256 of that file (3,314,357 bytes; 500 files ``brown/c<genre><nn>`` with
#: ``README``, ``CONTENTS`` and ``cats.txt``), the copy linseg's samples were checked on.
BROWN_SHA256 = "9b275f9b3b95d7bd66ccfb7cd259f445a13bbe5d1f4107aba09fd3e8364bafa6"

_REGISTRY = "registered.json"
_STATUS_HINT = "see 'linseg data status'"


@dataclass(frozen=True)
class Corpus:
    """A corpus linseg uses: where it sits in a data folder and where it comes from."""

    name: str
    title: str
    #: Its path inside a data folder (``--data``, ``$LINSEG_DATA``, linseg's data folder);
    #: empty for a set that only ships in the source checkout.
    relative: str
    used_by: str
    source: str
    licence: str
    #: How to get it, as a command or an instruction.
    get: str
    #: Where it comes from, in a few words.
    origin: str = ""
    #: Its path inside a source checkout of linseg, for the bundled sets.
    bundled: str = ""
    #: ``"file"`` or ``"dir"``.
    kind: str = "dir"

    @property
    def registrable(self) -> bool:
        return bool(self.relative)


CORPORA: dict[str, Corpus] = {
    c.name: c
    for c in (
        Corpus(
            name="choi",
            title="Choi's samples: the 700 test samples of the paper (NAACL 2000)",
            relative="choi",
            used_by="linseg evaluate (no DIR), linseg paper, the conformance tests",
            source=(
                "distributed with Choi's C99 release (the data of his NAACL 2000 "
                "experiments), not by linseg: a folder of sets 1/, 2/, 3/, each holding "
                "range folders (3-11, 3-5, 6-8, 9-11) of numbered .ref samples, 700 in all "
                "(400 of 3-11, 100 of each other range); Table.txt, reference-stems.tsv and "
                "STOPWORD.list beside them are used when present"
            ),
            licence=(
                "none stated in the copy linseg was checked on; see the terms of Choi's "
                "release (its sentences are cut from the Brown corpus)"
            ),
            get="linseg data add choi PATH",
            origin="distributed with Choi's C99 release",
        ),
        Corpus(
            name="brown",
            title="the Brown corpus, tagged (NLTK's brown.zip)",
            relative=os.path.join("brown", "brown.zip"),
            used_by="linseg corpus brown, the long-document benchmarks",
            source=f"NLTK's data ({BROWN_URL}); sha256 {BROWN_SHA256}",
            licence=(
                "NLTK's index: 'May be used for non-commercial purposes'; its README: "
                "distributed with the permission of the copyright holder, redistribution "
                "permitted"
            ),
            get="linseg data fetch brown (or: linseg data add brown PATH)",
            origin="in NLTK's data",
            kind="file",
        ),
        Corpus(
            name="python-docs",
            title="natural set: 110 pages of the Python 3.11 documentation, sections as reference",
            relative=os.path.join("natural", "python-docs"),
            used_by="linseg evaluate DIR, benchmarks/bench_natural.py, the boundary snapshot",
            source=(
                "made by linseg's developers from the reStructuredText sources that Debian's "
                "python3.11-doc installs; not published for download (tools/"
                "build_natural_set.py builds sets of the same kind from Sphinx HTML)"
            ),
            licence="Python Software Foundation License (redistribution permitted)",
            get="linseg data add python-docs PATH (a folder of NAME.txt + NAME.words pairs)",
            origin="linseg's development data, not published for download",
        ),
        Corpus(
            name="django-docs",
            title="natural set: 38 pages of the Django 3.2 documentation",
            relative="",
            used_by="linseg evaluate benchmarks/natural/django-docs",
            source="bundled with linseg's source (benchmarks/natural/django-docs), not the wheel",
            licence="BSD-3-Clause (Django Software Foundation; LICENSE beside the pages)",
            get="a source checkout of linseg",
            origin="bundled with linseg's source",
            bundled=os.path.join("benchmarks", "natural", "django-docs"),
        ),
        Corpus(
            name="sphinx-headings",
            title="natural set: 77 pages of eight Python projects' manuals, headings kept",
            relative="",
            used_by="linseg evaluate benchmarks/natural/sphinx-headings",
            source=(
                "bundled with linseg's source (benchmarks/natural/sphinx-headings), not the wheel"
            ),
            licence="BSD-2-Clause and BSD-3-Clause (each project's COPYRIGHT file beside the pages)",
            get="a source checkout of linseg",
            origin="bundled with linseg's source",
            bundled=os.path.join("benchmarks", "natural", "sphinx-headings"),
        ),
    )
}


@dataclass(frozen=True)
class Place:
    """One place linseg looks for a corpus: ``path`` is None where the place is unset."""

    label: str
    path: Path | None
    found: bool
    note: str = ""


@dataclass
class CorpusStatus:
    """A corpus, the places looked at in order, and the copy used (None: missing)."""

    corpus: Corpus
    places: list[Place]
    used: Path | None = None
    detail: str = ""

    def to_dict(self) -> dict:
        c = self.corpus
        return {
            "name": c.name,
            "title": c.title,
            "present": self.used is not None,
            "path": str(self.used) if self.used else None,
            "detail": self.detail,
            "looks_in": [
                {
                    "where": p.label,
                    "path": str(p.path) if p.path else None,
                    "found": p.found,
                    "note": p.note,
                }
                for p in self.places
            ],
            "source": c.source,
            "licence": c.licence,
            "get": c.get,
            "used_by": c.used_by,
        }


# --- The folders --------------------------------------------------------------------


def data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The data root: ``explicit`` if given, else ``$LINSEG_DATA``."""
    value = explicit if explicit is not None else os.environ.get("LINSEG_DATA")
    if not value:
        raise DataNotFound(
            f"no data directory: pass --data DIR or set LINSEG_DATA ({_STATUS_HINT})"
        )
    path = Path(value).expanduser()
    if not path.is_dir():
        where = "--data" if explicit is not None else "LINSEG_DATA"
        raise DataNotFound(f"data directory not found: {path} ({where})")
    return path


def data_home() -> Path:
    """linseg's own data folder: ``$LINSEG_DATA_HOME``, else platformdirs' user data folder
    (``~/.local/share/linseg`` on Linux, ``~/Library/Application Support/linseg`` on
    macOS, ``%LOCALAPPDATA%\\linseg`` on Windows). It may not exist yet."""
    value = os.environ.get("LINSEG_DATA_HOME")
    if value:
        return Path(value).expanduser().absolute()
    import platformdirs

    return Path(platformdirs.user_data_dir("linseg", appauthor=False))


def registry_path() -> Path:
    return data_home() / _REGISTRY


def registered() -> dict[str, Path]:
    """The copies registered with ``linseg data add``: ``{"choi": path, ...}``."""
    path = registry_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    try:
        raw = json.loads(text)
        if not isinstance(raw, dict):
            raise ValueError
        return {str(k): Path(v) for k, v in raw.items() if isinstance(v, str)}
    except ValueError:
        raise DataError(
            f"{path} is not the JSON linseg writes; delete it and register the copies again"
        ) from None


def nltk_data_dirs() -> list[Path]:
    """NLTK's data folders in the order NLTK searches them (``nltk.data.path``'s defaults),
    worked out without importing NLTK."""
    dirs = [Path(d).expanduser() for d in os.environ.get("NLTK_DATA", "").split(os.pathsep) if d]
    if os.path.expanduser("~/") != "~/":
        dirs.append(Path("~/nltk_data").expanduser())
    prefix = Path(sys.prefix)
    dirs += [prefix / "nltk_data", prefix / "share" / "nltk_data", prefix / "lib" / "nltk_data"]
    if os.name == "nt":
        dirs.append(Path(os.environ.get("APPDATA", "C:\\")) / "nltk_data")
        dirs += [Path(f"{drive}:\\nltk_data") for drive in "CDE"]
    else:
        dirs += [
            Path(p)
            for p in (
                "/usr/share/nltk_data",
                "/usr/local/share/nltk_data",
                "/usr/lib/nltk_data",
                "/usr/local/lib/nltk_data",
            )
        ]
    return dirs


def brown_source() -> tuple[str, str]:
    """The URL and sha256 of the Brown corpus to download: :data:`BROWN_URL` and
    :data:`BROWN_SHA256`, unless ``$LINSEG_BROWN_URL`` / ``$LINSEG_BROWN_SHA256`` say
    otherwise (for a mirror, and for the tests, which serve a small archive locally)."""
    url = os.environ.get("LINSEG_BROWN_URL") or BROWN_URL
    sha = (os.environ.get("LINSEG_BROWN_SHA256") or BROWN_SHA256).strip().lower()
    return url, sha


def sha256_file(path: str | os.PathLike[str]) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _checkout_root() -> Path | None:
    """The source checkout linseg runs from (an editable install), if it is one."""
    parents = Path(__file__).resolve().parents
    if len(parents) < 5:
        return None
    root = parents[4]  # src/linseg/evaluation/corpora/data.py
    return root if (root / "pyproject.toml").is_file() and (root / "benchmarks").is_dir() else None


# --- Finding a corpus ---------------------------------------------------------------


def _exists(corpus: Corpus, path: Path) -> bool:
    return path.is_file() if corpus.kind == "file" else path.is_dir()


def places(name: str, explicit: str | os.PathLike[str] | None = None) -> list[Place]:
    """Every place linseg looks for corpus ``name``, in order, each with whether a copy is
    there. With ``explicit`` (a command's ``--data``), that folder alone."""
    return list(_places(_corpus(name), explicit))


def _places(corpus: Corpus, explicit: str | os.PathLike[str] | None) -> Iterator[Place]:
    # A generator, so that finding a corpus stops at the first copy (and never hashes
    # NLTK's copy of Brown when another comes first).
    if corpus.bundled:
        root = _checkout_root()
        path = root / corpus.bundled if root else None
        note = "" if root else "not a source checkout: the wheel does not ship it"
        yield Place("source checkout", path, bool(path and path.is_dir()), note)
        return
    if explicit is not None:
        path = data_dir(explicit) / corpus.relative
        yield Place("--data", path, _exists(corpus, path))
        return
    env = os.environ.get("LINSEG_DATA")
    if env:
        root = Path(env).expanduser()
        if root.is_dir():
            yield Place(
                "$LINSEG_DATA", root / corpus.relative, _exists(corpus, root / corpus.relative)
            )
        else:  # finding a corpus stops there (_check_env); the status shows it
            yield Place("$LINSEG_DATA", root, False, "not a folder: commands stop with an error")
    else:
        yield Place("$LINSEG_DATA", None, False, "unset")
    reg = registered().get(corpus.name)
    if reg is not None:
        found = _exists(corpus, reg)
        yield Place("registered", reg, found, "" if found else "registered, now missing")
    else:
        yield Place("registered", None, False, f"none ('linseg data add {corpus.name} PATH')")
    home = data_home() / corpus.relative
    yield Place("linseg's data folder", home, _exists(corpus, home))
    if corpus.name == "brown":
        _, sha = brown_source()
        seen = False
        for d in nltk_data_dirs():
            path = d / "corpora" / "brown.zip"
            if not path.is_file():
                continue
            seen = True
            if sha256_file(path) == sha:
                yield Place("NLTK's data", path, True)
            else:
                yield Place("NLTK's data", path, False, "a different file: its sha256 differs")
        if not seen:
            yield Place("NLTK's data", None, False, "no corpora/brown.zip in NLTK's folders")


def find_corpus(name: str, explicit: str | os.PathLike[str] | None = None) -> Path:
    """The copy of corpus ``name`` linseg uses: the first place of :func:`places` that has
    one. Raises :class:`DataNotFound`, naming where it looked and ``linseg data status``."""
    corpus = _corpus(name)
    _check_env(explicit)
    looked = []
    for place in _places(corpus, explicit):
        if place.found and place.path is not None:
            return place.path
        looked.append(place)
    if explicit is not None:
        where = str(looked[0].path)
    else:
        where = "looked in: " + ", ".join(p.label for p in looked)
    raise DataNotFound(
        f"{_short(corpus)} not found ({where}); '{_command(corpus)}' gets it ({_STATUS_HINT})"
    )


def locate(name: str, explicit: str | os.PathLike[str] | None = None) -> Place | None:
    """The first place of :func:`places` that holds a copy of corpus ``name``, or None."""
    _check_env(explicit)
    return next((p for p in _places(_corpus(name), explicit) if p.found), None)


def _check_env(explicit: str | os.PathLike[str] | None) -> None:
    """A ``LINSEG_DATA`` that names no folder is an error, as it always was (a typo should
    not silently fall through to other copies)."""
    if explicit is None and os.environ.get("LINSEG_DATA"):
        data_dir()


def choi_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The paper's corpus: ``<data>/choi`` of ``--data`` or ``$LINSEG_DATA``, else the copy
    registered with ``linseg data add choi`` or in linseg's data folder."""
    return find_corpus("choi", explicit)


def brown_zip(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The tagged Brown corpus's ``brown.zip``: ``<data>/brown/brown.zip``, else the copy
    registered, fetched by ``linseg data fetch brown``, or in NLTK's data."""
    return find_corpus("brown", explicit)


def _command(corpus: Corpus) -> str:
    """The command that gets a corpus (the first of :attr:`Corpus.get`)."""
    return corpus.get.split(" (")[0]


def _short(corpus: Corpus) -> str:
    return {
        "choi": "Choi's corpus",
        "brown": "the Brown corpus",
    }.get(corpus.name, f"the {corpus.name} set")


def _corpus(name: str) -> Corpus:
    try:
        return CORPORA[name]
    except KeyError:
        raise DataError(f"unknown corpus {name!r}; known: {', '.join(CORPORA)}") from None


# --- Status -------------------------------------------------------------------------


def status(explicit: str | os.PathLike[str] | None = None) -> list[CorpusStatus]:
    """Every corpus of :data:`CORPORA` with the places looked at and the copy used."""
    out = []
    for corpus in CORPORA.values():
        looked = places(corpus.name, explicit)
        used = next((p.path for p in looked if p.found), None)
        out.append(CorpusStatus(corpus, looked, used, _describe(corpus, used) if used else ""))
    return out


def _describe(corpus: Corpus, path: Path) -> str:
    """What a found copy holds, in a few words."""
    if corpus.name == "choi":
        n = sum(1 for _ in path.glob("*/*/*.ref"))
        extras = [f for f in ("Table.txt", "reference-stems.tsv") if (path / f).is_file()]
        return f"{n} samples" + (f", with {' and '.join(extras)}" if extras else "")
    if corpus.name == "brown":
        return f"{path.stat().st_size / 1e6:.1f} MB"
    n = sum(1 for t in path.glob("*.txt") if t.with_suffix(".words").is_file())
    return f"{n} pages"

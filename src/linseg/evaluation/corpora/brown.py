"""Choi-style test samples cut from the Brown corpus (the paper's section 4.1).

"A sample is a concatenation of ten text segments. A segment is the first n sentences
of a randomly selected document from the Brown corpus", n drawn uniformly from a range;
the paper used the press reportage (``ca**``) and learned (``cj**``) files, 400 samples
of range 3-11 and 100 each of 3-5, 6-8 and 9-11.

The corpus is read in place from the tagged ``brown.zip`` (``word/tag`` tokens, one
sentence a line). Tokens are put into the shape of the paper's samples, which were cut
from the Penn Treebank's copy of Brown: tags dropped, clitics and currency split off
(``Atlanta 's``, ``did n't``, ``$ 7``, ``15 %``), and a line that does not end a sentence
(a headline, a dateline) joined to the next one. Measured on the paper's 700 samples,
88% of their 49,105 sentence lines come out character for character; the rest differ in
Treebank details (formula placeholders, the odd sentence split) that do not change
the number of sentences much.
"""

from __future__ import annotations

import json
import os
import re
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from linseg.readers.ref import format_ref

__all__ = [
    "PAPER_RANGES",
    "SampleRange",
    "BrownSample",
    "parse_ranges",
    "brown_sentences",
    "read_brown",
    "make_samples",
    "write_corpus",
]

# (low n, high n, number of samples): the paper's Table 1.
PAPER_RANGES: tuple[tuple[int, int, int], ...] = (
    (3, 11, 400),
    (3, 5, 100),
    (6, 8, 100),
    (9, 11, 100),
)

_FILE = re.compile(r"(?:^|/)c([a-r])(\d\d)$")
_SENTENCE_END = frozenset({".", "?", "!"})
# Closing marks that may follow the full stop and still end the sentence.
_CLOSERS = frozenset({"''", "'", ")"})
_NEGATION = re.compile(r"^(.*[A-Za-z])(n't)$", re.IGNORECASE)
_CLITIC = re.compile(r"^(.*[A-Za-z0-9.])('s|'re|'ve|'ll|'m|'d|')$", re.IGNORECASE)
_TREEBANK_WORDS = {
    "cannot": ["can", "not"],
    "Cannot": ["Can", "not"],
    "gonna": ["gon", "na"],
    "wanna": ["wan", "na"],
}


@dataclass(frozen=True)
class SampleRange:
    """Segments of ``low`` to ``high`` sentences; ``count`` samples."""

    low: int
    high: int
    count: int

    @property
    def name(self) -> str:
        return f"{self.low}-{self.high}"


@dataclass
class BrownSample:
    """One generated sample: its sentences, reference boundaries and where they came from."""

    sentences: list[str]
    boundaries: list[int]
    sources: list[tuple[str, int]] = field(default_factory=list)  # (document, sentences taken)


def parse_ranges(text: str) -> list[SampleRange]:
    """``"3-11:400,3-5:100"`` -> ranges; a range without ``:count`` gets 100 samples."""
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        span, _, count = part.partition(":")
        m = re.fullmatch(r"(\d+)-(\d+)", span.strip())
        if not m:
            raise ValueError(f"bad range {part!r}: expected LOW-HIGH[:COUNT], e.g. 3-11:400")
        low, high = int(m.group(1)), int(m.group(2))
        try:
            n = int(count) if count.strip() else 100
        except ValueError:
            raise ValueError(f"bad sample count in {part!r}") from None
        if low < 1 or high < low:
            raise ValueError(f"bad range {part!r}: need 1 <= LOW <= HIGH")
        if n < 1:
            raise ValueError(f"bad range {part!r}: the sample count must be positive")
        out.append(SampleRange(low, high, n))
    if not out:
        raise ValueError("no ranges given")
    names = [r.name for r in out]
    if len(set(names)) != len(names):
        raise ValueError(f"a range is given twice: {text!r}")
    return out


def _split_token(word: str) -> list[str]:
    if word in _TREEBANK_WORDS:
        return list(_TREEBANK_WORDS[word])
    head: list[str] = []
    tail: list[str] = []
    if len(word) > 1 and word[0] == "$":
        head.append("$")
        word = word[1:]
    if len(word) > 1 and word[-1] == "%":
        tail.append("%")
        word = word[:-1]
    m = _NEGATION.match(word) or _CLITIC.match(word)
    body = [m.group(1), m.group(2)] if m else [word]
    return head + body + tail


def _untag(token: str) -> str:
    cut = token.rfind("/")
    return token[:cut] if cut > 0 else token


def _ends_sentence(words: Sequence[str]) -> bool:
    for w in reversed(words):
        if w not in _CLOSERS:
            return w in _SENTENCE_END
    return False


def brown_sentences(tagged: str) -> list[str]:
    """The sentences of one tagged Brown file, tokenised as the paper's samples are."""
    out: list[str] = []
    pending: list[str] = []
    for line in tagged.splitlines():
        tokens = line.split()
        if not tokens:
            continue
        pending.extend(w for tok in tokens for w in _split_token(_untag(tok)))
        if _ends_sentence(pending):
            out.append(" ".join(pending))
            pending = []
    if pending:
        out.append(" ".join(pending))
    return out


GENRES = "abcdefghjklmnpr"
"""The letters of the Brown corpus's genres (``a`` press reportage ... ``r`` humour)."""


def read_brown(path: str | os.PathLike[str], genres: str = "aj") -> dict[str, list[str]]:
    """The documents of the given genres in ``brown.zip``: ``{"ca01": [sentence, ...]}``."""
    wanted = set(genres)
    bad = wanted - set(GENRES)
    if bad or not wanted:
        raise ValueError(
            f"unknown Brown genre(s) {''.join(sorted(bad)) or '(none)'!r}; "
            "genres are letters among a-h, j-n, p, r"
        )
    docs: dict[str, list[str]] = {}
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise ValueError(f"{path} is not a zip archive") from None
    with archive:
        for name in sorted(archive.namelist()):
            m = _FILE.search(name)
            if m and m.group(1) in wanted:
                text = archive.read(name).decode("latin-1")
                docs[f"c{m.group(1)}{m.group(2)}"] = brown_sentences(text)
    if not docs:
        raise ValueError(f"no Brown files of genre(s) {genres!r} in {path}")
    return docs


def make_samples(
    documents: dict[str, list[str]],
    rng_range: SampleRange,
    segments: int = 10,
    seed: int = 0,
    distinct: bool = False,
) -> list[BrownSample]:
    """Draw ``rng_range.count`` samples of ``segments`` segments each.

    Each segment is the first n sentences (n uniform in the range, inclusive) of a
    document drawn at random, with replacement, as the author drew them: about a third
    of the paper's samples hold some document twice (36 of 100 in range 3-5; 30% is the
    chance with 124 documents), and the repeats make the task harder. ``distinct=True``
    draws without replacement. The generator is seeded by ``seed`` and the range, so one
    range's samples do not change when others are added.
    """
    names = sorted(documents)
    if segments < 1:
        raise ValueError("segments per sample must be positive")
    if distinct and segments > len(names):
        raise ValueError(f"{segments} segments per sample but only {len(names)} documents")
    rng = np.random.default_rng([seed, rng_range.low, rng_range.high])
    out = []
    for _ in range(rng_range.count):
        picks = rng.choice(len(names), size=segments, replace=not distinct)
        lengths = rng.integers(rng_range.low, rng_range.high + 1, size=segments)
        sentences: list[str] = []
        boundaries: list[int] = []
        sources = []
        for doc, n in zip(picks, lengths):
            taken = documents[names[doc]][: int(n)]
            if sentences:
                boundaries.append(len(sentences))
            sentences.extend(taken)
            sources.append((names[doc], len(taken)))
        out.append(BrownSample(sentences, boundaries, sources))
    return out


def _format(sample: BrownSample) -> str:
    # The paper's files end every sentence line with a space; kept for the same look.
    return format_ref([s + " " for s in sample.sentences], sample.boundaries)


def write_corpus(
    out: str | os.PathLike[str],
    brown_zip: str | os.PathLike[str],
    ranges: Iterable[SampleRange] | None = None,
    genres: str = "aj",
    segments: int = 10,
    seed: int = 0,
    overwrite: bool = False,
) -> list[Path]:
    """Write ``OUT/<low>-<high>/<i>.ref`` for every range, and ``OUT/corpus.json``.

    ``corpus.json`` records the settings and, per sample, the documents and sentence
    counts it was cut from. Refuses to write over existing ``.ref`` files unless
    ``overwrite`` (stale files from a larger earlier run would otherwise stay mixed in).
    """
    ranges = list(ranges) if ranges is not None else [SampleRange(*r) for r in PAPER_RANGES]
    out = Path(out)
    if not overwrite:
        for r in ranges:
            folder = out / r.name
            if folder.is_dir() and any(folder.glob("*.ref")):
                raise ValueError(f"{folder} already holds .ref files; pass --force to replace them")
    documents = read_brown(brown_zip, genres)
    written: list[Path] = []
    manifest: dict = {
        "source": str(brown_zip),
        "genres": genres,
        "segments": segments,
        "seed": seed,
        "documents": len(documents),
        "ranges": {},
    }
    for r in ranges:
        folder = out / r.name
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.ref"):
            old.unlink()
        samples = make_samples(documents, r, segments, seed)
        manifest["ranges"][r.name] = {"count": r.count, "samples": []}
        for i, sample in enumerate(samples):
            path = folder / f"{i}.ref"
            path.write_text(_format(sample), encoding="utf-8")
            written.append(path)
            manifest["ranges"][r.name]["samples"].append(
                {"file": f"{r.name}/{i}.ref", "sources": sample.sources}
            )
    (out / "corpus.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return written

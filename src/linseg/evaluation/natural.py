"""Scoring segmenters on natural documents: real text with its own sections.

A natural document is raw prose plus the word offsets at which its true sections start.
Scores are computed on words, not sentences, so they do not depend on how the text is
split into sentences: a segmenter's boundaries (character offsets of
``TextSegmentation.char_boundaries``) are mapped to word offsets, and the reference is
given in word offsets.

Giving your own documents
-------------------------
Put two files per document side by side, with the same name:

``NAME.txt``
    The document as plain UTF-8 text (any layout; paragraphs separated by blank lines
    help paragraph-aware methods).
``NAME.words``
    The true section starts: whitespace-separated integers on one line (more lines are
    allowed), each the 0-based index of the word of ``NAME.txt`` that begins a section,
    for every section after the first, in increasing order. A "word" is a maximal run of
    non-whitespace characters (``text.split()``), so word ``0`` is the first. An empty file
    means the document is one section. Offsets must lie strictly between ``0`` and the
    number of words.

For example, the text ``"Intro here.\\n\\nSecond part starts.\\n\\nThird."`` with sections
starting at "Second" and "Third" has ``NAME.words`` = ``2 5``. Choi-style ``.ref`` files
also work (one sentence a line, sections between ``==========`` lines): their sentences are
segmented as given and scored on word offsets (the whitespace words of each sentence).

:func:`find_natural_documents` pairs every ``NAME.txt`` under a folder with its
``NAME.words``; :func:`load_documents` reads folders (their text pairs, or, in a folder
that has none, its ``.ref`` samples), ``.txt`` (with the ``.words`` beside it) or ``.ref``
paths; :func:`evaluate_natural` runs a method (a registered name or a
:class:`~linseg.base.Segmenter`) and :func:`summarize` gives the means.

Metrics
-------
Per document, on word positions: Pk and WindowDiff (:func:`linseg.evaluation.metrics.pk`,
:func:`~linseg.evaluation.metrics.windowdiff`) with ``k`` half the mean reference section length in
words, rounded half up, and Boundary Similarity B (Fournier 2013) with segeval's
defaults (:func:`linseg.evaluation.metrics.boundary_similarity`: ``n_t = 2``, additions and
deletions weigh 1, a transposition weighs its span over ``n_t``). ``found / true`` is the
number of sections found over the number of true sections. Means are over documents
(each document weighs the same).

Baselines beside every evaluation
---------------------------------
``no boundary``: the whole document is one section. ``even split``: the document cut
into the true number of sections ``s`` of (nearly) equal word length: section ``i``
(``i = 1 .. s-1``) starts at word ``round(i * n_words / s)``, rounding halves up
(:func:`even_split`). The even split is given the true count; the method is not.

The tuning/test split of ``natural/python-docs``
------------------------------------------------
Fixed by page name (:func:`split_pages`): sort the 110 page names (``NAME`` without
``.txt``) by family (the part before the first ``--``, e.g. ``library``), then by the
hexadecimal SHA-256 of the UTF-8 name; pages at even positions (0, 2, 4, ...) of that
order form the *tuning* half, pages at odd positions the *test* half: 55 pages each,
every family split evenly (an odd family gives its extra page to the side whose turn it
is). Tune only on the tuning half; report on the test half.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from linseg.base import Segmenter
from linseg.evaluation.metrics import (
    boundary_similarity,
    default_k,
    pk_from_labels,
    positions,
    windowdiff_from_labels,
)
from linseg.evaluation.significance import bootstrap_interval
from linseg.execution.progress import Progress
from linseg.execution.workers import blas_on_one_thread

__all__ = [
    "NaturalDocument",
    "Scores",
    "NaturalResult",
    "word_starts",
    "char_to_word_offsets",
    "read_words",
    "load_document",
    "load_ref_document",
    "find_natural_documents",
    "load_documents",
    "even_split",
    "score_words",
    "split_pages",
    "format_intervals",
    "page_family",
    "evaluate_document",
    "evaluate_natural",
    "summarize",
    "format_summary",
    "PYTHON_DOCS",
]

#: The folder of the Python documentation pages under a data root (``$LINSEG_DATA``).
PYTHON_DOCS = os.path.join("natural", "python-docs")

_WORD = re.compile(r"\S+")


# --- Documents ------------------------------------------------------------------------


@dataclass
class NaturalDocument:
    """A document with its true section starts in word offsets.

    ``sentences`` is set for documents read from ``.ref`` files: they are segmented as
    given instead of through the segmenter's sentence splitter.
    """

    name: str
    text: str
    reference: list[int]
    path: str | None = None
    sentences: list[str] | None = None
    _starts: np.ndarray | None = field(default=None, repr=False, compare=False)

    @property
    def word_starts(self) -> np.ndarray:
        if self._starts is None:
            self._starts = word_starts(self.text)
        return self._starts

    @property
    def n_words(self) -> int:
        return int(self.word_starts.size)

    @property
    def n_sections(self) -> int:
        return len(self.reference) + 1


def word_starts(text: str) -> np.ndarray:
    """Character offset of every whitespace-separated word of ``text``."""
    return np.fromiter((m.start() for m in _WORD.finditer(text)), dtype=np.int64)


def char_to_word_offsets(
    text_or_starts: str | np.ndarray, char_offsets: Iterable[int]
) -> list[int]:
    """Word offsets of character boundaries: the first word starting at or after each.

    A boundary inside a word counts at the next word's start; one in whitespace at the
    word that follows. Boundaries that land on word 0 or past the last word are dropped
    (they cut nothing), and duplicates are merged; the result is strictly increasing.
    """
    starts = word_starts(text_or_starts) if isinstance(text_or_starts, str) else text_or_starts
    n = int(len(starts))
    out: set[int] = set()
    for c in char_offsets:
        w = int(np.searchsorted(starts, int(c), side="left"))
        if 0 < w < n:
            out.add(w)
    return sorted(out)


def read_words(path: str | os.PathLike[str]) -> list[int]:
    """The word offsets of a ``.words`` file (whitespace-separated integers)."""
    with open(path, encoding="utf-8") as fh:
        fields = fh.read().split()
    try:
        return [int(x) for x in fields]
    except ValueError:
        raise ValueError(f"{path}: a .words file holds integers only") from None


def _check_reference(name: str, reference: Sequence[int], n_words: int) -> list[int]:
    ref = [int(x) for x in reference]
    if any(b <= a for a, b in zip(ref, ref[1:])):
        raise ValueError(f"{name}: section starts must be strictly increasing")
    if ref and (ref[0] <= 0 or ref[-1] >= n_words):
        raise ValueError(f"{name}: section starts must lie within (0, {n_words}) words")
    return ref


def load_document(
    txt: str | os.PathLike[str], words: str | os.PathLike[str] | None = None
) -> NaturalDocument:
    """Read ``NAME.txt`` and its ``NAME.words`` (default: beside it)."""
    txt = Path(txt)
    words = Path(words) if words is not None else txt.with_suffix(".words")
    if txt.is_file() and not words.is_file():
        raise ValueError(
            f"{txt} has no {words.name} beside it: the word offsets at which its true "
            "sections start, which a natural document is scored against"
        )
    text = txt.read_text(encoding="utf-8")
    doc = NaturalDocument(txt.stem, text, [], str(txt))
    doc.reference = _check_reference(str(words), read_words(words), doc.n_words)
    return doc


def load_ref_document(path: str | os.PathLike[str]) -> NaturalDocument:
    """A Choi ``.ref`` file as a natural document: its sentences and word offsets.

    The text is the sentences joined by newlines; a section start is the word offset of
    its first sentence.
    """
    from linseg.readers.ref import read_ref

    ref = read_ref(path)
    offsets = np.concatenate([[0], np.cumsum(ref.word_lengths())]).astype(int)
    reference = sorted({int(offsets[b]) for b in ref.boundaries})
    text = "\n".join(ref.sentences)
    doc = NaturalDocument(Path(path).stem, text, [], str(path), list(ref.sentences))
    doc.reference = [r for r in reference if 0 < r < doc.n_words]
    return doc


def find_natural_documents(root: str | os.PathLike[str]) -> list[tuple[Path, Path]]:
    """Every ``NAME.txt`` under ``root`` (recursively) that has a ``NAME.words`` beside it,
    as ``(txt, words)`` pairs sorted by path."""
    pairs = []
    for txt in sorted(Path(root).rglob("*.txt")):
        words = txt.with_suffix(".words")
        if words.is_file():
            pairs.append((txt, words))
    return pairs


def load_documents(
    paths: Iterable[NaturalDocument | str | os.PathLike[str]] | str | os.PathLike[str],
) -> list[NaturalDocument]:
    """Documents from folders (every ``.txt`` + ``.words`` pair; in a folder with none,
    every ``.ref`` sample, as from ``linseg corpus brown``), ``.txt``, ``.words`` or ``.ref``
    files, or :class:`NaturalDocument` objects, in the order given."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    docs: list[NaturalDocument] = []
    for p in paths:
        if isinstance(p, NaturalDocument):
            docs.append(p)
            continue
        path = Path(p)
        if path.is_dir():
            pairs = find_natural_documents(path)
            if pairs:
                docs.extend(load_document(t, w) for t, w in pairs)
            else:
                from linseg.readers.ref import find_ref_files

                docs.extend(load_ref_document(r) for r in find_ref_files(path))
        elif path.suffix == ".ref":
            docs.append(load_ref_document(path))
        elif path.suffix == ".words":
            docs.append(load_document(path.with_suffix(".txt"), path))
        else:
            docs.append(load_document(path))
    return docs


# --- Scoring --------------------------------------------------------------------------


def even_split(n_words: int, n_sections: int) -> list[int]:
    """The even-split baseline: section ``i`` starts at ``round(i * n_words / n_sections)``
    (halves rounded up), ``i = 1 .. n_sections - 1``."""
    if n_sections < 1:
        raise ValueError("n_sections must be >= 1")
    n_sections = min(n_sections, max(n_words, 1))
    cuts = [(2 * i * n_words + n_sections) // (2 * n_sections) for i in range(1, n_sections)]
    return [c for c in cuts if 0 < c < n_words]


@dataclass
class Scores:
    """A hypothesis scored against the reference, on word positions."""

    boundaries: list[int]
    pk: float
    windowdiff: float
    b: float
    found_true: float  # sections found / true sections

    def to_dict(self) -> dict:
        return asdict(self)


def score_words(
    reference: Sequence[int],
    hypothesis: Sequence[int],
    n_words: int,
    k: int | None = None,
    ref_labels: np.ndarray | None = None,
) -> Scores:
    """Word-level Pk, WindowDiff and B of ``hypothesis`` (word offsets).

    ``ref_labels``: ``positions(reference, n_words)``, when the caller scores several
    hypotheses against one reference.
    """
    ref = positions(reference, n_words) if ref_labels is None else ref_labels
    hyp = positions(hypothesis, n_words)
    if k is None:
        k = default_k(ref)
    if n_words <= k:
        raise ValueError(f"the document has {n_words} words, too few for a probe of k={k}")
    return Scores(
        boundaries=[int(x) for x in hypothesis],
        pk=pk_from_labels(ref, hyp, k),
        windowdiff=windowdiff_from_labels(ref, hyp, k),
        b=boundary_similarity(reference, hypothesis, n_words),
        found_true=(len(hypothesis) + 1) / (len(reference) + 1),
    )


@dataclass
class NaturalResult:
    """One document: the method's scores, the baselines' and the time it took."""

    name: str
    path: str | None
    n_words: int
    reference: list[int]
    k: int
    method: Scores
    no_boundary: Scores
    even: Scores
    seconds: float

    def to_dict(self) -> dict:
        return asdict(self)


def _resolve(method: str | Segmenter, params: dict[str, Any]) -> Segmenter:
    if isinstance(method, Segmenter):
        if params:
            raise ValueError("params apply only to a method given by name")
        return method
    from linseg.methods import create

    return create(method, **params)


def hypothesis_words(
    segmenter: Segmenter, doc: NaturalDocument, known_count: bool = False
) -> list[int]:
    """Run ``segmenter`` on ``doc`` and return word offsets: with automatic termination,
    or with ``known_count`` given the true number of sections."""
    count = doc.n_sections if known_count else None
    if doc.sentences is not None:
        result = segmenter.segment(doc.sentences, count)
        found = result.boundaries  # of the pieces, where max_size cut a sentence
        offsets = np.concatenate([[0], np.cumsum([len(s.split()) for s in result.sentences])])
        return sorted({int(offsets[b]) for b in found} - {0, doc.n_words})
    cut = segmenter.segment_text(doc.text, count).char_boundaries
    return char_to_word_offsets(doc.word_starts, cut)


def evaluate_document(
    segmenter: Segmenter, doc: NaturalDocument, known_count: bool = False
) -> NaturalResult:
    """Segment one document (given its true number of sections with ``known_count``) and
    score it beside the baselines."""
    # The words the scores count are found before the clock starts: the time is the
    # segmenter's alone.
    doc.word_starts  # noqa: B018
    t0 = time.perf_counter()
    hyp = hypothesis_words(segmenter, doc, known_count)
    seconds = time.perf_counter() - t0
    n = doc.n_words
    ref = positions(doc.reference, n)
    k = default_k(ref)
    return NaturalResult(
        name=doc.name,
        path=doc.path,
        n_words=n,
        reference=list(doc.reference),
        k=k,
        method=score_words(doc.reference, hyp, n, k, ref),
        no_boundary=score_words(doc.reference, [], n, k, ref),
        even=score_words(doc.reference, even_split(n, doc.n_sections), n, k, ref),
        seconds=seconds,
    )


def evaluate_natural(
    method: str | Segmenter,
    documents: Iterable[NaturalDocument | str | os.PathLike[str]] | str | os.PathLike[str],
    *,
    progress: Progress | None = None,
    warm_up: bool = True,
    known_count: bool = False,
    **params: Any,
) -> list[NaturalResult]:
    """Evaluate ``method`` (a registered name, with ``params``, or a segmenter) on documents.

    ``documents``: :class:`NaturalDocument` objects or paths as :func:`load_documents`
    takes them (a folder, ``.txt``/``.words``/``.ref`` files). The method runs with
    automatic termination through ``segment_text`` (``.ref`` documents: ``segment`` on
    their sentences). Times are wall-clock per document; with ``warm_up`` the first
    document is segmented once untimed so that compiling kernels is not charged to it.
    ``progress``: an object with ``update()``, called after each document.
    ``known_count`` gives the method each document's true number of sections instead,
    which scores the placement alone (a method that needs the count runs only so).
    """
    segmenter = _resolve(method, params)
    docs = load_documents(documents)
    if warm_up and docs:
        hypothesis_words(segmenter, docs[0], known_count)
    results = []
    with blas_on_one_thread():  # many small matrices: BLAS threads would only spin
        for doc in docs:
            results.append(evaluate_document(segmenter, doc, known_count))
            if progress is not None:
                progress.update()
    return results


def summarize(results: Sequence[NaturalResult]) -> dict[str, float]:
    """Means over documents: ``n``, ``pk``, ``windowdiff``, ``b``, ``found_true``, ``ms``
    (per document), and the same three scores and ``found_true`` for the baselines as
    ``no_boundary_pk`` ... and ``even_pk`` ....

    The uncertainty of the mean Pk over these documents: ``pk_low`` and ``pk_high``, its
    95% bootstrap interval, and ``pk_gain`` (no boundary's mean Pk minus the method's, in
    Pk units: positive when the method is better) with ``pk_gain_low`` and
    ``pk_gain_high``, the paired interval (:func:`~linseg.evaluation.significance.
    bootstrap_interval` over documents)."""
    out: dict[str, float] = {"n": float(len(results))}
    if not results:
        return out
    for prefix, attr in (("", "method"), ("no_boundary_", "no_boundary"), ("even_", "even")):
        for metric in ("pk", "windowdiff", "b", "found_true"):
            out[prefix + metric] = float(
                np.mean([getattr(getattr(r, attr), metric) for r in results])
            )
    pk = np.array([r.method.pk for r in results])
    gain = np.array([r.no_boundary.pk for r in results]) - pk
    out["pk_low"], out["pk_high"] = bootstrap_interval(pk)
    out["pk_gain"] = float(np.mean(gain))
    out["pk_gain_low"], out["pk_gain_high"] = bootstrap_interval(gain)
    out["ms"] = 1000.0 * float(np.mean([r.seconds for r in results]))
    out["words"] = float(np.mean([r.n_words for r in results]))
    return out


#: The fewest documents a 95% interval is given from (:func:`format_intervals`).
MIN_INTERVAL_DOCUMENTS = 10


def format_intervals(name: str, summary: dict[str, float]) -> str:
    """One line on how sure the mean Pk of :func:`summarize` is: its 95% bootstrap
    interval over documents, and the paired one of the gain over no boundary. From fewer
    than :data:`MIN_INTERVAL_DOCUMENTS` documents a bootstrap says little (its intervals
    are too narrow), and none is given."""
    n = int(summary.get("n", 0))
    if n < MIN_INTERVAL_DOCUMENTS:
        what = "one document" if n == 1 else f"{n} documents"
        return (
            f"{name}: Pk {100 * summary['pk']:.1f}% on {what}; no 95% interval from fewer "
            f"than {MIN_INTERVAL_DOCUMENTS}"
        )
    return (
        f"{name}: Pk {100 * summary['pk']:.1f}% (95% interval over documents "
        f"{100 * summary['pk_low']:.1f}-{100 * summary['pk_high']:.1f}); "
        f"no boundary's Pk minus its: {100 * summary['pk_gain']:+.1f} points (paired "
        f"interval {100 * summary['pk_gain_low']:+.1f} to {100 * summary['pk_gain_high']:+.1f})"
    )


def format_summary(rows: dict[str, dict[str, float]], baselines: bool = True) -> str:
    """A Markdown table of :func:`summarize` outputs by method name (scores in percent),
    with the baselines of the first row appended."""
    head = "| method | Pk % | WindowDiff % | B % | found/true | ms/doc |"
    lines = [head, "| --- | ---: | ---: | ---: | ---: | ---: |"]

    def row(name, s, prefix="", ms=True):
        t = f"{s['ms']:.1f}" if ms else "-"
        return (
            f"| {name} | {100 * s[prefix + 'pk']:.1f} | {100 * s[prefix + 'windowdiff']:.1f} | "
            f"{100 * s[prefix + 'b']:.1f} | {s[prefix + 'found_true']:.2f} | {t} |"
        )

    for name, s in rows.items():
        lines.append(row(name, s))
    if baselines and rows:
        first = next(iter(rows.values()))
        lines.append(row("*no boundary*", first, "no_boundary_", ms=False))
        lines.append(row("*even split (true count)*", first, "even_", ms=False))
    return "\n".join(lines)


# --- The tuning/test split ------------------------------------------------------------


def page_family(name: str) -> str:
    """The family of a page name: the part before the first ``--`` (``library``)."""
    return name.split("--", 1)[0]


def split_pages(names: Iterable[str]) -> tuple[list[str], list[str]]:
    """The fixed tuning/test split: ``(tuning, test)``, each sorted by name.

    Names sorted by ``(family, sha256(name).hexdigest())``; even positions are tuning,
    odd positions test (see the module docstring). Names may be given with a ``.txt`` or
    ``.words`` suffix or as paths; the returned names are bare.
    """
    bare = sorted({_bare(n) for n in names})
    order = sorted(
        bare, key=lambda n: (page_family(n), hashlib.sha256(n.encode("utf-8")).hexdigest())
    )
    tuning = sorted(order[0::2])
    test = sorted(order[1::2])
    return tuning, test


def _bare(name: str | os.PathLike[str]) -> str:
    base = os.path.basename(os.fspath(name))
    for suffix in (".txt", ".words", ".ref"):
        if base.endswith(suffix):
            return base[: -len(suffix)]
    return base


def python_docs_halves(root: str | os.PathLike[str] | None = None) -> dict[str, list[Path]]:
    """The ``.txt`` paths of ``natural/python-docs`` by half: ``{"tuning": [...],
    "test": [...]}``. ``root`` is a data root holding ``natural/python-docs``; by default
    the set is found as ``linseg data status`` shows (``$LINSEG_DATA`` first)."""
    if root is None:
        from linseg.evaluation.corpora.data import find_corpus

        folder = find_corpus("python-docs")
    else:
        folder = Path(root) / PYTHON_DOCS
    pairs = find_natural_documents(folder)
    by_name = {t.stem: t for t, _ in pairs}
    tuning, test = split_pages(by_name)
    return {"tuning": [by_name[n] for n in tuning], "test": [by_name[n] for n in test]}


__all__ += ["python_docs_halves", "hypothesis_words"]

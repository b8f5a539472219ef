"""Scoring a segmenter over a corpus of ``.ref`` samples.

For every sample the segmenter runs with automatic termination and with the reference
number of segments (the paper's C99 and C99_b); both are scored by word-level Pk (as
the paper reports it), sentence-level Pk and WindowDiff at both levels.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from linseg.base import Segmenter
from linseg.evaluation.metrics import default_k, pk_from_labels, positions, windowdiff_from_labels
from linseg.execution.progress import Progress
from linseg.execution.workers import blas_on_one_thread
from linseg.readers.ref import RefDocument, read_ref

__all__ = [
    "Scores",
    "SampleResult",
    "score",
    "evaluate_sample",
    "evaluate",
    "summarize",
    "range_of",
]


@dataclass
class Scores:
    """One hypothesis scored against the reference."""

    boundaries: list[int]
    pk_word: float
    pk_sentence: float
    windowdiff_word: float
    windowdiff_sentence: float
    seconds: float


@dataclass
class SampleResult:
    path: str
    range: str
    n_sentences: int
    reference: list[int]
    auto: Scores | None = None
    known: Scores | None = None

    def to_dict(self) -> dict:
        return asdict(self)


def range_of(path: str | Path) -> str:
    """The sample's range: the name of the folder it is in (``3-11``, ``3-5``, ...)."""
    return Path(path).parent.name or "."


def score(doc: RefDocument, boundaries: Sequence[int], seconds: float = 0.0) -> Scores:
    n = len(doc.sentences)
    b = [int(x) for x in boundaries]
    lengths = doc.word_lengths()
    # Each label array once: scoring is otherwise slower than segmenting.
    ref_w, hyp_w = positions(doc.boundaries, n, lengths), positions(b, n, lengths)
    ref_s, hyp_s = positions(doc.boundaries, n), positions(b, n)
    k_w, k_s = default_k(ref_w), default_k(ref_s)
    return Scores(
        boundaries=b,
        pk_word=pk_from_labels(ref_w, hyp_w, k_w),
        pk_sentence=pk_from_labels(ref_s, hyp_s, k_s),
        windowdiff_word=windowdiff_from_labels(ref_w, hyp_w, k_w),
        windowdiff_sentence=windowdiff_from_labels(ref_s, hyp_s, k_s),
        seconds=seconds,
    )


def evaluate_sample(
    segmenter: Segmenter, doc: RefDocument, auto: bool = True, known: bool = True
) -> SampleResult:
    """Run ``segmenter`` on one sample, with automatic and/or known-count termination.

    A result that keeps its full clustering (C99) answers both from one run; the time
    charged to each is then the time of that run, as the author's C99 and C99_b each
    ran the whole pipeline.
    """
    out = SampleResult(
        str(doc.path), range_of(doc.path or ""), len(doc.sentences), list(doc.boundaries)
    )
    clock = time.process_time
    if not doc.sentences:
        return out
    first = None
    if auto:
        t0 = clock()
        first = segmenter.segment(doc.sentences)
        dt = clock() - t0
        out.auto = score(doc, first.input_boundaries, dt)
    if known:
        clustering = getattr(first, "clustering", None)
        cut = first is not None and "sentence_of_piece" in first.details  # pieces, not sentences
        if clustering is not None and out.auto is not None and not cut:
            out.known = score(doc, clustering.boundaries(doc.n_segments), out.auto.seconds)
        else:
            t0 = clock()
            res = segmenter.segment(doc.sentences, doc.n_segments)
            out.known = score(doc, res.input_boundaries, clock() - t0)
    return out


def evaluate(
    segmenter: Segmenter,
    paths: Iterable[str | Path],
    auto: bool = True,
    known: bool = True,
    progress: Progress | None = None,
    warm_up: bool = True,
) -> list[SampleResult]:
    """Evaluate ``segmenter`` on every sample in ``paths``.

    With ``warm_up``, the first sample is segmented once untimed before the run, so that
    compiling the kernels is not charged to it.
    """
    paths = list(paths)
    if warm_up and paths:
        first = read_ref(paths[0])
        if first.sentences:
            segmenter.segment(first.sentences, first.n_segments)
    results = []
    with blas_on_one_thread():  # many small matrices: BLAS threads would only spin
        for p in paths:
            results.append(evaluate_sample(segmenter, read_ref(p), auto, known))
            if progress is not None:
                progress.update()
    return results


def summarize(results: Sequence[SampleResult]) -> dict[str, dict[str, float]]:
    """Mean scores per range (and over ``all``): ``{range: {"n", "auto_pk_word", ...}}``."""
    groups: dict[str, list[SampleResult]] = {}
    for r in results:
        groups.setdefault(r.range, []).append(r)
    if len(groups) > 1:
        groups["all"] = list(results)
    table: dict[str, dict[str, float]] = {}
    for name, rs in groups.items():
        row: dict[str, float] = {"n": float(len(rs))}
        for kind in ("auto", "known"):
            scored = [getattr(r, kind) for r in rs if getattr(r, kind) is not None]
            if not scored:
                continue
            for metric in (
                "pk_word",
                "pk_sentence",
                "windowdiff_word",
                "windowdiff_sentence",
                "seconds",
            ):
                row[f"{kind}_{metric}"] = float(np.mean([getattr(s, metric) for s in scored]))
        table[name] = row
    return table


def range_order(name: str) -> tuple:
    if name == "all":
        return (2, 0, 0)
    lo, _, hi = name.partition("-")
    if lo.isdigit() and hi.isdigit():
        return (0, -(int(hi) - int(lo)), int(lo))  # widest range first, as the paper
    return (1, 0, name)

"""The paper's degenerate baselines (Experiment 1, Table 2).

``B_n`` proposes no boundary, ``B_a`` every potential one (each sentence break),
``B_e`` cuts the sample into regular chunks as long as the reference's mean segment,
``B_(r,?)`` marks each sentence break with probability 1/2, and ``B_(r,b)`` marks ``b``
breaks drawn at random, ``b`` being the reference's number of boundaries. They need no
similarity measure: they show what an error rate means on a corpus (equation 6 rewards
neither silence nor a boundary everywhere). :func:`linseg.metrics.expected_pk_random`
gives the expected error of the two random ones analytically (equations 8 and 9).
"""

from __future__ import annotations

import zlib

import numpy as np

from ..base import Segmentation, Segmenter, check_int
from ..bounds import SizeUnit
from . import register

__all__ = [
    "NoBoundary",
    "AllBoundaries",
    "EqualSegments",
    "RandomBoundaries",
    "RandomKnownBoundaries",
]


class _RandomBaseline(Segmenter):
    """A random baseline whose draw depends only on ``seed`` and the sentences.

    Seeding from the text (not from a generator shared across calls) keeps a sample's
    result the same whatever order, or process, the samples run in.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        language: str = "en",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        super().__init__(
            language=language, max_size=max_size, min_size=min_size, size_unit=size_unit
        )
        self.seed = check_int("seed", seed, minimum=0)

    def _rng(self, sentences: list[str]) -> np.random.Generator:
        digest = zlib.crc32("\n".join(sentences).encode("utf-8", "surrogatepass"))
        return np.random.default_rng([self.seed, digest, len(sentences)])


class NoBoundary(Segmenter):
    """B_n: the whole document is one segment."""

    name = "b_n"

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> Segmentation:
        return Segmentation(sentences, [], n_segments)


class AllBoundaries(Segmenter):
    """B_a: every sentence is a segment."""

    name = "b_a"

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> Segmentation:
        return Segmentation(sentences, list(range(1, len(sentences))), n_segments)


class EqualSegments(Segmenter):
    """B_e: regular chunks of ``floor(n / n_segments)`` sentences.

    The chunk length is the reference's mean segment length in sentences, rounded down,
    and the document is cut every that many sentences, so the last chunk may be short
    and there may be a segment or two more than ``n_segments``. This is how the author's
    B_e cut his samples (it gives his Pk on all 700); the paper says only "partitions the
    sample into regular segments".
    """

    name = "b_e"

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> Segmentation:
        m = n_segments
        if m is None:
            raise ValueError("B_e needs the number of segments (n_segments)")
        n = len(sentences)
        size = max(1, n // m)
        return Segmentation(sentences, list(range(size, n, size)), n_segments)


class RandomBoundaries(_RandomBaseline):
    """B_(r,?): each sentence break is a boundary with probability 1/2."""

    name = "b_r"

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> Segmentation:
        n = len(sentences)
        marks = self._rng(sentences).random(max(n - 1, 0)) < 0.5
        return Segmentation(sentences, [i + 1 for i in np.flatnonzero(marks).tolist()], n_segments)


class RandomKnownBoundaries(_RandomBaseline):
    """B_(r,b): ``n_segments - 1`` sentence breaks drawn at random, without replacement."""

    name = "b_rb"

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> Segmentation:
        m = n_segments
        if m is None:
            raise ValueError("B_(r,b) needs the number of segments (n_segments)")
        breaks = max(len(sentences) - 1, 0)
        b = min(m - 1, breaks)
        chosen = self._rng(sentences).choice(breaks, size=b, replace=False) if b else ()
        return Segmentation(sentences, sorted(int(i) + 1 for i in chosen), n_segments)


register("b_n", NoBoundary, "Baseline B_n: no boundary at all", paper_row="B_n")
register("b_a", AllBoundaries, "Baseline B_a: a boundary at every sentence break", paper_row="B_a")
register(
    "b_e",
    EqualSegments,
    "Baseline B_e: regular chunks of the reference's mean segment length",
    needs_n_segments=True,
    paper_row="B_e",
)
register(
    "b_r",
    RandomBoundaries,
    "Baseline B_(r,?): each sentence break with p = 1/2 (seed)",
    paper_row="B_(r,?)",
)
register(
    "b_rb",
    RandomKnownBoundaries,
    "Baseline B_(r,b): the reference's number of boundaries at random (seed)",
    needs_n_segments=True,
    paper_row="B_(r,b)",
)

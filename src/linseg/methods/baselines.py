"""The paper's degenerate baselines (Experiment 1, Table 2).

``B_n`` proposes no boundary, ``B_a`` every potential one (each sentence break),
``B_e`` cuts the sample into regular chunks as long as the reference's mean segment,
``B_(r,?)`` marks each sentence break with probability 1/2, and ``B_(r,b)`` marks ``b``
breaks drawn at random, ``b`` being the reference's number of boundaries. They need no
similarity measure: they show what an error rate means on a corpus (equation 6 rewards
neither silence nor a boundary everywhere). :func:`linseg.evaluation.metrics.expected_pk_random`
gives the expected error of the two random ones analytically (equations 8 and 9). Each is
a composition of :class:`linseg.compose.strategies.Baseline` and no measure.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from linseg.base import check_int
from linseg.chunks.bounds import SizeUnit
from linseg.compose import Composition, strategies

__all__ = [
    "NoBoundary",
    "AllBoundaries",
    "EqualSegments",
    "RandomBoundaries",
    "RandomKnownBoundaries",
]


class _Baseline(Composition):
    """A baseline: the composition of no measure and :class:`~linseg.compose.strategies.
    Baseline` of its ``kind``."""

    kind = "none"

    def __init__(
        self,
        *,
        language: str = "auto",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        super().__init__(
            _no_measure,
            None,
            strategies.Baseline(self.kind, getattr(self, "seed", 0)),
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
        )


class _RandomBaseline(_Baseline):
    """A random baseline whose draw depends only on ``seed`` and the sentences."""

    def __init__(
        self,
        seed: int = 0,
        *,
        language: str = "auto",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        self.seed = check_int("seed", seed, minimum=0)
        super().__init__(
            language=language, max_size=max_size, min_size=min_size, size_unit=size_unit
        )


def _no_measure(sentences: Sequence[str], tokenized: bool) -> np.ndarray:
    raise AssertionError("a baseline reads no matrix")  # Baseline.needs_matrix is False


class NoBoundary(_Baseline):
    """B_n: the whole document is one segment."""

    name = "b_n"
    kind = "none"
    takes_count = False


class AllBoundaries(_Baseline):
    """B_a: every sentence is a segment."""

    name = "b_a"
    kind = "all"
    takes_count = False


class EqualSegments(_Baseline):
    """B_e: regular chunks of ``floor(n / n_segments)`` sentences.

    The chunk length is the reference's mean segment length in sentences, rounded down,
    and the document is cut every that many sentences, so the last chunk may be short
    and there may be a segment or two more than ``n_segments``. This is how the author's
    B_e cut his samples (it gives his Pk on all 700); the paper says only "partitions the
    sample into regular segments".
    """

    name = "b_e"
    kind = "regular"
    needs_count = True
    takes_count = False  # regular chunks: one or two more than asked, at times


class RandomBoundaries(_RandomBaseline):
    """B_(r,?): each sentence break is a boundary with probability 1/2."""

    name = "b_r"
    kind = "random"
    takes_count = False


class RandomKnownBoundaries(_RandomBaseline):
    """B_(r,b): ``n_segments - 1`` sentence breaks drawn at random, without replacement."""

    name = "b_rb"
    kind = "random_count"
    needs_count = True

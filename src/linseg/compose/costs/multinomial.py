"""Utiyama and Isahara's (2001) cost: a segment's words under its own multinomial
(Laplace-smoothed), with the prior as the cost of a boundary."""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence

import numpy as np

from linseg import kernels
from linseg.compose.costs.units import UnitCounts, _log_words, _UnitStems
from linseg.text.processor import Stemmer

_multinomial = kernels.load("linseg.compose.costs._multinomial")
search, segment_costs = _multinomial.search, _multinomial.segment_costs

__all__ = ["Multinomial"]


class Multinomial(_UnitStems):
    """Utiyama and Isahara's (2001) segment cost: the segment's words drawn from its own
    word distribution, estimated by additive smoothing over the document's ``k`` distinct
    stems, ``P(w | S_i) = (f_i(w) + alpha) / (n_i + alpha k)``. For a segment of ``n_i``
    counted words,

        C(i) = -log P(W_i | S_i) = n_i log(n_i + alpha k) - sum_w f_i(w) log(f_i(w) + alpha)

    (up to a constant of the document; ``alpha = 1``, Laplace's rule, in their paper).
    Their prior ``P(S) = n^-m`` for a document of ``n`` words makes a boundary cost
    ``log n``: :meth:`boundary_cost`.

    Parameters
    ----------
    alpha:
        Additive smoothing of the segments' word distributions, > 0.
    stopwords, stemmer, language:
        Which words count, as for :class:`~linseg.compose.measures.StemCosine`.
    """

    def __init__(
        self,
        alpha: float = 1.0,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        language: str = "en",
    ) -> None:
        if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
            raise TypeError(f"alpha must be a number, got {alpha!r}")
        if not (math.isfinite(alpha) and alpha > 0):
            raise ValueError(f"alpha must be finite and > 0, got {alpha}")
        super().__init__(stopwords, stemmer, language)
        self.alpha = float(alpha)

    def __call__(
        self,
        sentences: Sequence[str],
        tokenized: bool,
        starts: Sequence[int] | None = None,
        n_segments: int | None = None,
    ) -> np.ndarray:
        """``table[i, j]``: ``C`` of the units ``i .. j-1`` (``inf`` unless ``i < j``);
        O(m^2) time and memory for m units. The count plays no part."""
        return self.table(self.unit_counts(sentences, tokenized, starts))

    def table(self, units: UnitCounts) -> np.ndarray:
        """The table of :meth:`__call__` from the units' counts."""
        n = units.n
        out = np.full((n + 1, n + 1), np.inf)
        segment_costs(
            units.indptr,
            units.stems,
            units.counts,
            max(units.vocabulary, 1),
            n,
            self.alpha,
            max(units.words, 1),
            out,
        )
        return out

    def boundary_cost(self, sentences: Sequence[str], tokenized: bool) -> float:
        """``log n`` for ``n`` counted words (at least 2): the prior ``P(S) = n^-m``."""
        ids, _ = self._text.ids(sentences, tokenized)
        return _log_words(int(np.count_nonzero(ids >= 0)))

    @staticmethod
    def boundary_cost_of(units: UnitCounts) -> float:
        """:meth:`boundary_cost` from the counts already read: ``log n`` for the ``n``
        counted words of ``units``."""
        return _log_words(units.words)

    def search(
        self,
        sentences: Sequence[str],
        tokenized: bool,
        starts: Sequence[int] | None,
        penalty: float,
        n_segments: int | None,
        max_length: int | None,
        gap_costs: np.ndarray | None = None,
    ) -> tuple[list[int], float]:
        """The unit indices that start a segment after the first, of the segmentation of
        least total cost (``n_segments`` segments, or any number with ``penalty`` boundary
        costs per boundary: 1 is the prior ``n^-m``), exactly, among segments of at most
        ``max_length`` units (None: any length), and that cost. ``gap_costs``: what a
        boundary at each gap pays beyond the penalty (see :meth:`search_units`). O(m L)
        time and O(m) memory beside the document, which is read once."""
        units = self.unit_counts(sentences, tokenized, starts)
        cost = penalty * self.boundary_cost_of(units)
        return self.search_units(units, cost, n_segments, max_length, gap_costs)

    def search_units(
        self,
        units: UnitCounts,
        penalty: float,
        n_segments: int | None,
        max_length: int | None,
        gap_costs: np.ndarray | None = None,
    ) -> tuple[list[int], float]:
        """:meth:`search` from the units' counts; also returns the least total cost
        (the boundaries' penalties included). ``gap_costs``: ``n + 1`` costs, one for each
        gap before a unit, that a boundary there pays beyond ``penalty`` (a
        :class:`_GapCost`'s ``gap_costs``, weighted)."""
        n = units.n
        limit = n if max_length is None else min(int(max_length), n)
        m = 0 if n_segments is None else min(n_segments, n)
        # The most words a segment of at most ``limit`` units can hold.
        words_before = np.concatenate([[0], np.cumsum(units.counts)])[units.indptr]
        largest = int(np.max(words_before[limit:] - words_before[:-limit])) if n else 0
        cuts, cost = search(
            units.indptr,
            units.stems,
            units.counts,
            max(units.vocabulary, 1),
            n,
            self.alpha,
            penalty,
            limit,
            m,
            largest,
            None if gap_costs is None else np.ascontiguousarray(gap_costs, dtype=np.float64),
        )
        return list(cuts), float(cost)

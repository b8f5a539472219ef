"""Costs read at the gaps between units: what the costs that price a boundary, not a
segment, share."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


class _GapCost:
    """A cost on where a segment ends: a segment that ends at the gap before unit ``j``
    pays ``gap_costs(...)[j]`` (0 at the document's end, so the last segment pays
    nothing). The count plays no part, and the costs are relative to a gap with no
    evidence (they average 0 over a document's gaps, or are taken from a base rate, or are
    0 where a unit opens with no heading), so ``boundary_cost`` is 0: the search's penalty
    keeps its unit."""

    def gap_scores(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """The score of each gap, ``j = 0 .. m`` (0 at the document's ends)."""
        raise NotImplementedError

    def gap_costs(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """The cost at each gap, ``j = 0 .. m``: by default :meth:`gap_scores`."""
        return self.gap_scores(sentences, tokenized, starts)

    def __call__(
        self,
        sentences: Sequence[str],
        tokenized: bool,
        starts: Sequence[int] | None = None,
        n_segments: int | None = None,
    ) -> np.ndarray:
        """``table[i, j]``: the cost of the gap before unit ``j`` (0 for ``j = m``),
        ``+inf`` unless ``i < j``."""
        z = self.gap_costs(sentences, tokenized, starts)
        at = np.arange(z.size)
        return np.where(at[None, :] > at[:, None], z[None, :], np.inf)

    def boundary_cost(self, sentences: Sequence[str], tokenized: bool) -> float:
        """0: a boundary costs nothing on average."""
        return 0.0

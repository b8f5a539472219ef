"""A weighted sum of segment costs."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

from linseg.compose.costs import SegmentCost

__all__ = ["Sum"]


class Sum:
    """A weighted sum of segment costs, ``sum_i w_i C_i``: for example U00's likelihood
    and a length prior, as ``consensus_dp`` places its boundaries::

        Sum([(0.1, Multinomial()), (0.8, LengthPrior())])

    Its boundary cost is the weighted sum of the parts', and so are its gap costs, for
    parts that price gaps (``Sum([(8.0, Outline()), (8.0, Introductions())])``, as one
    ``gaps`` entry of :class:`~linseg.compose.strategies.ExactDP`).
    """

    def __init__(self, parts: Iterable[tuple[float, SegmentCost]]) -> None:
        self.parts = [(float(w), c) for w, c in parts]
        if not self.parts:
            raise ValueError("Sum needs at least one (weight, cost) part")
        for w, c in self.parts:
            if not (math.isfinite(w) and w >= 0):
                raise ValueError(f"a Sum's weights must be finite and >= 0, got {w}")
            if not (callable(c) and hasattr(c, "boundary_cost")):
                raise TypeError("a Sum's parts are (weight, segment cost) pairs")

    def __call__(
        self,
        sentences: Sequence[str],
        tokenized: bool,
        starts: Sequence[int] | None = None,
        n_segments: int | None = None,
    ) -> np.ndarray:
        total: np.ndarray | None = None
        for weight, cost in self.parts:
            table = cost(sentences, tokenized, starts, n_segments)
            if weight == 0:
                # 0 x inf is nan: a part weighed 0 adds nothing but keeps the +inf of
                # segments that are not allowed.
                table = np.where(np.isfinite(table), 0.0, table)
                weight = 1.0
            if total is None:
                # The first table scaled in place (it is the cost's own new array), each
                # further one added: consensus_dp's order of operations, to the bit.
                total = np.asarray(table, dtype=np.float64)
                total *= weight
            else:
                total += weight * table
        assert total is not None
        return total

    def gap_costs(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """The weighted sum of the parts' gap costs, added in order (``j = 0 .. m``)."""
        total: np.ndarray | None = None
        for weight, cost in self.parts:
            costs = weight * np.asarray(cost.gap_costs(sentences, tokenized, starts))  # type: ignore[attr-defined]
            total = costs if total is None else total + costs
        assert total is not None
        return total

    def boundary_cost(self, sentences: Sequence[str], tokenized: bool) -> float:
        return float(sum(w * c.boundary_cost(sentences, tokenized) for w, c in self.parts))

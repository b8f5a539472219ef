"""Sum of rank, inside density and divisive clustering (the paper's sections 3.3 and 3.4).

A text segment ``[i, j]`` (inclusive) is a square on the diagonal of the rank matrix.
With ``s_k`` its sum of rank and ``a_k = (j - i + 1)^2`` its area, the inside density of
a segmentation ``B = {b_1 .. b_m}`` is (equation 3)::

    D = sum_k s_k / sum_k a_k

Divisive clustering starts from the whole document as one segment and, at each step,
splits the segment whose best split raises ``D`` the most. Run to the end it yields an
ordered list of split points and the densities ``D(1) .. D(n)``, from which
:mod:`linseg.termination` picks the number of segments.

Everything here is float32, following the reference implementation: the float32
rounding of the sums decides which of two near-equal split points wins.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._density import divisive
from ._density import sum_of_rank as _sum_of_rank

__all__ = ["sum_of_rank", "divisive_clustering", "Clustering"]


def sum_of_rank(rank: np.ndarray) -> np.ndarray:
    """The sum-of-rank matrix ``S`` of equation (5): ``S[j, i]`` = sum of ``rank`` over the
    square ``[i..j] x [i..j]``.

    Computed along the diagonals by the paper's three-step recurrence (about 1.5 n^2
    operations) in float32, in the same order of operations as the reference, so that
    densities round exactly as there. ``S`` is symmetric.
    """
    rank = np.ascontiguousarray(rank, dtype=np.float32)
    if rank.ndim != 2 or rank.shape[0] != rank.shape[1]:
        raise ValueError(f"sum_of_rank needs a square matrix, got shape {rank.shape}")
    return _sum_of_rank(rank)


@dataclass(frozen=True)
class Clustering:
    """The full run of divisive clustering.

    Attributes
    ----------
    order:
        Split points in the order they were chosen; ``order[t]`` is the index of the
        first sentence after the boundary made at step ``t + 1``.
    density:
        Inside density ``D(m)`` of equation (3) for ``m = 1 .. len(order) + 1`` segments.
    gain:
        ``dD(m) = D(m) - D(m-1)`` for ``m = 2 .. len(order) + 1``, as the reference
        computes it (float32, the density of a step with no positive candidate floored
        at the smallest positive float).
    """

    order: np.ndarray
    density: np.ndarray
    gain: np.ndarray

    def boundaries(self, n_segments: int) -> list[int]:
        """Boundaries of the first ``n_segments`` segments, ascending."""
        k = max(0, min(n_segments - 1, len(self.order)))
        return sorted(int(b) for b in self.order[:k])


def divisive_clustering(sum_rank: np.ndarray, steps: int | None = None) -> Clustering:
    """Run divisive clustering on a sum-of-rank matrix (section 3.3).

    Parameters
    ----------
    sum_rank:
        The matrix from :func:`sum_of_rank`.
    steps:
        Number of splits to make; default ``n - 1``, i.e. down to single sentences.
    """
    s = np.ascontiguousarray(sum_rank, dtype=np.float32)
    n = s.shape[0]
    if n == 0:
        empty = np.zeros(0, dtype=np.int64)
        return Clustering(empty, np.zeros(0, dtype=np.float32), np.zeros(0, dtype=np.float32))
    steps = n - 1 if steps is None else max(0, min(int(steps), n - 1))
    order, gain, density = divisive(s, steps)
    return Clustering(order, density, gain)

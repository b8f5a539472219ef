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
from numba import njit

__all__ = ["sum_of_rank", "divisive_clustering", "Clustering"]


@njit(cache=True, nogil=True)
def _sum_of_rank(r: np.ndarray) -> np.ndarray:
    n = r.shape[0]
    s = np.zeros((n, n), dtype=np.float32)
    two = np.float32(2.0)
    for i in range(n):
        s[i, i] = r[i, i]
    for i in range(n - 1):
        v = two * r[i + 1, i] + s[i, i] + s[i + 1, i + 1]
        s[i + 1, i] = v
        s[i, i + 1] = v
    for d in range(2, n):
        for i in range(n - d):
            v = two * r[i + d, i] + s[i + d - 1, i] + s[i + d, i + 1] - s[i + d - 1, i + 1]
            s[i + d, i] = v
            s[i, i + d] = v
    return s


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


@njit(cache=True, nogil=True)
def _best_split(s: np.ndarray, start: int, end: int):
    """Split point of region [start, end] that maximises its own inside density.

    Candidates are scanned right to left with a strict ``>``, so ties go to the
    rightmost; when no split gives a positive density the region splits after its first
    sentence. Returns (last sentence of the left part, left sum, right sum).
    """
    b = start
    d_max = np.float32(0.0)
    for i in range(end - 1, start - 1, -1):
        lower = i - start + 1
        upper = end - i
        d = (s[i, start] + s[end, i + 1]) / np.float32(lower * lower + upper * upper)
        if d > d_max:
            d_max = d
            b = i
    return b, s[b, start], s[end, b + 1]


# Why this is long: the compiled kernel of the paper's divisive clustering; the split
# search and the region update share loop-local sums in float32, in the order that gives
# the author's boundaries exactly, and a helper per step would cost a call per candidate.
@njit(cache=True, nogil=True)
def _divisive(s: np.ndarray, steps: int):
    n = s.shape[0]
    # Regions, left to right. A split replaces one entry by two, shifting the tail:
    # O(n) a step, negligible next to the O(n^2) matrices for the documents this serves.
    start = np.empty(n, dtype=np.int64)
    end = np.empty(n, dtype=np.int64)
    rsum = np.empty(n, dtype=np.float32)
    split = np.empty(n, dtype=np.int64)
    lsum = np.empty(n, dtype=np.float32)
    rtsum = np.empty(n, dtype=np.float32)
    count = 1
    start[0] = 0
    end[0] = n - 1
    rsum[0] = s[n - 1, 0]
    b, ls, rs = _best_split(s, 0, n - 1)
    split[0] = b
    lsum[0] = ls
    rtsum[0] = rs

    tiny = np.float32(1.401298464324817e-45)  # Float.MIN_VALUE, the reference's floor
    sum_region = rsum[0]
    sum_area = np.int64(n) * np.int64(n)
    d_now = sum_region / np.float32(sum_area)

    boundaries = np.empty(steps, dtype=np.int64)
    gain = np.empty(steps, dtype=np.float32)
    density = np.empty(steps + 1, dtype=np.float32)
    density[0] = d_now
    for step in range(steps):
        index = 0
        while index < count - 1 and start[index] == end[index]:
            index += 1
        best = tiny
        best_true = np.float32(0.0)
        for j in range(count - 1, -1, -1):
            if start[j] < end[j]:
                k = split[j]
                la = (k - start[j] + 1) * (k - start[j] + 1)
                ra = (end[j] - k) * (end[j] - k)
                area = end[j] - start[j] + 1
                t = ((sum_region - rsum[j]) + lsum[j]) + rtsum[j]
                t = t / np.float32(sum_area - area * area + la + ra)
                if t > best:
                    best = t
                    index = j
        # Split region `index` at its best point.
        k = split[index]
        s0 = start[index]
        e0 = end[index]
        l_sum = lsum[index]
        r_sum = rtsum[index]
        area = e0 - s0 + 1
        la = (k - s0 + 1) * (k - s0 + 1)
        ra = (e0 - k) * (e0 - k)
        new_region = ((sum_region - rsum[index]) + l_sum) + r_sum
        best_true = new_region / np.float32(sum_area - area * area + la + ra)
        for t in range(count, index + 1, -1):
            start[t] = start[t - 1]
            end[t] = end[t - 1]
            rsum[t] = rsum[t - 1]
            split[t] = split[t - 1]
            lsum[t] = lsum[t - 1]
            rtsum[t] = rtsum[t - 1]
        count += 1
        start[index] = s0
        end[index] = k
        rsum[index] = l_sum
        start[index + 1] = k + 1
        end[index + 1] = e0
        rsum[index + 1] = r_sum
        for t in range(index, index + 2):
            if start[t] < end[t]:
                b, ls, rs = _best_split(s, start[t], end[t])
                split[t] = b
                lsum[t] = ls
                rtsum[t] = rs
        boundaries[step] = k + 1
        # The gain is taken against the winning candidate's density, floored at
        # Float.MIN_VALUE as in the reference (this only matters for all-zero ranks).
        gain[step] = best - d_now
        d_now = best
        density[step + 1] = best_true
        sum_region = new_region
        sum_area = sum_area - area * area + la + ra
    return boundaries, gain, density


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
    order, gain, density = _divisive(s, steps)
    return Clustering(order, density, gain)

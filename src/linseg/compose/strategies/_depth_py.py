"""Pure NumPy twin of ``_depth.pyx`` (Hearst's depth scores); see
linseg.compose.strategies.depth and linseg.kernels.

Identical results: each peak is a value of ``s`` picked by the compiled kernel's rule
(climb while the next value is ``>=``; a NaN stops the climb), found with running
minima and maxima of positions; the depth is the same two float64 subtractions and sum.
Block comparison (:func:`block_gap_scores`): each diagonal's prefix sums by ``np.cumsum``
(sequential, from 0.0, as the compiled loop), and for every gap at once the same runs,
added diagonal by diagonal in the compiled order, the same products, root and quotient.
"""

from __future__ import annotations

import numpy as np


def gap_depths(s: np.ndarray) -> np.ndarray:
    """Depth of each gap of ``s``: (left peak - s) + (right peak - s)."""
    s = np.asarray(s, dtype=np.float64)
    n = s.shape[0]
    if n == 0:
        return np.empty(0)
    idx = np.arange(n)
    # Right peak of i: s at the first j >= i where the climb to the right stops (the last
    # position, or one whose right neighbour is not >= it).
    stop = np.ones(n, dtype=bool)
    stop[:-1] = ~(s[1:] >= s[:-1])
    right = np.where(stop, idx, n - 1)
    right = np.minimum.accumulate(right[::-1])[::-1]
    # Left peak of i: s at the last j <= i where the climb to the left stops.
    start = np.ones(n, dtype=bool)
    start[1:] = ~(s[:-1] >= s[1:])
    left = np.maximum.accumulate(np.where(start, idx, 0))
    return (s[left] - s) + (s[right] - s)


def _runs(prefix: np.ndarray, n: int, d: int, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The sums of diagonal ``d``'s cells ``lo .. hi - 1`` (clipped to the diagonal)."""
    top = n - d
    lo = np.clip(lo, 0, top)
    hi = np.minimum(np.maximum(hi, lo), top)
    return prefix[d, hi] - prefix[d, lo]


def block_gap_scores(band: np.ndarray, block: int) -> np.ndarray:
    """Hearst's block comparison at each gap before row ``b = 1 .. n - 1`` of the matrix
    whose lower band ``band[i, d]`` = cell (i, i - d) holds the diagonals up to
    ``2 block - 1`` (the compiled ``_depth.block_gap_scores``)."""
    band = np.asarray(band, dtype=np.float64)
    n = band.shape[0]
    if n < 2:
        return np.zeros(0)
    reach = min(2 * block - 1, n - 1)
    if band.shape[1] < reach + 1:
        raise ValueError("block_gap_scores: the band is narrower than 2 block - 1")
    prefix = np.zeros((reach + 1, n + 1))
    for d in range(reach + 1):
        np.cumsum(band[d:, d], out=prefix[d, 1 : n - d + 1])
    b = np.arange(1, n)
    k = np.minimum(block, np.minimum(b, n - b))
    left = _runs(prefix, n, 0, b - k, b)
    right = _runs(prefix, n, 0, b, b + k)
    cross = np.zeros(n - 1)
    for d in range(1, reach + 1):
        left = left + 2.0 * _runs(prefix, n, d, b - k, b - d)
        right = right + 2.0 * _runs(prefix, n, d, b, b + k - d)
        cross = cross + _runs(prefix, n, d, np.maximum(b - k, b - d), np.minimum(b, b + k - d))
    norm = left * right
    out = np.zeros(n - 1)
    np.divide(cross, np.sqrt(norm, where=norm > 0, out=np.ones_like(norm)), out=out, where=norm > 0)
    return out

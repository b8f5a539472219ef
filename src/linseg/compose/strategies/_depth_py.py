"""Pure NumPy twin of ``_depth.pyx`` (Hearst's depth scores); see
linseg.compose.strategies.depth and linseg.kernels.

Identical results: each peak is a value of ``s`` picked by the compiled kernel's rule
(climb while the next value is ``>=``; a NaN stops the climb), found with running
minima and maxima of positions; the depth is the same two float64 subtractions and sum.
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

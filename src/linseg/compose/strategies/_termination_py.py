"""Pure NumPy twin of ``_termination.pyx`` (automatic termination, section 3.3); see
linseg.compose.strategies.termination and linseg.kernels.

Identical results: every sum is the compiled kernel's, term by term in the same order in
float64 -- each smoothed value adds the mask's terms for k = -3 .. 3 one slice at a time,
and the mean and variance are running sums (``np.cumsum``, a sequential left-to-right
sum; never NumPy's pairwise ``sum``, whose rounding differs).
"""

from __future__ import annotations

import math

import numpy as np


def terminate(gain: np.ndarray, mask: np.ndarray, c: float) -> tuple[np.ndarray, float, int]:
    """Smoothed gradient, threshold mean + c sd, and the leading run above it."""
    gain = np.asarray(gain, dtype=np.float64)
    mask = np.asarray(mask, dtype=np.float64)
    n = gain.shape[0]
    half = mask.shape[0] // 2
    num = np.zeros(n)
    den = np.zeros(n)
    for k in range(-half, half + 1):
        # Positions i whose i + k lies inside the series get the term; the others none.
        lo, hi = max(0, -k), min(n, n - k)
        if lo >= hi:
            continue
        w = float(mask[k + half])
        num[lo:hi] += w * gain[lo + k : hi + k]
        den[lo:hi] += w
    sm = num / den
    if n == 0:
        return sm, math.nan, 0  # the compiled kernel's 0 / 0
    # Running sums from 0.0, as the compiled loops start theirs.
    mean = float(np.cumsum(np.concatenate(([0.0], sm)))[-1]) / n
    dev = sm - mean
    var = float(np.cumsum(np.concatenate(([0.0], dev * dev)))[-1])
    threshold = mean + float(c) * math.sqrt(var / n)
    above = ~(sm > threshold)
    count = int(np.argmax(above)) if above.any() else n
    return sm, threshold, count

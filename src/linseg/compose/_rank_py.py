"""Pure NumPy twin of ``_rank.pyx`` (the local rank transform, equation 2); see
linseg.compose.transforms and linseg.kernels.

Identical results: a cell's rank is a count of the cells below it in its window (an
integer, whatever the order of counting) over the window's size, both rounded to float32
and divided in float32, as the compiled kernel divides. The same cells are left at 0
(those equal to the matrix minimum: nothing in their window is lower), and the lower
triangle is computed and mirrored, as there.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

#: Window cells compared per batch (bounds the scratch memory to a few MB).
_BATCH_CELLS = 1 << 21


@lru_cache(maxsize=64)
def _layout(n: int, half: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(lower triangle mask, window size of each index, flat offsets of a window's cells
    in the padded matrix from its corner) for an n x n matrix."""
    idx = np.arange(n)
    sizes = np.minimum(n, idx + half + 1) - np.maximum(0, idx - half)
    w = 2 * half + 1
    stride = n + 2 * half
    offsets = (np.arange(w)[:, None] * stride + np.arange(w)[None, :]).ravel()
    return np.tri(n, dtype=bool), sizes, offsets


def rank_full(sim: np.ndarray, half: int) -> np.ndarray:
    """Rank ratio of every cell of the symmetric ``sim`` in a (2 half + 1)^2 window."""
    sim = np.ascontiguousarray(sim, dtype=np.float32)
    n = sim.shape[0]
    out = np.zeros((n, n), dtype=np.float32)
    if n < 2 or half < 1:
        return out  # a 1 x 1 window holds no other cell
    lower_triangle, sizes, offsets = _layout(n, half)
    stride = n + 2 * half
    # Padded with +inf, never lower than a cell: pad[i + a, j + b] is the window of (i, j).
    pad = np.full((stride, stride), np.inf, dtype=np.float32)
    pad[half : half + n, half : half + n] = sim
    flat = pad.ravel()
    # Nothing is lower than the matrix minimum: those cells stay 0 (most of a cosine).
    rows, cols = np.nonzero((sim != sim.min()) & lower_triangle)
    step = max(1, _BATCH_CELLS // offsets.size)
    for a in range(0, rows.size, step):
        r, c = rows[a : a + step], cols[a : a + step]
        v = sim[r, c]
        lower = np.count_nonzero(flat[(r * stride + c)[:, None] + offsets] < v[:, None], axis=1)
        cells = sizes[r] * sizes[c] - 1
        ratio = lower.astype(np.float32) / cells.astype(np.float32)
        out[r, c] = ratio
        out[c, r] = ratio
    return out

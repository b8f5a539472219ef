# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled kernel of the local rank transform (equation 2); see linseg.compose.transforms."""

import numpy as np

from libc.math cimport INFINITY


def rank_full(const float[:, ::1] sim, Py_ssize_t half):
    """Rank ratio of every cell of the symmetric ``sim`` in a (2 half + 1)^2 window."""
    cdef Py_ssize_t n = sim.shape[0]
    out_arr = np.zeros((n, n), dtype=np.float32)
    if n == 0:
        return out_arr
    cdef float[:, ::1] out = out_arr
    cdef Py_ssize_t w = 2 * half + 1
    # Pad with +inf: padding is never lower than a cell, so the window needs no clipping
    # in the inner loop.
    pad_arr = np.full((n + 2 * half, n + 2 * half), INFINITY, dtype=np.float32)
    pad_arr[half : half + n, half : half + n] = sim
    cdef float[:, ::1] pad = pad_arr
    cdef float floor = np.min(sim)
    cdef Py_ssize_t i, j, a, b, rows, cells, lower
    cdef const float* row
    cdef float v, r
    with nogil:
        for i in range(n):
            rows = min(n, i + half + 1) - max(0, i - half)
            # The transform of a symmetric matrix is symmetric: the window of (j, i) is the
            # transpose of that of (i, j). Compute the lower triangle and mirror it.
            for j in range(i + 1):
                v = sim[i, j]
                # Nothing is lower than the matrix minimum; similarity matrices are mostly
                # zeros (87% on the paper's corpus), so this skips most of the work.
                if v == floor:
                    continue
                cells = rows * (min(n, j + half + 1) - max(0, j - half)) - 1
                if cells <= 0:
                    continue
                lower = 0
                for a in range(w):
                    row = &pad[i + a, j]
                    for b in range(w):
                        lower += row[b] < v
                r = <float>lower / <float>cells
                out[i, j] = r
                out[j, i] = r
    return out_arr

# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled kernel of Hearst's depth scores; see linseg.compose.strategies.depth."""

import numpy as np


def gap_depths(const double[::1] s):
    """Depth of each gap of ``s``: (left peak - s) + (right peak - s)."""
    cdef Py_ssize_t n = s.shape[0]
    out_arr = np.empty(n)
    cdef double[::1] out = out_arr
    cdef Py_ssize_t i
    cdef double lp
    if n == 0:
        return out_arr
    with nogil:
        # The right peaks first, kept in ``out``; then the left peaks in one sweep.
        out[n - 1] = s[n - 1]
        for i in range(n - 2, -1, -1):
            out[i] = out[i + 1] if s[i + 1] >= s[i] else s[i]
        lp = s[0]
        for i in range(n):
            if i > 0 and not s[i - 1] >= s[i]:
                lp = s[i]
            out[i] = (lp - s[i]) + (out[i] - s[i])
    return out_arr

# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled kernel of automatic termination (section 3.3); see linseg.compose.strategies.termination."""

import numpy as np

from libc.math cimport sqrt


def terminate(const double[::1] gain, const double[::1] mask, double c):
    """Smoothed gradient, threshold mean + c sd, and the leading run above it."""
    cdef Py_ssize_t n = gain.shape[0]
    cdef Py_ssize_t half = mask.shape[0] // 2
    sm_arr = np.empty(n, dtype=np.float64)
    cdef double[::1] sm = sm_arr
    cdef Py_ssize_t i, k, t, count = 0
    cdef double num, den, mean = 0.0, var = 0.0, threshold
    with nogil:
        for i in range(n):
            num = 0.0
            den = 0.0
            for k in range(-half, half + 1):
                t = i + k
                if 0 <= t < n:
                    num += mask[k + half] * gain[t]
                    den += mask[k + half]
            sm[i] = num / den
        # A plain left-to-right sum, as the reference (and not NumPy's pairwise sum).
        for i in range(n):
            mean += sm[i]
        mean = mean / n
        for i in range(n):
            var += (sm[i] - mean) * (sm[i] - mean)
        threshold = mean + c * sqrt(var / n)
        while count < n and sm[count] > threshold:
            count += 1
    return sm_arr, threshold, count

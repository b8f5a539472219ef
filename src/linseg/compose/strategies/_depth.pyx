# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled kernel of Hearst's depth scores; see linseg.compose.strategies.depth."""

import numpy as np

from libc.math cimport sqrt


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


def block_gap_scores(const double[:, ::1] band, Py_ssize_t block):
    """Hearst's block comparison at each gap before row ``b = 1 .. n - 1`` of the matrix
    whose lower band ``band[i, d]`` = cell (i, i - d) holds at least the diagonals up to
    ``2 block - 1``: ``S[L, R].sum() / sqrt(S[L, L].sum() * S[R, R].sum())`` for the
    ``k = min(block, b, n - b)`` rows on each side (0 where a block has no mass).

    Each diagonal's prefix sums are taken in float64, one cell after another, and every
    run of a diagonal is a difference of two of them, added in the order of
    ``DepthScores.gap_scores``'s description: the same operations, so the same bits, as
    that numpy formulation. O(n block) time and memory."""
    cdef Py_ssize_t n = band.shape[0]
    if n < 2:
        return np.zeros(0)
    cdef Py_ssize_t reach = min(2 * block - 1, n - 1)
    if band.shape[1] < reach + 1:
        raise ValueError("block_gap_scores: the band is narrower than 2 block - 1")
    prefix_arr = np.zeros((reach + 1, n + 1))
    out_arr = np.zeros(n - 1)
    cdef double[:, ::1] prefix = prefix_arr
    cdef double[::1] out = out_arr
    cdef Py_ssize_t d, j, b, k
    cdef double left, right, cross, norm
    with nogil:
        for d in range(reach + 1):
            for j in range(n - d):
                prefix[d, j + 1] = prefix[d, j] + band[j + d, d]
        for b in range(1, n):
            k = min(block, min(b, n - b))
            left = _run(prefix, n, 0, b - k, b)
            right = _run(prefix, n, 0, b, b + k)
            cross = 0.0
            for d in range(1, reach + 1):
                # Pairs (i, i + d) in the left block, in the right one (both triangles,
                # so twice), and across the gap.
                left = left + 2.0 * _run(prefix, n, d, b - k, b - d)
                right = right + 2.0 * _run(prefix, n, d, b, b + k - d)
                cross = cross + _run(prefix, n, d, max(b - k, b - d), min(b, b + k - d))
            norm = left * right
            if norm > 0:
                out[b - 1] = cross / sqrt(norm)
    return out_arr


cdef inline double _run(const double[:, ::1] prefix, Py_ssize_t n, Py_ssize_t d,
                        Py_ssize_t lo, Py_ssize_t hi) noexcept nogil:
    """The sum of diagonal ``d``'s cells ``lo .. hi - 1`` (clipped to the diagonal)."""
    cdef Py_ssize_t top = n - d
    if lo < 0:
        lo = 0
    if lo > top:
        lo = top
    if hi < lo:
        hi = lo
    if hi > top:
        hi = top
    return prefix[d, hi] - prefix[d, lo]

# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled kernel of TextTiling's block comparison on token-sequences; see
linseg.methods.texttiling."""

import numpy as np

from libc.math cimport sqrt
from libc.stdlib cimport calloc, free


cdef inline void enter(const long long[::1] terms, Py_ssize_t a, Py_ssize_t b,
                       long long* own, const long long* other, long long* ss,
                       long long* dot) noexcept nogil:
    """Tokens ``terms[a:b]`` join the block counted in ``own``: its squared norm and the
    dot product with the other block follow, one token at a time (integers: exact)."""
    cdef Py_ssize_t j
    cdef long long t
    for j in range(a, b):
        t = terms[j]
        ss[0] += 2 * own[t] + 1
        dot[0] += other[t]
        own[t] += 1


cdef inline void leave(const long long[::1] terms, Py_ssize_t a, Py_ssize_t b,
                       long long* own, const long long* other, long long* ss,
                       long long* dot) noexcept nogil:
    """Tokens ``terms[a:b]`` leave the block counted in ``own`` (the reverse of enter)."""
    cdef Py_ssize_t j
    cdef long long t
    for j in range(a, b):
        t = terms[j]
        own[t] -= 1
        ss[0] -= 2 * own[t] + 1
        dot[0] -= other[t]


def block_cosines(const long long[::1] terms, const long long[::1] starts, Py_ssize_t n_seq,
                  Py_ssize_t k, Py_ssize_t n_terms):
    """The cosine of the two blocks at each of the ``n_seq - 1`` gaps (0 where a block
    has no terms); ``terms[starts[s]:starts[s + 1]]`` are sequence ``s``'s dense ids."""
    out_arr = np.zeros(n_seq - 1, dtype=np.float64)
    cdef double[::1] out = out_arr
    if n_terms < 0 or starts.shape[0] < n_seq + 1:
        raise ValueError("block_cosines: n_terms < 0, or fewer than n_seq + 1 starts")
    # Term counts of the left and right blocks (scratch: never empty, for calloc).
    cdef long long* left = <long long*>calloc(n_terms + 1, sizeof(long long))
    cdef long long* right = <long long*>calloc(n_terms + 1, sizeof(long long))
    if left == NULL or right == NULL:
        free(left)
        free(right)
        raise MemoryError()
    # Running dot product and squared norms, updated one token at a time as the two
    # windows slide; every window edge only moves forward, so the whole pass is linear.
    cdef long long dot = 0, ss_l = 0, ss_r = 0
    cdef Py_ssize_t lo_l = 0, hi_l = 0, lo_r = 0, hi_r = 0  # half-open sequence ranges now in each block
    cdef Py_ssize_t g, b, want_lo_l, want_hi_l, want_lo_r, want_hi_r
    with nogil:
        for g in range(n_seq - 1):
            b = k
            if g + 1 < b:
                b = g + 1
            if n_seq - 1 - g < b:
                b = n_seq - 1 - g
            want_lo_l = g - b + 1
            want_hi_l = g + 1
            want_lo_r = g + 1
            want_hi_r = g + 1 + b
            while hi_l < want_hi_l:  # add sequence hi_l to the left block
                enter(terms, starts[hi_l], starts[hi_l + 1], left, right, &ss_l, &dot)
                hi_l += 1
            while lo_l < want_lo_l:
                leave(terms, starts[lo_l], starts[lo_l + 1], left, right, &ss_l, &dot)
                lo_l += 1
            while hi_r < want_hi_r:
                enter(terms, starts[hi_r], starts[hi_r + 1], right, left, &ss_r, &dot)
                hi_r += 1
            while lo_r < want_lo_r:
                leave(terms, starts[lo_r], starts[lo_r + 1], right, left, &ss_r, &dot)
                lo_r += 1
            if ss_l > 0 and ss_r > 0:
                out[g] = <double>dot / sqrt(<double>ss_l * <double>ss_r)
    free(left)
    free(right)
    return out_arr

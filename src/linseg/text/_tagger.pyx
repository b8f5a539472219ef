# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled Viterbi decoding of the part-of-speech tagger; see linseg.text.tagger."""

import numpy as np

from libc.math cimport INFINITY, isnan
from libc.stdlib cimport malloc, free


cdef Py_ssize_t argmax(const double* x, Py_ssize_t n) noexcept nogil:
    # As np.argmax: the first maximum, or the first NaN if there is one.
    cdef Py_ssize_t i, arg = 0
    cdef double top = x[0]
    if isnan(top):
        return 0
    for i in range(n):
        if isnan(x[i]):
            return i
        if x[i] > top:
            top = x[i]
            arg = i
    return arg


def viterbi(const double[:, ::1] emit, const double[:, ::1] log_trans):
    """The most probable tag ids of one sentence: ``emit`` is tokens x tags, ``log_trans``
    (tags + 1) x tags, its last row the start."""
    cdef Py_ssize_t n = emit.shape[0], k = emit.shape[1]
    cdef Py_ssize_t start = log_trans.shape[0] - 1
    out_arr = np.empty(n, dtype=np.int64)
    cdef long long[::1] out = out_arr
    cdef Py_ssize_t i, t, s, step, a0, a1, a2, a3
    cdef double v, ps, b0, b1, b2, b3
    cdef double* score
    cdef double* prev
    cdef Py_ssize_t* back
    if n == 0:
        return out_arr
    if k == 0:
        raise ValueError("attempt to get argmax of an empty sequence")
    if log_trans.shape[0] < k or log_trans.shape[1] < k:
        raise ValueError("log_trans must be (tags + 1) x tags")
    # score[i * k + t]: the best log score of a path ending in tag t at token i; back: its
    # previous tag.
    score = <double*>malloc(n * k * sizeof(double))
    back = <Py_ssize_t*>malloc(n * k * sizeof(Py_ssize_t))
    if score == NULL or back == NULL:
        free(score)
        free(back)
        raise MemoryError()
    with nogil:
        for t in range(k):
            score[t] = log_trans[start, t] + emit[0, t]
        for i in range(1, n):
            prev = score + (i - 1) * k
            # The best previous tag of four tags at once: four independent running maxima
            # in one loop (one scan of s for a single tag is a chain of dependent
            # comparisons). Each tag still sees s in increasing order with a strict ">",
            # so the first best s wins, exactly as in a scan for that tag alone.
            t = 0
            while t < k:
                b0 = -INFINITY
                b1 = -INFINITY
                b2 = -INFINITY
                b3 = -INFINITY
                a0 = 0
                a1 = 0
                a2 = 0
                a3 = 0
                if t + 4 <= k:
                    for s in range(k):
                        ps = prev[s]
                        v = ps + log_trans[s, t]
                        if v > b0:
                            b0 = v
                            a0 = s
                        v = ps + log_trans[s, t + 1]
                        if v > b1:
                            b1 = v
                            a1 = s
                        v = ps + log_trans[s, t + 2]
                        if v > b2:
                            b2 = v
                            a2 = s
                        v = ps + log_trans[s, t + 3]
                        if v > b3:
                            b3 = v
                            a3 = s
                    score[i * k + t + 1] = b1 + emit[i, t + 1]
                    back[i * k + t + 1] = a1
                    score[i * k + t + 2] = b2 + emit[i, t + 2]
                    back[i * k + t + 2] = a2
                    score[i * k + t + 3] = b3 + emit[i, t + 3]
                    back[i * k + t + 3] = a3
                    step = 4
                else:  # the last tags, one by one
                    for s in range(k):
                        v = prev[s] + log_trans[s, t]
                        if v > b0:
                            b0 = v
                            a0 = s
                    step = 1
                score[i * k + t] = b0 + emit[i, t]
                back[i * k + t] = a0
                t += step
        out[n - 1] = argmax(score + (n - 1) * k, k)
        for i in range(n - 1, 0, -1):
            out[i - 1] = back[i * k + out[i]]
    free(score)
    free(back)
    return out_arr

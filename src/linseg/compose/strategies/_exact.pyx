# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled kernels of the exact segmentation search with a maximum segment length, and
of the dense search with a count (:func:`_dense_back`) or a penalty
(:func:`_dense_best_with_penalty`); see
linseg.compose.strategies.ExactDP.

A segment [i, j) scores S(i, j) = mass(i, j) / (j - i) ** exponent, mass being the sum of
the matrix over [i, j) x [i, j). Only segments of at most ``L`` sentences are scored, so
everything here is O(n L) memory and O(n L) (penalty) or O(k n L) (count) time.

Tie-breaking is the dense search's (numpy's first argmax): candidates are scanned by
increasing start and only a strictly greater total replaces the best. The totals are
formed in the dense search's order of operations, ``(best + score) - penalty``.
"""

import numpy as np

from libc.math cimport INFINITY

ctypedef fused offset_t:
    unsigned short
    int

ctypedef fused real:
    float
    double


def _score_table(const real[:, ::1] c, double off, const double[::1] den, Py_ssize_t L):
    """``S[j, t]`` = score of the segment of ``t`` sentences ending before sentence
    ``j`` (t = 1 .. min(L, j)); other cells are -inf.

    ``c[r, 0]`` = m[r, r] and ``off * c[r, d]`` (d = 1 .. W) = m[r, r - d] + m[r - d, r]
    is what sentence r adds to a segment for the sentence d before it: ``off`` is 2 for
    a symmetric band (its cell counts twice, exactly) and 1 for cells already summed.
    Cells further than W from the diagonal count as zero. ``den[t]`` = t ** exponent.
    Sums are float64.
    """
    cdef Py_ssize_t n = c.shape[0], w = c.shape[1] - 1
    table = np.full((n + 1, L + 1), -INFINITY, dtype=np.float64)
    mass_arr = np.zeros(L + 1, dtype=np.float64)
    row_arr = np.zeros(L + 1, dtype=np.float64)
    cdef double[:, ::1] s = table
    cdef double[::1] mass = mass_arr, row = row_arr
    cdef Py_ssize_t e, t, d, top, reach
    cdef double acc
    with nogil:
        # mass[t] holds the mass of the segment of t sentences ending before e. Moving the
        # end from e to e + 1 extends each of them by sentence e, which adds row[t - 1]:
        # the sum of c[e, 0 .. t - 1], sentence e against the t - 1 sentences before it.
        for e in range(n):
            top = L if L < e + 1 else e + 1
            reach = w if w < top - 1 else top - 1
            acc = <double>c[e, 0]
            row[0] = acc
            for d in range(1, reach + 1):
                acc = acc + off * <double>c[e, d]
                row[d] = acc
            for d in range(reach + 1, top):
                row[d] = acc  # beyond the band: nothing more to add
            for t in range(top, 0, -1):
                mass[t] = mass[t - 1] + row[t - 1]
                s[e + 1, t] = mass[t] / den[t]
    return table


def _best_with_penalty(const double[:, ::1] s, double penalty):
    """back[j]: the start of the last segment of the best segmentation of [0, j), each
    segment costing ``penalty``."""
    cdef Py_ssize_t n = s.shape[0] - 1, L = s.shape[1] - 1
    best_arr = np.empty(n + 1, dtype=np.float64)
    back_arr = np.zeros(n + 1, dtype=np.int64)
    cdef double[::1] best = best_arr
    cdef long long[::1] back = back_arr
    cdef Py_ssize_t j, i, lo
    cdef double top, total
    with nogil:
        best[0] = 0.0
        for j in range(1, n + 1):
            lo = j - L if j > L else 0
            top = (best[lo] + s[j, j - lo]) - penalty
            back[j] = lo
            for i in range(lo + 1, j):
                total = (best[i] + s[j, j - i]) - penalty
                if total > top:
                    top = total
                    back[j] = i
            best[j] = top
    return back_arr


def _dense_best_with_penalty(const double[:, ::1] s, double penalty):
    """back[j] of :func:`~linseg.compose.strategies.best_with_penalty` over a dense
    (n + 1) x (n + 1) table ``s[i, j]`` (segment [i, j)): the start of the last segment of
    the best segmentation of [0, j), each segment costing ``penalty``: numpy's first
    argmax of ``(best[:j] + s[:j, j]) - penalty``, to the bit, a NaN included (the first
    NaN wins, as there). Cells with ``i >= j`` are not read."""
    cdef Py_ssize_t n = s.shape[0] - 1
    best_arr = np.empty(n + 1, dtype=np.float64)
    back_arr = np.zeros(n + 1, dtype=np.int64)
    cdef double[::1] best = best_arr
    cdef long long[::1] back = back_arr
    cdef Py_ssize_t j, i
    cdef double top, total
    with nogil:
        best[0] = 0.0
        for j in range(1, n + 1):
            top = (best[0] + s[0, j]) - penalty
            back[j] = 0
            for i in range(1, j):
                total = (best[i] + s[i, j]) - penalty
                if total > top or (total != total and top == top):
                    top = total
                    back[j] = i
            best[j] = top
    return back_arr


def _best_with_count(const double[:, ::1] s, Py_ssize_t k, const long long[::1] lo,
                     const long long[::1] hi, const long long[::1] base, offset_t[::1] back,
                     Py_ssize_t block):
    """The best segmentation of [0, n) into k segments: its k - 1 cuts, ascending.

    Level l holds the best segmentations of [0, j) into l + 1 segments, only for the
    ``j`` in ``[lo[l], hi[l]]`` from which the k segments can still be completed (every
    other state is unreachable or unfinishable, -inf in the dense search).
    ``back[base[l] + j - lo[l]]`` keeps the last segment's length.
    """
    cdef Py_ssize_t n = s.shape[0] - 1, L = s.shape[1] - 1
    # Level l at j reads level l - 1 at j - L .. j - 1 only. So the ends are taken in
    # blocks, and every level is run over a block before the next block: the block's rows
    # of the score table stay in cache across the k levels (level by level over the whole
    # table, the search is bound by memory bandwidth: k passes over 8 n L bytes). Each
    # level keeps its last R >= block + L values in a ring.
    cdef Py_ssize_t R = 1
    while R < block + L + 1:
        R *= 2
    cdef Py_ssize_t mask = R - 1
    ring_arr = np.full((k, R), -INFINITY, dtype=np.float64)
    cuts_arr = np.zeros(k - 1 if k > 1 else 0, dtype=np.int64)
    cdef double[:, ::1] ring = ring_arr
    cdef long long[::1] cuts = cuts_arr
    cdef Py_ssize_t level, j, i, first, last, arg, c0, c1, jlo, jhi
    cdef double top, total
    with nogil:
        c0 = 1
        while c0 <= n:
            c1 = c0 + block - 1 if c0 + block - 1 < n else n
            for level in range(k):
                jlo = lo[level] if lo[level] > c0 else c0
                jhi = hi[level] if hi[level] < c1 else c1
                if level == 0:
                    for j in range(jlo, jhi + 1):
                        ring[0, j & mask] = s[j, j]
                    continue
                for j in range(jlo, jhi + 1):
                    # Predecessors: within L of j and in the previous level's window (the
                    # rest are -inf there).
                    first = j - L if j - L > lo[level - 1] else lo[level - 1]
                    last = j - 1 if j - 1 < hi[level - 1] else hi[level - 1]
                    arg = first
                    top = ring[level - 1, first & mask] + s[j, j - first]
                    for i in range(first + 1, last + 1):
                        total = ring[level - 1, i & mask] + s[j, j - i]
                        if total > top:
                            top = total
                            arg = i
                    ring[level, j & mask] = top
                    back[base[level] + j - lo[level]] = <offset_t>(j - arg)
            c0 = c0 + block
        j = n
        for level in range(k - 1, 0, -1):
            j = j - back[base[level] + j - lo[level]]
            cuts[level - 1] = j
    return cuts_arr


def _dense_back(const double[:, ::1] s, Py_ssize_t k, Py_ssize_t block):
    """The back pointers of :func:`~linseg.compose.strategies.best_with_count` over a
    dense (n + 1) x (n + 1) table ``s[i, j]`` (segment [i, j)) holding no NaN and no
    +inf: ``back[l, j]`` is the start of the last of the best l + 1 segments of [0, j),
    numpy's first argmax of ``best[:, None] + s`` at each level, to the bit. Cells with
    ``i >= j`` are no segment and are not read (numpy would find -inf there).

    The ends are taken in blocks of ``block`` columns, and every level is run over a
    block before the next block, so that the block's columns of the table stay in cache
    across the k levels (level by level over the whole table, the search streams k times
    8 n^2 bytes from memory). A start whose best is -inf is skipped, since every total
    through it is -inf and never strictly greater.
    """
    cdef Py_ssize_t n = s.shape[0] - 1
    back_arr = np.zeros((k, n + 1), dtype=np.int64)
    # -inf until a start reaches it: [0, 0) is no segment, and a start of 0 at level >= 1
    # comes after the empty prefix, whose best is -inf (numpy's total there is -inf, and
    # its argmax falls back to 0, as back does).
    best_arr = np.full((k, n + 1), -np.inf)
    cdef long long[:, ::1] back = back_arr
    cdef double[:, ::1] best = best_arr
    cdef Py_ssize_t level, i, j, c0, c1, first
    cdef double p, total
    if block < 1 or k < 1:
        raise ValueError("_dense_back: k and block must be >= 1")
    with nogil:
        for j in range(1, n + 1):
            best[0, j] = s[0, j]
        c0 = 0
        while c0 <= n:
            c1 = c0 + block if c0 + block < n + 1 else n + 1  # the ends c0 .. c1 - 1
            for level in range(1, k):
                # Starts in ascending order, as numpy's first argmax takes them, each before
                # the ends it can reach.
                for i in range(1, c1 - 1):
                    p = best[level - 1, i]
                    if p == -INFINITY:
                        continue
                    first = i + 1 if i + 1 > c0 else c0
                    for j in range(first, c1):
                        total = p + s[i, j]
                        if total > best[level, j]:
                            best[level, j] = total
                            back[level, j] = i
            c0 = c1
    return back_arr

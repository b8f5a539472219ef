# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled kernels of Reynar's greedy density searches; see linseg.compose.strategies.reynar.

Every division is guarded by a positive denominator, so C division gives Python's
results; all arithmetic is float64 (:func:`greedy`) or exact int64 (:func:`reynar`).
"""

import numpy as np

from libc.math cimport INFINITY, floor
from libc.stdlib cimport calloc, free, realloc


cdef void* zeros(size_t count, size_t size) except NULL:
    # Scratch memory, zeroed (never empty: calloc(0) may return NULL).
    cdef void* out = calloc(count if count > 0 else 1, size)
    if out == NULL:
        raise MemoryError()
    return out


cdef void next_boundaries(const unsigned char* is_boundary, Py_ssize_t n, Py_ssize_t* nxt) noexcept nogil:
    # nxt[c]: the first boundary after gap c (the document's end if none).
    cdef Py_ssize_t c, following = n
    for c in range(n, -1, -1):
        nxt[c] = following
        if is_boundary[c]:
            following = c


cdef inline double block(const double[:, ::1] p, Py_ssize_t a, Py_ssize_t b) noexcept nogil:
    return p[b, b] - p[a, b] - p[b, a] + p[a, a]


cdef inline double mass(const double[:, ::1] p, Py_ssize_t a, Py_ssize_t b, bint whole) noexcept nogil:
    # The author's dot-plot program kept each region's dot mass in an int; the margin
    # keeps a whole number that the prefix sums round just below it whole.
    cdef double v = block(p, a, b)
    return floor(v + 1e-9) if whole else v


cdef void segment_masses(const double[:, ::1] p, Py_ssize_t a, Py_ssize_t b, bint whole,
                         double* seg, double* left, double* right) noexcept nogil:
    # What splitting segment [a, b) at each gap c inside it changes: the square's mass goes,
    # the two sub-squares' come. They change only when [a, b) itself is split, so they are
    # kept, not recomputed at every step: the same values, so the same sums to the bit.
    cdef double s_ab = mass(p, a, b, whole)
    cdef Py_ssize_t c
    for c in range(a + 1, b):
        seg[c] = s_ab
        left[c] = mass(p, a, c, whole)
        right[c] = mass(p, c, b, whole)


# Why this is long: the search and its incremental update share the running sums, and the
# scratch memory is owned here.
def greedy(const double[:, ::1] p, const double[::1] w, Py_ssize_t n_boundaries, bint minimise,
           bint whole):
    """The modular greedy search on the prefix sums ``p`` of a similarity matrix and the
    prefix sums ``w`` of the weights: ``(order, objective)``."""
    cdef Py_ssize_t n = p.shape[0] - 1
    if n < 0 or p.shape[1] != n + 1 or w.shape[0] != n + 1 or n_boundaries < 0:
        raise ValueError("greedy: p must be (n + 1) x (n + 1) and w of length n + 1")
    order_arr = np.empty(n_boundaries, dtype=np.int64)
    objective_arr = np.empty(n_boundaries, dtype=np.float64)
    cdef long long[::1] order = order_arr
    cdef double[::1] objective = objective_arr
    cdef unsigned char* is_boundary = <unsigned char*>zeros(n + 1, sizeof(unsigned char))
    cdef Py_ssize_t* nxt = NULL
    cdef double* seg = NULL
    cdef double* left = NULL
    cdef double* right = NULL
    cdef Py_ssize_t step, c, a, b, best, done = n_boundaries
    cdef double total_dots, total_area, inside, area, best_v, v, den
    cdef double wab, wac, wcb, new_in, new_area
    cdef bint better
    try:
        nxt = <Py_ssize_t*>zeros(n + 1, sizeof(Py_ssize_t))
        seg = <double*>zeros(n + 1, sizeof(double))
        left = <double*>zeros(n + 1, sizeof(double))
        right = <double*>zeros(n + 1, sizeof(double))
        with nogil:
            is_boundary[0] = True
            is_boundary[n] = True
            total_dots = p[n, n]
            total_area = w[n] * w[n]
            # Inside dots and area of the current segmentation, kept up to date.
            inside = mass(p, 0, n, whole)
            area = total_area
            segment_masses(p, 0, n, whole, seg, left, right)
            for step in range(n_boundaries):
                next_boundaries(is_boundary, n, nxt)
                best = -1
                best_v = INFINITY if minimise else -INFINITY
                a = 0
                for c in range(1, n):
                    if is_boundary[c]:
                        a = c
                        continue
                    b = nxt[c]
                    wab = w[b] - w[a]
                    wac = w[c] - w[a]
                    wcb = w[b] - w[c]
                    new_in = inside - seg[c] + left[c] + right[c]
                    new_area = area - wab * wab + wac * wac + wcb * wcb
                    if minimise:
                        den = total_area - new_area
                        v = (total_dots - new_in) / den if den > 0 else INFINITY
                        better = v <= best_v
                    else:
                        v = new_in / new_area if new_area > 0 else 0.0
                        better = v >= best_v
                    # ">=" / "<=" in a left-to-right scan: ties go to the rightmost gap.
                    if better:
                        best_v = v
                        best = c
                if best < 0:
                    done = step
                    break
                a = best - 1
                while not is_boundary[a]:
                    a -= 1
                b = nxt[best]
                wab = w[b] - w[a]
                wac = w[best] - w[a]
                wcb = w[b] - w[best]
                inside = (
                    inside - mass(p, a, b, whole) + mass(p, a, best, whole) + mass(p, best, b, whole)
                )
                area = area - wab * wab + wac * wac + wcb * wcb
                is_boundary[best] = True
                segment_masses(p, a, best, whole, seg, left, right)
                segment_masses(p, best, b, whole, seg, left, right)
                order[step] = best
                objective[step] = best_v
    finally:
        free(is_boundary)
        free(nxt)
        free(seg)
        free(left)
        free(right)
    return order_arr[:done], objective_arr[:done]


cdef long long vdot(const long long[:, ::1] cum, Py_ssize_t a, Py_ssize_t b, Py_ssize_t c,
                    Py_ssize_t d) noexcept nogil:
    # V(a, b) . V(c, d): the dots in the block of spans [a, b) x [c, d).
    cdef long long out = 0
    cdef Py_ssize_t j
    for j in range(cum.shape[1]):
        out += (cum[b, j] - cum[a, j]) * (cum[d, j] - cum[c, j])
    return out


cdef inline bint block_changed(const long long* before, const long long* after) noexcept nogil:
    # Whether any of 16 consecutive counts differs: one expression, which the compiler
    # turns into a few vector instructions and a single branch.
    return ((after[0] ^ before[0]) | (after[1] ^ before[1]) | (after[2] ^ before[2])
            | (after[3] ^ before[3]) | (after[4] ^ before[4]) | (after[5] ^ before[5])
            | (after[6] ^ before[6]) | (after[7] ^ before[7]) | (after[8] ^ before[8])
            | (after[9] ^ before[9]) | (after[10] ^ before[10]) | (after[11] ^ before[11])
            | (after[12] ^ before[12]) | (after[13] ^ before[13]) | (after[14] ^ before[14])
            | (after[15] ^ before[15])) != 0


cdef Py_ssize_t row_changes(const long long* before, const long long* after, Py_ssize_t n_stems,
                            Py_ssize_t* stems, long long* counts) noexcept nogil:
    # The stems whose count differs between two rows, and by how much; returns how many.
    # Rows are sparse (a sentence has a few stems of the document's hundreds): blocks of 16
    # stems with no change are skipped after one test.
    cdef Py_ssize_t j, end, start = 0, t = 0
    cdef long long d
    while start < n_stems:
        end = start + 16
        if end > n_stems:
            end = n_stems
        elif not block_changed(before + start, after + start):
            start = end
            continue
        for j in range(start, end):
            d = after[j] - before[j]
            if d != 0:
                stems[t] = j
                counts[t] = d
                t += 1
        start = end
    return t


cdef void reynar_candidates(const long long[:, ::1] cum, Py_ssize_t a, Py_ssize_t b,
                            const Py_ssize_t* indptr, const Py_ssize_t* stems,
                            const long long* counts, long long* cross) noexcept nogil:
    # For every gap c inside segment [a, b): V(a, c) . V(c, b), the dots that splitting
    # there moves from inside the square of [a, b) to outside it (once on each side of
    # the diagonal), since |V(a, b)|^2 = |V(a, c)|^2 + |V(c, b)|^2 + 2 V(a, c) . V(c, b).
    # Moving the gap from c to c + 1 moves sentence c's counts d from the right span to the
    # left one: (L + d)(R - d) = L R + d (R - L - d), summed over sentence c's stems only.
    # Integer sums in any order are the same to the bit, so this equals the direct product
    # over every stem (the Numba kernel's), at the cost of the sentence's stems, not all.
    cdef Py_ssize_t c, t, j
    cdef long long d, x = 0
    for c in range(a, b - 1):
        for t in range(indptr[c], indptr[c + 1]):
            j = stems[t]
            d = counts[t]
            x += d * ((cum[b, j] - cum[c, j]) - (cum[c, j] - cum[a, j]) - d)
        cross[c + 1] = x


cdef inline long long square(long long x) noexcept nogil:
    return x * x


# Why this is long: the search and its incremental update share the integer sums, and the
# sparse rows of the counts are built here, where the scratch memory is owned.
def reynar(const long long[:, ::1] cum, const long long[::1] w, Py_ssize_t n_boundaries,
           bint minimise):
    """Reynar's exact greedy search on the prefix sums ``cum`` of the stem counts and the
    word positions ``w`` before each gap: ``(order, objective)``."""
    cdef Py_ssize_t n = cum.shape[0] - 1
    cdef Py_ssize_t n_stems = cum.shape[1]
    if n < 0 or w.shape[0] != n + 1 or n_boundaries < 0:
        raise ValueError("reynar: cum must have n + 1 rows and w length n + 1")
    order_arr = np.empty(n_boundaries, dtype=np.int64)
    objective_arr = np.empty(n_boundaries, dtype=np.float64)
    cdef long long[::1] order = order_arr
    cdef double[::1] objective = objective_arr
    cdef unsigned char* is_boundary = <unsigned char*>zeros(n + 1, sizeof(unsigned char))
    cdef Py_ssize_t* nxt = NULL
    cdef long long* cross = NULL
    cdef Py_ssize_t* indptr = NULL
    cdef Py_ssize_t* stems = NULL
    cdef long long* counts = NULL
    cdef Py_ssize_t step, c, a, b, best, capacity, done = n_boundaries
    cdef void* grown = <void*>1  # NULL only when a realloc fails
    cdef long long inside, area_in, outside, area_out, den, num
    cdef double best_v, v
    cdef bint better
    try:
        nxt = <Py_ssize_t*>zeros(n + 1, sizeof(Py_ssize_t))
        cross = <long long*>zeros(n + 1, sizeof(long long))
        indptr = <Py_ssize_t*>zeros(n + 1, sizeof(Py_ssize_t))
        # Each sentence's counts (the differences of consecutive rows of cum), sparse, in
        # one pass over cum; the buffers grow so that a whole row always fits.
        capacity = 8 * (n + 1) + n_stems
        stems = <Py_ssize_t*>zeros(capacity, sizeof(Py_ssize_t))
        counts = <long long*>zeros(capacity, sizeof(long long))
        with nogil:
            for c in range(n):
                if indptr[c] + n_stems > capacity:
                    capacity = max(2 * capacity, indptr[c] + n_stems)
                    grown = realloc(stems, capacity * sizeof(Py_ssize_t))
                    if grown == NULL:
                        break
                    stems = <Py_ssize_t*>grown
                    grown = realloc(counts, capacity * sizeof(long long))
                    if grown == NULL:
                        break
                    counts = <long long*>grown
                indptr[c + 1] = indptr[c] + row_changes(
                    &cum[c, 0], &cum[c + 1, 0], n_stems, stems + indptr[c], counts + indptr[c]
                )
        if grown == NULL:
            raise MemoryError()
        with nogil:
            is_boundary[0] = True
            is_boundary[n] = True
            # Dots and area inside the diagonal squares, and outside them (above the
            # diagonal: each segment against the text after it), in exact integers.
            inside = vdot(cum, 0, n, 0, n)
            area_in = w[n] * w[n]
            outside = 0
            area_out = 0
            # A gap's term depends only on the segment around it: after a split, only the
            # gaps of the two new segments are recomputed.
            reynar_candidates(cum, 0, n, indptr, stems, counts, cross)
            for step in range(n_boundaries):
                next_boundaries(is_boundary, n, nxt)
                best = -1
                best_v = INFINITY if minimise else -INFINITY
                a = 0
                for c in range(1, n):
                    if is_boundary[c]:
                        a = c
                        continue
                    b = nxt[c]
                    # The ratio of two int64 is taken in float64, as Python's "/".
                    if minimise:
                        # Splitting [a, b) at c adds the block [a, c) x [c, b) to the outside.
                        den = area_out + (w[c] - w[a]) * (w[b] - w[c])
                        num = outside + cross[c]
                        v = <double>num / <double>den if den > 0 else INFINITY
                        better = v <= best_v
                    else:
                        den = (area_in - square(w[b] - w[a]) + square(w[c] - w[a])
                               + square(w[b] - w[c]))
                        num = inside - 2 * cross[c]
                        v = <double>num / <double>den if den > 0 else 0.0
                        better = v >= best_v
                    if better:  # in a left-to-right scan: ties go to the rightmost gap
                        best_v = v
                        best = c
                if best < 0:
                    done = step
                    break
                a = best - 1
                while not is_boundary[a]:
                    a -= 1
                b = nxt[best]
                inside -= 2 * cross[best]
                area_in += square(w[best] - w[a]) + square(w[b] - w[best]) - square(w[b] - w[a])
                outside += cross[best]
                area_out += (w[best] - w[a]) * (w[b] - w[best])
                is_boundary[best] = True
                reynar_candidates(cum, a, best, indptr, stems, counts, cross)
                reynar_candidates(cum, best, b, indptr, stems, counts, cross)
                order[step] = best
                objective[step] = best_v
    finally:
        free(is_boundary)
        free(nxt)
        free(cross)
        free(indptr)
        free(stems)
        free(counts)
    return order_arr[:done], objective_arr[:done]

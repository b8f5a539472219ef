# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled segment costs and search of Utiyama and Isahara's model; see linseg.compose.costs."""

from libc.math cimport INFINITY, log
from libc.stdlib cimport calloc, free


# The running cost of a segment as it grows unit by unit, shared by the search and the
# table of segment costs: the same scalar operations in the same order, so both give the
# same sums to the bit.
cdef inline void _fill_terms(double alpha, Py_ssize_t vocabulary, Py_ssize_t largest,
                             double* word_term, double* size_term) noexcept nogil:
    # f log(f + alpha) and L log(L + alpha k) for every count a segment can reach, so the
    # inner loop looks them up instead of taking two logarithms per word.
    cdef Py_ssize_t f
    cdef double x, log_norm = alpha * <double>vocabulary
    for f in range(1, largest + 1):
        x = <double>f
        word_term[f] = x * log(x + alpha)
        size_term[f] = x * log(x + log_norm)


cdef inline double _add_unit(const long long* indptr, const long long* words,
                             const long long* counts, Py_ssize_t j, long long* seen,
                             const double* word_term, double s, long long* size) noexcept nogil:
    """``s`` (sum_w f(w) log(f(w) + alpha) of the segment) once unit ``j`` joins it."""
    cdef Py_ssize_t t
    cdef long long w, old, new
    for t in range(indptr[j], indptr[j + 1]):
        w = words[t]
        old = seen[w]
        new = old + counts[t]
        if old > 0:
            s -= word_term[old]
        s += word_term[new]
        seen[w] = new
        size[0] += counts[t]
    return s


cdef inline void _forget(const long long* indptr, const long long* words, Py_ssize_t i,
                         Py_ssize_t stop, long long* seen) noexcept nogil:
    cdef Py_ssize_t j, t
    for j in range(i, stop):
        for t in range(indptr[j], indptr[j + 1]):
            seen[words[t]] = 0


# Why this is long: one compiled pass; the running cost of the segment that grows from
# unit i is shared by every count's relaxation, so the two loops cannot be split without
# storing the quadratic table of segment costs.
def search(const long long[::1] indptr, const long long[::1] words, const long long[::1] counts,
           Py_ssize_t vocabulary, Py_ssize_t n, double alpha, double penalty, Py_ssize_t limit,
           Py_ssize_t m, Py_ssize_t largest, const double[::1] gap_costs=None):
    """The cheapest segmentation of ``n`` units (``m`` segments, or any number if 0):
    returns the unit indices that start a segment after the first, and its cost.
    ``largest`` bounds the words of a segment no longer than ``limit`` units.
    ``gap_costs`` (n + 1 values, or None): what a boundary before unit i costs beyond
    ``penalty``."""
    cdef Py_ssize_t rows = m if m > 0 else 1
    cdef Py_ssize_t i, j, k, top, stop, levels = rows + 1
    cdef long long size
    cdef double s, cost, value, start_cost
    cdef double* reach
    cdef double* into
    cdef Py_ssize_t* into_back
    if n < 0 or m < 0 or largest < 0 or vocabulary < 0 or indptr.shape[0] < n + 1:
        raise ValueError("search: negative size, or fewer than n + 1 unit offsets")
    if gap_costs is not None and gap_costs.shape[0] < n + 1:
        raise ValueError("search: fewer than n + 1 gap costs")
    cdef const double* gp = &gap_costs[0] if gap_costs is not None else NULL
    cdef const long long* ip = &indptr[0]
    cdef const long long* wp = &words[0] if words.shape[0] > 0 else NULL
    cdef const long long* cp = &counts[0] if counts.shape[0] > 0 else NULL
    # best[j * levels + k]: the cheapest way to cover units 0..j-1 with k segments (k = 1:
    # with any number, when m is 0), back: where its last segment starts. Position-major,
    # so that the counts one relaxation updates lie side by side in memory (level-major,
    # each count's cell was a cache line of its own). Scratch, with the running counts of
    # the growing segment and the two tables of terms.
    cdef double* best = <double*>calloc(levels * (n + 1), sizeof(double))
    cdef Py_ssize_t* back = <Py_ssize_t*>calloc(levels * (n + 1), sizeof(Py_ssize_t))
    cdef long long* seen = <long long*>calloc(vocabulary + 1, sizeof(long long))
    cdef double* word_term = <double*>calloc(largest + 1, sizeof(double))
    cdef double* size_term = <double*>calloc(largest + 1, sizeof(double))
    if best == NULL or back == NULL or seen == NULL or word_term == NULL or size_term == NULL:
        free(best)
        free(back)
        free(seen)
        free(word_term)
        free(size_term)
        raise MemoryError()
    try:
        with nogil:
            for i in range(levels * (n + 1)):
                best[i] = INFINITY
            best[0] = 0.0
            _fill_terms(alpha, vocabulary, largest, word_term, size_term)
            for i in range(n):
                s = 0.0  # sum_w f(w) log(f(w) + alpha) over the growing segment
                size = 0
                stop = i + limit
                if n < stop:
                    stop = n
                reach = best + i * levels
                start_cost = 0.0
                if i > 0:
                    start_cost = penalty if gp == NULL else penalty + gp[i]
                # The levels a segment from unit i extends: with a count, those below it that
                # units 0..i-1 can reach (at most i segments cover them); without, level 0.
                top = 1 if m == 0 else (m if i + 1 > m else i + 1)
                for j in range(i, stop):
                    s = _add_unit(ip, wp, cp, j, seen, word_term, s, &size)
                    cost = size_term[size] - s
                    into = best + (j + 1) * levels + 1
                    into_back = back + (j + 1) * levels + 1
                    for k in range(top):
                        if reach[k] < INFINITY:
                            value = reach[k] + cost + start_cost
                            if value < into[k]:
                                into[k] = value
                                into_back[k] = i
                _forget(ip, wp, i, stop, seen)
                if m == 0:
                    # Every segment ending at unit i + 1 has now been tried, so the best way to
                    # reach it, whatever the count, is final: the next segments start from it.
                    best[(i + 1) * levels] = best[(i + 1) * levels + 1]
        cuts = []
        k = m if m > 0 else 1
        j = n
        total = best[n * levels + k]
        while j > 0:
            i = back[j * levels + k]
            if i > 0:
                cuts.append(i)
            j = i
            if m > 0:
                k -= 1
        cuts.reverse()
        return cuts, total
    finally:
        free(best)
        free(back)
        free(seen)
        free(word_term)
        free(size_term)


def segment_costs(const long long[::1] indptr, const long long[::1] words,
                  const long long[::1] counts, Py_ssize_t vocabulary, Py_ssize_t n,
                  double alpha, Py_ssize_t largest, double[:, ::1] out):
    """``out[i, j + 1]`` = the cost ``-log P(W_ij | S_ij)`` of the segment of units i..j
    (see linseg.compose.costs), the same sums as :func:`search` makes; ``out`` is an
    (n + 1) x (n + 1) table, its other cells left as they are."""
    cdef Py_ssize_t i, j
    cdef long long size
    cdef double s
    if n < 0 or largest < 0 or vocabulary < 0 or indptr.shape[0] < n + 1:
        raise ValueError("segment_costs: negative size, or fewer than n + 1 unit offsets")
    if out.shape[0] < n + 1 or out.shape[1] < n + 1:
        raise ValueError("segment_costs: out is smaller than (n + 1) x (n + 1)")
    cdef const long long* ip = &indptr[0]
    cdef const long long* wp = &words[0] if words.shape[0] > 0 else NULL
    cdef const long long* cp = &counts[0] if counts.shape[0] > 0 else NULL
    cdef long long* seen = <long long*>calloc(vocabulary + 1, sizeof(long long))
    cdef double* word_term = <double*>calloc(largest + 1, sizeof(double))
    cdef double* size_term = <double*>calloc(largest + 1, sizeof(double))
    if seen == NULL or word_term == NULL or size_term == NULL:
        free(seen)
        free(word_term)
        free(size_term)
        raise MemoryError()
    try:
        with nogil:
            _fill_terms(alpha, vocabulary, largest, word_term, size_term)
            for i in range(n):
                s = 0.0
                size = 0
                for j in range(i, n):
                    s = _add_unit(ip, wp, cp, j, seen, word_term, s, &size)
                    out[i, j + 1] = size_term[size] - s
                _forget(ip, wp, i, n, seen)
    finally:
        free(seen)
        free(word_term)
        free(size_term)

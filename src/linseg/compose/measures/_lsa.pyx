# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled sentence vectors of the LSA cosine; see linseg.compose.measures.LsaCosine."""

from libc.math cimport log1p
from libc.stdlib cimport free, malloc, qsort


cdef int _ascending(const void* a, const void* b) noexcept nogil:
    cdef long long x = (<const long long*>a)[0]
    cdef long long y = (<const long long*>b)[0]
    return (x > y) - (x < y)


def sentence_vectors(const long long[::1] ids, const long long[::1] offsets,
                     const long long[::1] row_of, const float[:, ::1] space, int local,
                     float[:, ::1] out):
    """Add to ``out[i]`` the vectors of sentence ``i``'s stems: for each distinct row
    ``r = row_of[id] >= 0`` of its tokens (ids < 0 skipped), in increasing ``r``,
    ``weight(f) * space[r]``, where ``f`` counts the tokens of row ``r`` and the weight
    is ``f`` (``local`` 0), 1 (``local`` 1) or ``log(1 + f)`` rounded to float32
    (``local`` 2).

    The sums are float32, term by term in that order: the same operations as the product
    of a canonical CSR matrix of the weights with ``space``, so the vectors are those of
    that product to the bit."""
    cdef Py_ssize_t n = offsets.shape[0] - 1
    cdef Py_ssize_t dims = space.shape[1]
    cdef Py_ssize_t i, t, m, j, c, d, longest = 0
    cdef long long w, r
    cdef float weight
    cdef float* row_out
    cdef const float* vector
    for i in range(n):
        if offsets[i + 1] - offsets[i] > longest:
            longest = offsets[i + 1] - offsets[i]
    cdef long long* rows = <long long*>malloc((longest + 1) * sizeof(long long))
    if rows == NULL:
        raise MemoryError()
    try:
        with nogil:
            for i in range(n):
                m = 0
                for t in range(offsets[i], offsets[i + 1]):
                    w = ids[t]
                    if w < 0:
                        continue
                    r = row_of[w]
                    if r < 0:
                        continue
                    rows[m] = r
                    m += 1
                qsort(rows, m, sizeof(long long), _ascending)
                j = 0
                while j < m:
                    r = rows[j]
                    c = 1
                    while j + c < m and rows[j + c] == r:
                        c += 1
                    if local == 0:
                        weight = <float>c
                    elif local == 1:
                        weight = 1.0
                    else:
                        weight = <float>log1p(<double>c)
                    row_out = &out[i, 0]
                    vector = &space[r, 0]
                    for d in range(dims):
                        row_out[d] += weight * vector[d]
                    j += c
    finally:
        free(rows)

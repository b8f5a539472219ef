# The split search of C99's divisive clustering, shared with the banded C99 (_banded.pyx).
# Returns the last sentence of the left part; writes the left and right sums of rank.
cdef Py_ssize_t best_split(const float[:, ::1] s, Py_ssize_t start, Py_ssize_t end,
                           float* left, float* right) noexcept nogil

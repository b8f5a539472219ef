# The hash by which linseg.text._text looks tokens up, and linseg.compose.costs._cues compares them.


cdef inline unsigned long long fnv1a(int kind, const void* data, Py_ssize_t a,
                                     Py_ssize_t b) noexcept nogil:
    # FNV-1a (64 bits) of the code units data[a:b], each ``kind`` bytes wide (1, 2 or 4, as a
    # str keeps its characters; 1 for bytes): of a text's code points, which for ASCII are
    # its bytes, so that a token hashes alike from a str or from ASCII bytes.
    cdef unsigned long long h = 14695981039346656037ULL
    cdef unsigned long long prime = 1099511628211ULL
    cdef Py_ssize_t k
    if kind == 1:
        for k in range(a, b):
            h = (h ^ (<const unsigned char*>data)[k]) * prime
    elif kind == 2:
        for k in range(a, b):
            h = (h ^ (<const unsigned short*>data)[k]) * prime
    else:
        for k in range(a, b):
            h = (h ^ (<const unsigned int*>data)[k]) * prime
    return h

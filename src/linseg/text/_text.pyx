# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled token look-up (see linseg.text.processor): tokens of pre-tokenised ASCII text (split on
white space) or of raw English prose are hashed (FNV-1a, 64 bits: ``fnv1a`` in
_text.pxd) and looked up in an open-addressing table of stem ids."""

import numpy as np

from cpython.unicode cimport (
    Py_UNICODE_ISALNUM,
    Py_UNICODE_ISSPACE,
    PyUnicode_DATA,
    PyUnicode_KIND,
    PyUnicode_READ,
)

# A slot whose value is UNKNOWN is empty; a token not in the table gets UNKNOWN as its id.
cdef long long UNKNOWN = -2
UNKNOWN_ID = UNKNOWN


cdef inline bint is_space(unsigned char b) noexcept nogil:
    # The bytes that str.split() treats as whitespace within ASCII.
    return b == 32 or 9 <= b <= 13 or 28 <= b <= 31


cdef inline Py_ssize_t _slot(const unsigned long long[::1] keys,
                             const long long[::1] vals, unsigned long long h) noexcept nogil:
    # Where hash ``h`` is kept, or the empty slot where it would go (linear probing). A
    # hash of 0 is kept as 1, on both sides.
    cdef Py_ssize_t mask = keys.shape[0] - 1
    if h == 0:
        h = 1
    cdef Py_ssize_t slot = <Py_ssize_t>(h & <unsigned long long>mask)
    while vals[slot] != UNKNOWN and keys[slot] != h:
        slot = (slot + 1) & mask
    return slot


cdef inline long long _find(const unsigned long long[::1] keys, const long long[::1] vals,
                            unsigned long long h) noexcept nogil:
    # The id kept under hash ``h``, or UNKNOWN.
    return vals[_slot(keys, vals, h)]


cdef bint put(unsigned long long[::1] keys, long long[::1] vals, unsigned long long h,
              long long value) noexcept nogil:
    cdef Py_ssize_t slot = _slot(keys, vals, h)
    cdef bint new = vals[slot] == UNKNOWN
    keys[slot] = h if h != 0 else 1
    vals[slot] = value
    return new


def rehash(const unsigned long long[::1] old_keys, const long long[::1] old_vals,
           unsigned long long[::1] keys, long long[::1] vals):
    """Move every entry of the old table into the new (larger) one."""
    cdef Py_ssize_t i
    with nogil:
        for i in range(old_keys.shape[0]):
            if old_vals[i] != UNKNOWN:
                put(keys, vals, old_keys[i], old_vals[i])


def lookup_tokens(const unsigned char[::1] data, Py_ssize_t n_sentences,
                  const unsigned long long[::1] keys, const long long[::1] vals):
    """Split ``data`` (one sentence a line) into tokens and look each up.

    Returns ``(ids, offsets, hashes, starts, ends)``: the id of every token (UNKNOWN when
    the table lacks it), sentence offsets into the tokens, and each token's hash and byte
    span, so that the caller can learn the unknown ones.
    """
    cdef Py_ssize_t nbytes = data.shape[0]
    cdef Py_ssize_t cap = nbytes // 2 + 1
    ids_arr = np.empty(cap, dtype=np.int64)
    hashes_arr = np.empty(cap, dtype=np.uint64)
    starts_arr = np.empty(cap, dtype=np.int64)
    ends_arr = np.empty(cap, dtype=np.int64)
    offsets_arr = np.zeros(n_sentences + 1, dtype=np.int64)
    cdef long long[::1] ids = ids_arr, starts = starts_arr, ends = ends_arr
    cdef long long[::1] offsets = offsets_arr
    cdef unsigned long long[::1] hashes = hashes_arr
    cdef Py_ssize_t ntok = 0, sent = 0, i = 0, start, s
    cdef unsigned char b
    cdef unsigned long long h
    with nogil:
        while i < nbytes:
            b = data[i]
            if b == 10:
                sent += 1
                offsets[sent] = ntok
                i += 1
                continue
            if is_space(b):
                i += 1
                continue
            start = i
            while i < nbytes and not is_space(data[i]):
                i += 1
            h = fnv1a(1, &data[0], start, i)
            ids[ntok] = _find(keys, vals, h)
            hashes[ntok] = h
            starts[ntok] = start
            ends[ntok] = i
            ntok += 1
        for s in range(sent + 1, n_sentences + 1):
            offsets[s] = ntok
    return (ids_arr[:ntok].copy(), offsets_arr, hashes_arr[:ntok], starts_arr[:ntok],
            ends_arr[:ntok])


cdef inline bint _joiner(Py_UCS4 c) noexcept:
    # "-", "'" and U+2019 join two runs of letters or digits into one token.
    return c == 45 or c == 39 or c == 0x2019


def lookup_raw_words(list sentences, const unsigned long long[::1] keys,
                     const long long[::1] vals):
    """The tokens of raw English sentences that linseg.text.words.raw_word_tokens finds (the
    rule ``[^\\W_]+(?:[-'\\u2019][^\\W_]+)*|[^\\w\\s-]|_`` as Python's re reads it: a word
    character is one str.isalnum() accepts, or "_"), each hashed (``fnv1a`` of its code
    points, which for ASCII are its bytes, as lookup_tokens hashes them) and looked up.

    Returns ``(ids, offsets, hashes, sentence, starts, ends)``: as lookup_tokens's, with
    each token's sentence, and its span within that sentence.
    """
    cdef Py_ssize_t total = 0, n, i, start, ntok = 0, s
    cdef str text
    cdef int kind
    cdef void* data
    cdef Py_UCS4 c
    cdef unsigned long long h
    for text in sentences:
        total += len(text)
    ids_arr = np.empty(total, dtype=np.int64)
    hashes_arr = np.empty(total, dtype=np.uint64)
    which_arr = np.empty(total, dtype=np.int64)
    starts_arr = np.empty(total, dtype=np.int64)
    ends_arr = np.empty(total, dtype=np.int64)
    offsets_arr = np.zeros(len(sentences) + 1, dtype=np.int64)
    cdef long long[::1] ids = ids_arr, which = which_arr, starts = starts_arr
    cdef long long[::1] ends = ends_arr, offsets = offsets_arr
    cdef unsigned long long[::1] hashes = hashes_arr
    for s in range(len(sentences)):
        text = sentences[s]
        n = len(text)
        kind = PyUnicode_KIND(text)
        data = PyUnicode_DATA(text)
        i = 0
        while i < n:
            c = PyUnicode_READ(kind, data, i)
            start = i
            i += 1
            if Py_UNICODE_ISALNUM(c):
                while True:
                    while i < n and Py_UNICODE_ISALNUM(PyUnicode_READ(kind, data, i)):
                        i += 1
                    if (i + 1 < n and _joiner(PyUnicode_READ(kind, data, i))
                            and Py_UNICODE_ISALNUM(PyUnicode_READ(kind, data, i + 1))):
                        i += 2
                        continue
                    break
            elif c != 95 and (c == 45 or Py_UNICODE_ISSPACE(c)):
                continue  # white space, and a "-" standing alone (a dash), are no token
            h = fnv1a(kind, data, start, i)
            ids[ntok] = _find(keys, vals, h)
            hashes[ntok] = h
            which[ntok] = s
            starts[ntok] = start
            ends[ntok] = i
            ntok += 1
        offsets[s + 1] = ntok
    return (ids_arr[:ntok].copy(), offsets_arr, hashes_arr[:ntok], which_arr[:ntok],
            starts_arr[:ntok], ends_arr[:ntok])


def hash_put_many(unsigned long long[::1] keys, long long[::1] vals,
                  const unsigned long long[::1] hashes, const long long[::1] values):
    """Store each ``values[i]`` under ``hashes[i]`` (the table must have room for them);
    returns how many slots were new."""
    cdef Py_ssize_t i, new = 0
    with nogil:
        for i in range(hashes.shape[0]):
            new += put(keys, vals, hashes[i], values[i])
    return new

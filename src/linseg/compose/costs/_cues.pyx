# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled reading of section cues: the tokens of each paragraph, the features that
compare the two sides of each gap, and the summed weights of each paragraph's own
features; see linseg.compose.costs.cues, whose strings define them."""

import numpy as np

from cpython.unicode cimport (
    Py_UNICODE_ISDECIMAL,
    Py_UNICODE_ISSPACE,
    PyUnicode_DATA,
    PyUnicode_KIND,
    PyUnicode_READ,
)
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport free, malloc

from linseg.text._text cimport fnv1a


# How many comparison families there are (linseg.compose.costs.cues._PAIR_FAMILIES).
cdef Py_ssize_t FAMILIES = 6


cdef inline bint _ascii_letter(Py_UCS4 c) noexcept:
    return (c >= 65 and c <= 90) or (c >= 97 and c <= 122)


def token_spans(list texts):
    """The tokens of each of ``texts`` by the rule ``[A-Za-z][A-Za-z']*|\\d+|[^\\sA-Za-z\\d]``
    (as Python's ``re`` reads it in a str pattern: ``\\d`` a Unicode decimal digit, ``\\s``
    Unicode white space): ``(starts, ends, hashes, offsets)``, where the tokens of text
    ``p`` are ``offsets[p]`` to ``offsets[p + 1]``, each spanning ``starts[t]:ends[t]`` of
    its text, and ``hashes`` is each token's hash (linseg.text._text's ``fnv1a``)."""
    cdef Py_ssize_t total = 0, p, i, n, t = 0, start
    cdef str text
    cdef Py_UCS4 c
    for text in texts:
        total += len(text)
    starts_a = np.empty(total, dtype=np.int64)
    ends_a = np.empty(total, dtype=np.int64)
    hashes_a = np.empty(total, dtype=np.uint64)
    offsets_a = np.empty(len(texts) + 1, dtype=np.int64)
    cdef long long[::1] starts = starts_a, ends = ends_a, offsets = offsets_a
    cdef uint64_t[::1] hashes = hashes_a
    cdef int kind
    cdef void* data
    offsets[0] = 0
    for p in range(len(texts)):
        text = texts[p]
        n = len(text)
        kind = PyUnicode_KIND(text)
        data = PyUnicode_DATA(text)
        i = 0
        while i < n:
            c = PyUnicode_READ(kind, data, i)
            if Py_UNICODE_ISSPACE(c):
                i += 1
                continue
            start = i
            i += 1
            if _ascii_letter(c):
                while i < n:
                    c = PyUnicode_READ(kind, data, i)
                    if not (_ascii_letter(c) or c == 39):  # 39: "'"
                        break
                    i += 1
            elif Py_UNICODE_ISDECIMAL(c):
                while i < n and Py_UNICODE_ISDECIMAL(PyUnicode_READ(kind, data, i)):
                    i += 1
            starts[t] = start
            ends[t] = i
            hashes[t] = fnv1a(kind, data, start, i)
            t += 1
        offsets[p + 1] = t
    return starts_a[:t], ends_a[:t], hashes_a[:t], offsets_a


cdef void _sort(uint64_t* values, Py_ssize_t n) noexcept nogil:
    """Sort ``values`` in place (Shell's sort with Ciura's gaps: a paragraph's tokens are
    few, and a sort without a comparison callback is several times faster for them)."""
    cdef Py_ssize_t g, gap, i, j
    cdef uint64_t v
    cdef Py_ssize_t gaps[15]
    gaps[:] = [227011, 100894, 44842, 19930, 8858, 3937, 1750, 701, 301, 132, 57, 23, 10, 4, 1]
    for g in range(15):
        gap = gaps[g]
        if gap >= n:
            continue
        for i in range(gap, n):
            v = values[i]
            j = i
            while j >= gap and values[j - gap] > v:
                values[j] = values[j - gap]
                j -= gap
            values[j] = v


cdef Py_ssize_t _distinct(const uint64_t* sorted_values, Py_ssize_t n, uint64_t* out) noexcept nogil:
    """The distinct values of a sorted array, into ``out``; returns how many."""
    cdef Py_ssize_t i, kept = 0
    for i in range(n):
        if kept == 0 or sorted_values[i] != out[kept - 1]:
            out[kept] = sorted_values[i]
            kept += 1
    return kept


cdef Py_ssize_t _shared(const uint64_t* a, Py_ssize_t na, const uint64_t* b,
                        Py_ssize_t nb) noexcept nogil:
    """How many values two sorted sets have in common."""
    cdef Py_ssize_t i = 0, j = 0, both = 0
    while i < na and j < nb:
        if a[i] < b[j]:
            i += 1
        elif a[i] > b[j]:
            j += 1
        else:
            both += 1
            i += 1
            j += 1
    return both


cdef Py_ssize_t _union(const uint64_t* values, const long long* offsets, Py_ssize_t first,
                       Py_ssize_t last, uint64_t* out, uint64_t* scratch) noexcept nogil:
    """The union of the sorted sets ``first .. last - 1`` (``values[offsets[s]:offsets[s +
    1]]``) into ``out``, sorted; returns its size."""
    cdef Py_ssize_t s, i, j, k, n = 0, m
    cdef const uint64_t* b
    for s in range(first, last):
        b = values + offsets[s]
        m = offsets[s + 1] - offsets[s]
        # Merge out[:n] with b[:m] into scratch, then back.
        i = j = k = 0
        while i < n and j < m:
            if out[i] < b[j]:
                scratch[k] = out[i]
                i += 1
            elif out[i] > b[j]:
                scratch[k] = b[j]
                j += 1
            else:
                scratch[k] = out[i]
                i += 1
                j += 1
            k += 1
        while i < n:
            scratch[k] = out[i]
            i += 1
            k += 1
        while j < m:
            scratch[k] = b[j]
            j += 1
            k += 1
        for i in range(k):
            out[i] = scratch[i]
        n = k
    return n


cdef inline long long _share(long long scale, Py_ssize_t part, Py_ssize_t whole) noexcept nogil:
    # Python's int(scale * part / max(1, whole)): the integer product, one correctly rounded
    # division, truncation.
    return <long long>(<double>(scale * part) / <double>(whole if whole > 1 else 1))


cdef inline long long _overlap(double scale, Py_ssize_t shared, Py_ssize_t pooled) noexcept nogil:
    # Python's int(scale * (shared / max(1, pooled))): the division, then the product.
    return <long long>(scale * (<double>shared / <double>(pooled if pooled > 1 else 1)))


def pair_buckets(const uint64_t[::1] hashes, const long long[::1] offsets,
                 const unsigned char[::1] content, Py_ssize_t window):
    """For the gap before each paragraph after the first, the bucket of each comparison
    family (linseg.compose.costs.cues._pair_buckets, which documents them), from the tokens'
    hashes, each paragraph's token range (``offsets``) and which tokens are content
    words."""
    cdef Py_ssize_t n = offsets.shape[0] - 1, total = hashes.shape[0]
    cdef Py_ssize_t p, t, i, a, b, k, shared, before_n, after_n, across, n_tokens, seen
    cdef Py_ssize_t prev_content, cur_content, cur_before
    out_a = np.zeros((max(n - 1, 0), FAMILIES), dtype=np.int64)
    if n < 2:
        return out_a
    cdef long long[:, ::1] out = out_a
    # Per paragraph: its tokens sorted (with repeats), its distinct tokens, and its
    # distinct content words, each in one flat buffer with offsets.
    cdef uint64_t* tokens = <uint64_t*>malloc((total + 1) * sizeof(uint64_t))
    cdef uint64_t* distinct = <uint64_t*>malloc((total + 1) * sizeof(uint64_t))
    cdef uint64_t* contents = <uint64_t*>malloc((total + 1) * sizeof(uint64_t))
    cdef uint64_t* before = <uint64_t*>malloc((total + 1) * sizeof(uint64_t))
    cdef uint64_t* after = <uint64_t*>malloc((total + 1) * sizeof(uint64_t))
    cdef uint64_t* scratch = <uint64_t*>malloc((total + 1) * sizeof(uint64_t))
    cdef long long* d_off = <long long*>malloc((n + 1) * sizeof(long long))
    cdef long long* c_off = <long long*>malloc((n + 1) * sizeof(long long))
    if (tokens == NULL or distinct == NULL or contents == NULL or before == NULL
            or after == NULL or scratch == NULL or d_off == NULL or c_off == NULL):
        free(tokens); free(distinct); free(contents); free(before); free(after)
        free(scratch); free(d_off); free(c_off)
        raise MemoryError()
    try:
        with nogil:
            d_off[0] = c_off[0] = 0
            for p in range(n):
                a, b = offsets[p], offsets[p + 1]
                # Bit 0 of each hash says whether the token is a content word (a token is
                # one or the other wherever it occurs), so one sort serves both sets.
                for t in range(a, b):
                    tokens[t] = (hashes[t] & ~(<uint64_t>1)) | (content[t] != 0)
                _sort(tokens + a, b - a)
                d_off[p + 1] = d_off[p] + _distinct(tokens + a, b - a, distinct + d_off[p])
                k = 0
                for t in range(d_off[p], d_off[p + 1]):
                    if distinct[t] & 1:
                        contents[c_off[p] + k] = distinct[t]
                        k += 1
                c_off[p + 1] = c_off[p] + k
            for i in range(1, n):
                n_tokens = offsets[i + 1] - offsets[i]
                # Tokens of this paragraph (with repeats) met in the one before.
                seen = 0
                a = d_off[i - 1]
                b = d_off[i]
                for t in range(offsets[i], offsets[i + 1]):
                    while a < b and distinct[a] < tokens[t]:
                        a += 1
                    if a < b and distinct[a] == tokens[t]:
                        seen += 1
                prev_content = c_off[i] - c_off[i - 1]
                cur_content = c_off[i + 1] - c_off[i]
                shared = _shared(contents + c_off[i - 1], prev_content,
                                 contents + c_off[i], cur_content)
                before_n = _union(contents, c_off, i - window if i > window else 0, i,
                                  before, scratch)
                after_n = _union(contents, c_off, i, i + window if i + window < n else n,
                                 after, scratch)
                across = _shared(before, before_n, after, after_n)
                cur_before = _shared(contents + c_off[i], cur_content, before, before_n)
                k = (6 * i) // n  # int(6 * i / n): exact in integers, as i < n
                out[i - 1, 0] = k if k < 5 else 5
                out[i - 1, 1] = _share(5, n_tokens - seen, n_tokens)
                out[i - 1, 2] = _overlap(10.0, shared, prev_content + cur_content - shared)
                out[i - 1, 3] = shared if shared < 5 else 5
                out[i - 1, 4] = _overlap(20.0, across, before_n + after_n - across)
                out[i - 1, 5] = _share(5, cur_content - cur_before, cur_content)
    finally:
        free(tokens); free(distinct); free(contents); free(before); free(after)
        free(scratch); free(d_off); free(c_off)
    return out_a


# --- each paragraph's own features, hashed as training hashes their strings -------------

cdef uint32_t CRC_TABLE[256]
# zlib's CRC-32: the reflected polynomial, and the register's start and final inversion.
cdef uint32_t POLYNOMIAL = 0xEDB88320U
cdef uint32_t ALL_ONES = 0xFFFFFFFFU


cdef void _fill_crc_table() noexcept:
    cdef uint32_t c, n, k
    for n in range(256):
        c = n
        for k in range(8):
            c = (POLYNOMIAL ^ (c >> 1)) if c & 1 else (c >> 1)
        CRC_TABLE[n] = c


_fill_crc_table()


cdef inline uint32_t _crc_byte(uint32_t crc, uint32_t b) noexcept nogil:
    return CRC_TABLE[(crc ^ b) & 0xFF] ^ (crc >> 8)


cdef inline uint32_t _crc_char(uint32_t crc, uint32_t c) noexcept nogil:
    # The character's UTF-8 bytes (a lone surrogate as its three bytes, as Python's
    # "surrogatepass" writes it).
    if c < 0x80:
        return _crc_byte(crc, c)
    if c < 0x800:
        crc = _crc_byte(crc, 0xC0 | (c >> 6))
        return _crc_byte(crc, 0x80 | (c & 0x3F))
    if c < 0x10000:
        crc = _crc_byte(crc, 0xE0 | (c >> 12))
        crc = _crc_byte(crc, 0x80 | ((c >> 6) & 0x3F))
        return _crc_byte(crc, 0x80 | (c & 0x3F))
    crc = _crc_byte(crc, 0xF0 | (c >> 18))
    crc = _crc_byte(crc, 0x80 | ((c >> 12) & 0x3F))
    crc = _crc_byte(crc, 0x80 | ((c >> 6) & 0x3F))
    return _crc_byte(crc, 0x80 | (c & 0x3F))


cdef inline uint32_t _crc_prefix(const char* prefix) noexcept nogil:
    # The running CRC-32 (zlib's) after an ASCII prefix such as "f1=".
    cdef uint32_t crc = ALL_ONES
    cdef Py_ssize_t i = 0
    while prefix[i] != 0:
        crc = _crc_byte(crc, <unsigned char>prefix[i])
        i += 1
    return crc


cdef inline uint32_t _crc_span(uint32_t crc, int kind, void* data, Py_ssize_t a,
                               Py_ssize_t b) noexcept:
    cdef Py_ssize_t i
    for i in range(a, b):
        crc = _crc_char(crc, <uint32_t>PyUnicode_READ(kind, data, i))
    return crc


cdef inline uint32_t _crc_tokens(uint32_t crc, int kind, void* data,
                                 const long long[::1] starts, const long long[::1] ends,
                                 Py_ssize_t a, Py_ssize_t b) noexcept:
    # The running CRC-32 after tokens a .. b - 1, joined by spaces (" ".join of them).
    cdef Py_ssize_t t
    for t in range(a, b):
        if t > a:
            crc = _crc_byte(crc, 32)
        crc = _crc_span(crc, kind, data, starts[t], ends[t])
    return crc


cdef inline bint _same(int kind, void* data, Py_ssize_t a, Py_ssize_t b, Py_ssize_t c,
                       Py_ssize_t d) noexcept:
    # Whether two spans of one text hold the same characters.
    cdef Py_ssize_t i
    if b - a != d - c:
        return False
    for i in range(b - a):
        if PyUnicode_READ(kind, data, a + i) != PyUnicode_READ(kind, data, c + i):
            return False
    return True


cdef inline double _weight(const double[::1] weights, uint64_t mask, uint32_t crc) noexcept nogil:
    return weights[<Py_ssize_t>(<uint64_t>(crc ^ ALL_ONES) & mask)]


def paragraph_weights(list texts, list lowers, const long long[::1] starts,
                      const long long[::1] ends, const uint64_t[::1] hashes,
                      const long long[::1] offsets, const double[::1] weights,
                      Py_ssize_t first_words, Py_ssize_t title_words):
    """Each paragraph's summed weights as the paragraph after a gap (``opening``: its first
    one, two and three tokens, its length bucket, its sentences up to four, and each
    distinct word of its first ``first_words`` tokens of its first sentence) and as the
    one before (``closing``: its last token and two, its last character, its length
    bucket), and where ``title_words`` is not 0 and the paragraph is a title (one line of
    at most ``title_words`` words, not ending in ``.``, ``:``, ``;`` or ``,``) ``ot=1``
    and ``pt=1``, in a model of ``len(weights)`` (a power of two) hashed weights: the weights
    of the strings linseg.compose.costs.cues._Paragraph writes, each looked up at its CRC-32
    (zlib's, of its UTF-8), as training hashes them. ``texts`` are the paragraphs
    stripped, ``lowers`` their lower case, which the tokens (``token_spans``) span."""
    cdef Py_ssize_t n = len(texts), p, a, b, t, u, k, words, marks, first_end, limit
    cdef Py_ssize_t length, i, size
    cdef uint64_t mask = <uint64_t>weights.shape[0] - 1
    cdef uint32_t crc
    cdef double total
    cdef str text, lower
    cdef int kind, okind
    cdef void* data
    cdef void* odata
    cdef Py_UCS4 c
    cdef bint in_word, one_line, title
    opening_a = np.empty(n, dtype=np.float64)
    closing_a = np.empty(n, dtype=np.float64)
    cdef double[::1] opening = opening_a, closing = closing_a
    # The running CRC-32 after each feature's prefix, the same for every paragraph.
    cdef uint32_t first_tokens[3]
    cdef uint32_t last_tokens[2]
    first_tokens[:] = [_crc_prefix(b"f1="), _crc_prefix(b"f2="), _crc_prefix(b"f3=")]
    last_tokens[:] = [_crc_prefix(b"l1="), _crc_prefix(b"l2=")]
    cdef uint32_t lb = _crc_prefix(b"lb="), la = _crc_prefix(b"la="), ns = _crc_prefix(b"ns=")
    cdef uint32_t pe = _crc_prefix(b"pe="), bw = _crc_prefix(b"b:")
    cdef uint32_t ot = _crc_prefix(b"ot=1"), pt = _crc_prefix(b"pt=1")
    for p in range(n):
        text = texts[p]
        lower = lowers[p]
        kind = PyUnicode_KIND(lower)
        data = PyUnicode_DATA(lower)
        size = len(lower)
        a, b = offsets[p], offsets[p + 1]
        # Words as str.split() counts them, in lower case as in the text itself.
        words = 0
        in_word = False
        one_line = True
        for i in range(size):
            c = PyUnicode_READ(kind, data, i)
            if Py_UNICODE_ISSPACE(c):
                in_word = False
                if c == 10:
                    one_line = False
            elif not in_word:
                in_word = True
                words += 1
        if words > 127:
            words = 127
        # cues.title_like
        title = False
        if title_words and one_line and 0 < words <= title_words:
            okind = PyUnicode_KIND(text)
            odata = PyUnicode_DATA(text)
            c = PyUnicode_READ(okind, odata, len(text) - 1)
            title = not (c == 46 or c == 58 or c == 59 or c == 44)
        length = 0
        while (words + 1) >> (length + 1):
            length += 1
        if length > 6:
            length = 6
        # The first sentence ends at the first ".", "!" or "?" followed by white space;
        # up to two more such ends are counted.
        first_end = -1
        marks = 0
        i = 0
        while i + 1 < size and marks < 3:
            c = PyUnicode_READ(kind, data, i)
            if (c == 46 or c == 33 or c == 63) and Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, i + 1)):
                if first_end < 0:
                    first_end = i + 1
                marks += 1
                i += 2
            else:
                i += 1
        # The tokens of the first sentence: those that end by its end.
        limit = b
        if first_end >= 0:
            limit = a
            while limit < b and ends[limit] <= first_end:
                limit += 1
        if limit > a + first_words:
            limit = a + first_words
        total = 0.0
        # f1, f2, f3: the first one, two, three tokens, joined by spaces.
        for k in range(3):
            total += _weight(weights, mask, _crc_tokens(
                first_tokens[k], kind, data, starts, ends, a, a + k + 1 if a + k + 1 < b else b))
        total += _weight(weights, mask, _crc_byte(lb, 48 + length))
        total += _weight(weights, mask, _crc_byte(ns, 48 + 1 + marks))
        # b: each distinct word of the first sentence's first tokens, once.
        for t in range(a, limit):
            for u in range(a, t):
                if hashes[u] == hashes[t] and _same(kind, data, starts[u], ends[u], starts[t], ends[t]):
                    break
            else:
                total += _weight(weights, mask, _crc_span(bw, kind, data, starts[t], ends[t]))
        if title:
            total += _weight(weights, mask, ot)
        opening[p] = total
        total = 0.0
        # l1, l2: the last token, and the last two.
        for k in range(2):
            total += _weight(weights, mask, _crc_tokens(
                last_tokens[k], kind, data, starts, ends, b - k - 1 if b - k - 1 > a else a, b))
        crc = pe
        if len(text):
            okind = PyUnicode_KIND(text)
            odata = PyUnicode_DATA(text)
            crc = _crc_char(crc, <uint32_t>PyUnicode_READ(okind, odata, len(text) - 1))
        else:
            crc = _crc_byte(crc, 95)  # "_"
        total += _weight(weights, mask, crc)
        total += _weight(weights, mask, _crc_byte(la, 48 + length))
        if title:
            total += _weight(weights, mask, pt)
        closing[p] = total
    return opening_a, closing_a

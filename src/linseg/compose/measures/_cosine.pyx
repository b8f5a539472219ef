# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled kernels of the cosine similarity of stem counts (equation 1); see
linseg.compose.measures.cosine."""

import numpy as np

from libc.math cimport sqrt


def sentence_vectors(const long long[::1] ids, const long long[::1] offsets, Py_ssize_t n_vocab):
    """Each sentence as a sparse stem-count vector: (ustem, ucount, ustart, sq, owner, v)."""
    cdef Py_ssize_t n = offsets.shape[0] - 1
    cdef Py_ssize_t ntok = ids.shape[0]
    local_arr = np.full(n_vocab + 1, -1, dtype=np.int64)
    count_arr = np.zeros(ntok + 1, dtype=np.int64)  # by local stem, reset after each sentence
    ustem_arr = np.empty(ntok, dtype=np.int64)
    ucount_arr = np.empty(ntok, dtype=np.int64)
    owner_arr = np.empty(ntok, dtype=np.int64)
    ustart_arr = np.zeros(n + 1, dtype=np.int64)
    sq_arr = np.zeros(n, dtype=np.int64)
    cdef long long[::1] local = local_arr, count = count_arr, ustem = ustem_arr
    cdef long long[::1] ucount = ucount_arr, owner = owner_arr, ustart = ustart_arr, sq = sq_arr
    cdef Py_ssize_t i, t, u, m = 0, v = 0
    cdef long long g, s, c
    with nogil:
        for i in range(n):
            ustart[i] = m
            for t in range(offsets[i], offsets[i + 1]):
                g = ids[t]
                if g >= 0:
                    s = local[g]
                    if s < 0:
                        s = v
                        local[g] = v
                        v += 1
                    if count[s] == 0:
                        ustem[m] = s
                        m += 1
                    count[s] += 1
            for u in range(ustart[i], m):
                c = count[ustem[u]]
                ucount[u] = c
                owner[u] = i
                sq[i] += c * c
                count[ustem[u]] = 0
        ustart[n] = m
    return ustem_arr[:m], ucount_arr[:m], ustart_arr, sq_arr, owner_arr[:m], v


def cosine_ids(const long long[::1] ids, const long long[::1] offsets, Py_ssize_t n_vocab):
    """The float32 cosine matrix of the sentences' stem counts, from stem ids."""
    cdef Py_ssize_t n = offsets.shape[0] - 1
    ustem_arr, ucount_arr, ustart_arr, sq_arr, owner_arr, v_obj = sentence_vectors(
        ids, offsets, n_vocab
    )
    cdef const long long[::1] ustem = ustem_arr, ucount = ucount_arr, ustart = ustart_arr
    cdef const long long[::1] sq = sq_arr, owner = owner_arr
    cdef Py_ssize_t v = v_obj, m = ustem.shape[0]
    # Postings: for every stem, the sentences that hold it, in sentence order. Most stems
    # occur in one or two sentences, so walking postings touches only the non-zero dots.
    pstart_arr = np.zeros(v + 1, dtype=np.int64)
    fill_arr = np.empty(v, dtype=np.int64)
    psent_arr = np.empty(m, dtype=np.int64)
    pcount_arr = np.empty(m, dtype=np.int64)
    out_arr = np.zeros((n, n), dtype=np.float32)
    dot_arr = np.zeros(n, dtype=np.int64)
    touched_arr = np.empty(n, dtype=np.int64)
    cdef long long[::1] pstart = pstart_arr, fill = fill_arr, psent = psent_arr
    cdef long long[::1] pcount = pcount_arr, dot = dot_arr, touched = touched_arr
    cdef float[:, ::1] out = out_arr
    cdef Py_ssize_t u, s, i, j, q, t, nt
    cdef long long c
    cdef float den, val
    with nogil:
        for u in range(m):
            pstart[ustem[u] + 1] += 1
        for s in range(v):
            pstart[s + 1] += pstart[s]
        for s in range(v):
            fill[s] = pstart[s]
        for u in range(m):  # entries are in sentence order, so each posting list is too
            s = ustem[u]
            psent[fill[s]] = owner[u]
            pcount[fill[s]] = ucount[u]
            fill[s] += 1
        for i in range(n):
            nt = 0
            for u in range(ustart[i], ustart[i + 1]):
                s = ustem[u]
                c = ucount[u]
                for q in range(pstart[s], pstart[s + 1]):
                    j = psent[q]
                    if j > i:
                        break
                    if dot[j] == 0:
                        touched[nt] = j
                        nt += 1
                    dot[j] += c * pcount[q]
            for t in range(nt):
                j = touched[t]
                den = <float>sqrt(<double>(sq[i] * sq[j]))
                val = <float>dot[j] / den
                out[i, j] = val
                out[j, i] = val
                dot[j] = 0
    return out_arr

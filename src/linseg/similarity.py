"""Sentence x sentence similarity measures (the paper's section 3.1).

A segmenter, in the paper's conclusion, is "a similarity measure plus a clustering
strategy". This module holds the measures; :mod:`linseg.density` holds the clustering.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from scipy import sparse

__all__ = ["cosine", "cosine_from_ids", "gram"]


def gram(counts: np.ndarray | sparse.spmatrix) -> np.ndarray:
    """Exact integer dot products ``f_x . f_y`` of every pair of sentences (int64)."""
    if sparse.issparse(counts):
        c = sparse.csr_matrix(counts, dtype=np.int64)
        return np.asarray((c @ c.T).toarray(), dtype=np.int64)
    # float64 matmul goes through BLAS and is exact while entries stay below 2**53.
    c = np.asarray(counts, dtype=np.float64)
    return np.rint(c @ c.T).astype(np.int64)


def cosine(counts: np.ndarray | sparse.spmatrix) -> np.ndarray:
    """The cosine similarity matrix of equation (1), in float32 as the author computes it.

    ``sim(x, y) = sum_j f_xj f_yj / sqrt(sum_j f_xj^2 * sum_j f_yj^2)``, evaluated as
    ``float32(dot) / float32(sqrt(|x|^2 |y|^2))`` from the integer counts. Rounding to
    float32 is deliberate: it decides ties in the rank transform exactly as the
    reference implementation does. A sentence without words has similarity 0 to every
    sentence, itself included.
    """
    g = gram(counts)
    sq = np.diag(g).astype(np.float64)
    denom = np.sqrt(np.multiply.outer(sq, sq)).astype(np.float32)
    out = np.zeros(g.shape, dtype=np.float32)
    np.divide(g.astype(np.float32), denom, out=out, where=denom > 0)
    return out


@njit(cache=True, nogil=True)
def _cosine_ids(ids: np.ndarray, offsets: np.ndarray, n_vocab: int) -> np.ndarray:
    n = offsets.shape[0] - 1
    ntok = ids.shape[0]
    # Each sentence as a sparse vector: its distinct stems (ustem) with counts (ucount).
    dense = np.zeros(n_vocab + 1, dtype=np.int64)
    ustem = np.empty(ntok, dtype=np.int64)
    ucount = np.empty(ntok, dtype=np.int64)
    ustart = np.zeros(n + 1, dtype=np.int64)
    sq = np.zeros(n, dtype=np.int64)
    m = 0
    for i in range(n):
        ustart[i] = m
        for t in range(offsets[i], offsets[i + 1]):
            g = ids[t]
            if g >= 0:
                if dense[g] == 0:
                    ustem[m] = g
                    m += 1
                dense[g] += 1
        for u in range(ustart[i], m):
            c = dense[ustem[u]]
            ucount[u] = c
            sq[i] += c * c
            dense[ustem[u]] = 0
    ustart[n] = m
    out = np.zeros((n, n), dtype=np.float32)
    for i in range(n):
        if sq[i] == 0:
            continue
        # Scatter sentence i into the dense buffer, dot it with every earlier sentence.
        for u in range(ustart[i], ustart[i + 1]):
            dense[ustem[u]] = ucount[u]
        for j in range(i + 1):
            dot = 0
            for u in range(ustart[j], ustart[j + 1]):
                dot += dense[ustem[u]] * ucount[u]
            if dot == 0:
                continue
            den = np.float32(np.sqrt(np.float64(sq[i] * sq[j])))
            val = np.float32(dot) / den
            out[i, j] = val
            out[j, i] = val
        for u in range(ustart[i], ustart[i + 1]):
            dense[ustem[u]] = 0
    return out


def cosine_from_ids(ids: np.ndarray, offsets: np.ndarray, n_vocab: int | None = None) -> np.ndarray:
    """:func:`cosine` of the count matrix described by stem ids, without building it.

    ``ids[offsets[i]:offsets[i + 1]]`` are the stem ids of sentence ``i`` (-1 for tokens
    that do not count), as returned by :meth:`linseg.text.TextProcessor.ids`. The result
    equals ``cosine(counts)`` bit for bit.
    """
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    if n_vocab is None:
        n_vocab = int(ids.max()) + 1 if ids.size else 0
    return _cosine_ids(ids, offsets, int(n_vocab))

"""Sentence x sentence similarity measures (the paper's section 3.1).

A segmenter, in the paper's conclusion, is "a similarity measure plus a clustering
strategy". This module holds the measures; :mod:`linseg.density` holds the clustering.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import numpy as np

from . import _similarity
from .base import check_int

if TYPE_CHECKING:
    from scipy import sparse

__all__ = ["cosine", "cosine_from_ids", "gram", "self_products", "sentence_vectors"]

#: The most rows :func:`self_products` multiplies in one call.
PRODUCT_ROWS = 4096


def self_products(x: np.ndarray) -> np.ndarray:
    """``x @ x.T``, the dot product of every pair of rows, computed in blocks of at most
    :data:`PRODUCT_ROWS` rows.

    numpy hands ``x @ x.T`` to BLAS's symmetric product (``syrk``), which in OpenBLAS
    0.3.31 (numpy 2.4's wheels) crashed the process with two or more threads on a matrix
    of 20,000 x 300 (17,000 rows passed). A block of rows times ``x.T`` is an ordinary
    product, which does not. A matrix of at most :data:`PRODUCT_ROWS` rows is one call, as
    before, so its products are the same to the bit.
    """
    n = x.shape[0]
    if n <= PRODUCT_ROWS:
        return x @ x.T
    out = np.empty((n, n), dtype=x.dtype)
    for start in range(0, n, PRODUCT_ROWS):
        np.matmul(x[start : start + PRODUCT_ROWS], x.T, out=out[start : start + PRODUCT_ROWS])
    return out


def gram(counts: np.ndarray | sparse.spmatrix) -> np.ndarray:
    """Exact integer dot products ``f_x . f_y`` of every pair of sentences (int64)."""
    if _is_sparse(counts):
        from scipy import sparse

        c = sparse.csr_matrix(counts, dtype=np.int64)
        return np.asarray((c @ c.T).toarray(), dtype=np.int64)
    # float64 matmul goes through BLAS and is exact while entries stay below 2**53.
    c = np.asarray(counts, dtype=np.float64)
    return np.rint(self_products(c)).astype(np.int64)


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


def sentence_vectors(
    ids: np.ndarray, offsets: np.ndarray, n_vocab: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """Each sentence as a sparse stem-count vector, from stem ids.

    Returns ``(ustem, ucount, ustart, sq, owner, v)``: the document's stems are renumbered
    ``0 .. v - 1`` in order of first appearance; sentence ``i``'s distinct stems are
    ``ustem[ustart[i]:ustart[i + 1]]`` with counts ``ucount[...]``, ``sq[i]`` is its squared
    norm ``sum_j f_ij^2``, and ``owner[u]`` the sentence of entry ``u``.
    """
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    return _similarity.sentence_vectors(ids, offsets, int(n_vocab))


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
    return _similarity.cosine_ids(ids, offsets, int(n_vocab))


# Measures for Reynar's dot-plotting (the paper's Experiment 3). ``counts`` is a sentence x
# stem matrix f, as from :meth:`linseg.text.TextProcessor.counts`.


def dots(counts: np.ndarray | sparse.spmatrix) -> np.ndarray:
    """Dots of Reynar's dot-plot between every pair of sentences (float64, n x n).

    The dot-plot puts a dot at word positions (p, q) whenever the words there share a
    stem. The block of sentences x and y then holds ``sum_j f_xj f_yj`` dots, the
    numerator of equation (1): the "dot density" measure of R98 and R98_(m,dot). The
    diagonal counts each word against itself, as the plot's main diagonal does.
    """
    # Sparse: a sentence holds a few of the document's stems, and a dense product of
    # this shape is slower than the sparse one, more so when BLAS threads contend.
    return gram(_sparse_counts(counts)).astype(np.float64)


def _is_sparse(counts: object) -> bool:
    # SciPy loads only for the measures that need it: a sparse matrix can only exist if
    # scipy.sparse has been imported already.
    module = sys.modules.get("scipy.sparse")
    return module is not None and bool(module.issparse(counts))


def _sparse_counts(counts: np.ndarray | sparse.spmatrix) -> sparse.csr_matrix:
    from scipy import sparse

    if not sparse.issparse(counts):
        counts = np.asarray(counts)
        if counts.ndim != 2:
            raise ValueError(f"counts must be a sentence x stem matrix, got shape {counts.shape}")
    return sparse.csr_matrix(counts, dtype=np.float64)


def cooccurrence_transition(counts: np.ndarray | sparse.spmatrix) -> np.ndarray:
    """The word transition matrix t of equation (trans), stem x stem.

    ``t_ij = p(w_j | w_i) = f(w_i, w_j) / sum_j f(w_i, w_j)``. The co-occurrence frequency
    ``f(w_i, w_j)`` counts the pairs of distinct token positions, one holding w_i and the
    other w_j, that share a sentence ("words that belong to the same sentence are
    considered to be related"): ``f = counts^T counts - diag(column sums)``, so a token is
    not paired with itself, though two tokens of one stem in a sentence are. A stem never
    sharing a sentence with another token has an empty row: no transition is defined
    for it, and its row of t is zero.
    """
    f = _sparse_counts(counts)
    co = (f.T @ f).toarray()
    co -= np.diag(np.asarray(f.sum(axis=0)).ravel())
    return _stochastic(co)


def cooccurrence_totals(counts: np.ndarray | sparse.spmatrix) -> np.ndarray:
    """``sum_j f(w_i, w_j)`` for every stem: the row sums of the co-occurrence counts of
    :func:`cooccurrence_transition`, without forming them. Each token of w_i pairs with
    the other tokens of its sentence: ``f^T (tokens per sentence) - (tokens of w_i)``.
    Zero for a stem that never shares a sentence with another token."""
    f = _sparse_counts(counts)
    return f.T @ np.asarray(f.sum(axis=1)).ravel() - np.asarray(f.sum(axis=0)).ravel()


def _stochastic(m: np.ndarray) -> np.ndarray:
    # norm(y) of equation (spread): each row divided by its sum; an empty row stays zero.
    total = m.sum(axis=1, keepdims=True)
    return np.divide(m, total, out=np.zeros_like(m), where=total > 0)


def spread_activation(counts: np.ndarray | sparse.spmatrix, steps: int = 5) -> np.ndarray:
    """The word similarity matrix s of equation (spread), stem x stem.

    ``s = norm(sum_{i=1..x} t^i)`` with t from :func:`cooccurrence_transition`, x =
    ``steps`` activation steps and ``norm`` rescaling every row to sum to 1. Quadratic in
    the vocabulary; :func:`spread_activation_dots` gives the sentence matrix without
    forming it.
    """
    steps = check_int("steps", steps)
    t = cooccurrence_transition(counts)
    acc = np.zeros_like(t)
    power = np.eye(t.shape[0])
    for _ in range(steps):
        power = power @ t
        acc += power
    return _stochastic(acc)


def spread_activation_dots(counts: np.ndarray | sparse.spmatrix, steps: int = 5) -> np.ndarray:
    """Dots between sentences when a pair of words scores its similarity (R98_(m,sa)).

    The dot-plot of :func:`dots` with the dot of word positions p and q weighted by
    ``s(w_p, w_q) + s(w_q, w_p)`` (s of :func:`spread_activation`, which is not
    symmetric) instead of 1 for a repetition: ``f (s + s^T) f^T`` (n x n, float64).

    Computed from the right without forming t: ``t x = D^-1 (f^T (f x) - c * x)`` (c the
    stems' counts, D the row sums of the co-occurrence matrix), so each of the ``steps``
    products costs two passes over the document's tokens per column of ``Y = sum_i t^i
    f^T``, with the row sums of ``sum_i t^i`` (the ``norm``) as one more column.
    """
    steps = check_int("steps", steps)
    f = _sparse_counts(counts)
    c = np.asarray(f.sum(axis=0)).ravel()
    ft = f.T.tocsr()
    d = cooccurrence_totals(f)
    dinv = np.divide(1.0, d, out=np.zeros_like(d), where=d > 0)[:, None]
    # The last column carries sum_i t^i 1: the row sums that norm divides by.
    x = np.hstack((ft.toarray(), np.ones((c.size, 1))))
    y = np.zeros_like(x)
    for _ in range(steps):
        x = dinv * (ft @ (f @ x) - c[:, None] * x)
        y += x
    rows = y[:, -1]
    inv = np.divide(1.0, rows, out=np.zeros_like(rows), where=rows > 0)
    y = y[:, :-1]
    m = f @ (inv[:, None] * y)  # f s f^T
    return m + m.T


__all__ += [
    "dots",
    "cooccurrence_transition",
    "cooccurrence_totals",
    "spread_activation",
    "spread_activation_dots",
]

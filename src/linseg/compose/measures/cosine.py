"""C99's measure and its kin: the cosine of stem-count vectors (equation 1), plain or
tf-idf weighted, with its kernels."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from linseg import kernels
from linseg.compose.band import BandMatrix, _chunked_ids, banded_cosine_from_ids
from linseg.compose.measures.stems import _Stems

if TYPE_CHECKING:
    from scipy import sparse

_cosine = kernels.load("linseg.compose.measures._cosine")

__all__ = [
    "cosine",
    "cosine_from_ids",
    "gram",
    "self_products",
    "sentence_vectors",
    "StemCosine",
    "TfIdfCosine",
]

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
    return _cosine.sentence_vectors(ids, offsets, int(n_vocab))


def cosine_from_ids(ids: np.ndarray, offsets: np.ndarray, n_vocab: int | None = None) -> np.ndarray:
    """:func:`cosine` of the count matrix described by stem ids, without building it.

    ``ids[offsets[i]:offsets[i + 1]]`` are the stem ids of sentence ``i`` (-1 for tokens
    that do not count), as returned by :meth:`linseg.text.processor.TextProcessor.ids`. The result
    equals ``cosine(counts)`` bit for bit.
    """
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    if n_vocab is None:
        n_vocab = int(ids.max()) + 1 if ids.size else 0
    return _cosine.cosine_ids(ids, offsets, int(n_vocab))


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


class StemCosine(_Stems):
    """C99's measure: the cosine of stem-count vectors (equation 1), float32 as the
    author computes it. Stopwords and stemmer default to the language's."""

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        ids, offsets = self._text.ids(sentences, tokenized)
        return cosine_from_ids(ids, offsets, len(self._text.vocabulary))

    def from_counts(self, counts: np.ndarray) -> np.ndarray:
        """Equation 1 for a sentence x stem count matrix (the same float32 cells)."""
        from scipy import sparse  # loaded only by the measures that need it

        return cosine(sparse.csr_matrix(counts))

    def banded(self, sentences: Sequence[str], tokenized: bool, band: int) -> BandMatrix:
        """Equation 1 for the pairs within ``band`` sentences of each other, in O(n w)
        (:mod:`linseg.compose.band`); its cells are the dense matrix's, bit for bit."""
        ids, offsets = _chunked_ids(self._text, sentences, tokenized)
        return banded_cosine_from_ids(ids, offsets, band, len(self._text.vocabulary))


class TfIdfCosine(_Stems):
    """Cosine of tf-idf weighted stem counts: ``f_ij * log(n / df_j)``, with the sentences
    of the document as the collection, so that stems in every sentence weigh nothing."""

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        f = self.counts(sentences, tokenized).astype(np.float64)
        n = f.shape[0]
        if f.size == 0:
            return np.zeros((n, n))
        df = np.count_nonzero(f, axis=0)
        weighted = f * np.log(n / np.maximum(df, 1))
        return _cosine_rows(weighted)


def _cosine_rows(x: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(x, axis=1)
    out = self_products(x)
    # In blocks of rows: the outer product of the norms whole would be a second n x n
    # matrix.
    for start in range(0, len(out), PRODUCT_ROWS):
        rows = out[start : start + PRODUCT_ROWS]
        scale = np.outer(norms[start : start + PRODUCT_ROWS], norms)
        scaled = scale > 0
        np.divide(rows, scale, out=rows, where=scaled)
        rows[~scaled] = 0.0
    return out

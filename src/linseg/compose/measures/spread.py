"""Spread activation: word similarity spread through the document's co-occurrences
(the paper's R98_m_sa, after Kozima), t^1..t^steps."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from linseg.checks import check_int
from linseg.compose.measures.cosine import _sparse_counts
from linseg.compose.measures.stems import _Stems
from linseg.text.processor import Stemmer, TextProcessor

if TYPE_CHECKING:
    from scipy import sparse

__all__ = [
    "cooccurrence_transition",
    "cooccurrence_totals",
    "spread_activation",
    "spread_activation_dots",
    "SpreadActivation",
]


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


class SpreadActivation(_Stems):
    """Word repetition through spread activation over the document's co-occurrence graph
    (Kozima's measure, as the paper's Experiment 3 uses it): the dot of two words weighs
    their similarity ``s`` (equation spread, ``steps`` activation steps), so
    ``sim = f (s + s^T) f^T`` (:func:`linseg.compose.measures.spread.spread_activation_dots`).

    Parameters
    ----------
    steps:
        Activation steps x: the powers t^1..t^x summed in equation (spread). The paper
        says 5; the author's program summed t^1..t^6 (``r98_m_sa`` does the same).
    min_count:
        Stems seen fewer times than this in the document are left out of the measure and
        off the plot (2: the author's "informative" stems; a word seen once links no two
        sentences by repetition).
    reference:
        Reproduce the author's program where it departs from the equations: a stopword
        token counts when its stem is a kept stem, and if a kept stem never shares a
        sentence with another token, the matrix is all zeros (his normalisation divided
        0 by 0 and the NaN spread through it). See
        :class:`~linseg.methods.dotplot.DotPlot`.
    stopwords, stemmer, language, hyphens:
        As for every measure that counts stems.
    """

    def __init__(
        self,
        steps: int = 5,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        language: str = "en",
        hyphens: bool = True,
        min_count: int = 2,
        reference: bool = False,
    ) -> None:
        super().__init__(stopwords, stemmer, language, hyphens)
        self.steps = check_int("steps", steps)
        self.min_count = check_int("min_count", min_count)
        self.reference = bool(reference)
        # Every token's stem, stopwords included: the reference counts (only they).
        self._every_token = (
            TextProcessor((), self._text.stemmer, True, language) if self.reference else None
        )

    def counts(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        """The sentence x stem counts of the stems seen at least ``min_count`` times."""
        f, labels = self._text.counts(sentences, tokenized)
        keep = f.sum(axis=0) >= self.min_count
        if self._every_token is None:
            return f[:, keep]
        column = {stem: j for j, stem in enumerate(np.asarray(labels, dtype=object)[keep])}
        ids, offsets = self._every_token.ids(sentences, tokenized)
        rows = np.repeat(np.arange(len(sentences)), np.diff(offsets))
        words = self._every_token.vocabulary
        present = np.unique(ids[ids >= 0])
        lookup = np.full(int(present.max()) + 1 if present.size else 1, -1, dtype=np.int64)
        lookup[present] = [column.get(words[i], -1) for i in present]
        cols = np.where(ids >= 0, lookup[np.maximum(ids, 0)], -1)
        out = np.zeros((len(sentences), len(column)), dtype=np.int32)
        np.add.at(out, (rows[cols >= 0], cols[cols >= 0]), 1)
        return out

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        return self.from_counts(self.counts(sentences, tokenized))

    def from_counts(self, counts: np.ndarray) -> np.ndarray:
        """The sentence x sentence matrix for the counts of :meth:`counts`."""
        if self.reference and counts.size and not cooccurrence_totals(counts).all():
            # A stem with no neighbour has no transition row: the author's program divided
            # 0 by 0, the NaN filled his matrix, and every dot read as 0.
            return np.zeros((counts.shape[0],) * 2)
        return spread_activation_dots(counts, self.steps)

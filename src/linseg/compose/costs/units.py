"""What the costs read: each unit's stems, counted once per document (a unit is a
sentence, a paragraph or a section)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from linseg.compose.measures.stems import _Stems

__all__ = ["UnitCounts"]


class _UnitStems(_Stems):
    """The costs that count each unit's stems: one reading of them per document, however
    many such costs share a processor."""

    def unit_counts(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> UnitCounts:
        """The counted stems of each unit (every sentence when ``starts`` is None); read
        once per document in a :meth:`~linseg.text.processor.TextProcessor.document` block."""
        units = range(len(sentences)) if starts is None else starts

        def read() -> UnitCounts:
            return UnitCounts.of(*self._text.ids(sentences, tokenized), units)

        key = ("unit counts", tuple(units))
        return self._text.remember(sentences, tokenized, key, read)


def _log_words(words: int) -> float:
    """``log n`` for ``n`` counted words, at least 2: a boundary under ``P(S) = n^-m``."""
    return math.log(max(words, 2))


class UnitCounts:
    """Each unit's distinct stems and their counts, in CSR form: the stems of unit ``u``
    are ``stems[indptr[u]:indptr[u + 1]]`` (local ids, numbered in order of first
    appearance), counted ``counts[...]`` times; ``vocabulary`` distinct stems and
    ``words`` counted words in all."""

    __slots__ = ("indptr", "stems", "counts", "vocabulary", "words")

    def __init__(
        self,
        indptr: np.ndarray,
        stems: np.ndarray,
        counts: np.ndarray,
        vocabulary: int,
        words: int,
    ) -> None:
        self.indptr = indptr
        self.stems = stems
        self.counts = counts
        self.vocabulary = vocabulary
        self.words = words

    @property
    def n(self) -> int:
        """The number of units."""
        return len(self.indptr) - 1

    @classmethod
    def of(cls, ids: np.ndarray, offsets: np.ndarray, starts: Sequence[int]) -> UnitCounts:
        """From a text processor's ``(ids, offsets)`` and the first sentence of each unit."""
        starts = list(starts)
        unit_of_sentence = np.zeros(len(offsets) - 1, dtype=np.int64)
        unit_of_sentence[starts[1:]] = 1
        unit_of_sentence = np.cumsum(unit_of_sentence)
        unit = np.repeat(unit_of_sentence, np.diff(offsets))
        keep = ids >= 0
        unit, stem = unit[keep], ids[keep]
        if stem.size == 0:
            empty = np.zeros(0, np.int64)
            return cls(np.zeros(len(starts) + 1, np.int64), empty, empty.copy(), 0, 0)
        # Local stem ids in order of first appearance in this document, not of the
        # processor's ids: those depend on what it read before, and the order of the
        # kernel's sums (so a near tie) must not.
        _, first, inverse = np.unique(stem, return_index=True, return_inverse=True)
        rank = np.empty(first.size, dtype=np.int64)
        rank[np.argsort(first, kind="stable")] = np.arange(first.size)
        local = rank[inverse.reshape(-1)]
        vocabulary = int(first.size)
        pairs, counts = np.unique(unit * vocabulary + local, return_counts=True)
        indptr = np.searchsorted(pairs // vocabulary, np.arange(len(starts) + 1))
        return cls(
            indptr.astype(np.int64),
            pairs % vocabulary,
            counts.astype(np.int64),
            vocabulary,
            int(stem.size),
        )

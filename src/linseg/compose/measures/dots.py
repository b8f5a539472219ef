"""Reynar's dot density: how many word repetitions two sentences share (the dot-plot's
cells, section 2 of the paper)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from linseg.compose.band import BandMatrix, _chunked_ids, banded_dots_from_ids
from linseg.compose.measures.cosine import _sparse_counts, gram
from linseg.compose.measures.stems import _Stems

if TYPE_CHECKING:
    from scipy import sparse

__all__ = ["dots", "DotDensity"]

# Measures for Reynar's dot-plotting (the paper's Experiment 3). ``counts`` is a sentence x
# stem matrix f, as from :meth:`linseg.text.processor.TextProcessor.counts`.


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


class DotDensity(_Stems):
    """Reynar's dot-plot: ``sim[x, y]`` counts the word repetitions between sentences x and
    y (:func:`linseg.compose.measures.dots.dots`). With ``ReynarGreedy(areas="words")`` and
    ``hyphens=False`` it composes R98_(m,dot); on Hearst's token-sequences, within a band,
    it is TextTiling's measure. It has a banded form."""

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        return self.from_counts(self.counts(sentences, tokenized))

    def from_counts(self, counts: np.ndarray) -> np.ndarray:
        """The dot mass for a sentence x stem count matrix."""
        return dots(counts)

    def banded(self, sentences: Sequence[str], tokenized: bool, band: int) -> BandMatrix:
        """The dots of the pairs within ``band`` sentences (or rows) of each other, in
        O(n w) (:mod:`linseg.compose.band`); its cells are the dense matrix's."""
        ids, offsets = _chunked_ids(self._text, sentences, tokenized)
        return banded_dots_from_ids(ids, offsets, band, len(self._text.vocabulary))

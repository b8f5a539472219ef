"""Choi's C99 (NAACL 2000): cosine similarity, local ranking, divisive clustering.

C99 is a configuration of the one pipeline (:class:`~linseg.compose.Composition`), each
step a piece of its own module::

    sentences --text.processor--> stem counts
              --measures.cosine.StemCosine--> sim (equation 1)
              --transforms.LocalRank--> rank (equation 2)
              --strategies.divisive.DivisiveDensity--> sum of rank S (equation 5), split
                order, D (equation 3), dD; and strategies.termination: the count

With ``n_segments`` given, the first ``n_segments - 1`` split points are the boundaries
(the paper's C99_b); otherwise the smoothed gradient threshold decides (C99).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from linseg.base import Segmentation, serial
from linseg.chunks.bounds import SizeUnit
from linseg.compose.band import BandMatrix
from linseg.compose.composition import Composition
from linseg.compose.measures import StemCosine
from linseg.compose.measures.cosine import cosine_from_ids
from linseg.compose.strategies import DivisiveDensity
from linseg.compose.strategies.divisive import (
    Clustering,
)
from linseg.compose.strategies.termination import Termination
from linseg.compose.transforms import LocalRank
from linseg.text.processor import Stemmer, TextProcessor

__all__ = ["C99", "C99Result"]


@dataclass
class C99Result(Segmentation):
    """A C99 segmentation with every intermediate result kept for inspection.

    Attributes (beyond :class:`~linseg.base.Segmentation`)
    ------------------------------------------------------
    similarity:
        Cosine similarity matrix (float32, n x n), equation (1); with ``keep_matrices``.
    rank:
        Rank matrix (float32, n x n), equation (2); with ``keep_matrices``.
    sum_rank:
        Sum-of-rank matrix (float32, n x n), equation (5); with ``keep_matrices``.
    clustering:
        Split order, inside densities ``D`` and gradient ``dD`` of the full run.
    termination:
        The automatic choice (smoothed gradient, threshold, count); computed even when
        ``n_segments`` was given, so both can be compared.
    mask_size, c:
        The parameters used.
    band:
        The band used (None: full C99). With a band, ``similarity`` and ``rank`` are
        :class:`~linseg.compose.band.BandMatrix` objects and ``sum_rank`` is None unless the
        band covers the whole document.
    """

    similarity: np.ndarray | BandMatrix | None = None
    rank: np.ndarray | BandMatrix | None = None
    sum_rank: np.ndarray | None = None
    clustering: Clustering | None = None
    termination: Termination | None = None
    mask_size: int = 11
    c: float = 1.2
    band: int | None = None

    @property
    def density(self) -> np.ndarray:
        """Inside density D(m) for m = 1 .. n segments."""
        return self.clustering.density if self.clustering else np.zeros(0, np.float32)

    @property
    def gradient(self) -> np.ndarray:
        """dD(m) for m = 2 .. n segments (unsmoothed)."""
        return self.clustering.gain if self.clustering else np.zeros(0, np.float32)


class C99(Composition):
    """Choi's C99 segmenter: the composition of C99's cosine of stem counts
    (:class:`~linseg.compose.measures.StemCosine`, equation 1), the local rank
    (:class:`~linseg.compose.transforms.LocalRank`, equation 2) and divisive clustering with
    the gradient threshold (:class:`~linseg.compose.strategies.DivisiveDensity`, sections
    3.3-3.4), run by the composition's one pipeline; its result is a :class:`C99Result`.

    Parameters
    ----------
    mask_size:
        Side of the square rank mask, an odd integer >= 1 (11 in the paper).
    c:
        Threshold coefficient of automatic termination: mean + c x sd (1.2 in the paper).
    stopwords, stemmer, tokenized:
        As every segmenter takes them (:class:`~linseg.base.Segmenter`); the defaults are
        the shipped English stopword list and Porter's stemmer.
    keep_matrices:
        Whether the result keeps the similarity, rank and sum-of-rank matrices (for the
        paper's figures); its clustering and termination are kept always.
    band:
        None for full C99 (n x n matrices; refused up front, with
        :class:`~linseg.compose.memory.MemoryLimitError`, if they would not fit in memory). An
        integer w keeps similarity and rank within w sentences of the diagonal: O(n w)
        time and memory (:mod:`linseg.compose.band`); identical to full C99 when w >= n - 1.
        ``"auto"``: full C99 while it fits comfortably, else the default band; the
        result's ``band`` says which was used.

    Examples
    --------
    >>> from linseg import C99
    >>> result = C99().segment(sentences)            # doctest: +SKIP
    >>> result.boundaries, result.segments            # doctest: +SKIP
    """

    name = "c99"
    result_type = C99Result

    def __init__(
        self,
        mask_size: int = 11,
        c: float = 1.2,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        tokenized: bool | None = None,
        band: int | str | None = None,
        keep_matrices: bool = False,
        *,
        language: str = "auto",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        # Kept as given; the pieces check them (LocalRank the mask, DivisiveDensity c).
        self.mask_size = mask_size
        self.c = c
        super().__init__(
            None,  # C99's StemCosine with these stopwords and stems (_default_measure)
            LocalRank(mask_size),
            DivisiveDensity(c),
            tokenized,
            band,
            keep_matrices=keep_matrices,
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
            stopwords=stopwords,
            stemmer=stemmer,
        )
        # The pipeline below and the measure read words through one processor.
        self._text: TextProcessor = cast(StemCosine, self._measure)._text

    @serial
    def counts(self, sentences: Sequence[str], tokenized: bool | None = None) -> np.ndarray:
        """The sentence x stem count matrix f of equation (1) for ``sentences``."""
        return self._text.counts(sentences, self._resolve_tokenized(sentences, tokenized))[0]

    @serial
    def similarity(self, sentences: Sequence[str], tokenized: bool | None = None) -> np.ndarray:
        """The cosine similarity matrix of ``sentences`` (equation 1, float32)."""
        ids, offsets = self._text.ids(sentences, self._resolve_tokenized(sentences, tokenized))
        return cosine_from_ids(ids, offsets, len(self._text.vocabulary))

    def segment(self, sentences: Sequence[str], n_segments: int | None = None) -> C99Result:
        """Segment a list of sentences.

        Parameters
        ----------
        sentences:
            Sentence strings, tokenised (space separated) or raw.
        n_segments:
            Known number of segments (C99_b). None chooses it automatically. A number
            larger than the number of sentences gives one segment per sentence.
        """
        return super().segment(sentences, n_segments)  # type: ignore[return-value]

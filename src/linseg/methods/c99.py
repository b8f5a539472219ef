"""Choi's C99 (NAACL 2000): cosine similarity, local ranking, divisive clustering.

The pipeline, each step in its own module::

    sentences --text--> stem counts --similarity.cosine--> sim
              --rank.rank_transform--> rank --density.sum_of_rank--> S
              --density.divisive_clustering--> split order, D, dD
              --termination.automatic_termination--> number of segments

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
from linseg.compose.band import BandMatrix, resolve_band
from linseg.compose.composition import Composition
from linseg.compose.measures import StemCosine
from linseg.compose.measures.cosine import cosine_from_ids
from linseg.compose.strategies import DivisiveDensity
from linseg.compose.strategies.divisive import (
    Clustering,
    banded_c99,
    divisive_clustering,
    sum_of_rank,
)
from linseg.compose.strategies.termination import Termination, automatic_termination
from linseg.compose.transforms import LocalRank, check_mask_size, rank_transform
from linseg.text.processor import Stemmer, TextProcessor

__all__ = ["C99", "C99Result"]


@dataclass
class C99Result(Segmentation):
    """A C99 segmentation with every intermediate result kept for inspection.

    Attributes (beyond :class:`~linseg.base.Segmentation`)
    ------------------------------------------------------
    similarity:
        Cosine similarity matrix (float32, n x n), equation (1).
    rank:
        Rank matrix (float32, n x n), equation (2).
    sum_rank:
        Sum-of-rank matrix (float32, n x n), equation (5).
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
    3.3-3.4), run by its own pipeline so that its result keeps every matrix.

    Parameters
    ----------
    mask_size:
        Side of the square rank mask, an odd integer >= 1 (11 in the paper).
    c:
        Threshold coefficient of automatic termination: mean + c x sd (1.2 in the paper).
    stopwords:
        Words to remove: an iterable of words, a path to a word-list file, or None for
        the shipped English list.
    stemmer:
        Callable from a lower-cased word to its stem; None for the Porter stemmer.
    tokenized:
        Whether input sentences are already tokenised (punctuation split off by spaces,
        as in the paper's corpus). None guesses per document; raw prose given to
        :meth:`segment_text` is always tokenised by linseg.
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

    def __init__(
        self,
        mask_size: int = 11,
        c: float = 1.2,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        tokenized: bool | None = None,
        band: int | str | None = None,
        *,
        language: str = "en",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        mask_size = check_mask_size(mask_size)
        if isinstance(c, bool) or not isinstance(c, (int, float, np.floating, np.integer)):
            raise TypeError(f"c must be a number, got {c!r}")
        if not np.isfinite(c):
            raise ValueError(f"c must be finite, got {c}")
        self.mask_size = mask_size
        self.c = float(c)
        self.stopwords = stopwords
        self.stemmer = stemmer
        super().__init__(
            None,  # C99's StemCosine with these stopwords and stems (_default_measure)
            LocalRank(mask_size),
            DivisiveDensity(float(c)),
            tokenized,
            band,
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
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

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> C99Result:
        band = resolve_band(self.band, len(sentences))
        sim: np.ndarray | BandMatrix | None
        rank: np.ndarray | BandMatrix | None
        srank: np.ndarray | None
        if band is None:
            sim = self.similarity(sentences, tokenized)
            rank = rank_transform(sim, self.mask_size)
            srank = sum_of_rank(rank)
            clustering = divisive_clustering(srank)
        else:
            sim, rank, srank, clustering = banded_c99(
                self._text,
                sentences,
                self._resolve_tokenized(sentences, tokenized),
                band,
                self.mask_size,
                keep=self._keep_details,
            )
        term = automatic_termination(clustering.gain, self.c)
        k = term.n_segments if n_segments is None else n_segments
        if n_segments is None and not np.any(clustering.density > 0):
            # All ranks are zero (identical or wordless sentences, or a 1x1 mask): no split
            # raises the density, so there is no structure to find. The reference still
            # reports splits here, driven only by its Float.MIN_VALUE floor.
            k = 1
        notes = []
        if self.band == "auto":
            used = f"band {band}" if band is not None else "full C99 (no band)"
            notes.append(f"--band auto chose {used} for {len(sentences)} sentences")
        return C99Result(
            sentences=sentences,
            boundaries=clustering.boundaries(k),
            n_segments_requested=n_segments,
            similarity=sim,
            rank=rank,
            sum_rank=srank,
            clustering=clustering,
            termination=term,
            mask_size=self.mask_size,
            c=self.c,
            band=band,
            notes=notes,
        )

"""C99 solved exactly: C99's cosine and local rank, and the segmentation of a given count
that maximises the sum over segments of their sum of rank over their length to a power
(:class:`~linseg.compose.strategies.ExactDP`), instead of C99's greedy divisive clustering."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

from linseg.base import Segmentation
from linseg.chunks.bounds import SizeUnit
from linseg.compose import Composition, strategies, transforms
from linseg.compose.band import CountBand
from linseg.text.processor import Stemmer

__all__ = ["C99DP", "C99DPResult", "EXPONENT"]

#: The length exponent of C99DP's segment score, chosen among 0.4-1.4 on 700 samples made
#: like the paper's from Brown genres other than a and j (the paper's sources):
#: ``linseg corpus brown --genres bcdefghklmnpr --seed 11``. Pk there: 0.7 gave 13.2%,
#: 1.0 gave 16.1%.
EXPONENT = 0.7
#: C99DP searches the whole matrix, unbounded, up to this many sentences (O(k n^2) time).
DENSE_MAX = 1000
#: The narrowest band C99DP uses beyond :data:`DENSE_MAX` sentences.
DP_BAND = 149


@dataclass
class C99DPResult(Segmentation):
    """A C99DP segmentation; ``band`` is the band used (None: the whole matrix)."""

    band: int | None = None


class C99DP(Composition):
    """C99's similarity (cosine of stem counts) and local rank, segmented exactly: the
    segmentation of ``n_segments`` segments that maximises the sum over segments of
    their sum of rank divided by their length to the power :data:`EXPONENT`
    (:class:`~linseg.compose.strategies.ExactDP`), instead of C99's greedy divisive
    clustering. Needs the number of segments.

    Parameters
    ----------
    mask_size:
        The rank mask (equation 2).
    stopwords, stemmer, tokenized:
        As for :class:`~linseg.methods.c99.C99` (a stopword file's path is read).
    band:
        ``"auto"`` (the default): the whole matrix and the unbounded search up to
        :data:`DENSE_MAX` sentences; beyond, the cosine and the rank within a band of
        ``w = max(149, 3 n / k)`` sentences of the diagonal and the search exact among
        segments of at most ``w + 1`` sentences (three times the mean length), in
        O(n w) memory. None: always the whole matrix; an integer: that band, with
        segments of up to ``max(w + 1, 3 n / k)`` sentences.
    """

    name = "c99_dp"
    needs_count = True
    result_type = C99DPResult

    def __init__(
        self,
        mask_size: int = 11,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        tokenized: bool | None = None,
        band: int | str | None = "auto",
        *,
        language: str = "auto",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        self.mask_size = mask_size
        super().__init__(
            None,  # C99's StemCosine with these stopwords and stems (_default_measure)
            transforms.LocalRank(mask_size),
            # On a band, segments the band holds whole, or three mean lengths where a
            # narrow band given by the user holds less (cells beyond it count as zero).
            strategies.ExactDP(exponent=EXPONENT, max_length="auto", mean_lengths=3),
            tokenized,
            band,
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
            stopwords=stopwords,
            stemmer=stemmer,
        )

    def _band_policy(self) -> CountBand:
        # The band parameter names a width per document: the whole matrix up to
        # DENSE_MAX sentences, then three mean lengths (at least DP_BAND).
        return CountBand(self.band, DP_BAND, DENSE_MAX)

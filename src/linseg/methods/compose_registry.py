"""Registers the methods that are compositions of :mod:`linseg.compose` pieces."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

from ..banded import check_band, resolve_band
from ..base import Segmentation
from ..bounds import SizeUnit
from ..compose import Composition, measures, strategies, transforms
from ..text import Stemmer
from . import register

__all__ = [
    "C99DP",
    "C99DPResult",
    "EXPONENT",
    "C99LSA",
    "LSA_KEEP",
    "LSA_STEM_WEIGHT",
    "LSA_TRAINING",
]

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

    def __init__(
        self,
        mask_size: int = 11,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        tokenized: bool | None = None,
        band: int | str | None = "auto",
        *,
        language: str = "en",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        self.mask_size = mask_size
        self.stopwords = stopwords
        self.stemmer = stemmer
        super().__init__(
            None,  # C99's StemCosine with these stopwords and stems (_default_measure)
            transforms.LocalRank(mask_size),
            strategies.ExactDP(exponent=EXPONENT),
            tokenized,
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
        )
        if band is not None and band != "auto":
            check_band(band)
        # Composition's band stays None: C99DP chooses its band per document, below.
        self.band = band

    def _width(self, n: int, k: int) -> int | None:
        """The band for ``n`` sentences in ``k`` segments (None: the whole matrix)."""
        if self.band is None or (self.band == "auto" and n <= DENSE_MAX):
            return None
        if self.band == "auto":
            width = min(n - 1, max(DP_BAND, -(-3 * n // k)))
        else:
            width = min(n - 1, int(self.band))
        return resolve_band(width, n)

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> Segmentation:
        if n_segments is None:
            # Before any matrix is computed for nothing.
            raise ValueError("c99_dp needs the number of segments (n_segments)")
        if not sentences:
            return C99DPResult(sentences, [], n_segments)
        tokenized = self._resolve_tokenized(sentences, tokenized)
        k = min(n_segments, len(sentences))
        width = self._width(len(sentences), k)
        matrix = self._matrix(sentences, tokenized, width)
        # Unbounded on the whole matrix; on a band, among segments the band holds whole, or
        # up to three times the mean length when a narrow band given by the user holds less
        # (cells beyond the band then count as zero).
        longest = (
            None
            if width is None
            else min(len(sentences), max(width + 1, -(-3 * len(sentences) // k)))
        )
        search = (
            self._strategy
            if longest is None
            else strategies.ExactDP(exponent=EXPONENT, max_length=longest)
        )
        cuts = search(matrix, k)  # type: ignore[arg-type]
        return C99DPResult(sentences, [int(b) for b in cuts], n_segments, band=width)


#: The share of a document's off-diagonal LSA cosines that C99LSA keeps (the rest set to
#: 0, :class:`~linseg.compose.measures.LsaCosine`'s ``keep``), chosen among 0.1-0.3 on the
#: development corpus above (Brown genres other than a and j, seed 11): Pk 20.8% on 3-11
#: with 0.2; the dense matrix as given, 40% whatever the threshold c.
LSA_KEEP = 0.2

#: The stem cosine's share of ``c99_lsa_mix``'s similarity (C99LSA's ``stem_weight``, its
#: registered default), chosen between 0.5 and 0.7 on the same corpus (Pk 18.3% and
#: 17.8% on 3-11; c99_lsa 20.8%, C99 17.2%).
LSA_STEM_WEIGHT = 0.7

#: What the shipped English LSA space was trained on (``linseg/data/lsa-README.md``).
LSA_TRAINING = "LSA space from WordNet 3.0 glosses (linseg/data/lsa-README.md)"


class C99LSA(Composition):
    """C99 with LSA similarity, as Choi, Wiemer-Hastings and Moore (2001): the cosine of
    sentence vectors summed from a latent semantic space
    (:class:`~linseg.compose.measures.LsaCosine`), the ``mask_size`` x ``mask_size``
    local rank (equation 2) and C99's divisive clustering, with the gradient threshold
    ``mean + c * sd`` when no count is given (sections 3.3-3.4).

    The shipped space is English, trained on WordNet 3.0's glosses
    (``linseg/data/lsa-README.md``); another language raises a ValueError unless
    ``space`` gives a space of one's own. One change from Choi et al.: only the
    document's highest :data:`LSA_KEEP` share of cosines is kept, the others set to 0
    (``keep``); see :class:`~linseg.compose.measures.LsaCosine` for why.
    """

    name = "c99_lsa"

    def __init__(
        self,
        mask_size: int = 11,
        c: float = 1.2,
        keep: float | None = LSA_KEEP,
        space: measures.SpaceLike | None = None,
        stopwords: Iterable[str] | None = None,
        tokenized: bool | None = None,
        stem_weight: float = 0.0,
        *,
        language: str = "en",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        self.mask_size = mask_size
        self.c = c
        self.keep = keep
        self.space = space
        self.stopwords = stopwords
        self.stem_weight = stem_weight
        super().__init__(
            None,  # the LSA cosine of these options (_default_measure)
            transforms.LocalRank(mask_size),
            strategies.DivisiveDensity(c),
            tokenized,
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
        )

    def _default_measure(self) -> measures.LsaCosine:
        # ``language="auto"`` reads English here, as every segmenter's own processing
        # does; each text then goes to a copy set to its language, which refuses any but
        # English unless ``space`` gives one.
        return measures.LsaCosine(
            self.space,
            stem_weight=self.stem_weight,
            keep=self.keep,
            stopwords=self.stopwords,
            language=self.text_language,
        )


register(
    "c99_dp",
    C99DP,
    "C99's cosine and 11x11 rank, exact DP of sum of rank / length^0.7 per segment",
    needs_n_segments=True,
    trained_on="one length exponent, chosen on Brown genres other than a and j",
)
register(
    "c99_lsa",
    C99LSA,
    "C99 with LSA similarity (English space from WordNet glosses), Choi et al. 2001",
    trained_on=LSA_TRAINING + "; keep share chosen on Brown genres other than a and j",
)
register(
    "c99_lsa_mix",
    C99LSA,
    "C99 with 0.7 x stem cosine + 0.3 x LSA cosine (English, WordNet glosses)",
    trained_on="as c99_lsa; mixture weight chosen on Brown genres other than a and j",
    stem_weight=LSA_STEM_WEIGHT,
)

"""A method of linseg's own design: two models agree on how many topics, and one exact
search weighs five kinds of evidence to place them.

*Count.* The paper's section 3.3 and Utiyama and Isahara's (2001) prior are two
independent ways of deciding the number of segments, and they err in opposite directions
on the paper's kind of text: C99's gradient threshold cuts too often in short segments
(3-5), U00's ``n^-m`` prior too rarely in long ones. The count is their weighted mean.

*Placement.* The exact dynamic programme (:class:`~linseg.compose.strategies.ExactDP`)
of a per-segment score that adds five kinds of evidence:

- C99's: ``R(a, b)``, the segment's sum of 11 x 11 local rank (equation 2) of the
  cosine of stem counts (equation 1), over its length to a power;
- the same for the cosine in the LSA space linseg ships
  (:class:`~linseg.compose.measures.LsaCosine`, WordNet glosses, the top
  :data:`~linseg.methods.c99_lsa.LSA_KEEP` of cosines kept): ``R_lsa(a, b)``,
  related words that are not the same word (Choi, Wiemer-Hastings and Moore 2001);
- U00's: the segment's cost ``C(a, b) = -log P(W_i | S_i)`` under its own word
  distribution (:class:`~linseg.compose.costs.Multinomial`);
- a prior on lengths in the manner of Fragkou et al. (2004): segments near the mean
  length ``mu = n / k`` that the count implies, ``P(a, b) = ((b - a - mu) / mu) ** 2``;
- Hearst's (1997) block comparison at the segment's end
  (:class:`~linseg.compose.costs.BlockCohesion`): ``H(b)``, the cosine of the stem
  counts of the 3 sentences before the gap at ``b`` and the 3 after it, standardised over
  the document's gaps (0 at the document's end). C99's rank compares sentences two by
  two; this compares the short runs on either side of a boundary.

    score(a, b) = (R(a, b) + LSA_WEIGHT * R_lsa(a, b)) / (b - a) ** PLACEMENT_EXPONENT
                  - LIKELIHOOD_WEIGHT * C(a, b) - LENGTH_WEIGHT * P(a, b)
                  - COHESION_WEIGHT * H(b)

The LSA term is English only (the one language with a shipped space); in other languages
it is left out. Beyond :data:`~linseg.methods.c99_dp.DENSE_MAX` sentences only
C99's term is kept and the placement is
:class:`~linseg.methods.c99_dp.C99DP`'s banded search.

Every number was chosen on 700 samples built like the paper's from Brown genres other
than its sources a and j (``linseg corpus brown --genres bcdefghklmnpr --seed 11``).
Placement, given the count (3-11): the exponent among 0.5-1.0 and the weight among
0 and 0.01-3: 0.6 and 0.1 gave 12.6% (C99DP alone 13.8%, U00 18.8%). Count: weights 0.3,
0.5, 0.7 and U00 penalties 0.8 and 1.0 with that placement: 0.7 and 0.8 gave 13.1% on
3-11 and the lowest mean over all 700 samples. Then, given the count (3-11): the LSA
weight among 0.15-1 and the length weight among 0.3-3 (a prior of ``log`` lengths was
worse): 0.25 and 0.8 gave 11.5% (12.6% without both terms); the exponent and U00's
weight, searched again around them, and the count's weights, searched again, stayed.
Last, the block comparison, given the count (3-11), on three such sets (seeds 11, 12 and
13, 1,200 samples): windows 2, 3, 4 and 6 and weights 0.3-3 (and Hearst's depth scores
instead of the cosine, worse): window 3 and weight 1 gave 10.80% against 11.01%. On two
fresh sets (seeds 14 and 15), looked at only then: 11.00% against 11.24% given the count,
and with the count found (with seed 11) 11.97% against 12.10%."""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from typing import cast

import numpy as np

from linseg.base import serial
from linseg.chunks.bounds import SizeUnit
from linseg.compose import Composition, costs, measures, transforms
from linseg.compose.strategies import ExactDP, MeanCount
from linseg.methods.c99 import C99
from linseg.methods.c99_dp import C99DP, DENSE_MAX
from linseg.methods.c99_lsa import LSA_KEEP
from linseg.methods.u00 import U00
from linseg.text.processor import Stemmer

__all__ = [
    "ConsensusDP",
    "WEIGHT",
    "U00_PENALTY",
    "PLACEMENT_EXPONENT",
    "LIKELIHOOD_WEIGHT",
    "LSA_WEIGHT",
    "LENGTH_WEIGHT",
    "COHESION_WINDOW",
    "COHESION_WEIGHT",
]

#: The weight of U00's count in the mean count (C99's gets ``1 - WEIGHT``).
WEIGHT = 0.7
#: U00's cost of a boundary, in units of ``log n``, when it counts the segments.
U00_PENALTY = 0.8
#: The length exponent of the rank term of the placement score.
PLACEMENT_EXPONENT = 0.6
#: The weight of U00's segment cost (in nats) against the rank term.
LIKELIHOOD_WEIGHT = 0.1
#: The weight of the LSA cosine's rank against the stem cosine's.
LSA_WEIGHT = 0.25
#: The weight of the length prior.
LENGTH_WEIGHT = 0.8
#: Sentences on each side of a gap in the block comparison of the cohesion term.
COHESION_WINDOW = 3
#: The weight of the cohesion term (standardised, so in units of its spread over gaps).
COHESION_WEIGHT = 1.0


def _check_weight(weight: object) -> float:
    """``weight`` as a float, or a ValueError unless it is a number in [0, 1]."""
    if (
        isinstance(weight, bool)
        or not isinstance(weight, (int, float))
        or not math.isfinite(weight)
        or not 0 <= weight <= 1
    ):
        raise ValueError(f"weight must be a number in [0, 1], got {weight!r}")
    return float(weight)


class ConsensusDP(Composition):
    """The number of segments is the rounded weighted mean of C99's (gradient threshold,
    section 3.3) and U00's (most probable segmentation); they are placed by the exact DP
    of a score that adds C99's rank, the LSA cosine's rank, U00's likelihood, a length
    prior and Hearst's block comparison at each boundary (the module's equation).

    It is this composition, run by the one pipeline::

        Composition(
            measures.Sum([(1, StemCosine(), LocalRank(11)),
                          (LSA_WEIGHT, LsaCosine(keep=LSA_KEEP), LocalRank(11))]),
            None,
            ExactDP(exponent=PLACEMENT_EXPONENT,
                    cost=costs.Sum([(LIKELIHOOD_WEIGHT, Multinomial()),
                                    (LENGTH_WEIGHT, LengthPrior()),
                                    (COHESION_WEIGHT, BlockCohesion(COHESION_WINDOW))]),
                    count=MeanCount([(WEIGHT, U00(penalty=U00_PENALTY)),
                                     (1 - WEIGHT, C99(band="auto"))])),
            beyond=(DENSE_MAX, C99DP()),
        )

    Beyond :data:`~linseg.methods.c99_dp.DENSE_MAX` sentences the placement is
    :class:`~linseg.methods.c99_dp.C99DP`'s banded search, of the count found the same way.

    Parameters
    ----------
    weight:
        Weight of U00's count, in [0, 1]; 0 uses C99's count alone, 1 U00's.
    u00_penalty:
        U00's cost of a boundary in units of ``log n`` (1 is its paper's prior).
    mask_size, c:
        C99's rank mask and threshold (section 3.3).
    stopwords, stemmer, tokenized:
        As for :class:`~linseg.methods.c99.C99`; shared by the three parts.
    """

    name = "consensus_dp"

    def __init__(
        self,
        weight: float = WEIGHT,
        u00_penalty: float = U00_PENALTY,
        mask_size: int = 11,
        c: float = 1.2,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        tokenized: bool | None = None,
        *,
        language: str = "auto",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        # Kept as given; the pieces check them (U00 its penalty, C99 the mask and c).
        self.weight = weight
        self.u00_penalty = u00_penalty
        self.mask_size = mask_size
        self.c = c
        share = _check_weight(weight)
        super().__init__(
            None,  # C99's rank plus the LSA cosine's (_default_measure)
            None,
            None,  # set below: the cost reads words in the segmenter's language
            tokenized,
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
            stopwords=stopwords,
            stemmer=stemmer,
        )
        # The count: C99's own (banded beyond 5,000 sentences: band="auto") and U00's.
        self._c99 = C99(
            band="auto",
            mask_size=mask_size,
            c=c,
            stopwords=stopwords,
            stemmer=stemmer,
            tokenized=tokenized,
            language=language,
        )
        self._u00 = U00(
            penalty=u00_penalty,
            stopwords=stopwords,
            stemmer=stemmer,
            tokenized=tokenized,
            language=language,
        )
        parts = cast(measures.Sum, self._measure).parts
        self._lsa = parts[1][1] if len(parts) > 1 else None
        self._cohesion = costs.BlockCohesion(
            COHESION_WINDOW, stopwords, stemmer, language=self.text_language
        )
        self.strategy = self._strategy = ExactDP(
            exponent=PLACEMENT_EXPONENT,
            cost=costs.Sum(
                [
                    (LIKELIHOOD_WEIGHT, self._u00._cost),
                    (LENGTH_WEIGHT, costs.LengthPrior()),
                    (COHESION_WEIGHT, self._cohesion),
                ]
            ),
            count=MeanCount([(share, self._u00), (1 - share, self._c99)]),
        )
        # Long documents: C99DP's banded search (its band="auto").
        self._dp = C99DP(mask_size, stopwords, stemmer, tokenized, language=language)
        self.beyond = (DENSE_MAX, self._dp)
        # Every part counts the same words (one stop list, stemmer and language): one
        # processor reads them once a document (_run's block), however many parts look.
        self._share_readers()

    def _default_measure(self) -> measures.Sum:
        rank = transforms.LocalRank(self.mask_size)
        parts: list[tuple[float, measures.Measure, transforms.LocalRank]] = [
            (
                1.0,
                measures.StemCosine(self.stopwords, self.stemmer, language=self.text_language),
                rank,
            )
        ]
        # With language="auto" each text gets a copy set to its language (for_text): the
        # LSA term joins in the English ones.
        if self.text_language in measures.LSA_LANGUAGES:
            lsa = measures.LsaCosine(
                keep=LSA_KEEP,
                stopwords=self.stopwords,
                stemmer=self.stemmer,
                language=self.text_language,
            )
            parts.append((LSA_WEIGHT, lsa, rank))
        return measures.Sum(parts)

    @serial
    def count(self, sentences: Sequence[str], tokenized: bool | None = None) -> int:
        """The number of segments the two models agree on for ``sentences``."""
        listed = list(sentences)
        tokenized = self._resolve_tokenized(listed, tokenized)
        rule = cast(MeanCount, cast(ExactDP, self._strategy).count)
        with self._reading(listed, tokenized):
            return rule(listed, tokenized)

    @serial
    def placement_scores(
        self, sentences: Sequence[str], n_segments: int, tokenized: bool | None = None
    ) -> np.ndarray:
        """The ``(n + 1) x (n + 1)`` table ``score[a, b]`` of the module's equation for
        ``n_segments`` segments (``-inf`` unless ``a < b``), the table the placement
        searches: the strategy's :meth:`~linseg.compose.strategies.ExactDP.unit_scores`
        of the measure's matrix."""
        listed = list(sentences)
        tokenized = self._resolve_tokenized(listed, tokenized)
        with self._reading(listed, tokenized):
            matrix = self._matrix(listed, tokenized, None)
            exact = cast(ExactDP, self._strategy)
            starts = list(range(len(listed)))
            return exact.unit_scores(np.asarray(matrix), listed, tokenized, starts, n_segments)

"""Registers the methods that are compositions of :mod:`linseg.compose` pieces."""

from __future__ import annotations

from ..bounds import SizeUnit
from ..compose import Composition, strategies, transforms
from . import register

__all__ = ["C99DP", "EXPONENT"]

#: The length exponent of C99DP's segment score, chosen among 0.4-1.4 on 700 samples made
#: like the paper's from Brown genres other than a and j (the paper's sources):
#: ``linseg corpus brown --genres bcdefghklmnpr --seed 11``. Pk there: 0.7 gave 13.2%,
#: 1.0 gave 16.1%.
EXPONENT = 0.7


class C99DP(Composition):
    """C99's similarity (cosine of stem counts) and local rank, segmented exactly: the
    segmentation of ``n_segments`` segments that maximises the sum over segments of
    their sum of rank divided by their length to the power :data:`EXPONENT`
    (:class:`~linseg.compose.strategies.ExactDP`), instead of C99's greedy divisive
    clustering. Needs the number of segments."""

    name = "c99_dp"

    def __init__(
        self,
        mask_size: int = 11,
        tokenized: bool | None = None,
        *,
        language: str = "en",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        self.mask_size = mask_size
        super().__init__(
            None,  # C99's StemCosine, in the segmenter's language
            transforms.LocalRank(mask_size),
            strategies.ExactDP(exponent=EXPONENT),
            tokenized,
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
        )


register(
    "c99_dp",
    C99DP,
    "C99's cosine and 11x11 rank, exact DP of sum of rank / length^0.7 per segment",
    needs_n_segments=True,
)

"""Transforms between the measure and the strategy: the local rank (section 3.2), or none."""

from __future__ import annotations

import numpy as np

from ..banded import BandMatrix, banded_rank_transform
from ..rank import check_mask_size, rank_transform

__all__ = ["LocalRank", "NoTransform"]


class LocalRank:
    """Each cell replaced by the share of its ``mask_size`` x ``mask_size`` neighbours
    that are lower (equation 2); C99 uses 11."""

    def __init__(self, mask_size: int = 11) -> None:
        self.mask_size = check_mask_size(mask_size)

    def __call__(self, matrix: np.ndarray) -> np.ndarray:
        return rank_transform(matrix, self.mask_size)

    def banded(self, matrix: BandMatrix) -> BandMatrix:
        """Equation 2 within the band, in O(n w): exact for a similarity that is never
        negative, whose out-of-band cells (0) rank 0."""
        return banded_rank_transform(matrix, self.mask_size)


class NoTransform:
    """The similarity matrix as it is."""

    def __call__(self, matrix: np.ndarray) -> np.ndarray:
        return np.asarray(matrix)

    def banded(self, matrix: BandMatrix) -> BandMatrix:
        return matrix

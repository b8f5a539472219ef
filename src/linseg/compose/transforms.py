"""Transforms between the measure and the strategy: the local rank (the paper's section
3.2, equation 2), or none.

"Each value in the similarity matrix is replaced by its rank in the local region. The
rank is the number of neighbouring elements with a lower similarity value", expressed as
the ratio ``r = (# of elements with a lower value) / (# of elements examined)``.

As in the author's implementation, the mask window is clipped at the matrix edges, the
centre cell is left out of the denominator, and a window of one cell gives ``r = 0``. The
ratio is a float32 division. The kernel is compiled from ``_rank.pyx``; on a band, from
``_banded.pyx``.
"""

from __future__ import annotations

import numpy as np

from linseg import kernels
from linseg.compose.band import BandMatrix

_rank_band = kernels.load("linseg.compose._banded")._rank_band
rank_full = kernels.load("linseg.compose._rank").rank_full

__all__ = ["LocalRank", "NoTransform", "banded_rank_transform", "rank_transform", "check_mask_size"]


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


# --- rank ---------------------------------------------------------------------------------
def banded_rank_transform(sim: BandMatrix, mask_size: int = 11) -> BandMatrix:
    """The rank transform of equation (2) of a banded, non-negative similarity matrix.

    Cells outside the band count as 0 in every window; the result is the band of
    :func:`linseg.compose.transforms.rank_transform` applied to the masked matrix, bit for bit (the
    rank of an out-of-band cell is 0). Same band width as ``sim``.
    """
    mask_size = check_mask_size(mask_size)
    data = np.ascontiguousarray(sim.data, dtype=np.float32)
    if data.size and data.min() < 0:
        raise ValueError("banded_rank_transform needs a non-negative similarity matrix")
    return BandMatrix(_rank_band(data, mask_size // 2))


def check_mask_size(mask_size: int) -> int:
    if isinstance(mask_size, bool) or not isinstance(mask_size, (int, np.integer)):
        raise TypeError(f"mask_size must be an odd integer >= 1, got {mask_size!r}")
    if mask_size < 1 or mask_size % 2 == 0:
        raise ValueError(f"mask_size must be an odd integer >= 1, got {mask_size}")
    return int(mask_size)


def rank_transform(sim: np.ndarray, mask_size: int = 11) -> np.ndarray:
    """Replace every cell of a symmetric matrix by its rank ratio in a ``mask_size`` window.

    Parameters
    ----------
    sim:
        Square, symmetric similarity matrix.
    mask_size:
        Odd side of the square mask (the paper uses 11, i.e. an 11 x 11 mask). A mask of
        1 gives the all-zero matrix (the paper's Table 7, first row).

    Returns
    -------
    float32 array of the same shape with values in [0, 1].
    """
    mask_size = check_mask_size(mask_size)
    sim = np.ascontiguousarray(sim, dtype=np.float32)
    if sim.ndim != 2 or sim.shape[0] != sim.shape[1]:
        raise ValueError(f"rank_transform needs a square matrix, got shape {sim.shape}")
    return rank_full(sim, mask_size // 2)

"""The local rank transform (the paper's section 3.2, equation 2).

"Each value in the similarity matrix is replaced by its rank in the local region. The
rank is the number of neighbouring elements with a lower similarity value", expressed as
the ratio ``r = (# of elements with a lower value) / (# of elements examined)``.

As in the author's implementation, the mask window is clipped at the matrix edges, the
centre cell is left out of the denominator, and a window of one cell gives ``r = 0``. The
ratio is a float32 division.
"""

from __future__ import annotations

import numpy as np

from ._rank import rank_full

__all__ = ["rank_transform", "check_mask_size"]


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

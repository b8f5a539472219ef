"""Hearst's depth scores (TextTiling, 1997, section 5.3): the kernels of its strategy.

A series of gap scores -- how alike the text is across each gap -- is smoothed; each gap's
depth is how far the scores fall to it from the nearest peak on either side; gaps deeper
than a cut-off become boundaries, the deepest first, kept a minimum distance apart.
:class:`~linseg.methods.texttiling.TextTiling` runs this on the gaps between
token-sequences, :class:`~linseg.compose.strategies.DepthScores` on the gaps between
sentences of any similarity matrix.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ._depth import gap_depths
from .checks import check_int
from .termination import smooth

__all__ = ["moving_average", "check_smoothing", "depth_scores", "hearst_cutoff", "choose_gaps"]


def moving_average(x: np.ndarray, window: int) -> np.ndarray:
    """Centred mean over ``window`` values; at the ends, over the values that exist."""
    # C99's gradient smoothing with a flat mask: cut and renormalised at the ends.
    return smooth(x, np.ones(max(int(window), 1)))


def check_smoothing(window: int, rounds: int) -> tuple[int, int]:
    """A moving average's width (odd, >= 1) and how many times it is applied (>= 0)."""
    window = check_int("smoothing_window", window)
    if window % 2 == 0:
        raise ValueError(f"smoothing_window must be odd, got {window}")
    return window, check_int("smoothing_rounds", rounds, minimum=0)


def depth_scores(s: np.ndarray) -> np.ndarray:
    """Depth of each gap: climb left and right while scores do not fall (Hearst 1997,
    section 5.3); depth = (left peak - s) + (right peak - s).

    One sweep each way: the left peak of ``i`` is that of ``i - 1`` when ``s[i-1] >= s[i]``
    (the climb from ``i`` continues exactly as the climb from ``i - 1``), else ``s[i]``.
    """
    return gap_depths(np.asarray(s, dtype=np.float64, order="C"))


def hearst_cutoff(depth: np.ndarray, c: float = 0.5) -> float:
    """``mean(depth) - c sd(depth)``: Hearst's liberal cut-off with ``c = 1/2``."""
    return float(depth.mean() - c * depth.std()) if depth.size else 0.0


def choose_gaps(
    depth: np.ndarray,
    cutoff: float,
    separation: int,
    want: int | None,
    snap: Callable[[int], int],
) -> tuple[list[int], list[int]]:
    """Pick gaps by decreasing depth (stable: leftmost first among equals), skipping any
    within ``separation`` of one already picked or of the series' ends, and map each to
    a boundary with ``snap``. Returns the gaps in the order picked and the boundaries.

    With ``want`` None the gaps must be deeper than ``cutoff``; otherwise the deepest are
    taken until ``want`` distinct boundaries exist (relaxing the separation if the series
    runs out of gaps).
    """
    order = np.argsort(-depth, kind="stable")
    taken = np.zeros(depth.size, dtype=bool)
    chosen: list[int] = []
    found: set[int] = set()
    for strict in (True, False):
        for g in order:
            g = int(g)
            if want is None and not depth[g] > cutoff:
                break
            if want is not None and len(found) >= want:
                break
            if taken[g]:
                continue
            lo, hi = max(0, g - separation + 1), min(depth.size, g + separation)
            # The series' ends count as chosen gaps (-1 and its length): the one-sided
            # climbs there would otherwise cut off tiny first and last segments.
            if strict and (taken[lo:hi].any() or g < separation - 1 or g > depth.size - separation):
                continue
            taken[g] = True
            chosen.append(g)
            found.add(snap(g))
        if want is None or len(found) >= want:
            break
    return chosen, sorted(found)

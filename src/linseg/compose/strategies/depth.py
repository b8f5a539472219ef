"""Hearst's depth scores (TextTiling, 1997, section 5.3): the kernels of its strategy.

A series of gap scores -- how alike the text is across each gap -- is smoothed; each gap's
depth is how far the scores fall to it from the nearest peak on either side; gaps deeper
than a cut-off become boundaries, the deepest first, kept a minimum distance apart.
:class:`~linseg.compose.strategies.DepthScores` runs this on the gaps between the rows of
any similarity matrix: sentences, or the token-sequences of
:class:`~linseg.methods.texttiling.TextTiling`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from linseg import kernels
from linseg.base import check_n_segments
from linseg.checks import check_int
from linseg.compose.band import BandMatrix
from linseg.compose.strategies.exact import _check_finite
from linseg.compose.strategies.termination import smooth

_depth = kernels.load("linseg.compose.strategies._depth")
gap_depths = _depth.gap_depths
block_gap_scores = _depth.block_gap_scores

__all__ = [
    "moving_average",
    "check_smoothing",
    "depth_scores",
    "hearst_cutoff",
    "choose_gaps",
    "DepthScores",
]


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
    # Python lists, not numpy scalars: the loop visits up to every gap of the series.
    order = np.argsort(-depth, kind="stable").tolist()
    values = depth.tolist()
    size = len(values)
    taken = bytearray(size)
    chosen: list[int] = []
    found: set[int] = set()
    for strict in (True, False):
        for g in order:
            if want is None and not values[g] > cutoff:
                break
            if want is not None and len(found) >= want:
                break
            if taken[g]:
                continue
            # The series' ends count as chosen gaps (-1 and its length): the one-sided
            # climbs there would otherwise cut off tiny first and last segments.
            if strict and (
                g < separation - 1
                or g > size - separation
                or any(taken[max(0, g - separation + 1) : min(size, g + separation)])
            ):
                continue
            taken[g] = 1
            chosen.append(g)
            found.add(snap(g))
        if want is None or len(found) >= want:
            break
    return chosen, sorted(found)


class DepthScores:
    """Hearst's TextTiling strategy (1997, section 5.3) on the gaps between sentences:
    block comparison, smoothing, depth scores and a cut-off.

    The score of the gap before sentence (or row) ``b`` compares the ``k' = min(block, b,
    n - b)`` sentences on each side, ``L = [b - k', b)`` and ``R = [b, b + k')``, through
    the matrix ``S``::

        score(b) = S[L, R].sum() / sqrt(S[L, L].sum() * S[R, R].sum())

    (0 where a block has no mass). For a matrix of dot products (``DotDensity``, or
    the Gram matrix of sentence vectors) that is the cosine of the two blocks' summed
    vectors, Hearst's block comparison; for a cosine matrix, the cosine of the sums of
    unit vectors. The scores are smoothed by a moving average, each gap's depth is how
    far they fall to it from the peak on either side, and gaps deeper than ``mean - c
    sd`` of the depths become boundaries, deepest first, at least ``min_separation``
    sentences apart (and from the ends). Given a count, the deepest gaps are taken.
    :class:`~linseg.methods.texttiling.TextTiling` is this strategy on the dot products
    of token-sequences of w words (``Composition(rows=TokenSequences(w))``): with rows,
    the composition passes ``snap``, which maps each gap picked to a sentence boundary,
    and a count counts distinct sentence boundaries.

    Only the cells within :attr:`reach` ``= 2 block - 1`` of the diagonal are read: with
    ``Composition(band=w)``, ``w >= 2 block - 1``, a long document never builds the
    n x n matrix, and the whole strategy is linear. :meth:`trace` gives the series too.

    Parameters
    ----------
    block:
        Sentences on each side of a gap (Hearst's k).
    smoothing_window, smoothing_rounds:
        The moving average (odd width; 1 or 0 rounds for none).
    min_separation:
        The fewest sentences between two boundaries, and between a boundary and an end.
    c:
        The cut-off's coefficient (Hearst's 1/2).
    """

    def __init__(
        self,
        block: int = 3,
        smoothing_window: int = 3,
        smoothing_rounds: int = 1,
        min_separation: int = 2,
        c: float = 0.5,
    ) -> None:
        self.block = check_int("block", block)
        self.smoothing_window, self.smoothing_rounds = check_smoothing(
            smoothing_window, smoothing_rounds
        )
        self.min_separation = check_int("min_separation", min_separation)
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not math.isfinite(c):
            raise ValueError(f"c must be a finite number, got {c!r}")
        self.c = float(c)

    @property
    def reach(self) -> int:
        """How far from the diagonal the cells read lie: ``2 block - 1`` (the narrowest
        band that serves)."""
        return 2 * self.block - 1

    def gap_scores(self, matrix: np.ndarray | BandMatrix) -> np.ndarray:
        """``score[b - 1]`` for the gap before sentence ``b = 1 .. n - 1``. Reads only
        the cells within :attr:`reach` of the diagonal, so a
        :class:`~linseg.compose.band.BandMatrix` that wide serves as well as the whole
        matrix: O(n block) time and memory beyond the matrix.

        Each diagonal ``d`` is summed in float64 from its first cell (prefix sums), so any
        run of it is the difference of two prefix sums whatever the blocks' sizes (they
        shrink near the ends); the block sums add, for d = 1, 2, ..., the pairs (i, i + d)
        in the left block and in the right one (twice: ``S[L, L].sum()`` counts both
        triangles) and across the gap (compiled: ``_depth.block_gap_scores``). Sums of
        integers (dot products of counts) are exact, so then the score is the cosine of
        the two blocks' summed count vectors to the last bit."""
        n = matrix.n if isinstance(matrix, BandMatrix) else np.shape(matrix)[0]
        if n < 2:
            return np.zeros(0)
        reach = min(self.reach, n - 1)
        if isinstance(matrix, BandMatrix):
            if matrix.width < reach:
                raise ValueError(
                    f"DepthScores(block={self.block}) reads cells up to {reach} sentences "
                    f"from the diagonal; the band holds {matrix.width}: widen it or use "
                    "band=None"
                )
            cells = matrix.data[:, : reach + 1]
        else:
            dense = np.asarray(matrix)
            if dense.ndim != 2 or dense.shape[0] != dense.shape[1]:
                raise ValueError(f"DepthScores needs a square matrix, got shape {dense.shape}")
            cells = BandMatrix.from_dense(dense, reach).data
        # Widened to float64 cell by cell, exactly, as the sums are taken.
        band = np.ascontiguousarray(cells, dtype=np.float64)
        _check_finite(band, "DepthScores")
        return block_gap_scores(band, self.block)

    def depth(self, matrix: np.ndarray | BandMatrix) -> np.ndarray:
        """The depth score of each gap (before sentences 1 .. n - 1)."""
        return self.smooth_depth(self.gap_scores(matrix))[1]

    def smooth_depth(self, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Gap scores (of any kind of row) smoothed, and the depth of each gap."""
        smoothed = scores
        for _ in range(self.smoothing_rounds):
            smoothed = moving_average(smoothed, self.smoothing_window)
        return smoothed, depth_scores(smoothed)

    def choose(
        self,
        depth: np.ndarray,
        n_segments: int | None,
        snap: Callable[[int], int],
        cutoff: float | None = None,
    ) -> tuple[list[int], list[int]]:
        """The gaps picked, deepest first (Hearst's cut-off, or the count), and the
        boundaries ``snap`` maps them to (:func:`linseg.compose.strategies.depth.choose_gaps`). ``cutoff``:
        the cut-off of ``depth`` when the caller has it already."""
        want = None if n_segments is None else (check_n_segments(n_segments) or 1) - 1
        if depth.size == 0 or want == 0:
            return [], []
        if cutoff is None:
            cutoff = hearst_cutoff(depth, self.c)
        return choose_gaps(depth, cutoff, self.min_separation, want, snap)

    #: With ``Composition(rows=...)``, the strategy maps each gap it picks to a sentence
    #: boundary itself (``snap``), so that a count counts distinct sentence boundaries.
    takes_snap = True

    def trace(
        self,
        matrix: np.ndarray | BandMatrix,
        n_segments: int | None,
        keep: bool = False,
        snap: Callable[[int], int] | None = None,
    ) -> dict[str, Any]:
        """The boundaries and every series on the way (Hearst 1997, section 5.3): the gap
        scores (``gap_scores``), smoothed (``smoothed``), the depths (``depth``), the
        cut-off (``cutoff``, computed even when a count is given) and the gaps picked, in
        the order picked (``chosen_gaps``). O(n) each: nothing n x n is kept."""
        scores = self.gap_scores(matrix)
        smoothed, depth = self.smooth_depth(scores)
        cutoff = hearst_cutoff(depth, self.c)
        chosen, boundaries = self.choose(depth, n_segments, snap or (lambda g: g + 1), cutoff)
        return {
            "boundaries": boundaries,
            "gap_scores": scores,
            "smoothed": smoothed,
            "depth": depth,
            "cutoff": cutoff,
            "chosen_gaps": chosen,
        }

    def __call__(
        self,
        matrix: np.ndarray | BandMatrix,
        n_segments: int | None,
        snap: Callable[[int], int] | None = None,
    ) -> list[int]:
        return self.choose(self.depth(matrix), n_segments, snap or (lambda g: g + 1))[1]

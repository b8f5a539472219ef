"""Hearst's depth scores (TextTiling, 1997, section 5.3): the kernels of its strategy.

A series of gap scores -- how alike the text is across each gap -- is smoothed; each gap's
depth is how far the scores fall to it from the nearest peak on either side; gaps deeper
than a cut-off become boundaries, the deepest first, kept a minimum distance apart.
:class:`~linseg.methods.texttiling.TextTiling` runs this on the gaps between
token-sequences, :class:`~linseg.compose.strategies.DepthScores` on the gaps between
sentences of any similarity matrix.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from linseg import kernels
from linseg.base import check_n_segments
from linseg.checks import check_int
from linseg.compose.band import BandMatrix
from linseg.compose.strategies.exact import _check_finite
from linseg.compose.strategies.termination import smooth

gap_depths = kernels.load("linseg.compose.strategies._depth").gap_depths

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


class DepthScores:
    """Hearst's TextTiling strategy (1997, section 5.3) on the gaps between sentences:
    block comparison, smoothing, depth scores and a cut-off.

    The score of the gap before sentence ``b`` compares the ``k' = min(block, b, n - b)``
    sentences on each side, ``L = [b - k', b)`` and ``R = [b, b + k')``, through the
    matrix ``S``::

        score(b) = S[L, R].sum() / sqrt(S[L, L].sum() * S[R, R].sum())

    (0 where a block has no mass). For a matrix of dot products (``DotDensity``, or
    the Gram matrix of sentence vectors) that is the cosine of the two blocks' summed
    vectors, Hearst's block comparison; for a cosine matrix, the cosine of the sums of
    unit vectors. The scores are smoothed by a moving average, each gap's depth is how
    far they fall to it from the peak on either side, and gaps deeper than ``mean - c
    sd`` of the depths become boundaries, deepest first, at least ``min_separation``
    sentences apart (and from the ends). Given a count, the deepest gaps are taken.
    :class:`~linseg.methods.texttiling.TextTiling` runs the same steps on
    token-sequences of w words instead of sentences.

    Only the cells within ``2 block - 1`` of the diagonal are read: with
    ``Composition(band=w)``, ``w >= 2 block - 1``, a long document never builds the
    n x n matrix, and the whole strategy is linear.

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

    def gap_scores(self, matrix: np.ndarray | BandMatrix) -> np.ndarray:
        """``score[b - 1]`` for the gap before sentence ``b = 1 .. n - 1``. Reads only
        the cells within ``2 block - 1`` of the diagonal, one diagonal at a time, so a
        :class:`~linseg.compose.band.BandMatrix` that wide serves as well as the whole matrix:
        O(n block) time and memory beyond the matrix."""
        n = matrix.n if isinstance(matrix, BandMatrix) else np.shape(matrix)[0]
        if n < 2:
            return np.zeros(0)
        reach = min(2 * self.block - 1, n - 1)
        if isinstance(matrix, BandMatrix):
            if matrix.width < reach:
                raise ValueError(
                    f"DepthScores(block={self.block}) reads cells up to {reach} sentences "
                    f"from the diagonal; the band holds {matrix.width}: widen it or use "
                    "band=None"
                )
            diagonals = [matrix.data[d:, d] for d in range(reach + 1)]  # views
        else:
            dense = np.asarray(matrix)
            diagonals = [np.diagonal(dense, -d) for d in range(reach + 1)]  # views
        for x in diagonals:
            _check_finite(x, "DepthScores")
        # prefix[d][i]: the sum of S[j + d, j] for j < i (in float64), so any run of a
        # diagonal sums in O(1) whatever the blocks' sizes (they shrink near the ends).
        prefix = [np.concatenate(([0.0], np.cumsum(x, dtype=np.float64))) for x in diagonals]
        b = np.arange(1, n)
        k = np.minimum(self.block, np.minimum(b, n - b))

        def run(d: int, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
            lo = np.clip(lo, 0, n - d)
            hi = np.clip(hi, lo, n - d)
            return prefix[d][hi] - prefix[d][lo]

        left = run(0, b - k, b)
        right = run(0, b, b + k)
        cross = np.zeros(n - 1)
        for d in range(1, reach + 1):
            # Pairs (i, i + d): both in the left block, both in the right one (each
            # counted twice, as S[L, L].sum() counts both triangles), or across the gap.
            left += 2 * run(d, b - k, b - d)
            right += 2 * run(d, b, b + k - d)
            cross += run(d, np.maximum(b - k, b - d), np.minimum(b, b + k - d))
        norm = left * right
        safe = norm > 0
        root = np.sqrt(norm, where=safe, out=np.ones_like(norm))
        return np.divide(cross, root, where=safe, out=np.zeros_like(cross))

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

    def __call__(
        self,
        matrix: np.ndarray | BandMatrix,
        n_segments: int | None,
        snap: Callable[[int], int] | None = None,
    ) -> list[int]:
        return self.choose(self.depth(matrix), n_segments, snap or (lambda g: g + 1))[1]

"""Clustering strategies: a sentence x sentence matrix -> boundaries.

Each strategy is a callable ``strategy(matrix, n_segments) -> list[int]`` that returns the
ascending boundaries (the index of the first sentence of every segment after the first).
``n_segments`` is the number of segments wanted, or None for the strategy's own stopping
rule (its termination).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from ..base import check_n_segments
from ..density import divisive_clustering, sum_of_rank
from ..dotplot import maximise_inside_density, minimise_outside_density
from ..termination import automatic_termination

__all__ = ["Strategy", "DivisiveDensity", "ReynarGreedy", "ExactDP"]

#: What a strategy is: the (transformed) matrix and a count or None, to boundaries.
Strategy = Callable[[np.ndarray, "int | None"], list[int]]


class DivisiveDensity:
    """C99's clustering (sections 3.3-3.4): divisive clustering that greedily maximises
    the inside density ``D = sum s_k / sum a_k`` (equation 3), run to the end; without a
    count, the number of segments comes from the gradient threshold ``mean + c * sd`` of
    the smoothed density gains (section 3.3). Sums are float32, as the author's."""

    def __init__(self, c: float = 1.2) -> None:
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not math.isfinite(c):
            raise ValueError(f"c must be a finite number, got {c!r}")
        self.c = float(c)

    def __call__(self, matrix: np.ndarray, n_segments: int | None) -> list[int]:
        clustering = divisive_clustering(sum_of_rank(matrix))
        if n_segments is not None:
            return clustering.boundaries(n_segments)
        k = automatic_termination(clustering.gain, self.c).n_segments
        if not np.any(clustering.density > 0):
            k = 1  # all ranks zero: no split raises the density, there is no structure
        return clustering.boundaries(k)


class ReynarGreedy:
    """Reynar's dot-plot search (1998): boundaries added one at a time, each the gap that
    best maximises the density inside the diagonal squares or, with ``minimise``,
    minimises the density outside them. Needs the number of segments."""

    def __init__(self, minimise: bool = False) -> None:
        self.minimise = bool(minimise)

    def __call__(self, matrix: np.ndarray, n_segments: int | None) -> list[int]:
        if n_segments is None:
            raise ValueError("ReynarGreedy needs the number of segments (n_segments)")
        search = minimise_outside_density if self.minimise else maximise_inside_density
        found = search(np.asarray(matrix, dtype=np.float64), None, n_segments)
        return sorted(int(b) for b in found.order)


class ExactDP:
    """Exact segmentation by dynamic programming of a per-segment score.

    A segment ``[a, b)`` scores ``S(a, b) / (b - a) ** exponent``, its matrix mass over a
    power of its length. With ``exponent`` 1 that is the mean similarity of a sentence to
    its segment, summed over the segment's sentences; 2 would be C99's density of the
    segment (equation 3 for one segment), which favours short segments; lower exponents
    favour long ones. With ``n_segments`` the segmentation of that many segments with the
    highest total is found exactly (O(k n^2) time, O(n^2) memory). Without it,
    ``penalty`` is subtracted per segment and the best segmentation of any count is found
    (a penalised, model-selection criterion; O(n^2)). The penalty is in the score's units
    and has no default: choose it on data of your own.
    """

    def __init__(self, penalty: float | None = None, exponent: float = 1.0) -> None:
        if (
            isinstance(exponent, bool)
            or not isinstance(exponent, (int, float))
            or not (0 < exponent <= 2)
        ):
            raise ValueError(f"exponent must be a number in (0, 2], got {exponent!r}")
        self.exponent = float(exponent)
        if penalty is not None and (
            isinstance(penalty, bool) or not isinstance(penalty, (int, float)) or penalty < 0
        ):
            raise ValueError(f"penalty must be a non-negative number or None, got {penalty!r}")
        self.penalty = None if penalty is None else float(penalty)

    def __call__(self, matrix: np.ndarray, n_segments: int | None) -> list[int]:
        m = np.asarray(matrix, dtype=np.float64)
        n = m.shape[0]
        if n == 0:
            return []
        score = _segment_scores(m, self.exponent)
        if n_segments is None:
            if self.penalty is None:
                raise ValueError("ExactDP needs n_segments or a penalty per segment")
            return _best_with_penalty(score, self.penalty)
        return _best_with_count(score, min(check_n_segments(n_segments) or 1, n))


def _segment_scores(m: np.ndarray, exponent: float = 1.0) -> np.ndarray:
    """``score[a, b]`` = mass of ``m`` over ``[a, b) x [a, b)`` / (b - a) ** exponent, and
    -inf unless a < b."""
    n = m.shape[0]
    prefix = np.zeros((n + 1, n + 1))
    prefix[1:, 1:] = m.cumsum(0).cumsum(1)
    a = np.arange(n + 1)[:, None]
    b = np.arange(n + 1)[None, :]
    mass = prefix[b, b] - prefix[a, b] - prefix[b, a] + prefix[a, a]
    with np.errstate(divide="ignore", invalid="ignore"):
        score = mass / np.power((b - a).astype(np.float64), exponent)
    score[b <= a] = -np.inf
    return score


def _best_with_count(score: np.ndarray, k: int) -> list[int]:
    n = score.shape[0] - 1
    best = score[0].copy()  # one segment [0, j)
    back = np.zeros((k, n + 1), dtype=np.int64)
    for level in range(1, k):
        total = best[:, None] + score  # [i, j]: best up to i, then segment [i, j)
        back[level] = total.argmax(axis=0)
        best = total.max(axis=0)
    cuts, j = [], n
    for level in range(k - 1, 0, -1):
        j = int(back[level, j])
        cuts.append(j)
    return sorted(cuts)


def _best_with_penalty(score: np.ndarray, penalty: float) -> list[int]:
    n = score.shape[0] - 1
    best = np.full(n + 1, -np.inf)
    best[0] = 0.0
    back = np.zeros(n + 1, dtype=np.int64)
    for j in range(1, n + 1):
        total = best[:j] + score[:j, j] - penalty
        back[j] = int(total.argmax())
        best[j] = total[back[j]]
    cuts, j = [], n
    while j > 0:
        j = int(back[j])
        if j:
            cuts.append(j)
    return sorted(cuts)

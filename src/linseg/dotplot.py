"""Reynar's dot-plot optimisation: the clustering strategy of R98 and its variants.

Reynar (1994, 1998) plots a document against itself: a dot at word positions (p, q)
whenever the words there repeat. Topics show as dense squares on the diagonal. With a
known number of segments, boundaries are placed at sentence gaps one at a time, each
time at the gap that, added to those already chosen, best

* **maximises** the density inside the squares on the diagonal (R98), the paper's
  equation (3) on the dot-plot, ``D = sum_k s_k / sum_k a_k``; or
* **minimises** the density outside them (R98_(min)): the dots off the diagonal squares
  over their area, ``sum_j V(P_j-1, P_j) . V(P_j, P_n) / sum_j (P_j - P_j-1)(P_n - P_j)``
  in Reynar's notation (each segment against the rest of the text after it).

Every candidate is scored against the whole segmentation: this is the exact greedy
search, unlike the faster approximation of C99's divisive clustering
(:mod:`linseg.density`), which first picks each region's own best split.

Two implementations. :func:`reynar_maximise` and :func:`reynar_minimise` are the exact
algorithms as Reynar states them, on the word-count vectors ``V(x, y)`` of spans of text
(R98, R98_(min)). :func:`maximise_inside_density` and :func:`minimise_outside_density`
are the modular version (R98_(m,*)): the same search on any sentence x sentence
similarity. With word repetition as the similarity both give the same boundaries.

The modular search works on blocks of sentences. ``sim[x, y]`` is the dot mass between sentences
x and y (:func:`linseg.similarity.dots` for word repetition; any similarity plugs in) and
``weights[x]`` the number of positions (content words) sentence x adds to each side of
the plot, so a square of sentences ``[a, b)`` has area ``(sum weights[a:b])^2`` in word
positions. Ties go to the rightmost gap, as in the author's implementation; with word
repetition and the author's text processing this reproduces his boundaries exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from .base import check_n_segments

__all__ = [
    "DensitySearch",
    "maximise_inside_density",
    "minimise_outside_density",
    "reynar_maximise",
    "reynar_minimise",
]


@dataclass(frozen=True)
class DensitySearch:
    """The outcome of a greedy density search.

    Attributes
    ----------
    order:
        Boundaries in the order they were chosen (index of the first sentence after it).
    objective:
        The density after each choice: inside density for maximisation, outside density
        for minimisation; ``objective[t]`` follows ``order[t]``.
    """

    order: np.ndarray
    objective: np.ndarray

    @property
    def boundaries(self) -> list[int]:
        """All chosen boundaries, ascending."""
        return sorted(int(b) for b in self.order)


@njit(cache=True, nogil=True)
def _next_boundaries(is_boundary: np.ndarray, nxt: np.ndarray) -> None:
    """``nxt[c]``: the first boundary after gap ``c`` (the document's end if none)."""
    n = is_boundary.shape[0] - 1
    following = n
    for c in range(n, -1, -1):
        nxt[c] = following
        if is_boundary[c]:
            following = c


@njit(cache=True, nogil=True)
def _block(p: np.ndarray, a: int, b: int) -> float:
    return p[b, b] - p[a, b] - p[b, a] + p[a, a]


@njit(cache=True, nogil=True)
def _mass(p: np.ndarray, a: int, b: int, whole: bool) -> float:
    # The author's dot-plot program kept each region's dot mass in an int; the margin
    # keeps a whole number that the prefix sums round just below it whole.
    v = _block(p, a, b)
    return np.floor(v + 1e-9) if whole else v


@njit(cache=True, nogil=True)
def _greedy(p: np.ndarray, w: np.ndarray, n_boundaries: int, minimise: bool, whole: bool):
    n = p.shape[0] - 1
    is_boundary = np.zeros(n + 1, dtype=np.bool_)
    is_boundary[0] = True
    is_boundary[n] = True
    total_dots = p[n, n]
    total_area = w[n] * w[n]
    order = np.empty(n_boundaries, dtype=np.int64)
    objective = np.empty(n_boundaries, dtype=np.float64)
    nxt = np.empty(n + 1, dtype=np.int64)
    # Inside dots and area of the current segmentation, kept up to date.
    inside = _mass(p, 0, n, whole)
    area = total_area
    for step in range(n_boundaries):
        _next_boundaries(is_boundary, nxt)
        best = -1
        best_v = np.inf if minimise else -np.inf
        a = 0
        for c in range(1, n):
            if is_boundary[c]:
                a = c
                continue
            b = nxt[c]
            s_ab = _mass(p, a, b, whole)
            wab = w[b] - w[a]
            wac = w[c] - w[a]
            wcb = w[b] - w[c]
            new_in = inside - s_ab + _mass(p, a, c, whole) + _mass(p, c, b, whole)
            new_area = area - wab * wab + wac * wac + wcb * wcb
            if minimise:
                den = total_area - new_area
                v = (total_dots - new_in) / den if den > 0 else np.inf
                better = v <= best_v
            else:
                v = new_in / new_area if new_area > 0 else 0.0
                better = v >= best_v
            # ">=" / "<=" in a left-to-right scan: ties go to the rightmost gap.
            if better:
                best_v = v
                best = c
        if best < 0:
            return order[:step], objective[:step]
        a = best - 1
        while not is_boundary[a]:
            a -= 1
        b = nxt[best]
        wab = w[b] - w[a]
        wac = w[best] - w[a]
        wcb = w[b] - w[best]
        inside = (
            inside - _mass(p, a, b, whole) + _mass(p, a, best, whole) + _mass(p, best, b, whole)
        )
        area = area - wab * wab + wac * wac + wcb * wcb
        is_boundary[best] = True
        order[step] = best
        objective[step] = best_v
    return order, objective


def _check_count(n_segments: int) -> int:
    count = check_n_segments(n_segments)
    if count is None:
        raise TypeError("n_segments must be a positive integer, got None")
    return count


def _prepare(sim: np.ndarray, weights: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    sim = np.asarray(sim, dtype=np.float64)
    if sim.ndim != 2 or sim.shape[0] != sim.shape[1]:
        raise ValueError(f"the similarity matrix must be square, got shape {sim.shape}")
    n = sim.shape[0]
    if weights is None:
        weights = np.ones(n)
    weights = np.asarray(weights, dtype=np.float64)
    if weights.shape != (n,):
        raise ValueError(f"weights must give one value per sentence ({n}), got {weights.shape}")
    if n and (weights.min() < 0 or not np.all(np.isfinite(weights))):
        raise ValueError("weights must be finite and non-negative")
    # Prefix sums over both axes: any block sum in four look-ups. In float64 the sums of
    # integer dots stay exact, so ties are decided exactly as by direct counting.
    p = np.zeros((n + 1, n + 1))
    if n:
        p[1:, 1:] = np.cumsum(np.cumsum(sim, axis=0), axis=1)
    cw = np.zeros(n + 1)
    cw[1:] = np.cumsum(weights)
    return p, cw


def _search(sim, weights, n_segments: int, minimise: bool, whole: bool = False) -> DensitySearch:
    n_segments = _check_count(n_segments)
    p, cw = _prepare(sim, weights)
    n = p.shape[0] - 1
    k = max(0, min(int(n_segments) - 1, n - 1))
    order, objective = _greedy(p, cw, k, minimise, bool(whole))
    return DensitySearch(order.copy(), objective.copy())


def maximise_inside_density(
    sim: np.ndarray, weights: np.ndarray | None, n_segments: int, whole_dots: bool = False
) -> DensitySearch:
    """Reynar's maximisation algorithm: greedily add the boundary that maximises D.

    Parameters
    ----------
    sim:
        Sentence x sentence dot mass (e.g. :func:`linseg.similarity.dots`).
    weights:
        Positions each sentence occupies on the plot's axes (content words for the
        dot-plot); None gives every sentence one position.
    n_segments:
        The number of segments wanted; the search stops early when no gap is left.
    whole_dots:
        Round each diagonal square's dot mass down to a whole number before summing, as
        the author's program did (it matters only for real-valued dots, R98_(m,sa)).
    """
    return _search(sim, weights, n_segments, minimise=False, whole=whole_dots)


def minimise_outside_density(
    sim: np.ndarray, weights: np.ndarray | None, n_segments: int
) -> DensitySearch:
    """Reynar's minimisation algorithm: greedily add the boundary that minimises the
    density of the dot-plot outside the diagonal squares. Parameters as
    :func:`maximise_inside_density`."""
    return _search(sim, weights, n_segments, minimise=True)


@njit(cache=True, nogil=True)
def _vdot(cum: np.ndarray, a: int, b: int, c: int, d: int) -> int:
    # V(a, b) . V(c, d): the dots in the block of spans [a, b) x [c, d).
    out = 0
    for j in range(cum.shape[1]):
        out += (cum[b, j] - cum[a, j]) * (cum[d, j] - cum[c, j])
    return out


@njit(cache=True, nogil=True)
def _reynar_candidates(cum, a, b, cross):
    # For every gap c inside segment [a, b): V(a, c) . V(c, b), the dots that splitting
    # there moves from inside the square of [a, b) to outside it (once on each side of
    # the diagonal), since |V(a, b)|^2 = |V(a, c)|^2 + |V(c, b)|^2 + 2 V(a, c) . V(c, b).
    for c in range(a + 1, b):
        cross[c] = _vdot(cum, a, c, c, b)


@njit(cache=True, nogil=True)
def _reynar(cum: np.ndarray, w: np.ndarray, n_boundaries: int, minimise: bool):
    n = cum.shape[0] - 1
    is_boundary = np.zeros(n + 1, dtype=np.bool_)
    is_boundary[0] = True
    is_boundary[n] = True
    # Dots and area inside the diagonal squares, and outside them (above the diagonal:
    # each segment against the text after it), in exact integers.
    inside = _vdot(cum, 0, n, 0, n)
    area_in = w[n] * w[n]
    outside = 0
    area_out = 0
    # A gap's term depends only on the segment around it: after a split, only the gaps
    # of the two new segments are recomputed.
    cross = np.zeros(n + 1, dtype=np.int64)
    _reynar_candidates(cum, 0, n, cross)
    order = np.empty(n_boundaries, dtype=np.int64)
    objective = np.empty(n_boundaries, dtype=np.float64)
    nxt = np.empty(n + 1, dtype=np.int64)
    for step in range(n_boundaries):
        _next_boundaries(is_boundary, nxt)
        best = -1
        best_v = np.inf if minimise else -np.inf
        a = 0
        for c in range(1, n):
            if is_boundary[c]:
                a = c
                continue
            b = nxt[c]
            if minimise:
                # Splitting [a, b) at c adds the block [a, c) x [c, b) to the outside.
                den = area_out + (w[c] - w[a]) * (w[b] - w[c])
                num = outside + cross[c]
                v = num / den if den > 0 else np.inf
                better = v <= best_v
            else:
                den = area_in - (w[b] - w[a]) ** 2 + (w[c] - w[a]) ** 2 + (w[b] - w[c]) ** 2
                num = inside - 2 * cross[c]
                v = num / den if den > 0 else 0.0
                better = v >= best_v
            if better:  # in a left-to-right scan: ties go to the rightmost gap
                best_v = v
                best = c
        if best < 0:
            return order[:step], objective[:step]
        a = best - 1
        while not is_boundary[a]:
            a -= 1
        b = nxt[best]
        inside -= 2 * cross[best]
        area_in += (w[best] - w[a]) ** 2 + (w[b] - w[best]) ** 2 - (w[b] - w[a]) ** 2
        outside += cross[best]
        area_out += (w[best] - w[a]) * (w[b] - w[best])
        is_boundary[best] = True
        _reynar_candidates(cum, a, best, cross)
        _reynar_candidates(cum, best, b, cross)
        order[step] = best
        objective[step] = best_v
    return order, objective


def _reynar_search(counts: np.ndarray, n_segments: int, minimise: bool) -> DensitySearch:
    n_segments = _check_count(n_segments)
    f = np.asarray(counts)
    if f.ndim != 2:
        raise ValueError(f"counts must be a sentence x stem matrix, got shape {f.shape}")
    if f.size and (f.min() < 0 or not np.issubdtype(f.dtype, np.integer)):
        raise ValueError("counts must be non-negative integers")
    n = f.shape[0]
    cum = np.zeros((n + 1, f.shape[1]), dtype=np.int64)
    np.cumsum(f, axis=0, out=cum[1:])
    w = cum.sum(axis=1)  # word positions up to each sentence gap
    k = max(0, min(int(n_segments) - 1, n - 1))
    order, objective = _reynar(cum, w, k, minimise)
    return DensitySearch(order.copy(), objective.copy())


def reynar_maximise(counts: np.ndarray, n_segments: int) -> DensitySearch:
    """Reynar's maximisation algorithm, exactly as on his dot-plot (R98).

    ``V(x, y)`` is the vector of stem counts of sentences x .. y-1, so the square of a
    segment holds ``V . V`` dots over ``(words)^2`` positions. Each step adds the
    sentence gap that maximises the inside density ``sum V_k . V_k / sum |V_k|_1^2``.

    Parameters
    ----------
    counts:
        Sentence x stem count matrix (non-negative integers).
    n_segments:
        The number of segments wanted.
    """
    return _reynar_search(counts, n_segments, minimise=False)


def reynar_minimise(counts: np.ndarray, n_segments: int) -> DensitySearch:
    """Reynar's minimisation algorithm (R98_(min)): each step adds the gap that minimises
    ``sum_j V(P_j-1, P_j) . V(P_j, P_n) / sum_j (P_j - P_j-1)(P_n - P_j)``, the density
    of the plot outside the diagonal squares. Parameters as :func:`reynar_maximise`."""
    return _reynar_search(counts, n_segments, minimise=True)

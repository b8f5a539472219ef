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
(:mod:`linseg.compose.strategies.divisive`), which first picks each region's own best split.

Two implementations. :func:`reynar_maximise` and :func:`reynar_minimise` are the exact
algorithms as Reynar states them, on the word-count vectors ``V(x, y)`` of spans of text
(R98, R98_(min)). :func:`maximise_inside_density` and :func:`minimise_outside_density`
are the modular version (R98_(m,*)): the same search on any sentence x sentence
similarity. With word repetition as the similarity both give the same boundaries.

The modular search works on blocks of sentences. ``sim[x, y]`` is the dot mass between sentences
x and y (:func:`linseg.compose.measures.dots.dots` for word repetition; any similarity plugs in) and
``weights[x]`` the number of positions (content words) sentence x adds to each side of
the plot, so a square of sentences ``[a, b)`` has area ``(sum weights[a:b])^2`` in word
positions. Ties go to the rightmost gap, as in the author's implementation; with word
repetition and the author's text processing this reproduces his boundaries exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from linseg import kernels
from linseg.base import check_n_segments
from linseg.checks import check_flag
from linseg.compose.band import BandMatrix

_dotplot = kernels.load("linseg.compose.strategies._dotplot")
greedy, reynar = _dotplot.greedy, _dotplot.reynar

__all__ = [
    "ReynarExact",
    "DensitySearch",
    "maximise_inside_density",
    "minimise_outside_density",
    "reynar_maximise",
    "reynar_minimise",
    "ReynarGreedy",
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
    order, objective = greedy(p, cw, k, minimise, bool(whole))
    return DensitySearch(order.copy(), objective.copy())


def maximise_inside_density(
    sim: np.ndarray, weights: np.ndarray | None, n_segments: int, whole_dots: bool = False
) -> DensitySearch:
    """Reynar's maximisation algorithm: greedily add the boundary that maximises D.

    Parameters
    ----------
    sim:
        Sentence x sentence dot mass (e.g. :func:`linseg.compose.measures.dots.dots`).
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
    order, objective = reynar(cum, w, k, minimise)
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


class ReynarGreedy:
    """Reynar's dot-plot search (1998): boundaries added one at a time, each the gap that
    best maximises the density inside the diagonal squares or, with ``minimise``,
    minimises the density outside them. Needs the number of segments.

    Parameters
    ----------
    minimise:
        Minimise the density outside the squares (R98_(min)) instead of maximising it
        inside (R98).
    areas:
        What a square's area is measured in: ``"sentences"`` (every sentence one position)
        or ``"words"``, the positions each sentence takes on Reynar's plot (its counted
        words). With ``"words"`` the strategy needs them: :class:`Composition` asks the
        measure's ``positions(sentences, tokenized)`` (every measure that counts stems has
        it) and passes them as ``positions``.
    whole_dots:
        Round each square's dot mass down to a whole number, as the author's program did
        (maximisation only; it matters for real-valued dots, R98_(m,sa)).
    """

    def __init__(
        self, minimise: bool = False, areas: str = "sentences", whole_dots: bool = False
    ) -> None:
        if areas not in ("sentences", "words"):
            raise ValueError(f"areas must be 'sentences' or 'words', got {areas!r}")
        if whole_dots and minimise:
            raise ValueError("whole_dots applies to the maximisation only")
        self.minimise = bool(minimise)
        self.areas = areas
        self.whole_dots = bool(whole_dots)

    @property
    def needs_positions(self) -> bool:
        """Whether the search needs each sentence's positions on the plot."""
        return self.areas == "words"

    def search(
        self,
        matrix: np.ndarray | BandMatrix,
        n_segments: int | None,
        positions: np.ndarray | None = None,
    ) -> DensitySearch:
        """The boundaries in the order chosen, with the objective after each choice."""
        if n_segments is None:
            raise ValueError("ReynarGreedy needs the number of segments (n_segments)")
        if isinstance(matrix, BandMatrix):
            raise ValueError("ReynarGreedy needs a dense matrix: use it with band=None")
        if self.needs_positions and positions is None:
            raise ValueError(
                "ReynarGreedy(areas='words') needs each sentence's positions on the plot "
                "(a measure with a positions() method, in a Composition)"
            )
        weights = positions if self.needs_positions else None
        sim = np.asarray(matrix, dtype=np.float64)
        if self.minimise:
            return minimise_outside_density(sim, weights, n_segments)
        return maximise_inside_density(sim, weights, n_segments, whole_dots=self.whole_dots)

    def trace(
        self,
        matrix: np.ndarray | BandMatrix,
        n_segments: int | None,
        positions: np.ndarray | None = None,
        keep: bool = False,
    ) -> dict[str, Any]:
        """The boundaries, and the search's products: the boundaries in the order chosen
        (``order``) and the density after each choice (``objective``)."""
        found = self.search(matrix, n_segments, positions)
        order = [int(b) for b in found.order]
        return {"boundaries": sorted(order), "order": order, "objective": found.objective}

    def __call__(
        self,
        matrix: np.ndarray | BandMatrix,
        n_segments: int | None,
        positions: np.ndarray | None = None,
    ) -> list[int]:
        return sorted(int(b) for b in self.search(matrix, n_segments, positions).order)


class ReynarExact:
    """Reynar's own algorithms (R98 and R98_(min)), exactly as on his dot-plot: each
    boundary added greedily and scored against the whole segmentation from the stem-count
    vectors of the spans of text (:func:`reynar_maximise`, :func:`reynar_minimise`). It
    reads the sentences' stem counts, not a matrix: in a :class:`~linseg.compose.Composition`
    its measure gives them (``counts``). Needs the number of segments.

    Parameters
    ----------
    minimise:
        Minimise the density outside the squares (R98_(min)) instead of maximising it
        inside (R98).
    """

    needs_matrix = False
    needs_counts = True

    def __init__(self, minimise: bool = False) -> None:
        self.minimise = check_flag("minimise", minimise)

    def trace(
        self,
        matrix: object,
        n_segments: int | None,
        counts: np.ndarray | None = None,
        keep: bool = False,
    ) -> dict[str, Any]:
        """The boundaries, in order of choice too (``order``), with the density after
        each choice (``objective``)."""
        if n_segments is None:
            raise ValueError("ReynarExact needs the number of segments (n_segments)")
        if counts is None:
            raise ValueError("ReynarExact reads the stem counts: use it in a Composition")
        search = reynar_minimise if self.minimise else reynar_maximise
        found = search(counts, n_segments)
        order = [int(b) for b in found.order]
        return {"boundaries": sorted(order), "order": order, "objective": found.objective}

    def __call__(
        self, matrix: object, n_segments: int | None, counts: np.ndarray | None = None
    ) -> list[int]:
        return list(self.trace(matrix, n_segments, counts)["boundaries"])

"""Figures of one C99 run: the paper's figures 1, 3, 6 and 7 for any document.

Every function draws on a matplotlib ``Axes`` (a new figure when ``ax`` is None) and
returns that ``Axes``. The data drawn is the result's own, unscaled, so a figure can be
checked against the run: the image of :func:`plot_rank` is ``result.rank``, the dashed line
of :func:`plot_gradient` is ``result.termination.threshold``. Artists carry a ``gid``
("matrix", "segments", "density", "smoothed", "threshold", "chosen", "reference",
"hypothesis") by which tests and SVG consumers find them.

Matrices follow the paper's orientation (figure 1): the first sentence's
self-similarity is the bottom-left pixel and the last one's the top-right.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from linseg.base import Segmentation
from linseg.evaluation._mpl import new_figure

__all__ = [
    "KINDS",
    "available_kinds",
    "plot",
    "plot_similarity",
    "plot_rank",
    "plot_density",
    "plot_gradient",
    "plot_boundaries",
    "plot_all",
    "pool_max",
    "MAX_PIXELS",
]

KINDS = ("similarity", "rank", "density", "gradient", "boundaries")
# What each figure draws from the result; a method that keeps none of these (a baseline,
# TextTiling) still has its boundaries drawn.
_NEEDS = {
    "similarity": "similarity",
    "rank": "rank",
    "density": "clustering",
    "gradient": "termination",
}


def available_kinds(result: Any) -> list[str]:
    """The figures of :data:`KINDS` that ``result`` has the data for."""
    return [k for k in KINDS if k not in _NEEDS or getattr(result, _NEEDS[k], None) is not None]


# Colours that stay apart for colour-blind readers (Okabe-Ito).
_BLUE, _ORANGE, _GREEN, _RED, _GREY = "#0072B2", "#E69F00", "#009E73", "#D55E00", "#777777"


def _needs(result: Any, attr: str, what: str) -> Any:
    value = getattr(result, attr, None)
    if value is None:
        name = type(result).__name__
        raise ValueError(f"a {name} has no {what} to plot; it needs a C99 result")
    return value


def _axes(ax: Any, size: tuple[float, float]) -> Any:
    if ax is not None:
        return ax
    return new_figure(figsize=size, layout="constrained").add_subplot()


#: Matrices longer than this are drawn max-pooled to at most this many pixels a side.
MAX_PIXELS = 2000


def pool_max(m: np.ndarray, k: int) -> np.ndarray:
    """``m`` reduced by the maximum over k x k blocks (the last blocks may be partial).

    Max-pooling keeps a bright cell of a large matrix visible when it is shrunk to a
    figure, where averaging would dim the thin diagonal squares into the background.
    """
    n0, n1 = m.shape
    p0, p1 = -(-n0 // k) * k, -(-n1 // k) * k
    padded = np.full((p0, p1), -np.inf, dtype=np.float64)
    padded[:n0, :n1] = m
    return padded.reshape(p0 // k, k, p1 // k, k).max(axis=(1, 3))


def _is_banded(m: Any) -> bool:
    return hasattr(m, "toarray") and hasattr(m, "width")


def _pool_band(m: Any, k: int) -> np.ndarray:
    """:func:`pool_max` of a :class:`~linseg.compose.band.BandMatrix` without forming it densely.

    A banded run is used precisely where the dense matrix would not fit, so the blocks
    are filled from the band's diagonals; cells outside the band are zero.
    """
    n, w = m.n, m.width
    p = -(-n // k)
    out = np.zeros((p, p), dtype=np.float64)
    for d in range(min(w, n - 1) + 1):
        rows = np.arange(d, n)
        vals = m.data[d:, d]
        np.maximum.at(out, (rows // k, (rows - d) // k), vals)
        np.maximum.at(out, ((rows - d) // k, rows // k), vals)
    return out


def _image(m: Any) -> tuple[np.ndarray, int]:
    """The pixels of a square matrix, dense or banded, and the sentences per pixel."""
    n = m.shape[0]
    k = -(-n // MAX_PIXELS) if n > MAX_PIXELS else 1
    if _is_banded(m):
        return (m.toarray() if k == 1 else _pool_band(m, k)), k
    m = np.asarray(m)
    return (m if k == 1 else pool_max(m, k)), k


def _off_diagonal(m: Any) -> np.ndarray:
    """The values off the main diagonal (each pair once for a banded matrix)."""
    if _is_banded(m):
        return np.asarray(m.data[:, 1:]).ravel()
    m = np.asarray(m)
    return m[~np.eye(m.shape[0], dtype=bool)]


def _matrix(ax: Any, m: Any, title: str, vmax: float | None, cmap: str) -> Any:
    n = m.shape[0]
    img_data, k = _image(m)
    size = img_data.shape[0] * k  # the padded extent, so every block is k sentences wide
    if k > 1:
        title += f"\n(max over {k}\u00d7{k} blocks)"
    # Pixel centres sit on 1-based sentence numbers; origin="lower" puts sentence 1's
    # self-similarity at the bottom left, as the paper draws it.
    img = ax.imshow(
        img_data,
        origin="lower",
        cmap=cmap,
        vmin=0.0,
        vmax=vmax,
        extent=(0.5, size + 0.5, 0.5, size + 0.5),
        interpolation="nearest",
    )
    img.set_gid("matrix")
    ax.set_xlim(0.5, n + 0.5)
    ax.set_ylim(0.5, n + 0.5)
    ax.set_title(title)
    ax.set_xlabel("sentence")
    ax.set_ylabel("sentence")
    return img


def _outline_segments(ax: Any, n: int, boundaries: Sequence[int], colour: str) -> None:
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    cuts = [0, *boundaries, n]
    squares = [Rectangle((a + 0.5, a + 0.5), b - a, b - a) for a, b in zip(cuts, cuts[1:])]
    coll = PatchCollection(squares, facecolor="none", edgecolor=colour, linewidth=1.2)
    coll.set_gid("segments")
    ax.add_collection(coll)


def plot_similarity(result: Any, ax: Any = None, contrast: float | None = 0.99) -> Any:
    """The cosine similarity matrix of equation (1) (the paper's figure 1).

    Bright pixels are high similarity; cohesive segments show as bright squares on the
    diagonal. ``contrast`` is the quantile of the off-diagonal values mapped to white
    (the paper's figure is contrast-enhanced too); None maps 1.0 to white. Only the
    colour scale changes: the image data is the matrix itself.
    """
    sim = _needs(result, "similarity", "similarity matrix")
    ax = _axes(ax, (4.2, 4.2))
    vmax = None
    if contrast is not None and sim.shape[0] > 1:
        off = _off_diagonal(sim)
        off = off[off > 0]
        if off.size:
            vmax = float(max(np.quantile(off, contrast), 1e-6))
    _matrix(ax, sim, "Similarity matrix (cosine, eq. 1)", vmax if vmax else 1.0, "gray")
    return ax


def plot_rank(result: Any, ax: Any = None, segments: bool = True) -> Any:
    """The rank matrix of equation (2) (the paper's figure 3), titled with the mask size.

    With ``segments`` the segments found are outlined as squares on the diagonal: the
    regions whose inside density divisive clustering maximised.
    """
    rank = _needs(result, "rank", "rank matrix")
    m = getattr(result, "mask_size", None)
    ax = _axes(ax, (4.2, 4.2))
    mask = f"{m}\u00d7{m} mask" if m else "rank"
    _matrix(ax, rank, f"Rank matrix ({mask}, eq. 2)", 1.0, "gray")
    if segments and rank.shape[0]:
        _outline_segments(ax, rank.shape[0], result.boundaries, _ORANGE)
    return ax


def plot_density(result: Any, ax: Any = None) -> Any:
    """Inside density D(n) of equation (3) over the number of segments n (figure 6).

    The vertical line marks the number of segments of the result.
    """
    clustering = _needs(result, "clustering", "divisive clustering")
    d = np.asarray(clustering.density, dtype=np.float64)
    ax = _axes(ax, (5.0, 3.2))
    x = np.arange(1, d.size + 1)
    (line,) = ax.plot(x, d, color=_BLUE, marker="." if d.size <= 60 else None, lw=1.2)
    line.set_gid("density")
    m = result.n_segments
    chosen = ax.axvline(m, color=_RED, lw=1, ls=":", label=f"{m} segments")
    chosen.set_gid("chosen")
    ax.set_title("Inside density of every level of segmentation (eq. 3)")
    ax.set_xlabel("number of segments n")
    ax.set_ylabel("D(n)")
    ax.legend(loc="lower right", frameon=False)
    return ax


def plot_gradient(result: Any, ax: Any = None, raw: bool = True) -> Any:
    """The smoothed gradient dD(n) with the threshold mean + c x sd (figure 7).

    The solid line is dD after convolution with {1,2,4,8,4,2,1}; the dashed line is the
    threshold computed from that same series; the dotted line marks the chosen number of
    segments, the last n of the leading run above the threshold. With ``raw`` the
    unsmoothed dD is drawn faintly behind.
    """
    term = _needs(result, "termination", "automatic termination")
    sm = np.asarray(term.smoothed, dtype=np.float64)
    ax = _axes(ax, (5.0, 3.2))
    x = np.arange(2, sm.size + 2)
    if raw and getattr(result, "clustering", None) is not None:
        (g,) = ax.plot(
            x,
            np.asarray(result.clustering.gain, np.float64),
            color=_GREY,
            lw=0.8,
            alpha=0.5,
            label="\u03b4D",
        )
        g.set_gid("gain")
    (line,) = ax.plot(
        x, sm, color=_BLUE, lw=1.4, marker="." if sm.size <= 60 else None, label="\u03b4D smoothed"
    )
    line.set_gid("smoothed")
    c = getattr(result, "c", None)
    label = f"\u03bc + {c:g}\u00d7\u03c3" if c is not None else "threshold"
    if np.isfinite(term.threshold):
        th = ax.axhline(term.threshold, color=_RED, lw=1, ls="--", label=label)
        th.set_gid("threshold")
    chosen = ax.axvline(
        term.n_segments, color=_GREEN, lw=1, ls=":", label=f"chosen: {term.n_segments} segments"
    )
    chosen.set_gid("chosen")
    ax.set_title("Finding the number of segments from the gradient")
    ax.set_xlabel("number of segments n")
    ax.set_ylabel("\u03b4D(n)")
    ax.legend(loc="upper right", frameon=False, fontsize="small")
    return ax


def plot_boundaries(
    result: Segmentation,
    reference: Sequence[int] | None = None,
    ax: Any = None,
    lengths: Sequence[int] | None = None,
) -> Any:
    """The boundaries found against the reference ones, along the document.

    Each row shows segments as alternating bars over sentence numbers; a hypothesised
    boundary is green where the reference has one too, red where it does not. With
    ``reference`` the title gives Pk (on word positions when ``lengths``, the words per
    sentence, are given, as in the paper).
    """
    n = len(result.sentences)
    hyp = [int(b) for b in result.boundaries]
    ax = _axes(ax, (9.0, 1.9 if reference is not None else 1.4))
    rows = [("hypothesis", hyp)]
    if reference is not None:
        rows.insert(0, ("reference", [int(b) for b in reference]))
    ref_set = set(rows[0][1]) if reference is not None else set()
    labels = []
    for y, (name, bounds) in enumerate(reversed(rows)):
        cuts = [0, *bounds, n]
        spans = [(a + 0.5, b - a) for a, b in zip(cuts, cuts[1:])]
        colours = [("#cfe3f3" if i % 2 == 0 else "#9cc4e4") for i in range(len(spans))]
        bars = ax.broken_barh(spans, (y - 0.35, 0.7), facecolors=colours)
        bars.set_gid(name)
        if name == "hypothesis" and reference is not None:
            edge = [_GREEN if b in ref_set else _RED for b in bounds]
        else:
            edge = ["black"] * len(bounds)
        ticks = ax.vlines([b + 0.5 for b in bounds], y - 0.45, y + 0.45, colors=edge, lw=1.6)
        ticks.set_gid(f"{name}-boundaries")
        labels.append(name)
    ax.set_yticks(range(len(labels)), labels)
    ax.set_ylim(-0.6, len(labels) - 0.4)
    ax.set_xlim(0.5, max(n, 1) + 0.5)
    ax.set_xlabel("sentence")
    title = f"{len(hyp) + 1 if n else 0} segments found"
    if reference is not None and n:
        from linseg.evaluation.metrics import pk

        score = pk(list(reference), hyp, n, lengths=list(lengths) if lengths else None)
        level = "words" if lengths else "sentences"
        title += f", {len(reference) + 1} in the reference; Pk = {100 * score:.1f}% ({level})"
    ax.set_title(title)
    return ax


def plot(
    result: Any,
    kind: str,
    ax: Any = None,
    reference: Sequence[int] | None = None,
    lengths: Sequence[int] | None = None,
) -> Any:
    """Draw one figure by name (one of :data:`KINDS`)."""
    if kind == "boundaries":
        return plot_boundaries(result, reference, ax, lengths)
    funcs = {
        "similarity": plot_similarity,
        "rank": plot_rank,
        "density": plot_density,
        "gradient": plot_gradient,
    }
    if kind not in funcs:
        raise ValueError(f"unknown figure kind {kind!r}; use one of: {', '.join(KINDS)}, all")
    return funcs[kind](result, ax)


def plot_all(
    result: Any,
    reference: Sequence[int] | None = None,
    lengths: Sequence[int] | None = None,
    fig: Any = None,
) -> Any:
    """Every figure the result has data for on one sheet: the two matrices, density and
    gradient, and the boundaries along the bottom. Returns the ``Figure``."""
    kinds = available_kinds(result)
    grid_kinds = [k for k in kinds if k != "boundaries"]
    rows = -(-len(grid_kinds) // 2)
    height = 1.9 + (4.2 if "rank" in kinds else 3.0) * rows
    fig = fig if fig is not None else new_figure(figsize=(10.5, height), layout="constrained")
    ratios = [4.2 if k in ("similarity", "rank") else 3.0 for k in grid_kinds[::2]] + [1.5]
    grid = fig.add_gridspec(rows + 1, 2, height_ratios=ratios)
    for i, kind in enumerate(grid_kinds):
        plot(result, kind, fig.add_subplot(grid[i // 2, i % 2]))
    plot_boundaries(result, reference, fig.add_subplot(grid[rows, :]), lengths)
    return fig

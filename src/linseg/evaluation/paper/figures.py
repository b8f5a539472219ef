"""The paper's illustrative figures, redrawn from their definitions.

The paper's LaTeX source has lost its figures; these are rebuilt from the text:

- :func:`figure_rank_example` -- figure 2, image ranking with a 3x3 mask (output 0..8);
- :func:`figure_rank_wave` -- figure 4, the rank r(x) of the decaying sine wave f(x) of
  equation (wave) with a 1x11 mask;
- :func:`figure_divisive_clustering` -- figure 5, a worked example of divisive clustering;
- :func:`figure_sum_of_rank` -- figure 8, the sum-of-rank matrix of that example's rank
  matrix by the recurrence of equation (sumrank).

The small matrices are illustrative values (the originals are lost); every number drawn
is computed by linseg itself: :func:`local_rank` for the ranks, :func:`linseg.compose.strategies.divisive.
sum_of_rank` and :func:`linseg.compose.strategies.divisive.divisive_clustering` for the clustering.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from linseg.compose.strategies.divisive import divisive_clustering, sum_of_rank
from linseg.evaluation._mpl import figure_bytes, new_figure

__all__ = [
    "local_rank",
    "wave",
    "RANK_EXAMPLE",
    "CLUSTERING_EXAMPLE",
    "figure_rank_example",
    "figure_rank_wave",
    "figure_divisive_clustering",
    "figure_sum_of_rank",
    "PAPER_FIGURES",
    "write_paper_figures",
]

#: A 5x5 image for the 3x3 ranking example (illustrative values).
RANK_EXAMPLE = np.array(
    [
        [2, 4, 1, 3, 5],
        [6, 3, 7, 2, 4],
        [1, 8, 5, 9, 2],
        [4, 2, 6, 3, 7],
        [3, 5, 1, 4, 6],
    ],
    dtype=np.float32,
)

#: A 7-sentence rank matrix with three cohesive segments, sentences 1-3, 4-5 and 6-7
#: (illustrative rank counts of a 3x3 mask, 0..8). Row/column i is sentence i + 1.
CLUSTERING_EXAMPLE = np.array(
    [
        [8, 7, 6, 2, 1, 0, 1],
        [7, 8, 7, 3, 1, 1, 0],
        [6, 7, 8, 4, 2, 1, 1],
        [2, 3, 4, 8, 7, 2, 1],
        [1, 1, 2, 7, 8, 3, 2],
        [0, 1, 1, 2, 3, 8, 6],
        [1, 0, 1, 1, 2, 6, 8],
    ],
    dtype=np.float32,
)


def local_rank(
    values: np.ndarray, mask: int | Sequence[int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rank of equation (2) for an array of any dimension and any odd mask shape.

    For each cell: the number of cells in the mask window (clipped at the edges) with a
    strictly lower value, and the number of cells examined (the window less the centre).
    The ratio ``r = lower / examined`` is a float32 division, 0 where the window is the
    centre alone. On a square symmetric matrix with a square mask this is exactly
    :func:`linseg.compose.transforms.rank_transform`; unlike that kernel it also takes a 1-D series
    (the paper's 1x11 mask) or any image.

    Returns ``(r, lower, examined)``.
    """
    x = np.asarray(values, dtype=np.float32)
    if isinstance(mask, (int, np.integer)):
        shape: tuple[int, ...] = (int(mask),) * x.ndim
    else:
        shape = tuple(int(m) for m in mask)
    if len(shape) != x.ndim or any(m < 1 or m % 2 == 0 for m in shape):
        raise ValueError(
            f"mask must be odd sizes, one per dimension of a {x.ndim}-d array, got {mask!r}"
        )
    halves = [m // 2 for m in shape]
    # +inf padding is never lower than a cell, so clipped windows need no special case.
    padded = np.pad(x, [(h, h) for h in halves], constant_values=np.inf)
    lower = np.zeros(x.shape, dtype=np.int64)
    for offset in np.ndindex(*shape):
        window = tuple(slice(o, o + n) for o, n in zip(offset, x.shape))
        lower += padded[window] < x
    examined = np.ones(x.shape, dtype=np.int64)
    for axis, (h, n) in enumerate(zip(halves, x.shape)):
        i = np.arange(n)
        span = np.minimum(n, i + h + 1) - np.maximum(0, i - h)
        examined = examined * span.reshape([-1 if a == axis else 1 for a in range(x.ndim)])
    examined -= 1
    r = np.zeros(x.shape, dtype=np.float32)
    ok = examined > 0
    r[ok] = lower[ok].astype(np.float32) / examined[ok].astype(np.float32)
    return r, lower, examined


def wave(x: np.ndarray) -> np.ndarray:
    """f(x) = g(2 pi x / 200), g(z) = 1/2 (e^{-z/2} + 1/2 e^{-z/2} (1 + sin(10 z^0.7))):
    the paper's sine wave with decaying mean, amplitude and frequency (equation wave)."""
    z = np.asarray(x, dtype=np.float64) * 2.0 * np.pi / 200.0
    decay = np.exp(-z / 2.0)
    return 0.5 * (decay + 0.5 * decay * (1.0 + np.sin(10.0 * np.power(z, 0.7))))


def _numbers(
    ax: Any, m: np.ndarray, fmt: str = "{:g}", size: float = 9, dark: float | None = None
) -> None:
    """Write each cell's value on an imshow of ``m``; light text on dark cells."""
    n_rows, n_cols = m.shape
    dark = float(np.max(m)) / 2 if dark is None else dark
    for i in range(n_rows):
        for j in range(n_cols):
            ax.text(
                j,
                i,
                fmt.format(m[i, j]),
                ha="center",
                va="center",
                fontsize=size,
                color="white" if m[i, j] < dark else "black",
            )


def _grid(ax: Any, n_rows: int, n_cols: int, origin: str = "lower", one_based: bool = True) -> None:
    ax.set_xticks(range(n_cols), [str(j + 1) for j in range(n_cols)] if one_based else [])
    ax.set_yticks(range(n_rows), [str(i + 1) for i in range(n_rows)] if one_based else [])
    ax.set_xticks(np.arange(-0.5, n_cols), minor=True)
    ax.set_yticks(np.arange(-0.5, n_rows), minor=True)
    ax.grid(which="minor", color="#888888", lw=0.5)
    ax.tick_params(which="both", length=0)


def _box(
    ax: Any,
    x0: float,
    y0: float,
    w: float,
    h: float,
    colour: str,
    lw: float = 2.0,
    gid: str | None = None,
) -> Any:
    from matplotlib.patches import Rectangle

    rect = Rectangle((x0, y0), w, h, fill=False, edgecolor=colour, lw=lw)
    if gid:
        rect.set_gid(gid)
    ax.add_patch(rect)
    return rect


def figure_rank_example(image: np.ndarray = RANK_EXAMPLE, cell: tuple[int, int] = (2, 2)) -> Any:
    """Figure 2: ranking an image with a 3x3 mask.

    Each cell becomes the number of its neighbours with a lower value (0..8 inside the
    image; fewer at the edges, where the mask is clipped and the ratio r of equation (2)
    divides by the cells examined instead of 8).
    """
    img = np.asarray(image, dtype=np.float32)
    r, lower, examined = local_rank(img, 3)
    fig = new_figure(figsize=(9.6, 3.7), layout="constrained")
    a_in, a_win, a_out = fig.subplots(1, 3)
    ci, cj = cell
    for ax, data, title in (
        (a_in, img, "image"),
        (a_out, lower.astype(float), "rank (3\u00d73 mask)"),
    ):
        im = ax.imshow(data, cmap="gray", vmin=0, vmax=max(8.0, float(img.max())))
        im.set_gid("matrix")
        _numbers(ax, data, "{:g}", 11)
        _grid(ax, data.shape[0], data.shape[1], one_based=False)
        ax.set_title(title)
    _box(a_in, cj - 1.5, ci - 1.5, 3, 3, "#E69F00", gid="mask")
    _box(a_out, cj - 0.5, ci - 0.5, 1, 1, "#E69F00", gid="cell")
    # Middle panel: the window around the cell, neighbours lower than the centre marked.
    win = img[ci - 1 : ci + 2, cj - 1 : cj + 2]
    is_lower = (win < img[ci, cj]).astype(float)
    is_lower[1, 1] = 0.5
    a_win.imshow(is_lower, cmap="Oranges", vmin=0, vmax=1.6)
    for i in range(3):
        for j in range(3):
            mark = "centre" if (i, j) == (1, 1) else ("lower" if win[i, j] < img[ci, cj] else "")
            a_win.text(j, i - 0.12, f"{win[i, j]:g}", ha="center", va="center", fontsize=14)
            a_win.text(j, i + 0.28, mark, ha="center", va="center", fontsize=8)
    _grid(a_win, 3, 3, one_based=False)
    a_win.set_title(
        f"{lower[ci, cj]} of {examined[ci, cj]} neighbours lower\n"
        f"rank {lower[ci, cj]}, r = {lower[ci, cj]}/{examined[ci, cj]} = {r[ci, cj]:g}"
    )
    fig.suptitle("Image ranking with a 3\u00d73 rank mask (eq. 2)")
    return fig


def figure_rank_wave(n: int = 200, mask: int = 11) -> Any:
    """Figure 4: the rank r(x) (1 x ``mask`` mask) of the decaying sine wave f(x).

    Ranking flattens the decaying mean and amplitude: every local peak reaches the top of
    the rank range and every trough the bottom, whatever their absolute height.
    """
    x = np.arange(n + 1)
    f = wave(x)
    r, _, _ = local_rank(f, mask)
    fig = new_figure(figsize=(7.5, 3.6), layout="constrained")
    ax = fig.add_subplot()
    (lf,) = ax.plot(x, f, color="#0072B2", lw=1.5, label="f(x)")
    lf.set_gid("wave")
    (lr,) = ax.plot(
        x, r, color="#D55E00", lw=1.0, drawstyle="steps-mid", label=f"r(x), 1\u00d7{mask} mask"
    )
    lr.set_gid("rank")
    ax.set_xlabel("x")
    ax.set_ylim(-0.03, 1.05)
    fig.suptitle("Rank of a sine wave with decaying mean, amplitude and frequency")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, frameon=False)
    return fig


def _segments_of(boundaries: Sequence[int], n: int) -> list[tuple[int, int]]:
    cuts = [0, *sorted(boundaries), n]
    return list(zip(cuts, cuts[1:]))


def figure_divisive_clustering(rank: np.ndarray = CLUSTERING_EXAMPLE, steps: int = 3) -> Any:
    """Figure 5: divisive clustering, step by step, on a small rank matrix.

    Panel m shows the m segments after m - 1 splits as squares on the diagonal, with
    their sums of rank s_k and areas a_k and the inside density D = sum s_k / sum a_k of
    equation (3). Each split is the one that raises D the most.
    """
    rank = np.asarray(rank, dtype=np.float32)
    n = rank.shape[0]
    s = sum_of_rank(rank)
    clustering = divisive_clustering(s)
    steps = max(1, min(steps, n))
    fig = new_figure(figsize=(3.3 * steps, 4.0), layout="constrained")
    axes = np.atleast_1d(fig.subplots(1, steps))
    for m, ax in enumerate(axes, start=1):
        im = ax.imshow(rank, origin="lower", cmap="gray", vmin=0, vmax=float(rank.max()) * 1.15)
        im.set_gid("matrix")
        _numbers(ax, rank, "{:g}", 8)
        _grid(ax, n, n)
        segs = _segments_of(clustering.boundaries(m), n)
        sums, areas = [], []
        for a, b in segs:
            _box(ax, a - 0.5, a - 0.5, b - a, b - a, "#E69F00", 2.2, gid="segment")
            sums.append(float(s[b - 1, a]))
            areas.append((b - a) ** 2)
        d = sum(sums) / sum(areas)
        num = "+".join(f"{v:g}" for v in sums)
        den = "+".join(str(v) for v in areas)
        if m > 1:
            num, den = f"({num})", f"({den})"
        ax.set_title(f"{m} segment{'s' if m > 1 else ''}: D = {num} / {den}\n= {d:.3f}", fontsize=9)
        ax.set_xlabel("sentence")
        if m > 1:
            new = int(clustering.order[m - 2])
            ax.axvline(new - 0.5, color="#D55E00", lw=1, ls=":")
    fig.suptitle("Divisive clustering: each step makes the split that maximises D (eq. 3)")
    return fig


def figure_sum_of_rank(
    rank: np.ndarray = CLUSTERING_EXAMPLE, cell: tuple[int, int] = (3, 0)
) -> Any:
    """Figure 8: the sum-of-rank matrix S of the clustering example, by equation (sumrank).

    ``cell = (i + j, i)`` (0-based) is highlighted with the four terms of step 3 of the
    recurrence: s[i+j, i] = 2 r[i+j, i] + s[i+j-1, i] + s[i+j, i+1] - s[i+j-1, i+1].
    S[j, i] is the sum of the rank values of the square of sentences i..j.
    """
    rank = np.asarray(rank, dtype=np.float32)
    n = rank.shape[0]
    s = sum_of_rank(rank)
    fig = new_figure(figsize=(10.0, 5.0), layout="constrained")
    a_r, a_s = fig.subplots(1, 2)
    row, col = cell
    for ax, data, title, fmt in (
        (a_r, rank, "rank matrix R", "{:g}"),
        (a_s, s, "sum of rank S", "{:g}"),
    ):
        # S[row, col] with row > col is drawn at x = row, y = col: the cell of segment
        # col..row sits above the diagonal; the matrix is symmetric so either half shows it.
        im = ax.imshow(data, origin="lower", cmap="Blues", vmin=0, vmax=float(data.max()) * 1.6)
        im.set_gid("matrix")
        _numbers(ax, data, fmt, 8, dark=-1)
        _grid(ax, n, n)
        ax.set_title(title)
        ax.set_xlabel("sentence")
    # Terms of step 3 for s_{row, col}: the cell itself and its three neighbours.
    _box(a_r, row - 0.5, col - 0.5, 1, 1, "#D55E00", 2.4, gid="term-r")
    _box(a_s, row - 0.5, col - 0.5, 1, 1, "#D55E00", 2.4, gid="term-s")
    _box(a_s, row - 1 - 0.5, col - 0.5, 1, 1, "#009E73", 2.0, gid="term-plus")
    _box(a_s, row - 0.5, col + 1 - 0.5, 1, 1, "#009E73", 2.0, gid="term-plus")
    _box(a_s, row - 1 - 0.5, col + 1 - 0.5, 1, 1, "#CC79A7", 2.0, gid="term-minus")
    a_s.set_xlabel("sentence\nred: the cell computed; green: terms added; pink: term subtracted")
    a_r.set_xlabel("sentence\nred: r of the cell; orange: the square its s sums")
    # Also the square of rank values that S[row, col] sums.
    _box(a_r, col - 0.5, col - 0.5, row - col + 1, row - col + 1, "#E69F00", 1.4, gid="square")
    fig.suptitle(
        f"s({row + 1},{col + 1}) = 2 r({row + 1},{col + 1}) + s({row},{col + 1}) + "
        f"s({row + 1},{col + 2}) \u2212 s({row},{col + 2}) = 2\u00b7{rank[row, col]:g} + "
        f"{s[row - 1, col]:g} + {s[row, col + 1]:g} \u2212 {s[row - 1, col + 1]:g} = {s[row, col]:g}"
    )
    return fig


#: File stem -> function, for :func:`write_paper_figures` and ``linseg figures``.
PAPER_FIGURES: dict[str, Callable[[], Any]] = {
    "rank-example": figure_rank_example,
    "rank-wave": figure_rank_wave,
    "divisive-clustering": figure_divisive_clustering,
    "sum-of-rank": figure_sum_of_rank,
}


def write_paper_figures(
    out_dir: str | os.PathLike[str], fmt: str = "png", dpi: int = 100
) -> list[Path]:
    """Write every figure of :data:`PAPER_FIGURES` to ``out_dir`` as ``NAME.fmt``."""
    if fmt not in ("png", "svg"):
        raise ValueError(f"figure format must be png or svg, got {fmt!r}")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, make in PAPER_FIGURES.items():
        path = out / f"{name}.{fmt}"
        path.write_bytes(figure_bytes(make(), fmt, dpi))
        paths.append(path)
    return paths

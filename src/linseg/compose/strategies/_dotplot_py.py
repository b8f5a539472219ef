"""Pure NumPy twin of ``_dotplot.pyx`` (Reynar's greedy density searches); see
linseg.compose.strategies.reynar and linseg.kernels.

Identical results: every candidate gap's objective is the compiled float64 expression,
evaluated for all gaps at once with the same operands in the same order (``((inside -
seg) + left) + right``, ``((area - ab^2) + ac^2) + cb^2``, ...), and the segments' masses
change only where a segment is split, as there. Reynar's exact search counts in int64,
whose sums do not depend on their order. The scan's ties go to the rightmost gap (its
``>=`` / ``<=`` left to right), and a NaN never wins.
"""

from __future__ import annotations

import numpy as np


def _block(p: np.ndarray, a: int | np.ndarray, b: int | np.ndarray) -> np.ndarray:
    return ((p[b, b] - p[a, b]) - p[b, a]) + p[a, a]


def _mass(p: np.ndarray, a: int | np.ndarray, b: int | np.ndarray, whole: bool) -> np.ndarray:
    # The author's dot-plot program kept each region's dot mass in an int; the margin
    # keeps a whole number that the prefix sums round just below it whole.
    v = _block(p, a, b)
    return np.floor(v + 1e-9) if whole else v


def _neighbours(is_boundary: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """For each gap c: the boundary at or before it and the first boundary after it."""
    idx = np.arange(n + 1)
    before = np.maximum.accumulate(np.where(is_boundary, idx, 0))
    after_at = np.where(is_boundary, idx, n)
    after = np.empty(n + 1, dtype=np.int64)
    after[:-1] = np.minimum.accumulate(after_at[::-1])[::-1][1:]
    after[-1] = n
    return before, after


def _rightmost(v: np.ndarray, candidates: np.ndarray, minimise: bool) -> int:
    """The rightmost candidate gap whose value the compiled scan keeps (``<=`` the
    running best when minimising from +inf, ``>=`` when maximising from -inf), or -1."""
    values = v[candidates]
    ok = ~np.isnan(values)
    if not ok.any():
        return -1
    top = values[ok].min() if minimise else values[ok].max()
    at = np.flatnonzero(values == top)
    return int(candidates[at[-1]])


def greedy(
    p: np.ndarray, w: np.ndarray, n_boundaries: int, minimise: bool, whole: bool
) -> tuple[np.ndarray, np.ndarray]:
    """The modular greedy search on the prefix sums ``p`` of a similarity matrix and the
    prefix sums ``w`` of the weights: ``(order, objective)``."""
    p = np.asarray(p, dtype=np.float64)
    w = np.asarray(w, dtype=np.float64)
    n = p.shape[0] - 1
    if n < 0 or p.shape[1] != n + 1 or w.shape[0] != n + 1 or n_boundaries < 0:
        raise ValueError("greedy: p must be (n + 1) x (n + 1) and w of length n + 1")
    order = np.empty(n_boundaries, dtype=np.int64)
    objective = np.empty(n_boundaries, dtype=np.float64)
    is_boundary = np.zeros(n + 1, dtype=bool)
    seg = np.zeros(n + 1)
    left = np.zeros(n + 1)
    right = np.zeros(n + 1)

    def segment_masses(a: int, b: int) -> None:
        c = np.arange(a + 1, b)
        seg[a + 1 : b] = _mass(p, a, b, whole)
        left[a + 1 : b] = _mass(p, a, c, whole)
        right[a + 1 : b] = _mass(p, c, b, whole)

    is_boundary[0] = is_boundary[n] = True
    total_dots = p[n, n]
    total_area = w[n] * w[n]
    inside = _mass(p, 0, n, whole)
    area = total_area
    segment_masses(0, n)
    done = n_boundaries
    gaps = np.arange(n + 1)
    for step in range(n_boundaries):
        a, b = _neighbours(is_boundary, n)
        candidates = gaps[1:n][~is_boundary[1:n]]
        if not candidates.size:
            done = step
            break
        wab = w[b] - w[a]
        wac = w - w[a]
        wcb = w[b] - w
        new_in = ((inside - seg) + left) + right
        new_area = ((area - wab * wab) + wac * wac) + wcb * wcb
        with np.errstate(divide="ignore", invalid="ignore"):
            if minimise:
                den = total_area - new_area
                v = np.where(den > 0, (total_dots - new_in) / den, np.inf)
            else:
                v = np.where(new_area > 0, new_in / new_area, 0.0)
        best = _rightmost(v, candidates, minimise)
        if best < 0:
            done = step
            break
        a0, b0 = int(a[best]), int(b[best])
        inside = ((inside - _mass(p, a0, b0, whole)) + _mass(p, a0, best, whole)) + _mass(
            p, best, b0, whole
        )
        wab0, wac0, wcb0 = w[b0] - w[a0], w[best] - w[a0], w[b0] - w[best]
        area = ((area - wab0 * wab0) + wac0 * wac0) + wcb0 * wcb0
        is_boundary[best] = True
        segment_masses(a0, best)
        segment_masses(best, b0)
        order[step] = best
        objective[step] = v[best]
    return order[:done], objective[:done]


def reynar(
    cum: np.ndarray, w: np.ndarray, n_boundaries: int, minimise: bool
) -> tuple[np.ndarray, np.ndarray]:
    """Reynar's exact greedy search on the prefix sums ``cum`` of the stem counts and the
    word positions ``w`` before each gap: ``(order, objective)``."""
    cum = np.asarray(cum, dtype=np.int64)
    w = np.asarray(w, dtype=np.int64)
    n = cum.shape[0] - 1
    if n < 0 or w.shape[0] != n + 1 or n_boundaries < 0:
        raise ValueError("reynar: cum must have n + 1 rows and w length n + 1")
    order = np.empty(n_boundaries, dtype=np.int64)
    objective = np.empty(n_boundaries, dtype=np.float64)
    # Each sentence's counts, sparse: the stems whose count changes between rows.
    rows, stems = np.nonzero(np.diff(cum, axis=0)) if n > 0 else (np.zeros(0, int),) * 2
    counts = cum[rows + 1, stems] - cum[rows, stems]
    indptr = np.searchsorted(rows, np.arange(n + 1))
    cross = np.zeros(n + 1, dtype=np.int64)

    def candidates(a: int, b: int) -> None:
        # cross[c] for every gap c inside [a, b): V(a, c) . V(c, b), from sentence c - 1's
        # counts moving from the right span to the left one (exact integers).
        lo, hi = indptr[a], indptr[max(a, b - 1)]
        r, j, d = rows[lo:hi], stems[lo:hi], counts[lo:hi]
        term = d * ((cum[b, j] - cum[r, j]) - (cum[r, j] - cum[a, j]) - d)
        per_sentence = np.zeros(max(b - 1 - a, 0), dtype=np.int64)
        np.add.at(per_sentence, r - a, term)
        cross[a + 1 : b] = np.cumsum(per_sentence)

    is_boundary = np.zeros(n + 1, dtype=bool)
    is_boundary[0] = is_boundary[n] = True
    total = cum[n] - cum[0]
    inside = int(np.dot(total, total))
    area_in = int(w[n] * w[n])
    outside = 0
    area_out = 0
    candidates(0, n)
    done = n_boundaries
    gaps = np.arange(n + 1)
    for step in range(n_boundaries):
        a, b = _neighbours(is_boundary, n)
        free = gaps[1:n][~is_boundary[1:n]]
        if not free.size:
            done = step
            break
        wa, wb = w[a], w[b]
        with np.errstate(divide="ignore", invalid="ignore"):
            if minimise:
                # Splitting [a, b) at c adds the block [a, c) x [c, b) to the outside.
                den = area_out + (w - wa) * (wb - w)
                num = outside + cross
                v = np.where(den > 0, num.astype(np.float64) / den.astype(np.float64), np.inf)
            else:
                den = ((area_in - (wb - wa) ** 2) + (w - wa) ** 2) + (wb - w) ** 2
                num = inside - 2 * cross
                v = np.where(den > 0, num.astype(np.float64) / den.astype(np.float64), 0.0)
        best = _rightmost(v, free, minimise)
        if best < 0:
            done = step
            break
        a0, b0 = int(a[best]), int(b[best])
        inside -= 2 * int(cross[best])
        area_in += int((w[best] - w[a0]) ** 2 + (w[b0] - w[best]) ** 2 - (w[b0] - w[a0]) ** 2)
        outside += int(cross[best])
        area_out += int((w[best] - w[a0]) * (w[b0] - w[best]))
        is_boundary[best] = True
        candidates(a0, best)
        candidates(best, b0)
        order[step] = best
        objective[step] = v[best]
    return order[:done], objective[:done]

"""Pure NumPy twin of ``_exact.pyx`` (the exact segmentation search with a maximum
segment length, and the dense search with a count or a penalty); see
linseg.compose.strategies.ExactDP and linseg.kernels.

Identical results:

- Masses are the compiled running sums: each row's sum along the band is a sequential
  ``np.cumsum`` (float64, in the same order), and the mass of a segment of t sentences
  ending at e is the mass of the segment of t - 1 sentences ending at e - 1 plus that
  row's sum, one addition per cell as there.
- Totals are formed in the same order of operations, ``(best + score) - penalty``.
- Ties go to the earliest start: numpy's first argmax over the starts in increasing
  order, which is the compiled scan's strict ``>``. Where every candidate is -inf the
  compiled scan keeps its first candidate, and so does this.
"""

from __future__ import annotations

import numpy as np


def _score_table(c: np.ndarray, off: float, den: np.ndarray, L: int) -> np.ndarray:
    """``S[j, t]`` = score of the segment of ``t`` sentences ending before sentence
    ``j`` (t = 1 .. min(L, j)); other cells are -inf. See ``_exact.pyx``."""
    n, width = c.shape
    w = width - 1
    table = np.full((n + 1, L + 1), -np.inf)
    if n == 0 or L < 1:
        return table
    # row[e, d] = c[e, 0] + off c[e, 1] + ... + off c[e, d]: a running sum; past the band
    # (d > w) nothing more is added.
    terms = np.zeros((n, L))
    reach = min(w, L - 1)
    terms[:, 0] = c[:, 0]
    terms[:, 1 : reach + 1] = off * c[:, 1 : reach + 1].astype(np.float64)
    row = np.cumsum(terms, axis=1)
    # mass[e + 1, t] = mass[e, t - 1] + row[e, t - 1], from mass[., 0] = 0, for t <= e + 1.
    mass = np.zeros(n + 1)
    den = np.asarray(den, dtype=np.float64)
    for t in range(1, min(L, n) + 1):
        # Segments of t sentences end before e + 1 = t .. n.
        mass = mass[:-1] + row[t - 1 :, t - 1]
        table[t:, t] = mass / den[t]
    return table


def _best_with_penalty(s: np.ndarray, penalty: float) -> np.ndarray:
    """back[j]: the start of the last segment of the best segmentation of [0, j), each
    segment costing ``penalty``."""
    n = s.shape[0] - 1
    L = s.shape[1] - 1
    best = np.empty(n + 1)
    back = np.zeros(n + 1, dtype=np.int64)
    best[0] = 0.0
    for j in range(1, n + 1):
        lo = j - L if j > L else 0
        # Starts lo .. j - 1, in increasing order: segment lengths j - lo down to 1.
        total = (best[lo:j] + s[j, j - lo : 0 : -1]) - penalty
        arg = int(total.argmax())
        # numpy's argmax takes a NaN for the maximum; the compiled scan never does.
        if np.isnan(total[arg]):
            arg = _first_max(total)
        back[j] = lo + arg
        best[j] = total[arg]
    return back


def _dense_best_with_penalty(s: np.ndarray, penalty: float) -> np.ndarray:
    """back[j]: the start of the last segment of the best segmentation of [0, j) over a
    dense (n + 1) x (n + 1) table ``s[i, j]`` (segment [i, j)), each segment costing
    ``penalty`` (numpy's first argmax: ties go to the earliest start, and the first NaN
    wins). Cells with ``i >= j`` are not read."""
    n = s.shape[0] - 1
    best = np.full(n + 1, -np.inf)
    best[0] = 0.0
    back = np.zeros(n + 1, dtype=np.int64)
    for j in range(1, n + 1):
        total = best[:j] + s[:j, j] - penalty
        back[j] = int(total.argmax())
        best[j] = total[back[j]]
    return back


def _first_max(values: np.ndarray) -> int:
    """The compiled scan's choice: the first value strictly above all before it,
    starting from the first (NaN never replaces the best)."""
    arg, top = 0, values[0]
    for i in range(1, values.shape[0]):
        if values[i] > top:
            top, arg = values[i], i
    return arg


def _best_with_count(
    s: np.ndarray,
    k: int,
    lo: np.ndarray,
    hi: np.ndarray,
    base: np.ndarray,
    back: np.ndarray,
    block: int,
) -> np.ndarray:
    """The best segmentation of [0, n) into k segments: its k - 1 cuts, ascending.

    Level l holds the best segmentations of [0, j) into l + 1 segments for the ``j`` in
    ``[lo[l], hi[l]]``; ``back[base[l] + j - lo[l]]`` keeps the last segment's length.
    (``block`` is the compiled kernel's cache blocking; the results do not depend on it.)
    """
    n = s.shape[0] - 1
    L = s.shape[1] - 1
    lo = np.asarray(lo, dtype=np.int64)
    hi = np.asarray(hi, dtype=np.int64)
    cuts = np.zeros(k - 1 if k > 1 else 0, dtype=np.int64)
    prev = np.full(n + 1, -np.inf)
    j = np.arange(int(lo[0]), int(hi[0]) + 1)
    prev[j] = s[j, j]
    for level in range(1, k):
        cur = np.full(n + 1, -np.inf)
        a, b = int(lo[level]), int(hi[level])
        plo, phi = int(lo[level - 1]), int(hi[level - 1])
        # In chunks of ends: candidates[j, t] = prev[j - t] + s[j, t], t = 1 .. L.
        step = max(1, (1 << 20) // (L + 1))
        for c0 in range(a, b + 1, step):
            ends = np.arange(c0, min(b, c0 + step - 1) + 1)
            first = np.maximum(ends - L, plo)
            last = np.minimum(ends - 1, phi)
            starts = ends[:, None] - np.arange(L, 0, -1)[None, :]  # increasing starts
            valid = (starts >= first[:, None]) & (starts <= last[:, None])
            total = np.where(
                valid,
                prev[np.clip(starts, 0, n)]
                + s[ends[:, None], np.clip(ends[:, None] - starts, 0, L)],
                -np.inf,
            )
            arg = total.argmax(axis=1)
            top = total[np.arange(ends.size), arg]
            # Every candidate -inf: the compiled scan keeps its first candidate.
            start = np.where(top == -np.inf, first, starts[np.arange(ends.size), arg])
            cur[ends] = np.where(top == -np.inf, prev[first] + s[ends, ends - first], top)
            back[base[level] + ends - a] = ends - start
        prev = cur
    j = n
    for level in range(k - 1, 0, -1):
        j = j - int(back[base[level] + j - lo[level]])
        cuts[level - 1] = j
    return cuts


def _dense_back(s: np.ndarray, k: int, block: int) -> np.ndarray:
    """The back pointers of :func:`~linseg.compose.strategies.best_with_count` over a
    dense (n + 1) x (n + 1) table ``s[i, j]`` (segment [i, j)) holding no NaN and no
    +inf: ``back[l, j]`` is the start of the last of the best l + 1 segments of [0, j),
    numpy's first argmax of ``best[:, None] + s`` at each level. Cells with ``i >= j``
    are not read."""
    if block < 1 or k < 1:
        raise ValueError("_dense_back: k and block must be >= 1")
    s = np.asarray(s, dtype=np.float64)
    n = s.shape[0] - 1
    back = np.zeros((k, n + 1), dtype=np.int64)
    best = np.full(n + 1, -np.inf)
    best[1:] = s[0, 1:]
    # Cells with i >= j are no segment: -inf, never strictly greater.
    below = np.tri(n + 1, dtype=bool)
    for level in range(1, k):
        total = best[:, None] + s
        total[below] = -np.inf
        arg = total.argmax(axis=0)
        top = total[arg, np.arange(n + 1)]
        back[level] = np.where(top == -np.inf, 0, arg)
        best = top
    return back

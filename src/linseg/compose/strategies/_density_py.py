"""Pure NumPy twin of ``_density.pyx`` (sum of rank and divisive clustering, equations 3
and 5); see linseg.compose.strategies.divisive and linseg.kernels.

Identical results: every sum is float32 and formed as the compiled kernel forms it.

- Sum of rank: the paper's recurrence along the diagonals, one diagonal at a time (each
  a NumPy expression over the diagonal, ``((2 r + a) + b) - c`` in float32), so every
  cell is the same three float32 operations on the same operands.
- Divisive clustering: at each step every region's density after its best split is
  computed in float32 as there (``((SR - s) + l) + r`` over the area rounded to float32),
  and the winner is the rightmost maximum above ``Float.MIN_VALUE``: the compiled scan
  runs right to left with a strict ``>``. A region's best split is the rightmost
  maximum above 0 of the same float32 quotients, else its first sentence.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

#: Float.MIN_VALUE, the reference's floor for the winning density.
TINY = np.float32(1.401298464324817e-45)


def sum_of_rank(r: np.ndarray) -> np.ndarray:
    """The sum-of-rank matrix by the paper's three-step recurrence along the diagonals."""
    r = np.ascontiguousarray(r, dtype=np.float32)
    n = r.shape[0]
    if n < 2:
        return r.copy()
    # diag[d, :n - d] holds diagonal d (cells (i + d, i)), first of 2 r, then of s.
    rows, cols, back_d, back_i = _diagonals(n)
    diag = r[rows, cols]
    diag[1:] *= np.float32(2.0)
    # d = 1: 2 r + s[i, i] + s[i + 1, i + 1], added left to right in float32.
    cur = diag[1, : n - 1]
    cur += diag[0, : n - 1]
    cur += diag[0, 1:]
    for d in range(2, n):
        m = n - d
        cur = diag[d, :m]
        cur += diag[d - 1, :m]
        cur += diag[d - 1, 1 : m + 1]
        cur -= diag[d - 2, 1 : m + 1]
    # Back to the square, both triangles (the cells past each diagonal's end are unused).
    return diag[back_d, back_i]


@lru_cache(maxsize=64)
def _diagonals(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For an n x n matrix: (rows, cols), the cell (i + d, i) at [d, i] (clipped past each
    diagonal's end), and (d, i) back, the diagonal and place of each cell (x, y)."""
    d = np.arange(n)[:, None]
    i = np.arange(n)[None, :]
    return np.minimum(i + d, n - 1), np.broadcast_to(i, (n, n)), np.abs(d - i), np.minimum(d, i)


@lru_cache(maxsize=512)
def _split_areas(length: int) -> np.ndarray:
    """``lower^2 + upper^2`` in float32 for each split of a region of ``length`` sentences
    (the split after its first, second, ... sentence)."""
    lower = np.arange(1, length, dtype=np.int64)
    upper = length - lower
    return (lower * lower + upper * upper).astype(np.float32)


def best_split(s: np.ndarray, start: int, end: int) -> tuple[int, np.float32, np.float32]:
    """The best split of region ``[start, end]``: (last sentence of its left part, the
    left part's sum of rank, the right part's). Candidates are taken as the compiled
    kernel scans them, right to left with a strict ``>``: ties go to the rightmost, and
    the region splits after its first sentence when no split gives a positive density."""
    if end <= start:
        return start, s[start, start], np.float32(0.0)
    d = s[start:end, start] + s[end, start + 1 : end + 1]
    d /= _split_areas(end - start + 1)
    last = d.shape[0] - 1 - int(d[::-1].argmax())
    b = start + last if d[last] > 0 else start
    return b, s[b, start], s[end, b + 1]


# Why this is long: the paper's divisive clustering, step for step as the compiled kernel
# runs it; the regions' sums and the scan share state that helpers would pass back and forth.
def divisive(s: np.ndarray, steps: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Run ``steps`` splits: (boundaries, gains, densities D(1) .. D(steps + 1))."""
    s = np.ascontiguousarray(s, dtype=np.float32)
    n = s.shape[0]
    boundaries = np.empty(steps, dtype=np.int64)
    gain = np.empty(steps, dtype=np.float32)
    density = np.empty(steps + 1, dtype=np.float32)
    # Regions are kept by their first sentence: end[a] is the last sentence of the region
    # starting at a (-1 where none starts). Regions in order of their starts are the
    # compiled kernel's list of regions, left to right.
    end = [-1] * n
    split = [0] * n
    rsum = [np.float32(0.0)] * n
    # For the scan, per start: the region's sum of rank where it can split (+inf
    # elsewhere, so that its density is -inf and never wins), its best split's two sums,
    # and the area the split removes (area^2 - la - ra; 0 elsewhere).
    key = np.full(n, np.inf, dtype=np.float32)
    lsum = np.zeros(n, dtype=np.float32)
    rtsum = np.zeros(n, dtype=np.float32)
    removed = np.zeros(n, dtype=np.int64)

    def evaluate(a: int) -> None:
        e = end[a]
        if e > a:
            k, left, right = best_split(s, a, e)
            split[a] = k
            lsum[a] = left
            rtsum[a] = right
            key[a] = rsum[a]
            removed[a] = (e - a + 1) ** 2 - (k - a + 1) ** 2 - (e - k) ** 2
        else:
            key[a] = np.inf
            lsum[a] = rtsum[a] = 0.0
            removed[a] = 0

    if n == 0:
        return boundaries, gain, density
    end[0] = n - 1
    rsum[0] = s[n - 1, 0]
    evaluate(0)
    sum_region = rsum[0]
    sum_area = n * n
    d_now = sum_region / np.float32(sum_area)
    density[0] = d_now
    for step in range(steps):
        tv = sum_region - key
        tv += lsum
        tv += rtsum
        tv /= (sum_area - removed).astype(np.float32)
        j = n - 1 - int(tv[::-1].argmax())
        best = tv[j]
        if best > TINY:
            index = j
        else:
            # No candidate beats the floor: the leftmost region that can split (or the
            # last region, if none can).
            best = TINY
            splittable = [a for a in range(n) if end[a] > a]
            index = splittable[0] if splittable else max(a for a in range(n) if end[a] >= 0)
        k = split[index]
        e0 = end[index]
        l_sum, r_sum = lsum[index], rtsum[index]
        area = e0 - index + 1
        la = (k - index + 1) * (k - index + 1)
        ra = (e0 - k) * (e0 - k)
        new_region = ((sum_region - rsum[index]) + l_sum) + r_sum
        new_area = sum_area - area * area + la + ra
        best_true = new_region / np.float32(new_area)
        end[index] = k
        rsum[index] = l_sum
        end[k + 1] = e0
        rsum[k + 1] = r_sum
        evaluate(index)
        evaluate(k + 1)
        boundaries[step] = k + 1
        gain[step] = best - d_now
        d_now = best
        density[step + 1] = best_true
        sum_region = new_region
        sum_area = new_area
    return boundaries, gain, density

"""Pure NumPy twin of ``_banded.pyx`` (the banded C99: similarity, rank, band sums and the
divisive clustering's bounding tree); see linseg.compose.band and linseg.kernels.

Identical results, kernel by kernel:

- similarity: :func:`linseg.compose.measures._cosine_py.cosine_band` (integer dot
  products, the compiled float32 quotient); the dot products alone (``_dots_band``) are
  integers, exact in float64 either way;
- rank: a count of the cells below each cell in its window (an integer), over the
  window's size, in float32, the window read from the same virtual matrix (0 beyond the
  band, nothing beyond the document);
- band sums: running float32 sums along each row, ``np.cumsum`` (sequential, left to
  right, from 0.0 as the compiled loop starts);
- clustering on the full float32 sum of rank (mode 0): the compiled search keeps every
  region that float32 rounding could make win or tie, so it finds what the plain scan of
  :func:`linseg.compose.strategies._density_py.divisive` finds, which runs it;
- clustering on the band (mode 1): the region that wins depends on the order the regions
  are met and on the tree's pruning (a new best must beat the old by a relative margin),
  so the tree is kept here exactly as there -- the same grid, window and rebuilds, the
  same float64 expressions for bounds and densities, the same descent and stack order.
"""

from __future__ import annotations

import math

import numpy as np

from linseg.compose.measures._cosine_py import _band_dots, cosine_band, sentence_vectors
from linseg.compose.strategies._density_py import divisive

#: Window cells compared per batch of the rank (bounds the scratch memory).
_BATCH_CELLS = 1 << 21


# --- similarity ---------------------------------------------------------------------------
def _cosine_band(ids: np.ndarray, offsets: np.ndarray, n_vocab: int, w: int) -> np.ndarray:
    """The float32 cosine of every pair of sentences within ``w`` of each other, as
    ``out[i, d]`` = cell (i, i - d)."""
    return cosine_band(ids, offsets, n_vocab, w)


def _dots_band(ids: np.ndarray, offsets: np.ndarray, n_vocab: int, w: int) -> np.ndarray:
    """The dot product of the stem counts of every pair of sentences within ``w`` of each
    other, as float64 ``out[i, d]`` = cell (i, i - d): integers, so exact either way."""
    ustem, ucount, _, sq, owner, _ = sentence_vectors(ids, offsets, n_vocab)
    out = _band_dots(ustem, ucount, owner, sq.shape[0], w)
    out[:, 0] = sq
    return out


# --- rank ---------------------------------------------------------------------------------
def _rank_band(sim: np.ndarray, half: int) -> np.ndarray:
    """The rank ratio of every cell of the band ``sim`` in a (2 half + 1)^2 window."""
    sim = np.ascontiguousarray(sim, dtype=np.float32)
    n, width = sim.shape
    w = width - 1
    out = np.zeros((n, w + 1), dtype=np.float32)
    if n == 0:
        return out
    side = 2 * half + 1
    span = w + 2 * half
    sw = 2 * span + 1
    # strip[x + half, e]: cell (x, x - (e - span)) of the virtual symmetric matrix: the
    # band's value, 0 beyond the band, +inf outside the document (never lower).
    x = np.arange(-half, n + half)[:, None]
    dp = np.arange(-span, span + 1)[None, :]
    y = x - dp
    inside = (x >= 0) & (x < n) & (y >= 0) & (y < n)
    adp = np.abs(dp)
    in_band = inside & (adp <= w)
    strip = np.where(inside, np.float32(0.0), np.float32(np.inf)).astype(np.float32)
    rows = np.broadcast_to(np.maximum(x, y), in_band.shape)[in_band]
    cols = np.broadcast_to(adp, in_band.shape)[in_band]
    strip[in_band] = sim[rows, cols]
    flat = strip.ravel()
    # The window of cell (i, i - d) starts at strip[i, d + span - 2 half]; row a of it
    # runs on from a (sw + 1) further.
    offsets = (np.arange(side)[:, None] * (sw + 1) + np.arange(side)[None, :]).ravel()
    idx = np.arange(n)
    sizes = np.minimum(n, idx + half + 1) - np.maximum(0, idx - half)
    # Cosines are >= 0: a zero cell has nothing lower in its window.
    ci, cd = np.nonzero(sim > 0)
    keep = cd <= ci
    ci, cd = ci[keep], cd[keep]
    cells = sizes[ci] * sizes[ci - cd] - 1
    keep = cells > 0
    ci, cd, cells = ci[keep], cd[keep], cells[keep]
    step = max(1, _BATCH_CELLS // offsets.size)
    for a in range(0, ci.size, step):
        i, d = ci[a : a + step], cd[a : a + step]
        v = sim[i, d]
        base = i * sw + d + span - 2 * half
        lower = np.count_nonzero(flat[base[:, None] + offsets] < v[:, None], axis=1)
        out[i, d] = lower.astype(np.float32) / cells[a : a + step].astype(np.float32)
    return out


# --- sums over the band -------------------------------------------------------------------
def _band_cumsums(rank: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Running sums along each row of the band, to the left and to the right.

    ``left[k, m]`` = sum of rank[k, k - d] for d = 1..m; ``right[k, m]`` = sum of
    rank[k + d, k] (= rank[k, k + d]) for d = 1..m. float32, like the ranks they sum.
    """
    rank = np.ascontiguousarray(rank, dtype=np.float32)
    n, width = rank.shape
    w = width - 1
    # Column 0 is the 0.0 each running sum starts from.
    terms = np.zeros((n, w + 1), dtype=np.float32)
    terms[:, 1:] = rank[:, 1:]
    left = np.cumsum(terms, axis=1, dtype=np.float32)
    terms[:] = 0.0
    for m in range(1, min(w, n - 1) + 1):
        terms[: n - m, m] = rank[m:, m]  # beyond the document nothing is added
    right = np.cumsum(terms, axis=1, dtype=np.float32)
    return left, right


def _band_split(
    diag: np.ndarray, left: np.ndarray, right: np.ndarray, a: int, b: int
) -> tuple[int, float, float]:
    """Best split of region [a, b] from band prefix sums (float64): (the last sentence
    of the left part, its sum of rank, the right part's).

    ``pre[k]`` = sum of rank over [a, k]^2 and ``suf[k]`` over [k, b]^2, each a running
    sum (float64, in the compiled order). Same choice as the full version: the rightmost
    best of the strictly positive densities, else a split after the first sentence."""
    w = left.shape[1] - 1
    k = np.arange(a, b + 1)
    grow = np.zeros(b - a + 2)
    grow[1:] = diag[a : b + 1].astype(np.float64) + 2.0 * left[k, np.minimum(k - a, w)].astype(
        np.float64
    )
    pre = np.cumsum(grow)[1:]  # pre[k - a]
    shrink = np.zeros(b - a + 2)
    shrink[1:] = (
        diag[a : b + 1].astype(np.float64) + 2.0 * right[k, np.minimum(b - k, w)].astype(np.float64)
    )[::-1]
    suf = np.cumsum(shrink)[1:][::-1]  # suf[k - a]
    lo = np.arange(1, b - a + 1, dtype=np.float64)
    up = (b - a + 1) - lo
    d = (pre[:-1] + suf[1:]) / (lo * lo + up * up)
    best = d.shape[0] - 1 - int(d[::-1].argmax()) if d.shape[0] else 0
    if not (d.shape[0] and d[best] > 0.0):
        best = 0
    return a + best, float(pre[best]), float(suf[best + 1])


# --- divisive clustering with a bounding tree ---------------------------------------------
# See _banded.pyx: each region j, split at its best point, would change the totals of
# equation (3) by g_j and -h_j; the tree keeps, per node, max_j (g_j + lam h_j) at GRID
# values of lam in a window around the current density, and the largest h_j.
GRID = 16
BUCKET = 8
WINDOW = 0.04
RHO = 1e-7
NEG = -math.inf


def _node_bound(row: list[float], phi: float, lo: float, step: float) -> float:
    if phi <= lo:
        return row[0]
    pos = (phi - lo) / step
    if pos >= GRID - 1:
        return row[GRID - 1] + (phi - lo - (GRID - 1) * step) * row[GRID]
    i = int(pos)
    fr = pos - i
    return row[i] + fr * (row[i + 1] - row[i])


class _Tree:
    """The bounding tree: ``rows[node]``, GRID bounds and the largest h, as lists of
    floats (the nodes are read one at a time)."""

    def __init__(self, n: int) -> None:
        self.n = n
        nb = (n + BUCKET - 1) // BUCKET
        size = 1
        while size < nb:
            size *= 2
        self.size = size
        self.rows = [[NEG] * (GRID + 1) for _ in range(2 * size)]

    def _leaf(
        self, bucket: int, end: np.ndarray, gg: np.ndarray, hh: np.ndarray, lam: np.ndarray
    ) -> list[float]:
        a, b = bucket * BUCKET, min(self.n, (bucket + 1) * BUCKET)
        s = np.arange(a, b)
        s = s[end[a:b] > s]
        if not s.size:
            return [NEG] * (GRID + 1)
        v = gg[s][:, None] + lam[None, :] * hh[s][:, None]
        return [*v.max(axis=0).tolist(), float(hh[s].max())]

    @staticmethod
    def _pull(a: list[float], b: list[float]) -> list[float]:
        return [x if x > y else y for x, y in zip(a, b)]

    def refresh(
        self, bucket: int, end: np.ndarray, gg: np.ndarray, hh: np.ndarray, lam: np.ndarray
    ) -> None:
        rows = self.rows
        node = self.size + bucket
        rows[node] = self._leaf(bucket, end, gg, hh, lam)
        node //= 2
        while node >= 1:
            rows[node] = self._pull(rows[2 * node], rows[2 * node + 1])
            node //= 2

    def rebuild(self, end: np.ndarray, gg: np.ndarray, hh: np.ndarray, lam: np.ndarray) -> None:
        size, n = self.size, self.n
        s = np.arange(n)
        v = np.full((size * BUCKET, GRID + 1), NEG)
        ok = end > s
        v[:n, :GRID][ok] = gg[ok][:, None] + lam[None, :] * hh[ok][:, None]
        v[:n, GRID][ok] = hh[ok]
        leaves = v.reshape(size, BUCKET, GRID + 1).max(axis=1)
        level = leaves
        rows = self.rows
        rows[size : 2 * size] = level.tolist()
        first = size
        while first > 1:
            # The parents of nodes first .. 2 first - 1: where(a > b, a, b), as _pull.
            pairs = level.reshape(-1, 2, GRID + 1)
            level = np.where(pairs[:, 0] > pairs[:, 1], pairs[:, 0], pairs[:, 1])
            first //= 2
            rows[first : 2 * first] = level.tolist()


# Why this is long: the compiled kernel's one pass over the splitting steps, kept step for
# step (see the module docstring): the regions' sums, the tree and the search share state.
def _cluster(
    mode: int,
    s_full: np.ndarray,
    diag: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    n: int,
    steps: int,
    rsum: np.ndarray,
    lsum: np.ndarray,
    rtsum: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Run ``steps`` splits: (boundaries, gains, densities D(1) .. D(steps + 1)).

    mode 0: sums from the full float32 sum-of-rank matrix ``s_full`` (bit-exact with full
    C99); mode 1: sums from the band ``diag``, ``left``, ``right`` (float64). ``rsum``,
    ``lsum`` and ``rtsum`` are scratch (unused here)."""
    if mode == 0:
        return divisive(np.ascontiguousarray(s_full, dtype=np.float32), steps)
    diag = np.ascontiguousarray(diag, dtype=np.float32)
    left = np.ascontiguousarray(left, dtype=np.float32)
    right = np.ascontiguousarray(right, dtype=np.float32)
    end = np.full(n, -1, dtype=np.int64)
    split = [0] * n
    gg = np.zeros(n)
    hh = np.zeros(n)
    rs = [0.0] * n  # each region's sum of rank, and its best split's two sums
    ls = [0.0] * n
    rts = [0.0] * n
    tree = _Tree(n)
    size = tree.size
    rows = tree.rows
    boundaries = np.empty(steps, dtype=np.int64)
    gain = np.empty(steps, dtype=np.float64)
    density = np.empty(steps + 1, dtype=np.float64)
    step_lam = WINDOW / (GRID - 1)
    grid = np.arange(GRID, dtype=np.float64) * step_lam

    end[0] = n - 1
    w = left.shape[1] - 1
    # The whole document's sum: the prefix sum over all rows.
    kk = np.arange(n)
    terms = np.zeros(n + 1)
    terms[1:] = diag[:n].astype(np.float64) + 2.0 * left[kk, np.minimum(kk, w)].astype(np.float64)
    rs[0] = float(np.cumsum(terms)[-1])
    sum_region = rs[0]
    sum_area = n * n
    d_now = sum_region / float(sum_area)
    density[0] = d_now
    tiny = float(np.float32(1.401298464324817e-45))
    lo = d_now - 0.25 * WINDOW
    lam = lo + grid

    todo = [0]
    for step in range(steps + 1):
        for s0 in todo:
            e0 = int(end[s0])
            if e0 > s0:
                if rs[s0] == 0:
                    # Ranks are >= 0: a zero region has only zero splits.
                    split[s0], ls[s0], rts[s0] = s0, 0.0, 0.0
                else:
                    split[s0], ls[s0], rts[s0] = _band_split(diag, left, right, s0, e0)
                k = split[s0]
                farea = float(e0 - s0 + 1)
                fla = float(k - s0 + 1)
                fra = float(e0 - k)
                hh[s0] = farea * farea - fla * fla - fra * fra
                gg[s0] = (ls[s0] + rts[s0]) - rs[s0]
            tree.refresh(s0 // BUCKET, end, gg, hh, lam)
        if step == steps:
            break
        here = d_now
        if here < lo + 0.1 * WINDOW or here > lo + 0.5 * WINDOW:
            lo = here - 0.25 * WINDOW
            lam = lo + grid
            tree.rebuild(end, gg, hh, lam)

        # Find the region whose split gives the highest overall density.
        sr = sum_region
        sa = float(sum_area)
        best = tiny
        index = -1
        # A good first candidate makes the bounds bite: descend towards the largest
        # bound at the current density.
        phi = min(max(d_now, 0.0), 1.0)
        node = 1
        while node < size:
            lc = 2 * node
            if rows[lc + 1][0] == NEG:
                node = lc
            elif rows[lc][0] == NEG:
                node = lc + 1
            elif _node_bound(rows[lc], phi, lo, step_lam) > _node_bound(
                rows[lc + 1], phi, lo, step_lam
            ):
                node = lc
            else:
                node = lc + 1
        stack = [1, node]
        while stack:
            node = stack.pop()
            row = rows[node]
            if row[0] == NEG:
                continue
            phi = min(max(best, 0.0), 1.0)
            bound = _node_bound(row, phi, lo, step_lam)
            limit = (phi + RHO * phi) * sa - sr
            if index >= 0 and bound < limit:
                continue
            if node >= size:
                bucket = node - size
                for j in range(min(n, (bucket + 1) * BUCKET) - 1, bucket * BUCKET - 1, -1):
                    e = int(end[j])
                    if e <= j:
                        continue
                    k = split[j]
                    ila = (k - j + 1) * (k - j + 1)
                    ira = (e - k) * (e - k)
                    iarea = e - j + 1
                    tv = ((sum_region - rs[j]) + ls[j]) + rts[j]
                    tv = tv / float(sum_area - iarea * iarea + ila + ira)
                    # The margin is a float64 product, as in the reference.
                    if tv > best + (RHO * best if index >= 0 else 0.0):
                        best = tv
                        index = j
            else:
                stack.append(2 * node)  # left popped last: ties go to the rightmost
                stack.append(2 * node + 1)
        if index < 0:
            # No split gives a positive density: take the leftmost splittable region.
            node = 1
            while node < size:
                node = 2 * node if rows[2 * node][0] != NEG else 2 * node + 1
            bucket = node - size
            for j in range(bucket * BUCKET, min(n, (bucket + 1) * BUCKET)):
                if end[j] > j:
                    index = j
                    break

        s0 = index
        e0 = int(end[s0])
        k = split[s0]
        iarea = e0 - s0 + 1
        ila = (k - s0 + 1) * (k - s0 + 1)
        ira = (e0 - k) * (e0 - k)
        new_region = ((sum_region - rs[s0]) + ls[s0]) + rts[s0]
        best_true = new_region / float(sum_area - iarea * iarea + ila + ira)
        end[s0] = k
        rs[s0] = ls[s0]
        end[k + 1] = e0
        rs[k + 1] = rts[s0]
        boundaries[step] = k + 1
        gain[step] = best - d_now
        d_now = best
        density[step + 1] = best_true
        sum_region = new_region
        sum_area = sum_area - iarea * iarea + ila + ira
        todo = [s0, k + 1]
    return boundaries, gain, density

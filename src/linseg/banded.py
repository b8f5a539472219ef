"""Banded C99: the paper's "linear time ... version of the algorithm" (section 5).

Full C99 keeps three n x n matrices. Here the similarity and rank matrices are kept
only within a band of ``w`` sentences of the diagonal; a cell further away counts as
similarity 0. Banded C99 is therefore full C99 applied to the band-masked similarity
matrix::

    sim_w(x, y) = sim(x, y) if |x - y| <= w else 0

Because cosines are never negative, a masked cell also has rank 0 (nothing in its
window is strictly lower), so the rank matrix of equation (2) is banded too and is
computed exactly, window clipping and float32 ratio included. Time and memory are
O(n w) for similarity and rank.

The sum of rank over a square ``[a, b] x [a, b]`` (equation 5) cannot be tabulated for
every square in O(n w); it is read off the band instead: the inside density of a
region's candidate split needs the sums of the squares ``[a, k]`` and ``[k + 1, b]``,
which grow row by row (prefix sums over the band, in float64). When the band covers
the whole document (``w >= n - 1``) the sums come from the paper's float32 recurrence
instead, exactly as in full C99, and the result is identical to it bit for bit.

Divisive clustering keeps its meaning: at each step the region split is the one whose
split maximises the overall inside density D (equation 3), each region splitting where
its own inside density is highest; ties and degenerate cases follow the reference. What
changes is how the region is found: rather than scanning every region at each of the
n - 1 steps (O(n^2)), regions sit in a tree whose nodes bound, for any density, the best
density their regions can give, and a branch-and-bound search visits O(log n) nodes in
practice. All n - 1 steps run, so automatic termination sees the whole gradient.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numba import njit, prange

from .density import Clustering, _best_split, sum_of_rank
from .memory import ALWAYS_FITS, available_memory, banded_c99_bytes, check_fits, full_c99_bytes
from .rank import check_mask_size
from .similarity import sentence_vectors

if TYPE_CHECKING:
    from .text import TextProcessor

__all__ = [
    "BandMatrix",
    "check_band",
    "banded_cosine_from_ids",
    "banded_rank_transform",
    "banded_clustering",
    "banded_c99",
    "resolve_band",
    "DEFAULT_BAND",
    "AUTO_FULL_MAX",
]


def check_band(band: object) -> int:
    """Validate a band width ``w`` (cells with ``|x - y| <= w`` are kept)."""
    if isinstance(band, bool) or not isinstance(band, (int, np.integer)):
        raise TypeError(f"band must be a positive integer, 'auto' or None, got {band!r}")
    if band < 1:
        raise ValueError(f"band must be >= 1, got {band}")
    return int(band)


@dataclass(frozen=True)
class BandMatrix:
    """A symmetric n x n matrix kept within ``width`` of the diagonal.

    ``data[i, d]`` is the cell ``(i, i - d)`` for ``d = 0 .. width``; cells with
    ``i - d < 0`` are zero. Every cell further from the diagonal is zero.
    """

    data: np.ndarray

    @property
    def n(self) -> int:
        return int(self.data.shape[0])

    @property
    def width(self) -> int:
        return int(self.data.shape[1]) - 1

    @property
    def shape(self) -> tuple[int, int]:
        return (self.n, self.n)

    @property
    def nbytes(self) -> int:
        return int(self.data.nbytes)

    def diagonal(self, offset: int = 0) -> np.ndarray:
        """The cells ``(i, i - offset)``, i.e. the ``offset``-th sub-diagonal."""
        offset = abs(int(offset))
        if offset > self.width:
            return np.zeros(max(self.n - offset, 0), dtype=self.data.dtype)
        return self.data[offset:, offset].copy()

    def toarray(self) -> np.ndarray:
        """The dense n x n matrix (for small n: inspection and tests)."""
        n, w = self.n, self.width
        out = np.zeros((n, n), dtype=self.data.dtype)
        for d in range(min(w, n - 1) + 1):
            rows = np.arange(d, n)
            out[rows, rows - d] = self.data[d:, d]
            out[rows - d, rows] = self.data[d:, d]
        return out

    @classmethod
    def from_dense(cls, dense: np.ndarray, width: int) -> BandMatrix:
        """The band of a dense symmetric matrix (its lower triangle is read)."""
        dense = np.asarray(dense)
        n = dense.shape[0]
        w = min(check_band(width), max(n - 1, 0))
        data = np.zeros((n, w + 1), dtype=dense.dtype)
        for d in range(w + 1):
            rows = np.arange(d, n)
            data[d:, d] = dense[rows, rows - d]
        return cls(data)


# --- similarity ---------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def _cosine_band(ids: np.ndarray, offsets: np.ndarray, n_vocab: int, w: int) -> np.ndarray:
    n = offsets.shape[0] - 1
    ustem, ucount, ustart, sq, owner, v = sentence_vectors(ids, offsets, n_vocab)
    m = ustem.shape[0]
    # Only pairs that share a stem have a non-zero dot product: follow, for each stem of
    # sentence i, the chain of its earlier occurrences back to i - w. The cost is the
    # number of co-occurrences within the band, not n * w.
    last = np.full(v, -1, dtype=np.int64)
    prev = np.empty(max(m, 1), dtype=np.int64)
    dots = np.zeros(w + 1, dtype=np.int64)
    out = np.zeros((n, w + 1), dtype=np.float32)
    for i in range(n):
        for u in range(ustart[i], ustart[i + 1]):
            g = ustem[u]
            c = ucount[u]
            p = last[g]
            while p >= 0 and owner[p] >= i - w:
                dots[i - owner[p]] += c * ucount[p]
                p = prev[p]
            prev[u] = last[g]
            last[g] = u
        if sq[i] == 0:
            for d in range(min(w, i) + 1):
                dots[d] = 0
            continue
        dots[0] = sq[i]
        for d in range(min(w, i) + 1):
            dot = dots[d]
            if dot == 0:
                continue
            dots[d] = 0
            # The same float32 expression as the full matrix, so the band is bit-equal.
            den = np.float32(np.sqrt(np.float64(sq[i] * sq[i - d])))
            out[i, d] = np.float32(dot) / den
    return out


def banded_cosine_from_ids(
    ids: np.ndarray, offsets: np.ndarray, band: int, n_vocab: int | None = None
) -> BandMatrix:
    """The cosine similarity of equation (1) within ``band`` of the diagonal.

    Takes the stem ids of :meth:`linseg.text.TextProcessor.ids`. Every kept cell equals
    the corresponding cell of :func:`linseg.similarity.cosine_from_ids` bit for bit.
    O(n w) memory; time proportional to the stem co-occurrences within the band.
    """
    band = check_band(band)
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    if n_vocab is None:
        n_vocab = int(ids.max()) + 1 if ids.size else 0
    n = len(offsets) - 1
    w = min(band, max(n - 1, 0))
    return BandMatrix(_cosine_band(ids, offsets, int(n_vocab), w))


# --- rank ---------------------------------------------------------------------------------
_RANK_BLOCK = 512


@njit(cache=True, nogil=True, parallel=True)
def _rank_band(sim: np.ndarray, half: int) -> np.ndarray:
    n = sim.shape[0]
    w = sim.shape[1] - 1
    out = np.zeros((n, w + 1), dtype=np.float32)
    side = 2 * half + 1
    # A block of rows is unpacked into a local strip indexed by (row, x - y): each
    # window row is then a contiguous run of the strip. Out-of-band cells are 0; cells
    # outside the matrix are +inf, never lower, so the inner loop needs no clipping.
    span = w + 2 * half
    width = 2 * span + 1
    nblocks = (n + _RANK_BLOCK - 1) // _RANK_BLOCK
    for blk in prange(nblocks):
        r0 = blk * _RANK_BLOCK
        r1 = min(n, r0 + _RANK_BLOCK)
        x0 = r0 - half
        strip = np.full((r1 - r0 + 2 * half, width), np.inf, dtype=np.float32)
        for x in range(max(0, x0), min(n, r1 + half)):
            row = strip[x - x0]
            for e in range(width):
                dp = e - span
                y = x - dp
                if y < 0 or y >= n:
                    continue
                if dp >= 0:
                    row[e] = sim[x, dp] if dp <= w else np.float32(0.0)
                else:
                    row[e] = sim[y, -dp] if -dp <= w else np.float32(0.0)
        for i in range(r0, r1):
            rows = min(n, i + half + 1) - max(0, i - half)
            for d in range(min(w, i) + 1):
                v = sim[i, d]
                # Cosines are >= 0: a zero cell has nothing lower in its window.
                if v <= 0:
                    continue
                j = i - d
                cells = rows * (min(n, j + half + 1) - max(0, j - half)) - 1
                if cells <= 0:
                    continue
                lower = 0
                for a in range(side):
                    x = i - half + a
                    row = strip[x - x0]
                    base = x - j - half + span
                    for b in range(side):
                        lower += row[base + b] < v
                out[i, d] = np.float32(lower) / np.float32(cells)
    return out


def banded_rank_transform(sim: BandMatrix, mask_size: int = 11) -> BandMatrix:
    """The rank transform of equation (2) of a banded, non-negative similarity matrix.

    Cells outside the band count as 0 in every window; the result is the band of
    :func:`linseg.rank.rank_transform` applied to the masked matrix, bit for bit (the
    rank of an out-of-band cell is 0). Same band width as ``sim``.
    """
    mask_size = check_mask_size(mask_size)
    data = np.ascontiguousarray(sim.data, dtype=np.float32)
    if data.size and data.min() < 0:
        raise ValueError("banded_rank_transform needs a non-negative similarity matrix")
    return BandMatrix(_rank_band(data, mask_size // 2))


# --- sums over the band -------------------------------------------------------------------
@njit(cache=True, nogil=True)
def _band_cumsums(rank: np.ndarray):
    """Running sums along each row of the band, to the left and to the right.

    ``left[k, m]`` = sum of rank[k, k - d] for d = 1..m; ``right[k, m]`` = sum of
    rank[k + d, k] (= rank[k, k + d]) for d = 1..m. float32, like the ranks they sum.
    """
    n = rank.shape[0]
    w = rank.shape[1] - 1
    left = np.zeros((n, w + 1), dtype=np.float32)
    right = np.zeros((n, w + 1), dtype=np.float32)
    for k in range(n):
        acc = np.float32(0.0)
        for m in range(1, w + 1):
            acc += rank[k, m]
            left[k, m] = acc
        acc = np.float32(0.0)
        for m in range(1, w + 1):
            if k + m < n:
                acc += rank[k + m, m]
            right[k, m] = acc
    return left, right


@njit(cache=True, nogil=True)
def _band_split(diag, left, right, a, b, pre, suf):
    """Best split of region [a, b] from band prefix sums (float64).

    ``pre[k]`` = sum of rank over [a, k]^2 and ``suf[k]`` over [k, b]^2, each grown by
    one row and column at a time: the new row's cells inside the region are those
    within the band, a running sum of the band row. Same scan as the full version:
    right to left, strict ``>``, split after the first sentence if none is positive.
    """
    w = left.shape[1] - 1
    acc = 0.0
    for k in range(a, b + 1):
        m = min(k - a, w)
        acc += np.float64(diag[k]) + 2.0 * np.float64(left[k, m])
        pre[k] = acc
    acc = 0.0
    for k in range(b, a - 1, -1):
        m = min(b - k, w)
        acc += np.float64(diag[k]) + 2.0 * np.float64(right[k, m])
        suf[k] = acc
    best = a
    d_max = 0.0
    for i in range(b - 1, a - 1, -1):
        lo = i - a + 1
        up = b - i
        d = (pre[i] + suf[i + 1]) / np.float64(lo * lo + up * up)
        if d > d_max:
            d_max = d
            best = i
    return best, pre[best], suf[best + 1]


# --- divisive clustering with a bounding tree ---------------------------------------------
# Each region j, split at its best point, would change the totals of equation (3) by
# g_j (sum of rank: the two halves minus the whole) and -h_j (area, h_j > 0). Its new
# overall density beats phi iff g_j + phi * h_j > phi * SA - SR (SA, SR: total area and
# sum of rank). The tree keeps, per node, E(lam) = max_j (g_j + lam * h_j) at _GRID values
# of lam in a window around the current density, and the largest h_j. E is convex and
# increasing, so inside the window the chord between two grid values bounds it from
# above, below the window E(lo) does, above it E(hi) + (lam - hi) * max h_j. The density
# moves slowly from step to step; when it nears the window's edge the tree is rebuilt
# around it (a few dozen times a run, O(n) each).
_GRID = 16
_WINDOW = 0.04
_BUCKET = 8
_TINY32 = np.float32(1.401298464324817e-45)  # Float.MIN_VALUE, the reference's floor
# Banded sums: a region replaces the best so far only if its density is higher by more
# than this relative margin (the reference's float32 cannot tell such values apart). Many
# small regions tie exactly; without the margin every one of them would be visited.
_RHO = 1e-7


@njit(cache=True, nogil=True)
def _node_bound(tree, node, phi, lo, step):
    if phi <= lo:
        return tree[node, 0]
    pos = (phi - lo) / step
    if pos >= _GRID - 1:
        return tree[node, _GRID - 1] + (phi - lo - (_GRID - 1) * step) * tree[node, _GRID]
    i = int(pos)
    fr = pos - i
    return tree[node, i] + fr * (tree[node, i + 1] - tree[node, i])


@njit(cache=True, nogil=True)
def _fill_leaf(tree, size, bucket, end, gg, hh, n, lo, step):
    leaf = size + bucket
    for q in range(_GRID + 1):
        tree[leaf, q] = -np.inf
    for s in range(bucket * _BUCKET, min(n, (bucket + 1) * _BUCKET)):
        if end[s] > s:
            for q in range(_GRID):
                v = gg[s] + (lo + q * step) * hh[s]
                if v > tree[leaf, q]:
                    tree[leaf, q] = v
            if hh[s] > tree[leaf, _GRID]:
                tree[leaf, _GRID] = hh[s]


@njit(cache=True, nogil=True)
def _pull(tree, node):
    lc = 2 * node
    for q in range(_GRID + 1):
        a = tree[lc, q]
        b = tree[lc + 1, q]
        tree[node, q] = a if a > b else b


@njit(cache=True, nogil=True)
def _refresh(tree, size, bucket, end, gg, hh, n, lo, step):
    _fill_leaf(tree, size, bucket, end, gg, hh, n, lo, step)
    node = (size + bucket) // 2
    while node >= 1:
        _pull(tree, node)
        node //= 2


@njit(cache=True, nogil=True)
def _rebuild(tree, size, end, gg, hh, n, lo, step):
    for bucket in range(size):
        _fill_leaf(tree, size, bucket, end, gg, hh, n, lo, step)
    for node in range(size - 1, 0, -1):
        _pull(tree, node)


# Why this is long: one compiled kernel, one pass over the splitting steps. Its regions,
# candidate heap and running sums live in local arrays that Numba keeps in registers;
# split into helpers, each step would pass a dozen arrays across calls in the hot loop,
# and the float32/float64 order of operations that makes the result bit-exact (pinned by
# tests/test_scale.py) would be spread over several functions.
@njit(cache=True, nogil=True)
def _cluster(mode, s_full, diag, left, right, n, steps, rsum, lsum, rtsum, cast):
    # mode 0: sums from the full float32 sum-of-rank matrix (bit-exact with full C99);
    # mode 1: sums from the band (float64). rsum/lsum/rtsum/cast carry the dtype.
    end = np.full(n, -1, dtype=np.int64)  # end of the region starting here, -1 if none
    split = np.zeros(n, dtype=np.int64)
    gg = np.zeros(n, dtype=np.float64)
    hh = np.zeros(n, dtype=np.float64)
    pre = np.zeros(n if mode == 1 else 1, dtype=np.float64)
    suf = np.zeros(n if mode == 1 else 1, dtype=np.float64)
    nb = (n + _BUCKET - 1) // _BUCKET
    size = 1
    while size < nb:
        size *= 2
    tree = np.full((2 * size, _GRID + 1), -np.inf, dtype=np.float64)
    step_lam = _WINDOW / (_GRID - 1)
    stack = np.empty(64 * 2, dtype=np.int64)

    boundaries = np.empty(steps, dtype=np.int64)
    gain = np.empty(steps, dtype=rsum.dtype)
    density = np.empty(steps + 1, dtype=rsum.dtype)

    end[0] = n - 1
    if mode == 0:
        rsum[0] = s_full[n - 1, 0]
    else:
        # The whole document's sum: the prefix sum over all rows.
        acc = 0.0
        for k in range(n):
            acc += np.float64(diag[k]) + 2.0 * np.float64(left[k, min(k, left.shape[1] - 1)])
        cast[0] = acc
        rsum[0] = cast[0]
    sum_region = rsum[0]
    sum_area = np.int64(n) * np.int64(n)
    cast[0] = sum_area
    d_now = sum_region / cast[0]
    density[0] = d_now
    cast[0] = _TINY32
    tiny = cast[0]
    lo = np.float64(d_now) - 0.25 * _WINDOW

    # Regions to (re)evaluate after a split: at most two.
    todo = np.empty(2, dtype=np.int64)
    ntodo = 1
    todo[0] = 0
    for step in range(steps + 1):
        for t in range(ntodo):
            s0 = todo[t]
            e0 = end[s0]
            if e0 > s0:
                if mode == 0:
                    k0, ls0, rs0 = _best_split(s_full, s0, e0)
                    split[s0] = k0
                    lsum[s0] = ls0
                    rtsum[s0] = rs0
                elif rsum[s0] == 0:
                    # Ranks are >= 0: a zero region has only zero splits, so the scan
                    # would split after its first sentence. Skip the O(length) scan.
                    split[s0] = s0
                    lsum[s0] = 0
                    rtsum[s0] = 0
                else:
                    k1, ls1, rs1 = _band_split(diag, left, right, s0, e0, pre, suf)
                    split[s0] = k1
                    cast[0] = ls1
                    lsum[s0] = cast[0]
                    cast[0] = rs1
                    rtsum[s0] = cast[0]
                k = split[s0]
                area = np.float64(e0 - s0 + 1)
                la = np.float64(k - s0 + 1)
                ra = np.float64(e0 - k)
                hh[s0] = area * area - la * la - ra * ra
                gg[s0] = (np.float64(lsum[s0]) + np.float64(rtsum[s0])) - np.float64(rsum[s0])
            _refresh(tree, size, s0 // _BUCKET, end, gg, hh, n, lo, step_lam)
        if step == steps:
            break
        here = np.float64(d_now)
        if here < lo + 0.1 * _WINDOW or here > lo + 0.5 * _WINDOW:
            lo = here - 0.25 * _WINDOW
            _rebuild(tree, size, end, gg, hh, n, lo, step_lam)

        # Find the region whose split gives the highest overall density.
        sr = np.float64(sum_region)
        sa = np.float64(sum_area)
        best = tiny
        index = -1
        # A good first candidate makes the bounds bite: descend towards the largest
        # bound at the current density.
        phi = min(max(np.float64(d_now), 0.0), 1.0)
        node = 1
        while node < size:
            lc = 2 * node
            if tree[lc + 1, 0] == -np.inf:
                node = lc
            elif tree[lc, 0] == -np.inf:
                node = lc + 1
            elif _node_bound(tree, lc, phi, lo, step_lam) > _node_bound(
                tree, lc + 1, phi, lo, step_lam
            ):
                node = lc
            else:
                node = lc + 1
        sp = 0
        stack[sp] = 1
        sp += 1
        stack[sp] = node
        sp += 1
        while sp > 0:
            sp -= 1
            node = stack[sp]
            if tree[node, 0] == -np.inf:
                continue
            phi = min(max(np.float64(best), 0.0), 1.0)
            bound = _node_bound(tree, node, phi, lo, step_lam)
            if mode == 0:
                # Keep every region that float32 rounding could make win or tie.
                limit = phi * sa - sr - 1e-5 * (phi * sa + sr + 1.0)
            else:
                limit = (phi + _RHO * phi) * sa - sr
            if index >= 0 and bound < limit:
                continue
            if node >= size:
                bucket = node - size
                for j in range(min(n, (bucket + 1) * _BUCKET) - 1, bucket * _BUCKET - 1, -1):
                    e = end[j]
                    if e <= j:
                        continue
                    k = split[j]
                    la = (k - j + 1) * (k - j + 1)
                    ra = (e - k) * (e - k)
                    area = e - j + 1
                    tv = ((sum_region - rsum[j]) + lsum[j]) + rtsum[j]
                    cast[0] = sum_area - area * area + la + ra
                    tv = tv / cast[0]
                    if mode == 0:
                        better = tv > best or (tv == best and index >= 0 and j > index)
                    else:
                        better = tv > best + (_RHO * best if index >= 0 else 0.0)
                    if better:
                        best = tv
                        index = j
            else:
                if sp + 2 > stack.shape[0]:
                    grown = np.empty(2 * stack.shape[0], dtype=np.int64)
                    grown[:sp] = stack[:sp]
                    stack = grown
                stack[sp] = 2 * node  # left popped last: ties go to the rightmost
                sp += 1
                stack[sp] = 2 * node + 1
                sp += 1
        if index < 0:
            # No split gives a positive density: take the leftmost splittable region.
            node = 1
            while node < size:
                node = 2 * node if tree[2 * node, 0] != -np.inf else 2 * node + 1
            bucket = node - size
            for j in range(bucket * _BUCKET, min(n, (bucket + 1) * _BUCKET)):
                if end[j] > j:
                    index = j
                    break

        s0 = index
        e0 = end[s0]
        k = split[s0]
        area = e0 - s0 + 1
        la = (k - s0 + 1) * (k - s0 + 1)
        ra = (e0 - k) * (e0 - k)
        new_region = ((sum_region - rsum[s0]) + lsum[s0]) + rtsum[s0]
        cast[0] = sum_area - area * area + la + ra
        best_true = new_region / cast[0]
        end[s0] = k
        rsum[s0] = lsum[s0]
        end[k + 1] = e0
        rsum[k + 1] = rtsum[s0]
        boundaries[step] = k + 1
        gain[step] = best - d_now
        d_now = best
        density[step + 1] = best_true
        sum_region = new_region
        sum_area = sum_area - area * area + la + ra
        todo[0] = s0
        todo[1] = k + 1
        ntodo = 2
    return boundaries, gain, density


def banded_clustering(
    rank: BandMatrix | None = None,
    sum_rank: np.ndarray | None = None,
    steps: int | None = None,
) -> Clustering:
    """Divisive clustering (section 3.3) in O(n log n)-ish steps.

    Give either ``rank`` (a :class:`BandMatrix`: sums are taken over the band in
    float64) or ``sum_rank`` (the full float32 matrix of
    :func:`linseg.density.sum_of_rank`: the result is then identical to
    :func:`linseg.density.divisive_clustering`, which it replaces for long documents).
    """
    if (rank is None) == (sum_rank is None):
        raise ValueError("give exactly one of rank (banded) or sum_rank (full)")
    if sum_rank is not None:
        s = np.ascontiguousarray(sum_rank, dtype=np.float32)
        n = s.shape[0]
        mode, dtype = 0, np.float32
        diag = np.zeros(1, dtype=np.float32)
        left = right = np.zeros((1, 1), dtype=np.float32)
    else:
        assert rank is not None  # exactly one of the two was given (checked above)
        data = np.ascontiguousarray(rank.data, dtype=np.float32)
        n = data.shape[0]
        mode, dtype = 1, np.float64
        s = np.zeros((1, 1), dtype=np.float32)
        diag = np.ascontiguousarray(data[:, 0])
        left, right = _band_cumsums(data)
    if n == 0:
        empty = np.zeros(0, dtype=np.int64)
        return Clustering(empty, np.zeros(0, dtype=dtype), np.zeros(0, dtype=dtype))
    steps = n - 1 if steps is None else max(0, min(int(steps), n - 1))
    rsum = np.zeros(n, dtype=dtype)
    lsum = np.zeros(n, dtype=dtype)
    rtsum = np.zeros(n, dtype=dtype)
    cast = np.zeros(1, dtype=dtype)
    order, gain, density = _cluster(mode, s, diag, left, right, n, steps, rsum, lsum, rtsum, cast)
    return Clustering(order, density, gain)


# --- the banded C99 pipeline --------------------------------------------------------------
DEFAULT_BAND = 64
"""The band ``auto`` uses, in sentences each side of the diagonal (see the README's
scale section for how it was chosen)."""

AUTO_FULL_MAX = 5000
"""``band="auto"`` runs full C99 up to this many sentences, memory permitting."""

_TEXT_CHUNK = 1 << 16


def resolve_band(band: int | str | None, n: int) -> int | None:
    """The band a run on ``n`` sentences uses (None: full C99), after the memory check.

    ``None`` asks for full C99 and ``auto`` for full C99 while its matrices fit
    comfortably (at most :data:`AUTO_FULL_MAX` sentences and a quarter of the available
    memory), :data:`DEFAULT_BAND` otherwise. Raises
    :class:`~linseg.memory.MemoryLimitError` when the run would not fit.
    """
    if band == "auto":
        need = 4 * full_c99_bytes(n)
        if n <= AUTO_FULL_MAX and (need <= ALWAYS_FITS or need <= available_memory()):
            return None
        band = DEFAULT_BAND
    if band is None:
        check_fits(
            full_c99_bytes(n),
            f"full C99 on {n:,} sentences",
            "use banded C99: --band auto, or --band N for a band of N sentences "
            "(C99(band='auto') in Python)",
        )
        return None
    band = check_band(band)
    check_fits(
        banded_c99_bytes(n, band),
        f"C99 with a band of {band:,} on {n:,} sentences",
        "use a narrower --band",
    )
    return band


def _chunked_ids(text, sentences, tokenized: bool) -> tuple[np.ndarray, np.ndarray]:
    # The text stage's buffers grow with its input; chunks keep them small. Ids are
    # fixed per processor, so chunking does not change them.
    if len(sentences) <= _TEXT_CHUNK:
        return text.ids(sentences, tokenized)
    id_parts, off_parts, base = [], [np.zeros(1, dtype=np.int64)], 0
    for start in range(0, len(sentences), _TEXT_CHUNK):
        ids, offsets = text.ids(sentences[start : start + _TEXT_CHUNK], tokenized)
        id_parts.append(np.asarray(ids, dtype=np.int64))
        off_parts.append(np.asarray(offsets[1:], dtype=np.int64) + base)
        base += len(ids)
    return np.concatenate(id_parts), np.concatenate(off_parts)


def banded_c99(
    text: TextProcessor,
    sentences: Sequence[str],
    tokenized: bool,
    band: int,
    mask_size: int = 11,
) -> tuple[BandMatrix, BandMatrix, np.ndarray | None, Clustering]:
    """Similarity, rank, sum of rank and clustering of banded C99.

    ``text`` is the :class:`~linseg.text.TextProcessor`. Returns ``(similarity, rank,
    sum_rank, clustering)``: the first two as :class:`BandMatrix`; ``sum_rank`` is the
    dense float32 matrix when the band covers the document (the result is then
    identical to full C99) and None otherwise.
    """
    n = len(sentences)
    ids, offsets = _chunked_ids(text, sentences, tokenized)
    sim = banded_cosine_from_ids(ids, offsets, band, len(text.vocabulary))
    del ids, offsets
    rank = banded_rank_transform(sim, mask_size)
    if rank.width >= n - 1:
        srank = sum_of_rank(rank.toarray())
        return sim, rank, srank, banded_clustering(sum_rank=srank)
    return sim, rank, None, banded_clustering(rank=rank)

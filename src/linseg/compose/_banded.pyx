# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled kernels of the banded C99 (similarity, rank, band sums and the divisive
clustering's bounding tree); see linseg.compose.band.

Types follow the reference's rounding exactly: float32 where the reference computes in
float32, float64 temporaries where the sums over the band are float64. No index here is
negative and no divisor zero, so C's division and indexing agree with Python's.
"""

import os

import numpy as np

from cython.parallel import prange
from libc.math cimport INFINITY, sqrt
from libc.stdlib cimport free, malloc

from linseg.compose.strategies._density cimport best_split
from linseg.compose.measures._cosine import sentence_vectors

ctypedef fused real:
    float
    double


# --- similarity ---------------------------------------------------------------------------
def _cosine_band(const long long[::1] ids, const long long[::1] offsets, Py_ssize_t n_vocab,
                 Py_ssize_t w):
    """The float32 cosine of every pair of sentences within ``w`` of each other, as
    ``out[i, d]`` = cell (i, i - d)."""
    cdef Py_ssize_t n = offsets.shape[0] - 1
    ustem_arr, ucount_arr, ustart_arr, sq_arr, owner_arr, v_obj = sentence_vectors(
        ids, offsets, n_vocab
    )
    cdef const long long[::1] ustem = ustem_arr, ucount = ucount_arr, ustart = ustart_arr
    cdef const long long[::1] sq = sq_arr, owner = owner_arr
    cdef Py_ssize_t v = v_obj, m = ustem.shape[0]
    # Only pairs that share a stem have a non-zero dot product: follow, for each stem of
    # sentence i, the chain of its earlier occurrences back to i - w. The cost is the
    # number of co-occurrences within the band, not n * w.
    last_arr = np.full(v, -1, dtype=np.int64)
    prev_arr = np.empty(max(m, 1), dtype=np.int64)
    dots_arr = np.zeros(w + 1, dtype=np.int64)
    out_arr = np.zeros((n, w + 1), dtype=np.float32)
    cdef long long[::1] last = last_arr, prev = prev_arr, dots = dots_arr
    cdef float[:, ::1] out = out_arr
    cdef Py_ssize_t i, u, d
    cdef long long g, c, p, dot
    cdef float den
    with nogil:
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
                den = <float>sqrt(<double>(sq[i] * sq[i - d]))
                out[i, d] = <float>dot / den
    return out_arr


def _dots_band(const long long[::1] ids, const long long[::1] offsets, Py_ssize_t n_vocab,
               Py_ssize_t w):
    """The dot product of the stem counts of every pair of sentences within ``w`` of each
    other (the numerator of equation 1; Reynar's dots), as float64 ``out[i, d]`` = cell
    (i, i - d). Integers, so exact."""
    cdef Py_ssize_t n = offsets.shape[0] - 1
    ustem_arr, ucount_arr, ustart_arr, sq_arr, owner_arr, v_obj = sentence_vectors(
        ids, offsets, n_vocab
    )
    cdef const long long[::1] ustem = ustem_arr, ucount = ucount_arr, ustart = ustart_arr
    cdef const long long[::1] sq = sq_arr, owner = owner_arr
    cdef Py_ssize_t v = v_obj, m = ustem.shape[0]
    # As _cosine_band: each stem's chain of earlier occurrences, back to i - w.
    last_arr = np.full(v, -1, dtype=np.int64)
    prev_arr = np.empty(max(m, 1), dtype=np.int64)
    out_arr = np.zeros((n, w + 1), dtype=np.float64)
    cdef long long[::1] last = last_arr, prev = prev_arr
    cdef double[:, ::1] out = out_arr
    cdef Py_ssize_t i, u
    cdef long long g, c, p
    with nogil:
        for i in range(n):
            for u in range(ustart[i], ustart[i + 1]):
                g = ustem[u]
                c = ucount[u]
                p = last[g]
                while p >= 0 and owner[p] >= i - w:
                    out[i, i - owner[p]] += <double>(c * ucount[p])
                    p = prev[p]
                prev[u] = last[g]
                last[g] = u
            out[i, 0] = <double>sq[i]
    return out_arr


# --- rank ---------------------------------------------------------------------------------
cdef enum:
    RANK_BLOCK = 512


cdef void _rank_block(const float[:, ::1] sim, float[:, ::1] out, Py_ssize_t blk,
                      Py_ssize_t half, float* strip) noexcept nogil:
    cdef Py_ssize_t n = sim.shape[0]
    cdef Py_ssize_t w = sim.shape[1] - 1
    cdef Py_ssize_t side = 2 * half + 1
    # A block of rows is unpacked into a local strip indexed by (row, x - y): each
    # window row is then a contiguous run of the strip. Out-of-band cells are 0; cells
    # outside the matrix are +inf, never lower, so the inner loop needs no clipping.
    cdef Py_ssize_t span = w + 2 * half
    cdef Py_ssize_t width = 2 * span + 1
    cdef Py_ssize_t r0 = blk * RANK_BLOCK
    cdef Py_ssize_t r1 = min(n, r0 + RANK_BLOCK)
    cdef Py_ssize_t x0 = r0 - half
    cdef Py_ssize_t t, x, e, dp, y, i, d, j, a, b, rows, cells, lower
    cdef float* row
    cdef float v
    for t in range((r1 - r0 + 2 * half) * width):
        strip[t] = INFINITY
    for x in range(max(0, x0), min(n, r1 + half)):
        row = strip + (x - x0) * width
        for e in range(width):
            dp = e - span
            y = x - dp
            if y < 0 or y >= n:
                continue
            if dp >= 0:
                row[e] = sim[x, dp] if dp <= w else <float>0.0
            else:
                row[e] = sim[y, -dp] if -dp <= w else <float>0.0
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
                row = strip + (x - x0) * width + (x - j - half + span)
                for b in range(side):
                    lower += row[b] < v
            out[i, d] = <float>lower / <float>cells


# GNU OpenMP cannot run a parallel loop in a child forked after the parent ran one: the
# child would wait for worker threads that were not forked, for ever. Such a child runs
# the blocks on one core instead (same results).
cdef bint _threads_used = False
cdef bint _threads_ok = True


def _no_threads_after_fork():
    global _threads_ok
    if _threads_used:
        _threads_ok = False


os.register_at_fork(after_in_child=_no_threads_after_fork)


def _rank_band(const float[:, ::1] sim, Py_ssize_t half):
    """The rank ratio of every cell of the band ``sim`` in a (2 half + 1)^2 window."""
    global _threads_used
    cdef Py_ssize_t n = sim.shape[0]
    cdef Py_ssize_t w = sim.shape[1] - 1
    out_arr = np.zeros((n, w + 1), dtype=np.float32)
    cdef float[:, ::1] out = out_arr
    cdef Py_ssize_t width = 2 * (w + 2 * half) + 1
    cdef size_t strip_bytes = (RANK_BLOCK + 2 * half) * width * sizeof(float)
    cdef Py_ssize_t nblocks = (n + RANK_BLOCK - 1) // RANK_BLOCK
    cdef Py_ssize_t blk
    cdef float* strip
    cdef int failed = 0
    if nblocks > 1 and _threads_ok:
        # Blocks are independent and each writes its own rows of out: the result does not
        # depend on the number of threads. Each block has its own scratch strip.
        _threads_used = True
        for blk in prange(nblocks, nogil=True, schedule="dynamic"):
            strip = <float*>malloc(strip_bytes)
            if strip == NULL:
                failed += 1
            else:
                _rank_block(sim, out, blk, half, strip)
                free(strip)
    else:
        # One block (up to 512 sentences), or no threads: one strip, on this core.
        strip = <float*>malloc(strip_bytes)
        if strip == NULL:
            failed = 1
        else:
            with nogil:
                for blk in range(nblocks):
                    _rank_block(sim, out, blk, half, strip)
            free(strip)
    if failed:
        raise MemoryError("banded rank transform: no memory for a block's strip")
    return out_arr


# --- sums over the band -------------------------------------------------------------------
def _band_cumsums(const float[:, ::1] rank):
    """Running sums along each row of the band, to the left and to the right.

    ``left[k, m]`` = sum of rank[k, k - d] for d = 1..m; ``right[k, m]`` = sum of
    rank[k + d, k] (= rank[k, k + d]) for d = 1..m. float32, like the ranks they sum.
    """
    cdef Py_ssize_t n = rank.shape[0]
    cdef Py_ssize_t w = rank.shape[1] - 1
    left_arr = np.zeros((n, w + 1), dtype=np.float32)
    right_arr = np.zeros((n, w + 1), dtype=np.float32)
    cdef float[:, ::1] left = left_arr, right = right_arr
    cdef Py_ssize_t k, m
    cdef float acc
    with nogil:
        for k in range(n):
            acc = 0.0
            for m in range(1, w + 1):
                acc += rank[k, m]
                left[k, m] = acc
            acc = 0.0
            for m in range(1, w + 1):
                if k + m < n:
                    acc += rank[k + m, m]
                right[k, m] = acc
    return left_arr, right_arr


cdef Py_ssize_t _band_split(const float[::1] diag, const float[:, ::1] left,
                            const float[:, ::1] right, Py_ssize_t a, Py_ssize_t b,
                            double[::1] pre, double[::1] suf, double* left_sum,
                            double* right_sum) noexcept nogil:
    """Best split of region [a, b] from band prefix sums (float64).

    ``pre[k]`` = sum of rank over [a, k]^2 and ``suf[k]`` over [k, b]^2, each grown by
    one row and column at a time: the new row's cells inside the region are those
    within the band, a running sum of the band row. Same scan as the full version:
    right to left, strict ``>``, split after the first sentence if none is positive.
    Returns the last sentence of the left part; writes the two parts' sums.
    """
    cdef Py_ssize_t w = left.shape[1] - 1
    cdef Py_ssize_t k, m, i, lo, up, best
    cdef double acc, d, d_max
    acc = 0.0
    for k in range(a, b + 1):
        m = min(k - a, w)
        acc += <double>diag[k] + 2.0 * <double>left[k, m]
        pre[k] = acc
    acc = 0.0
    for k in range(b, a - 1, -1):
        m = min(b - k, w)
        acc += <double>diag[k] + 2.0 * <double>right[k, m]
        suf[k] = acc
    best = a
    d_max = 0.0
    for i in range(b - 1, a - 1, -1):
        lo = i - a + 1
        up = b - i
        d = (pre[i] + suf[i + 1]) / <double>(lo * lo + up * up)
        if d > d_max:
            d_max = d
            best = i
    left_sum[0] = pre[best]
    right_sum[0] = suf[best + 1]
    return best


# --- divisive clustering with a bounding tree ---------------------------------------------
# Each region j, split at its best point, would change the totals of equation (3) by
# g_j (sum of rank: the two halves minus the whole) and -h_j (area, h_j > 0). Its new
# overall density beats phi iff g_j + phi * h_j > phi * SA - SR (SA, SR: total area and
# sum of rank). The tree keeps, per node, E(lam) = max_j (g_j + lam * h_j) at GRID values
# of lam in a window around the current density, and the largest h_j. E is convex and
# increasing, so inside the window the chord between two grid values bounds it from
# above, below the window E(lo) does, above it E(hi) + (lam - hi) * max h_j. The density
# moves slowly from step to step; when it nears the window's edge the tree is rebuilt
# around it (a few dozen times a run, O(n) each).
cdef enum:
    GRID = 16
    BUCKET = 8
cdef double WINDOW = 0.04
# Banded sums: a region replaces the best so far only if its density is higher by more
# than this relative margin (the reference's float32 cannot tell such values apart). Many
# small regions tie exactly; without the margin every one of them would be visited.
cdef double RHO = 1e-7


cdef inline double _node_bound(const double[:, ::1] tree, Py_ssize_t node, double phi,
                               double lo, double step) noexcept nogil:
    if phi <= lo:
        return tree[node, 0]
    cdef double pos = (phi - lo) / step
    if pos >= GRID - 1:
        return tree[node, GRID - 1] + (phi - lo - (GRID - 1) * step) * tree[node, GRID]
    cdef Py_ssize_t i = <Py_ssize_t>pos
    cdef double fr = pos - <double>i
    return tree[node, i] + fr * (tree[node, i + 1] - tree[node, i])


cdef void _fill_leaf(double[:, ::1] tree, Py_ssize_t size, Py_ssize_t bucket,
                     const long long[::1] end, const double[::1] gg, const double[::1] hh,
                     Py_ssize_t n, double lo, double step) noexcept nogil:
    cdef Py_ssize_t leaf = size + bucket
    cdef Py_ssize_t q, s
    cdef double v
    for q in range(GRID + 1):
        tree[leaf, q] = -INFINITY
    for s in range(bucket * BUCKET, min(n, (bucket + 1) * BUCKET)):
        if end[s] > s:
            for q in range(GRID):
                v = gg[s] + (lo + <double>q * step) * hh[s]
                if v > tree[leaf, q]:
                    tree[leaf, q] = v
            if hh[s] > tree[leaf, GRID]:
                tree[leaf, GRID] = hh[s]


cdef inline void _pull(double[:, ::1] tree, Py_ssize_t node) noexcept nogil:
    cdef Py_ssize_t lc = 2 * node
    cdef Py_ssize_t q
    cdef double a, b
    for q in range(GRID + 1):
        a = tree[lc, q]
        b = tree[lc + 1, q]
        tree[node, q] = a if a > b else b


cdef void _refresh(double[:, ::1] tree, Py_ssize_t size, Py_ssize_t bucket,
                   const long long[::1] end, const double[::1] gg, const double[::1] hh,
                   Py_ssize_t n, double lo, double step) noexcept nogil:
    _fill_leaf(tree, size, bucket, end, gg, hh, n, lo, step)
    cdef Py_ssize_t node = (size + bucket) // 2
    while node >= 1:
        _pull(tree, node)
        node //= 2


cdef void _rebuild(double[:, ::1] tree, Py_ssize_t size, const long long[::1] end,
                   const double[::1] gg, const double[::1] hh, Py_ssize_t n, double lo,
                   double step) noexcept nogil:
    cdef Py_ssize_t bucket, node
    for bucket in range(size):
        _fill_leaf(tree, size, bucket, end, gg, hh, n, lo, step)
    for node in range(size - 1, 0, -1):
        _pull(tree, node)


# Why this is long: one compiled kernel, one pass over the splitting steps. Its regions,
# candidate stack and running sums are local; split into helpers, each step would pass a
# dozen arrays across calls in the hot loop, and the float32/float64 order of operations
# that makes the result bit-exact (pinned by tests/test_scale.py) would be spread over
# several functions.
def _cluster(Py_ssize_t mode, const float[:, ::1] s_full, const float[::1] diag,
             const float[:, ::1] left, const float[:, ::1] right, Py_ssize_t n,
             Py_ssize_t steps, real[::1] rsum, real[::1] lsum, real[::1] rtsum):
    """Run ``steps`` splits: (boundaries, gains, densities D(1) .. D(steps + 1)).

    mode 0: sums from the full float32 sum-of-rank matrix ``s_full`` (bit-exact with full
    C99; ``rsum``, ``lsum``, ``rtsum`` float32); mode 1: sums from the band ``diag``,
    ``left``, ``right`` (float64, and so are the three). The three arrays of length n
    are scratch: each region's sum of rank and its best split's left and right sums.
    """
    end_arr = np.full(n, -1, dtype=np.int64)  # end of the region starting here, -1 if none
    split_arr = np.zeros(n, dtype=np.int64)
    gg_arr = np.zeros(n, dtype=np.float64)
    hh_arr = np.zeros(n, dtype=np.float64)
    pre_arr = np.zeros(n if mode == 1 else 1, dtype=np.float64)
    suf_arr = np.zeros(n if mode == 1 else 1, dtype=np.float64)
    cdef Py_ssize_t nb = (n + BUCKET - 1) // BUCKET
    cdef Py_ssize_t size = 1, depth = 0
    while size < nb:
        size *= 2
        depth += 1
    tree_arr = np.full((2 * size, GRID + 1), -np.inf, dtype=np.float64)
    # The search below pushes both children of each node it opens and pops one: the
    # stack holds at most one pending node per level of the tree, plus the first
    # candidate.
    stack_arr = np.empty(2 * (depth + 2), dtype=np.int64)
    dtype = np.float32 if real is float else np.float64
    boundaries_arr = np.empty(steps, dtype=np.int64)
    gain_arr = np.empty(steps, dtype=dtype)
    density_arr = np.empty(steps + 1, dtype=dtype)
    todo_arr = np.empty(2, dtype=np.int64)  # regions to (re)evaluate after a split: at most two

    cdef long long[::1] end = end_arr, split = split_arr, stack = stack_arr, todo = todo_arr
    cdef long long[::1] boundaries = boundaries_arr
    cdef double[::1] gg = gg_arr, hh = hh_arr, pre = pre_arr, suf = suf_arr
    cdef double[:, ::1] tree = tree_arr
    cdef real[::1] gain = gain_arr, density = density_arr

    cdef double step_lam = WINDOW / (GRID - 1)
    cdef Py_ssize_t step, t, s0, e0, k, j, e, node, lc, bucket, sp, index, ntodo, kk
    cdef long long sum_area, iarea, ila, ira
    cdef double acc, farea, fla, fra, lo, here, sr, sa, phi, bound, limit, ls1, rs1
    cdef float ls0, rs0
    cdef float tiny32 = 1.401298464324817e-45  # Float.MIN_VALUE, the reference's floor
    cdef real sum_region, d_now, tiny, best, tv, new_region, best_true
    cdef bint better

    with nogil:
        end[0] = n - 1
        if mode == 0:
            rsum[0] = s_full[n - 1, 0]
        else:
            # The whole document's sum: the prefix sum over all rows.
            acc = 0.0
            for kk in range(n):
                acc += <double>diag[kk] + 2.0 * <double>left[kk, min(kk, left.shape[1] - 1)]
            rsum[0] = <real>acc
        sum_region = rsum[0]
        sum_area = <long long>n * <long long>n
        d_now = sum_region / <real>sum_area
        density[0] = d_now
        tiny = <real>tiny32
        lo = <double>d_now - 0.25 * WINDOW

        ntodo = 1
        todo[0] = 0
        for step in range(steps + 1):
            for t in range(ntodo):
                s0 = todo[t]
                e0 = end[s0]
                if e0 > s0:
                    if mode == 0:
                        split[s0] = best_split(s_full, s0, e0, &ls0, &rs0)
                        lsum[s0] = ls0
                        rtsum[s0] = rs0
                    elif rsum[s0] == 0:
                        # Ranks are >= 0: a zero region has only zero splits, so the scan
                        # would split after its first sentence. Skip the O(length) scan.
                        split[s0] = s0
                        lsum[s0] = 0
                        rtsum[s0] = 0
                    else:
                        split[s0] = _band_split(diag, left, right, s0, e0, pre, suf, &ls1, &rs1)
                        lsum[s0] = <real>ls1
                        rtsum[s0] = <real>rs1
                    k = split[s0]
                    farea = <double>(e0 - s0 + 1)
                    fla = <double>(k - s0 + 1)
                    fra = <double>(e0 - k)
                    hh[s0] = farea * farea - fla * fla - fra * fra
                    gg[s0] = (<double>lsum[s0] + <double>rtsum[s0]) - <double>rsum[s0]
                _refresh(tree, size, s0 // BUCKET, end, gg, hh, n, lo, step_lam)
            if step == steps:
                break
            here = <double>d_now
            if here < lo + 0.1 * WINDOW or here > lo + 0.5 * WINDOW:
                lo = here - 0.25 * WINDOW
                _rebuild(tree, size, end, gg, hh, n, lo, step_lam)

            # Find the region whose split gives the highest overall density.
            sr = <double>sum_region
            sa = <double>sum_area
            best = tiny
            index = -1
            # A good first candidate makes the bounds bite: descend towards the largest
            # bound at the current density.
            phi = min(max(<double>d_now, 0.0), 1.0)
            node = 1
            while node < size:
                lc = 2 * node
                if tree[lc + 1, 0] == -INFINITY:
                    node = lc
                elif tree[lc, 0] == -INFINITY:
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
                if tree[node, 0] == -INFINITY:
                    continue
                phi = min(max(<double>best, 0.0), 1.0)
                bound = _node_bound(tree, node, phi, lo, step_lam)
                if mode == 0:
                    # Keep every region that float32 rounding could make win or tie.
                    limit = phi * sa - sr - 1e-5 * (phi * sa + sr + 1.0)
                else:
                    limit = (phi + RHO * phi) * sa - sr
                if index >= 0 and bound < limit:
                    continue
                if node >= size:
                    bucket = node - size
                    for j in range(min(n, (bucket + 1) * BUCKET) - 1, bucket * BUCKET - 1, -1):
                        e = end[j]
                        if e <= j:
                            continue
                        k = split[j]
                        ila = (k - j + 1) * (k - j + 1)
                        ira = (e - k) * (e - k)
                        iarea = e - j + 1
                        tv = ((sum_region - rsum[j]) + lsum[j]) + rtsum[j]
                        tv = tv / <real>(sum_area - iarea * iarea + ila + ira)
                        if mode == 0:
                            better = tv > best or (tv == best and index >= 0 and j > index)
                        else:
                            # float64 (the margin is a float64 product, as in the reference)
                            better = <double>tv > <double>best + (
                                RHO * <double>best if index >= 0 else 0.0
                            )
                        if better:
                            best = tv
                            index = j
                else:
                    stack[sp] = 2 * node  # left popped last: ties go to the rightmost
                    sp += 1
                    stack[sp] = 2 * node + 1
                    sp += 1
            if index < 0:
                # No split gives a positive density: take the leftmost splittable region.
                node = 1
                while node < size:
                    node = 2 * node if tree[2 * node, 0] != -INFINITY else 2 * node + 1
                bucket = node - size
                for j in range(bucket * BUCKET, min(n, (bucket + 1) * BUCKET)):
                    if end[j] > j:
                        index = j
                        break

            s0 = index
            e0 = end[s0]
            k = split[s0]
            iarea = e0 - s0 + 1
            ila = (k - s0 + 1) * (k - s0 + 1)
            ira = (e0 - k) * (e0 - k)
            new_region = ((sum_region - rsum[s0]) + lsum[s0]) + rtsum[s0]
            best_true = new_region / <real>(sum_area - iarea * iarea + ila + ira)
            end[s0] = k
            rsum[s0] = lsum[s0]
            end[k + 1] = e0
            rsum[k + 1] = rtsum[s0]
            boundaries[step] = k + 1
            gain[step] = best - d_now
            d_now = best
            density[step + 1] = best_true
            sum_region = new_region
            sum_area = sum_area - iarea * iarea + ila + ira
            todo[0] = s0
            todo[1] = k + 1
            ntodo = 2
    return boundaries_arr, gain_arr, density_arr

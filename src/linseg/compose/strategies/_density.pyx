# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Compiled kernels of sum of rank and divisive clustering (equations 3 and 5); see
linseg.compose.strategies.divisive. All sums are float32, in the reference's order of operations."""

import numpy as np


def sum_of_rank(const float[:, ::1] r):
    """The sum-of-rank matrix by the paper's three-step recurrence along the diagonals."""
    cdef Py_ssize_t n = r.shape[0]
    s_arr = np.zeros((n, n), dtype=np.float32)
    cdef float[:, ::1] s = s_arr
    cdef Py_ssize_t i, d
    cdef float v
    with nogil:
        for i in range(n):
            s[i, i] = r[i, i]
        for i in range(n - 1):
            v = <float>2.0 * r[i + 1, i] + s[i, i] + s[i + 1, i + 1]
            s[i + 1, i] = v
            s[i, i + 1] = v
        for d in range(2, n):
            for i in range(n - d):
                v = <float>2.0 * r[i + d, i] + s[i + d - 1, i] + s[i + d, i + 1] - s[i + d - 1, i + 1]
                s[i + d, i] = v
                s[i, i + d] = v
    return s_arr


cdef Py_ssize_t best_split(const float[:, ::1] s, Py_ssize_t start, Py_ssize_t end,
                           float* left, float* right) noexcept nogil:
    # Candidates are scanned right to left with a strict ">", so ties go to the rightmost;
    # when no split gives a positive density the region splits after its first sentence.
    cdef Py_ssize_t b = start, i, lower, upper
    cdef float d, d_max = 0.0
    for i in range(end - 1, start - 1, -1):
        lower = i - start + 1
        upper = end - i
        d = (s[i, start] + s[end, i + 1]) / <float>(lower * lower + upper * upper)
        if d > d_max:
            d_max = d
            b = i
    left[0] = s[b, start]
    # A one-sentence region has no right part (and no cell to read for it).
    right[0] = s[end, b + 1] if b < end else 0
    return b


# Why this is long: the paper's divisive clustering; the split search and the region update
# share loop-local sums in float32, in the order that gives the author's boundaries exactly.
def divisive(const float[:, ::1] s, Py_ssize_t steps):
    """Run ``steps`` splits: (boundaries, gains, densities D(1) .. D(steps + 1))."""
    cdef Py_ssize_t n = s.shape[0]
    # Regions, left to right. A split replaces one entry by two, shifting the tail:
    # O(n) a step, negligible next to the O(n^2) matrices for the documents this serves.
    start_arr = np.empty(n, dtype=np.int64)
    end_arr = np.empty(n, dtype=np.int64)
    split_arr = np.empty(n, dtype=np.int64)
    rsum_arr = np.empty(n, dtype=np.float32)
    lsum_arr = np.empty(n, dtype=np.float32)
    rtsum_arr = np.empty(n, dtype=np.float32)
    boundaries_arr = np.empty(steps, dtype=np.int64)
    gain_arr = np.empty(steps, dtype=np.float32)
    density_arr = np.empty(steps + 1, dtype=np.float32)
    cdef long long[::1] start = start_arr, end = end_arr, split = split_arr
    cdef long long[::1] boundaries = boundaries_arr
    cdef float[::1] rsum = rsum_arr, lsum = lsum_arr, rtsum = rtsum_arr
    cdef float[::1] gain = gain_arr, density = density_arr
    cdef Py_ssize_t count = 1, step, index, j, t, k, s0, e0
    cdef long long la, ra, area, sum_area
    cdef float ls, rs, l_sum, r_sum, best, best_true, tv, sum_region, d_now, new_region
    # Float.MIN_VALUE, the reference's floor for the winning density.
    cdef float tiny = 1.401298464324817e-45
    with nogil:
        start[0] = 0
        end[0] = n - 1
        rsum[0] = s[n - 1, 0]
        split[0] = best_split(s, 0, n - 1, &ls, &rs)
        lsum[0] = ls
        rtsum[0] = rs
        sum_region = rsum[0]
        sum_area = <long long>n * <long long>n
        d_now = sum_region / <float>sum_area
        density[0] = d_now
        for step in range(steps):
            index = 0
            while index < count - 1 and start[index] == end[index]:
                index += 1
            best = tiny
            for j in range(count - 1, -1, -1):
                if start[j] < end[j]:
                    k = split[j]
                    la = (k - start[j] + 1) * (k - start[j] + 1)
                    ra = (end[j] - k) * (end[j] - k)
                    area = end[j] - start[j] + 1
                    tv = ((sum_region - rsum[j]) + lsum[j]) + rtsum[j]
                    tv = tv / <float>(sum_area - area * area + la + ra)
                    if tv > best:
                        best = tv
                        index = j
            # Split region `index` at its best point.
            k = split[index]
            s0 = start[index]
            e0 = end[index]
            l_sum = lsum[index]
            r_sum = rtsum[index]
            area = e0 - s0 + 1
            la = (k - s0 + 1) * (k - s0 + 1)
            ra = (e0 - k) * (e0 - k)
            new_region = ((sum_region - rsum[index]) + l_sum) + r_sum
            best_true = new_region / <float>(sum_area - area * area + la + ra)
            for t in range(count, index + 1, -1):
                start[t] = start[t - 1]
                end[t] = end[t - 1]
                rsum[t] = rsum[t - 1]
                split[t] = split[t - 1]
                lsum[t] = lsum[t - 1]
                rtsum[t] = rtsum[t - 1]
            count += 1
            start[index] = s0
            end[index] = k
            rsum[index] = l_sum
            start[index + 1] = k + 1
            end[index + 1] = e0
            rsum[index + 1] = r_sum
            for t in range(index, index + 2):
                if start[t] < end[t]:
                    split[t] = best_split(s, start[t], end[t], &ls, &rs)
                    lsum[t] = ls
                    rtsum[t] = rs
            boundaries[step] = k + 1
            # The gain is taken against the winning candidate's density, floored at
            # Float.MIN_VALUE as in the reference (this only matters for all-zero ranks).
            gain[step] = best - d_now
            d_now = best
            density[step + 1] = best_true
            sum_region = new_region
            sum_area = sum_area - area * area + la + ra
    return boundaries_arr, gain_arr, density_arr

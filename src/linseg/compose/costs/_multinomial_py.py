"""Pure NumPy twin of ``_multinomial.pyx`` (Utiyama and Isahara's segment costs and
search); see linseg.compose.costs and linseg.kernels.

Identical results:

- The tables ``f log(f + alpha)`` and ``L log(L + alpha k)`` are built with the compiled
  kernel's scalar expressions, one value at a time, with Python's ``math.log`` (C's
  ``log``), not NumPy's vectorised logarithm, whose last bit may differ.
- A segment's running sum ``s`` changes at each of its words by ``- term(old) +
  term(new)``, in the order of the words: here those terms, laid out in that order, are
  summed by ``np.cumsum`` (a sequential float64 sum, from 0.0), which performs the very
  additions the compiled loop performs. (A ``- term(0)`` the compiled loop skips adds
  -0.0 here, which leaves every value as it is.)
- The search relaxes the same candidates with the same expression, ``(best + cost) +
  start cost``, start by start in increasing order, keeping only a strictly lower total:
  ties go to the earliest start, as there.
"""

from __future__ import annotations

import math

import numpy as np

# f log(f + alpha) by alpha, grown as larger counts are asked for.
_WORD_TERMS: dict[float, np.ndarray] = {}


def _terms(alpha: float, vocabulary: int, largest: int) -> tuple[np.ndarray, np.ndarray]:
    """``word_term[f]`` = f log(f + alpha) and ``size_term[f]`` = f log(f + alpha k) for
    f = 0 .. largest (0 at f = 0)."""
    alpha = float(alpha)
    word = _WORD_TERMS.get(alpha)
    if word is None or word.shape[0] <= largest:
        top = max(largest, 2 * (0 if word is None else word.shape[0]), 64)
        log = math.log
        word = np.array([0.0] + [x * log(x + alpha) for x in map(float, range(1, top + 1))])
        _WORD_TERMS[alpha] = word
    log_norm = alpha * float(vocabulary)
    log = math.log
    size = np.array([0.0] + [x * log(x + log_norm) for x in map(float, range(1, largest + 1))])
    return word, size


class _Running:
    """The running cost of segments that start at one unit and grow unit by unit."""

    def __init__(
        self, indptr: np.ndarray, words: np.ndarray, counts: np.ndarray, n: int, vocabulary: int
    ) -> None:
        self.indptr = np.asarray(indptr, dtype=np.int64)
        self.words = np.asarray(words, dtype=np.int64)[: self.indptr[n]]
        self.counts = np.asarray(counts, dtype=np.int64)[: self.indptr[n]]
        # before[t]: the count of word t's word in the entries before t; base[w]: its count
        # before the current start. A word's count in the growing segment before entry t
        # is then before[t] - base[w].
        order = np.argsort(self.words, kind="stable")
        sorted_counts = self.counts[order]
        run = np.cumsum(sorted_counts) - sorted_counts
        first = np.ones(order.size, dtype=bool)
        first[1:] = self.words[order][1:] != self.words[order][:-1]
        group_start = np.maximum.accumulate(np.where(first, np.arange(order.size), 0))
        self.before = np.empty(order.size, dtype=np.int64)
        self.before[order] = run - run[group_start]
        self.base = np.zeros(vocabulary + 1, dtype=np.int64)
        self.sizes = np.concatenate(([0], np.cumsum(self.counts)))
        self.start = 0

    def costs(self, i: int, stop: int, word_term: np.ndarray, size_term: np.ndarray) -> np.ndarray:
        """The cost of the segments of units i .. j for j = i .. stop - 1 (i ascending
        from one call to the next)."""
        ip = self.indptr
        while self.start < i:  # the units before i leave the segment's start
            a, b = ip[self.start], ip[self.start + 1]
            np.add.at(self.base, self.words[a:b], self.counts[a:b])
            self.start += 1
        a, b = ip[i], ip[stop]
        old = self.before[a:b] - self.base[self.words[a:b]]
        terms = np.empty(2 * (b - a) + 1)
        terms[0] = 0.0
        terms[1::2] = -word_term[old]
        terms[2::2] = word_term[old + self.counts[a:b]]
        running = np.cumsum(terms)
        ends = ip[i + 1 : stop + 1] - a
        s = running[2 * ends]
        size = self.sizes[ip[i + 1 : stop + 1]] - self.sizes[a]
        return size_term[size] - s


def search(
    indptr: np.ndarray,
    words: np.ndarray,
    counts: np.ndarray,
    vocabulary: int,
    n: int,
    alpha: float,
    penalty: float,
    limit: int,
    m: int,
    largest: int,
    gap_costs: np.ndarray | None = None,
) -> tuple[list[int], float]:
    """The cheapest segmentation of ``n`` units (``m`` segments, or any number if 0):
    returns the unit indices that start a segment after the first, and its cost.
    ``largest`` bounds the words of a segment no longer than ``limit`` units.
    ``gap_costs`` (n + 1 values, or None): what a boundary before unit i costs beyond
    ``penalty``."""
    indptr = np.asarray(indptr)
    if n < 0 or m < 0 or largest < 0 or vocabulary < 0 or indptr.shape[0] < n + 1:
        raise ValueError("search: negative size, or fewer than n + 1 unit offsets")
    if gap_costs is not None and np.asarray(gap_costs).shape[0] < n + 1:
        raise ValueError("search: fewer than n + 1 gap costs")
    rows = m if m > 0 else 1
    levels = rows + 1
    # best[j, k]: the cheapest way to cover units 0..j-1 with k segments (k = 1: with any
    # number, when m is 0); back: where its last segment starts.
    best = np.full((n + 1, levels), np.inf)
    back = np.zeros((n + 1, levels), dtype=np.int64)
    best[0, 0] = 0.0
    word_term, size_term = _terms(alpha, vocabulary, largest)
    running = _Running(indptr, words, counts, n, vocabulary)
    gaps = None if gap_costs is None else np.asarray(gap_costs, dtype=np.float64)
    for i in range(n):
        stop = min(i + limit, n)
        start_cost = 0.0
        if i > 0:
            start_cost = penalty if gaps is None else penalty + float(gaps[i])
        # The levels a segment from unit i extends: with a count, those below it that
        # units 0..i-1 can reach (at most i segments cover them); without, level 0.
        top = 1 if m == 0 else min(m, i + 1)
        if stop > i:
            cost = running.costs(i, stop, word_term, size_term)
            reach = best[i, :top]
            value = (reach[None, :] + cost[:, None]) + start_cost
            into = best[i + 1 : stop + 1, 1 : top + 1]
            better = (value < into) & (reach < np.inf)[None, :]
            into[better] = value[better]
            back[i + 1 : stop + 1, 1 : top + 1][better] = i
        if m == 0:
            # Every segment ending at unit i + 1 has now been tried: the best way to reach
            # it, whatever the count, is final.
            best[i + 1, 0] = best[i + 1, 1]
    cuts = []
    k = m if m > 0 else 1
    j = n
    total = float(best[n, k])
    while j > 0:
        i = int(back[j, k])
        if i > 0:
            cuts.append(i)
        j = i
        if m > 0:
            k -= 1
    cuts.reverse()
    return cuts, total


def segment_costs(
    indptr: np.ndarray,
    words: np.ndarray,
    counts: np.ndarray,
    vocabulary: int,
    n: int,
    alpha: float,
    largest: int,
    out: np.ndarray,
) -> None:
    """``out[i, j + 1]`` = the cost ``-log P(W_ij | S_ij)`` of the segment of units i..j
    (see linseg.compose.costs), the same sums as :func:`search` makes; ``out`` is an
    (n + 1) x (n + 1) table, its other cells left as they are."""
    indptr = np.asarray(indptr)
    if n < 0 or largest < 0 or vocabulary < 0 or indptr.shape[0] < n + 1:
        raise ValueError("segment_costs: negative size, or fewer than n + 1 unit offsets")
    if out.shape[0] < n + 1 or out.shape[1] < n + 1:
        raise ValueError("segment_costs: out is smaller than (n + 1) x (n + 1)")
    word_term, size_term = _terms(alpha, vocabulary, largest)
    running = _Running(indptr, words, counts, n, vocabulary)
    for i in range(n):
        out[i, i + 1 : n + 1] = running.costs(i, n, word_term, size_term)

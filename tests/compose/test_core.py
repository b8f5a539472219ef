"""The C99 building blocks on small hand-checked inputs, and against brute force."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from linseg.compose.measures.cosine import cosine, cosine_from_ids
from linseg.compose.strategies.divisive import divisive_clustering, sum_of_rank
from linseg.compose.strategies.termination import automatic_termination, smooth
from linseg.compose.transforms import rank_transform

# --- similarity (equation 1) ---------------------------------------------------------------


def test_cosine_hand_checked():
    f = np.array([[1, 1, 0], [1, 0, 1], [0, 0, 0], [2, 2, 0]])
    sim = cosine(f)
    assert sim.dtype == np.float32
    assert sim[0, 1] == np.float32(0.5)  # 1 / sqrt(2 * 2)
    assert sim[0, 3] == np.float32(1.0)  # 4 / sqrt(2 * 8)
    assert sim[0, 0] == sim[1, 1] == np.float32(1.0)
    assert not sim[2].any() and not sim[:, 2].any()  # a sentence with no words: 0, even to itself


def test_cosine_rounds_like_the_reference():
    f = np.array([[1, 2, 3], [3, 1, 1]])
    expected = np.float32(8.0) / np.float32(np.sqrt(14.0 * 11.0))
    assert cosine(f)[0, 1] == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-1, 6), max_size=12), max_size=12))
def test_cosine_from_ids_is_bit_identical(rows):
    ids = np.array([t for r in rows for t in r], dtype=np.int64)
    offsets = np.cumsum([0] + [len(r) for r in rows])
    counts = np.zeros((len(rows), 7), dtype=np.int64)
    for i, r in enumerate(rows):
        for t in r:
            if t >= 0:
                counts[i, t] += 1
    assert np.array_equal(cosine_from_ids(ids, offsets, 7), cosine(counts))


# --- rank (equation 2) ---------------------------------------------------------------------


def test_rank_hand_checked_3x3():
    sim = np.array([[1.0, 0.5, 0.2], [0.5, 1.0, 0.1], [0.2, 0.1, 1.0]], dtype=np.float32)
    r = rank_transform(sim, 3)
    # (0,0): window {1, .5, .5, 1}, two lower of 3 others; (1,1): 6 lower of 8;
    # (0,1) = .5: window rows 0-1 x cols 0-2, {.2, .1} lower of 5.
    assert r[0, 0] == np.float32(2 / 3)
    assert r[1, 1] == np.float32(6 / 8)
    assert r[0, 1] == r[1, 0] == np.float32(2 / 5)
    assert r[2, 1] == np.float32(0 / 5)  # .1 is the smallest in its window
    assert np.array_equal(r, r.T)


def test_rank_mask_one_is_zero_and_large_mask_is_global():
    rng = np.random.default_rng(3)
    x = rng.random((6, 6)).astype(np.float32)
    x = (x + x.T) / 2
    assert not rank_transform(x, 1).any()
    big = rank_transform(x, 101)
    flat = x.ravel()
    for i in range(6):
        for j in range(6):
            assert big[i, j] == np.float32((flat < x[i, j]).sum()) / np.float32(35)


def _rank_brute(x, m):
    n, h = x.shape[0], m // 2
    out = np.zeros_like(x)
    for i in range(n):
        for j in range(n):
            win = x[max(0, i - h) : i + h + 1, max(0, j - h) : j + h + 1]
            cells = win.size - 1
            out[i, j] = np.float32((win < x[i, j]).sum()) / np.float32(cells) if cells else 0
    return out


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 14).flatmap(
        lambda n: arrays(np.float32, (n, n), elements=st.sampled_from([0.0, 0.1, 0.25, 0.5, 1.0]))
    ),
    st.sampled_from([1, 3, 5, 11]),
)
def test_rank_matches_brute_force(x, m):
    x = np.maximum(x, x.T)
    assert np.array_equal(rank_transform(x, m), _rank_brute(x, m))


@pytest.mark.parametrize("bad", [0, 2, -1, 1.5, "3"])
def test_rank_rejects_bad_masks(bad):
    with pytest.raises((ValueError, TypeError)):
        rank_transform(np.zeros((2, 2), np.float32), bad)


# --- sum of rank (equation 5) and inside density (equation 3) -------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 12).flatmap(
        lambda n: arrays(np.float32, (n, n), elements=st.sampled_from([0.0, 0.125, 0.25, 0.5, 1.0]))
    )
)
def test_sum_of_rank_is_the_square_sum(r):
    r = np.maximum(r, r.T)  # dyadic values: float32 sums are exact, so equality is exact
    s = sum_of_rank(r)
    n = r.shape[0]
    for i in range(n):
        for j in range(i, n):
            assert s[j, i] == s[i, j] == r[i : j + 1, i : j + 1].sum()


def test_divisive_clustering_two_blocks():
    r = np.kron(np.eye(2), np.ones((2, 2))).astype(np.float32)  # two 2x2 blocks of ones
    cl = divisive_clustering(sum_of_rank(r))
    assert cl.order[0] == 2  # the first split separates the blocks: D goes 8/16 -> 8/8
    assert cl.density[0] == np.float32(0.5) and cl.density[1] == np.float32(1.0)
    assert cl.gain[0] == np.float32(0.5)
    assert sorted(cl.order.tolist()) == [1, 2, 3]
    assert cl.boundaries(2) == [2]
    assert cl.boundaries(99) == [1, 2, 3]


def test_divisive_clustering_three_blocks_order():
    sizes = [3, 5, 2]
    n = sum(sizes)
    r = np.zeros((n, n), np.float32)
    start = 0
    for size in sizes:
        r[start : start + size, start : start + size] = 1.0
        start += size
    cl = divisive_clustering(sum_of_rank(r))
    # Any cut keeps all 38 ones inside; the density is 38 / (total inside area).
    # Cutting 3|7 leaves area 9 + 49 = 58, cutting 8|2 leaves 64 + 4 = 68: 3 comes first.
    # Then [3..9] is cut at 8 (25 + 4 = 29 area) before [0..2] is cut anywhere.
    assert cl.order[:2].tolist() == [3, 8]
    assert cl.boundaries(3) == [3, 8]


def test_all_zero_ranks_split_after_first_sentence_leftmost():
    cl = divisive_clustering(np.zeros((4, 4), np.float32))
    assert cl.order.tolist() == [1, 2, 3]


def test_empty_and_single():
    assert divisive_clustering(np.zeros((0, 0), np.float32)).order.size == 0
    one = divisive_clustering(np.ones((1, 1), np.float32))
    assert one.order.size == 0 and one.density.tolist() == [1.0]


# --- termination ----------------------------------------------------------------------------


def test_smoothing_mask_cut_and_renormalised():
    x = np.array([1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    sm = smooth(x)
    assert sm[0] == pytest.approx(8 / 15)  # weights 8,4,2,1 remain at the left end
    assert sm[1] == pytest.approx(4 / 19)  # weights 4,8,4,2,1 remain
    assert sm[3] == pytest.approx(1 / 22)  # the whole mask fits: 1 of 22
    assert np.allclose(smooth(np.full(5, 3.0)), 3.0)


def test_threshold_and_leading_run():
    gain = np.array([5.0, 5.0, 5.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 5.0])
    t = automatic_termination(gain, c=1.2)
    sm = smooth(gain)
    assert t.threshold == pytest.approx(sm.mean() + 1.2 * sm.std())
    run = 0
    while run < sm.size and sm[run] > t.threshold:
        run += 1
    assert sm[:3] == pytest.approx([70 / 15, 80 / 19, 70 / 21])
    assert sm[2] < t.threshold < sm[1]  # the third smoothed value is below the threshold
    assert t.n_boundaries == run == 2
    assert automatic_termination(np.zeros(0)).n_boundaries == 0
    assert automatic_termination(np.zeros(4)).n_boundaries == 0  # nothing strictly above

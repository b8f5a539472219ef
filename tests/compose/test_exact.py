"""linseg.compose.strategies.ExactDP with max_length: exact search for long documents."""

from __future__ import annotations

import importlib
import itertools
import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg import kernels
from linseg.compose import Composition, measures, strategies, transforms
from linseg.compose.band import BandMatrix
from linseg.compose.strategies import ExactDP, exact

# Sentences 0-2 are alike, sentence 3 stands alone; cell (0, 2) is the only one more than
# one sentence from the diagonal.
M = np.array(
    [[1, 1, 1, 0], [1, 1, 1, 0], [1, 1, 1, 0], [0, 0, 0, 1]],
    dtype=float,
)


# --- a case worked by hand ----------------------------------------------------------------
def test_a_four_sentence_case_by_hand():
    # Exponent 1: a segment scores its mass over its length.
    #   one sentence: 1;  [0,2) 4/2 = 2, [1,3) 4/2 = 2, [2,4) 2/2 = 1;
    #   [0,3) 9/3 = 3, [1,4) 5/3;  [0,4) 10/4 = 2.5.
    score = strategies.segment_scores(M)
    assert score[0, 3] == 3 and score[1, 4] == pytest.approx(5 / 3) and score[2, 4] == 1
    # Two segments: cut 1 -> 1 + 5/3, cut 2 -> 2 + 1, cut 3 -> 3 + 1 (best).
    assert ExactDP(max_length=4)(M, 2) == [3]
    # At most two sentences a segment: only cut 2 is allowed.
    assert ExactDP(max_length=2)(M, 2) == [2]
    # Three segments: cuts (1, 3) and (2, 3) both total 4, (1, 2) 3. The tie goes to the
    # earlier cut, as numpy's first argmax in the unbounded search: best of [0, 3) in two
    # segments is 3 by [0,1)+[1,3) or [0,2)+[2,3), and the first (cut 1) is kept.
    assert ExactDP()(M, 3) == [1, 3]
    assert ExactDP(max_length=2)(M, 3) == [1, 3]
    assert ExactDP(max_length=4)(M, 3) == [1, 3]
    # Penalty 1: totals 2.5 - 1, 4 - 2 ([3]), 4 - 3, 4 - 4.
    assert ExactDP(penalty=1.0)(M, None) == [3]
    assert ExactDP(penalty=1.0, max_length=4)(M, None) == [3]
    # At most two: [2] (3 - 2) ties with [1, 3] and [2, 3] (4 - 3); best[3] = 1 by
    # [0,1)+[1,3) first, then best[4] = 1 from 2 first: [0,2)+[2,4).
    assert ExactDP(penalty=1.0, max_length=2)(M, None) == [2]
    # One sentence a segment is the only choice at max_length 1.
    assert ExactDP(penalty=100.0, max_length=1)(M, None) == [1, 2, 3]


def test_the_band_of_a_matrix_counts_beyond_its_width_as_zero():
    band = BandMatrix.from_dense(M, 1)  # drops cells (0, 2) and (2, 0): [0, 3) scores 7/3
    masked = M.copy()
    masked[0, 2] = masked[2, 0] = 0
    assert np.array_equal(band.toarray(), masked)
    # Two segments, at most 3 sentences: cut 2 -> 2 + 1, cut 3 -> 7/3 + 1 (still best).
    assert ExactDP(max_length=3)(band, 2) == [3]
    # Penalty 1.2 tips it: [3] gives 7/3 + 1 - 2.4 = 0.933, [2] 3 - 2.4 = 0.6, one
    # segment is not allowed (4 > 3), three 4 - 3.6 = 0.4.
    assert ExactDP(penalty=1.2, max_length=3)(band, None) == [3]
    assert ExactDP(penalty=1.2, max_length=3)(M, None) == [3]  # 3 + 1 - 2.4 = 1.6
    # "auto" on a band: width + 1 = 2 sentences at most.
    assert ExactDP(max_length="auto")(band, 2) == [2]


# --- equality with the unbounded search ---------------------------------------------------
# Entries are multiples of 1/8, so every sum is exact in any order: the bounded and the
# unbounded search then see bit-identical scores and must agree on every tie.
dyadic = st.integers(1, 11).flatmap(
    lambda n: st.lists(st.lists(st.integers(0, 8), min_size=n, max_size=n), min_size=n, max_size=n)
)
EXPONENTS = st.sampled_from([1.0, 0.7, 0.4, 2.0, 1.3])


@settings(max_examples=150, deadline=None)
@given(dyadic, EXPONENTS, st.integers(1, 12), st.integers(0, 3), st.booleans())
def test_bounded_equals_unbounded_with_a_count(rows, exponent, k, extra, symmetric):
    m = np.array(rows, dtype=float) / 8
    if symmetric:
        m = (m + m.T) / 2
    n = m.shape[0]
    expected = ExactDP(exponent=exponent)(m, k)
    assert ExactDP(exponent=exponent, max_length=n + extra)(m, k) == expected
    if symmetric:
        band = BandMatrix.from_dense(m, max(n - 1, 1))
        assert ExactDP(exponent=exponent, max_length="auto")(band, k) == expected


@settings(max_examples=150, deadline=None)
@given(dyadic, EXPONENTS, st.integers(0, 16), st.integers(0, 3))
def test_bounded_equals_unbounded_with_a_penalty(rows, exponent, quarters, extra):
    m = np.array(rows, dtype=float) / 8
    n = m.shape[0]
    penalty = quarters / 4
    expected = ExactDP(penalty, exponent)(m, None)
    assert ExactDP(penalty, exponent, max_length=n + extra)(m, None) == expected


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 9).flatmap(
        lambda n: st.lists(
            st.lists(st.floats(0, 1), min_size=n, max_size=n), min_size=n, max_size=n
        )
    ),
    EXPONENTS,
    st.integers(1, 9),
)
def test_bounded_equals_unbounded_on_real_valued_matrices(rows, exponent, k):
    # Summed in another order the scores may differ in the last bit, so compare the
    # optimum's value, and the cuts only when the optimum is clear of the rest.
    m = np.array(rows)
    m = (m + m.T) / 2
    n = m.shape[0]
    score = strategies.segment_scores(m, exponent)
    cut_count = min(k, n) - 1
    totals = {
        cuts: _total(score, cuts, n) for cuts in itertools.combinations(range(1, n), cut_count)
    }
    found = tuple(ExactDP(exponent=exponent, max_length=n)(m, k))
    ranked = sorted(totals.values())
    assert totals[found] == pytest.approx(ranked[-1], rel=1e-12, abs=1e-12)
    if len(ranked) == 1 or ranked[-2] < ranked[-1] - 1e-9:
        assert found == max(totals, key=totals.__getitem__)
        assert found == tuple(ExactDP(exponent=exponent)(m, k))


def _total(score: np.ndarray, cuts: tuple[int, ...], n: int) -> float:
    edges = [0, *cuts, n]
    return float(sum(score[a, b] for a, b in zip(edges, edges[1:])))


# --- the bound is respected and the search is exact under it ------------------------------
@settings(max_examples=120, deadline=None)
@given(dyadic, EXPONENTS, st.integers(1, 11), st.integers(1, 11), st.integers(0, 12))
def test_max_length_is_respected_and_the_bounded_optimum_found(rows, exponent, k, L, quarters):
    m = np.array(rows, dtype=float) / 8
    m = (m + m.T) / 2
    n = m.shape[0]
    score = strategies.segment_scores(m, exponent)
    every = [
        cuts
        for c in range(n)
        for cuts in itertools.combinations(range(1, n), c)
        if max(np.diff([0, *cuts, n])) <= L
    ]
    penalty = quarters / 4
    found = ExactDP(penalty, exponent, max_length=L)(m, None)
    assert max(np.diff([0, *found, n])) <= L
    best = max(_total(score, c, n) - penalty * (len(c) + 1) for c in every)
    assert _total(score, tuple(found), n) - penalty * (len(found) + 1) == pytest.approx(best)

    k = min(k, n)
    with_k = [c for c in every if len(c) == k - 1]
    if not with_k:  # k segments of at most L sentences cannot cover n
        with pytest.raises(ValueError, match="no segmentation"):
            ExactDP(exponent=exponent, max_length=L)(m, k)
        return
    found = ExactDP(exponent=exponent, max_length=L)(m, k)
    assert len(found) == k - 1 and max(np.diff([0, *found, n])) <= L
    best = max(_total(score, c, n) for c in with_k)
    assert _total(score, tuple(found), n) == pytest.approx(best)


# --- band input ---------------------------------------------------------------------------
@settings(max_examples=100, deadline=None)
@given(dyadic, EXPONENTS, st.integers(1, 11), st.integers(1, 11), st.integers(0, 3))
def test_a_band_matrix_gives_the_dense_answer(rows, exponent, k, L, wider):
    m = np.array(rows, dtype=float) / 8
    m = (m + m.T) / 2
    n = m.shape[0]
    k = min(max(k, -(-n // L)), n)  # at least enough segments of L sentences to cover n
    band = BandMatrix.from_dense(m, max(L - 1 + wider, 1))
    assert ExactDP(exponent=exponent, max_length=L)(band, k) == ExactDP(
        exponent=exponent, max_length=L
    )(m, k)
    assert ExactDP(1.0, exponent, max_length=L)(band, None) == ExactDP(1.0, exponent, L)(m, None)
    # Narrower than the segments: the same as the dense search of the masked matrix.
    narrow = BandMatrix.from_dense(m, max(L // 2, 1))
    assert ExactDP(exponent=exponent, max_length=L)(narrow, k) == ExactDP(
        exponent=exponent, max_length=L
    )(narrow.toarray().astype(float), k)


def test_float32_bands_are_read_in_float64():
    rng = np.random.default_rng(3)
    m = rng.integers(0, 9, (40, 40)).astype(np.float32) / 8
    m = (m + m.T) / 2
    band = BandMatrix.from_dense(m, 12)
    assert band.data.dtype == np.float32
    for k in (4, 9, 40):
        assert ExactDP(exponent=0.7, max_length=13)(band, k) == ExactDP(
            exponent=0.7, max_length=13
        )(m.astype(np.float64), k)


def test_a_long_band_needs_no_quadratic_memory():
    n, width = 20_000, 49
    rng = np.random.default_rng(0)
    band = BandMatrix(rng.random((n, width + 1)).astype(np.float32))
    tracemalloc.start()
    try:
        with_penalty = ExactDP(penalty=3.0, max_length="auto")(band, None)
        with_count = ExactDP(max_length="auto")(band, 500)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # n x n float64 would be 3.2 GB; the band's tables are a few n x L arrays.
    assert peak < 12 * 8 * n * (width + 2)
    assert max(np.diff([0, *with_penalty, n])) <= width + 1
    assert len(with_count) == 499 and max(np.diff([0, *with_count, n])) <= width + 1


# --- Composition(band=...) ----------------------------------------------------------------
TOPICS = {
    "bees": "bees honey hive wax queen pollen flowers sting swarm nectar",
    "ships": "ships sea sailors harbour deck mast storm anchor cargo waves",
    "stars": "stars planets telescope orbit galaxy light comet moon night sky",
}


def _document(seed: int, n_sections: int = 6) -> list[str]:
    rng = np.random.default_rng(seed)
    names = list(TOPICS)
    out = []
    for s in range(n_sections):
        words = TOPICS[names[s % 3]].split()
        for _ in range(int(rng.integers(3, 9))):
            out.append(" ".join(rng.choice(words, size=int(rng.integers(3, 7)))) + " .")
    return out


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(
    "strategy, count",
    [
        (ExactDP(exponent=0.7, max_length="auto"), 6),
        (ExactDP(penalty=2.0, max_length="auto"), None),
        (strategies.DivisiveDensity(), None),
        (strategies.DivisiveDensity(), 6),
    ],
)
def test_a_covering_band_gives_the_dense_composition(seed, strategy, count):
    doc = _document(seed)
    dense = Composition(strategy=strategy, tokenized=True)
    banded = Composition(strategy=strategy, tokenized=True, band=len(doc) - 1)
    assert banded.segment(doc, count).boundaries == dense.segment(doc, count).boundaries
    assert banded.get_params()["band"] == len(doc) - 1


def test_c99_dp_unchanged_by_a_covering_band(choi_docs):
    from linseg.methods.c99_dp import EXPONENT

    dense = Composition(strategy=ExactDP(exponent=EXPONENT), tokenized=True)
    for doc in choi_docs[::50]:
        n = len(doc.sentences)
        banded = Composition(
            strategy=ExactDP(exponent=EXPONENT, max_length=n), tokenized=True, band=n - 1
        )
        k = doc.n_segments
        assert banded.segment(doc.sentences, k).boundaries == (
            dense.segment(doc.sentences, k).boundaries
        )


def test_a_narrow_band_segments_within_it():
    doc = _document(7, n_sections=12)
    seg = Composition(strategy=ExactDP(exponent=0.7, max_length="auto"), tokenized=True, band=9)
    found = seg.segment(doc, 12).boundaries
    assert len(found) == 11 and max(np.diff([0, *found, len(doc)])) <= 10
    # Default parts with a band: banded C99.
    from linseg import C99

    assert Composition(tokenized=True, band=9).segment(doc).boundaries == (
        C99(tokenized=True, band=9).segment(doc).boundaries
    )


# --- errors -------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [0, -3])
def test_max_length_below_one_is_refused(bad):
    with pytest.raises(ValueError, match="max_length"):
        ExactDP(max_length=bad)


@pytest.mark.parametrize("bad", [True, 2.5, "long", [3]])
def test_max_length_of_the_wrong_type_is_refused(bad):
    with pytest.raises(TypeError, match="max_length"):
        ExactDP(max_length=bad)


def test_bad_searches_are_refused():
    band = BandMatrix.from_dense(M, 1)
    with pytest.raises(ValueError, match="needs max_length"):
        ExactDP()(band, 2)
    with pytest.raises(ValueError, match="no segmentation of 4 sentences into 2 segments"):
        ExactDP(max_length=1)(M, 2)
    with pytest.raises(ValueError, match="penalty"):
        ExactDP(max_length=2)(M, None)
    with pytest.raises(ValueError, match="penalty"):
        ExactDP(penalty=float("nan"))
    nan = M.copy()
    nan[1, 2] = np.nan
    for length in (None, 3):
        with pytest.raises(ValueError, match="finite"):
            ExactDP(max_length=length)(nan, 2)
    with pytest.raises(ValueError, match="dense matrix"):
        strategies.ReynarGreedy()(band, 2)


def test_bad_bands_are_refused():
    with pytest.raises(ValueError, match="band"):
        Composition(band=0)
    with pytest.raises(TypeError, match="band"):
        Composition(band="wide")
    with pytest.raises(TypeError, match="band"):
        Composition(band=True)
    doc = _document(1)
    embedding = Composition(measures.Embedding(lambda s: np.ones((len(s), 3))), band=5)
    with pytest.raises(ValueError, match="banded form"):
        embedding.segment(doc)
    odd = Composition(transform=lambda m: m, band=5)
    with pytest.raises(ValueError, match="transform with a banded form"):
        odd.segment(doc)

    # A measure with a banded form of its own is used.
    class Banded(measures.StemCosine):
        def __call__(self, sentences, tokenized):
            raise AssertionError("the dense form must not be computed")

        def banded(self, sentences, tokenized, band):
            return BandMatrix(np.ones((len(sentences), band + 1)))

    seg = Composition(Banded(), transforms.NoTransform(), ExactDP(1.5, max_length="auto"), band=3)
    assert max(np.diff([0, *seg.segment(doc).boundaries, len(doc)])) <= 4


@settings(max_examples=80, deadline=None)
@given(
    st.integers(2, 40).flatmap(
        lambda n: st.tuples(
            st.lists(st.lists(st.integers(0, 8), min_size=n, max_size=n), min_size=n, max_size=n),
            st.integers(1, n),
            st.integers(1, n),
        )
    ),
    st.sampled_from([0, 1, 2, 7]),
)
def test_the_count_search_in_blocks_of_ends_is_the_same_search(case, blocks):
    # The count search takes the ends in blocks sized to a cache (exact._CACHE_BYTES)
    # and keeps each level's last values in a ring: with blocks of 1, 2 or 7 ends (0:
    # the floor, 1) rather than thousands, the ring wraps many times.
    from unittest import mock

    rows, L, k = case
    m = np.array(rows, dtype=float) / 8
    n = m.shape[0]
    k = min(max(k, -(-n // L)), n)
    expected = ExactDP(exponent=0.7, max_length=L)(m, k)
    with mock.patch.object(exact, "_CACHE_BYTES", blocks * 8 * (L + 1)):
        assert ExactDP(exponent=0.7, max_length=L)(m, k) == expected
        assert ExactDP(exponent=0.7, max_length=n)(m, k) == ExactDP(exponent=0.7)(m, k)


# --- the dense search with a count, compiled -----------------------------------------------
def _numpy_back(score: np.ndarray, k: int) -> np.ndarray:
    """The dense search's back pointers as numpy takes them: one table a level."""
    best = score[0].copy()
    back = np.zeros((k, score.shape[0]), dtype=np.int64)
    for level in range(1, k):
        total = best[:, None] + score
        back[level] = total.argmax(axis=0)
        best = total.max(axis=0)
    return back


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(1, 14),
    k=st.integers(1, 16),
    seed=st.integers(0, 2**32 - 1),
    ties=st.booleans(),
    upper=st.booleans(),
    block=st.integers(1, 16),
)
def test_compiled_count_search_is_numpys(n, k, seed, ties, upper, block):
    # Scores with ties (small integers) and with -inf where a segment is not allowed (all of
    # the lower triangle, or random cells too): the same pointers, so the same cuts, in
    # blocks of ends of any width.
    _exact = kernels.load("linseg.compose.strategies._exact")

    rng = np.random.default_rng(seed)
    score = rng.integers(-3, 4, size=(n + 1, n + 1)).astype(np.float64)
    if not ties:
        score += rng.random((n + 1, n + 1))
    score[np.tril_indices(n + 1)] = -np.inf
    if not upper:
        score[rng.random((n + 1, n + 1)) < 0.3] = -np.inf
    back = _numpy_back(score, k)
    assert np.array_equal(_exact._dense_back(score, k, block), back)
    cuts, j = [], n
    for level in range(k - 1, 0, -1):
        j = int(back[level, j])
        cuts.append(j)
    assert strategies.best_with_count(score, k) == sorted(cuts)
    # The cells of no segment (a >= b) are not read: finite values there change nothing.
    score[np.tril_indices(n + 1)] = rng.integers(-3, 4, size=(n + 1) * (n + 2) // 2)
    assert np.array_equal(_exact._dense_back(score, k, block), back)


def _numpy_penalty_back(score: np.ndarray, penalty: float) -> np.ndarray:
    """The penalised search as numpy ran it before it was compiled: at each end, the
    first argmax over the starts of ``best[:j] + score[:j, j] - penalty``."""
    n = score.shape[0] - 1
    best = np.full(n + 1, -np.inf)
    best[0] = 0.0
    back = np.zeros(n + 1, dtype=np.int64)
    for j in range(1, n + 1):
        total = best[:j] + score[:j, j] - penalty
        back[j] = int(total.argmax())
        best[j] = total[back[j]]
    return back


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(0, 14),
    seed=st.integers(0, 2**32 - 1),
    ties=st.booleans(),
    upper=st.booleans(),
    nan=st.booleans(),
    penalty=st.sampled_from([0.0, 0.5, 1.0, 2.5]),
)
def test_compiled_penalty_search_is_numpys(n, seed, ties, upper, nan, penalty):
    # The same pointers, both kernels, as numpy's loop: ties (small integers), -inf where
    # a segment is not allowed, and a NaN (numpy's argmax takes the first one).
    rng = np.random.default_rng(seed)
    score = rng.integers(-3, 4, size=(n + 1, n + 1)).astype(np.float64)
    if not ties:
        score += rng.random((n + 1, n + 1))
    score[np.tril_indices(n + 1)] = -np.inf
    if not upper:
        score[rng.random((n + 1, n + 1)) < 0.3] = -np.inf
    if nan:
        score[rng.random((n + 1, n + 1)) < 0.1] = np.nan
    back = _numpy_penalty_back(score, penalty)
    name = "linseg.compose.strategies._exact"
    for module in (name, name + "_py"):
        try:
            _exact = importlib.import_module(module)
        except ImportError:
            continue  # not compiled here
        assert np.array_equal(_exact._dense_best_with_penalty(score, penalty), back)
    assert strategies.best_with_penalty(score, penalty) == exact._cuts(back)


def test_count_search_refuses_no_segments():
    # The compiled kernel writes level 0 whatever k is: k = 0 must not reach it.
    _exact = kernels.load("linseg.compose.strategies._exact")

    score = strategies.segment_scores(M)
    with pytest.raises(ValueError, match="at least one segment"):
        strategies.best_with_count(score, 0)
    with pytest.raises(ValueError, match="k and block"):
        _exact._dense_back(score, 0, 4)
    assert strategies.best_with_count(score, 1) == []


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_count_search_refuses_nan_and_plus_infinity(bad):
    score = strategies.segment_scores(M)
    score[1, 3] = bad
    with pytest.raises(ValueError, match="finite or -inf"):
        strategies.best_with_count(score, 2)
    # A float32 table is read as float64: the same cuts.
    assert strategies.best_with_count(strategies.segment_scores(M).astype(np.float32), 3) == [1, 3]

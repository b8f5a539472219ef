"""Pk and WindowDiff on hand-worked cases."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg import pk, windowdiff
from linseg.evaluation.metrics import default_k, positions


def test_pk_hand_worked_sentences():
    # Reference: [0 1 | 2 3]; hypothesis: no boundary. k = round(2 / 2) = 1.
    # Probes (0,1) (1,2) (2,3): reference same/diff/same, hypothesis all same -> 1 error of 3.
    assert pk([2], [], 4) == pytest.approx(1 / 3)
    assert windowdiff([2], [], 4) == pytest.approx(1 / 3)
    assert pk([2], [2], 4) == 0.0


def test_pk_word_level():
    # Sentences of 2, 1, 3 words; reference cut before sentence 2: words [0 0 0 | 1 1 1].
    # k = round(3 / 2) = 2 (half up). Probes (0,2) (1,3) (2,4) (3,5): same, diff, diff, same.
    # Hypothesis cut before sentence 1: words [0 0 | 1 1 1 1]: diff, diff, same, same.
    assert positions([1], 3, lengths=[2, 1, 3]).tolist() == [0, 0, 1, 1, 1, 1]
    assert pk([2], [1], lengths=[2, 1, 3]) == pytest.approx(2 / 4)
    # WindowDiff: boundary counts ref 0,1,1,0 vs hyp 1,1,0,0 -> 2 of 4.
    assert windowdiff([2], [1], lengths=[2, 1, 3]) == pytest.approx(2 / 4)


def test_default_k_rounds_half_up():
    assert default_k(positions([], 5)) == 3  # 5 / 2 = 2.5 -> 3, as Java's Math.round
    assert default_k(positions([1], 2)) == 1  # floor at 1


def test_bad_input():
    with pytest.raises(ValueError):
        pk([3, 2], [], 5)
    with pytest.raises(ValueError):
        pk([0], [], 5)
    with pytest.raises(ValueError):
        pk([], [], 3, k=3)
    with pytest.raises(ValueError):
        pk([], [])


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 40).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.sets(st.integers(1, n - 1)).map(sorted),
            st.sets(st.integers(1, n - 1)).map(sorted),
        )
    )
)
def test_pk_properties(case):
    n, ref, hyp = case
    p, w = pk(ref, hyp, n), windowdiff(ref, hyp, n)
    assert 0.0 <= p <= w <= 1.0  # a probe Pk counts wrong always has different counts
    assert pk(ref, ref, n) == windowdiff(ref, ref, n) == 0.0

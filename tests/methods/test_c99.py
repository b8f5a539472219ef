"""The C99 segmenter end to end: API, hand-built documents, properties."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import linseg
from linseg import C99, segment_text

BEES = [
    "Bees gather nectar from flowers .",
    "The hive stores honey from nectar .",
    "Worker bees dance to show flowers .",
    "Honey bees guard the hive .",
]
RAIL = [
    "Steam locomotives pulled early trains .",
    "Railway lines joined distant towns .",
    "Trains ran on iron rails between stations .",
    "Locomotives burned coal on railway lines .",
]
BREAD = [
    "Bakers knead dough with yeast .",
    "Yeast makes the dough rise .",
    "Bread dough is baked in an oven .",
    "Bakers shape the dough into bread .",
]


def test_three_topics_hand_built():
    doc = BEES + RAIL + BREAD
    res = C99().segment(doc)
    assert res.boundaries == [4, 8]
    assert res.segments == [BEES, RAIL, BREAD]
    assert C99().segment(doc, n_segments=2).boundaries in ([4], [8])
    assert C99().segment(doc, n_segments=3).boundaries == [4, 8]


def test_result_keeps_intermediates():
    doc = BEES + RAIL + BREAD
    res = C99(mask_size=5, keep_matrices=True).segment(doc)
    n = len(doc)
    assert res.similarity.shape == res.rank.shape == res.sum_rank.shape == (n, n)
    assert res.density.shape == (n,) and res.gradient.shape == (n - 1,)
    assert res.termination.smoothed.shape == (n - 1,)
    assert res.mask_size == 5 and res.c == 1.2
    assert res.labels() == [0] * 4 + [1] * 4 + [2] * 4
    # A plain segmentation keeps no n x n matrix, but its clustering and termination.
    plain = C99(mask_size=5).segment(doc)
    assert plain.similarity is None and plain.rank is None and plain.sum_rank is None
    assert plain.boundaries == res.boundaries and np.array_equal(plain.gradient, res.gradient)


def test_known_count_is_a_prefix_of_the_split_order():
    doc = BEES + RAIL + BREAD
    res = C99().segment(doc)
    for m in range(1, len(doc) + 3):
        assert C99().segment(doc, m).boundaries == sorted(res.clustering.order[: m - 1].tolist())


def test_segment_text_joins_back():
    text = " ".join(s.replace(" .", ".") for s in BEES + RAIL + BREAD) + "\n"
    res = segment_text(text)
    assert "".join(res.segments) == text
    assert len(res.segments) == 3
    assert res.segments[1].startswith("Steam")


@pytest.mark.parametrize(
    "sentences,expected",
    [
        ([], []),
        (["Only one ."], []),
        ([". ,", "1 2 3", "!"], []),  # no words at all
        (["same words here"] * 6, []),  # all identical
    ],
)
def test_edge_documents(sentences, expected):
    assert C99().segment(sentences).boundaries == expected


def test_mask_larger_than_document_and_too_many_segments():
    res = C99(mask_size=99).segment(BEES[:3], n_segments=10)
    assert res.boundaries == [1, 2]


def test_parameter_validation():
    with pytest.raises(ValueError):
        C99(mask_size=4)
    with pytest.raises(ValueError):
        C99(c=float("nan"))
    with pytest.raises(ValueError):
        C99().segment(BEES, n_segments=0)
    with pytest.raises(TypeError):
        C99().segment("a string, not a list")
    assert "mask_size=11" in repr(C99())


def test_stopwords_from_file(tmp_path):
    f = tmp_path / "sw.txt"
    f.write_text("bees\n", encoding="utf-8")
    seg = C99(stopwords=f)
    assert "bee" not in [s for row in seg._text.stems(BEES, True) for s in row]


def test_public_api():
    assert set(linseg.__all__) >= {"C99", "pk", "windowdiff", "segment_text"}


WORDS = ["river", "stone", "market", "price", "engine", "rail", "honey", "bread", "the", "."]


@settings(max_examples=120, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join), max_size=30),
    st.one_of(st.none(), st.integers(1, 40)),
    st.sampled_from([1, 3, 11]),
)
def test_properties(sentences, n_segments, mask):
    seg = C99(mask_size=mask, tokenized=True)
    res = seg.segment(sentences, n_segments)
    n = len(sentences)
    b = res.boundaries
    assert all(0 < x < n for x in b)
    assert all(x < y for x, y in zip(b, b[1:]))
    assert len(b) <= max(n - 1, 0)
    if n_segments is not None and n:
        assert len(b) == min(n_segments, n) - 1
    assert sum(res.segments, []) == sentences
    assert seg.segment(sentences, n_segments).boundaries == b  # deterministic


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("ab rivestonmk.!?\n,\t")), max_size=300),
    st.one_of(st.none(), st.integers(1, 6)),
)
def test_text_properties(text, n_segments):
    res = segment_text(text, n_segments)
    assert "".join(res.segments) == text
    n = len(res.sentence_spans)
    if n_segments is not None and n:
        assert len(res.segments) == min(n_segments, n)

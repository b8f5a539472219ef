"""Size bounds on segments (linseg.chunks.bounds and the max_size/min_size/size_unit parameters)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import linseg
from linseg.chunks.bounds import (
    bound_boundaries,
    check_bounds,
    count_words,
    fit_segments,
    own_count,
    sentence_sizes,
    size_function,
    topic_breaks,
)
from linseg.methods import create
from linseg.text.processor import TextProcessor


def sizes_of(sizes, boundaries):
    cuts = [0, *boundaries, len(sizes)]
    return [int(sum(sizes[a:b])) for a, b in zip(cuts, cuts[1:])]


# --- exact cases worked out by hand ------------------------------------------------------
def test_oversized_segment_is_cut_into_the_fewest_pieces():
    # Ten sentences, max 3, the method's boundary at 5: [0,5) needs one cut and [5,10)
    # two; with no topic evidence the first allowed positions win: 3, then 8.
    assert bound_boundaries([1] * 10, [5], None, max_size=3) == ([3, 5, 8], [])


def test_extra_cut_goes_to_the_strongest_break():
    g = np.zeros(11)
    g[7] = 0.9
    assert bound_boundaries([1] * 10, [], g, max_size=7) == ([7], [])
    g[4] = 0.95  # both 4 and 7 fit; the stronger break wins
    assert bound_boundaries([1] * 10, [], g, max_size=7) == ([4], [])


def test_undersized_segment_joins_its_more_similar_neighbour():
    # Segments [0,4) [4,5) [5,10); min 2: the one-sentence segment must join a neighbour.
    # The break at 4 is weaker than the break at 5, so the boundary at 4 is dropped.
    g = np.zeros(11)
    g[4], g[5] = 0.2, 0.8
    assert bound_boundaries([1] * 10, [4, 5], g, min_size=2) == ([5], [])
    g[4], g[5] = 0.8, 0.2
    assert bound_boundaries([1] * 10, [4, 5], g, min_size=2) == ([4], [])


def test_the_placement_leaves_a_unit_over_max_size_alone():
    # The placement itself cannot cut a unit; segmenters cut such units before it
    # (linseg.chunks.split, tests/chunks/test_split.py).
    assert bound_boundaries([1, 20, 1, 1], [], None, max_size=5) == ([1, 2], [])


def test_text_smaller_than_min_size_is_one_segment():
    bounds, notes = bound_boundaries([1, 1], [1], None, min_size=5)
    assert bounds == [] and "smaller than min_size" in notes[0]


def test_infeasible_bounds_keep_max_size_and_say_so():
    # Sentences of 6 words with bounds 7-10: one sentence is too small, two too large.
    bounds, notes = bound_boundaries([6] * 4, [], None, max_size=10, min_size=7)
    assert bounds == [1, 2, 3]
    assert "max_size was kept" in notes[0]


def test_sentence_sizes_per_unit():
    s = ["one two three", "four", "a  b"]
    assert sentence_sizes(s, "sentences").tolist() == [1, 1, 1]
    assert sentence_sizes(s, "words").tolist() == [3, 1, 2]
    assert sentence_sizes(s, "chars").tolist() == [13, 4, 4]
    assert sentence_sizes(s, lambda t: t.count("o")).tolist() == [2, 1, 0]
    with pytest.raises(ValueError, match="non-negative integer"):
        sentence_sizes(s, lambda t: -1)


def test_bad_bounds_are_refused():
    with pytest.raises(ValueError, match="must not exceed"):
        check_bounds(3, 5, "words")
    with pytest.raises(ValueError, match="size_unit"):
        check_bounds(3, None, "tokens")
    with pytest.raises(TypeError):
        check_bounds(2.5, None, "words")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must not exceed"):
        linseg.segment_text("a. b. c.", max_size=1, min_size=2)


def test_topic_breaks_by_hand():
    # Two sentences about x, two about y: the only strong break is between them.
    sentences = ["cats purr", "cats purr loudly", "engines roar", "engines roar loudly"]
    g = topic_breaks(sentences, TextProcessor(), tokenized=True, window=1)
    # g[2]: cos("cats purr loudly", "engines roar") = 0, so 1.
    # g[1]: cos(cat purr, cat purr loud) = 2 / sqrt(2 * 3); g[3] likewise.
    assert g[0] == 0 and g[4] == 0
    assert g[2] == pytest.approx(1.0)
    assert g[1] == pytest.approx(1 - 2 / np.sqrt(6))
    assert g[3] == pytest.approx(1 - 2 / np.sqrt(6))


@given(
    st.lists(st.lists(st.integers(-1, 5), max_size=6), min_size=1, max_size=25),
    st.integers(1, 12),
)
def test_band_dots_are_the_sentences_dot_products(rows, width):
    from linseg.chunks.bounds import _band_dots

    n = len(rows)
    ids = np.array([i for row in rows for i in row], dtype=np.int32)
    offsets = np.concatenate(([0], np.cumsum([len(row) for row in rows])))
    counts = np.zeros((n, 6))
    for i, row in enumerate(rows):
        for stem in row:
            if stem >= 0:
                counts[i, stem] += 1
    expected = np.zeros((n, width))
    for i in range(n):
        for d in range(min(width, n - i)):
            expected[i, d] = counts[i] @ counts[i + d]
    assert np.array_equal(_band_dots(ids, offsets, n, width), expected)


# --- properties over random texts and bounds ---------------------------------------------
WORDS = ["apple", "river", "engine", "stone", "music", "glass", "cloud", "tiger", "paper"]
sentence = st.lists(st.sampled_from(WORDS), min_size=1, max_size=12).map(
    lambda ws: " ".join(ws).capitalize() + "."
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sentences=st.lists(sentence, min_size=1, max_size=40),
    unit=st.sampled_from(["sentences", "words", "chars"]),
    max_size=st.one_of(st.none(), st.integers(1, 120)),
    min_size=st.one_of(st.none(), st.integers(1, 60)),
    method=st.sampled_from(["u00_p", "c99", "b_n", "b_a"]),
)
def test_bounds_hold_and_text_is_kept(sentences, unit, max_size, min_size, method):
    if max_size is not None and min_size is not None and min_size > max_size:
        min_size, max_size = max_size, min_size
    text = " ".join(sentences)
    seg = create(method, max_size=max_size, min_size=min_size, size_unit=unit)
    result = seg.segment_text(text)
    assert "".join(result.segments) == text
    size = size_function(unit)
    own = [size(s) if unit != "sentences" else b - a for s, a, b in _with_units(result)]
    notes = result.result.notes
    relaxed = any("max_size was kept" in n or "max_size wins" in n for n in notes)
    total = sum(sentence_sizes(result.result.sentences, unit).tolist())
    for got in own:
        if max_size is not None:
            # Measured on the segment's own text, with no exception: a sentence over
            # max_size is cut first.
            assert got <= max_size, (got, max_size)
        if min_size is not None and not relaxed and total >= min_size:
            assert got >= min_size, (got, min_size)


def _with_units(result):
    cuts = [0, *result.boundaries, len(result.result.sentences)]
    return zip(result.segments, cuts, cuts[1:])


def test_words_count_chinese_and_japanese_characters():
    assert count_words("Bees make honey.") == 3
    assert count_words("蜜蜂采集花蜜。") == 6  # six Han characters; the full stop is none
    assert count_words("これはペンです。") == 7  # kana, each a word
    assert count_words("使用Python 3。好") == 5  # 使 用 Python 3 好
    # Joined, two sentences count what they count apart: no word spans their join.
    a, b = "蜜蜂采集花蜜。", "火车很快。"
    assert count_words(a + b) == count_words(a) + count_words(b)
    assert sentence_sizes([a, b], "words").tolist() == [6, 4]


@given(st.lists(st.text(alphabet="ab \n.\u3002\u871c\u30da\u00e9", max_size=12), max_size=6))
def test_own_counts_never_count_more_joined_than_apart(pieces):
    # What lets fit_segments leave these units' segments unmeasured: the placement's sums
    # bound every segment's own text.
    for unit in ("sentences", "words", "chars"):
        size = size_function(unit)
        assert own_count(size)
        assert size("".join(pieces)) <= sum(size(p) for p in pieces) or not pieces
    assert not own_count(size_function(lambda t: len(t)))


def test_fit_segments_cuts_a_segment_a_join_made_too_large():
    # A count that is not the sum of its parts: one per word, plus one per text.
    def tokens(text):
        return len(text.split()) + 1

    texts = ["a b ", "c d ", "e f ", "g h "]  # 3 tokens each, 9 for any two joined
    g = np.zeros(5)
    g[2] = 0.7
    # Summed, [0, 2) and [2, 4) are 6 each; measured, 5 each: they fit.
    assert fit_segments(texts, [2], g, 5, tokens) == ([2], [])
    # All four measure 9 > 8: cut at the strongest break among those that leave both
    # sides within 8.
    bounds, notes = fit_segments(texts, [], g, 8, tokens)
    assert bounds == [2] and "measured over max_size (8)" in notes[0]


def test_bounds_reach_every_segmenter():
    text = " ".join(f"Sentence number {i} talks about {WORDS[i % 9]}." for i in range(30))
    for name in ["c99", "u00", "u00_p", "texttiling", "b_n", "b_r"]:
        seg = create(name, max_size=40, size_unit="words")
        assert seg.get_params()["max_size"] == 40
        result = seg.segment_text(text)
        assert all(len(s.split()) <= 40 for s in result.segments), name
        assert "".join(result.segments) == text

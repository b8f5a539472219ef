"""Units over max_size, cut before segmenting (linseg.chunks.split), and the hard bound
they make possible: no segment over max_size, on the segment's own text."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import linseg
from linseg.chunks.bounds import count_words
from linseg.chunks.split import LEVELS, split_notes, split_spans, split_texts, split_units
from linseg.methods import create


def pieces(text, limit, size):
    spans, origin, splits = split_units(text, [(0, len(text))], limit, size)
    return [text[a:b] for a, b in spans], splits


# --- where a unit is cut, worked out by hand ----------------------------------------------
def test_a_unit_within_the_limit_is_kept():
    assert pieces("one two three", 3, count_words) == (["one two three"], [])


def test_clause_punctuation_comes_first():
    # Six clauses of two words; limit 5, so parts of up to 2 (half of 5) words: one
    # clause each, cut after each comma and the space after it.
    text = "a b, c d, e f, g h, i j, k l"
    got, splits = pieces(text, 5, count_words)
    assert got == ["a b, ", "c d, ", "e f, ", "g h, ", "i j, ", "k l"]
    assert splits[0].level == "clause punctuation"
    assert splits[0].cuts == (5, 10, 15, 20, 25)
    assert splits[0].size == 12


def test_line_breaks_then_white_space_then_characters():
    text = "one two three\nfour five six\n"
    got, splits = pieces(text, 4, count_words)
    assert got == ["one two three\n", "four five six\n"] and splits[0].level == "line breaks"
    got, splits = pieces("a b c d e f g h", 4, count_words)
    # Parts of up to two words (half the limit), at white space.
    assert got == ["a b ", "c d ", "e f ", "g h"] and splits[0].level == "white space"
    got, splits = pieces("x" * 25, 10, len)
    assert got == ["x" * 10, "x" * 10, "x" * 5] and splits[0].level == "characters"


def test_a_code_block_is_cut_at_its_lines_not_its_commas():
    block = "```\n" + "f(a, b, c, d)\n" * 6 + "```\n"
    got, splits = pieces(block, 8, count_words)
    assert splits[0].level == "line breaks"
    assert all(p.endswith("\n") for p in got) and "".join(got) == block


def test_an_accent_stays_with_its_letter():
    text = "e\u0301" * 8  # "é" written as e + combining acute
    got, _ = pieces(text, 5, len)
    assert "".join(got) == text
    assert all(p[0] != "\u0301" for p in got)
    assert all(len(p) <= 5 for p in got)


def test_a_tokenizers_count_is_honoured():
    # Two tokens a word, one more for the text: sums of pieces undercount a join.
    def tokens(text):
        return 2 * len(text.split()) + 1

    text = "alpha beta gamma delta epsilon zeta eta theta iota kappa"
    got, _ = pieces(text, 7, tokens)
    assert "".join(got) == text and all(tokens(p) <= 7 for p in got)


def test_split_spans_keeps_what_a_reader_stripped():
    text = "short one\nword word word word word word\n"
    spans = [(0, 10), (10, len(text))]
    units = ["short one", "word word word word word word"]  # lines, stripped
    new, read, splits = split_spans(text, spans, units, 5, count_words)
    assert new == [(0, 10), (10, 20), (20, 30), (30, 40)] and read[0] == "short one"
    assert read[1:] == ["word word", "word word", "word word"]
    assert splits[0].unit == 1


def test_split_texts_and_notes():
    texts, splits, origin = split_texts(["fine", "a b c d e f"], 4, count_words)
    assert texts == ["fine", "a b ", "c d ", "e f"] and origin == [0, 1, 1, 1]
    (note,) = split_notes(splits, 4, "words")
    assert note == (
        "sentence 2 (characters 0-11) has 6 words, over the limit of 4: cut in 2 places "
        "at white space, at characters 4, 8"
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=st.text(st.sampled_from("ab ,.\n\u4e00\u3002x"), min_size=1, max_size=300),
    limit=st.integers(1, 40),
    unit=st.sampled_from(["words", "chars"]),
)
def test_pieces_tile_the_unit_and_fit(text, limit, unit):
    size = count_words if unit == "words" else len
    got, splits = pieces(text, limit, size)
    assert "".join(got) == text
    assert all(size(p) <= limit for p in got)
    assert all(s.level in LEVELS for s in splits)


# --- the hard bound, end to end -----------------------------------------------------------
def filler(n_sentences: int) -> str:
    words = ["licence", "software", "copy", "source", "program", "warranty", "terms"]
    return " ".join(
        f"The {words[i % 7]} covers the {words[(3 * i) % 7]} of every user."
        for i in range(n_sentences)
    )


def test_a_caret_line_read_as_a_fence_cannot_break_the_bound():
    # A compiler's caret line opens a "code fence" that a later tilde rule closes: the
    # licence between is one unit of ~600 words for the sentence splitter.
    text = (
        "The compiler said:\n\n  foo.c:3:5: error: expected expression\n    x = ;\n"
        "  ~~~~~~~^~~~\n\n" + filler(60) + "\n\nThe end.\n~~~~~~~~~~~~\nBye now.\n"
    )
    result = linseg.segment_text(text, max_size=200, size_unit="words")
    assert "".join(result.segments) == text
    assert max(count_words(s) for s in result.segments) <= 200
    # The long unit is cut, and a note says how: as an over-long sentence, or (as text
    # that is mostly such units) as windows of words.
    assert any(
        "over the limit of 200" in n or "windows of 15-25 words" in n for n in result.result.notes
    )


def test_a_long_code_block_and_a_transcript_without_punctuation():
    block = "Some code:\n\n```python\n" + "x = y + z  # add\n" * 400 + "```\n\nDone.\n"
    result = linseg.segment_text(block, max_size=200, size_unit="words")
    assert "".join(result.segments) == block
    assert max(count_words(s) for s in result.segments) <= 200
    # A sentence without punctuation among prose (a transcript makes most of its text such
    # sentences, and is segmented over windows of words instead: tests/text/test_units.py).
    intro = "We met at noon by the old bridge. The sky was clear and the water was high. " * 8
    speech = " ".join(["so we went down to the river and then we"] * 12) + ".\n"  # 120 words
    text = intro + "\n\n" + speech
    result = linseg.segment_text(text, max_size=50, size_unit="words")
    assert "".join(result.segments) == text
    sizes = [count_words(s) for s in result.segments]
    assert max(sizes) <= 50 and sum(sizes) == 136 + 120
    assert result.result.notes == [
        "sentence 17 (characters 610-1,103) has 120 words, over the limit of 50: cut in 4 "
        "places at white space, at characters 711, 815, 916, 1,020"
    ]


def test_max_size_wins_over_min_size_and_says_so():
    text = "a b c d e f g h i j k l m n o p q r s t u v w x y."
    result = linseg.segment_text(text, max_size=6, min_size=5, size_unit="words")
    assert "".join(result.segments) == text
    assert all(count_words(s) <= 6 for s in result.segments)


def test_segment_of_a_list_cuts_long_sentences_too():
    seg = create("c99", max_size=5, size_unit="words")
    result = seg.segment(["a b c d e f g", "h i"])
    assert result.sentences == ["a b ", "c d ", "e f ", "g", "h i"]
    assert all(len(s.split()) <= 5 for s in map(" ".join, result.segments))
    assert "sentence 1" in result.notes[0]
    # In the sentences given, only boundaries between whole sentences remain.
    assert result.input_boundaries == [1] * (4 in result.boundaries)
    assert linseg.create("c99").segment(["a b", "c d"]).input_boundaries == []


@pytest.mark.parametrize("unit", ["words", "chars"])
def test_chinese_segments_respect_both_bounds(unit):
    # Sentences of Chinese without spaces: every character is a word, so sizes add up
    # across a join and the lower bound holds too (summed per sentence, a word that
    # spans two sentences counted twice, segments came out under min_size).
    topics = ["蜜蜂采集花蜜并酿造蜂蜜。", "火车在铁轨上快速行驶。", "面包师傅揉面团烤面包。"]
    text = "".join(topics[i // 8] for i in range(24))
    result = linseg.segment_text(text, max_size=40, min_size=20, size_unit=unit)
    size = count_words if unit == "words" else len
    sizes = [size(s) for s in result.segments]
    assert "".join(result.segments) == text
    assert all(20 <= s <= 40 for s in sizes), sizes


def test_callable_sizes_are_measured_on_each_segment():
    # A count that does not add up: one more than the words of the text.
    def tokens(text):
        return len(text.split()) + 1

    text = " ".join(f"Sentence {i} is about topic {i % 4}." for i in range(40))
    result = linseg.segment_text(text, max_size=25, size_unit=tokens)
    assert "".join(result.segments) == text
    assert all(tokens(s) <= 25 for s in result.segments)

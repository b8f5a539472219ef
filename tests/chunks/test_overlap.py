"""Overlapping chunks (linseg.chunks.overlap), heading paths (linseg.chunks.headings) and
segment_text(..., overlap=N)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import linseg
from linseg.chunks.bounds import count_words, size_function
from linseg.chunks.headings import heading_paths, heading_title
from linseg.chunks.overlap import overlapping_chunks
from linseg.text.processor import split_sentences

TEXT = "One two three. Four five. Six seven eight nine. Ten. Eleven twelve."
# Sentences (each with the space after it): 3, 2, 4, 1 and 2 words.
SPANS = [(0, 15), (15, 26), (26, 48), (48, 53), (53, 67)]


def test_spans_are_the_sentences():
    assert [TEXT[a:b] for a, b in SPANS] == [
        "One two three. ",
        "Four five. ",
        "Six seven eight nine. ",
        "Ten. ",
        "Eleven twelve.",
    ]


def test_overlap_snaps_to_whole_sentences_of_at_most_n():
    # Segments [0, 2) [2, 4) [4, 5); overlap 3 words: chunk 1 takes "Four five." (2
    # words; with "One two three." it would be 5), chunk 2 takes "Ten." only (1 word;
    # "Six seven eight nine. Ten." is 5).
    chunks = overlapping_chunks(TEXT, SPANS, [2, 4], 3, count_words)
    assert [(c.start, c.end, c.segment, c.overlap) for c in chunks] == [
        (0, 26, 0, 0),
        (15, 53, 1, 11),
        (48, 67, 2, 5),
    ]
    assert chunks[1].text == "Four five. Six seven eight nine. Ten. "
    assert all(TEXT[c.start : c.end] == c.text for c in chunks)


def test_no_overlap_where_the_sentence_before_is_larger():
    chunks = overlapping_chunks(TEXT, SPANS, [3], 3, count_words)
    assert chunks[1].start == SPANS[3][0]  # "Six seven eight nine." is 4 words > 3


def test_max_size_includes_the_overlap():
    # A chunk measured on its own text never passes max_size: fewer sentences of
    # overlap where the segment leaves less room.
    # Segments of 5, 4 and 3 words, overlap up to 4, max_size 6: chunk 1 takes "Four
    # five." (2 words, 6 in all); chunk 2 would take "Six seven eight nine." (4 words, 7
    # in all): too many, so it takes none.
    chunks = overlapping_chunks(TEXT, SPANS, [2, 3], 4, count_words, max_size=6)
    assert [count_words(c.text) for c in chunks] == [5, 6, 3]
    assert [c.overlap for c in chunks] == [0, 11, 0]


def test_overlap_in_sentences_counts_units():
    chunks = overlapping_chunks(TEXT, SPANS, [2, 4], 1, size_function("sentences"))
    assert [c.start for c in chunks] == [0, 15, 48]


def test_segment_text_adds_chunks_and_keeps_segments():
    text = open("examples/three-topics.txt").read()
    result = linseg.segment_text(text, max_size=400, size_unit="chars", overlap=150)
    assert "".join(result.segments) == text  # segments are unchanged views of the text
    assert result.chunks is not None and len(result.chunks) == len(result.segments)
    for chunk, segment in zip(result.chunks, result.segments):
        assert len(chunk.text) <= 400
        assert chunk.text.endswith(segment) and chunk.overlap <= 150
        assert text[chunk.start : chunk.end] == chunk.text
        assert chunk.keywords
    assert any(c.overlap for c in result.chunks)  # neighbours do overlap
    assert linseg.segment_text(text).chunks is None
    with pytest.raises(ValueError, match="smaller than max_size"):
        linseg.segment_text(text, max_size=100, size_unit="chars", overlap=100)


def test_heading_paths():
    text = (
        "# Guide\n\nIntro text.\n\n## Install\n\nRun pip. More.\n\n"
        "### On Windows\n\nUse py.\n\n## Use\n\nCall it.\n"
    )
    units = [text[a:b] for a, b in split_sentences(text)]
    assert units == [
        "# Guide\n\nIntro text.\n\n",
        "## Install\n\nRun pip. ",
        "More.\n\n",
        "### On Windows\n\nUse py.\n\n",
        "## Use\n\nCall it.\n",
    ]
    assert heading_paths(units, [0, 1, 2, 3, 4]) == [
        ["Guide"],
        ["Guide", "Install"],
        ["Guide", "Install"],
        ["Guide", "Install", "On Windows"],
        ["Guide", "Use"],
    ]
    assert heading_paths(["Just text. ", "More text."], [0, 1]) == [[], []]
    assert heading_title("Title\n=====\n\nBody") == "Title"
    assert heading_title("## Part ##\n") == "Part"


def test_chunks_carry_their_heading_path():
    text = (
        "# Bees\n\nBees make honey in hives. Hives hold wax combs.\n\n"
        "## Dance\n\nA bee dances to show where flowers are. The dance points the way.\n\n"
        "# Trains\n\nTrains run on rails. Rails are made of steel.\n"
    )
    result = linseg.segment_text(text, max_size=12, size_unit="words", overlap=0)
    paths = {tuple(c.headings) for c in result.chunks}
    assert ("Bees", "Dance") in paths and ("Trains",) in paths


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sizes=st.lists(st.integers(1, 6), min_size=1, max_size=25),
    overlap=st.integers(0, 8),
    extra=st.integers(1, 10),
    data=st.data(),
)
def test_chunks_fit_and_end_with_their_segment(sizes, overlap, extra, data):
    text = "".join(" ".join(["w"] * k) + ". " for k in sizes)
    spans, pos = [], 0
    for k in sizes:
        n = len(" ".join(["w"] * k) + ". ")
        spans.append((pos, pos + n))
        pos += n
    max_size = max(sizes) + overlap + extra
    boundaries = sorted(
        data.draw(st.sets(st.integers(1, len(sizes) - 1))) if len(sizes) > 1 else []
    )
    chunks = overlapping_chunks(text, spans, boundaries, overlap, count_words, max_size)
    edges = [0, *boundaries, len(sizes)]
    for c, a, b in zip(chunks, edges, edges[1:]):
        segment = text[spans[a][0] : spans[b - 1][1]]
        assert c.text.endswith(segment) and c.end == spans[b - 1][1]
        assert count_words(text[c.start : spans[a][0]]) <= overlap
        if count_words(segment) + overlap <= max_size:
            assert count_words(c.text) <= max_size

"""Segmenting a stream (linseg.stream.segment_stream): the text comes back whole, offsets
are exact, windows decide the segments, and how the text is cut into pieces does not
matter."""

from __future__ import annotations

import pytest

import linseg
from linseg.stream import segment_stream

TOPICS = [
    "Bees collect nectar from flowers and bring it to the hive.",
    "The hive stores honey in wax cells that the workers build.",
    "Trains carry passengers between cities on steel rails.",
    "The railway station fills with travellers every morning.",
    "Bakers knead dough and leave it to rise before baking bread.",
    "A hot oven gives the loaf its brown and crisp crust.",
]


def text_of(n_sections: int, per: int = 6) -> str:
    out = []
    for k in range(n_sections):
        a, b = TOPICS[2 * (k % 3)], TOPICS[2 * (k % 3) + 1]
        out.append(" ".join([a, b] * (per // 2)) + "\n\n")
    return "".join(out)


def test_segments_join_to_the_text_and_offsets_are_exact():
    text = text_of(12)
    segs = list(segment_stream([text[i : i + 100] for i in range(0, len(text), 100)], window=20))
    assert "".join(s.text for s in segs) == text
    assert [s.index for s in segs] == list(range(len(segs)))
    assert all(text[s.start : s.end] == s.text for s in segs)
    assert all(a.end == b.start for a, b in zip(segs, segs[1:]))
    assert len(segs) > 3 and all(s.keywords for s in segs)


def test_the_pieces_do_not_matter():
    text = text_of(10)
    whole = [(s.start, s.end) for s in segment_stream([text], window=16)]
    by_char = [(s.start, s.end) for s in segment_stream(iter(text), window=16)]
    assert whole == by_char


def test_a_short_text_is_segmented_as_in_memory():
    # Within one window, the stream's run is the in-memory run.
    text = text_of(4)
    in_memory = linseg.segment_text(text).char_boundaries
    assert [s.start for s in segment_stream([text])][1:] == in_memory


def test_a_window_without_a_boundary_grows_then_gets_one():
    text = "The same sentence again and again. " * 200
    segs = list(segment_stream([text], method="b_n", window=8))
    assert "".join(s.text for s in segs) == text
    assert any("no boundary in a window" in n for s in segs for n in s.notes)


def test_lines_bounds_and_refusals():
    lines = "".join(f"line {i} about {TOPICS[i % 6].lower()}\n" for i in range(60))
    segs = list(segment_stream([lines], format="lines", window=10, max_size=30, size_unit="words"))
    assert "".join(s.text for s in segs) == lines
    assert all(len(s.text.split()) <= 30 for s in segs)
    with pytest.raises(ValueError, match="text or lines"):
        list(segment_stream(["x"], format="html"))
    with pytest.raises(TypeError, match="str"):
        list(segment_stream([b"bytes"]))  # type: ignore[list-item]
    assert list(segment_stream([])) == []


def test_a_window_in_another_language_takes_that_language_s_keywords():
    # The window's language is detected once and read by its keywords too: German
    # stopwords ("die", "der", "und") are never keywords, as in memory.
    text = (
        "Die Bienen sammeln den Nektar der Blumen und tragen ihn in den Stock. "
        "Im Stock lagern die Bienen den Honig in Waben aus Wachs.\n\n"
        "Die Eisenbahn bringt die Reisenden auf Schienen von Stadt zu Stadt. "
        "Am Morgen ist der Bahnhof voller Reisender und Züge.\n\n"
    ) * 2
    streamed = [s.keywords for s in segment_stream([text])]
    named = [s.keywords for s in segment_stream([text], language="de")]
    assert streamed == named
    words = {w.lower() for k in streamed for w in k}
    assert words and not {"die", "der", "und", "den", "in"} & words

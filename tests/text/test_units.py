"""linseg.text.units: units for text without sentences, and tables of contents."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg.text.outline import contents_sentences, heading_starts
from linseg.text.sentences import split_sentences
from linseg.text.units import (
    LONG_SENTENCE_WORDS,
    WINDOW_WORDS,
    pause_scores,
    prose_units,
    text_units,
    window_starts,
)

# A transcript as a speech recogniser writes it: no punctuation, one line.
TALK = (
    "so today we are going to talk about bees and how they make honey the bees collect "
    "nectar from flowers and bring it back to the hive where they store it in the comb "
) * 6 + (
    "now let us turn to trains the first railway carried coal from the mines to the port "
    "and the engines burned that coal to pull the wagons along iron rails "
) * 6


def test_pause_scores_by_hand() -> None:
    # "honey" | "the" (content then function word): +1; "the" | "bees": -1 (after a
    # function word); "flowers," | "and": +2 for the comma, +1 for the function word.
    words = ["make", "honey", "the", "bees", "flowers,", "and", "then"]
    assert pause_scores(words) == [0, 0, 1, -1, 0, 3, -1]


def test_windows_hold_15_to_25_words_and_cut_at_pauses() -> None:
    words = TALK.split()
    cuts = window_starts(words)
    low, _, high = WINDOW_WORDS
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, len(words)])]
    assert all(low <= s <= high for s in sizes), sizes
    scores = pause_scores(words)
    # Each cut is at a pause at least as likely as any other in its window's range.
    for a, b in zip([0, *cuts], cuts):
        assert scores[b] == max(scores[a + low : min(a + high, len(words) - low) + 1])
    assert window_starts(words[:25]) == []


def test_a_transcript_without_punctuation_is_cut_into_windows() -> None:
    spans = split_sentences(TALK)
    assert len(spans) == 1  # one "sentence" of 372 words
    units, note = text_units(TALK, spans)
    assert "".join(TALK[a:b] for a, b in units) == TALK
    assert 15 <= len(units) <= 25
    assert note is not None and "windows of 15-25 words" in note and "100% of the text" in note


def test_short_lines_are_the_units_where_the_text_has_them() -> None:
    lines = "\n".join(" ".join(TALK.split()[i : i + 8]) for i in range(0, 368, 8)) + "\n"
    units, note = text_units(lines, split_sentences(lines))
    assert [lines[a:b] for a, b in units] == lines.splitlines(keepends=True)
    assert note is not None and "segmented over its lines" in note


def test_prose_is_left_alone() -> None:
    prose = "Bees make honey. They store it in the comb. " * 40
    spans = split_sentences(prose)
    assert text_units(prose, spans) == (spans, None)
    # One long sentence among many short ones: most of the text is in sentences.
    long = " ".join(["word"] * (LONG_SENTENCE_WORDS + 5)) + ". "
    mixed = prose + long + prose
    spans = split_sentences(mixed)
    assert text_units(mixed, spans) == (spans, None)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(["the", "bees", "make", "honey,", "and", "we", "go", "\n"]), max_size=400
    )
)
def test_units_tile_the_text(words: list[str]) -> None:
    text = " ".join(words)
    units, _ = text_units(text, split_sentences(text))
    assert "".join(text[a:b] for a, b in units) == text


BOOK = """The Bee Book

Contents

1. Bees and their hives
2. Honey and how it is made
3. Trains that carry honey
4. Selling honey at market
5. Winter in the apiary

Chapter 1. Bees and their hives

Bees live in hives. A hive holds one queen and many workers.

Chapter 2. Honey and how it is made

Honey is made from nectar. The bees fan it until it thickens.

Chapter 3. Trains that carry honey

Trains carry the jars. The railway runs to the city.

Chapter 4. Selling honey at market

The market opens at dawn. Buyers taste the honey first.

Chapter 5. Winter in the apiary

In winter the bees cluster. They eat the honey they stored.
"""


def test_a_table_of_contents_that_lists_the_titles() -> None:
    spans = split_sentences(BOOK)
    sentences = [BOOK[a:b] for a, b in spans]
    contents = contents_sentences(sentences)
    assert [sentences[i].split("\n")[0] for i in contents] == [
        "1. Bees and their hives",
        "2. Honey and how it is made",
        "3. Trains that carry honey",
        "4. Selling honey at market",
        "5. Winter in the apiary",
    ]
    # A numbered list whose items do not come back as titles is no table of contents.
    listed = BOOK.replace("Chapter 3. Trains", "Chapter 3. Lorries").split("Chapter 1.")[0]
    assert contents_sentences([listed[a:b] for a, b in split_sentences(listed)]) == []


def test_a_table_of_contents_after_numbered_lists_that_do_not_come_back() -> None:
    # Where each title comes back is read once for all the text's numbered lists: a list
    # before the contents is passed over, and the contents are still found.
    steps = "Steps\n\n1. Open\n2. Pour\n3. Stir\n4. Wait\n5. Taste\n\nThat is all.\n\n"
    text = steps + BOOK
    sentences = [text[a:b] for a, b in split_sentences(text)]
    assert [sentences[i].split("\n")[0] for i in contents_sentences(sentences)] == [
        "1. Bees and their hives",
        "2. Honey and how it is made",
        "3. Trains that carry honey",
        "4. Selling honey at market",
        "5. Winter in the apiary",
    ]
    # Entries must come back after the list: contents set after the chapters they list
    # are no table of contents.
    head, chapters = BOOK.split("Chapter 1.", 1)
    text = "Chapter 1." + chapters + "\n" + head
    sentences = [text[a:b] for a, b in split_sentences(text)]
    assert contents_sentences(sentences) == []


def test_prose_units_leave_the_table_of_contents_out_of_the_similarity() -> None:
    text = BOOK * 4  # long enough to have one worth leaving out
    units, sentences, notes = prose_units(text, split_sentences(text))
    assert [text[a:b] for a, b in units] != sentences
    assert sum(not s.strip() for s in sentences) == 5
    assert notes == [
        "a table of contents (5 sentences) lists the text's own titles: it is left out of "
        "what the segments are compared by"
    ]


def test_a_rule_over_footnotes_opens_no_section() -> None:
    text = (
        "# Bees\n\nBees make honey.\n\n-----\n\n^[1] A footnote on bees.\n\n"
        "# Trains\n\nTrains run on rails.\n\n-----\n\nA new topic after a plain rule.\n"
    )
    sentences = [text[a:b] for a, b in split_sentences(text)]
    opened = [sentences[i].split("\n")[0] for i in heading_starts(sentences)]
    assert opened == ["# Bees", "# Trains", "-----"]


@pytest.mark.parametrize("language", ["en", "de", "zh"])
def test_pauses_in_any_language(language: str) -> None:
    assert len(pause_scores(["a", "b"], language)) == 2


def test_text_without_sentence_marks_is_raw_not_tokens() -> None:
    # segment_file read Chinese as tokens (split on spaces) while the command line read it
    # as prose: no sentence ended in an ASCII mark, and 0 >= 0 said "tokenised".
    from linseg.text.processor import looks_tokenized

    assert not looks_tokenized(["蜜蜂采集花蜜。", "火车很快。"])
    assert not looks_tokenized(["no marks here", "nor here"])
    assert looks_tokenized(["Bees make honey .", "Trains run ."])
    assert not looks_tokenized(["Bees make honey.", "Trains run."])

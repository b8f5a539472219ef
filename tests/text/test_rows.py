"""Rows of a document's words (linseg.text.rows.WordRows): a text processor reads them as it
would read their strings, without the strings."""

from __future__ import annotations

import pickle

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg.compose.rows import TokenSequences
from linseg.text.processor import TextProcessor
from linseg.text.rows import WordRows

SENTENCES = [
    "The bees of İstanbul make honey , and the hive holds it .",
    "Well-known ships sail ; sailors steer the ships .",
    "Honey-bees dance !",
]


def test_rows_are_their_words_joined():
    split = TokenSequences(4)(SENTENCES, True)
    rows = split.texts
    assert isinstance(rows, WordRows)
    # Every word counts towards w (stopwords too), punctuation does not; words are
    # lower-cased, as the reader keeps them.
    assert list(rows) == [
        "the bees of i̇stanbul",
        "make honey and the",
        "hive holds it well-known",
        "ships sail sailors steer",
        "the ships honey-bees dance",
    ]
    assert len(rows) == 5 and rows[-1] == "the ships honey-bees dance"
    assert isinstance(rows[1:3], WordRows) and list(rows[1:3]) == list(rows)[1:3]
    assert list(rows[::2]) == list(rows)[::2]
    assert list(rows[4:2]) == []
    assert split.products["gap_words"].tolist() == [4, 8, 12, 16]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.lists(
            st.sampled_from(["bees", "Bees", "honey", "the", "of", ",", ".", "well-known", "İs"]),
            max_size=9,
        ),
        max_size=8,
    ),
    st.integers(1, 6),
)
def test_a_processor_reads_rows_as_their_strings(words, w):
    sentences = [" ".join(s) for s in words]
    rows = TokenSequences(w)(sentences, True).texts
    fast, slow = TextProcessor(), TextProcessor()
    ids, offsets = fast.ids(rows)
    strings = list(rows)
    assert len(offsets) == len(strings) + 1
    # The same stems, row by row, as reading the strings (ids are each processor's own).
    for r, text in enumerate(strings):
        got = [fast.vocabulary[i] for i in ids[offsets[r] : offsets[r + 1]] if i >= 0]
        assert got == slow.stems([text], True)[0]
    assert np.array_equal(fast.counts(rows)[0], slow.counts(strings, True)[0])


def test_a_processor_that_read_rows_pickles_and_reads_them_again():
    rows = TokenSequences(3)(SENTENCES, True).texts
    reader = TextProcessor()
    before = reader.ids(rows)
    copy = pickle.loads(pickle.dumps(reader))
    again = copy.ids(TokenSequences(3)(SENTENCES, True).texts)
    assert [copy.vocabulary[i] for i in again[0] if i >= 0] == [
        reader.vocabulary[i] for i in before[0] if i >= 0
    ]

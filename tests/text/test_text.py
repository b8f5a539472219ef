"""Text processing: the word test, stopwords, stemming, counts, sentence splitting."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg import kernels
from linseg.text.processor import (
    TextProcessor,
    default_stopwords,
    is_word,
    load_stopwords,
    looks_tokenized,
    share_processors,
    split_sentences,
    table_stemmer,
    tokenize_raw,
)


def test_word_test_follows_the_author():
    assert is_word("Economy")
    assert is_word("grade-constructed")
    assert is_word("-")  # all hyphens is a word (the author's stemmer maps it to "")
    assert not is_word("1959")
    assert not is_word("'s")
    assert not is_word("Mr.")
    assert not is_word("")
    assert is_word("Müller")


def test_default_stopwords_are_the_glasgow_list_plus_three():
    sw = default_stopwords()
    assert {"the", "of", "and", "yes", "no", "said", "amoungst", "thereupon"} <= sw
    assert "economy" not in sw
    assert len(sw) == 323


def test_load_stopwords_file(tmp_path):
    f = tmp_path / "sw.txt"
    f.write_text("# comment\nFoo\n\nbar  # trailing\n", encoding="utf-8")
    assert load_stopwords(f) == frozenset({"foo", "bar"})


def test_stems_and_counts_hand_checked():
    tp = TextProcessor()
    sents = ["The cats are running .", "A cat runs , cats run !", "1959 -- the of"]
    assert tp.stems(sents, tokenized=True) == [["cat", "run"], ["cat", "run", "cat", "run"], ["--"]]
    counts, vocab = tp.counts(sents, tokenized=True)
    assert vocab == ["cat", "run", "--"]
    assert counts.tolist() == [[1, 1, 0], [2, 2, 0], [0, 0, 1]]


def test_ids_fast_path_equals_python_path():
    sents = ["Stone river market .", "river  river\tstone", "", "naïve café market"]
    fast, slow = TextProcessor(), TextProcessor()
    ids_a, off_a = fast.ids(sents[:3], tokenized=True)  # ASCII: compiled path
    ids_b, off_b = slow.ids(sents[:3] + ["\u00e9"], tokenized=True)  # non-ASCII: Python path
    stems_a = [fast.vocabulary[i] if i >= 0 else None for i in ids_a]
    stems_b = [slow.vocabulary[i] if i >= 0 else None for i in ids_b]
    assert stems_a == stems_b[: len(stems_a)]
    assert off_a.tolist() == off_b.tolist()[:-1] == [0, 4, 7, 7]


def test_custom_stemmer_and_table(tmp_path):
    tab = tmp_path / "stems.tsv"
    tab.write_text("abstraction\tabstrac\n-\t\n", encoding="utf-8")
    stem = table_stemmer(tab)
    assert stem("abstraction") == "abstrac"
    assert stem("-") == ""
    assert stem("running") == "run"  # falls back to Porter
    tp = TextProcessor(stopwords=[], stemmer=str.upper)
    assert tp.stems(["big dog"], tokenized=True) == [["BIG", "DOG"]]


def test_raw_tokenizer_and_detection():
    assert tokenize_raw("Well-known cats, e.g. Tom's.") == [
        "Well-known",
        "cats",
        ",",
        "e",
        ".",
        "g",
        ".",
        "Tom's",
        ".",
    ]
    assert looks_tokenized(["The cat sat .", "It ran !"])
    assert not looks_tokenized(["The cat sat.", "It ran!"])


def test_split_sentences_tiles_text():
    text = "  Dr. Smith went home. He slept!\n\nThen he woke up?  Yes.\n"
    spans = split_sentences(text)
    assert "".join(text[a:b] for a, b in spans) == text
    assert len(spans) >= 3
    assert split_sentences("") == []


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab .!?\n\t\r\u00a0é,'\"-")), max_size=200))
def test_split_sentences_never_loses_text(text):
    spans = split_sentences(text)
    assert "".join(text[a:b] for a, b in spans) == text
    assert all(a < b for a, b in spans)
    assert all(s[1] == t[0] for s, t in zip(spans, spans[1:]))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.text(alphabet=st.sampled_from(list("abc -.'\u00e9\x1c\t")), max_size=30), max_size=8
    )
)
def test_ids_agree_with_stems(sentences):
    sentences = [s.replace("\n", " ") for s in sentences]
    tp = TextProcessor(stopwords=["a"])
    ids, offsets = tp.ids(sentences, tokenized=True)
    got = [
        [tp.vocabulary[i] for i in ids[offsets[k] : offsets[k + 1]] if i >= 0]
        for k in range(len(sentences))
    ]
    assert got == TextProcessor(stopwords=["a"]).stems(sentences, tokenized=True)
    assert np.all(np.diff(offsets) >= 0)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.text(
            st.sampled_from(list("aZé9٣²Ⅳ中'’-—_ .,\t\n\u00a0")) | st.characters(), max_size=30
        ),
        max_size=8,
    ),
    st.lists(st.text(st.sampled_from(list("ab-' .")), max_size=12), max_size=4),
)
def test_raw_english_is_read_in_compiled_code_as_its_tokens_say(sentences, before):
    # The kernel that runs, compiled or pure (linseg.kernels).
    _text = kernels.load("linseg.text._text")
    UNKNOWN_ID, lookup_raw_words = _text.UNKNOWN_ID, _text.lookup_raw_words
    from linseg.text.words import raw_word_tokens

    # The compiled reader finds raw_word_tokens' tokens ...
    ids, offsets, hashes, which, starts, ends = lookup_raw_words(
        sentences, np.zeros(8, dtype=np.uint64), np.full(8, UNKNOWN_ID, dtype=np.int64)
    )
    for k, s in enumerate(sentences):
        found = [
            s[a:b]
            for a, b in zip(starts[offsets[k] : offsets[k + 1]], ends[offsets[k] : offsets[k + 1]])
        ]
        assert found == raw_word_tokens(s) and set(which[offsets[k] : offsets[k + 1]]) <= {k}
    # ... and gives each the id a processor reading token by token gives it, with the
    # vocabulary in the order met, also after earlier documents.
    fast, slow = TextProcessor(), TextProcessor()
    slow._raw_tokens = lambda s: raw_word_tokens(s)  # not the compiled path
    for doc in (before, sentences):
        ids_a, off_a = fast.ids(doc, tokenized=False)
        ids_b, off_b = slow.ids(doc, tokenized=False)
        assert ids_a.tolist() == ids_b.tolist() and off_a.tolist() == off_b.tolist()
    assert fast.vocabulary == slow.vocabulary


def test_a_document_block_reads_the_words_once():
    tp = TextProcessor()
    sentences = ["bees make honey", "bees guard hives"]
    calls = []
    read = tp._read_ids
    tp._read_ids = lambda s, t: calls.append(1) or read(s, t)  # type: ignore[method-assign]
    with tp.document(sentences, True):
        first = tp.ids(sentences, True)
        assert tp.ids(sentences, True) is first  # kept for the block
        with tp.document(sentences, True):  # a part's own block on the same document
            assert tp.ids(sentences, True) is first
        assert tp.remember(sentences, True, "n", lambda: len(calls)) == 1
        assert tp.remember(sentences, True, "n", lambda: -1) == 1
        # Another list, even equal, or another tokenisation is read anew.
        tp.ids(list(sentences), True)
        tp.ids(sentences, False)
        assert len(calls) == 3
    assert tp.ids(sentences, True) is not first  # dropped when the block ends
    assert len(calls) == 4
    assert tp.remember(sentences, True, "n", lambda: -1) == -1
    np.testing.assert_array_equal(tp.ids(sentences, True)[0], first[0])


def test_reads_like_compares_what_turns_text_into_stems():
    from linseg.text.stemmers import SnowballStemmer

    plain = TextProcessor()
    assert plain.reads_like(TextProcessor())  # two wrappers of one Porter stemmer
    assert SnowballStemmer("porter") == SnowballStemmer("porter")
    assert SnowballStemmer("porter") != SnowballStemmer("english")
    for other in (
        TextProcessor(stopwords=["bees"]),
        TextProcessor(stemmer=SnowballStemmer("english")),
        TextProcessor(hyphens=False),
        TextProcessor(language="fr"),
    ):
        assert not plain.reads_like(other) and not other.reads_like(plain)


def test_share_processors_hands_alike_pieces_one_processor():
    class Piece:
        def __init__(self, text: TextProcessor) -> None:
            self._text = text

    first, second, french = (
        Piece(TextProcessor()),
        Piece(TextProcessor()),
        Piece(TextProcessor(language="fr")),
    )
    kept = first._text
    assert share_processors([first, object(), second, french, None]) == [kept, french._text]
    assert second._text is kept and french._text is not kept


def test_processors_that_read_alike_share_their_stems_and_no_one_else(monkeypatch):
    import linseg.text.processor as text_module

    # A fresh segmenter for each document judges no word twice: processors with the same
    # Snowball stemmer, stop list and word rule share one memo of verdicts.
    plain = TextProcessor()
    assert plain.stems(["Bees buzzed loudly."]) == [["bee", "buzz", "loudli"]]
    assert TextProcessor()._stem_of_token is plain._stem_of_token
    assert plain._stem_of_token["buzzed"] == "buzz"
    for other in (
        TextProcessor(stopwords=["bees"]),
        TextProcessor(hyphens=False),
        TextProcessor(stemmer=lambda w: w),  # nothing says two callables stem alike
    ):
        assert other._stem_of_token is not plain._stem_of_token
    # However many ways of reading come and go, the memos kept stay bounded.
    for k in range(2 * text_module._VERDICT_MEMOS):
        TextProcessor(stopwords=[f"word{k}"])
    assert len(text_module._VERDICTS) <= text_module._VERDICT_MEMOS
    assert TextProcessor()._stem_of_token is TextProcessor()._stem_of_token
    assert TextProcessor(stemmer=lambda w: w).stems(["Bees buzzed."]) == [["bees", "buzzed"]]
    assert TextProcessor(stopwords=["bees"]).stems(["Bees buzzed."]) == [["buzz"]]
    # A processor sent to a worker does not carry the memo along; it finds its process's.
    import pickle

    fresh = TextProcessor()
    fresh.stems(["Quokkas hop."])  # now in the process's memo
    sent = pickle.dumps(TextProcessor())
    assert b"Quokkas" not in sent and b"quokka" not in sent
    assert pickle.loads(sent)._stem_of_token is fresh._stem_of_token
    assert pickle.loads(pickle.dumps(fresh)).stems(["Quokkas hop."]) == [["quokka", "hop"]]
    # A memo at its bound starts afresh, and what it says stays right.
    monkeypatch.setattr(text_module, "_VERDICT_LIMIT", 2)
    plain._stem_of_token.clear()
    assert plain.stems(["Bees buzzed loudly over hives."]) == [["bee", "buzz", "loudli", "hive"]]
    assert len(plain._stem_of_token) <= 2

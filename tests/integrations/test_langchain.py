"""linseg.integrations.langchain.TopicSplitter against the real langchain-text-splitters package."""

from __future__ import annotations

import pytest

pytest.importorskip("langchain_text_splitters", reason="needs linseg[langchain]")

from langchain_core.documents import Document
from langchain_text_splitters import TextSplitter

from linseg.integrations.langchain import TopicSplitter
from support import THREE_TOPICS

BEES = (
    "Bees collect nectar from flowers. The nectar becomes honey in the hive. "
    "Worker bees fan the honey with their wings. A hive holds thousands of bees. "
)
SHIPS = (
    "The ship left the harbour at dawn. Sailors raised the sails against the wind. "
    "The captain steered the ship past the rocks. The harbour lights faded behind the ship. "
)
TEXT = BEES * 2 + SHIPS * 2


def test_is_a_langchain_text_splitter():
    splitter = TopicSplitter()
    assert isinstance(splitter, TextSplitter)
    chunks = splitter.split_text(TEXT)
    assert "".join(chunks) == TEXT
    assert len(chunks) >= 2
    # The topic change is a chunk boundary.
    assert any(c.startswith("The ship left") for c in chunks)


def test_chunk_size_holds_in_characters_and_in_a_custom_length():
    chunks = TopicSplitter(chunk_size=120).split_text(TEXT)
    assert "".join(chunks) == TEXT
    assert all(len(c) <= 120 for c in chunks)
    words = TopicSplitter(chunk_size=15, length_function=lambda t: len(t.split()))
    chunks = words.split_text(TEXT)
    assert "".join(chunks) == TEXT
    assert all(len(c.split()) <= 15 for c in chunks)


def test_create_documents_carries_metadata():
    splitter = TopicSplitter(n_keywords=3)
    docs = splitter.create_documents([TEXT, SHIPS], metadatas=[{"source": "a"}, {"source": "b"}])
    first = [d for d in docs if d.metadata["source"] == "a"]
    assert [d.metadata["segment"] for d in first] == list(range(len(first)))
    for d in first:
        assert TEXT[d.metadata["start_index"] :].startswith(d.page_content)
        assert 0 < len(d.metadata["keywords"]) <= 3
    assert "".join(d.page_content for d in first) == TEXT
    words = {w.lower() for d in first for w in d.metadata["keywords"]}
    assert {"bees", "ship"} & words


def test_split_documents():
    docs = TopicSplitter().split_documents([Document(page_content=TEXT, metadata={"id": 7})])
    assert all(d.metadata["id"] == 7 for d in docs)
    assert "".join(d.page_content for d in docs) == TEXT


def test_chunk_overlap_as_in_langchain():
    text = THREE_TOPICS
    splitter = TopicSplitter(chunk_size=1000, chunk_overlap=200)
    chunks = splitter.split_text(text)
    assert all(len(c) <= 1000 for c in chunks)
    found = splitter.chunks(text)
    # Neighbours overlap: each chunk after the first starts inside the one before.
    assert any(b.start < a.end for a, b in zip(found, found[1:]))
    for a, b in zip(found, found[1:]):
        assert b.start >= a.start and a.end - b.start <= 200 + len(a.text)
        assert b.overlap <= 200
    docs = splitter.create_documents([text])
    assert [d.metadata["start_index"] for d in docs] == [c.start for c in found]
    assert all(text[d.metadata["start_index"] :].startswith(d.page_content) for d in docs)


def test_textsplitter_arguments_are_accepted():
    splitter = TopicSplitter(
        chunk_size=300,
        chunk_overlap=0,
        length_function=len,
        add_start_index=False,
        strip_whitespace=True,
        keep_separator=True,
    )
    chunks = splitter.split_text(TEXT)
    assert all(c == c.strip() and c for c in chunks)
    assert all("start_index" not in d.metadata for d in splitter.create_documents([TEXT]))
    with pytest.raises(ValueError, match="smaller than chunk_size"):
        TopicSplitter(chunk_size=100, chunk_overlap=100)


def test_no_chunk_of_white_space():
    assert TopicSplitter(chunk_size=1000, chunk_overlap=200).split_text("   \n\n ") == []
    assert TopicSplitter().split_text("") == []
    assert TopicSplitter().create_documents(["  \n "]) == []

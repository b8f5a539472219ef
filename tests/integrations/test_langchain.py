"""linseg.integrations.langchain.TopicSplitter against the real langchain-text-splitters package."""

from __future__ import annotations

import pytest

pytest.importorskip("langchain_text_splitters", reason="needs linseg[langchain]")

from langchain_core.documents import Document
from langchain_text_splitters import TextSplitter

from linseg.integrations.langchain import TopicSplitter

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

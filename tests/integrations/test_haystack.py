"""linseg.integrations.haystack.TopicDocumentSplitter against the real haystack-ai, offline
(telemetry off)."""

from __future__ import annotations

import os

import pytest

os.environ["HAYSTACK_TELEMETRY_ENABLED"] = "False"
pytest.importorskip("haystack", reason="needs linseg[haystack]")

from haystack import Document, Pipeline

from linseg.integrations.haystack import TopicDocumentSplitter
from support import THREE_TOPICS as TEXT


def test_run_returns_documents(offline):
    splitter = TopicDocumentSplitter(chunk_size=1000, chunk_overlap=200)
    source = Document(content=TEXT, meta={"source": "three-topics"})
    out = splitter.run(documents=[source])
    docs = out["documents"]
    assert set(out) == {"documents"} and len(docs) >= 2
    for i, doc in enumerate(docs):
        assert len(doc.content) <= 1000
        assert doc.meta["source"] == "three-topics" and doc.meta["source_id"] == source.id
        assert doc.meta["split_id"] == i and doc.meta["segment"] == i
        assert TEXT[doc.meta["start"] : doc.meta["end"]] == doc.content
        assert doc.meta["split_idx_start"] == doc.meta["start"]
        assert doc.meta["keywords"] and doc.meta["headings"] == []
    assert any(b.meta["start"] < a.meta["end"] for a, b in zip(docs, docs[1:]))


def test_in_a_pipeline_and_serialised(offline):
    pipeline = Pipeline()
    pipeline.add_component("split", TopicDocumentSplitter(size_unit="words", chunk_size=60))
    docs = pipeline.run({"split": {"documents": [Document(content=TEXT)]}})["split"]["documents"]
    assert "".join(d.content for d in docs) == TEXT
    assert all(len(d.content.split()) <= 60 for d in docs)
    try:  # recent Haystack loads classes only from modules it is told to trust
        again = Pipeline.loads(pipeline.dumps(), allowed_modules=["linseg.integrations.haystack"])
    except TypeError:
        again = Pipeline.loads(pipeline.dumps())
    assert again.get_component("split").chunk_size == 60


def test_refusals_and_empty_text(offline):
    splitter = TopicDocumentSplitter()
    assert splitter.run(documents=[Document(content="  \n")])["documents"] == []
    with pytest.raises(ValueError, match="no content"):
        splitter.run(documents=[Document(content=None)])
    with pytest.raises(ValueError, match="smaller than chunk_size"):
        TopicDocumentSplitter(chunk_size=10, chunk_overlap=10)


def test_size_units_serialised_by_name(offline):
    # (A callable's import path is loaded by Haystack, from modules it is told to trust.)
    from linseg.chunks.bounds import SIZE_UNITS

    for unit in SIZE_UNITS:
        splitter = TopicDocumentSplitter(size_unit=unit, chunk_size=60)
        assert TopicDocumentSplitter.from_dict(splitter.to_dict()).size_unit == unit

"""linseg.integrations.llamaindex.TopicNodeParser against the real llama-index-core, offline."""

from __future__ import annotations

import pytest

pytest.importorskip("llama_index.core", reason="needs linseg[llamaindex]")

from llama_index.core.node_parser import NodeParser
from llama_index.core.schema import Document, MetadataMode, NodeRelationship, TextNode

from linseg.integrations.llamaindex import TopicNodeParser
from support import THREE_TOPICS as TEXT


def test_is_a_node_parser(offline):
    parser = TopicNodeParser(chunk_size=1000, chunk_overlap=200)
    assert isinstance(parser, NodeParser)
    doc = Document(text=TEXT, metadata={"source": "three-topics"})
    nodes = parser.get_nodes_from_documents([doc])
    assert len(nodes) >= 2 and all(isinstance(n, TextNode) for n in nodes)
    for node in nodes:
        assert len(node.text) <= 1000
        assert TEXT[node.start_char_idx : node.end_char_idx] == node.text
        assert node.metadata["source"] == "three-topics"
        assert node.metadata["start"] == node.start_char_idx
        assert node.metadata["keywords"] and node.metadata["headings"] == []
        assert node.relationships[NodeRelationship.SOURCE].node_id == doc.doc_id
        # Where a chunk is says nothing of what it is about: not embedded.
        assert "segment" not in node.get_content(metadata_mode=MetadataMode.EMBED)
    assert any(b.start_char_idx < a.end_char_idx for a, b in zip(nodes, nodes[1:]))
    assert nodes[1].relationships[NodeRelationship.PREVIOUS].node_id == nodes[0].node_id


def test_without_overlap_the_nodes_tile_the_text(offline):
    nodes = TopicNodeParser(size_unit="words", chunk_size=60).get_nodes_from_documents(
        [Document(text=TEXT)]
    )
    assert "".join(n.text for n in nodes) == TEXT
    assert all(len(n.text.split()) <= 60 for n in nodes)


def test_headings_and_options(offline):
    text = "# Bees\n\nBees make honey. Hives hold combs.\n\n# Trains\n\nTrains run on rails.\n"
    parser = TopicNodeParser(method="c99", params={"band": "auto"}, n_keywords=2)
    nodes = parser.get_nodes_from_documents([Document(text=text)])
    assert all(len(n.metadata["keywords"]) <= 2 for n in nodes)
    assert {tuple(n.metadata["headings"]) for n in nodes} <= {("Bees",), ("Trains",)}
    with pytest.raises(ValueError, match="smaller than chunk_size"):
        TopicNodeParser(chunk_size=10, chunk_overlap=20)
    assert parser.get_nodes_from_documents([Document(text="  \n ")]) == []

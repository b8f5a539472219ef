"""A LlamaIndex node parser that cuts where the topic changes (``pip install linseg[llamaindex]``).

:class:`TopicNodeParser` is a ``llama_index.core.node_parser.NodeParser``: it turns
documents into ``TextNode`` chunks with any linseg method, needs no embedding model and no
tokenizer (sizes are in characters unless ``size_unit`` says otherwise: ``"words"``,
``"sentences"`` or a length function), and keeps every chunk within ``chunk_size``,
overlap included. Each node's ``start_char_idx`` and ``end_char_idx`` are its exact offsets
in its document, and its metadata adds its segment's index, keywords and heading path
(:mod:`linseg.integrations.chunking`).

>>> from linseg.integrations.llamaindex import TopicNodeParser               # doctest: +SKIP
>>> parser = TopicNodeParser(chunk_size=1000, chunk_overlap=200)      # doctest: +SKIP
>>> nodes = parser.get_nodes_from_documents([Document(text=text)])    # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    from llama_index.core.node_parser import NodeParser
    from llama_index.core.schema import BaseNode, Document, MetadataMode, NodeRelationship, TextNode
    from pydantic import Field, PrivateAttr
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "linseg.integrations.llamaindex needs LlamaIndex's core: pip install 'linseg[llamaindex]'"
    ) from exc

from linseg.integrations.chunking import chunk_metadata, topic_chunks, topic_segmenter
from linseg.methods import DEFAULT_METHOD

__all__ = ["TopicNodeParser"]

# Metadata that says where a chunk is, not what it is about: kept out of what is embedded
# and what a language model is shown.
_POSITION_KEYS = ["segment", "start", "end"]


class TopicNodeParser(NodeParser):
    """Split documents into topical nodes with a linseg method. Its settings are fields,
    given by name (``TopicNodeParser(chunk_size=1000, chunk_overlap=200)``).

    Attributes
    ----------
    method:
        A registered linseg method (default: :data:`linseg.methods.DEFAULT_METHOD`).
    chunk_size:
        Largest chunk, overlap included, in ``size_unit`` (None: as long as its topic).
    chunk_overlap:
        The text before a chunk that it repeats, in whole sentences of at most this size
        (0: none); smaller than ``chunk_size``.
    min_chunk_size:
        Smallest segment (None: no lower bound).
    size_unit:
        ``"chars"`` (the default), ``"words"``, ``"sentences"`` or a length function (a
        tokenizer's, to bound chunks in tokens).
    language:
        ISO 639-1 code of the text's language, or ``"auto"`` (the default) to detect it.
    n_keywords:
        Keywords per node in its metadata (0: none).
    strip_whitespace:
        Strip each chunk's white space (offsets follow).
    params:
        Further parameters of the method (``{"band": "auto"}`` for C99, say).
    """

    method: str = Field(default=DEFAULT_METHOD, description="The linseg method.")
    chunk_size: int | None = Field(default=None, description="Largest chunk, overlap included.")
    chunk_overlap: int = Field(default=0, description="Overlap, in whole sentences up to it.")
    min_chunk_size: int | None = Field(default=None, description="Smallest segment.")
    size_unit: Any = Field(default="chars", description="chars, words, sentences or a callable.")
    language: str = Field(default="auto", description="ISO 639-1 code, or auto to detect it.")
    n_keywords: int = Field(default=5, description="Keywords per node.")
    strip_whitespace: bool = Field(default=False, description="Strip each chunk's white space.")
    params: dict[str, Any] = Field(default_factory=dict, description="The method's parameters.")
    _segmenter: Any = PrivateAttr()

    def __init__(self, **data: Any) -> None:
        super().__init__(**data)
        self._segmenter = topic_segmenter(
            self.method,
            self.chunk_size,
            self.chunk_overlap,
            self.min_chunk_size,
            self.size_unit,
            self.language,
            **self.params,
        )

    @classmethod
    def class_name(cls) -> str:
        return "TopicNodeParser"

    def _parse_nodes(
        self, nodes: Sequence[BaseNode], show_progress: bool = False, **kwargs: Any
    ) -> list[BaseNode]:
        out: list[BaseNode] = []
        for node in nodes:
            text = node.get_content(metadata_mode=MetadataMode.NONE)
            source = {NodeRelationship.SOURCE: node.as_related_node_info()}
            for i, chunk in enumerate(
                topic_chunks(
                    self._segmenter,
                    text,
                    self.chunk_overlap,
                    self.n_keywords,
                    self.strip_whitespace,
                )
            ):
                out.append(
                    TextNode(
                        id_=self.id_func(i, node),
                        text=chunk.text,
                        metadata=chunk_metadata(chunk),
                        start_char_idx=chunk.start,
                        end_char_idx=chunk.end,
                        excluded_embed_metadata_keys=[
                            *node.excluded_embed_metadata_keys,
                            *_POSITION_KEYS,
                        ],
                        excluded_llm_metadata_keys=[
                            *node.excluded_llm_metadata_keys,
                            *_POSITION_KEYS,
                        ],
                        metadata_seperator=node.metadata_separator,
                        metadata_template=node.metadata_template,
                        text_template=getattr(node, "text_template", TextNode().text_template),
                        relationships=dict(source),
                    )
                )
        return out

    def _postprocess_parsed_nodes(
        self, nodes: list[BaseNode], parent_doc_map: dict[str, Document]
    ) -> list[BaseNode]:
        # LlamaIndex finds each node's offsets again by searching its document for the
        # node's text; linseg's are exact (a repeated passage is found where it is).
        exact = [
            (n.start_char_idx, n.end_char_idx) if isinstance(n, TextNode) else None for n in nodes
        ]
        nodes = super()._postprocess_parsed_nodes(nodes, parent_doc_map)
        for node, span in zip(nodes, exact):
            if span is not None and isinstance(node, TextNode):
                node.start_char_idx, node.end_char_idx = span
        return nodes

"""A LangChain text splitter that cuts where the topic changes (``pip install linseg[langchain]``).

:class:`TopicSplitter` is a ``langchain_text_splitters.TextSplitter``: it splits text into
topically coherent chunks with any linseg method, needs no embedding model, and keeps
every chunk within ``chunk_size`` (counted by ``length_function``) when one is given. The
chunks, joined, are the text; chunks never overlap and a sentence is never split (one
sentence longer than ``chunk_size`` is the only chunk that may exceed it).

>>> from linseg.integrations.langchain import TopicSplitter                  # doctest: +SKIP
>>> splitter = TopicSplitter(chunk_size=1000)                   # doctest: +SKIP
>>> docs = splitter.create_documents([text])                    # doctest: +SKIP
>>> docs[0].metadata                                            # doctest: +SKIP
{'segment': 0, 'keywords': ['stemmer', 'Porter', ...], 'start_index': 0}
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

try:
    from langchain_core.documents import Document
    from langchain_text_splitters import TextSplitter
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "linseg.integrations.langchain needs LangChain's text splitters: pip install 'linseg[langchain]'"
    ) from exc

from linseg.base import TextSegmentation
from linseg.chunks.keywords import segment_keywords
from linseg.methods import DEFAULT_METHOD, create

__all__ = ["TopicSplitter"]


class TopicSplitter(TextSplitter):
    """Split text into topical chunks with a linseg method.

    Parameters
    ----------
    method:
        A registered linseg method (default: :data:`linseg.methods.DEFAULT_METHOD`).
    chunk_size:
        Largest chunk, in ``length_function`` units (None: chunks as long as their
        topics). Becomes the segmenter's ``max_size``.
    min_chunk_size:
        Smallest chunk (None: no lower bound). Becomes ``min_size``.
    length_function:
        The size of a piece of text (default ``len``, characters); a tokenizer's length
        function bounds chunks in tokens.
    language:
        ISO 639-1 code of the text's language.
    n_keywords:
        Keywords per chunk in the metadata (0: none).
    add_start_index:
        Put each chunk's character offset in the metadata as ``start_index`` (exact:
        the offset comes from the segmentation, not from a search for the chunk's text).
    params:
        Further parameters of the method (``band=`` for C99, say).
    """

    def __init__(
        self,
        method: str = DEFAULT_METHOD,
        chunk_size: int | None = None,
        min_chunk_size: int | None = None,
        length_function: Callable[[str], int] = len,
        language: str = "auto",
        n_keywords: int = 5,
        add_start_index: bool = True,
        **params: Any,
    ) -> None:
        # LangChain's base class wants a chunk size; overlap makes no sense between topics.
        super().__init__(
            chunk_size=chunk_size or 2**31,
            chunk_overlap=0,
            length_function=length_function,
            add_start_index=add_start_index,
            strip_whitespace=False,
        )
        self.method = method
        self.chunk_size = chunk_size
        self.min_chunk_size = min_chunk_size
        self.language = language
        self.n_keywords = n_keywords
        unit: Any = "chars" if length_function is len else length_function
        self._segmenter = create(
            method,
            max_size=chunk_size,
            min_size=min_chunk_size,
            size_unit=unit,
            language=language,
            **params,
        )

    def segment(self, text: str) -> TextSegmentation:
        """The linseg segmentation behind the chunks of ``text``."""
        return self._segmenter.segment_text(text)

    def split_text(self, text: str) -> list[str]:
        """The chunks of ``text``; joined, they give ``text`` back."""
        return self.segment(text).segments

    def create_documents(
        self, texts: list[str], metadatas: list[dict[Any, Any]] | None = None
    ) -> list[Document]:
        """One ``Document`` per chunk, with the text's metadata plus ``segment`` (the
        chunk's index in its text), ``keywords`` and ``start_index`` (its character
        offset)."""
        metadatas = metadatas or [{} for _ in texts]
        documents = []
        for text, base in zip(texts, metadatas):
            seg = self.segment(text)
            keywords = (
                segment_keywords(seg.result.sentences, seg.boundaries, self.n_keywords)
                if self.n_keywords
                else [[] for _ in seg.segments]
            )
            starts = [0, *seg.char_boundaries]
            for i, (chunk, words, start) in enumerate(zip(seg.segments, keywords, starts)):
                metadata = copy.deepcopy(base)
                metadata["segment"] = i
                metadata["keywords"] = words
                if self._add_start_index:
                    metadata["start_index"] = start
                documents.append(Document(page_content=chunk, metadata=metadata))
        return documents

"""A LangChain text splitter that cuts where the topic changes (``pip install linseg[langchain]``).

:class:`TopicSplitter` is a ``langchain_text_splitters.TextSplitter``: it splits text into
topically coherent chunks with any linseg method, needs no embedding model, and keeps
every chunk within ``chunk_size`` (counted by ``length_function``, the overlap included)
when one is given: a sentence longer than that is cut first, at clause punctuation, line
breaks, white space or, last, characters. With ``chunk_overlap`` each chunk starts with
the whole sentences before it that fit in ``chunk_overlap``, as LangChain's splitters do;
without it, the chunks joined are the text.

>>> from linseg.integrations.langchain import TopicSplitter                  # doctest: +SKIP
>>> splitter = TopicSplitter(chunk_size=1000, chunk_overlap=200)   # doctest: +SKIP
>>> docs = splitter.create_documents([text])                    # doctest: +SKIP
>>> docs[0].metadata                                            # doctest: +SKIP
{'segment': 0, 'keywords': ['stemmer', 'Porter', ...], 'headings': [], 'start_index': 0}
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Literal

try:
    from langchain_core.documents import Document
    from langchain_text_splitters import TextSplitter
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "linseg.integrations.langchain needs LangChain's text splitters: pip install 'linseg[langchain]'"
    ) from exc

from linseg.base import TextSegmentation
from linseg.chunks.overlap import Chunk
from linseg.integrations.chunking import topic_chunks, topic_segmenter
from linseg.methods import DEFAULT_METHOD

__all__ = ["TopicSplitter"]


class TopicSplitter(TextSplitter):
    """Split text into topical chunks with a linseg method.

    Parameters
    ----------
    method:
        A registered linseg method (default: :data:`linseg.methods.DEFAULT_METHOD`).
    chunk_size:
        Largest chunk, overlap included, in ``length_function`` units (None: chunks as
        long as their topics).
    chunk_overlap:
        As in LangChain: how much of the text before a chunk it repeats, in
        ``length_function`` units; linseg takes whole sentences that fit in it (0: none).
        Must be smaller than ``chunk_size``.
    min_chunk_size:
        Smallest segment (None: no lower bound); ``chunk_size`` wins where both cannot
        hold.
    length_function:
        The size of a piece of text (default ``len``, characters); a tokenizer's length
        function bounds chunks in tokens.
    language:
        ISO 639-1 code of the text's language, or ``"auto"`` (the default) to detect it.
    n_keywords:
        Keywords per chunk in the metadata (0: none).
    add_start_index:
        Put each chunk's character offset in the metadata as ``start_index`` (exact:
        the offset comes from the segmentation, not from a search for the chunk's text).
    strip_whitespace:
        Strip each chunk's leading and trailing white space (off by default, so that
        without overlap the chunks join to the text); offsets follow.
    keep_separator:
        Accepted for LangChain's signature; linseg never drops a separator (no text is
        lost), so it changes nothing.
    params:
        Further parameters of the method (``band=`` for C99, say).
    """

    def __init__(
        self,
        method: str = DEFAULT_METHOD,
        chunk_size: int | None = None,
        chunk_overlap: int = 0,
        min_chunk_size: int | None = None,
        length_function: Callable[[str], int] = len,
        language: str = "auto",
        n_keywords: int = 5,
        add_start_index: bool = True,
        strip_whitespace: bool = False,
        keep_separator: bool | Literal["start", "end"] = False,
        **params: Any,
    ) -> None:
        unit: Any = "chars" if length_function is len else length_function
        segmenter = topic_segmenter(
            method, chunk_size, chunk_overlap, min_chunk_size, unit, language, **params
        )
        # LangChain's base class wants a chunk size; None means chunks as long as topics.
        super().__init__(
            chunk_size=chunk_size or 2**31,
            chunk_overlap=chunk_overlap,
            length_function=length_function,
            keep_separator=keep_separator,
            add_start_index=add_start_index,
            strip_whitespace=strip_whitespace,
        )
        self.method = method
        self.chunk_size = chunk_size
        self.chunk_overlap = chunk_overlap
        self.min_chunk_size = min_chunk_size
        self.language = language
        self.n_keywords = n_keywords
        self._segmenter = segmenter

    def segment(self, text: str) -> TextSegmentation:
        """The linseg segmentation behind the chunks of ``text``."""
        return self._segmenter.segment_text(text, overlap=self.chunk_overlap)

    def chunks(self, text: str) -> list[Chunk]:
        """The chunks of ``text`` with their offsets, keywords and heading paths."""
        return topic_chunks(
            self._segmenter, text, self.chunk_overlap, self.n_keywords, self._strip_whitespace
        )

    def split_text(self, text: str) -> list[str]:
        """The chunks of ``text``; without overlap (and without ``strip_whitespace``),
        joined, they give ``text`` back. Never a chunk of white space alone."""
        return [c.text for c in self.chunks(text)]

    def create_documents(
        self, texts: list[str], metadatas: list[dict[Any, Any]] | None = None
    ) -> list[Document]:
        """One ``Document`` per chunk, with the text's metadata plus ``segment`` (the
        index of the chunk's segment in its text), ``keywords``, ``headings`` (its heading
        path) and ``start_index`` (its character offset)."""
        metadatas = metadatas or [{} for _ in texts]
        documents = []
        for text, base in zip(texts, metadatas):
            for chunk in self.chunks(text):
                metadata = copy.deepcopy(base)
                metadata["segment"] = chunk.segment
                metadata["keywords"] = list(chunk.keywords)
                metadata["headings"] = list(chunk.headings)
                if self._add_start_index:
                    metadata["start_index"] = chunk.start
                documents.append(Document(page_content=chunk.text, metadata=metadata))
        return documents

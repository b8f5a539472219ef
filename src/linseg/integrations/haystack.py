"""A Haystack 2 component that splits documents where the topic changes (``pip install
linseg[haystack]``).

:class:`TopicDocumentSplitter` is a ``@component``: ``run(documents)`` returns
``{"documents": [...]}``, one ``Document`` per chunk, as Haystack's ``DocumentSplitter``
does. It needs no embedding model and no tokenizer (sizes are in characters unless
``size_unit`` says otherwise), keeps every chunk within ``chunk_size``, overlap included,
and gives each chunk the metadata of :mod:`linseg.integrations.chunking` (its segment's
index, keywords and heading path, its ``start`` and ``end`` offsets) besides Haystack's own
``source_id``, ``split_id`` and ``split_idx_start``.

>>> from linseg.integrations.haystack import TopicDocumentSplitter          # doctest: +SKIP
>>> splitter = TopicDocumentSplitter(chunk_size=1000, chunk_overlap=200)   # doctest: +SKIP
>>> splitter.run([Document(content=text)])["documents"]                   # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

try:
    from haystack import Document, component, default_from_dict, default_to_dict
    from haystack.utils import deserialize_callable, serialize_callable
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "linseg.integrations.haystack needs Haystack 2: pip install 'linseg[haystack]'"
    ) from exc

from linseg.chunks.bounds import SIZE_UNITS
from linseg.integrations.chunking import chunk_metadata, topic_chunks, topic_segmenter
from linseg.methods import DEFAULT_METHOD

__all__ = ["TopicDocumentSplitter"]


@component
class TopicDocumentSplitter:
    """Split documents into topical chunks with a linseg method.

    Parameters
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
        tokenizer's, to bound chunks in tokens; serialised by its import path).
    language:
        ISO 639-1 code of the text's language, or ``"auto"`` (the default) to detect it.
    n_keywords:
        Keywords per chunk in its metadata (0: none).
    strip_whitespace:
        Strip each chunk's white space (offsets follow).
    params:
        Further parameters of the method (``{"band": "auto"}`` for C99, say).
    """

    def __init__(
        self,
        method: str = DEFAULT_METHOD,
        chunk_size: int | None = None,
        chunk_overlap: int = 0,
        min_chunk_size: int | None = None,
        size_unit: str | Callable[[str], int] = "chars",
        language: str = "auto",
        n_keywords: int = 5,
        strip_whitespace: bool = False,
        params: dict[str, Any] | None = None,
    ) -> None:
        self.method = method
        self.chunk_size = chunk_size
        self.chunk_overlap = chunk_overlap
        self.min_chunk_size = min_chunk_size
        self.size_unit = size_unit
        self.language = language
        self.n_keywords = n_keywords
        self.strip_whitespace = strip_whitespace
        self.params = dict(params or {})
        self._segmenter = topic_segmenter(
            method,
            chunk_size,
            chunk_overlap,
            min_chunk_size,
            size_unit,
            language,
            **self.params,
        )

    @component.output_types(documents=list[Document])
    def run(self, documents: list[Document]) -> dict[str, list[Document]]:
        """One ``Document`` per chunk of each of ``documents``, in order; a document
        without text gives none. Raises ValueError for a document whose content is None
        (one that holds only a binary blob, say)."""
        if not isinstance(documents, list) or (
            documents and not isinstance(documents[0], Document)
        ):
            raise TypeError("TopicDocumentSplitter expects a list of Documents")
        out = []
        for doc in documents:
            if doc.content is None:
                raise ValueError(
                    f"TopicDocumentSplitter splits text; document {doc.id} has no content"
                )
            chunks = topic_chunks(
                self._segmenter,
                doc.content,
                self.chunk_overlap,
                self.n_keywords,
                self.strip_whitespace,
            )
            for i, chunk in enumerate(chunks):
                meta = {
                    **doc.meta,
                    "source_id": doc.id,
                    "split_id": i,
                    "split_idx_start": chunk.start,
                    **chunk_metadata(chunk),
                }
                out.append(Document(content=chunk.text, meta=meta))
        return {"documents": out}

    def to_dict(self) -> dict[str, Any]:
        """The component's settings, for a pipeline's YAML (a callable ``size_unit`` by
        its import path)."""
        unit = serialize_callable(self.size_unit) if callable(self.size_unit) else self.size_unit
        return default_to_dict(
            self,
            method=self.method,
            chunk_size=self.chunk_size,
            chunk_overlap=self.chunk_overlap,
            min_chunk_size=self.min_chunk_size,
            size_unit=unit,
            language=self.language,
            n_keywords=self.n_keywords,
            strip_whitespace=self.strip_whitespace,
            params=self.params,
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TopicDocumentSplitter:
        """The component :meth:`to_dict` describes."""
        init = data.get("init_parameters", {})
        unit = init.get("size_unit", "chars")
        if isinstance(unit, str) and unit not in SIZE_UNITS:
            init["size_unit"] = deserialize_callable(unit)
        return default_from_dict(cls, data)

"""What the LangChain, LlamaIndex and Haystack integrations share: one segmenter made from
a splitter's options, and the chunks of a text.

Every integration takes the same options: ``method`` (any linseg method), ``chunk_size``
(the largest chunk, overlap included, in ``size_unit``), ``chunk_overlap`` (the text of the
chunk before repeated at the start of the next, in whole sentences), ``min_chunk_size``,
``size_unit`` (``"chars"``, ``"words"``, ``"sentences"`` or a length function, such as a
tokenizer's), ``language``, ``n_keywords`` and ``strip_whitespace``. Every chunk carries
the same metadata: its segment's index, keywords and heading path, and its character
offsets in the text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from linseg.base import Segmenter
from linseg.checks import check_int
from linseg.chunks.bounds import SizeUnit
from linseg.chunks.overlap import Chunk
from linseg.methods import DEFAULT_METHOD, create

__all__ = ["topic_segmenter", "topic_chunks", "chunk_metadata"]


def topic_segmenter(
    method: str = DEFAULT_METHOD,
    chunk_size: int | None = None,
    chunk_overlap: int = 0,
    min_chunk_size: int | None = None,
    size_unit: SizeUnit | Callable[[str], int] = "chars",
    language: str = "auto",
    **params: Any,
) -> Segmenter:
    """The segmenter behind a splitter: ``method`` bounded by ``chunk_size`` and
    ``min_chunk_size`` in ``size_unit``; ``chunk_overlap`` must be smaller than
    ``chunk_size`` (ValueError), as LangChain's splitters require."""
    chunk_overlap = check_int("chunk_overlap", chunk_overlap, minimum=0)
    if chunk_size is not None and chunk_overlap >= check_int("chunk_size", chunk_size):
        raise ValueError(
            f"chunk_overlap ({chunk_overlap}) must be smaller than chunk_size ({chunk_size})"
        )
    if min_chunk_size is not None and chunk_size is not None:
        # The overlap is part of chunk_size: segments are kept within what is left.
        min_chunk_size = min(min_chunk_size, chunk_size - chunk_overlap)
    return create(
        method,
        max_size=chunk_size,
        min_size=min_chunk_size,
        size_unit=size_unit,
        language=language,
        **params,
    )


def topic_chunks(
    segmenter: Segmenter,
    text: str,
    chunk_overlap: int = 0,
    n_keywords: int = 5,
    strip_whitespace: bool = False,
) -> list[Chunk]:
    """The chunks of ``text`` (:class:`~linseg.chunks.overlap.Chunk`): its segments, each
    with up to ``chunk_overlap`` of the text before it. ``strip_whitespace`` strips each
    chunk's white space, its offsets moving with it. A text that is only white space gives
    no chunk, and no chunk is ever only white space."""
    if not text.strip():
        return []
    chunks = segmenter.segment_text(text, overlap=chunk_overlap, n_keywords=n_keywords).chunks
    assert chunks is not None  # an overlap was given
    if not strip_whitespace:
        return chunks
    out = []
    for c in chunks:
        lead = len(c.text) - len(c.text.lstrip())
        body = c.text.strip()
        if body:
            start = c.start + lead
            out.append(
                replace(
                    c,
                    text=body,
                    start=start,
                    end=start + len(body),
                    overlap=max(0, c.overlap - lead),
                )
            )
    return out


def chunk_metadata(chunk: Chunk) -> dict[str, Any]:
    """The metadata every integration gives a chunk: ``segment``, ``keywords``,
    ``headings`` (its heading path), ``start`` and ``end`` (character offsets)."""
    return {
        "segment": chunk.segment,
        "keywords": list(chunk.keywords),
        "headings": list(chunk.headings),
        "start": chunk.start,
        "end": chunk.end,
    }

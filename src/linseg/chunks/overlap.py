"""Overlapping chunks: each segment with some of the text before it.

Retrieval pipelines often want neighbouring chunks to share some text, so that a passage
cut at a boundary is still found whole in one of them (LangChain's ``chunk_overlap``).
Segments themselves never overlap: they tile the text, and joined they give it back.
:func:`overlapping_chunks` builds *views* of them instead. Chunk ``i`` is segment ``i``
with the whole units (sentences, or their pieces) just before it whose text measures at
most ``overlap`` in the size unit: the overlap snaps to whole units, and is empty where
the unit before is larger than ``overlap``. As in LangChain, ``max_size`` counts the
overlap too; the segments are kept within ``max_size - overlap``
(:meth:`linseg.base.Segmenter.segment_spans`), and a chunk whose own text would still
measure more than ``max_size`` (a tokenizer's count) takes fewer units of overlap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from linseg.chunks.bounds import _one
from linseg.chunks.headings import heading_paths

__all__ = ["Chunk", "overlapping_chunks"]


@dataclass(frozen=True)
class Chunk:
    """A view of the text: a segment and the overlap before it.

    Attributes
    ----------
    text:
        The chunk's text, ``document[start:end]``.
    start, end:
        Its character offsets in the text segmented.
    segment:
        The index of its segment (the chunk is that segment plus the overlap before it).
    keywords:
        Its segment's keywords (:mod:`linseg.chunks.keywords`).
    headings:
        Its segment's heading path, outermost first (:mod:`linseg.chunks.headings`);
        empty in a text without headings.
    overlap:
        How many characters at its start belong to the segment before.
    """

    text: str
    start: int
    end: int
    segment: int
    keywords: list[str] = field(default_factory=list)
    headings: list[str] = field(default_factory=list)
    overlap: int = 0


def overlapping_chunks(
    text: str,
    spans: Sequence[tuple[int, int]],
    boundaries: Sequence[int],
    overlap: int,
    size: Callable[[str], int],
    max_size: int | None = None,
    keywords: Sequence[list[str]] | None = None,
) -> list[Chunk]:
    """One :class:`Chunk` per segment (see the module): ``spans`` tile ``text``, the
    segments start at units ``0`` and ``boundaries``; ``overlap`` and ``max_size`` are in
    ``size``'s unit. A text that is only white space gives no chunk."""
    if not spans or not text.strip():
        return []
    n = len(spans)
    edges = [0, *boundaries, n]
    units = [text[a:b] for a, b in spans]
    paths = heading_paths(units, edges[:-1])
    chunks = []
    for i, (a, b) in enumerate(zip(edges, edges[1:])):
        start, end = spans[a][0], spans[b - 1][1]
        first = _overlap_start(text, spans, a, end, overlap, size, max_size) if overlap else a
        begin = spans[first][0]
        chunks.append(
            Chunk(
                text[begin:end],
                begin,
                end,
                i,
                list(keywords[i]) if keywords is not None else [],
                paths[i],
                start - begin,
            )
        )
    return chunks


def _overlap_start(
    text: str,
    spans: Sequence[tuple[int, int]],
    a: int,
    end: int,
    overlap: int,
    size: Callable[[str], int],
    max_size: int | None,
) -> int:
    """The first unit of the overlap before unit ``a`` (the chunk ending at ``end``): as
    far back as whole units fit in ``overlap`` (measured on their joined text), and the
    chunk, measured on its own text, within ``max_size``."""
    if size is _one:  # sizes in sentences: units are counted, not measured
        return max(0, a - overlap)
    start = spans[a][0]
    first = a
    while first > 0 and size(text[spans[first - 1][0] : start]) <= overlap:
        first -= 1
    # The segment fits in max_size - overlap; a count that does not add up across the
    # join (a tokenizer's) may still put the chunk over max_size: fewer units then.
    while max_size is not None and first < a and size(text[spans[first][0] : end]) > max_size:
        first += 1
    return first

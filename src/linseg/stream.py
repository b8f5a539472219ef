"""Segmenting a text as it is read, in bounded memory: :func:`segment_stream`.

A text of 50 MB takes over a gigabyte to segment whole. Read as a stream, only a window
of it is held: the text is read a piece at a time, cut into units (sentences, or lines),
and every ``window`` units are segmented together. The segments that end in the first
three quarters of the window are final: they are given out, with their text, offsets and
keywords, and forgotten. The units after the last of them are kept and segmented again
with the units that follow, so that a segment is never decided at the window's edge.
Where a whole window holds no boundary (one long section), the window grows, up to
:data:`MAX_GROWTH` times, before a boundary is put at its three-quarter mark.

What the methods decide globally is then decided per window: the number of segments
(C99's threshold on the gradient of the whole run, U00's penalty) and the keywords
(which set a segment apart from the rest of its window, not of the whole text). A stream's
boundaries are therefore not those of the in-memory run. They are not worse: on the
paper's corpus and the natural sets, each read as one long document, the stream's Pk is
lower than the in-memory run's, whose global count stops short on so long a text
(``benchmarks/bench_stream.py``).

The segments joined give back the text read, character for character.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from linseg.base import Segmenter
from linseg.checks import check_int
from linseg.chunks.keywords import segment_keywords
from linseg.methods import DEFAULT_METHOD, create
from linseg.text.processor import looks_tokenized, processor_for, split_sentences

__all__ = ["StreamSegment", "segment_stream", "WINDOW", "MAX_GROWTH", "STREAM_FORMATS"]

#: Units (sentences, or lines) segmented together.
WINDOW = 2000
#: How many times a window without a boundary may grow before one is put in it.
MAX_GROWTH = 4
#: The formats a stream is read in: prose, or one sentence a line.
STREAM_FORMATS = ("text", "lines")
# Units held back at the end of what has been read: the sentence splitter decides a
# sentence's end by what follows it.
_LOOKAHEAD = 3
# Read on at least this many characters, or half of what is held, before the units are
# counted again (each count splits what is held: geometric steps keep that linear).
_STEP = 1 << 16


@dataclass(frozen=True)
class StreamSegment:
    """A segment of a stream, final once given out.

    Attributes
    ----------
    text:
        Its text; the segments joined are the text read.
    start, end:
        Its character offsets in the text read.
    index:
        Its place among the stream's segments (0 first).
    keywords:
        Its most distinctive words against the rest of its window.
    notes:
        What was decided for it (a boundary put in a window that had none, a sentence
        cut for ``max_size``).
    """

    text: str
    start: int
    end: int
    index: int
    keywords: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def segment_stream(
    chunks: Iterable[str],
    method: str = DEFAULT_METHOD,
    *,
    format: str = "text",
    window: int = WINDOW,
    n_keywords: int = 5,
    segmenter: Segmenter | None = None,
    **params: Any,
) -> Iterator[StreamSegment]:
    """Segment the text that ``chunks`` give (a file, read line by line; pieces of any
    size), giving out each segment as soon as it is final (see the module).

    ``format`` is ``"text"`` (prose, split into sentences) or ``"lines"`` (one sentence
    a line); ``window`` is the number of units segmented together; ``method`` and
    ``params`` make the segmenter (bounds included: ``max_size``, ``size_unit``), or a
    ready ``segmenter`` is used.
    """
    if format not in STREAM_FORMATS:
        raise ValueError(
            f"a stream is read as {' or '.join(STREAM_FORMATS)}, not {format!r}: "
            "other formats are read whole (leave out --stream)"
        )
    window = check_int("window", window, minimum=8)
    if segmenter is None:
        segmenter = create(method, **params)
    yield from _Stream(segmenter, format, window, n_keywords).run(chunks)


class _Stream:
    """The state of one stream: the text held (from offset ``base`` of the stream on)."""

    def __init__(self, segmenter: Segmenter, fmt: str, window: int, n_keywords: int) -> None:
        self.segmenter = segmenter
        self.format = fmt
        self.window = window
        self.n_keywords = n_keywords
        self.held = ""
        self.base = 0
        self.index = 0
        self.tokenized: bool | None = None if fmt == "lines" else False
        self.counted_at = 0  # length of what was held when its units were last counted
        self.growth = 1  # the window's size, in windows: more where one held no boundary
        self.noted: set[str] = set()  # notes given out: each window repeats the method's
        # The units of what is held, up to where it was last split: only the text after
        # the last units (which what follows may still change) is split again.
        self.spans: list[tuple[int, int]] = []

    def run(self, chunks: Iterable[str]) -> Iterator[StreamSegment]:
        pieces: list[str] = []
        size = 0
        for chunk in chunks:
            if not isinstance(chunk, str):
                raise TypeError(f"a stream gives text (str), got {type(chunk).__name__}")
            pieces.append(chunk)
            size += len(chunk)
            if len(self.held) + size - self.counted_at >= max(_STEP, len(self.held) // 2):
                self.held += "".join(pieces)
                pieces, size = [], 0
                yield from self._windows(final=False)
        self.held += "".join(pieces)
        yield from self._windows(final=True)

    def _split(self, text: str) -> list[tuple[int, int]]:
        if self.format == "lines":
            from linseg.readers.document import _line_spans

            return _line_spans(text)
        return split_sentences(text, self.segmenter.text_language)

    def _units(self) -> list[tuple[int, int]]:
        """The units of everything held: those found before, less the last few, and the
        text from there on split again."""
        keep = max(0, len(self.spans) - _LOOKAHEAD)
        start = self.spans[keep][0] if keep else 0
        fresh = self._split(self.held[start:])
        self.spans = self.spans[:keep] + [(a + start, b + start) for a, b in fresh]
        return self.spans

    def _read(self, spans: list[tuple[int, int]]) -> list[str]:
        """What the method reads of each unit (a line without its line break)."""
        if self.format == "lines":
            return [self.held[a:b].strip() for a, b in spans]
        return [self.held[a:b] for a, b in spans]

    def _windows(self, final: bool) -> Iterator[StreamSegment]:
        """Every window that can be decided with what is held (all of it at the end)."""
        while self.held:
            self.counted_at = len(self.held)
            spans = self._units()
            complete = len(spans) if final else len(spans) - _LOOKAHEAD
            size = self.window * self.growth
            if complete <= 0 or (not final and complete < size):
                return
            take = min(complete, size)
            window = self._segment(spans[:take], self._read(spans[:take]))
            if final and take == len(spans):
                yield from self._emit(window, spans[take - 1][1], [])
                return
            # The window's final part ends at its last boundary in its first three
            # quarters; the units after it are segmented again with those that follow.
            reach = spans[(3 * take) // 4][0]
            inside = [c for c in window.cuts if c <= reach]
            if inside:
                yield from self._emit(window, inside[-1], [])
            elif self.growth < MAX_GROWTH:
                self.growth *= 2
                continue
            else:
                note = (
                    f"no boundary in a window of {take:,} units (characters "
                    f"{self.base:,}-{self.base + spans[take - 1][1]:,}): one was put at "
                    f"character {self.base + reach:,}"
                )
                yield from self._emit(window, reach, [note])
            self.growth = 1

    def _segment(self, spans: list[tuple[int, int]], units: list[str]) -> _Window:
        """The segmentation of a window of units (the first of what is held)."""
        if self.tokenized is None:
            self.tokenized = looks_tokenized(units)
        # The window's language, found once: the segmentation and its keywords read it
        # (the keywords of a German window had been chosen with English stopwords).
        reader = self.segmenter.for_text(units)
        done = reader.segment_spans(
            self.held[: spans[-1][1]],
            spans,
            units,
            tokenized=self.tokenized,
        )
        result = done.result
        pieces = done.sentence_spans
        starts = [0, *(pieces[b][0] for b in result.boundaries)]
        words = (
            segment_keywords(
                result.sentences,
                result.boundaries,
                self.n_keywords,
                tokenized=self.tokenized,
                processor=processor_for(reader),
            )
            if self.n_keywords
            else [[] for _ in starts]
        )
        return _Window(starts, pieces[-1][1], words, list(result.notes))

    def _emit(self, window: _Window, upto: int, notes: list[str]) -> Iterator[StreamSegment]:
        """Give out the window's segments that start before character ``upto`` of what
        is held, the last cut there, and forget their text."""
        ends = [*window.starts[1:], window.end]
        fresh = [n for n in [*notes, *window.notes] if n not in self.noted]
        self.noted.update(fresh)
        first = True
        for a, b, words in zip(window.starts, ends, window.keywords):
            if a >= upto:
                break
            b = min(b, upto)
            yield StreamSegment(
                self.held[a:b],
                self.base + a,
                self.base + b,
                self.index,
                words,
                fresh if first else [],
            )
            first = False
            self.index += 1
        self.held = self.held[upto:]
        self.base += upto
        self.counted_at = 0
        # The units left, shifted; one that ``upto`` cut (a piece of a sentence that
        # max_size cut) keeps its part after the cut.
        self.spans = [(max(a, upto) - upto, b - upto) for a, b in self.spans if b > upto]


@dataclass
class _Window:
    """A window's segments: where each starts in what is held, where the last ends,
    their keywords, and what the segmenter noted."""

    starts: list[int]
    end: int
    keywords: list[list[str]]
    notes: list[str]

    @property
    def cuts(self) -> list[int]:
        return self.starts[1:]

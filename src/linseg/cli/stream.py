"""``linseg segment --stream``: a long text segmented as it is read, in bounded memory.

The input is read a megabyte at a time (decompressed as it is read when gzip, bzip2 or
xz compressed it, decoded incrementally), segmented in windows by
:func:`linseg.stream.segment_stream`, and each segment is written as soon as it is final:
as text (the segments as they stood, a separator line between them), or as JSON lines,
one record a segment (``index``, ``start``, ``end``, ``text``, ``keywords``, ``notes``).
"""

from __future__ import annotations

import argparse
import codecs
import importlib
import json
import sys
from collections.abc import Iterator
from typing import BinaryIO, TextIO

from linseg.cli.options import make_segmenter, tell
from linseg.cli.output import write_segment
from linseg.readers.compression import compression
from linseg.stream import STREAM_FORMATS, segment_stream

__all__ = ["run_stream", "STREAM_OUTPUTS", "read_chunks"]

#: The outputs a stream is written in.
STREAM_OUTPUTS = ("text", "jsonl")
#: Bytes read at once.
BLOCK = 1 << 20


def run_stream(args: argparse.Namespace) -> int:
    """Segment ``args.input`` as a stream; the exit status."""
    if getattr(args, "more", None):
        raise ValueError("--stream reads one document; leave it out for a corpus run")
    fmt = "text" if args.format == "auto" else args.format
    if fmt not in STREAM_FORMATS:
        raise ValueError(
            f"--stream reads {' or '.join(STREAM_FORMATS)}, not {fmt}: other formats are "
            "read whole (leave out --stream)"
        )
    output = args.output or "text"
    if output not in STREAM_OUTPUTS:
        raise ValueError(
            f"--stream writes {' or '.join(STREAM_OUTPUTS)} (a record a segment), not {output}"
        )
    if args.segments is not None:
        raise ValueError(
            "--stream decides the number of segments window by window; --segments needs "
            "the whole text (leave out --stream)"
        )
    if args.keywords and output != "text":
        raise ValueError("--keywords adds a line to --output text; JSON lines have the keywords")
    segmenter = make_segmenter(args)
    source = sys.stdin.buffer if args.input == "-" else open(args.input, "rb")
    out: TextIO = sys.stdout if not args.out else open(args.out, "w", encoding="utf-8", newline="")
    try:
        chunks = read_chunks(source, args.encoding)
        segments = segment_stream(chunks, format=fmt, segmenter=segmenter)
        for seg in segments:
            tell(seg.notes)
            if output == "jsonl":
                record = {
                    "index": seg.index,
                    "start": seg.start,
                    "end": seg.end,
                    "text": seg.text,
                    "keywords": seg.keywords,
                    "notes": seg.notes,
                }
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
            else:
                write_segment(out, seg.index, seg.text, seg.keywords if args.keywords else None)
        out.flush()
    finally:
        if source is not sys.stdin.buffer:
            source.close()
        if out is not sys.stdout:
            out.close()
    return 0


def read_chunks(source: BinaryIO, encoding: str | None = None) -> Iterator[str]:
    """The text of ``source``, a block at a time: decompressed if gzip, bzip2 or xz
    compressed it, decoded by ``encoding`` (None: UTF-8, a byte-order mark dropped)."""
    head = source.read(BLOCK)
    found = compression(head)
    if found is not None:
        _, module = found
        stream = importlib.import_module(module).open(_Prefixed(head, source))
        head = stream.read(BLOCK)
        source = stream
    decoder = codecs.getincrementaldecoder(encoding or "utf-8-sig")(errors="strict")
    block = head
    while block:
        text = decoder.decode(block)
        if text:
            yield text
        block = source.read(BLOCK)
    tail = decoder.decode(b"", final=True)
    if tail:
        yield tail


class _Prefixed:
    """A binary stream whose first bytes were already read: they are given again first."""

    def __init__(self, head: bytes, rest: BinaryIO) -> None:
        self.head, self.rest = head, rest

    def read(self, size: int = -1) -> bytes:
        if self.head:
            if size < 0 or size >= len(self.head):
                out, self.head = self.head, b""
                more = self.rest.read(-1 if size < 0 else size - len(out))
                return out + more
            out, self.head = self.head[:size], self.head[size:]
            return out
        return self.rest.read(size)

    def readable(self) -> bool:
        return True

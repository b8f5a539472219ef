"""Reading one document for segmentation, in any of the input formats.

``choi``  the ``.ref`` format: tokenised sentences, one a line, segments between lines
          of ``==========`` (the reference segmentation comes along).
``lines`` one sentence a line; blank lines are kept with the sentence before them.
``text``  raw prose; sentences are found by :func:`linseg.text.split_sentences`.

Whatever the format, :class:`Document` keeps character spans of its sentences that tile
the text, so segments cut at sentence boundaries join back to the input exactly.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Literal

from ..text import looks_tokenized, split_sentences
from .ref import is_separator, parse_ref

__all__ = [
    "Document",
    "read_document",
    "decode_document",
    "decode_error_message",
    "parse_document",
    "detect_format",
    "FORMATS",
]

Format = Literal["choi", "lines", "text"]
FORMATS = ("choi", "lines", "text")


@dataclass
class Document:
    """A document ready to segment.

    Attributes
    ----------
    text:
        The input text (for ``choi``, the sentence lines joined by newlines).
    sentences:
        The sentences to segment.
    spans:
        ``(start, end)`` of each sentence's share of ``text``; the spans tile ``text``.
    format:
        The input format used.
    tokenized:
        Whether the sentences are pre-tokenised (punctuation split off by spaces).
    reference:
        Reference boundaries (``choi`` input only), else None.
    path:
        Where it was read from (None for standard input or a string).
    """

    text: str
    sentences: list[str]
    spans: list[tuple[int, int]]
    format: str
    tokenized: bool
    reference: list[int] | None = None
    path: str | None = None

    def segment_texts(self, boundaries: list[int]) -> list[str]:
        """The text of each segment; joined, they give :attr:`text` back."""
        if not self.sentences:
            return [self.text] if self.text else []
        cuts = [0, *(self.spans[b][0] for b in boundaries), len(self.text)]
        return [self.text[a:b] for a, b in zip(cuts, cuts[1:])]


def detect_format(text: str) -> Format:
    """``choi`` if the text has separator lines; ``lines`` if its lines look like
    tokenised sentences; otherwise ``text``."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if any(is_separator(ln) for ln in lines):
        return "choi"
    if len(lines) > 1 and looks_tokenized(lines) and _ends_with_mark(lines) * 2 > len(lines):
        return "lines"
    return "text"


def _ends_with_mark(lines: list[str]) -> int:
    return sum(1 for ln in lines if ln.rstrip()[-1:] in (".", "!", "?", '"', "'"))


def _line_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the non-blank lines; blank lines join the sentence before them."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        end = pos + len(line)
        if line.strip():
            spans.append((pos, end))
        elif spans:
            spans[-1] = (spans[-1][0], end)
        pos = end
    if spans:
        spans[0] = (0, spans[0][1])
    return spans


def parse_document(text: str, fmt: str = "auto", path: str | None = None) -> Document:
    """Build a :class:`Document` from text in format ``fmt`` (``auto`` to detect)."""
    if fmt == "auto":
        fmt = detect_format(text)
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; use one of: auto, {', '.join(FORMATS)}")
    if fmt == "choi":
        ref = parse_ref(text, path)
        body = "\n".join(ref.sentences)
        spans, pos = [], 0
        for s in ref.sentences:
            spans.append((pos, pos + len(s)))
            pos += len(s) + 1
        spans = [(a, b + 1 if i < len(spans) - 1 else b) for i, (a, b) in enumerate(spans)]
        return Document(body, ref.sentences, spans, "choi", True, ref.boundaries, path)
    if fmt == "lines":
        spans = _line_spans(text)
        sentences = [text[a:b].strip() for a, b in spans]
        return Document(text, sentences, spans, "lines", looks_tokenized(sentences), None, path)
    spans = split_sentences(text)
    sentences = [text[a:b] for a, b in spans]
    return Document(text, sentences, spans, "text", False, None, path)


def read_document(
    source: str | os.PathLike[str], fmt: str = "auto", encoding: str = "utf-8"
) -> Document:
    """Read a document from a file path, or from standard input when ``source`` is ``-``.

    Raises ``UnicodeDecodeError`` on bytes that are not valid in ``encoding``, rather
    than guessing: the output must join back to the input.
    """
    if str(source) == "-":
        return decode_document(sys.stdin.buffer.read(), fmt, encoding)
    with open(source, "rb") as fh:
        return decode_document(fh.read(), fmt, encoding, str(source))


def decode_document(
    data: bytes, fmt: str = "auto", encoding: str = "utf-8", path: str | None = None
) -> Document:
    """:func:`parse_document` of raw bytes (a leading byte-order mark is dropped).

    Raises ``UnicodeDecodeError`` (see :func:`decode_error_message`) on invalid bytes.
    """
    text = data.decode(encoding)
    if text.startswith("\ufeff"):
        text = text[1:]
    return parse_document(text, fmt, path)


def decode_error_message(exc: UnicodeDecodeError) -> str:
    """One line saying where the input stops being valid, and what to do."""
    return (f"input is not valid {exc.encoding} (byte 0x{exc.object[exc.start]:02x} at offset "
            f"{exc.start}); pass --encoding, e.g. --encoding latin-1")

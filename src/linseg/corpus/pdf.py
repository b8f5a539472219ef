"""PDF files: their text, with the paragraphs and headings their layout shows.

A PDF holds no paragraphs or headings, only pieces of text drawn at places in fonts of
sizes. :func:`pdf_text` reads the pieces with ``pypdf`` (``pip install 'linseg[pdf]'``)
and rebuilds the structure a reader sees:

- **Lines**: pieces drawn at the same height, in the order the file draws them (the
  reading order of most PDFs, one column after the other).
- **Paragraphs**: a new paragraph starts where the space above a line is more than
  :data:`PARAGRAPH_GAP` times the document's usual line spacing (scaled to the line's
  font size), where the font size
  changes, and at a line that opens with a bullet (a list item). A line that moves up
  the page (the next column) or onto the next page goes on with its paragraph. Lines of
  a paragraph are joined with a space; a word broken at a line's end (``exam-`` then
  ``ple``, the second in lower case) is joined again without its hyphen.
- **Headings**: a paragraph of at most :data:`HEADING_LINES` lines and
  :data:`HEADING_WORDS` words set at least :data:`HEADING_SIZE` times the size of the
  body text (the size most of the document's characters have). Its level is the rank of
  its size among the headings' sizes, the largest 1. Headings in the body's size (bold
  ones) are read as short paragraphs, which the default's section cues read as titles.

The result is written as :func:`linseg.corpus.webpage.blocks_text` writes any document:
headings as Markdown lines, so that the default cuts at the outline. Everything drawn as
text is kept, running headers, footers and page numbers included; text drawn as images
(a scan) is not text, and a PDF of scans reads as empty.
"""

from __future__ import annotations

import io
import os
import re
import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .suffixes import named
from .webpage import Block, blocks_text

__all__ = [
    "pdf_text",
    "sniff_pdf",
    "PARAGRAPH_GAP",
    "HEADING_SIZE",
    "HEADING_LINES",
    "HEADING_WORDS",
]

#: Space above a line, in usual line spacings, that starts a paragraph.
PARAGRAPH_GAP = 1.4
#: Font size, in body sizes, from which a short paragraph is a heading.
HEADING_SIZE = 1.15
#: The most lines and words a heading has.
HEADING_LINES = 3
HEADING_WORDS = 20

_BULLET = re.compile(r"[\u2022\u25e6\u25aa\u25cf\u2023\u2043\u2219\u00b7\u2013*-]\s")
_BROKEN_WORD = re.compile(r"[^\W\d_]-$")


@dataclass
class _Line:
    page: int
    y: float
    size: float
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join("".join(self.parts).split())


def sniff_pdf(data: bytes, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``data`` is a PDF: it opens with ``%PDF-`` (after white space), or its
    name ends in ``.pdf``."""
    if named(path) == "pdf":
        return True
    return data[:1024].lstrip(b" \t\r\n").startswith(b"%PDF-")


def pdf_text(data: bytes) -> str:
    """The text of the PDF ``data`` (see the module). Raises ValueError, saying why, for
    a file that is not a readable PDF, or when ``pypdf`` is not installed."""
    lines = _lines(data)
    if not lines:
        return ""
    body = _body_size(lines)
    spacing = _line_spacing(lines, body)
    paragraphs = list(_paragraphs(lines, spacing, body))
    sizes = sorted(
        {round(size * 2) / 2 for size, group in paragraphs if _is_heading(size, group, body)},
        reverse=True,
    )
    blocks: list[Block] = []
    for size, group in paragraphs:
        text = _joined(group)
        if _is_heading(size, group, body):
            blocks.append(("h", sizes.index(round(size * 2) / 2) + 1, text))
        elif _BULLET.match(group[0].text):
            blocks.append(("li", 0, text[2:].strip()))
        else:
            blocks.append(("p", 0, text))
    return blocks_text(blocks)


def _lines(data: bytes) -> list[_Line]:
    """Every line of text in the file, page by page, in drawing order."""
    try:
        import pypdf
        from pypdf.errors import PyPdfError
    except ImportError:
        raise ValueError("reading a PDF needs pypdf: pip install 'linseg[pdf]'") from None
    # pypdf reports a damaged file in many ways: its own errors (a bad cross-reference
    # table, an object that refers to itself), or those of the Python it runs.
    damaged = (
        *(PyPdfError, OSError, LookupError, TypeError, ValueError, AttributeError),
        *(ArithmeticError, RecursionError, AssertionError),
    )
    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        locked = reader.is_encrypted and not reader.decrypt("")
        lines: list[_Line] = []
        if not locked:
            for number, page in enumerate(reader.pages):
                page.extract_text(visitor_text=_collector(lines, number))
    except damaged as exc:
        raise ValueError(f"not a readable PDF: {exc}") from None
    if locked:
        raise ValueError("the PDF is encrypted with a password")
    return [line for line in lines if line.text]


def _collector(lines: list[_Line], page: int) -> Any:
    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if not text.strip():
            if lines and lines[-1].page == page and text:
                lines[-1].parts.append(" ")
            return
        # Where the text lands on the page, and its height there: the text matrix
        # carried through the current transformation.
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        scale = abs(tm[3] * cm[3] + tm[2] * cm[1]) or abs(tm[0] * cm[0]) or 1.0
        height = abs(size * scale) or 1.0
        last = lines[-1] if lines else None
        if last is not None and last.page == page and abs(last.y - y) < 0.5 * height:
            last.parts.append(text.replace("\n", " "))
            last.size = max(last.size, height)
        else:
            lines.append(_Line(page, y, height, [text.replace("\n", " ")]))

    return visit


def _body_size(lines: list[_Line]) -> float:
    """The size most characters are set in."""
    weight: dict[float, int] = {}
    for line in lines:
        key = round(line.size * 2) / 2
        weight[key] = weight.get(key, 0) + len(line.text)
    return max(weight, key=lambda k: weight[k])


def _line_spacing(lines: list[_Line], body: float) -> float:
    """The usual drop from one line of body text to the next on a page."""
    drops = [
        a.y - b.y
        for a, b in zip(lines, lines[1:])
        if a.page == b.page
        and abs(a.size - body) < 0.5
        and abs(b.size - body) < 0.5
        and 0 < a.y - b.y < 4 * body
    ]
    return statistics.median(drops) if drops else 1.2 * body


def _paragraphs(
    lines: list[_Line], spacing: float, body: float
) -> Iterator[tuple[float, list[_Line]]]:
    """The lines grouped into paragraphs, each with its font size."""
    group = [lines[0]]
    for prev, line in zip(lines, lines[1:]):
        drop = prev.y - line.y if prev.page == line.page else 0.0
        # Larger type is set with more space between its lines.
        usual = spacing * max(prev.size, line.size) / body
        if (
            drop > PARAGRAPH_GAP * usual
            or abs(line.size - prev.size) > 0.1 * max(line.size, prev.size)
            or _BULLET.match(line.text)
        ):
            yield max(x.size for x in group), group
            group = []
        group.append(line)
    yield max(x.size for x in group), group


def _is_heading(size: float, group: list[_Line], body: float) -> bool:
    return (
        size >= HEADING_SIZE * body
        and len(group) <= HEADING_LINES
        and sum(len(x.text.split()) for x in group) <= HEADING_WORDS
    )


def _joined(group: list[_Line]) -> str:
    """A paragraph's lines as one line of text, broken words mended."""
    text = group[0].text
    for line in group[1:]:
        nxt = line.text
        if _BROKEN_WORD.search(text) and nxt[:1].islower():
            text = text[:-1] + nxt
        else:
            text = f"{text} {nxt}"
    return text

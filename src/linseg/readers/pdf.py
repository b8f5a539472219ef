"""PDF files: their text, with the paragraphs, headings and code their layout shows.

A PDF holds no paragraphs or headings, only pieces of text drawn at places in fonts of
sizes. :func:`pdf_text` reads the pieces with ``pypdf`` (``pip install 'linseg[pdf]'``)
and rebuilds the structure a reader sees:

- **Lines**: pieces drawn at the same height, in the order the file draws them (the
  reading order of most PDFs, one column after the other). A font is bold or
  monospaced by its name (``Times-Bold``, ``Courier``) or its descriptor's weight and
  flags.
- **Page furniture** is left out: a line at the top or bottom of a page (its two highest
  and two lowest) that is a page number (``12``, ``Page 3 of 9``, ``- iv -``), or that
  recurs, digits aside, at the top or bottom of at least :data:`RUNNING_SHARE` of the
  pages and of three (a running header or footer: a title, a date, an address), and has
  a letter besides its digits (a changelog's version headings, one atop each page,
  recur digits aside too); and a line that recurs so on three pages or more of a
  stretch (at least :data:`RUNNING_SHARE` of its pages) with each page's number (a
  book's running head, which names its chapter). A
  document of one page keeps every line.
- **Paragraphs**: a new paragraph starts where the space above a line is more than
  :data:`PARAGRAPH_GAP` times the document's usual line spacing (scaled to the line's
  font size); where the font size changes, or a line is set wholly in bold or in a
  monospaced font and the line before is not (or the other way round); at a line that
  opens with a bullet (a list item); at a line indented 0.8-5 ems from its column's
  margin after a line that ended a sentence (paragraphs set, as LaTeX and books set
  them, by a first-line indent and no space); and after a line that stops short (less
  than :data:`SHORT_LINE` of the usual line's characters, at its size) and ends a
  sentence or is bold. A line that moves up the page (the next column) or onto the next
  page otherwise goes on with its paragraph, so a paragraph runs on across a page
  break. Lines of a paragraph are joined with a space; a word broken at a line's end
  (``exam-`` then ``ple``, the second in lower case) is joined again without its hyphen.
- **Captions**: a float's caption (``Figure 4:``, ``Table 1.``) is a paragraph of its
  own, from the top of a column or a page, to where a sentence of it ends; and where it
  is drawn between two parts of a paragraph of body text (LaTeX sets a figure atop the
  next column, where the text runs on), one that stops mid-sentence on a word and one
  that goes on with a word in lower case, the paragraph is read whole and the caption
  after it.
- **Footnotes**: a note set at a page's foot (a line in type smaller than the line
  above that calls it with a mark, a number or a printer's symbol set small and raised,
  and that opens with the same mark: raised, as LaTeX sets it, or not, at the foot, as
  word processors set it) is read where that mark stands, in brackets, as every reader
  shows a note, and so no longer splits a paragraph that runs on to the next page. A raised number with no note
  on its page (a formula's power, an endnote's mark) is kept after a space.
- **Headings**: a paragraph of at most :data:`HEADING_LINES` lines and
  :data:`HEADING_WORDS` words set at least :data:`HEADING_SIZE` times the size of the
  body text (the size most of the document's characters of prose have: of the lines
  not in a monospaced font, where they hold :data:`PROSE_SHARE` of the characters, for
  a README's code, set smaller, may outweigh its prose); and, below those, one
  set wholly in bold at about the body's size that stops short of the margin, opens in
  upper case and does not end in ``.``, ``,``, ``;`` or ``:`` (a lead-in sentence or a
  "Note:" is no heading), nor is an entry of a table of contents (a number, a title and
  a page's number, beside another such entry). Its level is the rank of its size among the headings' sizes,
  the largest 1, and the bold ones in the body's size ranked after them; among headings
  of one size, a numbered one ranks by its number's depth (``3.1`` a level below ``3``
  and below an unnumbered one, such as "Acknowledgements").
  Below those, one line wholly in bold monospaced type that the bold rule does not take
  (it opens in lower case, say), at the body's size or the code's, with more than
  :data:`CODE_HEADING_SPACE` line spacings above it (of its own size, when prose follows
  it) and less below, not close above code: a heading that names a function (``###
  `resolver.cancel()` ``, as pdflatex and browsers set it, and word processors in the
  code's smaller size), ranked below the bold ones.
- **Code**: a paragraph set in a monospaced font at the body's size or smaller is a code
  block, its lines kept as lines, each indented by its own spaces and by how far right
  of the block's leftmost line it is drawn; but one line set wholly in bold is a heading
  that names a function (a browser prints Markdown's ``### `f()` `` so), unless code
  stands close above or below it (a highlighter's keyword in bold). A line that
  opens with a bullet is a list item, even one that names code, and inline code that a
  paragraph wraps onto a line of its own (the line before runs to the margin without
  ending a sentence, at the usual spacing) stays in the paragraph.

The result is written as :func:`linseg.readers.webpage.blocks_text` writes any document:
headings as Markdown lines and code between fences, so that the default cuts at the
outline. Text drawn as images (a scan) is not text, and a PDF of scans reads as empty."""

from __future__ import annotations

import os
import re

from linseg.readers.catalogue import opens_pdf
from linseg.readers.formats import named
from linseg.readers.pdf_layout import (
    _BULLET,
    _CAPTION,
    HEADING_SIZE,
    _body_size,
    _code,
    _in_contents,
    _is_bold_heading,
    _is_code_heading,
    _is_heading,
    _joined,
    _left_edges,
    _line_spacing,
    _measure,
    _paragraphs,
    _size_key,
    _within_code,
    _without_furniture,
)
from linseg.readers.pdf_lines import _bold_line, _Line, _lines
from linseg.readers.webpage import Block, blocks_text
from linseg.text.outline import _number_depth

__all__ = ["pdf_text", "sniff_pdf"]

# A paragraph's text that stops mid-sentence (a word, a comma, a hyphen) and text that
# goes on with one (a word in lower case, then a space or a mark): not a table's cells,
# nor a formula ("p(error|ref, ...)").
_RUNS_ON = re.compile(r"[^\W\d_][,;-]?$")
_GOES_ON = re.compile(r"[^\W\d_A-Z]+[\s,;:]")


def sniff_pdf(data: bytes, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``data`` is a PDF: it opens with ``%PDF-`` (after white space), or its
    name ends in ``.pdf``."""
    return named(path) == "pdf" or opens_pdf(data)


def pdf_text(data: bytes) -> str:
    """The text of the PDF ``data`` (see the module). Raises ValueError, saying why, for
    a file that is not a readable PDF, or when ``pypdf`` is not installed."""
    lines = _without_furniture(_lines(data))
    if not lines:
        return ""
    body = _body_size(lines)
    code_lines = [line for line in lines if line.is_code]
    code_size = _body_size(code_lines) if code_lines else body
    spacing = _line_spacing(lines, body)
    measure = _measure(lines, body)
    paragraphs = _around_captions(
        list(_paragraphs(lines, spacing, _left_edges(lines), measure, body)), body
    )
    blocks: list[Block] = []
    # Each heading's rank: the larger ones first, the bold ones in the body's size below
    # them, each by its size, and the names of functions below those; among headings of
    # one size, a numbered one by its number's depth ("3.1" below "3").
    ranks: list[tuple[int, float, int]] = []
    for k, (size, group) in enumerate(paragraphs):
        before = paragraphs[k - 1][1][-1] if k else None
        after = paragraphs[k + 1][1][0] if k + 1 < len(paragraphs) else None
        # Code is set in the body's size or smaller; larger monospaced type is a
        # heading that names a function, and so is a line of it in bold, unless code
        # stands close above or below it (a highlighter sets keywords in bold).
        if (
            group[0].is_code
            and size < HEADING_SIZE * body
            and (not _bold_line(group) or _within_code(before, group[0], after, spacing))
        ):
            code = _code(group)
            if blocks and blocks[-1][0] == "pre":
                # A blank line inside a code block, not the end of it; or no line at
                # all, before or after a line in bold.
                gap = "\n" if _within_code(before, group[0], None, spacing) else "\n\n"
                code = f"{blocks.pop()[2]}{gap}{code}"
            blocks.append(("pre", 0, code))
            continue
        text = _joined(group)
        # (Shown with the notes its lines call; most paragraphs call none.)
        shown = _joined(group, notes=True) if any(line.notes for line in group) else text
        if _is_heading(size, group, body):
            tier = 0
        elif _is_bold_heading(size, group, text, measure, body) and not _in_contents(
            paragraphs, k, text
        ):
            tier = 1
        elif _is_code_heading(size, group, before, after, spacing, body, code_size):
            tier = 2  # below the bold ones: a function's name under its section's title
        elif _BULLET.match(group[0].text):
            blocks.append(("li", 0, shown[2:].strip()))
            continue
        else:
            blocks.append(("p", 0, shown))
            continue
        blocks.append(("h", len(ranks), shown))  # its level, once all are ranked
        ranks.append((tier, -_size_key(size), _number_depth(text) or 1))
    levels = sorted(set(ranks))
    blocks = [
        (kind, levels.index(ranks[at]) + 1 if kind == "h" else at, text)
        for kind, at, text in blocks
    ]
    return blocks_text(blocks)


def _around_captions(
    paragraphs: list[tuple[float, list[_Line]]], body: float
) -> list[tuple[float, list[_Line]]]:
    """``paragraphs`` with each paragraph of body text that a float's caption
    interrupts (LaTeX draws a figure or table where it floats, in the middle of a
    column's text) joined again, the caption after it: the paragraph before the caption
    stops without ending a sentence, and the one after it opens in lower case."""
    out: list[tuple[float, list[_Line]]] = []
    k = 0
    while k < len(paragraphs):
        if 0 < k < len(paragraphs) - 1 and _interrupts(
            out[-1], paragraphs[k], paragraphs[k + 1], body
        ):
            size, before = out.pop()
            out += [(size, before + paragraphs[k + 1][1]), paragraphs[k]]
            k += 2
        else:
            out.append(paragraphs[k])
            k += 1
    return out


def _interrupts(
    before: tuple[float, list[_Line]],
    caption: tuple[float, list[_Line]],
    after: tuple[float, list[_Line]],
    body: float,
) -> bool:
    """Whether ``caption`` is a float's caption drawn between two parts of one paragraph
    of body text (see :func:`_around_captions`)."""
    # (The caption's lines are joined last: most paragraphs fail a test before it.)
    return (
        abs(before[0] - body) < 0.5
        and abs(after[0] - body) < 0.5
        and not before[1][-1].is_code
        and not after[1][0].is_code
        and _RUNS_ON.search(before[1][-1].text) is not None
        and _GOES_ON.match(after[1][0].text) is not None
        and bool(_CAPTION.match(_joined(caption[1])))
    )

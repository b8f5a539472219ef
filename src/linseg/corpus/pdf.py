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

The result is written as :func:`linseg.corpus.webpage.blocks_text` writes any document:
headings as Markdown lines and code between fences, so that the default cuts at the
outline. Text drawn as images (a scan) is not text, and a PDF of scans reads as empty.
"""

from __future__ import annotations

import io
import logging
import os
import re
import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from ..progress import report_pages
from ..sentences import _number_depth
from .markup import note_in_brackets
from .suffixes import named, opens_pdf
from .webpage import Block, blocks_text

__all__ = [
    "pdf_text",
    "sniff_pdf",
    "PARAGRAPH_GAP",
    "HEADING_SIZE",
    "HEADING_LINES",
    "HEADING_WORDS",
    "RUNNING_SHARE",
    "SHORT_LINE",
    "CODE_HEADING_SPACE",
    "PROSE_SHARE",
]

#: Space above a line, in usual line spacings, that starts a paragraph.
PARAGRAPH_GAP = 1.4
#: Font size, in body sizes, from which a short paragraph is a heading.
HEADING_SIZE = 1.15
#: The most lines and words a heading has.
HEADING_LINES = 3
HEADING_WORDS = 20

#: Share of the pages at whose top or bottom a line recurs to be a running header or
#: footer.
RUNNING_SHARE = 0.4
#: Space above a bold monospaced line in lower case, in usual line spacings, from which
#: it is a heading.
CODE_HEADING_SPACE = 2.1
#: Share of a document's characters that its prose (the lines not in a monospaced
#: font) must hold for the body's size to be read from it alone.
PROSE_SHARE = 0.25
#: The most spaces a code line is indented by (a line drawn far right of its block, as
#: only a damaged or made-up file draws one, had been a billion spaces): as many
#: monospaced characters as a line on a wide page holds in small type.
MAX_CODE_INDENT = 200
#: Share of the usual line's length below which a line that ends a sentence ends its
#: paragraph.
SHORT_LINE = 0.6

# (TeX's bold fonts by their names: Computer Modern's CMBX12 and CMSSBX10, cm-super's
# SFBX1200, SFSX1000 and SFBI1000, which LaTeX sets with T1 encoding, CS fonts' csbx10.)
_BOLD_NAME = re.compile(r"bold|black|heavy|demi|semibold|\bbx|bx\d|sfb[ix]\d|sfsx\d", re.I)
_MONO_NAME = re.compile(r"mono|courier|consol|cmtt|sftt|lmtt|typewriter|menlo|inconsolata", re.I)
_DIGITS = re.compile(r"\d+")
_LAST_NUMBER = re.compile(r"(\d{1,6})\D*$")
# A page number alone, as a header or footer sets it (digits already read as 0).
_PAGE_NUMBER = re.compile(r"(page )?[-\u2013\u2014 ]*(0|[ivxlc]+)( ?(/|of) ?0)?[-\u2013\u2014 ]*")
_SENTENCE_END = frozenset(".!?:;\"'\u201d\u2019)]")
_BULLET = re.compile(r"[\u2022\u25e6\u25aa\u25cf\u2023\u2043\u2219\u00b7\u2013*-]\s")
_BULLET_GLYPHS = frozenset("\u2022\u25e6\u25aa\u25cf\u2023\u2043\u2219")
_CONTENTS_ENTRY = re.compile(r"(?:\d{1,3}(?:\.\d{1,3})*|[A-Z])\.?\s+\D.*?\s\d{1,4}")
_BROKEN_WORD = re.compile(r"[^\W\d_]-$")
# A float's caption: "Figure 4:", "Table 10.2.:", "Fig. 3.", "Listing 2:".
_CAPTION = re.compile(r"(?:Figure|Fig\.|Table|Listing|Algorithm)\s*\d+(?:[.-]\d+)*\.?\s*[.:]")
# A paragraph's text that stops mid-sentence (a word, a comma, a hyphen) and text that
# goes on with one (a word in lower case, then a space or a mark): not a table's cells,
# nor a formula ("p(error|ref, ...)").
_RUNS_ON = re.compile(r"[^\W\d_][,;-]?$")
_GOES_ON = re.compile(r"[^\W\d_A-Z]+[\s,;:]")
_NOTE_MARK = re.compile(r"\d{1,3}|[*\u2217\u2020\u2021\u00a7\u00b6]{1,3}")


@dataclass
class _Line:
    page: int
    y: float
    x: float
    size: float
    parts: list[str] = field(default_factory=list)
    #: Each part's baseline and height: a footnote's mark is set smaller and raised.
    spans: list[tuple[float, float]] = field(default_factory=list)
    #: Characters drawn, and of them those in a bold and in a monospaced font.
    chars: int = 0
    bold: int = 0
    mono: int = 0
    #: The footnotes the line calls, by the index of the part that was their mark:
    #: shown in the text, but not read by the rules of layout (a heading that calls a
    #: long note is still a short line).
    notes: dict[int, str] = field(default_factory=dict)

    @cached_property
    def text(self) -> str:
        # Read once the page is read: the parts are all drawn by then.
        return " ".join(self.drawn(notes=False).split())

    def drawn(self, notes: bool = True) -> str:
        """The parts as drawn, each note the line calls in brackets where its mark
        stood (``notes``)."""
        if not notes or not self.notes:
            return "".join(self.parts)
        parts = list(self.parts)
        for k in sorted(self.notes):
            parts[k] = note_in_brackets(self.notes[k], "".join(parts[:k]))
        return "".join(parts)

    @property
    def is_bold(self) -> bool:
        return self.bold >= 0.9 * self.chars > 0

    @property
    def is_code(self) -> bool:
        # A line that opens with a bullet is a list item, even one that names code.
        return self.mono >= 0.9 * self.chars > 0 and self.text[:1] not in _BULLET_GLYPHS


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


def _bold_line(group: list[_Line]) -> bool:
    """Whether a paragraph is one line set wholly in bold: in a monospaced font, a
    heading that names a function (``### `Agent.close()` ``), not code, which is set
    in the regular weight."""
    return len(group) == 1 and group[0].is_bold


def _lines(data: bytes) -> list[_Line]:
    """Every line of text in the file, page by page, in drawing order."""
    try:
        import pypdf
        from pypdf.errors import DeprecationError, PyPdfError
    except ImportError:
        raise ValueError("reading a PDF needs pypdf: pip install 'linseg[pdf]'") from None
    # pypdf reports a damaged file in many ways: its own errors (a bad cross-reference
    # table, an object that refers to itself), or those of the Python it runs.
    # (RuntimeError takes in a stream in a filter pypdf does not know, NotImplementedError,
    # and an object nested past Python's recursion limit.)
    # (DeprecationError, which is no PyPdfError: a filter's abbreviation, /Fl, in a page.)
    damaged = (
        *(PyPdfError, DeprecationError, OSError, LookupError, TypeError, ValueError),
        *(AttributeError, ArithmeticError, RuntimeError, AssertionError),
    )
    # pypdf logs each flaw it reads past, some as errors (an encoding it does not know);
    # the text read is the answer, so none is shown (a file it cannot read at all is
    # refused below, in one line).
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL + 1)
    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        locked = reader.is_encrypted and not reader.decrypt("")
        lines: list[_Line] = []
        if not locked:
            total = len(reader.pages)
            last_note: _PlacedNote | None = None  # the last note placed, on any page
            for number, page in enumerate(reader.pages):
                # Each font's faces, by the identity of its dictionary, which lives as
                # long as its page is read.
                faces: dict[int, tuple[bool, bool]] = {}
                first = len(lines)
                page.extract_text(visitor_text=_collector(lines, number, faces))
                lines[first:], last_note = _notes_in_place(lines[first:], last_note)
                report_pages(number + 1, total)
    except damaged as exc:
        raise ValueError(f"not a readable PDF: {exc}") from None
    finally:
        log.setLevel(level)
    if locked:
        raise ValueError("the PDF is encrypted with a password")
    return [line for line in lines if line.text]


class _PlacedNote(NamedTuple):
    """A footnote read where its mark stands: the line that calls it, the index of its
    mark among the line's parts, the size of the note's own lines, and whether the note
    ends its page (the page's number aside), as one that goes on overleaf does."""

    line: _Line
    mark: int
    size: float
    at_foot: bool


def _notes_in_place(
    lines: list[_Line], last: _PlacedNote | None = None
) -> tuple[list[_Line], _PlacedNote | None]:
    """A page's ``lines`` with each footnote read where its mark stands in the text, in
    brackets, as every reader shows a note (:func:`.markup.note_in_brackets`), and left
    out of the page's foot, where it would break a paragraph that runs on to the next
    page; and the last note placed (``last``: the one before the page). A note
    (:func:`_note_starts`) is a line that opens with the number or symbol of a mark
    (:func:`_marks`) above it on the page, in type smaller than the mark's line, and
    the lines of its size below it up to the next note. A note that the page before
    left unfinished goes on at the top of this page's notes (:func:`_carried_over`). A
    mark with no note on its page (an endnote's, or a number raised in a formula) stays
    a number after a space, and a note with no mark above it stays where it is, its
    raised mark apart from its text."""
    marks = [_marks(line) for line in lines]
    starts = _note_starts(lines, marks)
    dropped: set[int] = set()
    if (
        last is not None
        and last.at_foot
        and last.line.notes[last.mark].rstrip()[-1:] not in _SENTENCE_END
        and (carried := _carried_over(lines, starts, last.size))
    ):
        shown = _joined([lines[i] for i in carried], notes=True)
        last.line.notes[last.mark] = f"{last.line.notes[last.mark]} {shown}"
        dropped.update(carried)
    used: set[tuple[int, int]] = set()
    for i, (k, raised) in starts.items():
        line = lines[i]
        mark = line.parts[k].strip()
        end = i + 1
        while (
            end < len(lines)
            and abs(lines[end].size - line.size) < 0.5
            and lines[end].y < lines[end - 1].y
            and end not in starts
        ):
            end += 1
        found = next(
            (
                (j, m)
                for j in range(i)
                for m in marks[j]
                if (j, m) not in used
                and j not in dropped
                and lines[j].parts[m].strip() == mark
                and lines[j].size > line.size + 0.5
            ),
            None,
        )
        if found is None:
            if raised:
                _set_part(line, k, f"{mark} ")
            continue
        _set_part(line, k, "")
        j, m = found
        used.add(found)
        dropped.update(range(i, end))
        _set_part(lines[j], m, "")
        lines[j].notes[m] = _joined(lines[i:end], notes=True)
        below = any(x.y < lines[end - 1].y and not _is_page_number(x) for x in lines)
        last = _PlacedNote(lines[j], m, line.size, not below)
    for j, line in enumerate(lines):
        for m in marks[j]:
            if (j, m) not in used and starts.get(j, (None,))[0] != m:
                _set_part(line, m, f" {line.parts[m].strip()}")
    return [line for i, line in enumerate(lines) if i not in dropped], last


def _carried_over(
    lines: list[_Line], starts: dict[int, tuple[int, bool]], size: float
) -> list[int]:
    """The lines of a page that go on with the note the page before left unfinished, as
    LaTeX sets a long note: at the top of the page's foot, below every line of the text
    (in type larger than the note's, the page's number aside), in the note's ``size``,
    not code, above the page's own notes and drawn before them; none if the page's foot
    opens with a note of its own."""
    order = sorted(range(len(lines)), key=lambda i: -lines[i].y)  # top to bottom
    text = [
        k
        for k, i in enumerate(order)
        if lines[i].size > size + 0.5 and not _is_page_number(lines[i])
    ]
    if not text:
        return []
    carried: list[int] = []
    for i in order[text[-1] + 1 :]:
        if i in starts or abs(lines[i].size - size) >= 0.5 or lines[i].is_code:
            break
        carried.append(i)
    # Above the page's own notes, and drawn before them (in two columns, a note's own
    # lines can stand below the lowest line of the other column's text).
    if any(lines[i].y <= lines[j].y or i >= j for i in carried for j in starts):
        return []
    return carried


def _is_page_number(line: _Line) -> bool:
    return _PAGE_NUMBER.fullmatch(_DIGITS.sub("0", line.text.lower())) is not None


def _set_part(line: _Line, k: int, text: str) -> None:
    """Part ``k`` of ``line`` drawn as ``text``, its text read again."""
    line.parts[k] = text
    line.__dict__.pop("text", None)  # the cached text


def _marks(line: _Line) -> list[int]:
    """The indexes of ``line``'s parts that are footnote marks: a number of up to three
    digits or up to three of a printer's symbols (``*``, LaTeX's ``\u2217``, ``\u2020``,
    ``\u2021``, ``\u00a7``, ``\u00b6``), set at most 0.85 of the line's size and raised at least 0.2
    of it above the line's baseline."""
    return [
        k
        for k, (part, (y, height)) in enumerate(zip(line.parts, line.spans))
        if height <= 0.85 * line.size
        and y - line.y >= 0.2 * line.size
        and _NOTE_MARK.fullmatch(part.strip())
    ]


def _note_starts(lines: list[_Line], marks: list[list[int]]) -> dict[int, tuple[int, bool]]:
    """The lines of a page that may open a footnote, each with the index of the part
    that is its mark and whether that mark is raised: a line that opens with a mark of
    its own (of ``marks``; LaTeX sets a note so), or with a number or symbol drawn
    apart from the text after it, on a line below which the page holds only lines of
    its size or smaller, and a page number (a word processor sets its notes in smaller
    type, the number not raised, at the foot, above the page's number)."""
    starts: dict[int, tuple[int, bool]] = {}
    foot = {
        i
        for i in sorted(range(len(lines)), key=lambda i: lines[i].y)[:2]
        if _is_page_number(lines[i])
    }
    largest_below = 0.0  # the largest size drawn after line i, the page's number aside
    for i in range(len(lines) - 1, -1, -1):
        line = lines[i]
        drawn = [k for k, part in enumerate(line.parts) if part.strip()]
        if len(drawn) < 2:
            pass
        elif drawn[0] in marks[i]:
            starts[i] = (drawn[0], True)
        elif _NOTE_MARK.fullmatch(line.parts[drawn[0]].strip()) and largest_below < line.size + 0.5:
            starts[i] = (drawn[0], False)
        if i not in foot:
            largest_below = max(largest_below, line.size)
    return dict(sorted(starts.items()))


def _collector(lines: list[_Line], page: int, faces: dict[int, tuple[bool, bool]]) -> Any:
    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if not text.strip():
            if lines and lines[-1].page == page and text:
                lines[-1].parts.append(" ")
                lines[-1].spans.append((lines[-1].y, 0.0))
            return
        # Where the text lands on the page, and its height there: the text matrix
        # carried through the current transformation.
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        scale = abs(tm[3] * cm[3] + tm[2] * cm[1]) or abs(tm[0] * cm[0]) or 1.0
        height = abs(size * scale) or 1.0
        last = lines[-1] if lines else None
        # (The larger of the two sizes: a footnote's mark, small and raised, goes with
        # the line it is set on, whether it comes before the line's text or after it.)
        if (
            last is not None
            and last.page == page
            and abs(last.y - y) < 0.5 * max(height, last.size)
        ):
            last.parts.append(text.replace("\n", " "))
            last.spans.append((y, height))
            if height > last.size:
                # The line's baseline is its text's, not a mark's that opens it.
                last.size, last.y = height, y
            last.x = min(last.x, x)
        else:
            last = _Line(page, y, x, height, [text.replace("\n", " ")], [(y, height)])
            lines.append(last)
        face = faces.get(id(font))
        if face is None:
            face = faces[id(font)] = (False, False) if font is None else _face(font)
        bold, mono = face
        drawn = len(text) - text.count(" ")
        last.chars += drawn
        last.bold += drawn if bold else 0
        last.mono += drawn if mono else 0

    return visit


def _face(font: Any) -> tuple[bool, bool]:
    """Whether ``font`` is bold, and whether it is monospaced: by its name, or by its
    descriptor's weight and flags (bit 1 fixed pitch, bit 19 forced bold)."""
    name = str(font.get("/BaseFont", "")).split("+")[-1]
    descriptor: Any = font.get("/FontDescriptor")
    if descriptor is None and "/DescendantFonts" in font:
        descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    flags = int(descriptor.get("/Flags", 0) or 0)
    weight = float(descriptor.get("/FontWeight", 0) or 0)
    bold = bool(_BOLD_NAME.search(name)) or weight >= 600 or bool(flags & 1 << 18)
    mono = bool(_MONO_NAME.search(name)) or bool(flags & 1)
    return bold, mono


def _without_furniture(lines: list[_Line]) -> list[_Line]:
    """``lines`` without the page's furniture: a page's top or bottom line that is a
    page number, or that recurs, digits aside, at the top or bottom of at least
    :data:`RUNNING_SHARE` of the pages (and of three), or of the pages of a stretch of
    them with its page's number (a book's running head, which names its chapter)."""
    pages: dict[int, list[int]] = {}
    for i, line in enumerate(lines):
        pages.setdefault(line.page, []).append(i)
    if len(pages) < 2:
        return lines
    edges: dict[int, str] = {}
    for members in pages.values():
        by_height = sorted(members, key=lambda i: lines[i].y)
        for i in by_height[:2] + by_height[-2:]:
            edges[i] = _DIGITS.sub("0", lines[i].text.lower())
    seen: dict[str, set[int]] = {}
    # For each line, the differences between its pages' indexes and the number it ends
    # with: one difference for a running head that prints its page's number.
    offsets: dict[str, set[int | None]] = {}
    for i, key in edges.items():
        seen.setdefault(key, set()).add(lines[i].page)
        number = _LAST_NUMBER.search(lines[i].text)
        offset = lines[i].page - int(number.group(1)) if number else None
        offsets.setdefault(key, set()).add(offset)
    least = max(3, RUNNING_SHARE * len(pages))
    # A recurring line is a running head only if it has a letter besides its digits: a
    # changelog's version headings ("3.3.0 (2023-09-30)"), one at the top of each page,
    # recur digits aside too. A book's running head names its chapter, and recurs on
    # the chapter's pages alone, with each page's number.
    furniture = {
        i
        for i, key in edges.items()
        if _PAGE_NUMBER.fullmatch(key)
        or (
            any(c.isalpha() for c in key)
            and (
                len(seen[key]) >= least
                or (
                    len(offsets[key]) == 1 and None not in offsets[key] and _runs_through(seen[key])
                )
            )
        )
    }
    return [line for i, line in enumerate(lines) if i not in furniture]


def _runs_through(pages: set[int]) -> bool:
    """Whether a line that recurs on ``pages`` recurs as a stretch's running head does:
    on three pages or more, and on at least :data:`RUNNING_SHARE` of those from the
    first to the last (a book sets its chapter's title atop every other page)."""
    return len(pages) >= 3 and len(pages) >= RUNNING_SHARE * (max(pages) - min(pages) + 1)


def _body_size(lines: list[_Line]) -> float:
    """The size most characters of prose are set in: of the lines that are not code,
    where they hold at least :data:`PROSE_SHARE` of the characters (a README's code,
    set smaller, can outweigh its prose, whose every line would then read as larger
    than the body: a heading); else of every line."""
    weight: dict[float, int] = {}
    prose: dict[float, int] = {}
    for line in lines:
        key = _size_key(line.size)
        weight[key] = weight.get(key, 0) + len(line.text)
        if not line.is_code:
            prose[key] = prose.get(key, 0) + len(line.text)
    if sum(prose.values()) >= PROSE_SHARE * sum(weight.values()):
        weight = prose
    return max(weight, key=lambda k: weight[k])


def _size_key(size: float) -> float:
    return round(size * 2) / 2


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


def _measure(lines: list[_Line], body: float) -> float:
    """The usual length of a line of body text, in characters."""
    lengths = [len(x.text) for x in lines if abs(x.size - body) < 0.5 and not x.is_code]
    return statistics.median(lengths) if lengths else 0.0


def _left_edges(lines: list[_Line]) -> dict[int, list[float]]:
    """Each page's left margins (one a column): where at least a quarter of its lines
    start, to the nearest point."""
    starts: dict[int, dict[int, int]] = {}
    for line in lines:
        count = starts.setdefault(line.page, {})
        count[round(line.x)] = count.get(round(line.x), 0) + 1
    return {
        page: [x for x, n in count.items() if n >= 0.25 * sum(count.values())]
        for page, count in starts.items()
    }


def _indent(line: _Line, edges: list[float]) -> float:
    """How far ``line`` starts right of the nearest left margin clearly before it (a
    paragraph's first lines, if many, start at a margin of their own)."""
    before = [x for x in edges if x < line.x - 0.8 * line.size]
    return line.x - max(before) if before else 0.0


def _paragraphs(
    lines: list[_Line],
    spacing: float,
    edges: dict[int, list[float]],
    measure: float,
    body: float,
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
            # (A float's caption atop a column or a page does not go on with the text.)
            or (drop <= 0 and _CAPTION.match(line.text))
            # (and ends where a sentence of it ends: a formula or text set after it
            # is no part of it.)
            or (_CAPTION.match(group[0].text) and prev.text[-1:] == ".")
            or (
                line.is_code != prev.is_code
                and not _wrapped(group, prev, drop, usual, measure, body)
            )
            or line.is_bold != prev.is_bold
            or (not line.is_code and _indented(prev, line, edges, drop))
            or (not line.is_code and _ended(prev, measure, body))
        ):
            yield max(x.size for x in group), group
            group = []
        group.append(line)
    yield max(x.size for x in group), group


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


def _wrapped(
    group: list[_Line], prev: _Line, drop: float, usual: float, measure: float, body: float
) -> bool:
    """Whether a line that is code where the line before is not (or the other way round)
    goes on with a paragraph of prose, ``group``: inline code that the paragraph wrapped
    onto a line of its own. The line before runs to the margin (0.7 of the usual line's
    characters: monospaced ones are wider) without ending a sentence, and the usual
    spacing, not a code block's space, is above the line."""
    return (
        not group[0].is_code
        and 0 < drop < 1.2 * usual
        and prev.text[-1:] not in _SENTENCE_END
        and len(prev.text) >= 0.7 * measure * body / prev.size
    )


def _indented(prev: _Line, line: _Line, edges: dict[int, list[float]], drop: float) -> bool:
    """Whether ``line`` opens a paragraph by its first-line indent (as LaTeX and many
    books set paragraphs, with no space between them): it starts 0.8-5 ems right of its
    margin, further right than the line before on the same column, which ended a
    sentence."""
    indent = _indent(line, edges[line.page])
    return (
        0.8 * line.size < indent < 5 * line.size
        and (drop <= 0 or line.x - prev.x > 0.8 * line.size)
        and prev.text[-1:] in _SENTENCE_END
    )


def _ended(line: _Line, measure: float, body: float) -> bool:
    """Whether ``line`` ends its paragraph by stopping short: it fills less than
    :data:`SHORT_LINE` of the usual line (fewer characters fit a line of larger type),
    and ends a sentence or is set in bold (a heading, which a next heading would
    otherwise join)."""
    return len(line.text) < SHORT_LINE * measure * body / line.size and (
        line.is_bold or line.text[-1:] in _SENTENCE_END
    )


def _is_heading(size: float, group: list[_Line], body: float) -> bool:
    return (
        size >= HEADING_SIZE * body
        and len(group) <= HEADING_LINES
        and sum(len(x.text.split()) for x in group) <= HEADING_WORDS
    )


def _is_bold_heading(
    size: float, group: list[_Line], text: str, measure: float, body: float
) -> bool:
    """A short paragraph set wholly in bold at about the body's size, whose last line
    stops short of the margin (a bold line that runs on opens a paragraph), and that
    neither ends like a sentence or a lead-in (``.``, ``:``) nor opens in lower case: a
    heading below those set larger. ``text``: the paragraph's, joined."""
    return (
        group[0].is_bold
        and 0.9 * body <= size < HEADING_SIZE * body
        and len(group[-1].text) < 0.9 * measure
        and len(group) <= HEADING_LINES
        and len(text.split()) <= HEADING_WORDS
        and text[-1] not in ".,;:"
        and not text[0].islower()
        and not _BULLET.match(text)
    )


def _in_contents(paragraphs: list[tuple[float, list[_Line]]], k: int, text: str) -> bool:
    """Whether paragraph ``k`` (its ``text``) is an entry of a table of contents, which
    LaTeX sets in bold for a chapter: a section's number, a title and a page's number
    (``6 Notes on Windows 21``), beside another entry (``6.1 Windows-specific features .
    . . 21``). A heading alone may end in a number (``3.2 Changes in Python 3``)."""
    if not _CONTENTS_ENTRY.fullmatch(text):
        return False
    return any(
        0 <= j < len(paragraphs) and _CONTENTS_ENTRY.fullmatch(_joined(paragraphs[j][1]))
        for j in (k - 1, k + 1)
    )


def _is_code_heading(
    size: float,
    group: list[_Line],
    before: _Line | None,
    after: _Line | None,
    spacing: float,
    body: float,
    code: float,
) -> bool:
    """One line wholly in bold monospaced type at about the body's size, or at the
    ``code``'s usual size if smaller (a word processor sets a heading that is all code
    so), in lower case too, which :func:`_is_bold_heading` does not take; with at least
    :data:`CODE_HEADING_SPACE` line spacings above it (from ``before``, the line before
    it on its page) and set apart from ``after`` as a heading is (:func:`_heads`): a
    heading that names a function (``### `resolver.cancel()` `` in LaTeX or a browser),
    not an API's signature, which has less space above it."""
    line = group[0]
    return (
        _bold_line(group)
        and line.is_code
        and 0.9 * min(body, code) <= size < HEADING_SIZE * body
        and before is not None
        and before.page == line.page
        # (Spacings of the line's own size, smaller type being set closer, when prose
        # follows; above more code, a highlighted first line of it ("import sys" in
        # bold) stands as far below the text before, so the body's spacings.)
        and before.y - line.y
        >= CODE_HEADING_SPACE
        * spacing
        * (1.0 if after and after.is_code else min(1.0, size / body))
        and (after is None or after.page != line.page or _heads(before, line, after, spacing))
        and len(line.text.split()) <= HEADING_WORDS
    )


def _within_code(before: _Line | None, line: _Line, after: _Line | None, spacing: float) -> bool:
    """Whether code stands close (less than 1.3 line spacings) above or below ``line``
    on its page: ``line`` is a line of that code block."""
    return any(
        other is not None
        and other.is_code
        and other.page == line.page
        and 0 < abs(other.y - line.y) < 1.3 * spacing
        for other in (before, after)
    )


def _heads(before: _Line, line: _Line, after: _Line, spacing: float) -> bool:
    """Whether ``line`` is set apart from ``after``, the line below it on its page, as a
    heading is: less space below than above, and not close above code, as a code
    block's first line is (in bold, as a highlighter sets ``class Fruit:``)."""
    return line.y - after.y < before.y - line.y and not _within_code(None, line, after, spacing)


def _code(group: list[_Line]) -> str:
    """A code block's lines, each indented by the spaces it draws and by how far it is
    drawn right of the block's leftmost line (in the width of a monospaced character,
    0.6 of the size; at most :data:`MAX_CODE_INDENT` of them)."""
    left = min(line.x for line in group)
    return "\n".join(
        " " * min(round((line.x - left) / (0.6 * line.size)), MAX_CODE_INDENT)
        + line.drawn().rstrip()
        for line in group
    )


def _joined(group: list[_Line], notes: bool = False) -> str:
    """A paragraph's lines as one line of text, broken words mended; with the notes
    they call (``notes``), as it is shown, or without, as the rules of layout read it."""
    lines = [" ".join(line.drawn().split()) if notes else line.text for line in group]
    text = lines[0]
    for nxt in lines[1:]:
        if _BROKEN_WORD.search(text) and nxt[:1].islower():
            text = text[:-1] + nxt
        else:
            text = f"{text} {nxt}"
    return text

"""The lines a PDF draws (their text, fonts, sizes and places, read by pypdf), with the
footnotes at a page's foot put where their marks stand."""

from __future__ import annotations

import io
import logging
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from linseg.execution.progress import report_pages
from linseg.readers.markup import note_in_brackets

# (TeX's bold fonts by their names: Computer Modern's CMBX12 and CMSSBX10, cm-super's
# SFBX1200, SFSX1000 and SFBI1000, which LaTeX sets with T1 encoding, CS fonts' csbx10.)
_BOLD_NAME = re.compile(r"bold|black|heavy|demi|semibold|\bbx|bx\d|sfb[ix]\d|sfsx\d", re.I)
_MONO_NAME = re.compile(r"mono|courier|consol|cmtt|sftt|lmtt|typewriter|menlo|inconsolata", re.I)
_DIGITS = re.compile(r"\d+")
_LAST_NUMBER = re.compile(r"(\d{1,6})\D*$")
# A page number alone, as a header or footer sets it (digits already read as 0).
_PAGE_NUMBER = re.compile(r"(page )?[-\u2013\u2014 ]*(0|[ivxlc]+)( ?(/|of) ?0)?[-\u2013\u2014 ]*")
_NOTE_MARK = re.compile(r"\d{1,3}|[*\u2217\u2020\u2021\u00a7\u00b6]{1,3}")


_SENTENCE_END = frozenset(".!?:;\"'\u201d\u2019)]")

_BULLET_GLYPHS = frozenset("\u2022\u25e6\u25aa\u25cf\u2023\u2043\u2219")

_BROKEN_WORD = re.compile(r"[^\W\d_]-$")


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

"""Rich Text Format files (``--format rtf``): the text a word processor shows.

RTF is what WordPad and macOS's TextEdit save by default, and what many programs export.
Read as plain text it is control words and braces. This reader walks its groups and
writes what a word processor shows, as the other readers of documents do
(:func:`linseg.readers.webpage.blocks_text`):

- **Paragraphs** end at ``\\par`` (and at a page or section break); ``\\line`` breaks a
  line within one.
- **Headings:** a paragraph with an outline level (``\\outlinelevel0`` is the top), or in
  a style that has one or that is named as a heading ("heading 2", "Heading 2"), is a
  Markdown heading of that level.
- **Lists:** a paragraph that a list numbers or bullets (``\\ls``, or the bullet text an
  RTF writer puts before it in ``\\listtext`` or ``\\pntext``, left out) is a list item,
  and so is one that opens with a bullet, a dash or a number and a tab, as pandoc writes
  them (``\\bullet\\tab``, ``\\endash\\tab``, ``2.\\tab``: item 2).
- **Tables:** a row's cells (``\\cell``, ``\\row``) are a line, cells between ``|``.
- **Code:** consecutive paragraphs set wholly in a fixed-pitch font are one block,
  fenced; a heading so set is a heading all the same.
- **Characters:** ``\\'hh`` in the document's code page (``\\ansicpg``, else Windows-1252),
  ``\\uN`` with its fallback characters skipped (``\\ucN``), and the named ones
  (``\\emdash``, ``\\ldblquote``, ``\\~`` ...).
- **Footnotes** (``\\footnote``, endnotes too) are read where they stand, their text in
  brackets on one line ("a word (the note) and on"), as the DocBook and LaTeX readers
  read theirs.
- **Left out:** the font, colour and style tables, the document's information (title,
  author), pictures and objects, headers, footers, field instructions (a
  field shows its result), bookmarks, index entries, and every group an RTF writer marks
  as ignorable (``{\\*\\...}``) that is not text.

Malformed input (unbalanced braces) is read as far as it goes; text is never dropped for
it.
"""

from __future__ import annotations

import bisect
import codecs
import os
import re
from dataclasses import dataclass

from linseg.readers.formats import named
from linseg.readers.markup import braced, inherit_levels, note_in_brackets, style_level
from linseg.readers.webpage import Block, blocks_text, list_continuation, list_item

__all__ = ["rtf_text", "sniff_rtf"]

_TOKEN = re.compile(
    r"\\([a-zA-Z]{1,32})(-?\d{1,10})? ?"  # a control word, its number, its delimiter
    r"|\\'([0-9a-fA-F]{2})"  # a byte in the code page
    r"|\\([^a-zA-Z'])"  # a control symbol
    r"|([{}])"
    r"|([^\\{}\r\n]+)"  # text
    r"|[\r\n]+"  # line ends, which RTF ignores
)
# The destinations left out: tables, the document's information, pictures and objects,
# headers and footers, field instructions, bullets' text, bookmarks, index and
# table-of-contents entries, shapes.
_SKIPPED_WORDS = """fonttbl colortbl stylesheet info pict object objdata header headerl
    headerr headerf footer footerl footerr footerf fldinst themedata
    colorschememapping datastore latentstyles listtable listoverridetable rsidtbl generator
    xmlnstbl mmathPr pgdsctbl listtext pntext pn bkmkstart bkmkend xe tc tcn shp shpinst
    nonshppict docvar userprops revtbl filetbl pgptbl"""
_SKIPPED = frozenset(_SKIPPED_WORDS.split())
_SYMBOLS = {
    "emdash": "\u2014", "endash": "\u2013", "lquote": "\u2018", "rquote": "\u2019",
    "ldblquote": "\u201c", "rdblquote": "\u201d", "bullet": "\u2022", "emspace": " ",
    "enspace": " ", "qmspace": " ", "tab": "\t", "line": "\n", "~": "\u00a0", "_": "-",
    "-": "", "\\": "\\", "{": "{", "}": "}",
}  # fmt: skip
_BREAKS = frozenset({"par", "page", "sect", "column"})
_FIXED_NAME = re.compile(r"mono|courier|menlo|consolas|monaco|\bcode\b")
_BULLET = re.compile(
    "[ \t]*(?:[\u2022\u00b7\u25aa\u25e6\u2023\u2219\u25cf\u2013-]|(\\d{1,9})[.)])[ \t]*\t"
)
# A control word or symbol, before a style's name.
_CONTROL = re.compile(r"\\(?:[a-zA-Z]+-?\d* ?|.)")


def sniff_rtf(text: str, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``text`` is RTF: it opens with ``{\\rtf``, or its name ends in ``.rtf``."""
    return text.lstrip("\ufeff \t\r\n")[:5] == "{\\rtf" or named(path) == "rtf"


def rtf_text(text: str) -> str:
    """The text of an RTF document, its headings as Markdown lines (see the module)."""
    reader = _Reader()
    reader.read(text)
    return blocks_text(reader.blocks)


@dataclass
class _Group:
    """What a group of the document holds and sets."""

    skip: bool = False  # a destination left out
    uc: int = 1  # fallback characters after \uN
    fixed: bool = False  # its text is in a fixed-pitch font
    note: bool = False  # it opened with \footnote: its text goes in brackets at its end


@dataclass
class _Paragraph:
    """The paragraph being read: its text, and what it is."""

    level: int | None = None  # a heading's level
    item: bool = False
    cell: bool = False  # in a table
    fixed: bool = True  # all its text so far in a fixed-pitch font
    indent: int = 0  # its left indent (\liN), in twips
    depth: int | None = None  # its list's depth in other lists (\ilvlN), if given


class _Reader:
    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.codec = "cp1252"
        self.fixed_fonts: set[int] = set()
        self.style_levels: dict[int, int] = {}
        self.paragraph = _Paragraph()
        self.text: list[str] = []
        self.row: list[str] = []
        self.indents: list[int] = []  # the left indents of the list run's open depths
        self.bytes = bytearray()  # \'hh bytes waiting to be decoded together
        # The text and paragraph that each open footnote interrupts, innermost last.
        self.notes: list[tuple[list[str], _Paragraph]] = []

    def read(self, text: str) -> None:
        self.tables(text)
        stack = [_Group()]
        skip_chars = 0  # fallback characters of a \uN still to skip
        first_in_group = False  # the next token is the first of a group
        ignorable = False  # the group opened with \*
        for m in _TOKEN.finditer(text):
            word, number, hexbyte, symbol, brace, plain = m.groups()
            group = stack[-1]
            if hexbyte is None:
                self.flush_bytes()
            if brace is not None:
                # A \uN's fallback follows it in its own group: a brace ends the skipping.
                skip_chars = 0
                if brace == "{":
                    stack.append(_Group(group.skip, group.uc, group.fixed))
                    first_in_group, ignorable = True, False
                else:
                    if len(stack) > 1 and stack.pop().note:
                        self.close_note()
                    first_in_group = False
                continue
            if symbol == "*" and first_in_group:
                ignorable = True
                continue
            starts_group, first_in_group = first_in_group, False
            if word is not None:
                if word == "footnote" and (starts_group or ignorable) and not group.skip:
                    self.open_note(group)
                    ignorable = False
                    continue
                if (starts_group or ignorable) and (word in _SKIPPED or ignorable):
                    if word in ("listtext", "pntext"):
                        self.paragraph.item = True
                    group.skip = True
                    ignorable = False
                    continue
                ignorable = False
                if group.skip:
                    continue
                skip_chars = self.control(word, number, group, skip_chars)
                continue
            if group.skip:
                continue
            if hexbyte is not None:
                if skip_chars:
                    skip_chars -= 1
                else:
                    self.bytes.append(int(hexbyte, 16))
                    self.mark_font(group)
                continue
            if symbol is not None:
                if skip_chars:
                    skip_chars -= 1
                elif symbol in "\r\n":  # a backslash ending a line is \par (TextEdit's)
                    self.end_paragraph()
                elif symbol in _SYMBOLS:
                    self.add(_SYMBOLS[symbol], group)
                continue
            if plain:
                if skip_chars:
                    dropped = min(skip_chars, len(plain))
                    plain, skip_chars = plain[dropped:], skip_chars - dropped
                if plain:
                    self.add(plain, group)
        while self.notes:  # a footnote left open at the end
            self.close_note()
        self.flush_bytes()
        self.end_paragraph()
        if self.row:
            self.end_row()

    def control(self, word: str, number: str | None, group: _Group, skip_chars: int) -> int:
        """Act on a control word; returns the fallback characters still to skip."""
        n = int(number) if number is not None else None
        if word == "u" and n is not None:
            code = n + 65536 if n < 0 else n
            # Past Unicode's last code point: the replacement character.
            self.add(chr(code) if 0 <= code <= 0x10FFFF else "\ufffd", group)
            return group.uc
        if word == "uc" and n is not None:
            group.uc = max(0, n)
        elif word in _SYMBOLS:
            self.add(_SYMBOLS[word], group)
        elif word in _BREAKS:
            self.end_paragraph()
        elif word == "pard":  # the paragraph's properties back to their defaults
            p = self.paragraph
            p.level, p.item, p.cell, p.indent, p.depth = None, False, False, 0, None
        elif word == "plain":
            group.fixed = False
        elif word == "f" and n is not None:
            group.fixed = n in self.fixed_fonts
        elif word == "outlinelevel" and n is not None and 0 <= n <= 8:
            self.paragraph.level = n + 1
        elif word == "s" and n is not None and n in self.style_levels:
            self.paragraph.level = self.style_levels[n]
        elif word in ("ls", "ilvl"):
            self.paragraph.item = True
            if word == "ilvl" and n is not None:
                self.paragraph.depth = min(max(n, 0), 8)
        elif word == "li" and n is not None:
            self.paragraph.indent = n
        elif word == "intbl":
            self.paragraph.cell = True
        elif word == "cell":
            self.end_paragraph(cell=True)
            self.row.append("\t")
        elif word == "row":
            self.end_row()
        elif word == "ansicpg" and n is not None:
            try:
                self.codec = codecs.lookup(f"cp{n}").name
            except LookupError:
                pass
        return skip_chars

    # --- the tables before the text --------------------------------------------------------

    def tables(self, text: str) -> None:
        """The fixed-pitch fonts of the font table and the heading levels of the style
        sheet, read before the text that uses them."""
        fonts = _group_body(text, "fonttbl")
        for m in re.finditer(r"\\f(\d+) ?((?:\\[a-z]+-?\d* ?)*)([^;{}\\]*)", fonts):
            controls, name = m.group(2), m.group(3).lower()
            if "\\fmodern" in controls or "\\fprq1" in controls or _FIXED_NAME.search(name):
                self.fixed_fonts.add(int(m.group(1)))
        own: dict[str, int | None] = {}
        based_on: dict[str, str] = {}
        for m in re.finditer(r"\{\\s(\d+)([^{}]*)\}", _group_body(text, "stylesheet")):
            style, body = m.group(1), m.group(2)
            outline = re.search(r"\\outlinelevel(\d)", body)
            if outline and int(outline.group(1)) <= 8:
                own[style] = int(outline.group(1)) + 1
            else:  # its name: after its last control word, up to its ";"
                own[style] = style_level(_CONTROL.split(body)[-1].split(";")[0])
            parent = re.search(r"\\sbasedon(\d+)", body)
            if parent:
                based_on[style] = parent.group(1)
        self.style_levels = {int(k): v for k, v in inherit_levels(own, based_on).items()}

    # --- text ------------------------------------------------------------------------------

    def add(self, piece: str, group: _Group) -> None:
        self.mark_font(group)
        self.text.append(piece)

    def mark_font(self, group: _Group) -> None:
        if not group.fixed:
            self.paragraph.fixed = False

    def flush_bytes(self) -> None:
        if self.bytes:
            self.text.append(bytes(self.bytes).decode(self.codec, "replace"))
            self.bytes.clear()

    def open_note(self, group: _Group) -> None:
        """A footnote (or endnote) starts: its text is read apart, paragraphs and all."""
        self.flush_bytes()
        group.note = True
        self.notes.append((self.text, self.paragraph))
        self.text, self.paragraph = [], _Paragraph()

    def close_note(self) -> None:
        """A footnote ends: its text goes on one line, in brackets, where it stands in the
        paragraph it interrupted, as the DocBook and LaTeX readers read theirs."""
        self.flush_bytes()
        note, fixed = "".join(self.text), self.paragraph.fixed
        self.text, self.paragraph = self.notes.pop()
        if note.strip():
            self.text.append(note_in_brackets(note, "".join(self.text)))
            self.paragraph.fixed &= fixed

    def end_paragraph(self, cell: bool = False) -> None:
        if self.notes:  # a paragraph of a footnote: the note goes on
            self.text.append(" ")
            return
        # Characters beyond the first 65,536 come as two \uN, a surrogate pair (Word's
        # emoji); a lone surrogate is no character.
        raw = "".join(self.text).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
        self.text = []
        p = self.paragraph
        # A bullet or number written as text ("\bullet\tab item", "2.\tab item").
        bullet = _BULLET.match(raw)
        number = 0
        if bullet:
            raw, p.item = raw[bullet.end() :], True
            number = int(bullet.group(1) or 0)
        raw = raw.replace("\t", " ")
        # A paragraph with no mark, indented as an item of the list run is, is that
        # item's next paragraph (pandoc's \li360 \fi0 under \li360 \fi-360 \bullet);
        # any other paragraph ends the run.
        continued = not p.item and p.level is None and p.indent > 0
        # (The run's indents rise from depth to depth: found by halving.)
        depth = bisect.bisect_left(self.indents, p.indent) if continued else 0
        continued = continued and depth < len(self.indents) and self.indents[depth] == p.indent
        if not p.item and not continued:
            self.indents.clear()
        if cell or p.cell:
            if raw.strip():
                self.row.append(" ".join(raw.split()) + " ")
        elif raw.strip():
            # A heading wholly in a fixed-pitch font (Markdown's "## `name`") is a heading.
            if p.level is not None:
                self.blocks.append(("h", p.level, raw))
            elif p.fixed:
                if self.blocks and self.blocks[-1][0] == "pre":
                    kind, level, before = self.blocks.pop()
                    raw = before + "\n" + raw
                self.blocks.append(("pre", 0, raw))
            elif p.item:
                self.blocks.append(list_item(number, raw, self._depth(p)))
            elif continued:
                self.blocks.append(list_continuation(raw, depth))
            else:
                self.blocks.append(("p", 0, raw))
        self.paragraph = _Paragraph(p.level, p.item, p.cell, True, p.indent, p.depth)

    def _depth(self, p: _Paragraph) -> int:
        """A list item's depth in other lists: its ``\\ilvl``, or else the number of
        items of the list run that are indented less (pandoc sets nested items
        ``\\li720``, ``\\li1080`` ...)."""
        while self.indents and self.indents[-1] > p.indent:
            self.indents.pop()
        if not self.indents or self.indents[-1] < p.indent:
            self.indents.append(p.indent)
        return p.depth if p.depth is not None else len(self.indents) - 1

    def end_row(self) -> None:
        self.end_paragraph(cell=True)
        cells = "".join(self.row).split("\t")
        while cells and not cells[-1].strip():
            cells.pop()
        if any(c.strip() for c in cells):
            self.blocks.append(("tr", 0, "\t".join(c.strip() for c in cells)))
        self.row = []
        self.paragraph.cell = False


def _group_body(text: str, word: str) -> str:
    """The text of the first group that opens with ``\\word``, or ""."""
    start = text.find("{\\" + word)
    return "" if start < 0 else braced(text, start)[0]

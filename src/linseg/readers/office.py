"""Word-processor documents: DOCX (Office Open XML) and ODT (OpenDocument text).

Reports, theses and minutes come as word-processor files. Their structure is in their
paragraph styles: a heading is a paragraph whose style is a heading of some level. Each
reader walks the document's body in order and writes it as a small web page (a heading
as ``<h1>`` ... ``<h6>``, a paragraph as ``<p>``, consecutive list paragraphs as a list,
a table's rows and cells), which :func:`linseg.readers.webpage.html_text` reads as it
reads any page: headings become Markdown lines, so the default cuts at the document's
outline. So the text of a document is the same whichever of the three forms it came in.

What is read:

- **DOCX** (``word/document.xml``, in the Transitional schema that Word writes): paragraphs, tables and content controls in body
  order; a paragraph's text is its runs' text (``w:t``), a tab a space, a line break a
  line break; deleted text of tracked changes is left out, inserted text kept. Its level:
  the outline level its paragraph or its style sets (``w:outlineLvl``, through the
  styles it is based on), else its style's name (``heading 1`` ... ``heading 9``, as Word
  names its built-in styles in every language, and ``Title``). A paragraph with
  numbering (``w:numPr``) is a list item, after its number where its list's level counts
  (``word/numbering.xml``: a decimal, letter or roman format, from its start).
  A paragraph whose style is one for code, by its name through the styles it is based
  on ("Source Code", "HTML Preformatted", "Preformatted Text", "Code", "Macro Text"), is
  code.
- **ODT** (``content.xml``): headings (``text:h``, their ``text:outline-level``; and a
  paragraph whose style is a heading, by its default outline level or its name, through
  the styles it inherits from, or the name of a style no part defines), paragraphs, lists
  (an item after its number where its list style numbers its level), tables and sections
  in order; spaces (``text:s``), tabs and line breaks as they show. A paragraph in a
  style for code (LibreOffice's "Preformatted Text", through its parents) is code.

Consecutive paragraphs of code are one code block, kept as written between fences (ODT
writes each line of one as a paragraph of its own).

Footnotes and endnotes (DOCX's ``word/footnotes.xml`` and ``word/endnotes.xml``, ODT's
``text:note``) are read where their reference stands, their text in brackets on one line
("a word (the note's text) and on"), as the DocBook and LaTeX readers read theirs.

Left out of both: comments (ODT's ``office:annotation``, in the text and in table cells
too), headers and footers, text boxes' frames and drawings, images. A heading below
level 6 is written at level 6. Only the standard library is used.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from typing import NamedTuple
from xml.etree import ElementTree

from linseg.readers.archive import (
    ODF_OFFICE,
    ODF_STYLE,
    ODF_TEXT,
    count_of,
    holds_part,
    local,
    odf_list_starts,
    odf_text,
    open_archive,
    outermost,
    read_xml,
    sniff_zip,
)
from linseg.readers.markup import inherit_levels, note_in_brackets, style_level
from linseg.readers.webpage import RUN_END, Block, blocks_text, list_continuation, list_item

__all__ = ["docx_text", "odt_text", "sniff_docx", "sniff_odt"]

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_TEXT = ODF_TEXT
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = ODF_OFFICE
_STYLE = ODF_STYLE
_ODT_MIMETYPE = b"application/vnd.oasis.opendocument.text"


def sniff_docx(data: bytes, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``data`` is a DOCX: a ZIP archive named ``.docx``, or one that holds
    ``word/document.xml`` (Word writes ``[Content_Types].xml`` first, LibreOffice
    ``_rels/.rels``: the archive's list of parts is read)."""
    if sniff_zip(data, path, "docx", None):
        return True
    return holds_part(data, "word/document.xml")


def sniff_odt(data: bytes, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``data`` is an ODT: a ZIP archive named ``.odt``, or one whose first entry
    is the ``mimetype`` of OpenDocument text, as the format requires."""
    return sniff_zip(data, path, "odt", _ODT_MIMETYPE)


def docx_text(data: bytes) -> str:
    """The text of the DOCX ``data`` (see the module). Raises ValueError, saying why, for
    data that is not a readable DOCX."""
    document, (styles, numbering, footnotes, endnotes) = _parts(
        data,
        "DOCX",
        "word/document.xml",
        "word/styles.xml",
        "word/numbering.xml",
        "word/footnotes.xml",
        "word/endnotes.xml",
    )
    body = document.find(f"{_W}body")
    if body is None:
        raise ValueError("not a DOCX: word/document.xml has no body")
    read = _Docx(_style_levels(styles), _Numbering(numbering), _docx_notes(footnotes, endnotes))
    return blocks_text(_code_joined(_docx_blocks(body, read)))


def odt_text(data: bytes) -> str:
    """The text of the ODT ``data`` (see the module). Raises ValueError, saying why, for
    data that is not a readable ODT."""
    content, (styles,) = _parts(data, "ODT", "content.xml", "styles.xml")
    text = content.find(f"{_OFFICE}body/{_OFFICE}text")
    if text is None:
        raise ValueError("not an ODT: content.xml has no office:text body")
    roots = [root for root in (styles, content) if root is not None]
    read = _OdtStyles(_odt_style_levels(roots), odf_list_starts(roots))
    return blocks_text(_code_joined(_odt_blocks(text, read)))


def _parts(
    data: bytes, kind: str, main: str, *optional: str
) -> tuple[ElementTree.Element, list[ElementTree.Element | None]]:
    """The archive's main XML part, and each ``optional`` part (its styles, its
    numbering) if it has it."""
    with open_archive(data, kind) as book:
        root = read_xml(book, main, kind)
        names = set(book.namelist())
        parts = [read_xml(book, name, kind) if name in names else None for name in optional]
    return root, parts


# -- DOCX ---------------------------------------------------------------------------------


def _style_levels(styles: ElementTree.Element | None) -> dict[str, int]:
    """The heading level of each paragraph style that is a heading (1 the highest), and
    :data:`CODE` for each that sets code."""
    if styles is None:
        return {}
    own: dict[str, int | None] = {}
    based_on: dict[str, str] = {}
    for style in styles.iter(f"{_W}style"):
        if style.get(f"{_W}type") != "paragraph" or not style.get(f"{_W}styleId"):
            continue
        sid = style.get(f"{_W}styleId", "")
        name_el = style.find(f"{_W}name")
        name = (name_el.get(f"{_W}val", "") if name_el is not None else "").strip()
        outline = style.find(f"{_W}pPr/{_W}outlineLvl")
        value = _outline_level(outline) if outline is not None else None
        own[sid] = value if value is not None else _named_style(name)
        parent = style.find(f"{_W}basedOn")
        if parent is not None and parent.get(f"{_W}val"):
            based_on[sid] = parent.get(f"{_W}val", "")
    return inherit_levels(own, based_on)


#: The "level" of a paragraph style that sets code, below every heading's.
CODE = 0
# The names word processors give their styles for code (pandoc's "Source Code", Word's
# "HTML Preformatted", LibreOffice's "Preformatted Text"); Word's "Plain Text", which a
# pasted e-mail may be set in whole, is not one.
_CODE_STYLES = frozenset(
    {"source code", "html preformatted", "preformatted text", "code", "macro text"}
)


def _named_style(name: str) -> int | None:
    """The heading level (or :data:`CODE`) a paragraph style's name gives, or None."""
    return CODE if name.strip().lower() in _CODE_STYLES else style_level(name)


def _code_joined(blocks: Iterator[Block]) -> Iterator[Block]:
    """``blocks`` with a run of code paragraphs one block (ODT writes a code block's
    lines as paragraphs, so a segment boundary could have fallen inside it)."""
    code: list[str] = []
    for block in blocks:
        if block[0] == "pre":
            code.append(block[2])
            continue
        if code:
            yield ("pre", 0, "\n".join(code))
            code = []
        yield block
    if code:
        yield ("pre", 0, "\n".join(code))


def _outline_level(element: ElementTree.Element) -> int | None:
    """``w:outlineLvl``'s 0-8 as a level 1-9; 9 (body text) or nonsense as None."""
    value = count_of(element.get(f"{_W}val"))
    return value + 1 if value is not None and value < 9 else None


class _Numbering:
    """A DOCX's numbered lists (``word/numbering.xml``): which of a list's levels count
    (a decimal, letter or roman format, not a bullet) and from what, and each list's
    counts so far, a level's reset when an item of a higher level comes."""

    def __init__(self, root: ElementTree.Element | None) -> None:
        self.formats: dict[tuple[str, int], int] = {}  # (list, level): start, 0 a bullet
        # The (list, level)s that show no mark: an item's later paragraphs (pandoc's
        # bullet of a blank, or a format of none with no text).
        self.unmarked: set[tuple[str, int]] = set()
        self.counts: dict[str, list[int]] = {}
        self.top = ""  # the list of the last item at the outermost level
        self.switched = False  # whether the last item opened a list after another one
        if root is None:
            return
        abstract: dict[str, dict[int, int]] = {}
        blank: dict[str, set[int]] = {}
        for definition in root.iter(f"{_W}abstractNum"):
            ident = definition.get(f"{_W}abstractNumId", "")
            starts = abstract.setdefault(ident, {})
            for lvl in definition.iter(f"{_W}lvl"):
                fmt = lvl.find(f"{_W}numFmt")
                start = lvl.find(f"{_W}start")
                counted = fmt is not None and fmt.get(f"{_W}val") not in ("bullet", "none")
                first = count_of(start.get(f"{_W}val")) if start is not None else None
                depth = count_of(lvl.get(f"{_W}ilvl")) or 0
                starts[depth] = (first or 1) if counted else 0
                shown = lvl.find(f"{_W}lvlText")
                if not counted and shown is not None and not shown.get(f"{_W}val", "").strip():
                    blank.setdefault(ident, set()).add(depth)
        for num in root.iter(f"{_W}num"):
            base = num.find(f"{_W}abstractNumId")
            key = base.get(f"{_W}val", "") if base is not None else ""
            ident = num.get(f"{_W}numId", "")
            for depth, first_number in abstract.get(key, {}).items():
                self.formats[(ident, depth)] = first_number
            self.unmarked.update((ident, depth) for depth in blank.get(key, ()))

    def level(self, properties: ElementTree.Element) -> tuple[str, int]:
        """The list and level of the list item whose numbering is ``properties``
        (``w:numPr``)."""
        ident, level = properties.find(f"{_W}numId"), properties.find(f"{_W}ilvl")
        key = ident.get(f"{_W}val", "") if ident is not None else ""
        return key, min((count_of(level.get(f"{_W}val")) or 0) if level is not None else 0, 8)

    def number(self, key: str, depth: int) -> int:
        """The number of the list item at ``depth`` of the list ``key`` (its
        :meth:`level`), counted; 0 for a bullet's."""
        # (pandoc gives each nested list a list of its own, so only the outermost count.)
        self.switched = depth == 0 and key != self.top
        if depth == 0:
            self.top = key
        start = self.formats.get((key, depth), 0)
        counts = self.counts.setdefault(key, [0] * 9)
        counts[depth + 1 :] = [0] * (8 - depth)  # a deeper list starts again
        if not start:
            return 0
        counts[depth] = counts[depth] + 1 if counts[depth] else start
        return counts[depth]


class _Docx(NamedTuple):
    """What a DOCX's paragraphs are read with: its styles' levels, its lists' numbering,
    and its notes' text by kind and id (``("footnote", "1")``)."""

    levels: dict[str, int]
    numbering: _Numbering
    notes: dict[tuple[str, str], str]


def _docx_notes(*parts: ElementTree.Element | None) -> dict[tuple[str, str], str]:
    """The text of each footnote and endnote (``word/footnotes.xml``,
    ``word/endnotes.xml``) by kind and id; the separators Word keeps there have none."""
    notes = {}
    for part in parts:
        for note in part if part is not None else ():
            kind = local(note.tag)
            text = " ".join(_docx_runs(p, {}) for p in outermost(note, (f"{_W}p",)))
            if kind in ("footnote", "endnote") and text.strip():
                notes[(kind, note.get(f"{_W}id", ""))] = text
    return notes


def _docx_blocks(container: ElementTree.Element, read: _Docx) -> Iterator[Block]:
    for child in container:
        tag = local(child.tag)
        if tag == "p":
            block = _docx_paragraph(child, read)
            if block[0] == "li" and read.numbering.switched:
                yield RUN_END  # a list of its own, not one that follows another
            yield block
        elif tag == "tbl":
            for row in child.findall(f"{_W}tr"):
                cells = [
                    " ".join(_docx_runs(p, read.notes) for p in outermost(cell, (f"{_W}p",)))
                    for cell in row.findall(f"{_W}tc")
                ]
                yield ("tr", 0, "\t".join(c.replace("\t", " ") for c in cells))
        elif tag == "sdt":
            content = child.find(f"{_W}sdtContent")
            if content is not None:
                yield from _docx_blocks(content, read)


def _docx_paragraph(p: ElementTree.Element, read: _Docx) -> Block:
    text = _docx_runs(p, read.notes)
    properties = p.find(f"{_W}pPr")
    level = None
    if properties is not None:
        outline = properties.find(f"{_W}outlineLvl")
        style = properties.find(f"{_W}pStyle")
        if outline is not None:
            level = _outline_level(outline)
        elif style is not None:
            level = read.levels.get(style.get(f"{_W}val", ""))
            if level == CODE:
                return ("pre", 0, text)
        numbered = properties.find(f"{_W}numPr")
        if level is None and numbered is not None:
            key, depth = read.numbering.level(numbered)
            if (key, depth) in read.numbering.unmarked:
                return list_continuation(text, depth)
            return list_item(read.numbering.number(key, depth), text, depth)
    return ("h", level, text) if level is not None else ("p", 0, text)


def _docx_runs(p: ElementTree.Element, notes: dict[tuple[str, str], str]) -> str:
    """A paragraph's text: its runs' text, tabs as spaces, breaks as line breaks, a note
    (``notes``) in brackets where its reference stands; no deleted text (``w:delText``)
    or field codes."""
    parts = []
    for el in p.iter():
        tag = local(el.tag)
        if tag == "t":
            parts.append(el.text or "")
        elif tag in ("tab", "noBreakHyphen"):
            parts.append(" " if tag == "tab" else "-")
        elif tag in ("br", "cr"):
            parts.append("\n")
        elif tag in ("footnoteReference", "endnoteReference"):
            note = notes.get((tag[: -len("Reference")], el.get(f"{_W}id", "")), "")
            parts.append(note_in_brackets(note, "".join(parts)))
    return "".join(parts)


# -- ODT ----------------------------------------------------------------------------------


def _odt_style_levels(roots: list[ElementTree.Element]) -> dict[str, int]:
    """The heading level of each paragraph style that is a heading: its default outline
    level, or its name's ("Heading 2", written ``Heading_20_2``), through its parents;
    :data:`CODE` for each that sets code ("Preformatted Text")."""
    own: dict[str, int | None] = {}
    parent: dict[str, str] = {}
    for root in roots:
        for style in root.iter(f"{_STYLE}style"):
            name = style.get(f"{_STYLE}name")
            if not name or style.get(f"{_STYLE}family") != "paragraph":
                continue
            outline = count_of(style.get(f"{_STYLE}default-outline-level"))
            shown = style.get(f"{_STYLE}display-name")
            own[name] = outline if outline else (_named_style(shown) if shown else _odt_named(name))
            if style.get(f"{_STYLE}parent-style-name"):
                parent[name] = style.get(f"{_STYLE}parent-style-name", "")
    for name in set(parent.values()) - own.keys():  # a parent no part defines: its name
        own[name] = _odt_named(name)
    return inherit_levels(own, parent)


@functools.lru_cache(maxsize=256)
def _odt_named(name: str) -> int | None:
    """The heading level (or :data:`CODE`) a style's name gives (``Heading_20_2``, its
    spaces written ``_20_``). Asked for each paragraph whose style sets no level, so
    that a document's few style names are each read once."""
    return _named_style(name.replace("_20_", " "))


class _OdtStyles(NamedTuple):
    """What an ODT's styles say: each paragraph style's heading level, and each list
    style's first number at each of its levels (0: not numbered)."""

    levels: dict[str, int]
    lists: dict[str, dict[int, int]]


def _odt_list(
    lst: ElementTree.Element, styles: _OdtStyles, style: str, depth: int
) -> Iterator[Block]:
    """A list's items, a block each, numbered where its list style numbers their level (a
    nested list takes its outer list's style unless it names its own); an item's later
    paragraphs continue it."""
    named = lst.get(f"{_TEXT}style-name")
    style = named or style
    levels = styles.lists.get(style, {})
    # A nested list that names a style of its own defining no level this deep takes its
    # style's first level (pandoc writes each nested list so).
    start = levels.get(depth, levels[min(levels)] if named and levels else 0)
    number = start - 1
    for item in lst:
        if item.tag not in (f"{_TEXT}list-item", f"{_TEXT}list-header"):
            continue
        counted = bool(start) and item.tag == f"{_TEXT}list-item"
        if counted:
            given = count_of(item.get(f"{_TEXT}start-value"))
            number = given if given is not None else number + 1
        first = True
        for block in _odt_blocks(item, styles, style, depth):
            if block[0] == "p" and first:
                block, first = list_item(number if counted else 0, block[2], depth - 1), False
            elif block[0] == "p":
                block = list_continuation(block[2], depth - 1)
            yield block


def _odt_blocks(
    container: ElementTree.Element, styles: _OdtStyles, style: str = "", depth: int = 0
) -> Iterator[Block]:
    """The blocks of a body, a section or a list item (``style`` and ``depth``: the
    list it is in)."""
    levels = styles.levels
    for child in container:
        tag = child.tag
        if tag == f"{_TEXT}h":
            level = count_of(child.get(f"{_TEXT}outline-level"))
            yield ("h", level or 1, _odt_inline(child))
        elif tag == f"{_TEXT}p":
            name = child.get(f"{_TEXT}style-name", "")
            # A style no part defines is known by its name (pandoc's "Title").
            level = levels[name] if name in levels else _odt_named(name)
            if level is None:
                yield ("p", 0, _odt_inline(child))
            else:
                yield ("pre" if level == CODE else "h", level, _odt_inline(child))
        elif tag == f"{_TEXT}list":
            if not depth:
                yield RUN_END  # a list of its own, not one that follows another
            yield from _odt_list(child, styles, style, depth + 1)
        elif tag in (f"{_TEXT}list-item", f"{_TEXT}list-header"):  # one outside a list
            for block in _odt_blocks(child, styles, style, depth):
                yield ("li", 0, block[2]) if block[0] == "p" else block
        elif tag == f"{_TABLE}table":
            for row in _odt_rows(child):
                cells = [_odt_cell(cell) for cell in row if cell.tag == f"{_TABLE}table-cell"]
                yield ("tr", 0, "\t".join(c.replace("\t", " ") for c in cells))
        elif tag in (f"{_TEXT}section", f"{_TEXT}index-body", f"{_TEXT}table-of-content"):
            yield from _odt_blocks(child, styles, style, depth)


def _odt_rows(table: ElementTree.Element) -> Iterator[ElementTree.Element]:
    """A table's own rows, in their header and row groups too (not a nested table's)."""
    for child in table:
        if child.tag == f"{_TABLE}table-row":
            yield child
        elif child.tag in (
            f"{_TABLE}table-header-rows",
            f"{_TABLE}table-rows",
            f"{_TABLE}table-row-group",
        ):
            yield from _odt_rows(child)


# A cell's paragraphs, and the notes and comments whose paragraphs are not the cell's (a
# note's are read in brackets where it stands, in its paragraph).
_CELL_PARTS = (f"{_TEXT}p", f"{_TEXT}h", f"{_TEXT}note", f"{_OFFICE}annotation")


def _odt_cell(cell: ElementTree.Element) -> str:
    """A table cell's text: its paragraphs and headings, at any depth (in its lists and
    nested tables too), each read once with what it holds."""
    return " ".join(
        _odt_inline(part)
        for part in outermost(cell, _CELL_PARTS)
        if part.tag in (f"{_TEXT}p", f"{_TEXT}h")
    )


def _odt_inline(element: ElementTree.Element) -> str:
    """The text an ODT paragraph shows (:func:`.archive.odf_text`), a note in brackets
    where it stands."""
    return odf_text(element, _odt_note)


def _odt_note(note: ElementTree.Element) -> str:
    """A footnote's or endnote's text (``text:note-body``), its paragraphs joined."""
    body = note.find(f"{_TEXT}note-body")
    if body is None:
        return ""
    return " ".join(_odt_inline(p) for p in outermost(body, (f"{_TEXT}p", f"{_TEXT}h")))

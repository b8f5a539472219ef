"""DocBook sources (``--format docbook``): the text a reader of the rendered book sees.

DocBook is the XML (or SGML-era XML) in which many manuals are written: KDE's
application handbooks, FreeBSD's, GNOME's older ones, and many books. Read as plain text,
its tags are words and its sections are invisible. This reader walks the XML (Python's
``expat``, no DTD read) and writes what a rendering shows, as the web-page reader writes a
page (:func:`linseg.readers.webpage.blocks_text`):

- **Sections:** the title of a ``book``, ``article``, ``part``, ``chapter``,
  ``appendix``, ``preface``, ``section``, ``sect1`` to ``sect5``, ``simplesect``,
  ``refentry``, ``refsect1`` to ``refsect3`` ... (given in the section or in its ``info``
  element) is a Markdown heading, one level lower for each section around it: a book's
  title ``#``, its chapters ``##``, their ``sect1`` ``###``.
- **Blocks:** paragraphs (``para``, ``simpara``, ``formalpara``), admonitions, quotations,
  the titles of figures, tables and examples, list items (a line each, ``- `` before
  them), a variable list's terms (a line each, above their text), table rows (a line
  each, cells between ``|``; each table's rows apart from the last's), and verbatim
  blocks (``programlisting``, ``screen``, ``literallayout``, ``synopsis``,
  ``address``), fenced and kept as written.
- **Footnotes:** read where they stand, in brackets ("a word (the note's text) and
  on"), as the LaTeX and AsciiDoc readers read theirs: the sentence around one is not
  cut, and its text is kept. A note's paragraphs, list items and listings are one
  stretch of text (in a listing, a note is the listing's text).
- **Left out:** the front matter of a book or section (authors, copyright, legal notice,
  revision history, dates: an ``info`` element's content but its title and abstract),
  index terms, remarks and comments, and images (their text objects too, which a
  rendering does not show).
- **Entities:** those the document declares are expanded, ``&nbsp;``, ``&mdash;`` and
  the other HTML names are their characters, and any other (a DTD's, such as KDE's
  ``&kde;`` or ``&konsole;``) is its name, since the DTD is not read.
- **Other files:** ``<xi:include href="...">`` and external entities (``<!ENTITY ch1
  SYSTEM "ch1.xml">``) are read from the source's folder or below it, eight deep at
  most (``parse="text"`` as text, and an entity inside a listing whose file is not XML,
  such as a program's source); from standard input they are left out.

A source that is not well-formed XML is refused with a ValueError naming the line.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable
from html.entities import html5
from xml.parsers import expat

from linseg.readers.formats import named
from linseg.readers.markup import read_included
from linseg.readers.webpage import RUN_END, Block, blocks_text, list_kind

__all__ = ["docbook_text", "sniff_docbook"]


def _names(words: str) -> frozenset[str]:
    return frozenset(words.split())


_SECTIONS = _names(
    """set book part reference article chapter appendix preface colophon dedication
    acknowledgements glossary bibliography index setindex section simplesect sect1 sect2
    sect3 sect4 sect5 refentry refsection refsect1 refsect2 refsect3 refsynopsisdiv topic"""
)
_INFO = frozenset(
    f"{name}info"
    for name in _names(
        """book article chapter appendix preface part reference set section sect1 sect2
        sect3 sect4 sect5 refsect1 refsect2 refsect3 refsection refentry glossary
        bibliography index"""
    )
) | {"info"}
# Kept from an info element: what a rendering shows of it.
_SHOWN_INFO = frozenset({"title", "abstract"})
_LEFT_OUT = _names(
    """indexterm remark comment mediaobject inlinemediaobject imageobject audioobject
    videoobject textobject screenshot graphic inlinegraphic titleabbrev toc lot refmeta
    authorgroup author editor othercredit copyright legalnotice revhistory releaseinfo
    pubdate"""
)
_VERBATIM = frozenset(["programlisting", "screen", "literallayout", "synopsis", "address"])
# Elements that open a block of text of their own.
_PARAGRAPHS = _names(
    """para simpara formalpara title subtitle term glossterm member refnamediv caption
    attribution bridgehead question answer glossdef entry"""
)
_ITEMS = frozenset({"listitem", "step", "callout"})
# Lists whose items hold a "listitem", "step" or "callout"; the first two are numbered.
_LISTS = frozenset({"orderedlist", "procedure", "itemizedlist", "calloutlist", "substeps"})
_NUMBERED_LISTS = frozenset({"orderedlist", "procedure", "substeps"})
_TABLES = frozenset({"table", "informaltable"})
# Inside a footnote, where the text goes on in brackets: elements whose text is apart
# from what is before and after it.
_NOTE_PARTS = _PARAGRAPHS | _ITEMS | _VERBATIM | {"row"}
# What a rendering shows between the parts of these.
_JOINED = {"keycombo": "+", "menuchoice": " \u2192 "}

_DOCTYPE = re.compile(
    r"<!DOCTYPE\s+(?:" + "|".join(sorted(_SECTIONS)) + r")\b[^>]*?DocBook", re.IGNORECASE
)
_NAMESPACE = re.compile(r"""<[A-Za-z]+\b[^>]*\bxmlns\s*=\s*["']http://docbook\.org/ns/docbook""")
_MAX_DEPTH = 8  # of files that include files
# An external entity's text declaration, which may open its file.
_TEXT_DECLARATION = re.compile(r"\A\ufeff?<\?xml\s[^>]*\?>")


def sniff_docbook(text: str, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``text`` is a DocBook source: named ``.docbook`` or ``.dbk``, or declaring a
    DocBook document type, or its root in DocBook 5's namespace, in its first 4 KB."""
    if named(path) == "docbook":
        return True
    head = text[:4096]
    return bool(_DOCTYPE.search(head) or _NAMESPACE.search(head))


def docbook_text(text: str, read_file: Callable[[str], str] | None = None) -> str:
    """The text of a DocBook source, its section titles as Markdown headings (see the
    module). ``read_file`` reads the files it includes, by their path from its folder;
    None leaves them out."""
    reader = _Reader(read_file)
    reader.parse(text, "", 0)
    return blocks_text(reader.blocks)


class _Reader:
    """Walks a DocBook tree (and the files it includes), writing its blocks."""

    def __init__(self, read_file: Callable[[str], str] | None) -> None:
        self.read_file = read_file
        self.folder = ""  # of the file being read, from the source's
        self.depth = 0  # of files that include it
        self.blocks: list[Block] = []
        self.stack: list[str] = []  # open elements' names, without prefixes
        self.skipping = 0  # depth inside a left-out element
        self.titled: list[bool] = []  # for each open section, whether its title was seen
        self.block: list[str] | None = None  # the text of the open block
        self.kind = "p"
        self.level = 0
        self.verbatim = 0  # depth inside a verbatim element
        self.item = False  # a list item's first block is yet to come
        self.items: list[bool] = []  # each open item: whether it is a list's (not a term's)
        self.counters: list[int] = []  # each open list's next number (0: not numbered)
        # For each open element: how long the open block was when it opened (None: no
        # block was open), so that a key combination's keys and a menu choice's items
        # can be told apart ("Ctrl+Q", "File → Quit") where the source runs them together.
        self.marks: list[int | None] = []
        self.shortcuts: list[str] = []  # each open menu choice's shortcut, shown after it
        # For each open footnote: where its opening bracket is in the open block.
        self.notes: list[int] = []

    # --- parsing -----------------------------------------------------------------------

    def parse(self, text: str, folder: str, depth: int) -> None:
        """Read ``text``, a file of ``folder`` that ``depth`` files include."""
        saved = self.folder, self.depth
        self.folder, self.depth = folder, depth
        try:
            self._parse(text)
        finally:
            self.folder, self.depth = saved

    def _parse(self, text: str) -> None:
        parser = expat.ParserCreate()
        # No DTD is read, and an entity it would declare is passed to skipped_entity.
        parser.UseForeignDTD(True)
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.characters
        parser.SkippedEntityHandler = self.skipped_entity
        parser.ExternalEntityRefHandler = lambda context, base, system_id, public_id: (
            self.external_entity(parser, context, system_id)
        )
        try:
            parser.Parse(text, True)
        except expat.ExpatError as exc:
            what = expat.ErrorString(exc.code)
            where = f"at line {exc.lineno}, column {exc.offset + 1}"
            if "amplification" in what:  # entities that expand a thousandfold: a bomb
                raise ValueError(
                    f"the DocBook source's entities expand too far ({where})"
                ) from None
            raise ValueError(
                f"the DocBook source is not well-formed XML: {what} {where} (an SGML "
                "source? --format text reads it as text)"
            ) from None

    def external_entity(
        self, parser: expat.XMLParserType, context: str | None, system_id: str | None
    ) -> int:
        """Read an external entity's file in place (the foreign DTD, which has no name,
        is not read)."""
        found = self.included(system_id)
        if found is not None:
            path, text = found
            if self.verbatim and not _well_formed_content(text):
                # A program's source named as an entity inside a listing (libxslt's
                # tutorial: <programlisting>&CODE;</programlisting>): read as its text,
                # as an XInclude with parse="text" is. Only there: a book's chapters,
                # entities too, are not parsed twice.
                self.characters(text)
                return 1
            sub = parser.ExternalEntityParserCreate(context)
            saved = self.folder, self.depth
            self.folder, self.depth = posixpath.dirname(path), self.depth + 1
            try:
                sub.Parse(text, True)
            finally:
                self.folder, self.depth = saved
        return 1

    def included(self, name: str | None) -> tuple[str, str] | None:
        """The path from the source's folder and the text of a file that the one being
        read names, or None (see :func:`linseg.readers.markup.read_included`)."""
        if name is None or self.depth >= _MAX_DEPTH:
            return None
        return read_included(name, self.folder, self.read_file)

    # --- elements ------------------------------------------------------------------------

    def start(self, raw: str, attributes: dict[str, str]) -> None:
        name = raw.rpartition(":")[2]
        parent = self.stack[-1] if self.stack else ""
        if parent in _JOINED and not self.skipping:
            self.join(parent, name)
        self.stack.append(name)
        self.marks.append(None if self.block is None else len(self.block))
        if self.skipping:
            self.skipping += 1
            return
        if name in _LEFT_OUT or (parent in _INFO and name not in _SHOWN_INFO):
            self.skipping = 1
            return
        if name == "include" and (raw.startswith("xi:") or "xmlns" in attributes):
            self.include(attributes)
            return
        if self.verbatim:
            self.verbatim += name in _VERBATIM
            return
        if name == "footnote":
            self.note_start()
            return
        if self.notes:
            if name in _NOTE_PARTS:
                self.characters(" ")
            return
        if name in _SECTIONS:
            self.flush()
            self.titled.append(False)
        elif name in _VERBATIM:
            self.open("pre")
            self.verbatim = 1
        elif name in _TABLES:
            self.flush()
            self.blocks.append(RUN_END)  # two tables that follow each other stay two
        elif name == "row":
            self.open("tr")
        elif name in _LISTS:
            if not self.counters:  # a list of its own, not one that follows another
                self.flush()
                self.blocks.append(RUN_END)
            start = attributes.get("startingnumber", "1")
            numbered = name in _NUMBERED_LISTS
            self.counters.append(int(start) if numbered and start.isdigit() else int(numbered))
        elif name in _ITEMS:
            self.flush()
            # A variable list's item is its term's text, not an item of a list.
            self.item = parent != "varlistentry"
            self.items.append(self.item)
        elif name in _PARAGRAPHS and not self.inside_row():
            if name == "title" and self.titles_section(parent):
                self.titled[-1] = True
                self.open("h", level=min(len(self.titled), 6))
            else:
                self.open("p")

    def end(self, raw: str) -> None:
        name = self.stack.pop() if self.stack else raw
        mark = self.marks.pop()
        if name in ("shortcut", "menuchoice") and self.block is not None and not self.skipping:
            self.menu_end(name, mark)
        if self.skipping:
            self.skipping -= 1
            return
        if self.verbatim:
            self.verbatim -= name in _VERBATIM
            if self.verbatim:
                return
            self.flush()
            return
        if self.notes:
            if name == "footnote":
                self.note_end()
            elif name in _NOTE_PARTS:
                self.characters(" ")
            return
        if name in _SECTIONS:
            self.flush()
            if self.titled:
                self.titled.pop()
        elif name == "row" or (name in _PARAGRAPHS and not self.inside_row()):
            self.flush()
        elif name == "entry":
            if self.block is not None:
                self.block.append("\t")
        elif name in _ITEMS:
            self.flush()
            self.item = False
            if self.items:
                self.items.pop()
        elif name in _LISTS and self.counters:
            self.counters.pop()

    def characters(self, data: str) -> None:
        if self.skipping:
            return
        if self.block is None:
            if not data.strip():
                return
            self.open("p")  # text outside a paragraph, as sloppy sources have
        assert self.block is not None
        self.block.append(data)

    def skipped_entity(self, name: str, is_parameter: bool) -> None:
        if is_parameter or self.skipping:
            return
        if self.stack and self.stack[-1] in _JOINED:  # &Ctrl; in a key combination
            self.join(self.stack[-1], name)
        self.characters(html5.get(name + ";", name))

    def join(self, parent: str, name: str) -> None:
        """Before a key of a key combination, or an item of a menu choice, that follows
        another: what a rendering shows between them."""
        mark, block = self.marks[-1], self.block
        # Any text since the combination opened, looked for from the end (the last key's
        # text): a combination of thousands of keys is not joined again before each.
        if block is None or mark is None:
            return
        if not any(block[i].strip() for i in range(len(block) - 1, mark - 1, -1)):
            return
        if name != "shortcut":
            block.append(_JOINED[parent])

    def menu_end(self, name: str, mark: int | None) -> None:
        """A menu choice's shortcut is shown after its items, in brackets ("File → Quit
        (Ctrl+Q)"), wherever the source gives it."""
        assert self.block is not None
        start = 0 if mark is None else mark
        if name == "shortcut":
            self.shortcuts.append(" ".join("".join(self.block[start:]).split()))
            del self.block[start:]
        elif self.shortcuts and self.shortcuts[-1]:
            self.block.append(f" ({self.shortcuts.pop()})")

    def note_start(self) -> None:
        """A footnote's text is read where it stands, in brackets, within the open block
        (a sentence is not cut around it)."""
        if self.block is None:
            self.open("p")
        assert self.block is not None
        self.notes.append(len(self.block))
        self.block.append(" (")

    def note_end(self) -> None:
        """A footnote's closing bracket, the white space at the edges of its text left out
        (a note that shows no text shows no brackets)."""
        start = self.notes.pop()
        block = self.block
        assert block is not None
        while len(block) > start + 1 and not block[-1].strip():
            block.pop()
        if len(block) == start + 1:
            del block[start:]
            return
        first = start + 1
        while not block[first].strip():
            first += 1
        if first > start + 1:
            del block[start + 1 : first]
        block[start + 1] = block[start + 1].lstrip()
        block[-1] = block[-1].rstrip()
        block.append(")")

    def include(self, attributes: dict[str, str]) -> None:
        """An XInclude: the file's text, or its tree read in place."""
        found = self.included(attributes.get("href"))
        if found is None:
            return
        path, text = found
        if attributes.get("parse") == "text":
            self.characters(text)
            return
        saved = self.stack
        self.stack = list(saved)  # the included tree's elements open inside this one's
        try:
            self.parse(text, posixpath.dirname(path), self.depth + 1)
        finally:
            self.stack = saved

    # --- blocks --------------------------------------------------------------------------

    def titles_section(self, parent: str) -> bool:
        """Whether a title whose parent is ``parent`` is the open section's (in it, or in
        its info element) and the section has no title yet."""
        if not self.titled or self.titled[-1]:
            return False
        if parent in _SECTIONS:
            return True
        return parent in _INFO and len(self.stack) >= 3 and self.stack[-3] in _SECTIONS

    def inside_row(self) -> bool:
        return self.kind == "tr" and self.block is not None

    def open(self, kind: str, level: int = 0) -> None:
        """Start a block of ``kind``, ending the one open (a paragraph that holds a list
        goes on after it as another block)."""
        self.flush()
        if kind == "p" and self.item:
            kind = list_kind(len(self.counters) - 1)
            if self.counters and self.counters[-1]:  # an ordered list's item: its number
                level = self.counters[-1]
                self.counters[-1] += 1
        elif kind == "p" and self.items and self.items[-1]:
            kind = list_kind(len(self.counters) - 1, continued=True)  # the item's next one
        self.item = False
        self.block, self.kind, self.level = [], kind, level

    def flush(self) -> None:
        if self.block is None:
            return
        raw = "".join(self.block)
        # In XML, white space outside verbatim text is one space, line breaks included.
        if self.kind == "tr":
            cells = raw.split("\t")  # each entry's text ends at a tab
            if len(cells) > 1 and not cells[-1].strip():
                cells.pop()  # what follows the last entry: the white space before </row>
            raw = "\t".join(" ".join(cell.split()) for cell in cells)
        elif self.kind != "pre":
            raw = " ".join(raw.split())
        if raw.strip():
            self.blocks.append((self.kind, self.level, raw))
        self.block = None


def _well_formed_content(text: str) -> bool:
    """Whether ``text`` parses as an XML entity's content (its text declaration, if any,
    left out; entities it names need not be declared)."""
    probe = expat.ParserCreate()
    probe.UseForeignDTD(True)
    try:
        probe.Parse("<_>" + _TEXT_DECLARATION.sub("", text, count=1) + "</_>", True)
    except expat.ExpatError:
        return False
    return True

"""HTML pages: the text a reader sees, with the page's own structure kept as plain text.

A saved web page, an exported document or a manual's HTML is a real document whose
structure is in its tags. :func:`html_text` reads it into the text that linseg segments:

- **Headings** ``<h1>`` ... ``<h6>`` become Markdown heading lines (``#`` ... ``######``),
  so that the default method reads the page's outline, as it reads a Markdown file's.
- **Blocks** (paragraphs, ``div``, sections, list items, table rows, definition terms and
  descriptions, block quotes, ``pre``) are separated by a blank line: a paragraph break.
  The items of one list, the rows of one table and the entries of one definition list stay
  together, a line each (``- item``, ``1. item``, cells joined by ``" | "``).
- **Code** (``<pre>``) keeps its lines as they are, between fences of three backticks.
- **Inline text** is joined as a browser shows it: runs of white space become one space,
  and ``<br>`` ends a line. Character references (``&amp;``, ``&#8212;``) are decoded.
  A link to a footnote shows its label in brackets (``here[1]``, where a stylesheet
  would raise it), and the notes themselves are kept, without the arrows that link back.
  A line of a block that Markdown would read as structure (``# 1 priority``, a code
  fence, ``=====`` under another line) gets a backslash before it, as Markdown escapes
  it: only the tags make headings.
- **Left out**: what a browser does not show (``<head>``, ``<script>``, ``<style>``,
  ``<template>``, ``<noscript>``, ``<svg>``, elements with the ``hidden`` attribute,
  comments), the pilcrow links that Sphinx and MkDocs put after each heading (class
  ``headerlink``), and the site's menus around the page's content, as a browser's
  reader view leaves them out (:data:`CHROME_ELEMENTS` ``<nav>`` and ``<aside>``, and
  elements with one of the ARIA :data:`CHROME_ROLES`); a page that shows nothing else
  keeps them. Everything else a reader sees is kept, a ``<footer>`` of the page's own
  included.

The segments of an HTML page join to this text, as a transcript's join to its cues' text:
not to the HTML source, whose tags are not part of any segment. The reader uses Python's
own :mod:`html.parser`, which accepts any input: a page with unclosed or stray tags is
read as a browser would read most of it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from html.parser import HTMLParser

from linseg.readers.formats import named
from linseg.readers.markup import fenced, heading

__all__ = [
    "html_text",
    "sniff_html",
    "blocks_text",
    "Block",
    "list_item",
    "list_kind",
    "list_continuation",
    "VOID_ELEMENTS",
    "CHROME_ELEMENTS",
    "CHROME_ROLES",
    "is_chrome",
]


# What a browser does not show: its content is left out.
_HIDDEN = frozenset({"head", "script", "style", "template", "noscript", "svg", "title"})
#: The site's menus around a page's content, left out as a browser's reader view leaves
#: them: these elements, and any element with one of :data:`CHROME_ROLES`.
CHROME_ELEMENTS = frozenset({"nav", "aside"})
#: ARIA roles of a site's menus, sidebars, banner and footer.
CHROME_ROLES = frozenset({"navigation", "search", "complementary", "banner", "contentinfo"})
# An <aside> that is a footnote of the text (docutils' HTML5 writer, Sphinx), not a sidebar.
_NOTE_ROLES = frozenset({"doc-footnote", "doc-endnote", "doc-endnotes"})
# Links to a footnote, whose label a stylesheet shows raised or in brackets (pandoc's,
# Python-Markdown's and docutils' classes, and the ARIA role): the text gets brackets,
# so that "here<sup>1</sup>" does not read "here1".
_NOTE_REFERENCES = frozenset({"footnote-ref", "footnote-reference"})
# Links from a footnote back to the text, which show only an arrow (pandoc's "↩︎",
# Python-Markdown's "↩"): left out.
_BACK_LINKS = frozenset({"footnote-back", "footnote-backref"})
# Elements that start and end a block of text (table cells and rules are read apart).
_BLOCKS = frozenset(
    {
        "address", "article", "aside", "blockquote", "body", "caption", "center", "dd",
        "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "header", "hgroup", "html", "legend", "li", "main", "menu", "nav",
        "ol", "p", "pre", "section", "summary", "table", "tbody", "tfoot", "thead", "tr", "ul",
    }
)  # fmt: skip
#: HTML's void elements: they never have an end tag.
VOID_ELEMENTS = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)
_HEADING = re.compile(r"h([1-6])")
# Blocks whose lines belong together: a list's items, a table's rows, a definition list's
# terms and descriptions.
_GROUPS = frozenset({"ul", "ol", "menu", "dir", "table", "dl"})
_ROW_ITEMS = frozenset({"li", "tr", "dt", "dd"})
_CELLS = frozenset({"td", "th"})
# A footnote's label alone: "[1]", "[*]", "[note]".
_NOTE_LABEL = re.compile(r"\[[^\[\]\s]{1,12}\]")
# A line of a block's text that the text's reader would take for Markdown or reST
# structure: a "#" heading or a code fence; below another line, also a line of one
# repeated mark (that line's underline).
_MARKUP_LINE = re.compile(r"#{1,6}(?:\s|$)|`{3}|~{3}")
_UNDERLINE = re.compile(r"([=\-~^*+#_`:.'\"])\1{2,}$")
# A start of the file that only HTML has (after white space, comments and an XML
# declaration).
# Each comment ends at its first "-->" and white space runs between the items, so that
# there is one way to read the opening: with ".*?" inside a comment and "\s" as an item
# of its own, an SVG's five comments and blank lines took minutes to be told apart from
# HTML (the ways to read them grow exponentially when "<html" does not follow).
_HTML_START = re.compile(
    r"\s*(?:(?:<!--(?:(?!-->).)*-->|<\?xml[^>]*\?>)\s*)*<(?:!doctype\s+html|html[\s>])",
    re.IGNORECASE | re.DOTALL,
)


def sniff_html(text: str, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``text`` is an HTML page: its name ends in ``.html``, ``.htm`` or
    ``.xhtml``, or it opens with ``<!DOCTYPE html>`` or an ``<html>`` tag (after white
    space, comments or an XML declaration). A text that merely holds tags (Markdown with
    an HTML snippet) is not."""
    if named(path) == "html":
        return True
    return _HTML_START.match(text[:4096]) is not None


def html_text(source: str) -> str:
    """The text of the HTML page ``source``, as the module describes: its blocks
    separated by blank lines, headings as Markdown ``#`` lines, code between fences, the
    site's menus left out. An empty string if the page shows no text."""
    text = _read(source, chrome=False)
    # A page that is all menu (or marked so by mistake) keeps them: its text is there.
    return text or _read(source, chrome=True)


def is_chrome(tag: str, attributes: dict[str, str | None]) -> bool:
    """Whether an element is a site's menu, sidebar, banner or footer, which
    :func:`html_text` leaves out: one of :data:`CHROME_ELEMENTS`, or one whose ARIA
    role is one of :data:`CHROME_ROLES`; an ``<aside>`` that is a footnote (its role
    ``doc-footnote``, or a class ``footnote`` or ``footnote-list``, as docutils writes
    them) is not."""
    role = attributes.get("role")
    if role in CHROME_ROLES:
        return True
    if tag not in CHROME_ELEMENTS or role in _NOTE_ROLES:
        return False
    return not any(c.startswith("footnote") for c in (attributes.get("class") or "").split())


def _read(source: str, chrome: bool) -> str:
    reader = _Reader(chrome)
    reader.feed(source)
    reader.close()
    return reader.text()


#: A block of a document that is not a web page, as its reader found it:
#: ``("h", level, text)``, ``("p", 0, text)``, ``("li", number, text)`` (an item of an
#: ordered list's number, 0 for an unordered list's; ``"li2"`` for one of a list nested
#: two deep, as :func:`list_item` makes it), ``("lc", 0, text)`` (an item's later
#: paragraph, ``"lc2"`` two deep: :func:`list_continuation`), ``("tr", 0, cells joined
#: by a tab)`` or ``("pre", 0, code)``; ``text`` holds "\n" where a line breaks.
Block = tuple[str, int, str]
#: The deepest a nested list's items are indented, two spaces a level; deeper lists stand
#: at this depth (a page of 20,000 lists nested in each other had indented its items by
#: 800 MB of spaces).
MAX_LIST_DEPTH = 12
#: A block that shows nothing and ends a run of list items or table rows: a reader puts
#: it before a list or table of its own, so that one that follows another stays apart.
RUN_END: Block = ("p", 0, "")


def list_item(number: int, text: str, depth: int = 0) -> Block:
    """A list item's block: its ``number`` in an ordered list (0 in an unordered one),
    and the ``depth`` of its list in other lists (0 for an outermost list's), which
    :func:`blocks_text` shows as a web page's nested list is shown, indented."""
    return (list_kind(depth), number, text)


def list_continuation(text: str, depth: int = 0) -> Block:
    """A list item's second paragraph, or any after it, in a list nested ``depth`` deep:
    :func:`blocks_text` shows it on a line of its own below the item's, indented to its
    text, as a web page's item shows its later paragraphs."""
    return (list_kind(depth, continued=True), 0, text)


def list_kind(depth: int, continued: bool = False) -> str:
    """The kind of block of an item of a list nested ``depth`` deep, or of an item's
    later paragraph (``continued``; see :data:`Block`)."""
    kind = "lc" if continued else "li"
    return f"{kind}{depth}" if depth > 0 else kind


def blocks_text(blocks: Iterable[Block]) -> str:
    """The text of a document read as blocks (a word-processor file's, a PDF's, a LaTeX
    source's), written as :func:`html_text` writes a web page's: a run of list items, or
    of table rows, a line each, and other blocks a paragraph each. A list item's level
    is its number in an ordered list (0: an unordered one's)."""
    written: list[tuple[str, bool]] = []
    previous = ""
    # The width of the last item's marker at each depth, to which its later paragraphs
    # are indented.
    widths: dict[int, int] = {}
    for kind, level, raw in blocks:
        if kind == "pre":
            text = fenced(raw)
        elif kind == "h":
            text = heading(level, raw)
        else:
            text = _lines(" | ".join(raw.split("\t")) if kind == "tr" else raw)
            marker = ""
            if kind[:2] in ("li", "lc"):
                # A nested list's items (kind "li2": two deep) indented as a web page's,
                # two spaces a depth.
                depth = min(int(kind[2:] or 0), MAX_LIST_DEPTH)
                if kind.startswith("li"):
                    marker = "  " * depth + (f"{level}. " if level else "- ")
                    widths[depth] = len(marker)
                else:
                    marker = " " * widths.get(depth, 2 * depth + 2)
                kind = "li"
            if text:
                text = _escaped(marker + text)
        if text:
            # Items of one list (rows of one table) follow each other: a block of another
            # kind in between, even one with no text, ends the list.
            written.append((text, kind in ("li", "tr") and kind == previous))
        previous = kind
    return _written(written)


def _lines(raw: str) -> str:
    """A block's lines with their runs of white space made one space, empty lines
    dropped."""
    return "\n".join(line for line in (" ".join(line.split()) for line in raw.split("\n")) if line)


def _escaped(text: str) -> str:
    """``text`` with a backslash before each line that Markdown would read as structure (a
    "#" heading, a fence, an underline below another line), as Markdown escapes it: only
    the markup makes structure."""
    return "\n".join(
        "\\" + line if _MARKUP_LINE.match(line) or (i and _UNDERLINE.match(line)) else line
        for i, line in enumerate(text.split("\n"))
    )


def _written(blocks: list[tuple[str, bool]]) -> str:
    """The blocks joined: a line break before a ``tight`` one, a blank line before the
    others, and one at the end ("" for no block)."""
    if not blocks:
        return ""
    return "".join([blocks[0][0], *(("\n" if t else "\n\n") + b for b, t in blocks[1:])]) + "\n"


# The marked sections Python's parser reads: a keyword right after "<![".
_MARKED_SECTION = re.compile(
    r"<!\[(?:cdata|if|else|endif|temp|include|rcdata|ignore)(?![-_.a-z0-9])", re.IGNORECASE
)


class _Reader(HTMLParser):
    """Collects the page's blocks as ``(text, tight)``: ``tight`` for a list item, table
    row or definition entry that follows another of its group (one line break between
    them, not a blank line)."""

    def __init__(self, chrome: bool = True) -> None:
        super().__init__(convert_charrefs=True)
        self._chrome = chrome  # whether the site's menus are read
        self._texinfo = False  # a page of Texinfo's HTML (makeinfo, texi2any)
        self.blocks: list[tuple[str, bool]] = []
        self._inline: list[str] = []
        self._open: list[str] = []  # open elements, innermost last
        self._hidden = 0  # open elements whose content is not shown
        self._pre = 0
        self._heading = 0  # the level of the heading being read, 0 outside one
        self._lists: list[list[int]] = []  # each open list: [next number] (ol) or [] (ul)
        self._group_items: list[int] = []  # items so far in each open group
        self._prefix = ""  # what the pending block opens with ("- ", "1. ")
        # For each open list item, the indent of its later paragraphs: its marker's width.
        self._items: list[str] = []
        self._cells = 0  # cells so far in the row being read
        # For each open link to a footnote: its depth among the open elements, and where
        # its text starts in the inline text.
        self._notes: list[tuple[int, int]] = []

    def parse_html_declaration(self, i: int) -> int:
        # Python's parser raises AssertionError at "<![" followed by anything but the
        # marked sections it knows ("<![CDATA[", Word's "<![if ...]>"); HTML reads the rest
        # as a bogus comment, to the next ">".
        if self.rawdata.startswith("<![", i) and not _MARKED_SECTION.match(self.rawdata, i):
            end = self.rawdata.find(">", i + 3)
            return -1 if end < 0 else end + 1
        return super().parse_html_declaration(i)

    # -- the tags -------------------------------------------------------------------

    def _generator(self, attributes: dict[str, str | None]) -> None:
        """Note a page that Texinfo wrote (``<meta name="Generator" content="makeinfo">``)."""
        if (attributes.get("name") or "").lower() == "generator":
            content = (attributes.get("content") or "").lower()
            self._texinfo = self._texinfo or content.startswith(("makeinfo", "texi2any"))

    def _texinfo_navigation(self, tag: str, classes: list[str]) -> bool:
        """Whether an element is the navigation line a Texinfo page opens and closes its
        nodes with ("Next: ..., Previous: ..., Up: ..."): Texinfo 7's ``nav-panel``, and
        on a page that Texinfo wrote, an older one's ``header`` block."""
        if tag != "div":
            return False
        return "nav-panel" in classes or (self._texinfo and "header" in classes)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_ELEMENTS:
            if tag == "meta":
                self._generator(dict(attrs))
            self._void(tag)
            return
        self._open.append(tag)
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if (
            self._hidden
            or tag in _HIDDEN
            or "hidden" in attributes
            or "headerlink" in classes
            or (tag == "a" and not _BACK_LINKS.isdisjoint(classes))
            or (not self._chrome and is_chrome(tag, attributes))
            or (not self._chrome and self._texinfo_navigation(tag, classes))
        ):
            self._hidden += 1
            return
        if tag == "pre":
            self._end_block()
            self._pre += 1
        elif tag == "a":
            if attributes.get("role") == "doc-noteref" or not _NOTE_REFERENCES.isdisjoint(classes):
                self._notes.append((len(self._open), len(self._inline)))
        elif tag in _CELLS:
            if self._cells:
                self._inline.append(" | ")
            self._cells += 1
        elif (heading := _HEADING.fullmatch(tag)) is not None:
            self._end_block()
            self._heading = int(heading.group(1))
        elif tag in _BLOCKS:
            pending = "".join(self._inline).strip()
            if _NOTE_LABEL.fullmatch(pending) and not self._heading:
                # A note's label before its first paragraph (docutils' "[1]" in a
                # span): the paragraph's start, not a block of its own.
                self._inline = []
                self._prefix += pending + " "
            self._end_block()
            if tag in _GROUPS:
                # A list nested in an item goes on from its item's line, with no blank line.
                self._group_items.append(1 if self._group_items and self._group_items[-1] else 0)
                if tag in ("ol", "ul", "menu", "dir"):
                    start = attributes.get("start") or "1"
                    self._lists.append([int(start)] if tag == "ol" and start.isdigit() else [])
            elif tag in _ROW_ITEMS:
                self._cells = 0
                if tag == "li":
                    self._prefix = self._marker()
                    self._items.append(" " * len(self._prefix))
                else:  # a row or term, in a list item indented as its paragraphs
                    self._prefix = self._items[-1] if self._items else ""

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_ELEMENTS:
            self._void(tag)
        else:  # <div/> in XHTML: an element with no content
            self.handle_starttag(tag, attrs)
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_ELEMENTS or tag not in self._open:
            return  # a stray end tag closes nothing, as in a browser
        # An end tag closes every element opened inside it and left open.
        while self._open:
            inner = self._open.pop()
            self._close(inner)
            if inner == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._hidden:
            return
        # Outside <pre> a line break in the source is a space (only <br> breaks a line);
        # the block's runs of white space are made one space when it ends.
        self._inline.append(data if self._pre else data.replace("\n", " "))

    def _void(self, tag: str) -> None:
        if self._hidden:
            return
        if tag == "br":
            self._inline.append("\n")
        elif tag == "hr":
            self._end_block()
            self.blocks.append(("***", False))  # a thematic break, as Markdown writes one

    def _close(self, tag: str) -> None:
        if self._hidden:
            self._hidden -= 1
            return
        if tag == "pre":
            self._end_block()
            self._pre -= 1
        elif tag == "a":
            if self._notes and self._notes[-1][0] == len(self._open) + 1:
                self._bracket(self._notes.pop()[1])
        elif _HEADING.fullmatch(tag):
            self._end_block()
            self._heading = 0
        elif tag in _BLOCKS:
            self._end_block()
            if tag == "li" and self._items:
                self._items.pop()
            if tag in _ROW_ITEMS:
                # An item with no text of its own marks nothing after it; a paragraph
                # after a nested list's item is its outer item's.
                self._prefix = self._items[-1] if self._items else ""
            if tag in _GROUPS:
                self._group_items.pop()
                if tag in ("ol", "ul", "menu", "dir"):
                    self._lists.pop()

    # -- the blocks -----------------------------------------------------------------

    def _bracket(self, start: int) -> None:
        """A footnote's label, read since ``start`` in the inline text, put in brackets,
        unless it shows its own ("[4]", as Django's pages write it)."""
        label = "".join(self._inline[start:]).strip()
        if label and label[0] not in "[(":
            self._inline[start:] = ["[", label, "]"]

    def _marker(self) -> str:
        """``- `` for an item of an unordered list, ``N. `` of an ordered one, indented
        two spaces for each list it is nested in (at most :data:`MAX_LIST_DEPTH`)."""
        if not self._lists:
            return "- "
        numbering = self._lists[-1]
        indent = "  " * min(len(self._lists) - 1, MAX_LIST_DEPTH)
        if not numbering:
            return indent + "- "
        numbering[0] += 1
        return f"{indent}{numbering[0] - 1}. "

    def _end_block(self) -> None:
        """Turn the inline text read since the last block's end into a block."""
        raw = "".join(self._inline)
        self._inline = []
        if self._pre:
            # Code stands apart, a blank line each side, even inside a list item.
            if text := fenced(raw):
                self.blocks.append((text, False))
            return
        if self._heading:
            text = heading(self._heading, raw)
        else:
            text = _lines(raw)
            if text:
                text = _escaped(self._prefix + text)
        if not text:
            return
        self._prefix = self._items[-1] if self._items else ""  # an item's next paragraph
        tight = bool(self._group_items) and self._group_items[-1] > 0
        if self._group_items:
            self._group_items[-1] += 1
        self.blocks.append((text, tight))

    def close(self) -> None:
        super().close()
        while self._open:
            self._close(self._open.pop())
        self._end_block()

    def text(self) -> str:
        return _written(self.blocks)

"""AsciiDoc sources: their text, with their section titles as Markdown headings.

AsciiDoc (``.adoc``; Git's manuals are written in it as ``.txt``) marks sections with
``==`` lines or with underlined titles, and code with delimiter lines of ``----``. Read as
plain text, those delimiters look like reStructuredText adornments: the last line of each
listing becomes a title, and the outline is made of code. :func:`asciidoc_text` reads a
source into text that linseg segments as it segments Markdown:

- **Sections**: ``= Title`` (the document's title) and ``==`` to ``======`` (or Markdown's
  ``#`` to ``######``) are ``#`` to ``######`` lines; so are two-line titles, underlined
  with ``=``, ``-``, ``~``, ``^`` or ``+`` (levels 0 to 4) to within two characters of the
  title's length, as AsciiDoc reads them.
- **Delimited blocks**: listing (``----``), literal (``....``), passthrough (``++++``) and
  fenced (```` ``` ````) blocks are kept line for line between fences, one unit (the
  language of ``[source,python]``, if given); example (``====``), sidebar (``****``),
  quote (``____``) and open (``--``) blocks are read for what they hold; comment blocks
  (``////``) and comment lines (``//``) are left out; a table's (``|===``) rows are lines,
  their cells joined by ``" | "``, as many to a row as its ``cols`` attribute gives or its
  first line holds (a cell's text may run over lines), as Asciidoctor groups them.
- **Left out**: attribute entries (``:toc:``), the header's author and revision lines,
  block attribute lines (``[source,python]``, ``[[anchor]]``), ``toc::[]``, and hidden
  index terms. A block title (``.Example``) is a line of its own.
- **Lists**: items are written as the other readers write them, ``- item`` and ``1.
  item`` (``. item`` numbered), a nested list's indented two spaces a level; lists nest
  by their markers' style, as Asciidoctor reads them (``**`` or ``.`` under ``*``
  opens a list inside the item; a style open already goes back to its list). A block
  that a list continuation (``+`` alone) attaches to an item shows under it, indented to
  its text; elsewhere a ``+`` alone is a blank line. Labelled lists (``term::``), callouts
  and items numbered in the source (``1. step``) are kept as written; a hard line break
  (`` +`` at a line's end) is left out.
- **Inline**: attribute references (``{name}``, built-in or defined in the source) are
  replaced; links, cross references and other macros show their text (``link:url[the
  docs]``: ``the docs``; ``<<id,Setup>>``: ``Setup``; ``image:x.png[a hive]``: ``a hive``),
  a link's all of it unless an ``=`` makes it an attribute list (``link:url[the docs,
  window=_blank]``: ``the docs``), as Asciidoctor reads them; a footnote shows its text
  in brackets where it stands, even glued to the word before it (``4.18footnote:[Or
  older.]``: ``4.18 (Or older.)``), as the DocBook and LaTeX readers show theirs, and
  all of it where pandoc wrapped it over lines; a macro AsciiDoc does not define shows
  its target and its text in brackets (``linkgit:git-tag[1]``: ``git-tag(1)``, as Git's
  own macro does). Other
  formatting marks (``*bold*``, ```code```) stay, as in Markdown.
- **Preprocessor**: ``ifdef::``, ``ifndef::`` and ``endif::`` keep or drop what they
  enclose by the attributes defined so far (``ifeval::`` keeps it); ``include::`` reads
  the file it names through ``read_file`` (:func:`~linseg.readers.document.read_document`
  looks beside the source), up to eight includes deep, only the regions its ``tag=`` or
  ``tags=`` name or the ``lines=`` it names, its titles moved by ``leveloffset=``; it is
  left out where that file cannot be read (or the source came from standard input).
  ``:leveloffset:`` entries move the titles below them, as Asciidoctor does.

Only the standard library is used."""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from linseg.readers.asciidoc_lines import (
    _ATTRIBUTE_ENTRY,
    _DELIMITER,
    _FENCE,
    MAX_EXPANDED,
    _is_underline,
    _level_offset,
    _preprocessed,
    _references,
    _section,
    _section_titles,
    _without_header,
)
from linseg.readers.formats import named
from linseg.readers.markup import (
    ListNumbers,
    bracket_lines,
    fenced,
    heading,
    holds_marks,
    note_in_brackets,
    written,
)

__all__ = ["asciidoc_text", "sniff_asciidoc"]

_UNDERLINE_MARKS = "=-~^+"
_BLOCK_ATTRIBUTES = re.compile(r"\[\[[^\[\]]+\]\]|\[[^\[\]\s][^\[\]]*\]")
_LIST_START = re.compile(r"[\[,]\s*start\s*=\s*\"?(\d{1,9})")
_BLOCK_TITLE = re.compile(r"\.([^\s.].*)")
_BLOCK_MACRO = re.compile(r"(image|video|audio|toc)::([^\[]*)\[(.*)\][ \t]*")
# An item of a list its marker's style names (". step", "** item", "- item"); its
# nesting is by that style, as Asciidoctor reads it: a style not open yet opens a list
# inside the last item, one open already goes back to its list.
_MARKED = re.compile(r"[ \t]*(\.{1,5}|\*{1,5}|-)[ \t]+(\S.*)")
# A list item of any kind: ". step", "** item", "- item", "1. step".
_ITEM = re.compile(r"[ \t]*(?:\.{1,5}|\*{1,5}|-|\d{1,9}\.)[ \t]+\S")
_XREF = re.compile(r"<<([^<>,]+?)(?:,[ \t]*([^<>]*?))?>>")
# (A macro's text holds brackets one level deep at most, and its scan stops at the next
# "[" otherwise: a line of macros never closed is not read to its end from each.)
_MACRO = re.compile(
    r"(?<![\w\\/:])([a-z][a-z0-9_-]*):(?!//)([^\s\[\]]*)"
    r"\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]"
)
# A footnote, read before other macros: it may be glued to the word before it (pandoc writes
# "4.18footnote:[...]"), as Asciidoctor's own pattern for footnotes allows. Where one opens.
_NOTE_OPENING = re.compile(r"(?<!\\)footnote(?:ref)?:[^\s\[\]]*\[")
_FOOTNOTE = re.compile(r"(?<!\\)footnote(ref)?:([^\s\[\]]*)\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]")
_URL_MACRO = re.compile(r"(?<![\w\\])((?:https?|ftp|irc)://[^\s\[\]]+)\[([^\]\n]*)\]")
_INLINE_ANCHOR = re.compile(r"\[\[\[([\w:.-]+)(?:,[^\]]*)?\]\]\]|\[\[[\w:.-]+(?:,[^\]]*)?\]\]")
_HIDDEN_TERM = re.compile(r"\(\(\([^()]*\)\)\)")
_VISIBLE_TERM = re.compile(r"\(\(([^()]+)\)\)")
# A table's cell, anywhere in its text: a bar at a line's start or after a blank, and its
# spec, whose "N+" spans N columns and "N*" repeats it N times (group 1: N). (A run of
# blanks is tried from its start only: from each of its blanks, a long run that no bar
# follows would be read again and again.)
_TABLE_CELL = re.compile(
    r"(?:^|(?<!\s)\s+)(?:(\d{1,3})(?:\.\d+)?[+*])?[<^>]?(?:\.[<^>])?[adehlmsv]?\|"
)
_COLS = re.compile(r"""(?:^|[\[,])\s*cols\s*=\s*(?:"([^"]*)"|'([^']*)'|([^,\]]*))""")
# Where a macro's text is what it shows: all of it; a link's, unless it is an attribute
# list (see _link_text); or its first attribute. And where nothing is. (A footnote's:
# see _FOOTNOTE.)
_WHOLE_TEXT_MACROS = frozenset(("kbd", "btn", "pass", "stem", "latexmath", "asciimath"))
_LINK_MACROS = frozenset(("link", "mailto", "xref", "indexterm2"))
_TEXT_MACROS = frozenset(("icon", "image"))
_HIDDEN_MACROS = frozenset(("indexterm", "anchor"))
# The marks only AsciiDoc makes, each kind a group: a text is read as AsciiDoc when it
# holds three of two kinds or more (a GNU change log's "=== title ===" lines, or a plain
# text's boxes of dashes, are one kind each).
_ASCIIDOC_ONLY = re.compile(
    r"^(?:(?P<title>=[ \t]+[^\s=][^\n]*)"  # the document's title
    r"|(?P<section>={2,6}[ \t]+[^\s=][^\n]*)"  # a section's (not a reST table's border)
    r"|(?P<anchor>\[\[[\w:.-]+(?:,[^\]]*)?\]\])"
    r"|(?P<attributes>\[(?:source|listing|literal|verse|quote|NOTE|TIP|IMPORTANT|WARNING|"
    r"CAUTION|horizontal|discrete|appendix|preface|glossary|bibliography|colophon|abstract|"
    r"partintro|cols=|options=)[^\]\n]*\])"  # a block's attributes
    r"|(?P<directive>(?:include|ifdef|ifndef|endif|image|toc)::[^\s\[]*\[[^\n]*\])"
    r"|(?P<table>\|===)"
    r"|(?P<term>-{1,2}[\w<\[][^\n]*?[^:\s]::)"  # a labelled list's option: "--verbose::"
    # A listing of two lines or more between delimiters alike: reStructuredText would
    # read an overline, a title of one line and an underline.
    r"|(?P<listing>(-{4,}|\.{4,})[ \t]*\n[^\n]*\S[^\n]*\n"
    r"(?:(?![-.]{4,}[ \t]*\n)[^\n]*\n){1,200}?[-.]{4,})"
    r")[ \t]*$",
    re.MULTILINE,
)


def sniff_asciidoc(text: str, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``text`` is an AsciiDoc source: named ``.adoc`` or ``.asciidoc``, or
    holding (in its first 64 KB) at least three lines, of two kinds or more, that only
    AsciiDoc writes: a document's title (``= Title``), ``==`` section titles, anchors
    (``[[id]]``), block attributes (``[source,python]``), directives (``include::``,
    ``ifdef::``), tables (``|===``), listings of two lines or more between ``----``."""
    if named(path) == "asciidoc":
        return True
    return holds_marks(_ASCIIDOC_ONLY, text)


def asciidoc_text(source: str, read_file: Callable[[str], str] | None = None) -> str:
    """The text of the AsciiDoc ``source`` (see the module), its blocks separated by blank
    lines; ``read_file`` reads a file that an ``include::`` directive names."""
    attributes: dict[str, str] = {}
    lines = _level_offset(_preprocessed(source.splitlines(), attributes, read_file, "", 0))
    # A bare cross reference (<<id>>) shows its section's title: only then are they read.
    titles = _section_titles(lines) if "<<" in source else {}
    return written(_Reader(attributes, titles).blocks(_without_header(lines)))


class _Reader:
    """Reads preprocessed lines block by block, into Markdown-like lines."""

    def __init__(self, attributes: dict[str, str], titles: dict[str, str]) -> None:
        self.attributes = attributes
        self.grown = 0  # characters the references have added to the text so far
        self.titles = titles  # what a cross reference without text shows: see _xref

    def blocks(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        attributes = ""  # the block attribute line ([source,LANG]) of the block that follows
        at_start = True  # whether the line opens a block (a blank line, or none, above)
        lists = _Lists()
        start = 1  # the first number of the next list, from a [start=N] line above it
        i = 0
        while i < len(lines):
            line = lines[i]
            if not line.strip():
                out.append("")
                at_start, lists.attached = True, ""
                i += 1
                continue
            if line.strip() == "+" and lists.styles:
                # A list continuation: the block below is the last item's, shown under
                # it, indented to its text.
                lists.attached, at_start = lists.text_column, True
                i += 1
                continue
            if line.startswith("//") and not line.startswith("////"):
                i += 1
                continue
            delimiter = _DELIMITER.fullmatch(line) or _FENCE.fullmatch(line)
            if delimiter is not None:
                close = _closing(lines, i, delimiter)
                if close is None:  # a delimiter left open: markup, shown as nothing
                    i += 1
                    continue
                shown = self._delimited(lines[i + 1 : close], delimiter, attributes)
                out.extend(("", *shown, ""))
                attributes, at_start, i = "", True, close + 1
                lists.attached = ""  # (a block a "+" attached stands apart, as code does)
                continue
            if not at_start and _between_items(lines, i):
                # A block attribute line between two items ([arabic] above a nested
                # list) is markup, as it is above a block.
                start, i = _list_start(line), i + 1
                continue
            if at_start:
                taken = self._block_line(lines, i, out)
                if taken:
                    if taken == 2 or _section(line):  # a title ends a list
                        lists.end()
                    attributes = line if taken == -1 else attributes
                    start = _list_start(line) if taken == -1 else 1
                    i += abs(taken)
                    continue
            # A footnote that pandoc wrapped: its lines one (Asciidoctor reads them so).
            taken = bracket_lines(lines, i, _NOTE_OPENING) if "footnote" in line else 1
            line = " ".join(x.strip() if k else x for k, x in enumerate(lines[i : i + taken]))
            out.append(self._text_line(line, lists, at_start, start))
            at_start, start = False, 1
            i += taken
        return out

    def _block_line(self, lines: list[str], i: int, out: list[str]) -> int:
        """Read the line that opens a block if it is one of the block-level lines that
        are not prose (a title, attributes, a directive); how many lines were read (-1
        for a block attribute line), or 0 if it is prose."""
        line = lines[i]
        section = _section(line)
        if section is not None:
            out.extend((heading(len(section.marks), self._inline(section.title)), ""))
            return 1
        if i + 1 < len(lines) and _is_underline(lines, i, lines[i + 1]):
            level = _UNDERLINE_MARKS.index(lines[i + 1][0]) + 1
            out.extend((heading(level, self._inline(line)), ""))
            return 2
        if _ATTRIBUTE_ENTRY.fullmatch(line):
            return 1
        if _BLOCK_ATTRIBUTES.fullmatch(line.strip()):
            return -1
        macro = _BLOCK_MACRO.fullmatch(line)
        if macro is not None:
            kind, _, text = macro.groups()
            alt = _first_positional(text) if kind == "image" else ""
            out.extend((self._inline(alt), "") if alt else ("",))
            return 1
        title = _BLOCK_TITLE.fullmatch(line)
        if title is not None:
            out.extend((self._inline(title.group(1)), ""))
            return 1
        if line.strip() == "+":  # a list continuation
            out.append("")
            return 1
        return 0

    def _delimited(self, inner: list[str], delimiter: re.Match[str], attributes: str) -> list[str]:
        """What a delimited block shows (``attributes``: the attribute line above it):
        code fenced, a table's rows, other blocks read for what they hold, a comment
        nothing."""
        mark = delimiter.group(1)
        language = _source_language(attributes)
        if mark.startswith("`"):
            return [fenced("\n".join(inner), delimiter.group(2) or language)]
        if mark[0] in "-.+" and mark != "--":
            return [fenced("\n".join(inner), language)]
        if mark[0] == "/":
            return []
        if mark[0] == "|":
            return self._table(inner, _columns(attributes))
        if mark[0] in ",:!":
            return [self._row(line) for line in inner if line.strip()]
        return self.blocks(inner)

    def _xref(self, m: re.Match[str]) -> str:
        """A cross reference's text: its own, else the title of the section it names,
        else the id."""
        target, text = m.group(1).strip(), m.group(2)
        return (text or self.titles.get(target.lstrip("#"), target)).strip()

    def _table(self, inner: list[str], columns: int) -> list[str]:
        """A table's rows, a line each, as Asciidoctor groups its cells: ``columns`` to a
        row (a cell's ``2+`` spans two, ``3*`` is written three times), else as many as
        its first line holds; a cell's text may run over lines (pandoc wraps long ones)."""
        text = "\n".join(inner)
        bars = list(_TABLE_CELL.finditer(text))
        if not bars:
            return [self._row(line) for line in inner if line.strip()]
        if not columns:
            line_end = text.find("\n", bars[0].end())
            first = text[bars[0].start() : line_end if line_end >= 0 else len(text)]
            columns = len(_TABLE_CELL.findall(first))
        rows, cells, filled = [], [text[: bars[0].start()]], 0
        for k, bar in enumerate(bars):
            end = bars[k + 1].start() if k + 1 < len(bars) else len(text)
            cells.append(text[bar.end() : end])
            filled += int(bar.group(1) or 1)
            if filled >= columns:
                rows.append(cells)
                cells, filled = [], 0
        rows.append(cells)
        shown = (
            " | ".join(self._inline(" ".join(c.split())) for c in row if c.strip()) for row in rows
        )
        return [row for row in shown if row]

    def _row(self, line: str) -> str:
        """A table's line, its cells joined by ``" | "`` (a cell's spec, ``2+|``, left
        out)."""
        cells = [c.strip() for c in _TABLE_CELL.split(line)[::2]]  # (not the spans)
        return " | ".join(self._inline(c) for c in cells if c)

    def _text_line(self, line: str, lists: _Lists, at_start: bool, start: int) -> str:
        """A line of prose; ``at_start``: it opens a block (a paragraph ends a list);
        ``start``: the number a list that it opens starts from."""
        marked = _MARKED.fullmatch(line)
        if marked is not None:
            line = lists.item(marked.group(1), start) + marked.group(2)
        elif lists.attached:
            line = lists.attached + line.lstrip()
        elif at_start:
            lists.end()
        if line.endswith(" +"):
            line = line[:-2].rstrip()
        return self._inline(line)

    def _inline(self, text: str) -> str:
        """``text`` as it shows: references replaced, macros read, hidden terms out."""
        expanded = _references(text, self.attributes)
        self.grown += len(expanded) - len(text)
        if self.grown > MAX_EXPANDED * 16:  # a line of a few bytes each 1 MB, many lines
            raise ValueError(
                f"the AsciiDoc source's attribute references add more than "
                f"{MAX_EXPANDED * 16:,} characters to its text"
            )
        text = expanded
        # Every other mark holds "[", "<<" or "((": most lines have none.
        if "[" not in text and "<<" not in text and "((" not in text:
            return text
        # A bibliography anchor ([[[id]]]) shows as [id]; any other anchor not at all.
        text = _INLINE_ANCHOR.sub(lambda m: f"[{m.group(1)}]" if m.group(1) else "", text)
        text = _HIDDEN_TERM.sub("", text)
        text = _VISIBLE_TERM.sub(r"\1", text)
        text = _XREF.sub(self._xref, text)
        if "footnote" in text:
            text = _FOOTNOTE.sub(_footnote_text, text)
        text = _MACRO.sub(_macro_text, text)  # first: link:https://...[text] is one
        return _URL_MACRO.sub(lambda m: _link_text("link", m.group(2)) or m.group(1), text)


def _macro_text(m: re.Match[str]) -> str:
    name, target, text = m.groups()
    if name in _HIDDEN_MACROS:
        return ""
    if name == "menu":
        return " > ".join([target, *(s.strip() for s in text.split(">") if s.strip())])
    if name in _WHOLE_TEXT_MACROS:
        return text or target
    if name in _LINK_MACROS:
        # (A visible index term whose brackets hold only named attributes shows them all.)
        return _link_text(name, text) or (text if name == "indexterm2" else target)
    if name in ("http", "https", "ftp", "irc"):
        return m.group(0)  # a URL's port or path with brackets, not a macro
    shown = _first_positional(text)
    if name in _TEXT_MACROS:
        return shown or target
    return f"{target}({shown})" if shown else target


class _Lists:
    """The lists open at a line: each one's marker style (``*``, ``**``, ``.``, ``-``),
    outermost first, and the last number of each ordered one, by depth."""

    def __init__(self) -> None:
        self.styles: list[str] = []
        self.numbers = ListNumbers()
        self.text_column = ""  # spaces as wide as the last item's indent and marker
        self.attached = ""  # the indent of a block a "+" attached to the last item

    def item(self, style: str, start: int) -> str:
        """The indent and marker of an item of ``style`` (``start``: the number a list it
        opens starts from): nested two spaces a depth, ``- `` or its number."""
        if style in self.styles:
            del self.styles[self.styles.index(style) + 1 :]
        else:
            self.styles.append(style)
        depth = len(self.styles) - 1
        number = self.numbers.item(depth, start if style[0] == "." else 0)
        shown = "  " * depth + (f"{number}. " if number else "- ")
        self.text_column, self.attached = " " * len(shown), ""
        return shown

    def end(self) -> None:
        """A paragraph or a title after a list: every list ends."""
        self.styles.clear()
        self.numbers = ListNumbers()
        self.attached = ""


def _between_items(lines: list[str], i: int) -> bool:
    """Whether line ``i`` is a block attribute line (``[arabic]``) right between two
    list items."""
    return (
        0 < i < len(lines) - 1
        and _BLOCK_ATTRIBUTES.fullmatch(lines[i].strip()) is not None
        and all(_ITEM.match(lines[j]) for j in (i - 1, i + 1))
    )


def _list_start(line: str) -> int:
    """The number that a block attribute line (``[arabic, start=3]``) starts a list from:
    1 if it names none."""
    m = _LIST_START.search(line)
    return int(m.group(1)) if m else 1


def _footnote_text(m: re.Match[str]) -> str:
    """A footnote's text in brackets, all of it (``footnoteref:[id,text]``: after the id),
    apart from the word it is glued to, as DocBook's and LaTeX's readers show theirs; a
    second mention of a named note (``footnote:id[]``), which shows only its number,
    nothing."""
    old_style, _, text = m.groups()
    if old_style:
        text = text.partition(",")[2]
    return note_in_brackets(text, m.string[m.start() - 1] if m.start() else "")


def _link_text(name: str, text: str) -> str:
    """What the brackets of a link (``link``, ``mailto``, a URL's), a cross reference
    (``xref``) or a visible index term (``indexterm2``) show, as Asciidoctor reads them: all
    they hold, unless that holds a named attribute (an ``=``; for ``mailto``, a ``,``), when
    they are an attribute list and show its first positional attribute; a link's trailing
    ``^`` (open in a new window) is not shown."""
    if ("," if name == "mailto" else "=") in text:
        text = _first_positional(text)
    if name in ("link", "mailto") and text.endswith("^"):
        return text[:-1]
    return text


def _first_positional(text: str) -> str:
    """A macro's or block's first attribute (its text), unquoted; "" if it is named."""
    first = text.split(",", 1)[0].strip() if not text.startswith('"') else text
    if first.startswith('"'):
        end = first.find('"', 1)
        return first[1:end] if end > 0 else first[1:]
    # (A name starts with a letter or a digit, as Asciidoctor scans it: "--type=x" is text.)
    return "" if re.match(r"\w[\w-]*[ \t]*=", first) else first


def _columns(attributes: str) -> int:
    """How many columns a table's attribute line gives it (``cols="1,2,3"``, ``cols=3``,
    ``cols="2*,1"``), or 0 if it gives none."""
    m = _COLS.search(attributes)
    if m is None:
        return 0
    value = next(g for g in m.groups() if g is not None).strip()
    if value.isdigit():
        return min(int(value), 1000)
    repeat = (re.match(r"(\d+)\*", spec.strip()) for spec in value.split(","))
    return min(sum(int(r.group(1)) if r else 1 for r in repeat), 1000)


def _source_language(line: str) -> str:
    """The language a ``[source,LANG]`` line names ("" for any other attribute line)."""
    parts = [p.strip() for p in line.strip()[1:-1].split(",")]
    if parts and parts[0] in ("source", "listing") and len(parts) > 1 and "=" not in parts[1]:
        return parts[1] if re.fullmatch(r"[\w+#.-]+", parts[1]) else ""
    return ""


def _closing(lines: list[str], i: int, delimiter: re.Match[str]) -> int | None:
    """The index of the line that closes the block ``lines[i]`` opens (the same line of
    marks; for a fence, a fence at least as long), or None if none does."""
    mark = delimiter.group(1)
    for j in range(i + 1, len(lines)):
        line = lines[j].rstrip()
        if mark.startswith("`"):
            if line.startswith(mark) and not line.strip("`"):
                return j
        elif line == mark:
            return j
    return None

"""Org documents (Emacs Org mode): their text, with their headlines as Markdown headings.

An Org file (``.org``) marks its outline with headlines, lines that open with stars
(``* Install``, ``** From source``). Read as plain text, a headline looks like a Markdown
list item, and the keyword lines (``#+TITLE:``), property drawers and block markers are
read as prose. :func:`org_text` reads a document into text that linseg segments as it
segments Markdown:

- **Headlines**: ``#`` to ``######`` lines by their stars (one level lower under a
  ``#+TITLE:``, which is the ``#`` line), without their TODO keyword (``TODO``, ``DONE``
  and those a ``#+TODO:`` line names), priority cookie and tags; a headline marked
  ``COMMENT`` is left out with all below it, as Org's export does.
- **Blocks**: source and example blocks (``#+BEGIN_SRC python`` ... ``#+END_SRC``) and runs
  of fixed-width lines (``: text``) are kept between fences, one unit; quote, verse and
  centre blocks are read for what they hold; comment and export blocks are left out. A
  table's rows are lines, their cells joined by ``" | "``; its rules are left out.
- **Left out**: keyword lines (``#+OPTIONS:``), comment lines (``# ...``), drawers
  (``:PROPERTIES:`` ... ``:END:``), planning lines (``SCHEDULED:``) and horizontal rules.
- **Includes**: an ``#+INCLUDE:`` line is the file it names, read through ``read_file``
  (:func:`~linseg.readers.document.read_document` looks beside the source; never above it,
  nor by an absolute path), as Org, or fenced for ``src`` and ``example``, only the
  ``:lines`` it names; up to eight deep, and nothing where the file cannot be read (or the
  source came from standard input).
- **Inline**: a link shows its description (``[[https://orgmode.org][Org]]``: ``Org``), or
  its target without the link type; radio targets (``<<<word>>>``) their text; a
  footnote's reference its label in brackets (``[fn:2]``: ``[2]``, as its definition's
  line opens too), an inline footnote its text in brackets where it stands
  (``[fn::Or older.]``, ``[fn:name:Or older.]``: ``(Or older.)``). A line
  break (``\\`` at a line's end) is left out, and so is an item's counter cookie
  (``1. [@3] third``: ``3. third``), its number the item's. Emphasis marks stay, as in
  Markdown.

Only the standard library is used.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from linseg.readers.formats import named
from linseg.readers.markup import (
    bracket_lines,
    fenced,
    heading,
    holds_marks,
    note_in_brackets,
    read_included,
    written,
)

__all__ = ["org_text", "sniff_org"]

# (Greedy, its title's end stripped after: a lazy title before optional blanks is tried
# again at every blank of a long run.)
_HEADLINE = re.compile(r"(\*+)[ \t]+(.*)")
_TODO = frozenset(("TODO", "DONE"))
_PRIORITY = re.compile(r"\[#[A-Za-z0-9]\][ \t]*")
_TAGS = re.compile(r"(?<![ \t])[ \t]+:[\w@#%:]+:$")
_KEYWORD = re.compile(r"[ \t]*#\+(\w+):[ \t]*(.*)")
_BEGIN = re.compile(r"[ \t]*#\+begin_(\w+)(?:[ \t]+(\S+))?.*", re.IGNORECASE)
_DRAWER = re.compile(r"[ \t]*:([\w-]+):[ \t]*")
_PLANNING = re.compile(r"[ \t]*(?:SCHEDULED|DEADLINE|CLOSED):")
_FIXED = re.compile(r"[ \t]*:(?: |$)")
_RULE = re.compile(r"[ \t]*-{5,}[ \t]*")
_TABLE_RULE = re.compile(r"[ \t]*\|[-+]+\|?[ \t]*")
# A footnote's reference ("[fn:2]"), or a footnote defined inline ("[fn::text]",
# "[fn:name:text]"; group 2 its text).
_FOOTNOTE = re.compile(r"\[fn:([^\[\]:\s]*)(?::((?:[^\[\]]|\[[^\[\]]*\])*))?\]")
# Where a link or an inline footnote opens, whose text may run over lines.
_SPANNING = re.compile(r"\[\[|\[fn:[^\[\]:\s]*:")
_LINK = re.compile(r"\[\[([^\[\]\n]+)\](?:\[([^\[\]\n]*)\])?\]")
_RADIO = re.compile(r"<<<?([^<>]+)>>>?")
# An item's bullet and the counter cookie after it, "[@3]" or "[@start:3]" (a letter counts
# from "a"): the cookie sets the item's number, and shows nothing.
_COUNTER = re.compile(
    r"([ \t]*)(?:(\d+)([.)])|([-+*]))([ \t]+)\[@(?:start:)?(\d+|[A-Za-z])\][ \t]*"
)
_LINK_TYPE = re.compile(r"(?:file|id|help|info|shell|elisp|doi|news|mailto):")
# An include's file (quoted or not), its kind (src, example, export) and language, and
# the lines it takes (":lines "5-10"").
_INCLUDE = re.compile(
    r'(?:"([^"]+)"|(\S+))(?:[ \t]+(?!:)(\w+)(?:[ \t]+(?!:)([\w+-]+))?)?'
    r'(?:.*?:lines[ \t]+"(\d*-\d*)")?.*'
)
_MAX_INCLUDE_DEPTH = 8
_CODE_BLOCKS = frozenset(("src", "example"))
_HIDDEN_BLOCKS = frozenset(("comment", "export"))
# The marks only Org makes, each kind a group: a text is read as Org when it holds three
# of two kinds or more (a Markdown list of "* item" lines is none of them).
_ORG_ONLY = re.compile(
    r"^(?:(?P<keyword>#\+[A-Za-z_]+:)"
    r"|(?P<block>#\+(?:begin|BEGIN)_\w+)"
    r"|(?P<drawer>[ \t]*:PROPERTIES:[ \t]*$)"
    r"|(?P<deep>\*\*+[ \t]+\S)"
    r"|(?P<link>.*\[\[[^\]\n]+\]\[[^\]\n]+\]\]))",
    re.MULTILINE,
)


def sniff_org(text: str, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``text`` is an Org document: named ``.org``, or holding (in its first 64 KB)
    at least three lines, of two kinds or more, that only Org writes: keyword lines
    (``#+TITLE:``), block markers (``#+BEGIN_SRC``), property drawers, headlines of two
    stars or more, links with a description (``[[target][text]]``)."""
    if named(path) == "org":
        return True
    return holds_marks(_ORG_ONLY, text)


def org_text(source: str, read_file: Callable[[str], str] | None = None) -> str:
    """The text of the Org document ``source`` (see the module), its blocks separated by
    blank lines; an empty string if it shows none. ``read_file`` reads a file that an
    ``#+INCLUDE:`` line names."""
    return _Reader(read_file).text(source.splitlines())


class _Reader:
    """Reads an Org document's lines, and the documents they include."""

    def __init__(self, read_file: Callable[[str], str] | None, folder: str = "", depth: int = 0):
        self.read_file = read_file
        self.folder = folder  # the included document's folder, from the source's own
        self.depth = depth
        self.keywords = _TODO

    def text(self, lines: list[str]) -> str:
        titled = False
        for line in lines:
            keyword = _KEYWORD.fullmatch(line)
            if keyword is None:
                continue
            name = keyword.group(1).lower()
            titled = titled or name == "title"
            if name in ("todo", "seq_todo", "typ_todo"):
                # "TODO(t) NEXT | DONE(d)": the states, without their keys.
                states = (w.split("(")[0] for w in keyword.group(2).split() if w != "|")
                self.keywords = self.keywords | frozenset(states)
        drawer_ends = _drawer_ends(lines)
        out: list[str] = []
        fixed: list[str] = []  # a run of fixed-width lines, one block of code
        commented = 0  # the level of a COMMENT headline whose subtree is left out, or 0
        i = 0
        while i < len(lines):
            line = lines[i]
            if fixed and not _FIXED.match(line):
                out.extend(("", fenced("\n".join(fixed)), ""))
                fixed = []
            headline = _HEADLINE.fullmatch(line)
            if headline is not None:
                level = len(headline.group(1))
                if commented and level > commented:
                    i += 1
                    continue
                commented = 0
                title = _headline_title(headline.group(2).rstrip(" \t"), self.keywords)
                if title is None:
                    commented = level
                elif title:
                    out.extend(("", heading(level + titled, _inline(title)), ""))
                i += 1
                continue
            if commented:
                i += 1
                continue
            i = self._read_line(lines, i, out, fixed, drawer_ends)
        if fixed:
            out.extend(("", fenced("\n".join(fixed))))
        return written(out)

    def _read_line(
        self,
        lines: list[str],
        i: int,
        out: list[str],
        fixed: list[str],
        drawer_ends: list[int | None],
    ) -> int:
        """Read the line ``lines[i]`` (not a headline) into ``out``, or a block or drawer
        that it opens (``drawer_ends``: see :func:`_drawer_ends`), or the run of
        fixed-width lines ``fixed``; the next line's index."""
        line = lines[i]
        begin = _BEGIN.fullmatch(line)
        if begin is not None:
            kind = begin.group(1).lower()
            end = _block_end(lines, i, kind)
            out.extend(("", self._block(lines[i + 1 : end], kind, begin.group(2) or ""), ""))
            return end + 1
        keyword = _KEYWORD.fullmatch(line)
        if keyword is not None:
            name, value = keyword.group(1).lower(), keyword.group(2).strip()
            if name == "title" and value:
                out.extend(("", heading(1, _inline(value)), ""))
            elif name == "include":
                out.extend(("", self._included(value), ""))
            return i + 1
        drawer = _DRAWER.fullmatch(line)
        if drawer is not None and drawer.group(1).upper() != "END":
            closed = drawer_ends[i]
            if closed is not None:  # a drawer left open is a line of text
                return closed + 1
        if _FIXED.match(line):
            fixed.append(line.lstrip()[2:] if line.lstrip().startswith(": ") else "")
            return i + 1
        stripped = line.lstrip()
        if stripped.startswith("# ") or stripped == "#" or _PLANNING.match(line):
            return i + 1
        if _RULE.fullmatch(line) or _TABLE_RULE.fullmatch(line):
            return i + 1
        if stripped.startswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            out.append(" | ".join(_inline(c) for c in cells if c))
            return i + 1
        # A link or a note whose text pandoc wrapped: its lines one (Org reads them so).
        taken = bracket_lines(lines, i, _SPANNING) if "[[" in line or "[fn:" in line else 1
        if taken > 1:
            line = " ".join([line, *(x.strip() for x in lines[i + 1 : i + taken])])
        shown = _without_break(_counted(line))
        if shown.strip() or not line.strip():  # (a lone break ends no paragraph)
            out.append(_inline(shown))
        return i + taken

    def _block(self, inner: list[str], kind: str, language: str) -> str:
        """What a ``#+BEGIN_kind`` block shows: code fenced, a comment or an export
        nothing, any other block what it holds."""
        if kind in _CODE_BLOCKS:
            return fenced("\n".join(inner), language if kind == "src" else "")
        if kind in _HIDDEN_BLOCKS:
            return ""
        return self.text(inner).rstrip("\n")

    def _included(self, value: str) -> str:
        """What an ``#+INCLUDE:`` line shows: the file it names (from the source's own
        folder or a folder below it), as Org, or fenced for ``src`` and ``example``, only the
        ``:lines`` it names; nothing where it cannot be read."""
        m = _INCLUDE.fullmatch(value)
        if m is None or self.depth >= _MAX_INCLUDE_DEPTH:
            return ""
        name, kind, language, ranges = m.group(1) or m.group(2), m.group(3), m.group(4), m.group(5)
        read = read_included(name, self.folder, self.read_file)
        if read is None:
            return ""
        path, lines = read[0], read[1].splitlines()
        if ranges:  # "5-10": lines 5 to 9, as Org counts them
            first, _, last = ranges.partition("-")
            lines = lines[int(first or 1) - 1 : int(last) - 1 if last else None]
        if kind is not None and kind.lower() in ("src", "example"):
            return fenced("\n".join(lines), (language or "") if kind.lower() == "src" else "")
        if kind is not None:
            return ""  # an export block for another back end
        reader = _Reader(self.read_file, os.path.dirname(path), self.depth + 1)
        return reader.text(lines).rstrip("\n")


def _drawer_ends(lines: list[str]) -> list[int | None]:
    """For each line, the index of the first ``:END:`` line after it and before the next
    headline (a drawer does not cross one), or None: found in one pass from the end, so
    that lines like ``:tag:`` with no end are not each a search to the document's end."""
    ends: list[int | None] = [None] * len(lines)
    after: int | None = None
    for j in range(len(lines) - 1, -1, -1):
        ends[j] = after
        if lines[j].strip().upper() == ":END:":
            after = j
        elif _HEADLINE.fullmatch(lines[j]):
            after = None
    return ends


def _block_end(lines: list[str], i: int, kind: str) -> int:
    """The index of the ``#+END_kind`` line that closes the block ``lines[i]`` opens (the
    last line if none does: Org runs it to the end)."""
    closing = re.compile(r"[ \t]*#\+end_" + re.escape(kind) + r"\b.*", re.IGNORECASE)
    for j in range(i + 1, len(lines)):
        if closing.fullmatch(lines[j]):
            return j
    return len(lines)


def _headline_title(text: str, keywords: frozenset[str]) -> str | None:
    """A headline's title without its TODO keyword (one of ``keywords``), priority and
    tags; None for a headline marked COMMENT (its subtree is left out)."""
    words = text.split(None, 1)
    if words and words[0] in keywords:
        text = words[1] if len(words) > 1 else ""
    text = _PRIORITY.sub("", text, count=1)
    if text == "COMMENT" or text.startswith("COMMENT "):
        return None
    return _TAGS.sub("", " " + text).strip()


def _counted(line: str) -> str:
    """A list item's line with its counter cookie (``[@3]``) left out, its number (of a
    numbered item) the cookie's; any other line as it is."""
    m = _COUNTER.match(line) if "[@" in line else None
    if m is None:
        return line
    indent, number, delimiter, bullet, blank, counter = m.groups()
    if number is not None:
        value = int(counter) if counter.isdigit() else ord(counter.upper()) - ord("A") + 1
        bullet = f"{value}{delimiter}"
    rest = line[m.end() :]
    return f"{indent}{bullet}{blank}{rest}" if rest else f"{indent}{bullet}"


def _without_break(line: str) -> str:
    """``line`` without the line break (``\\\\`` and blanks) at its end, if it has one: after
    a third backslash, the two are text."""
    text = line.rstrip(" \t")
    if text.endswith("\\\\") and not text.endswith("\\\\\\"):
        return text[:-2].rstrip(" \t")
    return line


def _inline(text: str) -> str:
    """``text`` with its links and radio targets as they show."""
    if "[[" in text:
        text = _LINK.sub(_link_text, text)
    if "<<" in text:
        text = _RADIO.sub(r"\1", text)
    if "[fn:" in text:
        text = _FOOTNOTE.sub(_footnote_text, text)
    return text


def _footnote_text(m: re.Match[str]) -> str:
    """A footnote's reference, its label in brackets, or an inline footnote's text in
    brackets, apart from the word it is glued to."""
    label, text = m.group(1), m.group(2)
    if text is None:
        return f"[{label}]"
    return note_in_brackets(text, m.string[m.start() - 1] if m.start() else "")


def _link_text(m: re.Match[str]) -> str:
    target, description = m.group(1), m.group(2)
    if description:
        return description
    return _LINK_TYPE.sub("", target, count=1).lstrip("*#")

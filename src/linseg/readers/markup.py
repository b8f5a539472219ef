"""What the readers of markups share: how they write a heading and a block of code, how
they join their lines into text, how a text markup is recognised by the lines only it
writes, and how the files a source includes are read. It imports only the standard
library's ``os`` and ``re``, so that a reader of plain markup does not load an HTML
parser."""

from __future__ import annotations

import os
import re
from collections.abc import Callable

__all__ = [
    "fenced",
    "heading",
    "written",
    "holds_marks",
    "read_included",
    "braced",
    "bracket_lines",
    "note_in_brackets",
    "style_level",
    "inherit_levels",
    "ListNumbers",
]

_BACKTICKS = re.compile(r"`+")
_BLANK_RUN = re.compile(r"\n{3,}")


def fenced(code: str, language: str = "") -> str:
    """Code between fences longer than any run of backticks in it, so that none closes
    them, the first naming its ``language`` if given ("" for code of white space
    alone): how every reader writes a block of code or unfilled text."""
    code = code.strip("\n")
    if not code.strip():
        return ""
    fence = "`" * max(3, max((len(run) for run in _BACKTICKS.findall(code)), default=0) + 1)
    return f"{fence}{language}\n{code}\n{fence}"


def heading(level: int, raw: str) -> str:
    """A Markdown heading line at ``level`` (at most 6), its runs of white space made one
    space, or "" for a heading with no text: how every reader writes a heading."""
    words = " ".join(raw.split())
    return "#" * min(level, 6) + " " + words if words else ""


def written(lines: list[str]) -> str:
    """``lines`` (blank ones between blocks) joined into a text: a blank line at most
    between blocks, none first, a line end last; "" if they hold no text."""
    text = _BLANK_RUN.sub("\n\n", "\n".join(lines)).strip("\n")
    return text + "\n" if text.strip() else ""


def holds_marks(
    pattern: re.Pattern[str], text: str, marks: int = 3, kinds: int = 2, within: int = 65536
) -> bool:
    """Whether the first ``within`` characters of ``text`` hold at least ``marks`` matches
    of ``pattern``, of at least ``kinds`` kinds (the names of its groups): one kind alone
    (a change log's ``=== title ===`` lines, a Markdown list's ``* item``) is too weak a
    sign of a markup that shares it with others."""
    seen: set[str | None] = set()
    for found, m in enumerate(pattern.finditer(text, 0, within), 1):
        seen.add(m.lastgroup)
        if found >= marks and len(seen) >= kinds:
            return True
    return False


def read_included(
    name: str, folder: str, read_file: Callable[[str], str] | None
) -> tuple[str, str] | None:
    """The path (from the source's folder) and text of the file that an include in a
    source of ``folder`` (a path from the source's own, "" for it) names, read through
    ``read_file``; None where it cannot be read: no reader (the source came from standard
    input), an address, a path that leaves the source's folders (``..``, ``~``, absolute),
    or a file that is not there."""
    if read_file is None or not name or "://" in name:
        return None
    path = os.path.normpath(os.path.join(folder, name)).replace(os.sep, "/")
    if os.path.isabs(path) or path.split("/")[0] in ("..", "~"):
        return None
    try:
        return path, read_file(path)
    except (OSError, ValueError):
        return None


def inherit_levels(own: dict[str, int | None], parent: dict[str, str]) -> dict[str, int]:
    """Each style's heading level: its own, or the nearest ancestor's that has one (a
    word processor's styles are based on others: DOCX, ODT and RTF share this)."""
    found: dict[str, int | None] = {}  # each style's level once known (None: no level)
    for name in own:
        path, on_path, at = [], set(), name
        # Up the chain to a style with a level, or one already known; each style is
        # walked once, so a chain of thousands costs no more than its length.
        while at not in found and own.get(at) is None and at in parent and at not in on_path:
            path.append(at)
            on_path.add(at)
            at = parent[at]
        level = found[at] if at in found else own.get(at)
        for style in (*path, at):
            found.setdefault(style, level)
    return {name: level for name in own if (level := found.get(name)) is not None}


def braced(text: str, at: int) -> tuple[str, int]:
    """The text inside the group that opens at ``text[at] == "{"``, and where it ends, as
    LaTeX and RTF group text. An escaped brace (``\\{``) opens and closes nothing; a
    backslash escapes only the character after it (``\\\\{`` is a backslash, then a
    group)."""
    depth = 0
    # A regular expression steps from mark to mark: the text between them is never read
    # character by character in Python.
    for mark in _GROUP_MARK.finditer(text, at):
        c = mark.group()  # an escape ("\\x") counts for nothing
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[at + 1 : mark.start()], mark.end()
    return text[at + 1 :], len(text)


_GROUP_MARK = re.compile(r"\\.|[{}]", re.DOTALL)


_HEADING_STYLE = re.compile(r"heading\s*([1-9])$", re.IGNORECASE)


#: How many lines a bracketed inline mark may span (see :func:`bracket_lines`).
BRACKET_LINES = 20


def bracket_lines(lines: list[str], i: int, opening: re.Pattern[str]) -> int:
    """How many lines, from line ``i``, the inline marks that open on it span: from the
    first that ``opening`` finds, to the end of the line where its square brackets, and
    those of any mark after it, have all closed. Such a mark is an Org link
    (``[[target][two``, then ``words]]``) or an AsciiDoc footnote, which a writer that
    wraps its lines (pandoc) breaks. Where the brackets do not all close within the
    paragraph (before a blank line) or within :data:`BRACKET_LINES` lines, up to the last
    line on which they were all closed at some point; 1 if none opens there."""
    start = opening.search(lines[i])
    if start is None:
        return 1
    depth, closed = _bracket_depth(lines[i][start.start() :], 0)
    j, last = i, i
    while depth > 0:
        j += 1
        if j >= len(lines) or not lines[j].strip() or j - i >= BRACKET_LINES:
            return last - i + 1
        depth, closed = _bracket_depth(lines[j], depth)
        last = j if closed else last
    return j - i + 1


def _bracket_depth(text: str, depth: int) -> tuple[int, bool]:
    """The square brackets still open after ``text``, ``depth`` open before it (a
    closing one with none open is text), and whether they were all closed at some point
    in it."""
    closed = False
    for c in text:
        if c == "[":
            depth += 1
        elif c == "]" and depth:
            depth -= 1
            closed = closed or not depth
    return depth, closed


def note_in_brackets(text: str, before: str) -> str:
    """A footnote's ``text`` as every reader shows it where it stands: in brackets on one
    line ("a word (the note) and on"), a space before it unless the text ``before`` it
    ends in white space or an opening bracket (or is empty); "" for a note with no
    text."""
    text = " ".join(text.split())
    if not text:
        return ""
    last = before[-1:]
    return f"({text})" if not last or last.isspace() or last in "([{" else f" ({text})"


def style_level(name: str) -> int | None:
    """The heading level a word processor's style name gives (``heading 2``, as Word
    names its built-in heading styles in every language and LibreOffice ``Heading 2``;
    ``Title`` the top), or None."""
    name = name.strip()
    found = _HEADING_STYLE.match(name)
    if found:
        return int(found.group(1))
    return 1 if name.lower() == "title" else None


class ListNumbers:
    """The numbers nested lists have shown, by depth, for readers that meet a list's
    items one by one: an ordered list's item counts on from the last number at its
    depth (or from its list's start), a bullet ends the count at its depth, and either
    starts the lists nested deeper again."""

    def __init__(self) -> None:
        self.last: dict[int, int] = {}

    def item(self, depth: int, start: int) -> int:
        """The number of an item at ``depth`` of a list numbered from ``start`` (0: a
        bullet's, which shows none)."""
        for deeper in [d for d in self.last if d > depth]:
            del self.last[deeper]
        if not start:
            self.last.pop(depth, None)
            return 0
        self.last[depth] = self.last.get(depth, start - 1) + 1
        return self.last[depth]

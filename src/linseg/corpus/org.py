"""Org documents (Emacs Org mode): their text, with their headlines as Markdown headings.

An Org file (``.org``) marks its outline with headlines, lines that open with stars
(``* Install``, ``** From source``). Read as plain text, a headline looks like a Markdown
list item, and the keyword lines (``#+TITLE:``), property drawers and block markers are
read as prose. :func:`org_text` reads a document into text that linseg segments as it
segments Markdown:

- **Headlines**: ``#`` to ``######`` lines by their stars (one level lower under a
  ``#+TITLE:``, which is the ``#`` line), without their TODO keyword, priority cookie and
  tags; a headline marked ``COMMENT`` is left out with all below it, as Org's export does.
- **Blocks**: source and example blocks (``#+BEGIN_SRC python`` ... ``#+END_SRC``) and runs
  of fixed-width lines (``: text``) are kept between fences, one unit; quote, verse and
  centre blocks are read for what they hold; comment and export blocks are left out. A
  table's rows are lines, their cells joined by ``" | "``; its rules are left out.
- **Left out**: keyword lines (``#+OPTIONS:``), comment lines (``# ...``), drawers
  (``:PROPERTIES:`` ... ``:END:``), planning lines (``SCHEDULED:``) and horizontal rules.
- **Inline**: a link shows its description (``[[https://orgmode.org][Org]]``: ``Org``), or
  its target without the link type; radio targets (``<<<word>>>``) their text. Emphasis
  marks stay, as in Markdown.

Only the standard library is used.
"""

from __future__ import annotations

import os
import re

from .sniffing import holds_marks
from .suffixes import named
from .webpage import fenced

__all__ = ["org_text", "sniff_org"]

_HEADLINE = re.compile(r"(\*+)[ \t]+(.*?)[ \t]*")
_TODO = frozenset(("TODO", "DONE"))
_PRIORITY = re.compile(r"\[#[A-Za-z0-9]\][ \t]*")
_TAGS = re.compile(r"[ \t]+:[\w@#%:]+:$")
_KEYWORD = re.compile(r"[ \t]*#\+(\w+):[ \t]*(.*)")
_BEGIN = re.compile(r"[ \t]*#\+begin_(\w+)(?:[ \t]+(\S+))?.*", re.IGNORECASE)
_DRAWER = re.compile(r"[ \t]*:([\w-]+):[ \t]*")
_PLANNING = re.compile(r"[ \t]*(?:SCHEDULED|DEADLINE|CLOSED):")
_FIXED = re.compile(r"[ \t]*:(?: |$)")
_RULE = re.compile(r"[ \t]*-{5,}[ \t]*")
_TABLE_RULE = re.compile(r"[ \t]*\|[-+]+\|?[ \t]*")
_LINK = re.compile(r"\[\[([^\]]+)\](?:\[([^\]]*)\])?\]")
_RADIO = re.compile(r"<<<?([^<>]+)>>>?")
_LINK_TYPE = re.compile(r"(?:file|id|help|info|shell|elisp|doi|news|mailto):")
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


def org_text(source: str) -> str:
    """The text of the Org document ``source`` (see the module), its blocks separated by
    blank lines; an empty string if it shows none."""
    lines = source.splitlines()
    titled = any(
        (m := _KEYWORD.fullmatch(ln)) is not None and m.group(1).lower() == "title" for ln in lines
    )
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
            title = _headline_title(headline.group(2))
            if title is None:
                commented = level
            elif title:
                out.extend(("", "#" * min(6, level + titled) + " " + _inline(title), ""))
            i += 1
            continue
        if commented:
            i += 1
            continue
        i = _read_line(lines, i, out, fixed)
    if fixed:
        out.extend(("", fenced("\n".join(fixed))))
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip("\n")
    return text + "\n" if text.strip() else ""


def _read_line(lines: list[str], i: int, out: list[str], fixed: list[str]) -> int:
    """Read the line ``lines[i]`` (not a headline) into ``out``, or a block or drawer that
    it opens, or the run of fixed-width lines ``fixed``; the index of the next line."""
    line = lines[i]
    begin = _BEGIN.fullmatch(line)
    if begin is not None:
        kind = begin.group(1).lower()
        end = _block_end(lines, i, kind)
        inner = lines[i + 1 : end]
        if kind in _CODE_BLOCKS:
            language = (begin.group(2) or "") if kind == "src" else ""
            out.extend(("", fenced("\n".join(inner), language), ""))
        elif kind not in _HIDDEN_BLOCKS:
            nested = org_text("\n".join(inner))
            out.extend(("", nested.rstrip("\n"), ""))
        return end + 1
    keyword = _KEYWORD.fullmatch(line)
    if keyword is not None:
        if keyword.group(1).lower() == "title" and keyword.group(2).strip():
            out.extend(("", "# " + _inline(keyword.group(2).strip()), ""))
        return i + 1
    drawer = _DRAWER.fullmatch(line)
    if drawer is not None and drawer.group(1).upper() != "END":
        ends = (j for j in range(i + 1, len(lines)) if lines[j].strip().upper() == ":END:")
        closed = next(ends, None)
        if closed is not None:  # a drawer left open is a line of text
            return closed + 1
    if _FIXED.match(line):
        fixed.append(line.lstrip()[2:] if line.lstrip().startswith(": ") else "")
        return i + 1
    stripped = line.lstrip()
    if (
        stripped.startswith("# ")
        or stripped == "#"
        or _PLANNING.match(line)
        or _RULE.fullmatch(line)
    ):
        return i + 1
    if _TABLE_RULE.fullmatch(line):
        return i + 1
    if stripped.startswith("|"):
        cells = [c.strip() for c in stripped.strip("|").split("|")]
        out.append(" | ".join(_inline(c) for c in cells if c))
        return i + 1
    out.append(_inline(line))
    return i + 1


def _block_end(lines: list[str], i: int, kind: str) -> int:
    """The index of the ``#+END_kind`` line that closes the block ``lines[i]`` opens (the
    last line if none does: Org runs it to the end)."""
    closing = re.compile(r"[ \t]*#\+end_" + re.escape(kind) + r"\b.*", re.IGNORECASE)
    for j in range(i + 1, len(lines)):
        if closing.fullmatch(lines[j]):
            return j
    return len(lines)


def _headline_title(text: str) -> str | None:
    """A headline's title without its TODO keyword, priority and tags; None for a
    headline marked COMMENT (its subtree is left out)."""
    words = text.split(None, 1)
    if words and words[0] in _TODO:
        text = words[1] if len(words) > 1 else ""
    text = _PRIORITY.sub("", text, count=1)
    if text == "COMMENT" or text.startswith("COMMENT "):
        return None
    return _TAGS.sub("", " " + text).strip()


def _inline(text: str) -> str:
    """``text`` with its links and radio targets as they show."""
    if "[[" in text:
        text = _LINK.sub(_link_text, text)
    if "<<" in text:
        text = _RADIO.sub(r"\1", text)
    return text


def _link_text(m: re.Match[str]) -> str:
    target, description = m.group(1), m.group(2)
    if description:
        return description
    return _LINK_TYPE.sub("", target, count=1).lstrip("*#")

"""GNU Info manuals: their text as ``makeinfo --plaintext`` would print it.

GNU's manuals (``/usr/share/info`` on a Debian or Ubuntu machine: coreutils, sed, grep,
gettext, ...) ship as Info files. An Info file is plain text cut into *nodes* by the
character ``\x1f``; each node opens with a line naming it and its neighbours (``File:
sed.info,  Node: Overview,  Next: ...``) and may close with a *menu* of the nodes below it
(``* Menu:`` and a line ``* Name::`` for each). A long manual is *split*: its main file
holds only a table of its parts (``Indirect:``) and of where each node starts (``Tag
Table:``), and the nodes are in ``sed.info-1``, ``sed.info-2`` and so on beside it.

:func:`info_text` keeps the nodes' text in order and leaves out what only an Info reader
uses: the node lines, the menus, the tables, the preamble before the first node (the
manual's directory entry and its copying notice, which the first node repeats) and the
markers that tag index entries and images (``\x00\x08[index\x00\x08]``). An index
node, whose index is a menu, is left out when nothing but its title remains. Footnotes
that follow a menu are kept. Titles keep their underlines (``*`` a chapter, ``=`` a section,
``-`` a sub-section, ``.`` below), which linseg's headings reader takes as
reStructuredText's, so the default cuts a manual at its chapters and weighs their levels.
Only the standard library is used."""

from __future__ import annotations

import os
import re
from collections.abc import Callable

__all__ = ["info_text", "info_parts", "sniff_info"]

NODE_SEPARATOR = "\x1f"
_PREAMBLE = re.compile(r"This is [^\n]*?, produced by [Mm]akeinfo")
_NODE_LINE = re.compile(r"File: [^\n]*?,\s+Node: ")
# An index entry's or an image's tag: Info readers draw it, the text does not say it.
_TAG = re.compile(r"\x00\x08\[[^\x00]*\x00\x08\]")
# The tag before an index node's menu (``@printindex``): the menu is the index.
_INDEX_TAG = "\x00\x08[index\x00\x08]"
# A title's underline: ``*`` a chapter, ``=`` a section, ``-`` a sub-section, ``.`` below.
_UNDERLINE = re.compile(r"^([*=.-])\1* *$")
# A menu's entry: "* Name::" or "* Name: Node." (an index's "* term: Node. (line 6)").
_MENU_ENTRY = re.compile(r"\* [^\n]*?:")
# Lines standing alone in a row that a menu may hold between its entries: the Top node's
# "-- The Detailed Node Listing --", then a chapter's name above its nodes.
_MENU_COMMENTS = 3
_FOOTNOTES = re.compile(r"^ *-{5,} Footnotes -{5,} *$")


def sniff_info(text: str, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``text`` is an Info file: opening with makeinfo's ``This is NAME.info,
    produced by makeinfo`` line, or with a node (``\\x1f`` and a ``File: ..., Node: ...``
    line) in its first 4 KB. The name alone does not say: other tools write ``.info``
    files of their own (``path`` is taken for the readers' common signature)."""
    head = text[:4096]
    if _PREAMBLE.match(head):
        return True
    at = head.find(NODE_SEPARATOR)
    return at >= 0 and bool(_NODE_LINE.match(head[at + 1 :].lstrip("\n")))


def info_parts(text: str) -> list[str]:
    """The file names of a split manual's parts, in order (its ``Indirect:`` table:
    ``sed.info-1: 1234`` a line); empty for a manual that is one file."""
    for chunk in text.split(NODE_SEPARATOR):
        body = chunk.lstrip("\n")
        if body.startswith("Indirect:"):
            names = (line.rsplit(":", 1)[0].strip() for line in body.split("\n")[1:])
            return [name for name in names if name]
    return []


def info_text(text: str, read_part: Callable[[str], str] | None = None) -> str:
    """The text of the Info file ``text``: its nodes in order, each without its node line
    and menu, separated by blank lines (see the module); an empty string if it has none.

    For the main file of a split manual, ``read_part(name)`` gives the text of each part
    that its ``Indirect:`` table names. Raises ValueError if it has parts and
    ``read_part`` is None.
    """
    parts = info_parts(text)
    if parts and read_part is None:
        raise ValueError(
            f"this Info file is the index of a split manual whose text is in "
            f"{', '.join(parts)}; read it from its file, beside its parts"
        )
    files = [read_part(name) for name in parts] if read_part is not None and parts else [text]
    nodes = [node for f in files for node in _nodes(f)]
    return "\n\n".join(nodes) + "\n" if nodes else ""


def _nodes(text: str) -> list[str]:
    """The text of each node of one Info file, without its node line and menu."""
    nodes = []
    for chunk in text.split(NODE_SEPARATOR)[1:]:
        lines = _TAG.sub("", chunk).lstrip("\n").split("\n")
        if not _NODE_LINE.match(lines[0]):
            continue  # a table (Indirect, Tag Table), or the file's local variables
        body = "\n".join(_without_menu(lines[1:])).strip("\n")
        if body.strip() and not (_INDEX_TAG in chunk and _only_title(body)):
            nodes.append(body)
    return nodes


def _only_title(body: str) -> bool:
    """Whether a node's text is its title and nothing more. An index node is so once its
    menu (the index) is left out: kept, its title would open an empty last section."""
    lines = [line for line in body.split("\n") if line.strip()]
    return len(lines) == 1 or (len(lines) == 2 and bool(_UNDERLINE.match(lines[1])))


def _without_menu(lines: list[str]) -> list[str]:
    """A node's lines without its menus. A menu runs from ``* Menu:`` through its entries
    (``* Name::``, ``* Name: Node.``, each with its indented lines), the blank lines between
    them and their one-line comments (``-- The Detailed Node Listing --``, a chapter's
    name above its nodes), and ends at the footnotes or at a paragraph of text after it.
    Texinfo puts most menus at the end of their node, but a menu may open it (bc's)."""
    kept: list[str] = []
    i = 0
    while i < len(lines):
        if lines[i].startswith("* Menu:"):
            i = _menu_end(lines, i + 1)
        else:
            kept.append(lines[i])
            i += 1
    return kept


def _menu_end(lines: list[str], i: int) -> int:
    """The index of the first line after the menu whose entries start at line ``i``."""
    entry = False  # whether the line before is an entry's (its description goes on)
    while i < len(lines):
        line = lines[i]
        if _FOOTNOTES.match(line):
            return i
        if not line.strip() or _MENU_ENTRY.match(line) or (entry and line[:1].isspace()):
            entry = bool(line.strip())
            i += 1
            continue
        # Text: the menu's comments (lines standing alone, a few in a row) if more
        # entries follow them; else the node's text going on.
        j = i
        for _ in range(_MENU_COMMENTS):
            if j + 1 < len(lines) and lines[j + 1].strip():
                return i  # a paragraph of two lines or more
            j += 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            if j == len(lines) or _MENU_ENTRY.match(lines[j]):
                break
        else:
            return i
        if j == len(lines):
            return i
        i = j
    return i

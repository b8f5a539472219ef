"""The heading path of a place in a document: the titles of the sections it is in.

A chunk handed to a retrieval system loses the document around it; the titles of the
sections that hold it (``["Installation", "On Windows"]``) say where it came from. The
headings are those :mod:`linseg.text.outline` finds (Markdown's ``#``, reStructuredText's
adorned titles, numbered titles and titles in capitals of plain text), with their levels;
a heading closes every open section at its level or below.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from linseg.text.outline import heading_levels, heading_starts

__all__ = ["heading_paths", "heading_title"]

_ATX = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_ADORNMENT = re.compile(r"\s*([=\-~^\"'`#*+:.<>_])\1+\s*$")


def heading_title(unit: str) -> str:
    """The title of the heading that opens ``unit``: its first line, less a Markdown
    ``#`` marker or a reStructuredText over-line."""
    for line in unit.splitlines():
        if not line.strip() or _ADORNMENT.match(line):
            continue
        atx = _ATX.match(line)
        return (atx.group(2) if atx else line).strip()
    return ""


def _headings_of(unit: str, level: int) -> list[tuple[int, str]]:
    """``(level, title)`` of each heading that opens ``unit``: the Markdown headings on its
    first lines (``## Part`` above ``### Chapter``), or the one heading of another kind."""
    found = []
    for line in unit.splitlines():
        if not line.strip():
            continue
        atx = _ATX.match(line)
        if atx is None:
            break
        found.append((len(atx.group(1)), atx.group(2).strip()))
    return found or [(level, heading_title(unit))]


def heading_paths(units: Sequence[str], at: Sequence[int]) -> list[list[str]]:
    """The heading path at each unit index of ``at`` (ascending): the titles of the
    sections that hold that unit, outermost first (a unit that opens with a heading is in
    its section). An empty list where the document has no heading above it."""
    starts = [i for i in heading_starts(units) if i < len(units)]
    levels = heading_levels(units, starts)
    headings = [(i, lv) for i, lv in zip(starts, levels) if lv is not None]
    stack: list[tuple[int, str]] = []
    out: list[list[str]] = []
    h = 0
    for index in at:
        while h < len(headings) and headings[h][0] <= index:
            i, level = headings[h]
            for lv, title in _headings_of(units[i], level):
                while stack and stack[-1][0] >= lv:
                    stack.pop()
                if title:
                    stack.append((lv, title))
            h += 1
        out.append([title for _, title in stack])
    return out

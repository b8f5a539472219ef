"""Recognising a text markup by the lines only it writes."""

from __future__ import annotations

import re

__all__ = ["holds_marks"]


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

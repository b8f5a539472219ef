"""What the readers of text markups share: recognising a markup by the lines only it
writes, and reading the files a source includes."""

from __future__ import annotations

import os
import re
from collections.abc import Callable

__all__ = ["holds_marks", "read_included"]


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

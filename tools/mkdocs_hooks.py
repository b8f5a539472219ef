"""MkDocs hooks (mkdocs.yml's ``hooks``): the guide's list of input formats is written
from linseg's registry of formats (:func:`linseg.readers.formats.format_table`), where a
marker line stands."""

from __future__ import annotations

from typing import Any

MARKER = "<!-- the formats' table, written from linseg.readers.formats -->"


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    if MARKER not in markdown:
        return markdown
    from linseg.readers.formats import format_table

    return markdown.replace(MARKER, format_table(installed=False))

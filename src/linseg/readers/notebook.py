"""Jupyter notebooks: their cells' text, with the headings their Markdown cells write.

A notebook (``.ipynb``) is JSON: a list of cells, each Markdown prose, code or raw text,
with the code's outputs stored beside it. :func:`notebook_text` reads one into text that
linseg segments as it segments Markdown:

- a **Markdown** cell as written (its ``#`` headings are the notebook's outline);
- a **code** cell between fences (one unit, never cut inside), its language the
  notebook's (``python`` unless its metadata says otherwise);
- a **raw** cell as written; a **heading** cell (nbformat 3) as a Markdown heading line.

Cells are separated by blank lines. The outputs (results, printed text, images) are left
out: they are what the code computed, not what the author wrote. nbformat 2 to 4 are
read; only the standard library is used.
"""

from __future__ import annotations

import json
import os
from typing import Any

from linseg.readers.formats import named
from linseg.readers.markup import fenced, heading

__all__ = ["notebook_text", "sniff_notebook"]


def sniff_notebook(text: str, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``text`` is a Jupyter notebook: named ``.ipynb``, or a JSON object with an
    ``nbformat`` number and cells (``cells``, or nbformat 2-3's ``worksheets``)."""
    if named(path) == "ipynb":
        return True
    if not text.lstrip().startswith("{") or '"nbformat"' not in text:
        return False
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return (
        isinstance(data, dict) and "nbformat" in data and ("cells" in data or "worksheets" in data)
    )


def notebook_text(text: str) -> str:
    """The text of the notebook ``text`` (JSON; see the module), its cells separated by
    blank lines; an empty string if no cell holds any.

    Raises ValueError if ``text`` is not a notebook's JSON.
    """
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"the notebook is not valid JSON ({exc})") from None
    if not isinstance(data, dict) or not ("cells" in data or "worksheets" in data):
        raise ValueError("the JSON is not a notebook: it has no cells")
    language = _language(data)
    blocks = (_cell_text(cell, language) for cell in _cells(data))
    written = [b for b in blocks if b.strip()]
    return "\n\n".join(written) + "\n" if written else ""


def _cells(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The notebook's cells in order (nbformat 4's ``cells``, or 2-3's worksheets')."""
    if isinstance(data.get("cells"), list):
        cells = data["cells"]
    else:
        cells = [c for sheet in data.get("worksheets") or [] for c in sheet.get("cells") or []]
    return [c for c in cells if isinstance(c, dict)]


def _language(data: dict[str, Any]) -> str:
    metadata = data.get("metadata") or {}
    info = metadata.get("language_info") or {}
    name = info.get("name") if isinstance(info, dict) else None
    return name if isinstance(name, str) and name.isidentifier() else "python"


def _source(cell: dict[str, Any]) -> str:
    """A cell's text: ``source`` (``input`` for nbformat 2-3's code), a string or lines."""
    source = cell.get("source", cell.get("input", ""))
    if isinstance(source, list):
        source = "".join(s for s in source if isinstance(s, str))
    return source.strip("\n") if isinstance(source, str) else ""


def _cell_text(cell: dict[str, Any], language: str) -> str:
    source = _source(cell)
    kind = cell.get("cell_type")
    if kind == "code":
        return fenced(source, language)
    if kind == "heading":
        level = cell.get("level")
        return heading(level if isinstance(level, int) and 1 <= level <= 6 else 1, source)
    return source

"""The file names of the formats linseg reads into text (web pages, LaTeX sources,
e-books, word-processor files, PDFs, transcripts): one table, read by each format's
recogniser, by format detection before any reader is imported, and by corpus runs, which
name such a file's text output ``NAME.SUFFIX.txt``. It imports nothing, so asking costs
nothing."""

from __future__ import annotations

import os

__all__ = ["SUFFIXES", "named"]

#: Each format's file-name endings, in lower case.
SUFFIXES: dict[str, tuple[str, ...]] = {
    "html": (".html", ".htm", ".xhtml"),
    "tex": (".tex", ".latex", ".ltx"),
    "epub": (".epub",),
    "docx": (".docx",),
    "odt": (".odt",),
    "pdf": (".pdf",),
    "vtt": (".vtt",),
    "srt": (".srt",),
}
_FORMAT_OF = {suffix: fmt for fmt, suffixes in SUFFIXES.items() for suffix in suffixes}


def named(path: str | os.PathLike[str] | None) -> str | None:
    """The format a file's name says (``"html"`` for ``page.HTM``), or None."""
    if path is None:
        return None
    return _FORMAT_OF.get(os.path.splitext(os.fspath(path))[1].lower())

"""The file names of the formats linseg reads into text (web pages, LaTeX sources,
notebooks, AsciiDoc, POD, Org and DocBook sources, RTF files, wikitext, saved pages, e-books,
word-processor files, slide decks, PDFs, transcripts), and the bytes the formats read from bytes open with: one table and two
tests, read by each format's recogniser, by format detection before any reader is
imported, and by corpus runs, which name such a file's text output ``NAME.SUFFIX.txt``. It
imports nothing, so asking costs nothing."""

from __future__ import annotations

import os

__all__ = [
    "SUFFIXES",
    "COMPRESSION_SUFFIXES",
    "MAX_TEXT_BYTES",
    "ZIP_MAGIC",
    "named",
    "opens_pdf",
    "uncompressed",
    "compressed_or_not",
]

#: Each format's file-name endings, in lower case.
SUFFIXES: dict[str, tuple[str, ...]] = {
    "html": (".html", ".htm", ".xhtml"),
    "tex": (".tex", ".latex", ".ltx"),
    "info": (".info",),
    "ipynb": (".ipynb",),
    "asciidoc": (".adoc", ".asciidoc"),
    "pod": (".pod",),
    "org": (".org",),
    "docbook": (".docbook", ".dbk"),
    "rtf": (".rtf",),
    "mediawiki": (".mediawiki", ".wikitext"),
    "epub": (".epub",),
    "docx": (".docx",),
    "odt": (".odt",),
    "pptx": (".pptx",),
    "odp": (".odp",),
    "pdf": (".pdf",),
    "mhtml": (".mhtml", ".mht"),
    "vtt": (".vtt",),
    "srt": (".srt",),
    "sbv": (".sbv",),
}
_FORMAT_OF = {suffix: fmt for fmt, suffixes in SUFFIXES.items() for suffix in suffixes}

#: The endings of files compressed by gzip, bzip2 and xz, which linseg reads through.
COMPRESSION_SUFFIXES = (".gz", ".bz2", ".xz")

#: The most bytes of text an archive's parts, or a compressed file, may unpack to (a long
#: novel's XHTML, or a thousand-page report's XML, is a few MB).
MAX_TEXT_BYTES = 256 * 1024 * 1024

#: What a ZIP archive (an EPUB, a DOCX, an ODT) opens with.
ZIP_MAGIC = b"PK\x03\x04"


def opens_pdf(data: bytes) -> bool:
    """Whether ``data`` opens as a PDF: ``%PDF-``, after white space, in its first KB."""
    return data[:1024].lstrip(b" \t\r\n").startswith(b"%PDF-")


def uncompressed(name: str) -> str:
    """A file's name (or path) without its compression's ending: ``page.html`` for
    ``page.html.gz``; the name itself if it has none."""
    for suffix in COMPRESSION_SUFFIXES:
        if name.lower().endswith(suffix):
            return name[: -len(suffix)]
    return name


def named(path: str | os.PathLike[str] | None) -> str | None:
    """The format a file's name says (``"html"`` for ``page.HTM`` and for
    ``page.html.gz``), or None."""
    if path is None:
        return None
    return _FORMAT_OF.get(os.path.splitext(uncompressed(os.fspath(path)))[1].lower())


def compressed_or_not(path: str | os.PathLike[str]) -> str | None:
    """The file at ``path``, or else the first of it compressed (``path.gz``, ``.bz2``,
    ``.xz``) that exists, or None: where a file that another names may lie."""
    for suffix in ("", *COMPRESSION_SUFFIXES):
        candidate = os.fspath(path) + suffix
        if os.path.isfile(candidate):
            return candidate
    return None

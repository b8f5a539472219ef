"""E-books: EPUB files, read as the text of their pages in reading order.

An EPUB (2 or 3) is a ZIP archive: ``META-INF/container.xml`` names the package document
(``.opf``), whose *manifest* lists the book's files and whose *spine* gives the order in
which a reader shows them. :func:`epub_text` reads each page of the spine (an XHTML or
HTML file) as :func:`linseg.readers.webpage.html_text` reads a web page, its headings as
Markdown lines, and joins the pages with a blank line between them: the text that the
book's segments join back to. The default method then reads the book's outline and cuts at
its chapters. Pages that the spine marks ``linear="no"`` (notes, pop-ups) are read too, in
their place: nothing the book holds is dropped. Images and styles are not text and are
left out. An archive whose pages would unpack to more than
:data:`~linseg.readers.archive.MAX_TEXT_BYTES` is refused rather than read.

Only Python's standard library is used (:mod:`zipfile`, :mod:`xml.etree.ElementTree`).
"""

from __future__ import annotations

import os
import posixpath
import zipfile
from urllib.parse import unquote

from linseg.readers import archive
from linseg.readers.archive import local, not_a, open_archive, read_part, read_xml, sniff_zip
from linseg.readers.encoding import decode
from linseg.readers.webpage import html_text

__all__ = ["epub_text", "sniff_epub"]

_KIND = "EPUB"
_CONTAINER = "META-INF/container.xml"
_PAGE_TYPES = ("application/xhtml+xml", "text/html")


def sniff_epub(data: bytes, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``data`` is an EPUB: a ZIP archive named ``.epub``, or one whose first
    entry is the ``mimetype`` file holding ``application/epub+zip``, as the format
    requires."""
    return sniff_zip(data, path, "epub", b"application/epub+zip")


def epub_text(data: bytes) -> str:
    """The text of the EPUB ``data``: its spine's pages read as web pages, in order,
    separated by blank lines (see the module). Raises ValueError, saying why, for data
    that is not a readable EPUB."""
    with open_archive(data, _KIND) as book:
        pages = _spine(book)
        archive.check_size(book, pages, _KIND)
        texts = [html_text(_decode(read_part(book, name, _KIND), name)) for name in pages]
    return "\n".join(text for text in texts if text)


def _spine(book: zipfile.ZipFile) -> list[str]:
    """The archive names of the spine's pages, in reading order."""
    container = read_xml(book, _CONTAINER, _KIND)
    rootfile = next(
        (e.get("full-path") for e in container.iter() if local(e.tag) == "rootfile"), None
    )
    if not rootfile:
        raise ValueError(f"{not_a(_KIND)}: {_CONTAINER} names no package document")
    package = read_xml(book, rootfile, _KIND)
    base = posixpath.dirname(rootfile)
    manifest = {
        item.get("id"): item
        for item in package.iter()
        if local(item.tag) == "item" and item.get("id") is not None
    }
    pages = []
    for ref in package.iter():
        if local(ref.tag) != "itemref":
            continue
        item = manifest.get(ref.get("idref"))
        if item is None or item.get("media-type") not in _PAGE_TYPES or not item.get("href"):
            continue
        href = unquote(item.get("href", "").split("#", 1)[0])
        pages.append(posixpath.normpath(posixpath.join(base, href)))
    if not pages:
        raise ValueError(f"{not_a(_KIND)}: its spine lists no pages")
    return pages


def _decode(raw: bytes, name: str) -> str:
    """A page's text: UTF-8 or UTF-16 with its byte-order mark, as EPUB requires, or the
    encoding its XML declaration names (an older book's)."""
    try:
        return decode(raw)[0]
    except UnicodeDecodeError as exc:
        raise ValueError(f"{name} in the EPUB is not UTF-8 (byte {exc.start})") from None

"""E-books: EPUB files, read as the text of their pages in reading order.

An EPUB (2 or 3) is a ZIP archive: ``META-INF/container.xml`` names the package document
(``.opf``), whose *manifest* lists the book's files and whose *spine* gives the order in
which a reader shows them. :func:`epub_text` reads each page of the spine (an XHTML or
HTML file) as :func:`linseg.corpus.webpage.html_text` reads a web page, its headings as
Markdown lines, and joins the pages with a blank line between them: the text that the
book's segments join back to. The default method then reads the book's outline and cuts at
its chapters. Pages that the spine marks ``linear="no"`` (notes, pop-ups) are read too, in
their place: nothing the book holds is dropped. Images and styles are not text and are
left out. An archive whose pages would unpack to more than :data:`MAX_TEXT_BYTES` is
refused rather than read (a ZIP can expand a thousandfold).

Only Python's standard library is used (:mod:`zipfile`, :mod:`xml.etree.ElementTree`).
"""

from __future__ import annotations

import io
import os
import posixpath
import zipfile
import zlib
from urllib.parse import unquote
from xml.etree import ElementTree

from .webpage import html_text

__all__ = ["epub_text", "sniff_epub", "MAX_TEXT_BYTES"]

#: The most bytes of pages an EPUB may unpack to (a long novel's XHTML is a few MB).
MAX_TEXT_BYTES = 256 * 1024 * 1024

# What a damaged archive raises: a bad CRC or header, a truncated or corrupt deflate
# stream, a compression or ZIP version Python does not read, an encrypted entry.
_DAMAGED = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, OSError)
_CONTAINER = "META-INF/container.xml"
_ZIP_MAGIC = b"PK\x03\x04"
_PAGE_TYPES = ("application/xhtml+xml", "text/html")


def sniff_epub(data: bytes, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``data`` is an EPUB: a ZIP archive named ``.epub``, or one whose first
    entry is the ``mimetype`` file holding ``application/epub+zip``, as the format
    requires."""
    if not data.startswith(_ZIP_MAGIC):
        return False
    if path is not None and os.fspath(path).lower().endswith(".epub"):
        return True
    # The local header is 30 bytes, then the name "mimetype", then its stored content.
    return data[30:38] == b"mimetype" and data[38:58] == b"application/epub+zip"


def epub_text(data: bytes) -> str:
    """The text of the EPUB ``data``: its spine's pages read as web pages, in order,
    separated by blank lines (see the module). Raises ValueError, saying why, for data
    that is not a readable EPUB."""
    try:
        book = zipfile.ZipFile(io.BytesIO(data))
    except _DAMAGED as exc:
        raise ValueError(f"not an EPUB: {exc}") from None
    with book:
        pages = _spine(book)
        held = set(book.namelist())
        missing = next((name for name in pages if name not in held), None)
        if missing is not None:
            raise ValueError(f"not an EPUB: it has no {missing}")
        size = sum(book.getinfo(name).file_size for name in pages)
        if size > MAX_TEXT_BYTES:
            raise ValueError(
                f"the EPUB's pages unpack to {size:,} bytes, more than the "
                f"{MAX_TEXT_BYTES:,} linseg reads"
            )
        texts = [html_text(_decode(_read(book, name), name)) for name in pages]
    return "\n".join(text for text in texts if text)


def _spine(book: zipfile.ZipFile) -> list[str]:
    """The archive names of the spine's pages, in reading order."""
    container = _xml(book, _CONTAINER)
    rootfile = next(
        (e.get("full-path") for e in container.iter() if _local(e.tag) == "rootfile"), None
    )
    if not rootfile:
        raise ValueError(f"not an EPUB: {_CONTAINER} names no package document")
    package = _xml(book, rootfile)
    base = posixpath.dirname(rootfile)
    manifest = {
        item.get("id"): item
        for item in package.iter()
        if _local(item.tag) == "item" and item.get("id") is not None
    }
    pages = []
    for ref in package.iter():
        if _local(ref.tag) != "itemref":
            continue
        item = manifest.get(ref.get("idref"))
        if item is None or item.get("media-type") not in _PAGE_TYPES or not item.get("href"):
            continue
        href = unquote(item.get("href", "").split("#", 1)[0])
        pages.append(posixpath.normpath(posixpath.join(base, href)))
    if not pages:
        raise ValueError("not an EPUB: its spine lists no pages")
    return pages


def _xml(book: zipfile.ZipFile, name: str) -> ElementTree.Element:
    try:
        return ElementTree.fromstring(_read(book, name))
    except ElementTree.ParseError as exc:
        raise ValueError(f"not an EPUB: {name} is not XML ({exc})") from None


def _read(book: zipfile.ZipFile, name: str) -> bytes:
    try:
        return book.read(name)
    except KeyError:
        raise ValueError(f"not an EPUB: it has no {name}") from None
    except _DAMAGED as exc:
        raise ValueError(f"cannot read {name} from the EPUB: {exc}") from None


def _decode(raw: bytes, name: str) -> str:
    """A page's text: UTF-8 (or UTF-16 with its byte-order mark), as EPUB requires."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{name} in the EPUB is not UTF-8 (byte {exc.start})") from None


def _local(tag: str) -> str:
    """An element's name without its XML namespace."""
    return tag.rsplit("}", 1)[-1]

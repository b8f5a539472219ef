"""E-books: EPUB archives read in their spine's order, detection, errors, and the CLI."""

from __future__ import annotations

import io
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import read_or_refuse
from linseg.readers import archive
from linseg.readers.document import decode_document, parse_document
from linseg.readers.epub import epub_text, sniff_epub
from support import refused_in_one_line, segment_file

CONTAINER = """<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf"
     media-type="application/oebps-package+xml"/></rootfiles>
</container>"""

# The spine reads two, notes (linear="no", still read) and one; the cover image and the
# navigation document are in the manifest but not in the spine.
PACKAGE = """<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <manifest>
    <item id="one" href="text/one.xhtml" media-type="application/xhtml+xml"/>
    <item id="two" href="text/two%20words.xhtml" media-type="application/xhtml+xml"/>
    <item id="notes" href="text/notes.xhtml" media-type="application/xhtml+xml"/>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="cover" href="cover.png" media-type="image/png"/>
  </manifest>
  <spine>
    <itemref idref="two"/>
    <itemref idref="notes" linear="no"/>
    <itemref idref="cover"/>
    <itemref idref="one"/>
  </spine>
</package>"""


def page(title: str, body: str) -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'
        f"<head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    )


def make_book(pages: dict[str, str] | None = None, mimetype: bool = True) -> bytes:
    files = {
        "META-INF/container.xml": CONTAINER,
        "OEBPS/content.opf": PACKAGE,
        "OEBPS/text/one.xhtml": page("Chapter One", "<p>The first chapter.</p>"),
        "OEBPS/text/two words.xhtml": page("Chapter Two", "<p>Second &amp; last.</p>"),
        "OEBPS/text/notes.xhtml": page("Notes", "<p>A note.</p>"),
        "OEBPS/nav.xhtml": page("Contents", "<ol><li>One</li></ol>"),
        "OEBPS/cover.png": "\x89PNG not text",
        **(pages or {}),
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        if mimetype:  # first and stored, as the format requires
            z.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        for name, content in files.items():
            z.writestr(name, content, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


BOOK_TEXT = (
    "# Chapter Two\n\nSecond & last.\n\n# Notes\n\nA note.\n\n# Chapter One\n\nThe first chapter.\n"
)


def test_the_spine_is_read_in_order():
    assert epub_text(make_book()) == BOOK_TEXT


def test_detection():
    book = make_book()
    assert sniff_epub(book) and sniff_epub(book, "b.epub")
    unmarked = make_book(mimetype=False)
    assert not sniff_epub(unmarked) and sniff_epub(unmarked, "b.EPUB")
    assert not sniff_epub(b"plain text", "b.epub")  # not a ZIP: read as text
    doc = decode_document(book)
    assert doc.format == "epub" and doc.format_detected and doc.text == BOOK_TEXT
    assert "".join(doc.sentences) == doc.text
    assert decode_document(unmarked, "epub").text == BOOK_TEXT


@pytest.mark.parametrize(
    "data, message",
    [
        (b"PK\x03\x04 broken", "not an EPUB"),
        (make_book({"META-INF/container.xml": "<container/>"}), "names no package"),
        (make_book({"OEBPS/content.opf": "<package><spine/></package>"}), "lists no pages"),
        (make_book({"OEBPS/content.opf": "<package"}), "is not XML"),
        (make_book({"OEBPS/text/one.xhtml": "caf\xe9".encode("latin-1")}), "not UTF-8"),
    ],
)
def test_bad_books_are_refused(data, message):
    with pytest.raises(ValueError, match=message):
        decode_document(data, "epub")


def test_a_missing_page_is_named():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("META-INF/container.xml", CONTAINER)
        z.writestr("OEBPS/content.opf", PACKAGE)
    with pytest.raises(ValueError, match="has no OEBPS/text/two words.xhtml"):
        epub_text(buffer.getvalue())


def test_a_book_too_large_to_unpack_is_refused(monkeypatch):
    monkeypatch.setattr(archive, "MAX_TEXT_BYTES", 100)
    with pytest.raises(ValueError, match="more than the 100"):
        epub_text(make_book())


def test_text_input_cannot_be_an_epub():
    with pytest.raises(ValueError, match="read from its bytes"):
        parse_document("text", "epub")


def test_cli_segments_a_book(tmp_path, capsys):
    pages = {  # one page a chapter, as books are made
        "OEBPS/text/one.xhtml": page(
            "Bees", "".join(f"<p>Bees make honey {k}. The hive hums.</p>" for k in range(5))
        ),
        "OEBPS/text/two words.xhtml": page(
            "Trains",
            "".join(f"<p>Steam trains run {k}. The engine burns coal.</p>" for k in range(5)),
        ),
    }
    book = tmp_path / "book.epub"
    book.write_bytes(make_book(pages))
    record = segment_file(book, capsys)
    assert record["format"] == "epub"
    assert "".join(record["segments"]) == epub_text(book.read_bytes())
    assert [s.split("\n")[0] for s in record["segments"]] == ["# Trains", "# Notes", "# Bees"]
    refused_in_one_line(tmp_path / "bad.epub", b"PK\x03\x04 broken", capsys, "not an EPUB")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=8))
def test_a_damaged_book_is_read_or_refused(changes):
    """Bytes changed anywhere in a book: its text is read, or a ValueError says why;
    nothing else escapes (zlib, struct and CRC errors included)."""
    read_or_refuse(epub_text, make_book(), changes)


def test_pages_in_utf16_or_a_declared_encoding_are_read():
    latin = page("Chapter One", "<p>Caf\u00e9 cr\u00e8me.</p>").replace("utf-8", "iso-8859-1")
    wide = page("Notes", "<p>A \u00e9t\u00e9 note.</p>")
    book = make_book(
        {
            "OEBPS/text/one.xhtml": latin.encode("latin-1"),
            "OEBPS/text/notes.xhtml": wide.encode("utf-16"),
        }
    )
    text = decode_document(book).text
    assert "# Chapter One\n\nCaf\u00e9 cr\u00e8me.\n" in text and "A \u00e9t\u00e9 note." in text

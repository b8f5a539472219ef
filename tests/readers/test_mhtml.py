"""Web pages saved as one file (MHTML): the page's part read as a web page, whatever its
transfer encoding and charset, detection, and the errors."""

from __future__ import annotations

from email import charset as charsets
from email.mime.image import MIMEImage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from pathlib import Path

import pytest

from linseg.cli import main
from linseg.readers.document import decode_document
from linseg.readers.mhtml import mhtml_text, sniff_mhtml
from linseg.readers.webpage import html_text
from support import segment_file

PAGE = Path(__file__).resolve().parents[2] / "examples" / "bicycle.html"


def saved(html: str, charset: str = "utf-8", encoding=charsets.QP, start: bool = False) -> bytes:
    """``html`` saved as a browser saves a page as one file: a related multipart message,
    the page first (or named by ``start``), an image after it."""
    message = MIMEMultipart("related", type="text/html")
    message["From"] = "<Saved by Blink>"
    message["Snapshot-Content-Location"] = "https://example.org/bicycle"
    encoded = charsets.Charset(charset)
    encoded.body_encoding = encoding
    page = MIMEText(html, "html", encoded)
    page["Content-ID"] = "<page@example>"
    image = MIMEImage(b"\x89PNG\r\n\x1a\n" + bytes(64), "png")
    if start:
        message.set_param("start", "<page@example>")
        message.attach(MIMEText("<p>not the page</p>", "html"))
    message.attach(page)
    message.attach(image)
    return message.as_bytes()


@pytest.mark.parametrize(
    "charset, encoding, start",
    [
        ("utf-8", charsets.QP, False),
        ("utf-8", charsets.BASE64, False),
        ("windows-1252", charsets.QP, False),
        ("utf-8", charsets.QP, True),
    ],
)
def test_the_page_reads_as_the_web_page(charset, encoding, start):
    html = PAGE.read_text(encoding="utf-8").replace("rag", "rag \u2014 caf\u00e9")
    assert mhtml_text(saved(html, charset, encoding, start)) == html_text(html)


def test_detection_and_the_cli(tmp_path, capsys):
    data = saved(PAGE.read_text(encoding="utf-8"))
    assert sniff_mhtml(data) and sniff_mhtml(b"", "page.MHT")
    assert not sniff_mhtml(b"We saved it as multipart/related, then lost it.")
    assert not sniff_mhtml(b"Subject: notes\n\nContent-Type: multipart/related in the body\n")
    f = tmp_path / "bicycle.txt"  # detected by its content, not its name
    f.write_bytes(data)
    rec = segment_file(f, capsys)
    assert rec["format"] == "mhtml" and rec["format_detected"]
    assert "".join(rec["segments"]) == html_text(PAGE.read_text(encoding="utf-8"))
    assert decode_document(data).text == html_text(PAGE.read_text(encoding="utf-8"))


def test_a_message_without_a_page_is_refused(tmp_path, capsys):
    message = MIMEMultipart("related")
    message.attach(MIMEImage(b"\x89PNG\r\n\x1a\n" + bytes(64), "png"))
    f = tmp_path / "empty.mhtml"
    f.write_bytes(message.as_bytes())
    assert main(["segment", str(f)]) == 2
    err = capsys.readouterr().err
    assert err == "linseg: error: the MHTML file holds no HTML page (no text/html part)\n"

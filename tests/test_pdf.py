"""PDF files: paragraphs, headings, lists and pages rebuilt from the layout; errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pypdf", reason="PDF input needs pypdf (pip install 'linseg[pdf]')")

from docgen import read_or_refuse
from linseg.cli import main
from linseg.corpus.document import decode_document
from linseg.corpus.pdf import pdf_text, sniff_pdf
from pdfgen import make_pdf, paragraph
from test_cli import segment_file

# A title at 20 points, sections at 15, body at 11 with 13 points from line to line and a
# blank line's worth more between paragraphs; a list; a word broken at a line's end; the
# last paragraph runs on to the second page.
PAGES = [
    [
        (72, 780, 20, "A Short Report"),
        *paragraph(750, ["The report opens with a paragraph that runs", "over two lines."]),
        (72, 705, 15, "Bees in the garden"),
        *paragraph(
            680, ["Bees need water and flowers. A hive is", "quiet in the win-", "ter months."]
        ),
        *paragraph(630, ["\u2022 water", "\u2022 flowers"]),
        (72, 590, 15, "Trains"),
        *paragraph(565, ["Steam trains burn coal. The last one ran", "in the sixties and"]),
    ],
    [
        *paragraph(780, ["never came back."]),
        *paragraph(750, ["A second paragraph (with brackets) on the same page."]),
    ],
]

PAGES_TEXT = """# A Short Report

The report opens with a paragraph that runs over two lines.

## Bees in the garden

Bees need water and flowers. A hive is quiet in the winter months.

- water
- flowers

## Trains

Steam trains burn coal. The last one ran in the sixties and never came back.

A second paragraph (with brackets) on the same page.
"""


def test_layout_read_as_the_rules_say():
    assert pdf_text(make_pdf(PAGES)) == PAGES_TEXT


def test_detection_and_the_document():
    data = make_pdf(PAGES)
    assert sniff_pdf(data) and sniff_pdf(b"\n%PDF-1.4") and sniff_pdf(b"x", "a.PDF")
    assert not sniff_pdf(b"A text about the %PDF-1.4 header.")
    doc = decode_document(data)
    assert doc.format == "pdf" and doc.format_detected and doc.text == PAGES_TEXT
    assert "".join(doc.sentences) == doc.text


def test_a_two_column_page_reads_column_after_column():
    left = paragraph(700, ["Left column text that", "goes on here."], x=50)
    right = paragraph(700, ["Right column starts", "at the top again."], x=320)
    assert pdf_text(make_pdf([left + right])) == (
        "Left column text that goes on here. Right column starts at the top again.\n"
    )


@pytest.mark.parametrize(
    "data, message",
    [
        (b"%PDF-1.4\nnot really", "not a readable PDF"),
        (make_pdf([[]]), "the PDF shows no text"),
    ],
)
def test_bad_pdfs_are_refused(data, message, tmp_path, capsys):
    with pytest.raises(ValueError, match=message):
        decode_document(data)
    path = tmp_path / "in.pdf"
    path.write_bytes(data)
    assert main(["segment", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5_000), st.integers(0, 255)), min_size=1, max_size=6))
def test_a_damaged_pdf_is_read_or_refused(changes):
    read_or_refuse(pdf_text, make_pdf(PAGES), changes)


def test_cli_segments_a_pdf(tmp_path, capsys):
    path = tmp_path / "report.pdf"
    path.write_bytes(make_pdf(PAGES))
    record = segment_file(path, capsys)
    assert record["format"] == "pdf"
    assert "".join(record["segments"]) == PAGES_TEXT
    assert all(s.startswith(("# ", "## ")) for s in record["segments"])

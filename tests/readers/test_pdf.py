"""PDF files: paragraphs, headings, lists and pages rebuilt from the layout; errors."""

from __future__ import annotations

import io
import logging
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pypdf", reason="PDF input needs pypdf (pip install 'linseg[pdf]')")

from docgen import read_or_refuse
from linseg.cli import main
from linseg.execution.progress import pages_shown
from linseg.readers.document import decode_document
from linseg.readers.pdf import pdf_text, sniff_pdf
from linseg.readers.pdf_layout import MAX_CODE_INDENT
from linseg.readers.pdf_lines import _face
from pdfgen import make_pdf, paragraph
from support import refused_in_one_line, segment_file

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
        # A content stream in a filter pypdf does not know.
        (make_pdf(PAGES).replace(b"<< /Length", b"<< /Filter /Zip /Length", 1), "Zip"),
    ],
)
def test_bad_pdfs_are_refused(data, message, tmp_path, capsys):
    with pytest.raises(ValueError, match=message):
        decode_document(data)
    refused_in_one_line(tmp_path / "in.pdf", data, capsys, message)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5_000), st.integers(0, 255)), min_size=1, max_size=6))
def test_a_damaged_pdf_is_read_or_refused(changes):
    read_or_refuse(pdf_text, make_pdf(PAGES), changes)


def test_flaws_read_past_are_not_shown(tmp_path, capsys, caplog):
    """pypdf finds the objects of a file whose pointer to its table of them is wrong, and
    would log a warning; the text is read, and nothing is printed but the segments."""
    path = tmp_path / "report.pdf"
    path.write_bytes(re.sub(rb"startxref\n\d+", b"startxref\n10", make_pdf(PAGES)))
    assert main(["segment", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "Bees need water" in out
    assert not [r for r in caplog.records if r.name.startswith("pypdf")]
    assert logging.getLogger("pypdf").level == logging.NOTSET  # as it was


# A font in an encoding pypdf does not know, which it logs as an error, not a warning (the
# third fuzz campaign: its message came before linseg's own line).
_UNKNOWN_ENCODING = (
    b"1 0 obj<</Pages 2 0 R2 0 obj<<///Kids[3 0 R]3 0 obj<</Resources<</Font"
    b"<</ 5 0 R>>>trailer<</Root 1 0 R>\nstartxref3%%EOF5 0 obj<</////Encodi"
    b"ng/>"
)


def test_errors_pypdf_logs_are_not_shown_either(tmp_path, capsys, caplog):
    path = tmp_path / "font.pdf"
    path.write_bytes(_UNKNOWN_ENCODING)
    assert main(["segment", str(path), "--format", "pdf"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("linseg: error: ")
    assert not [r for r in caplog.records if r.name.startswith("pypdf")]


def test_cli_segments_a_pdf(tmp_path, capsys):
    path = tmp_path / "report.pdf"
    path.write_bytes(make_pdf(PAGES))
    record = segment_file(path, capsys)
    assert record["format"] == "pdf"
    assert "".join(record["segments"]) == PAGES_TEXT
    assert all(s.startswith(("# ", "## ")) for s in record["segments"])


def _page(number: int, body: list) -> list:
    """A page of the club's report: its running header and its page number around
    ``body``."""
    head = (72, 812, 8, "Garden Club - Annual Report 2026")
    foot = (280, 30, 8, f"Page {number} of 3")
    return [head, *body, foot]


# Paragraphs set as LaTeX sets them, by a first-line indent and no space between them;
# headings bold in the body's size below a larger title; code in Courier; a running
# header and a page number on every page.
REPORT = [
    _page(
        1,
        [
            (72, 770, 18, "The Club in 2026"),
            (72, 745, 11, "Bees", "bold"),
            (87, 730, 11, "Bees need water and flowers. A hive is quiet in"),
            (72, 717, 11, "the winter months, and the club keeps four hives."),
            (87, 704, 11, "The second paragraph opens with the same indent and"),
            (72, 691, 11, "runs on over the foot of the page, which carries"),
        ],
    ),
    _page(
        2,
        [
            (72, 780, 11, "the page number."),
            (72, 755, 11, "Counting the hives", "bold"),
            (87, 740, 11, "Members count the hives with a short program."),
            *paragraph(720, ["for hive in hives:", "    count(hive)"], font="mono"),
            (72, 690, 11, "It prints one line for every hive it counts."),
        ],
    ),
    _page(
        3,
        [
            (72, 780, 18, "Trains"),
            (87, 760, 11, "Steam trains burn coal."),
        ],
    ),
]

REPORT_TEXT = """# The Club in 2026

## Bees

Bees need water and flowers. A hive is quiet in the winter months, and the club keeps four hives.

The second paragraph opens with the same indent and runs on over the foot of the page, which carries the page number.

## Counting the hives

Members count the hives with a short program.

```
for hive in hives:
    count(hive)
```

It prints one line for every hive it counts.

# Trains

Steam trains burn coal.
"""


def test_a_report_set_in_print():
    """Running header and page numbers left out; bold headings below the larger ones;
    indented paragraphs; a paragraph running over a page; a code block kept as lines."""
    assert pdf_text(make_pdf(REPORT)) == REPORT_TEXT


def test_a_line_in_bold_monospaced_type_is_a_heading_and_code_is_not():
    # A browser prints "### `Agent.close()`" so (pandoc's HTML); code is regular.
    page = [
        (72, 770, 18, "Agent"),
        (72, 745, 11, "An agent dispatches requests.", "regular"),
        (72, 720, 11, "Agent.close()", "monobold"),
        (72, 700, 11, "Closes the agent.", "regular"),
        (72, 680, 11, "agent.close()", "mono"),
        (72, 660, 11, "Then it is closed.", "regular"),
    ]
    assert pdf_text(make_pdf([page])) == (
        "# Agent\n\nAn agent dispatches requests.\n\n## Agent.close()\n\n"
        "Closes the agent.\n\n```\nagent.close()\n```\n\nThen it is closed.\n"
    )


def test_one_page_keeps_its_top_and_bottom_lines():
    page = [(72, 812, 8, "Draft 3"), *paragraph(700, ["One line of text."]), (280, 30, 8, "1")]
    assert pdf_text(make_pdf([page])) == "Draft 3\n\nOne line of text.\n\n1\n"


def test_a_header_on_too_few_pages_is_kept():
    pages = [[(72, 812, 8, "Note"), *paragraph(700, [f"Text {n}."])] for n in range(3)]
    pages.append(paragraph(700, ["More text."]))
    pages.append(paragraph(700, ["The end."]))
    # On three pages of five: more than 40% of them, so a running header.
    assert "Note" not in pdf_text(make_pdf(pages))
    pages.append(paragraph(700, ["A postscript."]))
    pages.append(paragraph(700, ["Another."]))
    pages.append(paragraph(700, ["And the last."]))
    # On three pages of eight: less than 40%.
    assert pdf_text(make_pdf(pages)).count("Note") == 3


def test_headings_atop_each_page_that_differ_only_in_digits_are_kept():
    # A changelog typeset by pdflatex: a version's heading at the top of each page. A
    # running head with words, in the body's size or smaller, recurs so too and goes.
    pages = [
        [
            (72, 812, 9, f"Changelog, page {n}"),
            (72, 780, 14, f"3.{n}.0 (2023-0{n}-30)", "bold"),
            *paragraph(750, [f"Fixed bug {n}."]),
            (72, 700, 11, f"{n}.0.1 (2022-0{n}-01)", "bold"),
            *paragraph(680, ["More fixes."]),
        ]
        for n in range(1, 5)
    ]
    text = pdf_text(make_pdf(pages))
    assert "Changelog" not in text
    headings = [ln for ln in text.splitlines() if ln.startswith("#")]
    assert headings == [f"# 3.{n}.0 (2023-0{n}-30)" for n in range(1, 5)]
    assert text.count(".0.1 (2022-0") == 4  # at the foot of each page: kept too


def test_a_chapters_running_head_with_its_page_number_is_left_out():
    # A book's head names its chapter and prints the page's number: it recurs on that
    # chapter's pages alone (here 3 of 12), too few for the whole book's rule. A line
    # that recurs without the page's number (a note atop each chapter) is kept.
    words = ["Bees", "hum", "in", "the", "warm", "hive", "at", "dusk", "and", "dawn"]
    pages = []
    for n in range(12):
        body = [
            f"{words[(n + k) % 10]} {words[(n * k) % 10]} line {k} of page {n}." for k in range(6)
        ]
        title = ["Hives", "Honey", "Swarms"][n // 4]
        head = f"Chapter {n // 4}: {title} {n + 11}" if n % 4 else f"Note {n // 4} on hives"
        pages.append([(72, 812, 9, head), *paragraph(750, body), (280, 30, 9, str(n + 11))])
    text = pdf_text(make_pdf(pages))
    assert "Chapter" not in text and "line 5 of page 11." in text
    assert text.count("on hives") == 3 and "11" not in text.split()


def test_numbered_headings_of_one_size_rank_by_their_numbers():
    page = [
        (72, 780, 11, "1 Bees", "bold"),
        *paragraph(760, ["Bees need water."]),
        (72, 735, 11, "1.1 Hives", "bold"),
        *paragraph(715, ["A hive is quiet in the winter."]),
        (72, 690, 11, "Trains", "bold"),
        *paragraph(670, ["Steam trains burn coal."]),
    ]
    heads = [ln for ln in pdf_text(make_pdf([page])).splitlines() if ln.startswith("#")]
    assert heads == ["# 1 Bees", "## 1.1 Hives", "# Trains"]


def test_bold_lines_that_are_not_headings():
    bold = [
        *paragraph(
            815, ["Plain text opens the page,", "and runs on", "over", "six", "lines", "so."]
        ),
        (72, 750, 11, "A bold lead-in sentence, which ends like one.", "bold"),
        (72, 724, 11, "Note:", "bold"),
        (72, 698, 11, "lower case in bold", "bold"),
        *paragraph(672, ["Plain text after them."]),
    ]
    text = pdf_text(make_pdf([bold]))
    assert "#" not in text and text.count("\n\n") == 4


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(
            st.tuples(
                st.sampled_from([60, 72, 87, 120, 320]),
                st.integers(40, 800),
                st.sampled_from([8, 10, 11, 14, 20]),
                st.text("abcXYZ .:", min_size=1, max_size=40),
                st.sampled_from(["regular", "bold", "mono"]),
            ),
            min_size=1,
            max_size=12,
        ),
        min_size=1,
        max_size=4,
    )
)
def test_letters_come_out_in_order_and_only_furniture_is_left_out(pages):
    """Every letter read is a letter drawn, in the order drawn; on one page, every one."""
    read = [c for c in pdf_text(make_pdf(pages)) if c.isalpha()]
    drawn = [c for page in pages for *_, text, _ in page for c in text if c.isalpha()]
    it = iter(drawn)
    assert all(any(c == d for d in it) for c in read)
    if len(pages) == 1:
        assert read == drawn


@pytest.mark.parametrize(
    "foot, furniture",
    [
        ("{n}", True),
        ("- {r} -", True),
        ("Page {n} of 2", True),
        ("{n}/2", True),
        ("{n} apples", False),
        ("Chapter {n}", False),
    ],
)
def test_page_numbers_at_the_foot(foot, furniture):
    roman = {1: "i", 2: "ii"}
    pages = [
        [*paragraph(700, [f"Text of page {n}."]), (280, 30, 8, foot.format(n=n, r=roman[n]))]
        for n in (1, 2)
    ]
    text = pdf_text(make_pdf(pages))
    assert (foot.format(n=1, r="i") not in text.splitlines()) is furniture
    assert "Text of page 1." in text and "Text of page 2." in text


LONG = "Plain text that runs to the margin of the page as prose does"


def test_a_functions_name_in_bold_monospace_with_space_above_is_a_heading():
    # As pdflatex and Chromium set Markdown's "### `resolver.cancel()`": bold monospaced
    # type in lower case, more space above it (over 2.1 lines) than below, text after.
    page = [
        (72, 800, 11, "Resolver", "bold"),
        *paragraph(780, [LONG, LONG, "and ends."]),
        (72, 712, 11, "resolver.cancel()", "monobold"),
        *paragraph(693, [LONG, "and ends here."]),
        # Too little space above: code, or a signature.
        (72, 658, 11, "resolver.close()", "monobold"),
        *paragraph(645, [LONG, "and ends."]),
        # A code block's first line in bold (a highlighter's "class"), code close below.
        (72, 580, 11, "class Fruit:", "monobold"),
        (72, 567, 11, "    pass", "mono"),
        *paragraph(530, [LONG, "and ends."]),
    ]
    text = pdf_text(make_pdf([page]))
    assert [ln for ln in text.splitlines() if ln.startswith("#")] == [
        "# Resolver",
        "## resolver.cancel()",
    ]
    assert "\n\nresolver.close()\n\n" in text and "    pass\n```" in text


def test_bullets_before_code_and_wrapped_inline_code():
    # A list whose items name code is a list, not a code block; inline code that a
    # paragraph wraps onto a line of its own stays in the paragraph.
    page = [
        (72, 800, 11, "\u2022 resolver.resolve4()", "mono"),
        (72, 787, 11, "\u2022 resolver.resolve6()", "mono"),
        *paragraph(760, [LONG + " with a", "long.code.name.here()"]),
        (72, 734, 11, "goes on after it.", "regular"),
    ]
    text = pdf_text(make_pdf([page]))
    assert "- resolver.resolve4()\n- resolver.resolve6()\n" in text
    assert "```" not in text


@pytest.mark.parametrize(
    "name, bold, mono",
    [
        ("/ABCDEF+CMBX12", True, False),
        ("/ABCDEF+CMSSBX10", True, False),
        ("/ABCDEF+SFBX1200", True, False),  # cm-super, LaTeX's T1 encoding
        ("/SFSX1000", True, False),
        ("/csbx10", True, False),
        ("/LMRoman10-Bold", True, False),
        ("/LMMonoLt10-Bold", True, True),
        ("/SFRM1000", False, False),
        ("/CMTT10", False, True),
        ("/Helvetica", False, False),
    ],
)
def test_faces_by_their_names(name, bold, mono):
    assert _face({"/BaseFont": name}) == (bold, mono)


def test_a_table_of_contents_is_no_outline():
    # LaTeX sets a chapter's entry in bold: its number, title and page, beside its
    # sections' entries. A heading alone may end in a number.
    page = [
        (72, 800, 14, "Contents", "bold"),
        (72, 770, 11, "1 Introduction 3", "bold"),
        (87, 757, 11, "1.1 Bees and their hives . . . . . . . . . . 3"),
        (87, 744, 11, "1.2 Honey . . . . . . . . . . . . . . . . . 4"),
        (72, 722, 11, "2 Swarms 5", "bold"),
        (87, 709, 11, "2.1 Catching a swarm . . . . . . . . . . . 5"),
        *paragraph(660, ["Plain text that opens the first chapter of the book.", "It ends."]),
        (72, 610, 11, "3.2 Changes in Python 3", "bold"),
        *paragraph(590, ["Plain text under the heading.", "It ends."]),
    ]
    headings = [ln for ln in pdf_text(make_pdf([page])).splitlines() if ln.startswith("#")]
    assert headings == ["# Contents", "## 3.2 Changes in Python 3"]


def _noted_page(mark: str) -> list:
    """A page whose first paragraph calls a note with ``mark`` (7 points, raised 4) and
    runs on to the next page; the note, at the page's foot in 9 points, runs over two
    lines."""
    return [
        (72, 780, 11, "Bees need water and flowers"),
        (228, 784, 7, mark),
        (232, 780, 11, ", and the hive is quiet in the"),
        (72, 767, 11, "winter months, when the bees"),
        (80, 104, 6, mark),
        (84, 100, 9, "Some bees do fly in winter, on"),
        (72, 89, 9, "warm days."),
        (280, 30, 8, "1"),
    ]


@pytest.mark.parametrize("mark", ["1", "\u2020"])
def test_a_footnote_is_read_where_its_mark_stands(mark):
    # LaTeX and word processors set a note at the page's foot, in smaller type, where it
    # would split the paragraph that runs on to the next page; every reader shows a
    # note in brackets where it is called. A raised number with no note on its page (a
    # formula's power, an endnote's mark) is kept, apart from the word before it.
    second = [
        (72, 780, 11, "stay inside."),
        (72, 750, 11, "The hive holds x"),
        (158, 754, 7, "2"),
        (163, 750, 11, " bees."),
        (280, 30, 8, "2"),
    ]
    assert pdf_text(make_pdf([_noted_page(mark), second])) == (
        "Bees need water and flowers (Some bees do fly in winter, on warm days.), and the "
        "hive is quiet in the winter months, when the bees stay inside.\n\n"
        "The hive holds x 2 bees.\n"
    )


def test_a_note_that_goes_on_overleaf_is_read_whole():
    # LaTeX sets the rest of a long note at the top of the next page's foot, with no
    # mark, above that page's own notes; it had split the paragraph that runs on there.
    first = _noted_page("1")[:-2] + [(72, 89, 9, "warm days, when the sun"), (280, 30, 8, "1")]
    second = [
        (72, 780, 11, "stay inside. The hive holds x"),
        (218, 784, 7, "2"),
        (223, 780, 11, " bees."),
        (72, 112, 9, "warms the hive."),
        (80, 104, 6, "2"),
        (84, 100, 9, "A second note."),
        (280, 30, 8, "2"),
    ]
    assert pdf_text(make_pdf([first, second])) == (
        "Bees need water and flowers (Some bees do fly in winter, on warm days, when the "
        "sun warms the hive.), and the hive is quiet in the winter months, when the bees "
        "stay inside. The hive holds x (A second note.) bees.\n"
    )
    # A note that ends its sentence at the foot goes on nowhere: a small line at the
    # next page's foot is that page's own.
    done = _noted_page("1")
    text = pdf_text(make_pdf([done, second]))
    assert "flowers (Some bees do fly in winter, on warm days.), and" in text
    assert "warms the hive." in text


def test_a_code_line_drawn_far_right_is_indented_so_far_and_no_further():
    # A damaged file drew one line of code 500 million points right of its block: it
    # had been indented by a billion spaces (found by the fuzz campaign, seed 58).
    page = [
        (72, 780, 11, "Run it so:"),
        (72, 760, 10, "x = 1", "mono"),
        (5e8, 747, 10, "y = 2", "mono"),
        (96, 734, 10, "z = 3", "mono"),
    ]
    assert pdf_text(make_pdf([page])) == (
        f"Run it so:\n\n```\nx = 1\n{' ' * MAX_CODE_INDENT}y = 2\n    z = 3\n```\n"
    )


def test_a_note_whose_mark_is_not_on_its_page_stays_at_the_foot():
    page = [line for line in _noted_page("1") if line[3] != "1" or line[2] != 7]
    text = pdf_text(make_pdf([page, [(72, 780, 11, "stay inside."), (280, 30, 8, "2")]]))
    assert "1 Some bees do fly in winter, on warm days." in text.splitlines()
    assert "the bees stay inside." not in text  # the note stands between them


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(["1", "2", "*"]), min_size=1, max_size=4),
    st.lists(st.text("abc xyz", min_size=1, max_size=20), min_size=8, max_size=8),
)
def test_notes_moved_in_place_keep_every_letter(marks, words):
    """Whatever marks a page calls and its foot holds, every letter drawn is read once."""
    page = [(72, 780 - 13 * k, 11, words[k]) for k in range(4)]
    page += [(300, 784 - 13 * k, 7, m) for k, m in enumerate(marks)]
    page += [(80, 150 - 20 * k, 6, m) for k, m in enumerate(marks[::-1])]
    page += [(84, 146 - 20 * k, 9, words[4 + k]) for k in range(len(marks))]
    drawn = sorted(c for *_, text in page for c in text if c.isalpha())
    assert sorted(c for c in pdf_text(make_pdf([page])) if c.isalpha()) == drawn


def test_a_paragraph_a_floats_caption_interrupts_is_joined_again():
    # pdflatex draws a figure atop the next column, in the middle of the text that
    # runs on there; the paragraph is read whole, the caption after it.
    page = [
        *paragraph(
            780,
            [
                "Bees need water and flowers, and a hive",
                "is quiet in the winter months. The club",
                "keeps four of them, and a",
            ],
        ),
        (320, 800, 11, "Figure 4: A hive in the snow."),
        *paragraph(770, ["fifth one for the swarms that come", "in the spring."], x=320),
    ]
    assert pdf_text(make_pdf([page])) == (
        "Bees need water and flowers, and a hive is quiet in the winter months. The club "
        "keeps four of them, and a fifth one for the swarms that come in the spring.\n\n"
        "Figure 4: A hive in the snow.\n"
    )


def test_a_caption_between_a_table_and_a_formula_moves_nothing():
    # A table's cells stop without ending a sentence, and a formula opens in lower
    # case, but neither is prose that a float interrupts; a caption ends with its
    # sentence, though what follows it is set on the next page.
    first = [
        *paragraph(780, ["The corpus has samples of four kinds,", "counted in a table."]),
        *paragraph(740, ["Range of n 3 5 6 8", "Samples 400 100 100"]),
        *paragraph(700, ["Table 1: Test corpus statistics."]),
    ]
    second = [*paragraph(780, ["p(error) = p(miss) + p(fa)", "is the error."])]
    assert pdf_text(make_pdf([first, second])).split("\n\n") == [
        "The corpus has samples of four kinds, counted in a table.",
        "Range of n 3 5 6 8 Samples 400 100 100",
        "Table 1: Test corpus statistics.",
        "p(error) = p(miss) + p(fa) is the error.\n",
    ]


def test_a_word_processors_footnote_is_read_where_its_mark_stands():
    # LibreOffice and Word set a note's number at the foot in the note's own smaller
    # type, not raised, the text after it at a hanging indent.
    page = [
        *paragraph(780, ["Binaries for the board are built", "on RHEL 8"], size=12),
        (134, 772, 7, "1"),
        (139, 767, 12, " with GCC 10, and tested there."),
        (72, 120, 10, "1"),
        (86, 120, 10, "Older kernels may work."),
        (86, 108, 10, "They are not tested."),
    ]
    assert pdf_text(make_pdf([page])) == (
        "Binaries for the board are built on RHEL 8 (Older kernels may work. They are not "
        "tested.) with GCC 10, and tested there.\n"
    )


def test_a_small_tables_numbers_above_the_text_are_no_notes():
    # A row that opens with a number in smaller type is a note only at the page's foot.
    page = [
        *paragraph(780, ["The table counts the hives", "year by year"], size=12),
        (146, 772, 7, "1"),
        (72, 720, 10, "1"),
        (86, 720, 10, "hive in 2024"),
        (72, 708, 10, "2"),
        (86, 708, 10, "hives in 2025"),
        *paragraph(660, ["Body text goes on after the table."], size=12),
    ]
    text = pdf_text(make_pdf([page]))
    assert "(hive in 2024" not in text and "year by year 1" in text
    assert "1 hive in 2024" in text and text.endswith("Body text goes on after the table.\n")


def _code_lines(y: float, count: int) -> list:
    """``count`` lines of code in 10-point Courier from height ``y`` down."""
    return [(72, y - 11 * i, 10, f"value_{i} = compute({i})", "mono") for i in range(count)]


def test_prose_sets_the_body_size_where_code_outweighs_it():
    # A README's code, set smaller, can hold most of its characters; its prose, in the
    # larger type, is still text, not headings.
    page = [
        (72, 800, 16, "Install", "bold"),
        *paragraph(775, ["Install it with the package manager and", "run it once."], size=12),
        *_code_lines(740, 6),
        *paragraph(660, ["Then call it from your program."], size=12),
        *_code_lines(635, 6),
    ]
    text = pdf_text(make_pdf([page]))
    assert [line for line in text.splitlines() if line.startswith("#")] == ["# Install"]
    assert "Then call it from your program.\n" in text


def test_a_highlighted_line_of_code_in_bold_stays_in_its_block():
    page = [
        *paragraph(800, ["Add this to the configuration file,", "at its top:"], size=12),
        (72, 760, 10, "[pytest]", "monobold"),
        *_code_lines(749, 3),
        *paragraph(700, ["It applies to every run."], size=12),
    ]
    text = pdf_text(make_pdf([page]))
    assert "#" not in text
    assert "```\n[pytest]\nvalue_0 = compute(0)\n" in text


def test_a_word_processors_heading_that_is_all_code():
    # LibreOffice sets "### `Agent.close()`" in the code's smaller size, bold, with
    # the space of a heading above it (2.1 spacings of its own size, not the body's).
    page = [
        *paragraph(
            800,
            ["An agent keeps connections open for", "reuse by later requests, one", "at a time."],
            size=12,
        ),
        (72, 747, 10, "agent.close()", "monobold"),
        *paragraph(
            727, ["Closes every connection it keeps,", "and ends them.", "The agent can"], size=12
        ),
    ]
    assert "\n# agent.close()\n" in pdf_text(make_pdf([page]))


def test_a_long_read_shows_its_pages():
    # linseg segment reads its document under pages_shown: on a terminal, a PDF of
    # hundreds of pages tells how far it is; a library call shows nothing.
    pages = [paragraph(700, [f"Text of page {n}."]) for n in range(3)]
    shown = io.StringIO()
    with pages_shown("reading, page", stream=shown, enabled=True):
        pdf_text(make_pdf(pages))
    assert "reading, page 3/3" in shown.getvalue()
    assert shown.getvalue().endswith("\r")  # the line cleared at the end

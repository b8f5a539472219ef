"""RTF files: paragraphs, headings by outline level or style, lists, tables, code,
characters, the groups left out, detection, and a document cut at its headings."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import TOPICS, check_markup_reading, topic_paragraphs
from linseg.readers.document import decode_document, detect_format
from linseg.readers.rtf import rtf_text, sniff_rtf
from support import segment_file

# As Word and LibreOffice write it: tables of fonts, colours and styles, the document's
# information, a heading by its style and one by its outline level, a list whose bullets
# are in \listtext, a field, a footnote, a table, code in a fixed-pitch font, \uN with
# its fallback, \'hh in the code page, and an ignorable group.
DOC = r"""{\rtf1\ansi\ansicpg1252\deff0
{\fonttbl{\f0\froman\fprq2 Times New Roman;}{\f1\fmodern\fprq1 Courier New;}
{\f2\fnil\fprq2 Liberation Sans Unicode MS;}}
{\colortbl;\red0\green0\blue0;}
{\stylesheet{\s0 Normal;}{\s1\sbasedon0\b\fs32 heading 1;}{\s2\outlinelevel1\b Subhead;}}
{\info{\title Apiary notes}{\author Ann Keeper}}
{\*\generator Writer;}
\pard\plain\s1\f2 Hives\par
\pard\plain Frames of comb hold the brood.{\footnote\pard\plain A footnote.}
 See {\field{\*\fldinst HYPERLINK "https://example.org"}{\fldrslt the site}}.\par
\pard\plain{\listtext\f0\'b7\tab}\ls1\ilvl0 a queen\par
\pard\plain{\listtext\f0\'b7\tab}\ls1\ilvl0 caf\'e9 workers\par
\pard\plain\s2 Honey\par
\pard\plain Nectar \emdash{} thick \u8220\'93sweet\u8221\'94.{\*\bkmkstart x}\line Done.\par
\trowd\cellx2000\cellx4000
\pard\intbl Week\cell Kilograms\cell\row
\pard\intbl 19\cell 41.2\cell\row
\pard\plain\f1 frames = 10\par
\pard\plain\f1 print(frames)\par
\pard\plain\outlinelevel0 Swarms\par
\pard\plain A swarm leaves with the old queen.\par
}"""

DOC_TEXT = """# Hives

Frames of comb hold the brood. (A footnote.) See the site.

- a queen
- caf\u00e9 workers

## Honey

Nectar \u2014 thick \u201csweet\u201d.
Done.

Week | Kilograms
19 | 41.2

```
frames = 10
print(frames)
```

# Swarms

A swarm leaves with the old queen.
"""


def test_a_document():
    assert rtf_text(DOC) == DOC_TEXT


def test_as_pandoc_writes_it():
    # Headings by \outlinelevel in the paragraph, bullets and numbers written as text
    # (an en dash in a nested list), tables of
    # paragraphs in cells, every paragraph a group.
    doc = (
        r"{\rtf1\ansi\deff0{\fonttbl{\f0 \fswiss Helvetica;}{\f1 \fmodern Courier;}}" "\n"
        r"{\pard \ql \f0 \sa180 \li0 \fi0 \outlinelevel0 \b \fs36 Title\par}" "\n"
        r"{\pard \ql \f0 \sa0 \li360 \fi-360 \bullet \tx360\tab item a\par}" "\n"
        r"{\pard \ql \f0 \sa0 \li720 \fi-360 \endash \tx360\tab nested\par}" "\n"
        r"{\pard \ql \f0 \sa0 \li360 \fi-360 3.\tx360\tab third\sa180\par}" "\n"
        r"{\pard \ql \f0 \sa180 \li0 \fi0 \f1 code line\par}" "\n"
        r"{\trowd \cellx4320\cellx8640\trkeep\intbl{{{\pard\intbl \ql \f0 a\par}\cell}"
        r"{{\pard\intbl \ql \f0 b\par}\cell}}\intbl\row}" "\n"
        r"{\pard \ql \f0 \sa180 \li0 \fi0 Text {\i em} here.\par}}"
    )  # fmt: skip
    assert rtf_text(doc) == (
        "# Title\n\n- item a\n  - nested\n3. third\n\n```\ncode line\n```\n\na | b\n\nText em here.\n"
    )


def test_footnotes_are_read_in_brackets_where_they_stand():
    # As pandoc writes one (ignorable, its paragraph in a group) and as Word does (two
    # paragraphs, a heading's properties that stay the note's); one left open at the end.
    pandoc = (
        r"{\rtf1{\pard \ql Some text{\super\chftn}{\*\footnote\chftn\~\plain\pard "
        r"{\pard \ql The note.\par}}"
        r" and more.\par}"
    )
    assert rtf_text(pandoc + "}") == "Some text (The note.) and more.\n"
    word = (
        r"{\rtf1\pard A{\footnote \pard\outlinelevel0 {\super\chftn} One\par two.}"
        r" b\par {\footnote open"
    )
    assert rtf_text(word) == "A (One two.) b\n\n(open)\n"


def test_a_heading_in_a_fixed_pitch_font_is_a_heading():
    # Pandoc's "## `console.clear()`": the heading's only text is code. Its outline level
    # makes it a heading, and it does not join the code block that follows it.
    doc = (
        r"{\rtf1\ansi\deff0{\fonttbl{\f0 \fswiss Helvetica;}{\f1 \fmodern Courier;}}" "\n"
        r"{\pard \ql \f0 \sa180 \li0 \fi0 \outlinelevel1 \b \fs32 {\f1 console.clear()}\par}"
        "\n"
        r"{\pard \ql \f0 \sa180 \li0 \fi0 \f1 console.clear();\par}" "\n"
        r"{\pard \ql \f0 \sa180 \li0 \fi0 When text.\par}}"
    )  # fmt: skip
    assert rtf_text(doc) == "## console.clear()\n\n```\nconsole.clear();\n```\n\nWhen text.\n"


def test_detection_and_encoding():
    assert sniff_rtf(DOC) and sniff_rtf("\ufeff  {\\rtf1 x}") and sniff_rtf("", "notes.RTF")
    assert not sniff_rtf("Save it as {\\rtf} if you must.")
    assert detect_format(DOC) == "rtf"
    # Bytes that a writer left unescaped are in the header's code page.
    doc = decode_document(b"{\\rtf1\\ansi\\ansicpg1252 Caf\xe9 au lait.\\par}")
    assert doc.format == "rtf" and doc.text == "Caf\u00e9 au lait.\n"
    assert doc.notes == ["read as cp1252, the encoding it declares (it is not valid UTF-8)"]


def test_as_textedit_writes_it():
    # A backslash that ends a line ends the paragraph; Menlo is a fixed-pitch font.
    doc = (
        "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2639\n\\cocoatextscaling0\\cocoaplatform0"
        "{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;\\f1\\fnil\\fcharset0 Menlo-Regular;}\n"
        "{\\colortbl;\\red255\\green255\\blue255;}\n{\\*\\expandedcolortbl;;}\n"
        "\\pard\\tx566\\pardirnatural\\partightenfactor0\n\n"
        "\\f0\\fs24 \\cf0 Bees make honey.\\\nThey store it in combs.\\\n\\\n"
        "\\f1 make hive\\\n}"
    )
    assert rtf_text(doc) == "Bees make honey.\n\nThey store it in combs.\n\n```\nmake hive\n```\n"


def test_characters_past_the_first_plane():
    # A surrogate pair makes one character; a lone surrogate and a number past Unicode's
    # last code point are replacement characters.
    doc = r"{\rtf1 Bees \u-10179?\u-8704? buzz \u-10179? and \u9999999? hum.\par}"
    assert rtf_text(doc) == "Bees \U0001f600 buzz \ufffd and \ufffd hum.\n"


def test_unbalanced_braces_lose_no_text():
    assert rtf_text(r"{\rtf1 One.\par}} Two.\par {{ Three.") == "One.\n\nTwo.\n\nThree.\n"


def test_a_document_is_cut_at_its_headings(tmp_path, capsys):
    body = "".join(
        f"\\pard\\plain\\outlinelevel0 {title}\\par\n"
        + "".join(f"\\pard\\plain {p}\\par\n" for p in topic_paragraphs(sentence))
        for title, sentence in TOPICS.items()
    )
    f = tmp_path / "apiary.rtf"
    f.write_text("{\\rtf1\\ansi\n" + body + "}", encoding="ascii")
    rec = segment_file(f, capsys)
    assert rec["format"] == "rtf" and rec["n_segments"] == 3
    assert [s.split("\n")[0] for s in rec["segments"]] == ["# Hives", "# Honey", "# Swarms"]


_PIECE = st.sampled_from(
    [
        r"\par ", r"\pard ", r"\plain ", r"\outlinelevel1 ", r"\s1 ", r"\ls1 ", r"\intbl ",
        r"\cell ", r"\row ", r"\f1 ", r"\line ", r"\tab ", r"\u8212\'97", r"\'e9", r"\~",
        r"\u-10179?", r"\u-8704?", r"\u9999999?",
        r"\{", "{", "}", r"{\*\bkmkstart x}", r"{\fonttbl{\f1\fmodern Courier;}}",
        r"{\listtext\'b7\tab}", r"{\field{\*\fldinst X}{\fldrslt Link }}", "Bees make honey. ",
        "Frames ", "\n",
    ]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECE, max_size=30))
def test_any_document_reads_and_invents_no_words(pieces):
    source = "{\\rtf1\\ansi " + "".join(pieces) + "}"
    check_markup_reading(source, rtf_text(source), "rtf", set())


def test_an_item_s_later_paragraph_continues_it():
    # As pandoc writes it: indented as the item's text, with no mark of its own; a
    # paragraph at the margin ends the list.
    doc = (
        r"{\rtf1\ansi{\fonttbl{\f0 Times;}}"
        "\n"
        r"{\pard \ql \f0 \li360 \fi-360 \bullet \tx360\tab first\par}"
        "\n"
        r"{\pard \ql \f0 \li360 \fi0 its second paragraph\par}"
        "\n"
        r"{\pard \ql \f0 \li360 \fi-360 \bullet \tx360\tab second\par}"
        "\n"
        r"{\pard \ql \f0 \li720 \fi-360 1.\tx360\tab one\par}"
        "\n"
        r"{\pard \ql \f0 \li720 \fi0 one goes on\par}"
        "\n"
        r"{\pard \ql \f0 \li720 \fi-360 2.\tx360\tab two\par}"
        "\n"
        r"{\pard \ql \f0 \li0 \fi0 After.\par}"
        "\n"
        r"{\pard \ql \f0 \li360 \fi0 Indented, in no list.\par}"
        "\n}"
    )
    assert rtf_text(doc) == (
        "- first\n  its second paragraph\n- second\n  1. one\n     one goes on\n  2. two\n\n"
        "After.\n\nIndented, in no list.\n"
    )

"""Word-processor documents: DOCX and ODT read into text, detection, errors, the CLI."""

from __future__ import annotations

import io
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import read_or_refuse
from linseg.readers.archive import odf_spaces
from linseg.readers.document import decode_document
from linseg.readers.office import docx_text, odt_text, sniff_docx, sniff_odt
from support import refused_in_one_line, segment_file

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def archive(files: dict[str, str], mimetype: str | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        if mimetype is not None:
            z.writestr("mimetype", mimetype, compress_type=zipfile.ZIP_STORED)
        for name, content in files.items():
            z.writestr(name, content, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def p(text: str, style: str | None = None, extra: str = "") -> str:
    props = f'<w:pPr><w:pStyle w:val="{style}"/>{extra}</w:pPr>' if style else ""
    if extra and not style:
        props = f"<w:pPr>{extra}</w:pPr>"
    return f'<w:p>{props}<w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>'


# Word names its built-in styles in English whatever the language of its interface; the
# ids differ ("berschrift1" in a German Word). "Sub" is based on a heading 2 and sets no
# level of its own; "Quiet" is based on nothing that is a heading.
STYLES = f"""<w:styles {W}>
  <w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
  <w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/></w:style>
  <w:style w:type="paragraph" w:styleId="H2"><w:name w:val="Heading 2"/></w:style>
  <w:style w:type="paragraph" w:styleId="Sub"><w:name w:val="Sub"/><w:basedOn w:val="H2"/></w:style>
  <w:style w:type="paragraph" w:styleId="Deep"><w:name w:val="Deep"/>
    <w:pPr><w:outlineLvl w:val="7"/></w:pPr></w:style>
  <w:style w:type="paragraph" w:styleId="Quiet"><w:name w:val="Quiet"/></w:style>
</w:styles>"""

BODY = "".join(
    [
        p("A Report", "Title"),
        p("Intro text.", "Quiet"),
        p("First part", "berschrift1"),
        "<w:p><w:r><w:t>One</w:t></w:r><w:r><w:tab/><w:t>two</w:t><w:br/><w:t>three"
        "</w:t></w:r><w:del><w:r><w:delText>gone</w:delText></w:r></w:del>"
        "<w:ins><w:r><w:t> added</w:t></w:r></w:ins></w:p>",
        p("item a", extra='<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'),
        p("item b", extra='<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'),
        p("Sub part", "Sub"),
        "<w:tbl><w:tr><w:tc>" + p("a") + "</w:tc><w:tc>" + p("b") + p("c") + "</w:tc></w:tr>"
        "<w:tr><w:tc>" + p("1 &lt; 2") + "</w:tc><w:tc>" + p("") + "</w:tc></w:tr></w:tbl>",
        "<w:sdt><w:sdtContent>" + p("Inside a control.") + "</w:sdtContent></w:sdt>",
        p("Deep one", "Deep"),
        p("Direct", extra='<w:outlineLvl w:val="2"/>'),
        p("# not a heading"),
    ]
)

DOCX_TEXT = """# A Report

Intro text.

# First part

One two
three added

- item a
- item b

## Sub part

a | b c
1 < 2 |

Inside a control.

###### Deep one

### Direct

\\# not a heading
"""


def docx(body: str = BODY, styles: str | None = STYLES) -> bytes:
    files = {
        "[Content_Types].xml": "<Types/>",
        "word/document.xml": f"<w:document {W}><w:body>{body}</w:body></w:document>",
    }
    if styles is not None:
        files["word/styles.xml"] = styles
    return archive(files)


def test_docx_read_as_the_rules_say():
    assert docx_text(docx()) == DOCX_TEXT


def test_docx_without_styles_reads_direct_levels_only():
    assert docx_text(docx(styles=None)).splitlines()[:3] == ["A Report", "", "Intro text."]


ODT_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"'
)
# "P1" is an automatic style whose parent is the heading 2 style: a heading written as a
# paragraph, as LibreOffice writes some.
ODT_STYLES = f"""<office:document-styles {ODT_NS}><office:styles>
  <style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph"
     style:default-outline-level="2"/>
  <style:style style:name="Heading_20_3" style:family="paragraph"/>
  <style:style style:name="Text_20_body" style:family="paragraph"/>
</office:styles></office:document-styles>"""

ODT_CONTENT = f"""<office:document-content {ODT_NS}>
<office:automatic-styles>
  <style:style style:name="P1" style:family="paragraph" style:parent-style-name="Heading_20_2"/>
</office:automatic-styles>
<office:body><office:text>
  <text:sequence-decls/>
  <text:h text:outline-level="1">The <text:span>Title</text:span></text:h>
  <text:p text:style-name="Text_20_body">Three<text:s text:c="3"/>spaces,<text:tab/>a tab<text:line-break/>and a break<text:note><text:note-body><text:p>a footnote</text:p></text:note-body></text:note>.</text:p>
  <text:p text:style-name="P1">Styled heading</text:p>
  <text:p text:style-name="Heading_20_3">Named heading</text:p>
  <text:list><text:list-item><text:p>one</text:p></text:list-item>
    <text:list-item><text:p>two</text:p><text:list><text:list-item><text:p>nested</text:p>
    </text:list-item></text:list></text:list-item></text:list>
  <text:section><text:p>In a section.</text:p></text:section>
  <table:table><table:table-header-rows><table:table-row><table:table-cell><text:p>h1</text:p>
    </table:table-cell><table:table-cell><text:p>h2</text:p></table:table-cell></table:table-row>
    </table:table-header-rows><table:table-row><table:table-cell><text:p>x</text:p>
    </table:table-cell><table:covered-table-cell/><table:table-cell><text:p>y</text:p>
    </table:table-cell></table:table-row></table:table>
  <text:h text:outline-level="9">Too deep</text:h>
</office:text></office:body></office:document-content>"""

ODT_TEXT = """# The Title

Three spaces, a tab
and a break (a footnote).

## Styled heading

### Named heading

- one
- two
  - nested

In a section.

h1 | h2
x | y

###### Too deep
"""


def odt(content: str = ODT_CONTENT) -> bytes:
    return archive(
        {"content.xml": content, "styles.xml": ODT_STYLES},
        mimetype="application/vnd.oasis.opendocument.text",
    )


def test_odt_read_as_the_rules_say():
    assert odt_text(odt()) == ODT_TEXT


def test_detection():
    assert sniff_docx(docx()) and sniff_docx(b"PK\x03\x04...", "r.DOCX")
    assert sniff_odt(odt()) and not sniff_odt(docx()) and not sniff_docx(odt())
    assert not sniff_docx(archive({"[Content_Types].xml": "<Types/>"}))  # no word/
    assert not sniff_docx(b"plain text", "r.docx")
    for data, fmt, text in ((docx(), "docx", DOCX_TEXT), (odt(), "odt", ODT_TEXT)):
        doc = decode_document(data)
        assert doc.format == fmt and doc.format_detected and doc.text == text
        assert "".join(doc.sentences) == doc.text


@pytest.mark.parametrize(
    "data, fmt, message",
    [
        (b"PK\x03\x04 broken", "docx", "not a DOCX"),
        (archive({"x.xml": "<x/>"}), "docx", "has no word/document.xml"),
        (docx(styles="<w:styles"), "docx", "word/styles.xml is not XML"),
        # Declarations expat cannot read in (the third fuzz campaign: a LookupError).
        *(
            (docx(styles=f'<?xml version="1.0" encoding="{name}"?><w:styles/>'), "docx", what)
            for name, what in [
                ("lationshipsUTF-8", "unknown encoding: lationshipsUTF-8"),
                ("rot13", "styles.xml declares an encoding it cannot be read in"),
                ("undefined", "styles.xml declares an encoding it cannot be read in"),
                ("utf-7", "styles.xml declares an encoding it cannot be read in"),
            ]
        ),
        (archive({"word/document.xml": f"<w:document {W}/>"}), "docx", "has no body"),
        (archive({"content.xml": f"<office:document-content {ODT_NS}/>"}), "odt", "no office:text"),
        (archive({"styles.xml": "<x/>"}), "odt", "not an ODT: it has no content.xml"),
        (docx(body=p("")), "docx", "DOCX document shows no text"),
    ],
)
def test_bad_documents_are_refused(data, fmt, message):
    with pytest.raises(ValueError, match=message):
        decode_document(data, fmt)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["docx", "odt"]),
    st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=8),
)
def test_a_damaged_document_is_read_or_refused(fmt, changes):
    if fmt == "docx":
        read_or_refuse(docx_text, docx(), changes)
    else:
        read_or_refuse(odt_text, odt(), changes)


def test_cli_segments_a_report(tmp_path, capsys):
    sections = [("Bees", "Bees make honey in the hive"), ("Trains", "Steam trains burn coal")]
    body = p("Field notes", "Title") + "".join(
        p(title, "berschrift1") + "".join(p(f"{line}, day {k}.") for k in range(4))
        for title, line in sections
    )
    report = tmp_path / "report.docx"
    report.write_bytes(docx(body))
    record = segment_file(report, capsys)
    assert record["format"] == "docx"
    assert "".join(record["segments"]) == docx_text(report.read_bytes())
    assert [s.split("\n")[0] for s in record["segments"]] == ["# Field notes", "# Trains"]
    refused_in_one_line(tmp_path / "bad.odt", b"PK\x03\x04 broken", capsys, "not an ODT")


@pytest.mark.parametrize(
    "data, message",
    [
        (
            archive({"xl/workbook.xml": "<x/>"}),
            "a ZIP archive but not an EPUB, DOCX, ODT, PPTX or ODP",
        ),
    ],
)
def test_other_binary_formats_are_named(data, message, tmp_path, capsys):
    with pytest.raises(ValueError, match=message):
        decode_document(data)
    refused_in_one_line(tmp_path / "input.bin", data, capsys, message)


def test_a_text_box_in_a_table_cell_is_read_once():
    # A text box's paragraphs sit inside a run of the cell's paragraph: read with it, once
    # (each paragraph the cell held at any depth was read again, a text box's twice, and
    # paragraphs nested a thousand deep a million times).
    box = "<w:r><w:txbxContent><w:p><w:r><w:t> Boxed</w:t></w:r></w:p></w:txbxContent></w:r>"
    cell = f"<w:tc><w:p><w:r><w:t>Outer</w:t></w:r>{box}</w:p><w:p><w:r><w:t>Next</w:t></w:r></w:p></w:tc>"
    table = f"<w:tbl><w:tr>{cell}<w:tc>{p('y')}</w:tc></w:tr></w:tbl>"
    assert docx_text(docx(table, None)) == "Outer Boxed Next | y\n"
    deep = "<w:p>" * 3000 + "<w:r><w:t>Deep</w:t></w:r>" + "</w:p>" * 3000
    assert docx_text(docx(f"<w:tbl><w:tr><w:tc>{deep}</w:tc></w:tr></w:tbl>", None)) == "Deep\n"


def test_notes_are_read_in_brackets_where_they_stand_comments_left_out():
    # In a table cell as in body text: a footnote's text in brackets (not its citation),
    # a comment's left out. A heading in a cell is read with the cell, a text box's
    # paragraph once.
    note = (
        "<text:note><text:note-citation>2</text:note-citation><text:note-body>"
        "<text:p>Note two</text:p><text:p>words.</text:p></text:note-body></text:note>"
    )
    comment = "<office:annotation><text:p>A comment.</text:p></office:annotation>"
    box = (
        '<draw:frame xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0">'
        "<draw:text-box><text:p>boxed</text:p></draw:text-box></draw:frame>"
    )
    content = (
        f"<office:document-content {ODT_NS}><office:body><office:text><table:table>"
        f"<table:table-row><table:table-cell><text:p>x{note}</text:p></table:table-cell>"
        f"<table:table-cell><text:p>y{comment} z</text:p>{comment}</table:table-cell>"
        "</table:table-row><table:table-row><table:table-cell>"
        '<text:h text:outline-level="2">Head</text:h><text:p>and</text:p></table:table-cell>'
        f"<table:table-cell><text:p>a {box} b</text:p></table:table-cell></table:table-row>"
        "</table:table></office:text></office:body></office:document-content>"
    )
    assert odt_text(odt(content)) == "x (Note two words.) | y z\nHead and | a boxed b\n"
    # As Word and pandoc write them: the notes in parts of their own, the first two
    # Word's separators; a reference to a note that is not there shows nothing.
    reference = (
        "<w:r><w:footnoteReference w:id='1'/></w:r><w:r><w:commentReference w:id='0'/></w:r>"
    )
    cell = f"<w:tc><w:p><w:r><w:t>x</w:t></w:r>{reference}</w:p></w:tc>"
    table = f"<w:tbl><w:tr>{cell}<w:tc>{p('y')}</w:tc></w:tr></w:tbl>"
    refs = "<w:r><w:endnoteReference w:id='1'/><w:footnoteReference w:id='9'/></w:r>"
    body = table + f"<w:p><w:r><w:t>Text</w:t></w:r>{refs}<w:r><w:t>.</w:t></w:r></w:p>"
    notes = {
        "footnotes": "<w:footnote w:type='separator' w:id='-1'><w:p><w:r><w:separator/>"
        "</w:r></w:p></w:footnote><w:footnote w:id='1'><w:p><w:r><w:footnoteRef/></w:r>"
        "<w:r><w:t xml:space='preserve'> Cell note</w:t></w:r></w:p>"
        "<w:p><w:r><w:t>more.</w:t></w:r></w:p></w:footnote>",
        "endnotes": "<w:endnote w:id='1'><w:p><w:r><w:t>End note.</w:t></w:r></w:p></w:endnote>",
    }
    files = {
        "[Content_Types].xml": "<Types/>",
        "word/document.xml": f"<w:document {W}><w:body>{body}</w:body></w:document>",
    }
    files |= {f"word/{k}.xml": f"<w:{k} {W}>{v}</w:{k}>" for k, v in notes.items()}
    assert docx_text(archive(files)) == "x (Cell note more.) | y\n\nText (End note.).\n"
    assert docx_text(docx(body, None)) == "x | y\n\nText.\n"


def test_a_chain_of_styles_is_walked_once():
    # 3,000 styles each based on the next, the last a heading: each is that heading's
    # level, found in one walk up the chain (every style walked it again to its end).
    chain = "".join(
        f'<w:style w:type="paragraph" w:styleId="S{k}"><w:name w:val="S{k}"/>'
        f'<w:basedOn w:val="S{k + 1}"/></w:style>'
        for k in range(3000)
    )
    styles = (
        f'<w:styles {W}>{chain}<w:style w:type="paragraph" w:styleId="S3000">'
        '<w:name w:val="heading 2"/></w:style></w:styles>'
    )
    assert docx_text(docx(p("Top", "S0") + p("Text.") + p("Mid", "S1500"), styles)) == (
        "## Top\n\nText.\n\n## Mid\n"
    )


def test_a_count_of_spaces_past_any_line_is_read():
    content = ODT_CONTENT.replace('text:c="3"', 'text:c="99999999999999999999999"')
    # (A paragraph's runs of spaces are one space in the text read, as with three.)
    assert odt_text(odt(content)) == ODT_TEXT
    assert odf_spaces("99999999999999999999999") == " " * 1000
    assert (odf_spaces("3"), odf_spaces(None), odf_spaces("x")) == ("   ", " ", " ")


def test_numbered_lists_show_their_numbers():
    # As pandoc writes them: DOCX numbering definitions (a decimal level from 3, a bullet
    # level below it); an ODT list style that numbers its first level, and a "Title"
    # paragraph whose style no part defines.
    numbering = (
        f"<w:numbering {W}><w:abstractNum w:abstractNumId='7'>"
        "<w:lvl w:ilvl='0'><w:start w:val='3'/><w:numFmt w:val='decimal'/></w:lvl>"
        "<w:lvl w:ilvl='1'><w:numFmt w:val='bullet'/></w:lvl></w:abstractNum>"
        "<w:num w:numId='5'><w:abstractNumId w:val='7'/></w:num></w:numbering>"
    )

    def item(text: str, level: int) -> str:
        numbered = f'<w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="5"/></w:numPr>'
        return p(text, extra=numbered)

    body = item("third", 0) + item("inner", 1) + item("fourth", 0)
    files = {
        "[Content_Types].xml": "<Types/>",
        "word/document.xml": f"<w:document {W}><w:body>{body}</w:body></w:document>",
        "word/numbering.xml": numbering,
    }
    assert docx_text(archive(files)) == "3. third\n  - inner\n4. fourth\n"
    # A list of another numbering right after it is a list of its own; pandoc gives a
    # nested list a numbering of its own too, which does not end its list.
    other = '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="6"/></w:numPr>'
    nested = '<w:numPr><w:ilvl w:val="1"/><w:numId w:val="8"/></w:numPr>'
    body += p("next", extra=other) + p("in next", extra=nested) + p("last", extra=other)
    files["word/document.xml"] = f"<w:document {W}><w:body>{body}</w:body></w:document>"
    assert docx_text(archive(files)) == (
        "3. third\n  - inner\n4. fourth\n\n- next\n  - in next\n- last\n"
    )
    content = f"""<office:document-content {ODT_NS}><office:automatic-styles>
  <text:list-style style:name="L1"><text:list-level-style-number text:level="1"
    style:num-format="1"/><text:list-level-style-bullet text:level="2"/></text:list-style>
</office:automatic-styles><office:body><office:text>
  <text:p text:style-name="Title">T</text:p>
  <text:list text:style-name="L1"><text:list-item><text:p>one</text:p>
    <text:list><text:list-item><text:p>inner</text:p></text:list-item></text:list>
    </text:list-item><text:list-item text:start-value="5"><text:p>five</text:p>
    <text:p>more</text:p></text:list-item></text:list>
</office:text></office:body></office:document-content>"""
    # An item's second paragraph goes on below it, indented to its text.
    assert odt_text(odt(content)) == "# T\n\n1. one\n  - inner\n5. five\n   more\n"


def test_code_styles_make_one_code_block():
    # pandoc's DOCX sets a code block in "Source Code", its lines broken within one
    # paragraph; LibreOffice writes each line a paragraph in "Preformatted Text".
    styles = (
        f'<w:styles {W}><w:style w:type="paragraph" w:styleId="SourceCode">'
        '<w:name w:val="Source Code"/></w:style></w:styles>'
    )
    body = (
        p("Run it:")
        + '<w:p><w:pPr><w:pStyle w:val="SourceCode"/></w:pPr><w:r><w:t>def f():</w:t>'
        + '<w:br/><w:t xml:space="preserve">    return 1</w:t></w:r></w:p>'
        + p("Done.")
    )
    assert docx_text(docx(body, styles)) == (
        "Run it:\n\n```\ndef f():\n    return 1\n```\n\nDone.\n"
    )
    content = f"""<office:document-content {ODT_NS}><office:automatic-styles>
  <style:style style:name="P5" style:family="paragraph"
    style:parent-style-name="Preformatted_20_Text"/>
</office:automatic-styles><office:body><office:text>
  <text:p>Run it:</text:p>
  <text:p text:style-name="P5">def f():</text:p>
  <text:p text:style-name="P5"><text:s text:c="4"/>return 1</text:p>
  <text:p>Done.</text:p>
</office:text></office:body></office:document-content>"""
    assert odt_text(odt(content)) == "Run it:\n\n```\ndef f():\n    return 1\n```\n\nDone.\n"


def test_an_item_s_later_paragraphs_continue_it():
    # pandoc's DOCX: an item's second paragraph is a list level whose bullet is a blank,
    # in a numbering of its own (which does not end the list); nested items count on.
    numbering = (
        f"<w:numbering {W}><w:abstractNum w:abstractNumId='1'>"
        "<w:lvl w:ilvl='0'><w:numFmt w:val='bullet'/><w:lvlText w:val='\u2022'/></w:lvl>"
        "<w:lvl w:ilvl='1'><w:start w:val='1'/><w:numFmt w:val='decimal'/></w:lvl>"
        "</w:abstractNum><w:abstractNum w:abstractNumId='2'>"
        "<w:lvl w:ilvl='0'><w:numFmt w:val='bullet'/><w:lvlText w:val=' '/></w:lvl>"
        "<w:lvl w:ilvl='1'><w:numFmt w:val='bullet'/><w:lvlText w:val=' '/></w:lvl>"
        "</w:abstractNum><w:num w:numId='5'><w:abstractNumId w:val='1'/></w:num>"
        "<w:num w:numId='6'><w:abstractNumId w:val='2'/></w:num></w:numbering>"
    )

    def item(text: str, level: int, ident: int = 5) -> str:
        numbered = f'<w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="{ident}"/></w:numPr>'
        return p(text, extra=numbered)

    body = (
        p("Intro.")
        + item("first", 0)
        + item("its second paragraph", 0, 6)
        + item("second", 0)
        + item("one", 1)
        + item("one goes on", 1, 6)
        + item("two", 1)
        + p("After.")
    )
    files = {
        "[Content_Types].xml": "<Types/>",
        "word/document.xml": f"<w:document {W}><w:body>{body}</w:body></w:document>",
        "word/numbering.xml": numbering,
    }
    assert docx_text(archive(files)) == (
        "Intro.\n\n- first\n  its second paragraph\n- second\n  1. one\n     one goes on\n"
        "  2. two\n\nAfter.\n"
    )
    # ODT: an item's paragraphs after its first; a nested list that names a style of its
    # own defining only a first level (as pandoc writes it) is numbered by that level.
    content = f"""<office:document-content {ODT_NS}><office:automatic-styles>
  <text:list-style style:name="L1"><text:list-level-style-bullet text:level="1"/>
  </text:list-style><text:list-style style:name="L2"><text:list-level-style-number
    text:level="1" style:num-format="1"/></text:list-style>
</office:automatic-styles><office:body><office:text>
  <text:list text:style-name="L1"><text:list-item><text:p>first</text:p>
    <text:p>its second paragraph</text:p></text:list-item><text:list-item>
    <text:p>second</text:p><text:list text:style-name="L2"><text:list-item>
    <text:p>one</text:p><text:p>one goes on</text:p></text:list-item><text:list-item>
    <text:p>two</text:p></text:list-item></text:list></text:list-item></text:list>
  <text:p>After.</text:p>
</office:text></office:body></office:document-content>"""
    assert odt_text(odt(content)) == (
        "- first\n  its second paragraph\n- second\n  1. one\n     one goes on\n"
        "  2. two\n\nAfter.\n"
    )

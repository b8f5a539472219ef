"""DocBook sources: sections as headings, blocks, lists, tables, verbatim text, entities,
included files, detection, errors, and a book cut at its chapters."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import TOPICS, check_markup_reading, topic_paragraphs
from linseg.cli import main
from linseg.readers.docbook import docbook_text, sniff_docbook
from linseg.readers.document import decode_document, detect_format, read_document
from support import segment_file

BOOK = """<?xml version="1.0" ?>
<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN"
 "http://www.oasis-open.org/docbook/xml/4.5/docbookx.dtd" [
<!ENTITY hive "<application>Hive</application>">
]>
<book lang="&language;">
<bookinfo>
<title>The &hive; Handbook</title>
<authorgroup><author><firstname>Ann</firstname><surname>Keeper</surname></author></authorgroup>
<copyright><year>2026</year><holder>Ann Keeper</holder></copyright>
<legalnotice>&FDLNotice;</legalnotice>
<abstract><para>&hive; keeps   bees.</para></abstract>
</bookinfo>
<chapter id="intro">
<title>Introduction</title>
<para>A colony&nbsp;lives in frames<indexterm><primary>frames</primary></indexterm>.
It holds:
<itemizedlist>
<listitem><para>a queen,</para></listitem>
<listitem><para>workers</para><para>and drones.</para></listitem>
</itemizedlist>
and nothing else.</para>
<remark>Check this.</remark>
<sect1 id="inspect"><sect1info><title>Inspecting</title></sect1info>
<para>Press <keycombo>&Ctrl;<keycap>I</keycap></keycombo> or choose
<menuchoice><shortcut><keycombo>&Ctrl;&Shift;<keycap>I</keycap></keycombo></shortcut>
<guimenu>Hive</guimenu><guimenuitem>Inspect</guimenuitem></menuchoice>.</para>
<note><title>Note</title><para>Wear a veil.</para></note>
<screen><prompt>$</prompt> <userinput>hive inspect --all</userinput>
  frames: 10</screen>
</sect1>
</chapter>
<chapter id="honey"><title>Honey</title>
<variablelist>
<varlistentry><term>Extracting</term><listitem><para>Spin the frames.</para></listitem></varlistentry>
</variablelist>
<informaltable><tgroup cols="2"><tbody>
<row><entry>Week</entry><entry><para>Kilograms</para></entry></row>
<row><entry>19</entry><entry>41.2</entry></row>
</tbody></tgroup></informaltable>
<mediaobject><imageobject><imagedata fileref="hive.png"/></imageobject>
<textobject><phrase>A hive</phrase></textobject></mediaobject>
</chapter>
</book>
"""

BOOK_TEXT = """# The Hive Handbook

Hive keeps bees.

## Introduction

A colony lives in frames. It holds:

- a queen,
- workers
  and drones.

and nothing else.

### Inspecting

Press Ctrl+I or choose Hive \u2192 Inspect (Ctrl+Shift+I).

Note

Wear a veil.

```
$ hive inspect --all
  frames: 10
```

## Honey

Extracting

Spin the frames.

Week | Kilograms
19 | 41.2
"""


def test_a_book():
    assert docbook_text(BOOK) == BOOK_TEXT


def test_a_footnote_is_read_in_brackets_where_it_stands():
    # As the LaTeX and AsciiDoc readers read theirs: the sentence is not cut around it.
    # A note's paragraphs and list items are one stretch, one space apart; a note in a
    # table cell stays in its cell, a note in a note in brackets of its own, and an empty
    # note shows nothing.
    source = (
        '<article xmlns="http://docbook.org/ns/docbook">\n'
        "<para>Text<footnote><para>Note one words.</para></footnote> here.</para>\n"
        "<para>Two<footnote><para>First.</para><para>Second<footnote><para>deep"
        "</para></footnote>.</para><itemizedlist><listitem><para>an item</para></listitem>"
        "</itemizedlist></footnote> notes<footnote/>.</para>\n"
        "<informaltable><tgroup cols='2'><tbody><row><entry>x<footnote><para>Note two."
        "</para></footnote></entry><entry>y</entry></row></tbody></tgroup></informaltable>\n"
        "</article>"
    )
    assert docbook_text(source) == (
        "Text (Note one words.) here.\n\n"
        "Two (First. Second (deep). an item) notes.\n\n"
        "x (Note two.) | y\n"
    )


def test_each_table_is_a_table_of_its_own():
    # White space between the last entry and the row's end makes no empty cell; an empty
    # entry is a cell, first or last; the rows of two tables in a row are not one table.
    source = (
        '<article xmlns="http://docbook.org/ns/docbook">\n<para>Before.</para>\n'
        "<informaltable><tgroup cols='2'><tbody>\n"
        "<row><entry>a</entry><entry>b</entry></row>\n"
        "</tbody></tgroup></informaltable>\n"
        "<informaltable><tgroup cols='3'><tbody>\n<row>\n<entry>c</entry>\n<entry>d</entry>\n"
        "<entry>e</entry>\n</row>\n<row><entry/><entry>f</entry><entry/></row>\n"
        "</tbody></tgroup></informaltable>\n</article>"
    )
    assert docbook_text(source) == "Before.\n\na | b\n\nc | d | e\n| f |\n"


def test_docbook5_with_included_files(tmp_path):
    (tmp_path / "chapters").mkdir()
    (tmp_path / "chapters" / "honey.xml").write_text(
        '<chapter xmlns="http://docbook.org/ns/docbook"><info><title>Honey</title></info>'
        "<para>Spin the frames.</para>"
        '<programlisting><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" '
        'href="spin.sh" parse="text"/></programlisting></chapter>',
        encoding="utf-8",
    )
    (tmp_path / "chapters" / "spin.sh").write_text("spin --frames 10\n", encoding="utf-8")
    (tmp_path / "wax.xml").write_text("<para>Wax from the cappings.</para>", encoding="utf-8")
    book = tmp_path / "book.xml"
    book.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE article [<!ENTITY wax SYSTEM "wax.xml">]>\n'
        '<article xmlns="http://docbook.org/ns/docbook" '
        'xmlns:xi="http://www.w3.org/2001/XInclude" version="5.0">\n'
        "<title>Apiary</title>\n<section><title>Hives</title><para>Frames.</para>&wax;</section>\n"
        '<xi:include href="chapters/honey.xml"/>\n'
        '<xi:include href="../outside.xml"/>\n<xi:include href="missing.xml"/>\n'
        "</article>\n",
        encoding="utf-8",
    )
    doc = read_document(book)
    assert doc.format == "docbook" and doc.format_detected
    assert doc.text == (
        "# Apiary\n\n## Hives\n\nFrames.\n\nWax from the cappings.\n\n## Honey\n\n"
        "Spin the frames.\n\n```\nspin --frames 10\n```\n"
    )
    # From standard input, included files are left out.
    assert decode_document(book.read_bytes(), "docbook").text == (
        "# Apiary\n\n## Hives\n\nFrames.\n"
    )


def test_an_entity_whose_file_is_no_xml_is_read_as_its_text(tmp_path):
    # libxslt's tutorial names its C program as an entity inside a listing.
    (tmp_path / "demo.c").write_text("#include <stdio.h>\nint main() { return 0; }\n")
    (tmp_path / "part.xml").write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<para>Parsed &amp; kept.</para>'
    )
    book = tmp_path / "tutorial.xml"
    book.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE article [<!ENTITY CODE SYSTEM "demo.c">\n'
        '<!ENTITY PART SYSTEM "part.xml">]>\n<article><title>Tutorial</title>'
        "<para>The program:</para><programlisting>&CODE;</programlisting>&PART;</article>\n",
        encoding="utf-8",
    )
    assert read_document(book, "docbook").text == (
        "# Tutorial\n\nThe program:\n\n```\n#include <stdio.h>\nint main() { return 0; }\n```\n\n"
        "Parsed & kept.\n"
    )


def test_files_that_include_themselves_end(tmp_path):
    xinclude = '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="self.xml"/>'
    (tmp_path / "self.xml").write_text(
        f"<section><title>S</title><para>Once.</para>{xinclude}</section>", encoding="utf-8"
    )
    book = tmp_path / "book.docbook"
    book.write_text(f"<article><title>T</title>{xinclude}</article>", encoding="utf-8")
    assert read_document(book).text.count("Once.") == 8  # eight files deep
    # An entity that names itself is refused, as expat refuses it.
    (tmp_path / "loop.xml").write_text("<para>Again.</para>&loop;", encoding="utf-8")
    book.write_text(
        '<!DOCTYPE article [<!ENTITY loop SYSTEM "loop.xml">]>\n<article>&loop;</article>',
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match="recursive entity reference"):
        read_document(book)


def test_detection(tmp_path):
    assert sniff_docbook(BOOK)
    assert sniff_docbook('<?xml version="1.0"?>\n<article xmlns="http://docbook.org/ns/docbook">')
    assert sniff_docbook("<para>x</para>", "guide.dbk") and sniff_docbook("", "a.docbook")
    assert not sniff_docbook('<?xml version="1.0"?>\n<project name="build"></project>')
    assert not sniff_docbook("We wrote the manual in DocBook, then moved to Markdown.")
    assert detect_format(BOOK) == "docbook"
    assert detect_format("<!DOCTYPE html>\n<html><body><p>DocBook</p></body></html>") == "html"


def test_a_malformed_source_is_refused_in_one_line(tmp_path, capsys):
    with pytest.raises(ValueError, match=r"not well-formed XML: mismatched tag at line 3"):
        docbook_text("<book>\n<title>T</title>\n<para>x</chapter>\n</book>")
    f = tmp_path / "old.docbook"
    f.write_text(
        "<!DOCTYPE book PUBLIC '-//OASIS//DTD DocBook V4.1//EN'>\n<book><para>SGML", "utf-8"
    )
    assert main(["segment", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--format text" in err


def test_entities_that_expand_a_thousandfold_are_refused():
    laughs = '<!ENTITY a0 "ha">' + "".join(
        f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 9)
    )
    with pytest.raises(ValueError, match="entities expand too far"):
        docbook_text(f"<!DOCTYPE book [{laughs}]><book><para>&a8;</para></book>")


def test_a_book_is_cut_at_its_chapters(tmp_path, capsys):
    chapters = "".join(
        f"<chapter><title>{title}</title>"
        + "".join(f"<para>{p}</para>" for p in topic_paragraphs(sentence))
        + "</chapter>\n"
        for title, sentence in TOPICS.items()
    )
    f = tmp_path / "book.xml"
    f.write_text(
        '<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN" "docbookx.dtd">\n'
        f"<book><title>Apiary</title>{chapters}</book>\n",
        encoding="utf-8",
    )
    rec = segment_file(f, capsys)
    assert rec["format"] == "docbook" and rec["n_segments"] == 3
    assert [s.split("\n")[0] for s in rec["segments"]] == ["# Apiary", "## Honey", "## Swarms"]


_ELEMENT = st.sampled_from(
    [
        "para", "chapter", "sect1", "section", "title", "itemizedlist", "listitem",
        "variablelist", "varlistentry", "term", "programlisting", "screen", "row", "entry",
        "note", "emphasis", "keycombo", "menuchoice", "shortcut", "guimenu", "indexterm",
        "bookinfo", "author", "abstract", "info", "footnote", "informaltable",
    ]
)  # fmt: skip
_WORDS = st.sampled_from(
    ["Bees make honey. ", "Frames ", " &kde; ", "&nbsp;", "x &lt; y ", "  \n "]
)


@st.composite
def _trees(draw, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 3))):
        if depth < 4 and draw(st.booleans()):
            name = draw(_ELEMENT)
            parts.append(f"<{name}>{draw(_trees(depth + 1))}</{name}>")
        else:
            parts.append(draw(_WORDS))
    return "".join(parts)


@settings(max_examples=200, deadline=None)
@given(_trees())
def test_any_tree_reads_and_invents_no_words(body):
    source = (
        f'<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN" "x.dtd">\n<book>{body}</book>'
    )
    # A key combination writes "+", a menu choice an arrow and a shortcut brackets.
    check_markup_reading(source, docbook_text(source), "docbook", {"kde"})


def test_an_ordered_list_s_items_and_a_procedure_s_steps_are_numbered():
    source = (
        '<article xmlns="http://docbook.org/ns/docbook"><title>T</title>'
        '<orderedlist startingnumber="3"><listitem><para>third</para>'
        "<itemizedlist><listitem><para>inner</para></listitem></itemizedlist></listitem>"
        "<listitem><para>fourth</para></listitem></orderedlist>"
        "<procedure><step><para>open</para></step><step><para>close</para></step></procedure>"
        "</article>"
    )
    # (Two lists that follow each other stay two lists.)
    assert docbook_text(source) == "# T\n\n3. third\n  - inner\n4. fourth\n\n1. open\n2. close\n"

"""AsciiDoc sources: sections as headings, delimited blocks, the preprocessor, inline
macros, detection, and a source cut at its sections."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import TOPICS, check_markup_reading, topic_paragraphs
from linseg.readers.asciidoc import asciidoc_text, sniff_asciidoc
from linseg.readers.document import decode_document, detect_format, read_document
from support import segment_file

SOURCE = """\
= Beekeeping Handbook
Jane Doe <jane@example.org>
:toc:
:hive: top-bar hive

// a comment line, not shown
This handbook covers the {hive}, honey and winter.

[[hives]]
== Hives

A hive holds frames of comb. +
See <<honey,the honey section>>, <<spacing>>, <<_honey>> and link:https://example.org/bees[the bee site].

[source,python]
----
frames = 10
// a comment in code, kept
----

.Extraction steps
. Uncap the frames.
.. Warm the knife.
. Spin them.

[#spacing]
=== Frame spacing ===

////
A comment block.
////
|===
| Month | Task
2+| December
|===

== Honey

****
A sidebar on linkgit:git-tag[1] and image:jar.png[a jar,200].
****
"""

EXPECTED = """\
# Beekeeping Handbook

This handbook covers the top-bar hive, honey and winter.

## Hives

A hive holds frames of comb.
See the honey section, Frame spacing, Honey and the bee site.

```python
frames = 10
// a comment in code, kept
```

Extraction steps

1. Uncap the frames.
  1. Warm the knife.
2. Spin them.

### Frame spacing

Month | Task
December

## Honey

A sidebar on git-tag(1) and a jar.
"""


def test_a_source_reads_as_the_rules_say():
    assert asciidoc_text(SOURCE) == EXPECTED


def test_two_line_titles_are_read_within_two_characters():
    source = "Guide\n=====\n\nNAME\n----\ngit-add - add\n\nLong title here\n~~~~~~~~~~~~~\n"
    assert asciidoc_text(source) == ("# Guide\n\n## NAME\n\ngit-add - add\n\n### Long title here\n")
    # Too short an underline makes no title; a listing's closing line is none either.
    assert asciidoc_text("A title of some length\n----\n") == "A title of some length\n"
    listing = "Run it:\n\n----\n$ git add\n----\n\nDone.\n"
    assert asciidoc_text(listing) == "Run it:\n\n```\n$ git add\n```\n\nDone.\n"


def test_table_cells_and_footnotes_run_over_lines():
    # As pandoc writes them: a long cell, and a footnote in it, wrapped; a row's cells on
    # lines of their own where the attribute line gives the columns; spans and repeats.
    source = (
        "|===\n|OS |Versions |Notes\n|Linux |kernel >= 4.18footnote:[Older kernels\n"
        "may work.], glibc |Tier\n1\n\n|macOS |>= 11 |Tier 1\n|===\n\n"
        '[cols="2*,1"]\n|===\n|a\n|b\n|c\n2+|wide |d\n3*|x\n|===\n\n'
        "A notefootnote:[runs on\nto the next line.] ends. And footnote:[this one\n\nnever closes.\n"
    )
    assert asciidoc_text(source) == (
        "OS | Versions | Notes\n"
        "Linux | kernel >= 4.18 (Older kernels may work.), glibc | Tier 1\n"
        "macOS | >= 11 | Tier 1\n\n"
        "a | b | c\nwide | d\nx\n\n"
        "A note (runs on to the next line.) ends. And footnote:[this one\n\nnever closes.\n"
    )


def test_a_list_starts_from_the_number_its_attributes_give():
    # As pandoc writes a list that goes on after a paragraph.
    source = "[arabic, start=3]\n. three\n.. nested\n. four\n\nText.\n\n. one\n"
    assert asciidoc_text(source) == "3. three\n  1. nested\n4. four\n\nText.\n\n1. one\n"
    assert asciidoc_text('[start="12"]\n. twelve\n') == "12. twelve\n"
    # pandoc puts a nested list's attributes right between two items: markup there too.
    source = "[arabic]\n. one\n* inner\n[arabic, start=4]\n.. deep\n* more\n. two\n"
    assert asciidoc_text(source) == "1. one\n  - inner\n    4. deep\n  - more\n2. two\n"
    # A list nests by its marker's style, as Asciidoctor reads it; "+" attaches the
    # block below to the item, shown under it, indented to its text.
    source = "* a\n+\nmore of a\n** b\n. c\n+\nmore of c\n* d\n\nAfter.\n\n+\n"
    assert asciidoc_text(source) == (
        "- a\n  more of a\n  - b\n    1. c\n       more of c\n- d\n\nAfter.\n"
    )


def test_conditionals_and_attributes():
    source = (
        ":backend: html\n\n"
        "ifdef::backend[Shown inline.]\n"
        "ifndef::backend[]\nNot shown.\nendif::backend[]\n"
        "ifdef::missing,backend[]\nAny of them: shown.\nendif::[]\n"
        "ifdef::missing+backend[]\nAll of them: not shown.\nendif::[]\n"
        "\n:backend!:\n"
        "ifdef::backend[]\nUnset: not shown.\nendif::[]\n"
        "Kept {backend} and {nbsp}and {startsb}x{endsb}.\n"
    )
    assert asciidoc_text(source) == (
        "Shown inline.\nAny of them: shown.\n\nKept {backend} and \u00a0and [x].\n"
    )


def test_includes_are_read_from_beside_the_source(tmp_path):
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "options.adoc").write_text("== Options\n\ninclude::more.adoc[]\n")
    (tmp_path / "parts" / "more.adoc").write_text("The options hold.\n")
    main = tmp_path / "guide.adoc"
    main.write_text("= Guide\n\nIntro.\n\ninclude::parts/options.adoc[]\n\ninclude::gone.adoc[]\n")
    expected = "# Guide\n\nIntro.\n\n## Options\n\nThe options hold.\n"
    assert read_document(main).text == expected
    # From standard input (no file beside it), an include is left out.
    doc = decode_document(main.read_bytes(), "asciidoc")
    assert doc.text == "# Guide\n\nIntro.\n"
    # Nor does one reach outside the source's folder.
    assert asciidoc_text("include::../secret.txt[]\nText.\n", lambda name: "SECRET") == "Text.\n"


def test_includes_are_read_from_folders_below_the_source_at_any_depth(tmp_path):
    deep = tmp_path / "chapters" / "part1"
    deep.mkdir(parents=True)
    (deep / "intro.adoc").write_text("== Intro\n\nDeep text.\n")
    (tmp_path / "book.adoc").write_text("= Book\n\ninclude::chapters/part1/intro.adoc[]\n")
    assert read_document(tmp_path / "book.adoc").text == "# Book\n\n## Intro\n\nDeep text.\n"


def test_includes_take_tagged_regions_line_ranges_and_level_offsets(tmp_path):
    (tmp_path / "log.adoc").write_text(
        "= Log\n\n// tag::recent[]\n== Recent\n\nNew things.\n// end::recent[]\n"
        "\n== Old\n\nOld things.\n"
    )
    (tmp_path / "lines.adoc").write_text("one\ntwo\nthree\nfour\n")
    main = tmp_path / "main.adoc"
    main.write_text(
        "= Main\n\ninclude::log.adoc[tag=recent,leveloffset=+1]\n\n"
        "include::lines.adoc[lines=2..3;4]\n\ninclude::log.adoc[leveloffset=+1]\n"
    )
    assert read_document(main).text == (
        "# Main\n\n### Recent\n\nNew things.\n\ntwo\nthree\nfour\n\n"
        "## Log\n\n### Recent\n\nNew things.\n\n### Old\n\nOld things.\n"
    )


def test_level_offset_entries_move_the_titles_below_them(tmp_path):
    (tmp_path / "chapter.adoc").write_text("= Chapter\n\n== Section\n\nText.\n")
    book = tmp_path / "book.adoc"
    book.write_text(
        "= Book\n\n:leveloffset: +1\n\ninclude::chapter.adoc[]\n\n:leveloffset: -1\n\n"
        "== Appendix\n\n----\n= not a title\n----\n\n:leveloffset: 2\n\n= Deep\n\n"
        ":leveloffset!:\n\n== Back\n"
    )
    assert read_document(book).text == (
        "# Book\n\n## Chapter\n\n### Section\n\nText.\n\n## Appendix\n\n"
        "```\n= not a title\n```\n\n### Deep\n\n## Back\n"
    )


def test_a_link_text_is_an_attribute_list_only_when_it_holds_a_named_attribute():
    # As Asciidoctor reads them: commas cut a link's text only where an "=" makes its
    # brackets an attribute list (a mailto's: a ","), and a trailing "^" is not shown.
    source = (
        "Implements link:Dispatcher.md#destroy[`Dispatcher.destroy([error, callback])`].\n"
        "See https://example.org/x[the docs, chapter two], link:a.html[text, window=_blank],\n"
        'link:b.html["Google, Bing",role=x], https://example.org[Home^] and\n'
        "link:cli.md#v8[`NODE_V8_COVERAGE=dir`], link:cli.md#t[--type=module, x],\n"
        "link:c.html[window = _blank], xref:setup[Setup, step one],\n"
        "xref:setup[Set up,role=x], mailto:a@b.org[Write us, Subject] and mailto:a@b.org[Mail us^].\n"
        "Keys kbd:[Ctrl,T], btn:[Save, close], pass:[a, b] and image:jar.png[a jar,200].\n"
    )
    assert asciidoc_text(source) == (
        "Implements `Dispatcher.destroy([error, callback])`.\n"
        "See the docs, chapter two, text,\n"
        "Google, Bing, Home and\n"
        "`NODE_V8_COVERAGE=dir`, --type=module,\n"
        "c.html, Setup, step one,\n"
        "Set up, Write us and Mail us.\n"
        "Keys Ctrl,T, Save, close, a, b and a jar.\n"
    )


def test_a_footnote_shows_all_its_text_even_glued_to_the_word_before_it():
    # Pandoc writes footnotes glued to the word before them; Asciidoctor reads them so.
    source = (
        "Supported on kernel 4.18footnote:[Older kernels, before 4.18, may work.] and x64.\n"
        "A wordxfootnote:[Glued note.] end, footnote:disclaimer[Named, noted.] and\n"
        "footnoteref:[old,Old style, noted.], footnote:disclaimer[] and \\footnote:[kept].\n"
    )
    assert asciidoc_text(source) == (
        "Supported on kernel 4.18 (Older kernels, before 4.18, may work.) and x64.\n"
        "A wordx (Glued note.) end, (Named, noted.) and\n"
        "(Old style, noted.),  and \\footnote:[kept].\n"
    )


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        (SOURCE, None, True),
        ("Prose.\n", "guide.adoc", True),
        ("Prose.\n", "guide.ASCIIDOC", True),
        ("= Guide\n\n== One\n\nText.\n\n== Two\n\nMore.\n", None, True),
        ("== One ==\n\nText.\n\n== Two ==\n\n== Three ==\n", None, False),  # one kind only
        ("Text.\n\n====  ====\na     b\n====  ====\n\n== One\n\n== Two\n", None, False),
        ("----\nA box of\ntwo lines.\n----\n\n....\nAnd another\nbox.\n....\n", None, False),
        ("Intro.\n\n[source,python]\n----\nx = 1\n----\n\n== Use\n\n|===\n|a\n|===\n", None, True),
        ("Plain prose.\n\nTwo paragraphs.\n", None, False),
        ("# Title\n\n## One\n\nText with [a link](x).\n", None, False),  # Markdown
        (":returns: a value\n:rtype: int\n:raises: ValueError\n", None, False),  # reST fields
        ("==========\nA sample .\n==========\n", None, False),  # Choi's .ref format
        ("== One\n\nOnly two marks.\n\n== Two\n", None, False),
    ],
)
def test_detection(text, path, expected):
    assert sniff_asciidoc(text, path) is expected
    assert (detect_format(text, path) == "asciidoc") is expected


def test_a_source_is_cut_at_its_sections(tmp_path, capsys):
    parts = ["= Bees", ":toc:", "", "Notes on bees.", ""]
    for title, sentence in TOPICS.items():
        parts += [f"[[{title.lower()}]]", f"== {title}", "", *topic_paragraphs(sentence), ""]
        parts += ["[source,python]", "----", f"{title.lower()} = True", "----", ""]
    path = tmp_path / "bees.txt"
    path.write_text("\n".join(parts))
    record = segment_file(path, capsys)
    assert record["format"] == "asciidoc"
    heads = [s.split("\n")[0] for s in record["segments"]]
    assert heads == ["# Bees", "## Hives", "## Honey", "## Swarms"]


_LINE = st.sampled_from(
    [
        "", "= Title", "== Section", "=== Sub ===", "Title", "-----", "~~~~~", "----", "....",
        "====", "****", "--", "|===", "| a | b", "////", "```python", "```", "[source,python]",
        "[[anchor]]", ".Caption", ". step", ".. sub step", "* item", "+", ":name: value",
        ":name!:", "{name} and {nbsp}", "ifdef::name[]", "ifndef::name[]", "endif::[]",
        "ifdef::name[inline]", "include::other.adoc[]", "// comment", "toc::[]",
        "image::hive.png[a hive]", "term:: text", "link:https://x.org[a site] here",
        "<<id,words>> and <<other>>", "linkgit:git-add[1]", "(((hidden))) ((shown))",
        "Plain prose line.", "  indented text", "line with hard break +",
        "4.18footnote:[a note, glued]", "link:x.html[text, more]", "link:y[text, role=z^]",
    ]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(_LINE, max_size=25))
def test_any_source_reads_and_invents_no_words(lines):
    source = "\n".join(lines)
    check_markup_reading(source, asciidoc_text(source), "asciidoc", {"python"})

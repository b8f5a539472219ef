"""MediaWiki pages: headings, templates, footnotes, links, tables, lists, code, an
export's pages, detection, and an article cut at its headings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import TOPICS, check_markup_reading, topic_paragraphs
from linseg.readers.document import detect_format, read_document
from linseg.readers.mediawiki import mediawiki_text, sniff_mediawiki
from support import segment_file

SOURCE = """\
{{Short description|Insects that make honey}}
{{Infobox insect
| name = Honey bee
| image = Bee.jpg
}}
[[File:Apis mellifera.jpg|thumb|A bee on a [[flower]]]]
'''Honey bees''' ({{IPAc-en|b|iː}}) are [[insect]]s of the genus ''[[Apis]]''.<ref>{{cite book
 | title=Bees | year=2001}}</ref> They live in [[Colony (biology)|colonies]].<ref name="a"/>
<!-- a comment
over lines -->
== Hives ==
A hive holds {{convert|10|frames}} of [[comb]],{{citation needed|date=May 2020}} see
[https://example.org the bee site] and [https://example.org/x].

=== Frames ===
{| class="wikitable"
|+ Frames by season
|-
! Season !! Frames
|-
| style="color:red" | Spring || 8<ref>Count.</ref>
|-
| Summer
| 12
|}
* Wax &amp; wood
** [[Category:Bees]]Pine
# First step
; Term : its meaning
: An indented line.
----
 count = 10
 print(count)
<syntaxhighlight lang="python">
frames = {"a": 1}
</syntaxhighlight>
Keep <nowiki>[[as written]]</nowiki> and <math>x^2</math>.__NOTOC__
== References ==
{{reflist}}
[[Category:Insects]]
"""

EXPECTED = """\
Honey bees are insects of the genus Apis. They live in colonies.

## Hives

A hive holds 10 frames of comb, see
the bee site and .

### Frames

Frames by season
Season | Frames
Spring | 8
Summer | 12

- Wax & wood
  - Pine
1. First step
Term: its meaning
An indented line.

```
count = 10
print(count)
```

```python
frames = {"a": 1}
```

Keep [[as written]] and x^2.

## References
"""


def test_a_page_reads_as_the_rules_say():
    assert mediawiki_text(SOURCE) == EXPECTED


def test_headings_templates_and_links_at_their_edges():
    # Unequal marks: the lower level, the extra marks part of the title, as MediaWiki
    # reads them; a template's words where it shows some, nothing where it shows none.
    assert mediawiki_text("===Levels==\nText.\n") == "## =Levels\n\nText.\n"
    assert mediawiki_text("A {{lang|fr|mot}} and {{nowrap|5 km}} and {{ndash}}.\n") == (
        "A mot and 5 km and \u2013.\n"
    )
    # The pipe trick, a leading colon, a link left open, braces left open.
    assert mediawiki_text("[[Paris (band)|]] [[:Category:Bees]] [[open\n") == (
        "Paris Category:Bees [[open\n"
    )
    assert mediawiki_text("{{open and }} close}}\n") == "close}}\n"
    assert mediawiki_text("{{never closed\n") == "{{never closed\n"
    # A footnote left open hides the rest of its line, as MediaWiki shows it.
    assert mediawiki_text("Seen.<ref>unclosed\nNext line.\n") == "Seen.\nNext line.\n"


def test_links_to_the_page_in_other_languages_are_not_in_its_text():
    # MediaWiki lists [[de:Biene]] beside the page; with a leading colon, or an interwiki
    # prefix that names no language, a link shows in the text.
    page = "Bees [[mw:Help:Links]] and [[:fr:Abeille]] hum.\n\n[[de:Biene]]\n[[zh-yue:蜜蜂]]\n[[simple:Bee]]\n"
    assert mediawiki_text(page) == "Bees mw:Help:Links and fr:Abeille hum.\n"


def test_a_reference_to_the_mark_of_kept_text_is_only_text():
    # The reader marks the text it keeps as written with a private-use character that the
    # page does not hold, nor writes as a character reference.
    page = "<nowiki>secret</nowiki> Hello &#xE000;0&#xE000; world &#xE001;9&#xE001;.\n"
    assert mediawiki_text(page) == "secret Hello \ue0000\ue000 world \ue0019\ue001.\n"


def test_an_export_is_read_page_by_page(tmp_path):
    export = """<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/" version="0.10">
  <siteinfo><sitename>Wiki</sitename></siteinfo>
  <page><title>Bees</title><ns>0</ns><revision><text xml:space="preserve">'''Bees''' fly.
== Hives ==
Hives &amp;lt;hold&amp;gt; frames.</text></revision></page>
  <page><title>Bee</title><revision><text>#REDIRECT [[Bees]]</text></revision></page>
  <page><title>Wasps</title><revision><text>Wasps sting.</text></revision></page>
</mediawiki>
"""
    path = tmp_path / "export.xml"
    path.write_text(export)
    doc = read_document(path)
    assert doc.format == "mediawiki"
    assert doc.text == (
        "# Bees\n\nBees fly.\n\n## Hives\n\nHives <hold> frames.\n\n# Wasps\n\nWasps sting.\n"
    )
    with pytest.raises(ValueError, match="not well-formed XML"):
        mediawiki_text("<mediawiki><page>")
    with pytest.raises(ValueError, match="declares entities"):
        mediawiki_text('<mediawiki><!DOCTYPE x [<!ENTITY a "b">]></mediawiki>')


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        (SOURCE, None, True),
        ("Prose.\n", "bees.wikitext", True),
        ('<?xml version="1.0"?>\n<mediawiki xmlns="x">\n</mediawiki>\n', None, True),
        ("'''Bold''' and [[a|b]] and [[c|d]].\n", None, True),
        # One kind only, or what other markups write: a Markdown page's wiki links, a
        # Jinja template's braces, DokuWiki's or AsciiDoc's titles.
        ("[[a|b]] [[c|d]] [[e|f]]\n", None, False),
        ("{{ name }} and {{ other|upper }} and '''x'''.\n", None, False),
        ("== Title ==\nText [[link]].\n== More ==\n", None, False),
        ("Plain prose.\n", None, False),
    ],
)
def test_detection(text, path, expected):
    assert sniff_mediawiki(text, path) is expected
    assert (detect_format(text, path) == "mediawiki") is expected


def test_an_article_is_cut_at_its_headings(tmp_path, capsys):
    parts = ["'''Bees''' are insects.<ref>{{cite book|title=B}}</ref>", ""]
    for title, sentence in TOPICS.items():
        parts += [f"== {title} ==", "\n\n".join(topic_paragraphs(sentence)), ""]
    parts += ["== References ==", "{{reflist}}", "[[Category:Bees]]"]
    path = tmp_path / "bees.txt"
    path.write_text("\n".join(parts))
    record = segment_file(path, capsys)
    assert record["format"] == "mediawiki"
    heads = [s.split("\n")[0] for s in record["segments"]]
    assert heads == ["Bees are insects.", "## Hives", "## Honey", "## Swarms", "## References"]


_LINE = st.sampled_from(
    [
        "", "== Heading ==", "===Sub===", "= Top =", "{{Infobox x", "| name = y", "}}",
        "{{cite web|url=http://x.org|title=T}}", "'''bold''' and ''italic''", "<ref>note</ref>",
        "<ref name=a/>", "<ref>open", "</ref>", "[[File:x.jpg|thumb|a [[caption]]]]",
        "[[Category:C]]", "[[target|label]] and [[plain]]", "[https://x.org site]", "{|",
        "|+ caption", "|-", "! h1 !! h2", "| a || b", "| style=\"x\" | c", "|}", "* item",
        "## numbered", ": indented", "; term : definition", "----", " preformatted line",
        "<pre>", "</pre>", "<syntaxhighlight lang=\"c\">", "</syntaxhighlight>",
        "<nowiki>[[kept]]</nowiki>", "<math>\\frac{a}{b}</math>", "<!-- comment", "-->",
        "&amp; &nbsp; &lt;", "__TOC__", "Plain prose line.", "{{", "]]", "[[", "}}",
    ]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINE, max_size=25))
def test_any_source_reads_and_invents_no_words(lines):
    source = "\n".join(lines)
    check_markup_reading(source, mediawiki_text(source), "mediawiki", {"python"})


def test_numbered_lists_count_their_items_at_each_depth():
    source = "Intro.\n\n# one\n# two\n## sub a\n## sub b\n# three\n#* bullet\n# four\n\nText.\n\n# again\n"
    assert mediawiki_text(source) == (
        "Intro.\n\n1. one\n2. two\n  1. sub a\n  2. sub b\n3. three\n  - bullet\n4. four\n\n"
        "Text.\n\n1. again\n"
    )

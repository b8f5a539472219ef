"""HTML pages: the text read from them, their detection, and segmenting them end to end."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import document, strip_bom
from linseg.cli import main
from linseg.readers.document import detect_format, parse_document
from linseg.readers.webpage import (
    MAX_LIST_DEPTH,
    blocks_text,
    html_text,
    list_continuation,
    list_item,
    sniff_html,
)
from linseg.text.outline import heading_starts
from support import refused_in_one_line, run_cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bicycle.html"

PAGE = """<!DOCTYPE html>
<html><head><title>Not shown</title><style>p { color: red }</style>
<script>var s = "<p>not a paragraph</p>";</script></head>
<body>
<h1>Bees<a class="headerlink" href="#bees">\u00b6</a></h1>
<p>A hive needs   less room
than most people think &amp; <b>more</b> text.<br>A second line.</p>
<ul><li>one</li><li><p>two</p><ul><li>nested</li></ul></li><li></li></ul>
<p>After the list.</p>
<ol start="3"><li>three</li><li>four</li></ol>
<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>
<pre><code>x = 1
  y = ```2```
</code></pre>
<hr>
<div hidden>secret</div><!-- a comment -->
<h2>Second</h2><p>Text <i>here</i></p><p>unclosed<p>next
</body></html>
"""

# Worked out by hand from the rules in linseg.readers.webpage's docstring.
PAGE_TEXT = """# Bees

A hive needs less room than most people think & more text.
A second line.

- one
- two
  - nested

After the list.

3. three
4. four

a | b
1 | 2

````
x = 1
  y = ```2```
````

***

## Second

Text here

unclosed

next
"""


def test_page_read_as_the_rules_say():
    assert html_text(PAGE) == PAGE_TEXT


@pytest.mark.parametrize(
    "source, expected",
    [
        ("<p>a</p><p>b</p>", "a\n\nb\n"),
        ("<h3>  A   title </h3>text", "### A title\n\ntext\n"),
        ("<dl><dt>term</dt><dd>what it means</dd></dl>", "term\nwhat it means\n"),
        ("<p>x</p></div></span><p>y", "x\n\ny\n"),  # stray end tags close nothing
        ("<p>caf&eacute; &#8212; &lt;tag&gt;</p>", "caf\u00e9 \u2014 <tag>\n"),
        ("<p>a&nbsp;&nbsp;b</p>", "a b\n"),
        ("<ul><li></li></ul><p>not an item</p>", "not an item\n"),
        ("<br/><div/><p>x<br />y</p>", "x\ny\n"),
        ("<template><p>t</p></template><svg><title>s</title></svg>", ""),
        ("", ""),
        # Text that Markdown or reST would read as structure is escaped, as Markdown does.
        ("<p># 1 priority</p><p>#hashtag</p>", "\\# 1 priority\n\n#hashtag\n"),
        ("<p>Title<br>=====</p><p>...</p>", "Title\n\\=====\n\n...\n"),
        ("<p>```py<br>x</p>", "\\```py\nx\n"),
        # "<![" opens a marked section Python's parser knows, or else a bogus comment to
        # the next ">" (Python's parser raised AssertionError; a fuzz campaign found it).
        ("<p>a<![w x]>b</p>", "ab\n"),
        ("<p>a<![if !x]>b<![endif]>c<![CDATA[d]]></p>", "abc\n"),
        ("<p>a<![ b</p><p>c</p>", "a\n\nc\n"),
    ],
)
def test_small_pages(source, expected):
    assert html_text(source) == expected


@pytest.mark.parametrize(
    "text, path, expected",
    [
        ("<!DOCTYPE html><p>x</p>", None, True),
        ("  <!doctype HTML>\n<html>", None, True),
        ('<?xml version="1.0"?>\n<!-- c -->\n<html xmlns="x">', None, True),
        ("<html>", None, True),
        ("plain text", "page.HTML", True),
        ("plain text", "page.htm", True),
        ("# A title\n\nSome <b>bold</b> text and <html> in prose.", None, False),
        ("<htmlish>", None, False),
        ("text", "notes.txt", False),
    ],
)
def test_detection(text, path, expected):
    assert sniff_html(text, path) is expected
    assert (detect_format(text, path) == "html") is expected


def test_only_the_tags_make_headings():
    page = "<h2>Real</h2><p>Text.</p><p># not a heading</p><p>Over<br>====</p><h2>Also</h2>"
    doc = parse_document(page, "html")
    assert [doc.sentences[i].split("\n")[0] for i in heading_starts(doc.sentences)] == [
        "## Real",
        "## Also",
    ]


def test_the_sites_menus_are_left_out():
    page = (
        "<nav><ul><li>Home</li></ul></nav>"
        '<div role="navigation"><h3>Contents</h3><p>Menu</p></div>'
        '<div role="search"><p>Search</p></div>'
        "<main><h1>Bees</h1><p>Bees hum.</p>"
        "<aside><p>An advert.</p></aside>"
        "<footer><p>Written by us.</p></footer></main>"
        '<div role="contentinfo"><p>Copyright</p></div>'
    )
    assert html_text(page) == "# Bees\n\nBees hum.\n\nWritten by us.\n"
    # A page that is all menu keeps it: its text is there.
    assert html_text("<nav><p>Home</p><p>About</p></nav>") == "Home\n\nAbout\n"


@pytest.mark.parametrize(
    "source, expected",
    [
        # pandoc: a raised number, and an arrow back from the note.
        (
            '<p>Text<a href="#fn1" class="footnote-ref" id="fnref1" role="doc-noteref">'
            "<sup>1</sup></a> on.</p><section><ol><li><p>The note."
            '<a href="#fnref1" class="footnote-back" role="doc-backlink">\u21a9\ufe0e</a>'
            "</p></li></ol></section>",
            "Text[1] on.\n\n1. The note.\n",
        ),
        # Python-Markdown: the link inside the <sup>, its arrow another class.
        (
            '<p>A<sup id="fnref:1"><a class="footnote-ref" href="#fn:1">1</a></sup> b.</p>'
            '<ol><li><p>N.&#160;<a class="footnote-backref" href="#fnref:1">&#8617;</a>'
            "</p></li></ol>",
            "A[1] b.\n\n1. N.\n",
        ),
        # docutils: brackets of its own (Django's pages), and notes in <aside> elements,
        # which are not the site's sidebars.
        ('<p>See<a class="footnote-reference" href="#f">[4]</a>.</p>', "See[4].\n"),
        (
            '<p>x<a role="doc-noteref" href="#f1"><span>[</span>2<span>]</span></a></p>'
            '<aside class="footnote-list brackets"><aside class="footnote brackets" '
            'role="doc-footnote"><span class="label">[<a role="doc-backlink" href="#r">2</a>]'
            "</span><p>The note.</p></aside></aside><aside><p>An advert.</p></aside>",
            "x[2]\n\n[2] The note.\n",  # its label opens the note, as a reader sees it
        ),
    ],
)
def test_footnotes_are_read_apart_from_the_word_they_follow(source, expected):
    assert html_text(source) == expected


def test_a_page_that_shows_nothing_is_refused():
    with pytest.raises(ValueError, match="shows no text"):
        parse_document("<html><script>x = 1</script></html>")


def test_the_example_is_cut_at_its_sections():
    doc = parse_document(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE))
    assert doc.format == "html" and doc.format_detected
    assert "".join(doc.sentences) == doc.text
    code, out, err = run_cli(["segment", str(EXAMPLE), "--output", "json"])
    assert code == 0, err
    record = json.loads(out)
    assert record["format"] == "html"
    assert "".join(record["segments"]) == doc.text
    firsts = [s.split("\n")[0] for s in record["segments"]]
    assert firsts == [
        "# Looking after a bicycle",  # its <nav> menu left out
        "## Cleaning the chain",
        "## Checking the tyres",
        "## Adjusting the brakes",
        "## Storing it for the winter",
    ]


def test_cli_bad_page_is_one_line_and_status_2(tmp_path, capsys):
    page = b"<html><head><title>t</title></head><body></body></html>"
    refused_in_one_line(tmp_path / "empty.html", page, capsys, "shows no text")


def test_format_html_reads_any_name(tmp_path):
    page = tmp_path / "page.txt"
    page.write_text("<h2>One</h2><p>First.</p><h2>Two</h2><p>Second.</p>")
    code, out, err = run_cli(["segment", str(page), "--format", "html", "--output", "json"])
    assert code == 0, err
    assert json.loads(out)["segments"] == ["## One\n\nFirst.\n\n", "## Two\n\nSecond.\n"]


WORD = st.text(alphabet="abcdefghij", min_size=1, max_size=6)
TAGS = ["p", "div", "h2", "h4", "span", "b", "li", "td", "pre", "blockquote", "section"]


@st.composite
def pages(draw):
    """Random pages of nested elements around words, with their words in order."""
    words: list[str] = []

    def element(depth: int) -> str:
        tag = draw(st.sampled_from(TAGS))
        parts = []
        for _ in range(draw(st.integers(0, 3))):
            if depth < 3 and draw(st.booleans()):
                parts.append(element(depth + 1))
            else:
                w = draw(WORD)
                words.append(w)
                parts.append(w)
        close = f"</{tag}>" if draw(st.integers(0, 4)) else ""  # sometimes left open
        wrap = {"li": ("<ul>", "</ul>"), "td": ("<table><tr>", "</tr></table>")}.get(tag, ("", ""))
        return f"{wrap[0]}<{tag}>{' '.join(parts)} {close}{wrap[1]}"

    body = "".join(element(0) for _ in range(draw(st.integers(1, 5))))
    return body, words


@settings(max_examples=200, deadline=None)
@given(pages())
def test_every_shown_word_is_kept_in_order(page):
    source, words = page
    text = html_text(source)
    assert re.findall(r"[a-j]+", text) == words
    if text:
        assert text.endswith("\n") and not text.startswith("\n")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("<>/ph1ulitr=\"'& \n#`!-x;")), max_size=80))
def test_any_input_reads_without_error(source):
    text = html_text(source)
    assert text == "" or text.endswith("\n")


def _random_page(rng) -> str:
    """A page of random elements around the fuzz suite's random documents (prose,
    Markdown, code, control characters, other scripts), sometimes with a doctype."""
    tags = ["p", "div", "h1", "h3", "li", "td", "pre", "span", "script", "b", "section"]
    parts = []
    for _ in range(rng.randint(0, 6)):
        tag = rng.choice(tags)
        body = document(rng)[:2000]
        parts.append(f"<{tag}>{body}" + (f"</{tag}>" if rng.random() < 0.8 else ""))
    head = rng.choice(["<!DOCTYPE html>\n", "<html>", ""])
    return head + "".join(parts)


def test_random_pages_through_the_cli(tmp_path, capsys):
    """Every page gives exit status 0 with segments that join to the text read from it,
    or 2 with one line when it shows no text; never a traceback."""
    rng = random.Random(20261126)
    shown = refused = 0
    for i in range(150):
        page = _random_page(rng)
        path = tmp_path / f"page{i % 5}.html"
        path.write_bytes(page.encode("utf-8", "surrogatepass"))
        text = html_text(strip_bom(page))  # the reader takes any input
        code = main(["segment", str(path), "--output", "json"])
        out, err = capsys.readouterr()
        assert code in (0, 2) and "Traceback" not in err, f"page {i}: {err}"
        if code == 2:
            assert err.count("\n") == 1, f"page {i}: {err!r}"
            assert not text.strip() or "binary" in err, f"page {i}: {err!r}"
            refused += 1
            continue
        record = json.loads(out)
        assert record["format"] == "html"
        assert "".join(record["segments"]) == text, f"page {i}"
        shown += 1
    assert shown >= 100 and refused >= 1  # both outcomes were exercised


def test_a_folder_of_pages_gives_text_files(tmp_path, capsys):
    """In a corpus run, the text output of a page or a LaTeX source is written as text
    (``.html.txt``, ``.tex.txt``), JSON as ``.html.json``; a text file keeps its name."""
    src = tmp_path / "site"
    src.mkdir()
    (src / "bicycle.html").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    (src / "notes.txt").write_text("One sentence here. Another one there.\n", encoding="utf-8")
    (src / "paper.tex").write_text("\\section{One}\nText here.\n", encoding="utf-8")
    assert main(["segment", str(src), "-o", str(tmp_path / "out")]) == 0
    assert main(["segment", str(src), "-o", str(tmp_path / "js"), "--output", "json"]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith(".")) == [
        "bicycle.html.txt",
        "notes.txt",
        "paper.tex.txt",
    ]
    written = (tmp_path / "out" / "bicycle.html.txt").read_text(encoding="utf-8")
    assert written.startswith("# Looking after a bicycle\n") and "## Cleaning the chain" in written
    assert "<p>" not in written
    names = sorted(p.name for p in (tmp_path / "js").iterdir() if not p.name.startswith("."))
    assert names == ["bicycle.html.json", "notes.txt.json", "paper.tex.json"]


def test_a_page_that_opens_with_many_comments_is_told_apart_at_once():
    # An SVG as fig2dev writes one: an XML declaration and a comment, then no <html> but
    # an <svg> holding a comment for every line drawn. The opening's pattern once read a
    # comment as running on to any later "-->", so the ways to read this grew with the
    # comments' count (0.06 s for 18, and a 6.5 KB drawing of the Linux documentation
    # with 104 took minutes); there is one way now.
    svg = '<?xml version="1.0"?>\n<!-- Creator: fig2dev -->\n\n<svg>\n'
    svg += "  <!-- Line -->\n" * 100 + "</svg>\n"
    assert not sniff_html(svg)
    assert detect_format(svg) == "text"
    assert sniff_html("<!-- a -->\n\n<!-- b -->\n<html><body>Bees.</body></html>")


def test_blocks_nested_lists_written_as_a_web_pages():
    blocks = [
        ("p", 0, "Keep:"),
        list_item(1, "one"),
        list_item(0, "inner", 1),
        list_item(2, "deep", 2),
        list_item(2, "two"),
        ("p", 0, "# not a heading"),
    ]
    assert blocks_text(blocks) == (
        "Keep:\n\n1. one\n  - inner\n    2. deep\n2. two\n\n\\# not a heading\n"
    )


def test_an_item_s_later_paragraphs_are_indented_to_its_text():
    blocks = [
        list_item(0, "first"),
        list_continuation("its second paragraph"),
        list_item(0, "second"),
        list_item(12, "twelve", 1),
        list_continuation("goes on", 1),
        list_continuation("back out"),
        ("p", 0, "After."),
    ]
    expected = (
        "- first\n  its second paragraph\n- second\n  12. twelve\n      goes on\n"
        "  back out\n\nAfter.\n"
    )
    assert blocks_text(blocks) == expected
    # A web page's item writes its later paragraphs, and a table or a nested list's
    # paragraphs, so.
    page = (
        "<ul><li><p>first</p><p>its second paragraph</p></li><li><p>second</p>"
        "<ol start='12'><li><p>twelve</p><p>goes on</p></li></ol><p>back out</p></li></ul>"
        "<p>After.</p>"
    )
    assert html_text(page) == expected


def test_lists_nested_past_the_deepest_indent_stand_at_it():
    # 20,000 lists nested in each other had indented their items by 800 MB of spaces.
    deep = "  " * MAX_LIST_DEPTH
    assert blocks_text([list_item(0, "x", 40), list_continuation("y", 40)]) == (
        f"{deep}- x\n{deep}  y\n"
    )
    page = "<ul><li>x" * 30 + "</li></ul>" * 30
    lines = html_text(page).splitlines()
    assert lines[MAX_LIST_DEPTH:] == [f"{deep}- x"] * (30 - MAX_LIST_DEPTH)


_WORDS = st.text("ab #-.\n\t|", min_size=0, max_size=12)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["p", "h", "li", "li1", "li3", "lc", "lc2", "tr", "pre"]),
            st.integers(0, 12),
            _WORDS,
        ),
        max_size=12,
    )
)
def test_blocks_keep_every_word_in_order(blocks):
    """Whatever the blocks, their words come out once each, in order: the markup a
    block gets (a heading's marks, a list's indent and marker, a fence) adds none."""
    words = [w for _, _, text in blocks for w in re.findall(r"[ab]+", text)]
    assert re.findall(r"[ab]+", blocks_text(blocks)) == words

"""Org documents: headlines as headings, blocks, drawers, keywords, tables, links,
detection, and a document cut at its headlines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import TOPICS, check_markup_reading, topic_paragraphs
from linseg.readers.document import detect_format, read_document
from linseg.readers.org import org_text, sniff_org
from support import segment_file

SOURCE = """\
#+TITLE: Apiary notes
#+OPTIONS: toc:nil
# a comment line

* TODO [#A] Hives :work:bees:
  SCHEDULED: <2026-05-01 Fri>
  :PROPERTIES:
  :CUSTOM_ID: hives
  :END:
Frames of comb, see [[https://example.org/bees][the bee site]] and [[file:notes.org]].

#+BEGIN_SRC python
frames = 10
#+END_SRC

: $ count-frames
: 10

** Honey
| Week | Kilograms |
|------+-----------|
| 19   | 41.2      |
-----
#+begin_quote
Honey is <<<nectar>>> made thick.
#+end_quote

* COMMENT Left out
Not shown.
** Nor this
* DONE Winter
#+BEGIN_EXPORT html
<b>Left out.</b>
#+END_EXPORT
Feed fondant.
"""

EXPECTED = """\
# Apiary notes

## Hives

Frames of comb, see the bee site and notes.org.

```python
frames = 10
```

```
$ count-frames
10
```

### Honey

Week | Kilograms
19 | 41.2

Honey is nectar made thick.

## Winter

Feed fondant.
"""


def test_a_document_reads_as_the_rules_say():
    assert org_text(SOURCE) == EXPECTED
    # Without a title, a one-star headline is the top level.
    assert org_text("* One\nText.\n** Two\n") == "# One\n\nText.\n\n## Two\n"


def test_includes_and_custom_keywords(tmp_path):
    (tmp_path / "part.org").write_text("* Part\nIn the part.\n")
    (tmp_path / "code.py").write_text("a = 1\nb = 2\nc = 3\n")
    main = tmp_path / "main.org"
    main.write_text(
        "#+TODO: NEXT(n) WAIT | DONE\n* NEXT First\nText.\n"
        '#+INCLUDE: "part.org"\n#+INCLUDE: "code.py" src python :lines "2-3"\n'
        '#+INCLUDE: "../secret.org"\n#+INCLUDE: "gone.org"\n'
    )
    assert read_document(main).text == (
        "# First\n\nText.\n\n# Part\n\nIn the part.\n\n```python\nb = 2\n```\n"
    )
    # From standard input (no file beside it), an include shows nothing.
    assert org_text(main.read_text()) == "# First\n\nText.\n"


def test_line_breaks_and_counter_cookies_do_not_show():
    # "\\" ends a line with a break (not after a third backslash); "[@N]" or "[@start:N]"
    # after an item's bullet sets its number (a letter counts from "a", 1), as Org does.
    source = (
        "Line one\\\\\nline two \\\\  \nthree\\\\\\\nfour\n\n\\\\\nalone\n\n"
        "1. [@3] third\n2. fourth\n- [@5] plain\n3) [@start:7] seventh\n"
        "1. [@c] letter\n1. [@3][X] box\n   1. [@2] nested\n"
    )
    assert org_text(source) == (
        "Line one\nline two\nthree\\\\\\\nfour\n\nalone\n\n"
        "3. third\n2. fourth\n- plain\n7) seventh\n"
        "3. letter\n3. [X] box\n   2. nested\n"
    )


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        (SOURCE, None, True),
        ("Prose.\n", "notes.org", True),
        ("#+TITLE: T\n** Deep\n#+BEGIN_SRC sh\nls\n#+END_SRC\n", None, True),
        ("* item\n* item\n* item\n\nA Markdown list.\n", None, False),
        ("#+TITLE: T\n#+AUTHOR: A\n#+DATE: D\n", None, False),  # one kind only
        ("Plain prose.\n", None, False),
    ],
)
def test_detection(text, path, expected):
    assert sniff_org(text, path) is expected
    assert (detect_format(text, path) == "org") is expected


def test_a_document_is_cut_at_its_headlines(tmp_path, capsys):
    parts = ["#+TITLE: Bees", "#+OPTIONS: toc:nil", ""]
    for title, sentence in TOPICS.items():
        parts += [f"** {title}", "", "\n\n".join(topic_paragraphs(sentence)), ""]
    path = tmp_path / "bees.txt"
    path.write_text("\n".join(parts))
    record = segment_file(path, capsys)
    assert record["format"] == "org"
    heads = [s.split("\n")[0] for s in record["segments"]]
    assert heads == ["# Bees", "### Honey", "### Swarms"]


_LINE = st.sampled_from(
    [
        "", "* Headline", "** TODO [#B] Sub :tag:", "*** COMMENT Hidden", "#+TITLE: Title",
        "#+OPTIONS: x", "# comment", "#+BEGIN_SRC python", "#+END_SRC", "#+begin_quote",
        "#+end_quote", "#+BEGIN_EXPORT html", "#+END_EXPORT", ":PROPERTIES:", ":ID: x",
        ":END:", "SCHEDULED: <2026-01-01>", ": fixed width", "| a | b |", "|---+---|",
        "-----", "[[https://x.org][a site]] here", "[[file:y.org]]", "<<<radio>>> word",
        "- item", "1. step", "Plain prose line.", "  indented text", "3. [@3] third",
        "- [@start:2] item", "Line with a break\\\\", "\\\\",
    ]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(_LINE, max_size=25))
def test_any_source_reads_and_invents_no_words(lines):
    source = "\n".join(lines)
    check_markup_reading(source, org_text(source), "org", {"python"})


def test_footnotes_and_links_that_run_over_lines():
    # As pandoc writes them: references and definitions by label, a long link's
    # description wrapped; an inline note, named or not, in brackets where it stands.
    source = (
        "Text[fn:1] and a [[https://example.org][link whose\n   words wrap]] here.\n"
        "More[fn::An inline\nnote.] and [fn:x:Named.] end [fn:: ].\n"
        "A [[x][never\n\nclosed]].\n\n"
        "[fn:1] The note, with a [[https://example.org][link\n       that wraps]].\n"
    )
    assert org_text(source) == (
        "Text[1] and a link whose words wrap here.\n"
        "More (An inline note.) and (Named.) end .\n"
        "A [[x][never\n\nclosed]].\n\n"
        "[1] The note, with a link that wraps.\n"
    )

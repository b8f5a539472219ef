"""Web pages read as HTML (``--format html``), against the same pages read as text.

Usage::

    python benchmarks/bench_html.py HTML_DIR [--pages SET_DIR] [--include a,b] [--methods ...]

Every ``*.html`` page under HTML_DIR (or, with ``--pages``, the pages of a natural set
made from that manual by ``tools/build_natural_set.py``: ``topics--http--sessions.txt``
is ``topics/http/sessions.html``) is read as linseg reads HTML
(:func:`linseg.readers.webpage.html_text`: the text the page shows, the site's menus and
sidebars left out, its headings as Markdown lines). Its reference sections are its own:
the headings of its main content (``<main>`` or ``role="main"``, where the page marks
it) at the highest level that occurs there at least three times below the title's (as
the natural sets are made), at the word where each such heading starts. Pages with 4-25
such sections, and whose heading tags match the heading lines read one to one, are kept.

Each method's defaults are scored on that text (word-level Pk and B, as ``linseg
evaluate``), beside no boundary; and the default once more on the page's HTML source read
as plain text, what ``linseg segment page.html`` did before it read HTML (the reference
then at the word where each heading's tag starts).
"""

from __future__ import annotations

import argparse
import re
from html.parser import HTMLParser
from pathlib import Path

from linseg.evaluation.natural import (
    NaturalDocument,
    char_to_word_offsets,
    evaluate_document,
    summarize,
)
from linseg.methods import create
from linseg.readers.webpage import html_text, is_chrome

_HEADING_LINE = re.compile(r"^(#{1,6}) ", re.MULTILINE)
_FENCE = re.compile(r"^(`{3,})$", re.MULTILINE)


def headings(text: str) -> list[tuple[int, int]]:
    """``(level, offset)`` of each Markdown heading line of ``text`` outside its fences."""
    fenced: list[tuple[int, int]] = []
    opened: re.Match[str] | None = None
    for m in _FENCE.finditer(text):
        if opened is None:
            opened = m
        elif m.group(1) == opened.group(1):
            fenced.append((opened.start(), m.end()))
            opened = None
    return [
        (len(m.group(1)), m.start())
        for m in _HEADING_LINE.finditer(text)
        if not any(a <= m.start() < b for a, b in fenced)
    ]


class _HeadingTags(HTMLParser):
    """Each heading tag of a page that shows text, outside the site's menus (which
    ``html_text`` leaves out): its level, its offset in the source, and whether it is in
    the page's main content (``<main>`` or ``role="main"``; the whole page if it marks
    none), so that a site's menus and sidebars make no reference section."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lines = [0]
        for line in source.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.found: list[list] = []  # [level, offset, in main, text]
        self._main_depth: int | None = None
        self._chrome_depth: int | None = None  # inside a menu, which html_text leaves out
        self._depth = 0
        self._open: list[str] = []
        self.marks_main = False
        self.feed(source)
        self.close()

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "hr", "img", "meta", "link", "input", "wbr", "col", "area"):
            return
        self._open.append(tag)
        attributes = dict(attrs)
        if self._main_depth is None and (tag == "main" or attributes.get("role") == "main"):
            self._main_depth = len(self._open)
            self.marks_main = True
        if self._chrome_depth is None and is_chrome(tag, attributes):
            self._chrome_depth = len(self._open)
        if re.fullmatch(r"h[1-6]", tag) and self._chrome_depth is None:
            line, column = self.getpos()
            inside = self._main_depth is not None
            self.found.append([int(tag[1]), self.lines[line - 1] + column, inside, ""])

    def handle_endtag(self, tag):
        if tag not in self._open:
            return
        while self._open and self._open.pop() != tag:
            pass
        if self._main_depth is not None and len(self._open) < self._main_depth:
            self._main_depth = None
        if self._chrome_depth is not None and len(self._open) < self._chrome_depth:
            self._chrome_depth = None

    def handle_data(self, data):
        if self._chrome_depth is not None:
            return
        if self.found and any(re.fullmatch(r"h[1-6]", tag) for tag in self._open):
            self.found[-1][3] += data


def reference_level(levels: list[int]) -> int | None:
    """The highest level that occurs at least three times below the title's."""
    if not levels:
        return None
    below = [lv for lv in levels if lv > min(levels)]
    return next((lv for lv in sorted(set(below)) if below.count(lv) >= 3), None)


def documents(page: Path, name: str) -> tuple[NaturalDocument, NaturalDocument] | None:
    """The page as linseg reads HTML, and its source read as text, each with the word
    offsets of its main content's sections; None for a page without 4-25 sections or
    whose heading tags and heading lines do not match one to one."""
    source = page.read_text(encoding="utf-8", errors="replace")
    text = html_text(source)
    lines = headings(text)
    tags = [t for t in _HeadingTags(source).found if t[3].strip()]
    if [lv for lv, _ in lines] != [t[0] for t in tags]:
        return None
    main = [i for i, t in enumerate(tags) if t[2]] or list(range(len(tags)))
    level = reference_level([tags[i][0] for i in main])
    if level is None:
        return None
    chosen = [i for i in main if tags[i][0] == level]
    reference = char_to_word_offsets(text, [lines[i][1] for i in chosen])
    if not 3 <= len(reference) <= 24:
        return None
    as_source = char_to_word_offsets(source, [tags[i][1] for i in chosen])
    return NaturalDocument(name, text, reference), NaturalDocument(name, source, as_source)


def page_paths(html: Path, pages: Path | None, include: str = "") -> list[Path]:
    """The pages of the manual under ``html`` to score: those of the natural set
    ``pages`` (``topics--http--sessions.words`` is ``topics/http/sessions.html``), or
    every page outside its ``_`` folders (only in the top-level folders ``include``
    names, comma-separated, if any)."""
    if pages:
        return [html / (p.stem.replace("--", "/") + ".html") for p in sorted(pages.glob("*.words"))]
    folders = [p for p in include.split(",") if p]
    return [
        p
        for p in sorted(html.rglob("*.html"))
        if not p.relative_to(html).parts[0].startswith("_")
        and (not folders or p.relative_to(html).parts[0] in folders)
    ]


def print_scores(rows: dict[str, list[NaturalDocument]], words: bool = False) -> None:
    """A Markdown table of the default's Pk, B and sections found over true, with no
    boundary's Pk (and the words a page, with ``words``), for each way of reading the
    same pages."""
    extra = " words a page |" if words else ""
    print(f"| read as | Pk % | B % | found/true | no boundary % |{extra}")
    print("| --- | ---: | ---: | ---: | ---: |" + (" ---: |" if words else ""))
    segmenter = create("u00_pr")
    for read_as, docs in rows.items():
        s = summarize([evaluate_document(segmenter, d) for d in docs])
        size = sum(d.n_words for d in docs) / max(1, len(docs))
        print(
            f"| {read_as} | {100 * s['pk']:.1f} | {100 * s['b']:.1f} | {s['found_true']:.2f} "
            f"| {100 * s['no_boundary_pk']:.1f} |" + (f" {size:.0f} |" if words else "")
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("html", type=Path, help="the manual's HTML folder")
    ap.add_argument("--pages", type=Path, help="score only the pages of this natural set")
    ap.add_argument("--include", default="", help="comma-separated top-level folders to use")
    ap.add_argument("--methods", default="u00_pr,c99", help="comma-separated methods")
    args = ap.parse_args()
    paths = page_paths(args.html, args.pages, args.include)
    pairs = [d for p in paths if (d := documents(p, str(p.relative_to(args.html)))) is not None]
    as_html = [a for a, _ in pairs]
    as_source = [s for _, s in pairs]
    words = sum(d.n_words for d in as_html) / max(1, len(as_html))
    print(f"{len(as_html)} of {len(paths)} pages kept ({words:.0f} words a page read as HTML)\n")
    print("| read as | method | Pk % | B % | found/true | ms/page |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    rows = [("HTML", m, as_html) for m in args.methods.split(",")]
    rows.append(("text (the HTML source)", "u00_pr", as_source))
    for read_as, method, docs in rows:
        segmenter = create(method)
        s = summarize([evaluate_document(segmenter, d) for d in docs])
        print(
            f"| {read_as} | {method} | {100 * s['pk']:.1f} | {100 * s['b']:.1f} "
            f"| {s['found_true']:.2f} | {s['ms']:.1f} |"
        )
        if method == "u00_pr" and read_as == "HTML":
            print(f"| HTML | *no boundary* | {100 * s['no_boundary_pk']:.1f} | 0.0 | | |")


if __name__ == "__main__":
    main()

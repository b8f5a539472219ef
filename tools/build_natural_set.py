"""Build a natural-document set from a Sphinx HTML manual installed by a Debian package.

Usage: python tools/build_natural_set.py HTML_DIR OUT_DIR [--include topics,ref,howto]
           [--headings | --plain-headings] [--prefix NAME]

Each page becomes a real document whose own sections are the reference, made the way
``natural/python-docs`` was made (see its README in the shared data):

- the sections are the page's highest heading level that occurs at least three times
  below its title; the headings themselves are removed (with ``--headings`` every
  heading stays, as a Markdown heading line: ``#`` for the title, ``##`` a level below
  and so on; a section's reference offset is then its heading's first word; with
  ``--plain-headings`` every heading stays as a line of plain text, a title without its
  marks, as the section cues' training pages with titles have them);
- only prose paragraphs (``<p>``) are kept: code, lists, tables, definition lists (API
  descriptions), admonitions and block quotes are dropped, and markup is reduced to its
  text;
- a page is kept when it has 4-25 sections of at least 3 sentences each and 30-600
  sentences in all (sentences counted by a simple rule: ``.``, ``!`` or ``?`` followed by
  white space and a capital).

For each page it writes ``NAME.txt`` (a paragraph per line block, one blank line between
paragraphs) and ``NAME.words`` (the 0-based word offsets at which each section after the
first starts), named after the page's path (``topics/http/sessions.html`` ->
``topics--http--sessions``, after ``PREFIX--`` with ``--prefix``). The set's README, with
where its text came from and under what licence, is written by hand.

The set used in ``benchmarks/natural/django-docs`` comes from Debian's
``python-django-doc`` (Django 3.2 documentation, BSD-3-Clause; Debian 12):

    apt-get install python-django-doc
    python tools/build_natural_set.py /usr/share/doc/python-django-doc/html \\
        benchmarks/natural/django-docs --include topics,ref,howto,intro,faq,misc,internals

It is for a second opinion on methods for real documents: never tune on it. So is
``benchmarks/natural/sphinx-headings``, pages that keep their headings, built with
``--headings`` from eight BSD-licensed manuals (its README gives the commands).

The Linux kernel's documentation (Debian's ``linux-doc-6.1``, GPL-2.0) is held out for
independent evaluation, like a benchmark's hidden test split: it is built locally, never
shipped, tuned on or looked at while developing, and scored with every method's defaults
(BENCHMARKS.md, "Held-out evaluation"):

    apt-get install linux-doc-6.1
    python tools/build_natural_set.py /usr/share/doc/linux-doc-6.1/html \\
        held-out/linux-doc --exclude translations
    python tools/build_natural_set.py /usr/share/doc/linux-doc-6.1/html \\
        held-out/linux-doc-headings --exclude translations --headings
"""

from __future__ import annotations

import argparse
import re
from html.parser import HTMLParser
from pathlib import Path

# Elements whose paragraphs are not prose of the page's own sections.
_SKIP = {"pre", "table", "ul", "ol", "dl", "blockquote", "nav", "script", "style", "aside"}
_SKIP_CLASSES = (
    "admonition",
    "note",
    "warning",
    "seealso",
    "versionadded",
    "versionchanged",
    "deprecated",
    "toctree-wrapper",
    "sphinxsidebar",
    "related",
    "footer",
    "highlight",
    "topic",
    "sidebar",
    "contents",
)
_HEADING = re.compile(r"h([1-6])")
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*\s+(?=[A-Z])")


class HtmlPage(HTMLParser):
    """Headings and prose paragraphs of one HTML page (Sphinx's, pandoc's), in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.events: list[tuple[str, int, str]] = []  # (kind, heading level, text)
        self._stack: list[tuple[str, bool]] = []  # (tag, opens a skipped region)
        self._skipping = 0
        self._text: list[str] | None = None
        self._kind: tuple[str, int] | None = None
        self._in_body = False
        self._headerlink = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = a.get("class") or ""
        if tag == "div" and "body" in cls.split() and a.get("role") == "main":
            self._in_body = True
        skip = tag in _SKIP or any(c in cls for c in _SKIP_CLASSES)
        if tag in ("br", "img", "hr", "meta", "link", "input"):
            return
        self._stack.append((tag, skip))
        if skip:
            self._skipping += 1
        if tag == "a" and "headerlink" in cls:
            self._headerlink += 1
        m = _HEADING.fullmatch(tag)
        if self._skipping == 0 and (tag == "p" or m):
            self._text = []
            self._kind = ("heading", int(m.group(1))) if m else ("p", 0)

    def handle_endtag(self, tag):
        if tag in ("br", "img", "hr", "meta", "link", "input"):
            return
        while self._stack:
            open_tag, skip = self._stack.pop()
            if skip:
                self._skipping -= 1
            if open_tag == "a" and self._headerlink:
                self._headerlink -= 1
            if open_tag == tag:
                break
        if self._text is not None and self._kind is not None:
            kind, level = self._kind
            if (kind == "p" and tag == "p") or (kind == "heading" and tag == f"h{level}"):
                text = " ".join("".join(self._text).split())
                if text:
                    self.events.append((kind, level, text))
                self._text = None
                self._kind = None

    def handle_data(self, data):
        if self._text is not None and not self._headerlink:
            self._text.append(data)


def _sentences(paragraph: str) -> int:
    return len(_SENTENCE_END.findall(paragraph)) + 1


def sections_of(
    events: list[tuple[str, int, str]], headings: bool = False
) -> list[list[str]] | None:
    """The page's sections as lists of paragraphs, or None if it has no usable level.
    With ``headings`` every heading stays, as a Markdown heading line (``#`` for the
    title, ``##`` a level below ...) opening its paragraphs."""
    levels = [level for kind, level, _ in events if kind == "heading"]
    if not levels:
        return None
    title = min(levels)
    below = [lv for lv in levels if lv > title]
    level = next((lv for lv in sorted(set(below)) if below.count(lv) >= 3), None)
    if level is None:
        return None
    sections: list[list[str]] = [[]]
    for kind, lv, text in events:
        if kind == "heading" and title < lv <= level:
            if _prose(sections[-1]):
                sections.append([])
            else:  # a section with no prose: its headings go with the next one's
                sections[-1] = sections[-1] if headings else []
        if kind == "p":
            sections[-1].append(text)
        elif headings:
            sections[-1].append("#" * (lv - title + 1) + " " + text)
    return [s for s in sections if _prose(s)]


#: The marks ``sections_of`` opens a heading line with.
_MARKS = re.compile(r"^#+ ")


def _prose(section: list[str]) -> list[str]:
    return [p for p in section if not p.startswith("#")]


def keep(sections: list[list[str]] | None, least: int = 3) -> bool:
    """Whether a page's sections make a document of the set: 4-25 sections of at least
    ``least`` sentences each, 30-600 sentences in all."""
    if not sections or not 4 <= len(sections) <= 25:
        return False
    counts = [sum(_sentences(p) for p in _prose(s)) for s in sections]
    return min(counts) >= least and 30 <= sum(counts) <= 600


def write_document(sections: list[list[str]], out: Path, name: str, plain: bool = False) -> None:
    """Write ``NAME.txt`` and ``NAME.words``; with ``plain``, each heading line without its
    ``#`` marks (a title as plain text has it, its section starting at its first word)."""
    paragraphs, starts, words = [], [], 0
    for i, section in enumerate(sections):
        if i:
            starts.append(words)
        for p in section:
            if plain:
                p = _MARKS.sub("", p, count=1)
            paragraphs.append(p)
            words += len(p.split())
    (out / f"{name}.txt").write_text("\n\n".join(paragraphs) + "\n", encoding="utf-8")
    (out / f"{name}.words").write_text(" ".join(map(str, starts)) + "\n", encoding="utf-8")


def add_set_options(ap: argparse.ArgumentParser) -> None:
    """The options every set builder takes after its source: where to write, and how."""
    ap.add_argument("out", type=Path, help="where to write NAME.txt and NAME.words")
    ap.add_argument("--prefix", default="", help="put PREFIX-- before every page's name")
    ap.add_argument(
        "--headings",
        action="store_true",
        help="keep every heading, as a Markdown heading line opening its section",
    )
    ap.add_argument(
        "--plain-headings",
        action="store_true",
        help="keep every heading as a plain line of text, without marks",
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("html", type=Path, help="the manual's HTML folder")
    add_set_options(ap)
    ap.add_argument("--include", default="", help="comma-separated top-level folders to use")
    ap.add_argument(
        "--exclude",
        default="",
        help="comma-separated top-level folders to leave out (folders starting with _ always are)",
    )
    args = ap.parse_args()
    kept = build_set(
        args.html,
        args.out,
        prefix=args.prefix,
        headings=args.headings or args.plain_headings,
        plain=args.plain_headings,
        include=[p for p in args.include.split(",") if p],
        exclude=[p for p in args.exclude.split(",") if p],
    )
    print(f"{kept} pages written to {args.out}")


def build_set(
    html: Path,
    out: Path,
    prefix: str = "",
    headings: bool = False,
    include: list[str] | None = None,
    exclude: list[str] | None = None,
    plain: bool = False,
    plain_headings_to: Path | None = None,
) -> int:
    """Write the kept pages of the manual under ``html`` to ``out``; return how many. With
    ``headings`` every heading stays, as a Markdown line, or with ``plain`` too as a line
    of plain text. ``plain_headings_to``: a folder to write each kept page to again, from
    the same parse, with its headings as plain lines (the same pages: ``keep`` reads
    prose alone)."""
    include, exclude = include or [], exclude or []
    for folder in (out, plain_headings_to):
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
    kept = 0
    for path in sorted(html.rglob("*.html")):
        rel = path.relative_to(html)
        top = rel.parts[0]
        # _sources, _static, _downloads: Sphinx's own files, not pages of the manual.
        if (include and top not in include) or top in exclude or top.startswith("_"):
            continue
        page = HtmlPage()
        page.feed(path.read_text(encoding="utf-8", errors="replace"))
        sections = sections_of(page.events, headings)
        if keep(sections):
            assert sections is not None
            name = "--".join(([prefix] if prefix else []) + list(rel.with_suffix("").parts))
            write_document(sections, out, name, plain)
            if plain_headings_to is not None:
                titled = sections_of(page.events, headings=True)
                assert titled is not None
                write_document(titled, plain_headings_to, name, plain=True)
            kept += 1
    return kept


if __name__ == "__main__":
    main()

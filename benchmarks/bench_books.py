"""E-books (``--format epub``): does the default cut a book at its chapters?

Usage::

    python benchmarks/bench_books.py BOOK.epub [BOOK.epub ...] [--language CODE] [--level N]

Each book is read as linseg reads an EPUB (:func:`linseg.corpus.epub.epub_text`: its
pages in reading order, headings as Markdown lines). Its reference is its chapters: the
headings of the highest level that occurs at least three times in the book, at the word
where each starts (the first, if it opens the text, cuts nothing), or with ``--level`` the
headings of that level (for a book whose pages each open with a heading above its
chapters'). Each book is segmented
by the default and by C99 with their own count, and by the default given the number of
chapters; the table gives word-level Pk, B and sections found divided by chapters, beside
no boundary, and the seconds each run took.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_html import headings
from linseg.corpus.epub import epub_text
from linseg.experiments.natural import (
    NaturalDocument,
    char_to_word_offsets,
    evaluate_document,
)
from linseg.methods import create


def book(path: Path, level: int | None = None) -> NaturalDocument | None:
    """The book's text with its chapters as the reference; None with fewer than three."""
    text = epub_text(path.read_bytes())
    found = headings(text)
    levels = [lv for lv, _ in found]
    if level is None:
        level = next((lv for lv in sorted(set(levels)) if levels.count(lv) >= 3), None)
    elif levels.count(level) < 3:
        level = None
    if level is None:
        return None
    starts = [at for lv, at in found if lv == level]
    return NaturalDocument(path.name, text, char_to_word_offsets(text, starts))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("books", nargs="+", type=Path)
    ap.add_argument("--language", default="en", help="the books' language (default en)")
    ap.add_argument("--level", type=int, help="the chapters' heading level (default: found)")
    args = ap.parse_args()
    print("| book | words | chapters | method | Pk % | B % | found/true | s |")
    print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
    runs = [
        ("u00_pr", False),
        ("u00_pr", True),
        ("c99", False),
    ]
    for path in args.books:
        doc = book(path, args.level)
        if doc is None:
            print(f"| {path.name} | | | fewer than three chapters at any level | | | | |")
            continue
        for method, given in runs:
            options = {} if method == "c99" else {"language": args.language}
            segmenter = create(method, **options)
            t0 = time.perf_counter()
            r = evaluate_document(segmenter, doc, known_count=given)
            seconds = time.perf_counter() - t0
            label = method + (" (count given)" if given else "")
            print(
                f"| {path.name} | {doc.n_words:,} | {doc.n_sections} | {label} "
                f"| {100 * r.method.pk:.1f} | {100 * r.method.b:.1f} "
                f"| {r.method.found_true:.2f} | {seconds:.2f} |"
            )
        print(f"| {path.name} | | | *no boundary* | {100 * r.no_boundary.pk:.1f} | 0.0 | | |")


if __name__ == "__main__":
    main()

"""E-books and other documents with headings: does the default cut one at its chapters?

Usage::

    python benchmarks/bench_books.py BOOK.epub [FILE ...] [--language CODE] [--level N]

Each file is read as ``linseg segment`` reads it (:func:`read_document`, its format
detected: an EPUB's pages in reading order, a notebook's cells, a web page ... with their
headings as Markdown lines). Its reference is its chapters: the
headings of the highest level that occurs at least three times in the book, at the word
where each starts (the first, if it opens the text, cuts nothing), or with ``--level`` the
headings of that level (for a book whose pages each open with a heading above its
chapters'). Each book is segmented
by the default and by C99 with their own count, and by the default given the number of
chapters; the table gives word-level Pk, B and sections found divided by chapters, beside
no boundary, and the seconds each run took; for several files, their means last.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_html import headings
from linseg.evaluation.natural import (
    NaturalDocument,
    char_to_word_offsets,
    evaluate_document,
    summarize,
)
from linseg.methods import create
from linseg.readers.document import read_document


def book(path: Path, level: int | None = None) -> NaturalDocument | None:
    """The book's text with its chapters as the reference; None with fewer than three."""
    text = read_document(path).text
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
    results: dict[str, list] = {}
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
            results.setdefault(label, []).append(r)
            print(
                f"| {path.name} | {doc.n_words:,} | {doc.n_sections} | {label} "
                f"| {100 * r.method.pk:.1f} | {100 * r.method.b:.1f} "
                f"| {r.method.found_true:.2f} | {seconds:.2f} |"
            )
        print(f"| {path.name} | | | *no boundary* | {100 * r.no_boundary.pk:.1f} | 0.0 | | |")
    n = len(next(iter(results.values()), []))
    if n > 1:
        for label, rs in results.items():
            m = summarize(rs)
            print(
                f"| mean of {n} | | | {label} | {100 * m['pk']:.1f} | {100 * m['b']:.1f} "
                f"| {m['found_true']:.2f} | |"
            )
        print(f"| mean of {n} | | | *no boundary* | {100 * m['no_boundary_pk']:.1f} | 0.0 | | |")


if __name__ == "__main__":
    main()

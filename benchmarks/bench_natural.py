"""Every method that needs no segment count, on natural documents (Python documentation).

Usage: python benchmarks/bench_natural.py [--data DIR] [--methods a,b] [--half tuning|test|all|both]
       [--set python-docs|django|headings] [--dir DIR] [--language CODE] [--known-count]
       [--first N] [--repeat N]

Runs each registered method with ``needs_n_segments`` False through its default
``segment_text`` on the fixed tuning and test halves of ``natural/python-docs`` (see
:mod:`linseg.evaluation.natural`), and prints one Markdown table per half: word-level
Pk, WindowDiff and Boundary Similarity B (means over pages, in percent), sections found
over true sections (mean per page), and wall-clock milliseconds per page (the first page
is segmented once untimed to compile kernels). The no-boundary and even-split baselines
(the latter given the true number of sections) close each table. ``--half all`` scores
the 110 pages together, which should reproduce the data README's figures (C99 41.0%, no
boundary 37.8% word-level Pk). Under each table, each method's 95% bootstrap intervals
(:func:`linseg.evaluation.natural.format_intervals`). ``--known-count`` gives every method
(those that need the count too) each page's true number of sections, which scores where
a method places boundaries apart from how many it finds. ``--set django`` and ``--set
headings`` run the sets in ``benchmarks/natural`` (``django-docs``, and
``sphinx-headings``, whose pages keep their headings), whole; ``--dir DIR`` any folder of
``NAME.txt`` + ``NAME.words`` pairs, whole (the held-out sets, built as
``tools/build_natural_set.py`` and ``tools/build_manpage_set.py`` say), or, where it
holds no such pair, every ``.ref`` sample under it (a corpus from ``linseg corpus
brown``, scored as natural documents: with B and sections found over true). ``--language``
gives every method the text's language (default: detected). ``--first N`` keeps only the
first N sentences of each page (pages with fewer are left out), with the section starts
among them: the README's speed target is for a document of 100 sentences. ``--repeat N``
segments every page N times and times each by its fastest run, which on a machine whose
timings wander from run to run is the page's own cost (with words and cue strings met
before: a warm process).
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace

import numpy as np

from linseg.evaluation.natural import (
    NaturalDocument,
    NaturalResult,
    evaluate_natural,
    format_intervals,
    format_summary,
    load_documents,
    python_docs_halves,
    summarize,
)
from linseg.methods import available
from linseg.text.sentences import split_sentences

#: The sets in benchmarks/natural, by --set name.
SETS = {"django": "django-docs", "headings": "sphinx-headings"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", help="data root (default: $LINSEG_DATA)")
    ap.add_argument(
        "--methods", help="comma-separated method names (default: all that need no count)"
    )
    ap.add_argument("--half", default="both", choices=["tuning", "test", "all", "both"])
    ap.add_argument(
        "--set",
        default="python-docs",
        choices=["python-docs", *SETS],
        help="django or headings: a set in benchmarks/natural (no halves)",
    )
    ap.add_argument(
        "--dir",
        help="a folder of NAME.txt + NAME.words pairs (or, without any, of .ref samples) "
        "to run whole (instead of --set)",
    )
    ap.add_argument(
        "--language", default=None, help="the documents' language (ISO 639-1; default: detected)"
    )
    ap.add_argument(
        "--known-count",
        action="store_true",
        help="give each method the true number of sections: the placement alone",
    )
    ap.add_argument(
        "--first", type=int, metavar="N", help="only the first N sentences of each page"
    )
    ap.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="segment every page N times and time each by its fastest (default 1: once)",
    )
    args = ap.parse_args()
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    known = args.known_count
    # Every method takes a language; detection is each one's default.
    params = {} if args.language is None else {"language": args.language}
    if args.methods:
        names = [m.strip() for m in args.methods.split(",") if m.strip()]
    else:
        names = [name for name, info in available().items() if known or not info.needs_n_segments]
    if args.dir or args.set in SETS:
        from pathlib import Path

        folder = Path(args.dir) if args.dir else Path(__file__).parent / "natural" / SETS[args.set]
        docs = load_documents(folder)
        if args.first:
            docs = first_sentences(docs, args.first)
        rows = {name: summarize(timed(name, docs, known, params, args.repeat)) for name in names}
        print(f"\n### {folder.name}: {len(docs)} pages\n")
        print_rows(rows)
        return
    root = args.data or os.environ.get("LINSEG_DATA")
    if not root:
        sys.exit("give --data or set LINSEG_DATA")
    halves = python_docs_halves(root)
    if args.half == "both":
        chosen = {"tuning": halves["tuning"], "test": halves["test"]}
    elif args.half == "all":
        chosen = {"all": halves["tuning"] + halves["test"]}
    else:
        chosen = {args.half: halves[args.half]}
    for half, paths in chosen.items():
        docs = load_documents(paths)
        if args.first:
            docs = first_sentences(docs, args.first)
        rows = {}
        for name in names:
            rows[name] = summarize(timed(name, docs, known, params, args.repeat))
            print(f"  {half}: {name} done", file=sys.stderr)
        first = next(iter(rows.values()))
        print(
            f"\n### {half if half == 'all' else half + ' half'}: {int(first['n'])} pages, {first['words']:.0f} words a page on average\n"
        )
        print_rows(rows)
    print()


def timed(
    name: str, docs: list[NaturalDocument], known: bool, params: dict, repeat: int
) -> list[NaturalResult]:
    """``evaluate_natural``'s results, each page's time the fastest of ``repeat`` runs (the
    boundaries are the same every time): on a machine whose timings wander, the least
    time is the page's own cost."""
    runs = [evaluate_natural(name, docs, known_count=known, **params) for _ in range(repeat)]
    return [replace(same[0], seconds=min(r.seconds for r in same)) for same in zip(*runs)]


def first_sentences(docs: list[NaturalDocument], n: int) -> list[NaturalDocument]:
    """Each document cut after its ``n``-th sentence (by linseg's splitter), with the
    section starts before the cut; documents of fewer sentences are left out."""
    out = []
    for doc in docs:
        spans = split_sentences(doc.text)
        if len(spans) < n:
            continue
        cut = spans[n - 1][1]
        # The words the scores count (NaturalDocument.word_starts) that begin before the cut.
        words = int(np.searchsorted(doc.word_starts, cut))
        kept = [w for w in doc.reference if w < words]
        out.append(NaturalDocument(doc.name, doc.text[:cut], kept, doc.path))
    return out


def print_rows(rows: dict[str, dict[str, float]]) -> None:
    """The table of means, then each method's bootstrap intervals."""
    print(format_summary(rows) + "\n")
    for name, summary in rows.items():
        print(f"- {format_intervals(name, summary)}")


if __name__ == "__main__":
    main()

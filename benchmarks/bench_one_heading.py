"""Texts that mark one section with a heading: does the default cut there?

Usage: python benchmarks/bench_one_heading.py DIR [--level top|any]

DIR is a set of pages that keep their Markdown headings, as ``tools/build_natural_set.py
--headings`` makes one (``NAME.txt`` with its ``#`` lines, ``NAME.words`` the word offsets
of its top-level sections). From each page it makes one variant per heading after the
page's title (``--level top``: per top-level heading, the sections of the reference),
with every other ``#`` line but the title taken out: a text whose author marked one cut,
as release notes with a single "Fixes" heading or a README with one "Licence" do. Such a
text has fewer than three sections marked, so the default cuts between its paragraphs.

Each variant is scored against all of its page's sections (word-level Pk and B, as
``linseg evaluate``), with the default and with ``outline_weight=0`` (no outline), and
the share of variants where a boundary falls at the one heading left is given. Means are
over variants; the paired difference is averaged by page first, with a 95% bootstrap
interval over pages (variants of one page are not independent).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import numpy as np

from linseg.experiments.natural import NaturalDocument, evaluate_document, word_starts
from linseg.methods import create

_HEADING = re.compile(r"#{1,6}[ \t]")


def variants(page: Path, level: str) -> list[tuple[NaturalDocument, int]]:
    """The page with one heading left (and its title), and that heading's word offset."""
    text = page.read_text(encoding="utf-8")
    words = word_starts(text)
    lines = text.splitlines(keepends=True)
    line_starts = np.cumsum([0] + [len(line) for line in lines])[:-1]
    line_of = {int(c): i for i, c in enumerate(line_starts)}
    reference = [int(w) for w in page.with_suffix(".words").read_text().split()]
    sections = [line_of[int(words[w])] for w in reference]
    headings = [i for i, line in enumerate(lines) if i and _HEADING.match(line)]
    out = []
    for keep in sections if level == "top" else headings:
        kept, moved_to = [], {}
        for i, line in enumerate(lines):
            moved_to[i] = sum(len(x) for x in kept)
            if i and i != keep and _HEADING.match(line):
                continue
            kept.append(line)
        new = "".join(kept)
        new_words = word_starts(new)
        offsets = {int(np.searchsorted(new_words, moved_to[i])) for i in sections}
        truth = sorted(w for w in offsets if 0 < w < len(new_words))
        name = f"{page.stem}:{keep}"
        out.append(
            (NaturalDocument(name, new, truth), int(np.searchsorted(new_words, moved_to[keep])))
        )
    return out


def score(pages: list[Path], level: str) -> dict[str, list[tuple[str, float, float, bool]]]:
    """For the default and for it without the outline: each variant's page, Pk, B and
    whether a boundary falls at its heading."""
    settings = {
        "u00_pr": create("u00_pr"),
        "outline_weight=0": create("u00_pr", outline_weight=0.0),
    }
    rows: dict[str, list[tuple[str, float, float, bool]]] = {name: [] for name in settings}
    for page in pages:
        for doc, heading in variants(page, level):
            for name, segmenter in settings.items():
                r = evaluate_document(segmenter, doc)
                rows[name].append(
                    (page.stem, r.method.pk, r.method.b, heading in r.method.boundaries)
                )
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--level", choices=("top", "any"), default="top")
    args = parser.parse_args(argv)
    pages = sorted(args.dir.glob("*.txt"))
    if not pages:
        sys.exit(f"bench_one_heading: no .txt pages in {args.dir}")
    rows = score(pages, args.level)
    n = len(rows["u00_pr"])
    print(f"{n} variants of {len(pages)} pages, one {args.level} heading left in each")
    print("| method | Pk | B | cut at the heading |\n| --- | ---: | ---: | ---: |")
    for name, found in rows.items():
        pk, b, at = (np.mean([x[i] for x in found]) for i in (1, 2, 3))
        print(f"| {name} | {100 * pk:.1f}% | {100 * b:.1f}% | {100 * at:.0f}% |")
    by_page: dict[str, list[float]] = {}
    for (page, pk, _, _), (_, pk0, _, _) in zip(rows["u00_pr"], rows["outline_weight=0"]):
        by_page.setdefault(page, []).append(pk - pk0)
    means = np.array([np.mean(v) for v in by_page.values()])
    rng = np.random.default_rng(0)
    boot = [means[rng.integers(0, means.size, means.size)].mean() for _ in range(4000)]
    low, high = np.percentile(boot, [2.5, 97.5])
    print(
        f"\nPk of the default minus without the outline, by page: {100 * means.mean():+.2f} "
        f"points (95% interval {100 * low:+.2f} to {100 * high:+.2f})"
    )


if __name__ == "__main__":
    main()

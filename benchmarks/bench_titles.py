"""Texts whose titles are not all marked: a single heading, or titles as plain lines.

Usage::

    python benchmarks/bench_titles.py DIR [--level top|any]
    python benchmarks/bench_titles.py DIR --plain
    python benchmarks/bench_titles.py DIR --numbered

DIR is a set of pages that keep their Markdown headings, as ``tools/build_natural_set.py
--headings`` makes one (``NAME.txt`` with its ``#`` lines, ``NAME.words`` the word offsets
of its top-level sections). Every variant is scored against all of its page's sections
(word-level Pk and B, as ``linseg evaluate``).

One heading (the default): from each page, one variant per heading after the page's title
(``--level top``: per top-level heading, the sections of the reference), with every other
``#`` line but the title taken out: a text whose author marked one cut, as release notes
with a single "Fixes" heading or a README with one "Licence" do. Such a text has fewer
than three sections marked, so the default cuts between its paragraphs. Scored with the
default and with ``outline_weight=0`` (no outline), with the share of variants where a
boundary falls at the one heading left. Means are over variants; the paired difference
is averaged by page first, with a 95% bootstrap interval over pages (variants of one page
are not independent).

``--plain``: each page with its ``#`` marks taken off, every title left as a line of its
own (plain text whose titles are not marked), and with its title lines taken out (as the
python-docs pages are made), scored with the default and C99.

``--numbered``: each page as given, with its headings numbered instead of marked (the
title a plain line, each heading below it ``1.``, ``1.1.``, ... by its level, as plain
text numbers them), in capitals instead (as plain text and manual pages set them), and
with its marks taken off, scored with the default and C99.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from linseg.evaluation.natural import (
    NaturalDocument,
    evaluate_document,
    summarize,
    word_starts,
)
from linseg.methods import create

_HEADING = re.compile(r"#{1,6}[ \t]+")
_FENCE = re.compile(r"`{3,}|~{3,}")
_NUMBER = re.compile(r"^\d+(?:\.\d+)*\.?[ \t]+")


def _read(page: Path) -> tuple[list[str], list[int]]:
    """The page's lines, and the lines its reference sections open with."""
    text = page.read_text(encoding="utf-8")
    words = word_starts(text)
    lines = text.splitlines(keepends=True)
    line_starts = np.cumsum([0] + [len(x) for x in lines])[:-1]
    line_of = {int(c): i for i, c in enumerate(line_starts)}
    reference = page.with_suffix(".words").read_text().split()
    return lines, [line_of[int(words[int(w)])] for w in reference]


def _rewrite(
    lines: list[str], sections: list[int], line: Callable[[int, str], str | None], name: str
) -> tuple[NaturalDocument, list[int]]:
    """The page with each line ``i`` replaced by ``line(i, text)`` (None: taken out), its
    sections moved with the text, and where each old line now starts."""
    kept: list[str] = []
    moved_to: list[int] = []
    at = 0
    for i, old in enumerate(lines):
        moved_to.append(at)
        new = line(i, old)
        if new is not None:
            kept.append(new)
            at += len(new)
    rewritten = "".join(kept)
    new_words = word_starts(rewritten)
    offsets = {int(np.searchsorted(new_words, moved_to[i])) for i in sections}
    truth = sorted(w for w in offsets if 0 < w < len(new_words))
    return NaturalDocument(name, rewritten, truth), moved_to


def variants(page: Path, level: str) -> list[tuple[NaturalDocument, int]]:
    """The page with one heading left (and its title), and that heading's word offset."""
    lines, sections = _read(page)
    if level == "top":
        headings = sections  # the reference's sections open with the top-level headings
    else:
        headings = [i for i, line in enumerate(lines) if i and _HEADING.match(line)]
    out = []
    for keep in headings:
        doc, moved_to = _rewrite(
            lines,
            sections,
            lambda i, line, keep=keep: None if i and i != keep and _HEADING.match(line) else line,
            f"{page.stem}:{keep}",
        )
        out.append((doc, int(np.searchsorted(word_starts(doc.text), moved_to[keep]))))
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


Rewrite = Callable[[int, str], "str | None"]


def _unmarked(i: int, line: str) -> str | None:
    m = _HEADING.match(line)
    return line if m is None else line[m.end() :]


def _untitled(i: int, line: str) -> str | None:
    return None if _HEADING.match(line) else line


def _numbering() -> Rewrite:
    """A page's lines with its title left plain and each heading below it numbered by
    its level: ``## Intro`` ``1. Intro``, the ``###`` after it ``1.1. ...``."""
    counters: list[int] = []
    top: list[int] = []  # the title's level, once seen
    fenced: list[str] = []  # the fence of the code block the line is in

    def rewrite(i: int, line: str) -> str | None:
        fence = _FENCE.match(line)
        if fence and (not fenced or fence.group() == fenced[0]):
            if fenced:
                fenced.clear()
            else:
                fenced.append(fence.group())
        m = _HEADING.match(line)
        if m is None or fenced:
            return line
        level = len(m.group().strip())
        if not top:
            top.append(level)
            return line[m.end() :]
        depth = max(1, level - top[0])
        del counters[depth:]
        counters.extend([0] * (depth - len(counters)))
        counters[depth - 1] += 1
        # A title numbered already ("3.6. Theming") is numbered once.
        return ".".join(map(str, counters)) + ". " + _NUMBER.sub("", line[m.end() :], count=1)

    return rewrite


def _capitals(i: int, line: str) -> str | None:
    m = _HEADING.match(line)
    return line if m is None else line[m.end() :].upper()


def plain(pages: list[Path]) -> dict[tuple[str, str], dict[str, float]]:
    """Means (:func:`~linseg.evaluation.natural.summarize`) for each kind of page
    (``"plain titles"``, ``"no titles"``) and method (``"u00_pr"``, ``"c99"``)."""
    return _scored(pages, {"plain titles": lambda: _unmarked, "no titles": lambda: _untitled})


def numbered(pages: list[Path]) -> dict[tuple[str, str], dict[str, float]]:
    """Means for the pages as given (``"marked"``), with their headings numbered instead
    of marked (``"numbered titles"``, :func:`_numbering`), in capitals instead
    (``"capital titles"``: ``## Intro`` ``INTRO``) and with their marks taken off
    (``"plain titles"``), for the default and C99."""
    kinds: dict[str, Callable[[], Rewrite]] = {
        "marked": lambda: lambda i, line: line,
        "numbered titles": _numbering,
        "capital titles": lambda: _capitals,
        "plain titles": lambda: _unmarked,
    }
    return _scored(pages, kinds)


def _scored(
    pages: list[Path], kinds: dict[str, Callable[[], Rewrite]]
) -> dict[tuple[str, str], dict[str, float]]:
    """Means for each kind of page, each page rewritten by a fresh rewrite of its kind."""
    out = {}
    for kind, rewrite in kinds.items():
        docs = [_rewrite(*_read(page), rewrite(), page.stem)[0] for page in pages]
        for method in ("u00_pr", "c99"):
            segmenter = create(method)
            out[kind, method] = summarize([evaluate_document(segmenter, d) for d in docs])
    return out


def _one_heading(pages: list[Path], level: str) -> None:
    rows = score(pages, level)
    n = len(rows["u00_pr"])
    print(f"{n} variants of {len(pages)} pages, one {level} heading left in each")
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--level", choices=("top", "any"), default="top")
    parser.add_argument("--plain", action="store_true", help="titles as plain lines")
    parser.add_argument("--numbered", action="store_true", help="headings numbered instead")
    args = parser.parse_args(argv)
    pages = sorted(args.dir.glob("*.txt"))
    if not pages:
        sys.exit(f"bench_titles: no .txt pages in {args.dir}")
    if not (args.plain or args.numbered):
        _one_heading(pages, args.level)
        return
    print(f"{len(pages)} pages")
    print("| pages | method | Pk | B | found / true | no boundary |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for (kind, method), s in (numbered(pages) if args.numbered else plain(pages)).items():
        print(
            f"| {kind} | {method} | {100 * s['pk']:.1f}% | {100 * s['b']:.1f}% | "
            f"{s['found_true']:.2f} | {100 * s['no_boundary_pk']:.1f}% |"
        )


if __name__ == "__main__":
    main()

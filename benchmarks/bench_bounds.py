"""Size bounds on natural documents: linseg's placement against the simple alternative.

Usage: python benchmarks/bench_bounds.py [--data DIR] [--method u00_p]

On the test half of ``natural/python-docs`` (55 pages; the block window of
:func:`linseg.chunks.bounds.topic_breaks` was chosen on the tuning half) and on the Django set
(``benchmarks/natural/django-docs``, 38 pages, never tuned on), with the same bounds for
both:

- **linseg**: ``create(method, max_size=..., min_size=..., size_unit=...)``, the public
  parameters (see :mod:`linseg.chunks.bounds`);
- **simple**: the same method without bounds, then every oversized segment cut evenly
  (into the fewest pieces within ``max_size``, cuts at the sentence breaks nearest to equal
  shares) and every undersized segment merged into a neighbour (the previous one; the
  first into the next), as a chunker with no topic model does.

Prints word-level Pk and B (means over pages, %), sections found / true, and the share of
segments outside the bounds (single sentences above ``max_size`` excepted). Nothing here
was tuned: the bounds are round numbers fixed before the first run.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import numpy as np

from linseg.chunks.bounds import sentence_sizes
from linseg.evaluation.natural import (
    char_to_word_offsets,
    load_documents,
    python_docs_halves,
    score_words,
)
from linseg.methods import create

SETTINGS = [(150, 40), (300, 80), (600, 150)]  # (max_size, min_size) in words


def even_cuts(sizes: list[int], max_size: int) -> list[int]:
    """Cut points (sentence indices) splitting ``sizes`` evenly into pieces within bounds."""
    total = sum(sizes)
    k = -(-total // max_size)
    prefix = np.concatenate([[0], np.cumsum(sizes)])
    while True:
        cuts = sorted(
            {int(np.abs(prefix - total * i / k).argmin()) for i in range(1, k)} - {0, len(sizes)}
        )
        edges = [0, *cuts, len(sizes)]
        if all(prefix[b] - prefix[a] <= max_size or b - a == 1 for a, b in zip(edges, edges[1:])):
            return cuts
        k += 1


def simple_bounds(
    sizes: list[int], boundaries: list[int], max_size: int, min_size: int
) -> list[int]:
    edges = [0, *boundaries, len(sizes)]
    out: list[int] = []
    for a, b in zip(edges, edges[1:]):
        if a:
            out.append(a)
        if sum(sizes[a:b]) > max_size:
            out += [a + c for c in even_cuts(sizes[a:b], max_size)]
    # Merge undersized segments into the previous one (the first into the next).
    changed = True
    while changed and out:
        changed = False
        edges = [0, *out, len(sizes)]
        for i, (a, b) in enumerate(zip(edges, edges[1:])):
            if sum(sizes[a:b]) < min_size:
                out.remove(a if i else b)
                changed = True
                break
    return out


def outside(
    sizes: list[int], boundaries: list[int], max_size: int, min_size: int
) -> tuple[int, int]:
    edges = [0, *boundaries, len(sizes)]
    bad = sum(
        1
        for a, b in zip(edges, edges[1:])
        if (sum(sizes[a:b]) > max_size and b - a > 1) or sum(sizes[a:b]) < min_size
    )
    return bad, len(edges) - 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.environ.get("LINSEG_DATA"))
    ap.add_argument("--method", default="u00_p")
    args = ap.parse_args()
    halves = python_docs_halves(args.data)
    sets = {
        "python-docs test half (55 pages)": load_documents(halves["test"]),
        "django (38 pages)": load_documents(Path(__file__).parent / "natural" / "django-docs"),
    }
    print(f"method {args.method}; sizes in words; means over pages\n")
    print("| set | bounds | placement | Pk % | B % | found/true | segments outside bounds |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for set_name, docs in sets.items():
        for max_size, min_size in SETTINGS:
            plain = create(args.method)
            bounded = create(args.method, max_size=max_size, min_size=min_size, size_unit="words")
            rows: dict[str, list] = {"linseg": [], "simple": []}
            for doc in docs:
                seg = plain.segment_text(doc.text)
                sents = seg.result.sentences
                sizes = sentence_sizes(sents, "words").tolist()
                spans = seg.sentence_spans
                simple = simple_bounds(sizes, seg.boundaries, max_size, min_size)
                ours = bounded.segment_text(doc.text)
                # Where max_size cut a sentence, linseg's boundaries index the pieces.
                placed = (
                    ("simple", simple, [spans[b][0] for b in simple], sizes),
                    (
                        "linseg",
                        ours.boundaries,
                        ours.char_boundaries,
                        sentence_sizes(ours.result.sentences, "words").tolist(),
                    ),
                )
                for name, bounds, chars, units in placed:
                    words = char_to_word_offsets(doc.word_starts, chars)
                    s = score_words(doc.reference, words, doc.n_words)
                    rows[name].append(
                        (s.pk, s.b, s.found_true, *outside(units, bounds, max_size, min_size))
                    )
            for name in ("simple", "linseg"):
                a = np.array(rows[name], dtype=float)
                print(
                    f"| {set_name} | {min_size}-{max_size} | {name} | {100 * a[:, 0].mean():.1f} | "
                    f"{100 * a[:, 1].mean():.1f} | {a[:, 2].mean():.2f} | "
                    f"{int(a[:, 3].sum())} of {int(a[:, 4].sum())} |"
                )


if __name__ == "__main__":
    main()

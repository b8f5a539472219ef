"""PDFs that carry their own outline: does the PDF reader find their headings?

Usage::

    python benchmarks/bench_pdf_outline.py [ROOT ...] [--depth 2] [--sample 0]

A PDF made by LaTeX with hyperref (or by a word processor that writes bookmarks) keeps
its sections' titles in its outline (the bookmarks a viewer shows beside the pages).
For each PDF under ROOT (default: this machine's ``/usr/share/doc``; TeX Live's
documentation there) whose outline has three entries or more, the titles down to
``--depth`` are the reference, in order, and the ``#`` lines of linseg's text
(:func:`linseg.readers.pdf.pdf_text`) are compared with them as ``bench_formats.py``
compares headings: the longest common subsequence of their titles (lower-cased words,
numbers such as ``3.1`` aside), as shares of the outline's titles (**recall**) and of
linseg's headings (**precision**, which counts headings below the outline's depth as
misses). Also: the files refused in one line, anything else (a defect, printed), and the
slowest read.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_formats import linseg_headings, matched
from linseg.readers.pdf import pdf_text

_NUMBER = re.compile(r"^(?:[A-Z]|\d+)(?:\.\d+)*\.?\s+")
_WORD = re.compile(r"[^\W_]+")


def title(text: str) -> str:
    """A title's words, lower-cased, its section number aside."""
    return " ".join(w.lower() for w in _WORD.findall(_NUMBER.sub("", text.strip())))


def outline_titles(path: Path, depth: int) -> list[str]:
    """The titles of the PDF's outline down to ``depth``, in order ([] if it has none)."""
    import logging

    import pypdf

    logging.getLogger("pypdf").setLevel(logging.CRITICAL + 1)
    reader = pypdf.PdfReader(str(path))
    found: list[str] = []

    def walk(items: list, level: int) -> None:
        for item in items:
            if isinstance(item, list):
                if level < depth:
                    walk(item, level + 1)
            elif getattr(item, "title", None):
                found.append(title(item.title))

    walk(reader.outline, 1)
    return [t for t in found if t]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--sample", type=int, default=0, help="this many files (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    roots = args.roots or [Path("/usr/share/doc")]
    files = sorted(p for root in roots for p in root.rglob("*.pdf") if p.is_file())
    if args.sample:
        files = random.Random(args.seed).sample(files, min(args.sample, len(files)))
    shared = theirs = ours = read = refused = 0
    slowest = (0.0, "")
    rows = []
    for path in files:
        try:
            reference = outline_titles(path, args.depth)
        except Exception:  # an outline pypdf cannot read: no reference
            continue
        if len(reference) < 3:
            continue
        t0 = time.perf_counter()
        try:
            text = pdf_text(path.read_bytes())
        except ValueError:
            refused += 1
            continue
        except Exception:  # a defect: say where
            print(f"{path}:\n{traceback.format_exc()}")
            refused += 1
            continue
        seconds = time.perf_counter() - t0
        slowest = max(slowest, (seconds, str(path)))
        found = linseg_headings(text, title)
        both = matched(reference, found)
        shared, theirs, ours, read = (
            shared + both,
            theirs + len(reference),
            ours + len(found),
            read + 1,
        )
        rows.append((both / len(reference), both / max(1, len(found)), path))
    for recall, precision, path in sorted(rows)[:10]:
        print(f"  recall {recall:.2f} precision {precision:.2f}  {path}")
    print(
        f"\n{read} PDFs with an outline of 3 titles or more (depth {args.depth}), {refused} refused"
    )
    print(f"titles {theirs}, headings found {ours}, matched {shared}")
    print(f"recall {shared / max(1, theirs):.3f}, precision {shared / max(1, ours):.3f}")
    print(f"slowest read {slowest[0]:.2f} s ({slowest[1]})")


if __name__ == "__main__":
    main()

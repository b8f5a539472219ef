"""Manual pages (``--format man``): are they read whole, and cut at their sections?

Usage::

    python benchmarks/bench_manpages.py [MAN_ROOT] [--sample 300] [--seed 38] [--no-groff]
                                        [--language CODE] [--held-out]

Every page under ``MAN_ROOT`` (default ``/usr/share/man``: its ``man*/`` folders, the
English pages) is read as linseg reads a manual page (:func:`read_document`; symbolic
links and ``.so`` pages are read through the page they name), except the pages of
Debian's ``manpages*`` packages (their translations are held out for evaluation:
BENCHMARKS.md, "Held-out evaluation"; the English ones are left out with them). With
``--held-out`` it reads only those packages' pages: give it a translation's root
(``/usr/share/man/de``) and its ``--language``, for an evaluation made once. It prints how
many were read, the errors by kind and the mean milliseconds a page.

Then, on a sample (a fixed seed) of one page drawn from each package that installed any
(with ``--held-out``, of the pages themselves), at most ``--sample`` of them, two checks:

- **The text**: the words (runs of letters and digits of any script, lower-cased) of what groff prints
  of the page (``groff -mandoc -Tutf8``, lines of 400 characters, no hyphenation), and the
  share of them the reader's text holds (recall), and of the reader's words that groff
  prints (precision), averaged over pages. groff prints running headers and footers and
  expands the macros a page defines; the reader does neither. Without groff installed (or
  with ``--no-groff``), this check is skipped.
- **The sections**: on the sampled pages with three or more sections (``##`` headings, the
  ``.SH`` and ``.Sh`` requests), the default's boundaries against the sections' starts
  (word-level Pk, B, sections found divided by true), beside C99 and no boundary. The
  default cuts only before headings, so this checks that the reading carries the
  outline, not that a method finds sections.
"""

from __future__ import annotations

import argparse
import collections
import glob
import os
import random
import re
import shutil
import subprocess
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

_WORD = re.compile(r"[^\W_]+")


def pages(root: Path, held_out: bool = False) -> dict[str, list[str]]:
    """Every page under ``root``'s ``man*/`` folders by the Debian package that installed
    it (``""`` for none), less those of Debian's ``manpages*`` packages (with
    ``held_out``, only theirs)."""
    owner: dict[str, str] = {}
    for listing in glob.glob("/var/lib/dpkg/info/*.list"):
        package = os.path.basename(listing)[: -len(".list")].split(":")[0]
        with open(listing, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if "/man/" in line:
                    owner[line.strip()] = package
    found: dict[str, list[str]] = collections.defaultdict(list)
    for path in sorted(glob.glob(str(root / "man*" / "*"))):
        package = owner.get(path, "")
        if package.startswith("manpages") == held_out:
            found[package].append(path)
    return found


def words(text: str) -> collections.Counter[str]:
    return collections.Counter(w.lower() for w in _WORD.findall(text))


def groff_text(path: str) -> str:
    """What groff prints of the page at ``path`` (decompressed as linseg would)."""
    source = Path(path).read_bytes()
    if path.endswith(".gz"):
        import gzip

        source = gzip.decompress(source)
    options = ["-k", "-mandoc", "-Tutf8", "-P-cbou", "-rLL=400n", "-rHY=0"]
    run = subprocess.run(["groff", *options], input=source, capture_output=True, timeout=60)
    return run.stdout.decode("utf-8", "replace")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default="/usr/share/man", type=Path)
    ap.add_argument("--sample", type=int, default=300)
    ap.add_argument("--seed", type=int, default=38)
    ap.add_argument("--no-groff", action="store_true")
    ap.add_argument("--language", default="en", help="the pages' language (default en)")
    ap.add_argument("--held-out", action="store_true", help="only the manpages* packages")
    args = ap.parse_args()
    by_package = pages(args.root, args.held_out)
    found = [path for paths in by_package.values() for path in paths]
    if not found:
        sys.exit(f"no manual pages under {args.root}/man*/")
    texts: dict[str, str] = {}
    errors: collections.Counter[str] = collections.Counter()
    t0 = time.perf_counter()
    for path in found:
        try:
            texts[path] = read_document(path, language=args.language).text
        except (ValueError, UnicodeDecodeError) as exc:
            errors[f"{type(exc).__name__}: {str(exc).split(':')[0][:60]}"] += 1
    ms = 1000 * (time.perf_counter() - t0) / len(found)
    print(
        f"{len(texts):,} of {len(found):,} pages ({len(by_package)} packages) read, "
        f"{ms:.1f} ms a page"
    )
    for what, n in errors.most_common():
        print(f"  {n} not read: {what}")

    # One page of each package, so that a package of thousands of pages (a cloud tool's
    # commands) counts once.
    rng = random.Random(args.seed)
    if args.held_out:
        pool = sorted(texts)
    else:
        pool = [rng.choice(paths) for _, paths in sorted(by_package.items())]
        pool = [path for path in pool if path in texts]
    sample = rng.sample(pool, min(args.sample, len(pool)))
    if not args.no_groff and shutil.which("groff"):
        recall = precision = 0.0
        for path in sample:
            theirs, ours = words(groff_text(path)), words(texts[path])
            shared = sum((theirs & ours).values())
            recall += shared / max(1, sum(theirs.values()))
            precision += shared / max(1, sum(ours.values()))
        n = len(sample)
        print(f"\nagainst groff, {n} pages: recall {recall / n:.3f}, precision {precision / n:.3f}")

    docs = []
    for path in sample:
        starts = [at for level, at in headings(texts[path]) if level == 2]
        if len(starts) >= 3:
            name = os.path.basename(path)
            docs.append(
                NaturalDocument(name, texts[path], char_to_word_offsets(texts[path], starts))
            )
    print(f"\n{len(docs)} sampled pages with three sections or more\n")
    print("| method | Pk % | B % | found/true | ms a page |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for label, name in (("u00_pr (default)", "u00_pr"), ("c99", "c99")):
        segmenter = create(name, language=args.language)
        segmenter.segment_text(docs[0].text)  # compile and load before the clock
        t0 = time.perf_counter()
        results = [evaluate_document(segmenter, d) for d in docs]
        ms = 1000 * (time.perf_counter() - t0) / len(docs)
        s = summarize(results)
        print(
            f"| {label} | {100 * s['pk']:.1f} | {100 * s['b']:.1f} | {s['found_true']:.2f} | {ms:.1f} |"
        )
    print(f"| *no boundary* | {100 * s['no_boundary_pk']:.1f} | 0.0 | | |")


if __name__ == "__main__":
    main()

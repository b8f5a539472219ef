"""Book-length manuals as plain text: does the default cut a manual at its chapters?

Usage::

    apt-get install bc bzip2-doc coreutils diffutils ed findutils gettext gnupg grep gzip \
        libffi-dev libgpg-error-dev libtasn1-doc nettle-dev sed texlive-base \
        texlive-binaries time wget
    python benchmarks/bench_manuals.py [INFO_DIR] [--half dev|test|all] [--out DIR]

    apt-get download debian-faq debian-policy debmake-doc developers-reference \
        installation-guide-amd64 maint-guide
    for d in *.deb; do dpkg -x "$d" debian-manuals; done
    python benchmarks/bench_manuals.py debian-manuals --debian

The GNU manuals that Debian installs as Info files (``/usr/share/info``: coreutils, sed,
grep, gettext, ...) are long documents with chapters, sections and sub-sections. Each is
read as linseg reads an Info file (:mod:`linseg.readers.info`, ``--format info``), as
``makeinfo --plaintext`` would print it: the nodes in order, without the node lines
(``File: sed.info, Node: ...``) and menus that only an Info reader uses. Info underlines a chapter's title with ``*``, a section's with ``=`` and a sub-section's
with ``-``, which linseg reads as reStructuredText reads such underlines. The reference is
each manual's chapters (titles underlined with ``*``; the first, the manual's title, cuts
nothing; its first node's text before the first chapter is a section of its own). The set is the 23 manuals of :data:`MANUALS` (Debian 12's versions), each with
three chapters or more and 3,000 words or more.

The manuals are split by name, fixed: those at even positions of :data:`MANUALS` are the
development half (on which ``u00_pr``'s outline scale was checked), those at odd positions
the test half. The table gives word-level Pk, B and sections found over chapters for the default,
the default given the count, the default with the outline's weight fixed at 8 nats
whatever the chapters' length (``outline_section_words=None``, as before 2026-11-27), C99,
and no boundary, with seconds per manual.

With ``--debian`` the set is instead seven of Debian's manuals as they ship in plain text
(:data:`DEBIAN_MANUALS`), with their chapters as the reference.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from linseg.evaluation.natural import (
    NaturalDocument,
    char_to_word_offsets,
    evaluate_document,
    summarize,
)
from linseg.methods import create
from linseg.readers.document import read_document

#: The set, in its fixed order: every manual in ``/usr/share/info`` of a Debian 12 machine
#: with the packages above that has three chapters or more and 3,000 words or more.
MANUALS = (
    "autosprintf", "bc", "bzip2", "coreutils", "diffutils", "dvips", "ed", "find",
    "find-maint", "gettext", "gnupg", "gpgrt", "grep", "gzip", "kpathsea", "libffi",
    "libtasn1", "nettle", "sed", "time", "tlbuild", "web2c", "wget",
)  # fmt: skip
MIN_CHAPTERS = 3
MIN_WORDS = 3000
#: With ``--debian``: Debian 12's manuals that ship as plain text (DocBook's or Sphinx's
#: text output), each a whole book, and where its package puts it. They number their
#: chapters (``Chapter 1. Overview``) and sections (``1.1. Scope``), or underline them
#: (Sphinx), and show shell sessions (``# apt install ssh``) and footnotes' rules. A
#: development set: the rules for reading such text were written on it.
DEBIAN_MANUALS = {
    "debian-faq": "usr/share/doc/debian/FAQ/debian-faq.en.txt.gz",
    "debian-policy": "usr/share/doc/debian-policy/policy.txt.gz",
    "debmake-doc": "usr/share/doc/debmake-doc/debmake-doc.en.txt.gz",
    "developers-reference": "usr/share/developers-reference/developers-reference.txt.gz",
    "fhs": "usr/share/doc/debian-policy/fhs/fhs-3.0.txt.gz",
    "installation-guide": "usr/share/doc/installation-guide-amd64/en/install.en.txt.gz",
    "maint-guide": "usr/share/doc/maint-guide/maint-guide.en.txt.gz",
}
_DOCBOOK_CHAPTER = re.compile(r"^Chapter[\u00a0 ]\d+\.", re.MULTILINE)


def info_files(root: Path) -> dict[str, Path]:
    """Each manual's Info file (for a split manual, the one that names its parts)."""
    found = {}
    for path in root.glob("*.info.gz"):
        found[path.name[: -len(".info.gz")]] = path
    return dict(sorted(found.items()))


def chapter_offsets(text: str) -> list[int]:
    """Character offsets of the titles that a line of ``*`` underlines."""
    offsets, pos = [], 0
    lines = text.split("\n")
    for line, under in zip(lines, lines[1:]):
        if line.strip() and under and set(under) == {"*"} and len(under) >= len(line.rstrip()) - 1:
            offsets.append(pos)
        pos += len(line) + 1
    return offsets


def manual(name: str, path: Path) -> NaturalDocument | None:
    """The manual as linseg reads it (``--format info``), a natural document with its
    chapters as the reference; None if it is too small."""
    text = read_document(path, "info").text
    doc = NaturalDocument(name, text, [], str(path))
    doc.reference = char_to_word_offsets(doc.word_starts, chapter_offsets(text))
    if doc.n_sections < MIN_CHAPTERS or doc.n_words < MIN_WORDS:
        return None
    return doc


def debian_manual(name: str, root: Path) -> NaturalDocument:
    """One of :data:`DEBIAN_MANUALS` under ``root`` (where its package was unpacked) with
    its chapters as the reference: DocBook's ``Chapter N.`` lines, or Sphinx's titles
    underlined with ``*``."""
    path = root / DEBIAN_MANUALS[name]
    if not path.is_file():
        sys.exit(f"not found: {path} (unpack the packages above into {root})")
    text = read_document(path, "text").text
    if name in ("developers-reference", "debian-policy"):
        starts = chapter_offsets(text)
    else:
        starts = [m.start() for m in _DOCBOOK_CHAPTER.finditer(text)]
    doc = NaturalDocument(name, text, [], str(path))
    doc.reference = char_to_word_offsets(doc.word_starts, starts)
    return doc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", default="/usr/share/info", type=Path)
    parser.add_argument("--half", choices=("dev", "test", "all"), default="test")
    parser.add_argument(
        "--debian",
        action="store_true",
        help="Debian's plain-text manuals, unpacked under ROOT, instead (all of them)",
    )
    parser.add_argument("--out", type=Path, help="also write each manual's .txt and .words")
    args = parser.parse_args()
    if args.debian:
        args.half = "all"
        docs = [debian_manual(name, args.root) for name in DEBIAN_MANUALS]
    else:
        files = info_files(args.root)
        missing = [name for name in MANUALS if name not in files]
        if missing:
            sys.exit(f"not in {args.root}: {', '.join(missing)} (install the packages above)")
        names = MANUALS if args.half == "all" else MANUALS[0 if args.half == "dev" else 1 :: 2]
        docs = [d for name in names if (d := manual(name, files[name])) is not None]
        if len(docs) < len(names):
            sys.exit("a manual has fewer chapters or words than this set was made with")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        for d in docs:
            (args.out / f"{d.name}.txt").write_text(d.text, encoding="utf-8")
            (args.out / f"{d.name}.words").write_text(" ".join(map(str, d.reference)) + "\n")
    words = sum(d.n_words for d in docs)
    print(
        f"{len(docs)} manuals ({args.half}), {words:,} words: {', '.join(d.name for d in docs)}\n"
    )
    print("| method | Pk % | B % | found/true | s a manual |")
    print("| --- | ---: | ---: | ---: | ---: |")
    runs = [
        ("u00_pr (default)", create("u00_pr"), False),
        ("u00_pr, the count given", create("u00_pr"), True),
        (
            "u00_pr, outline 8 nats at any length",
            create("u00_pr", outline_section_words=None),
            False,
        ),
        ("c99", create("c99"), False),
    ]
    for label, segmenter, known in runs:
        segmenter.segment_text(docs[0].text)  # compile and load before the clock
        t0 = time.perf_counter()
        results = [evaluate_document(segmenter, d, known) for d in docs]
        seconds = (time.perf_counter() - t0) / len(docs)
        s = summarize(results)
        print(
            f"| {label} | {100 * s['pk']:.1f} | {100 * s['b']:.1f} | {s['found_true']:.2f} | {seconds:.2f} |"
        )
    s = summarize(results)
    print(f"| *no boundary* | {100 * s['no_boundary_pk']:.1f} | 0.0 | | |")


if __name__ == "__main__":
    main()

"""AsciiDoc sources (``--format asciidoc``): are they read whole, and cut at their sections?

Usage::

    python benchmarks/bench_asciidoc.py FILE_OR_FOLDER... [--min-words 200]

Each AsciiDoc source given (a folder: its ``*.txt``, ``*.adoc`` and ``*.asciidoc`` files,
one level of sub-folders included) is rendered by Asciidoctor (``asciidoctor``, which must
be installed: ``apt-get install asciidoctor``), the reference reading. From its HTML, read
as linseg reads a web page, come the true sections: the highest heading level below the
title that occurs at least three times (as in ``tools/build_natural_set.py``). Sources with
fewer sections than that, or fewer than ``--min-words`` words, are left out.

Then the default (``u00_pr``) segments each source as ``linseg segment`` would, and is
scored against those sections (word-level Pk, B, sections found divided by true), read
four ways: as plain text (``--format text``, how linseg read AsciiDoc before it had a
reader), as detected (``auto``), as AsciiDoc (``--format asciidoc``) and, for a ceiling,
Asciidoctor's HTML; with C99 on the AsciiDoc reading and no boundary beside them. Each
reading's boundaries are carried to the reference text's words by aligning the two texts'
words (``difflib``). The reader's words are also compared with Asciidoctor's: the share of
the HTML's words the reader's text holds (recall), and of the reader's words that the HTML
holds (precision), averaged over sources.

The sources measured in BENCHMARKS.md are Git's own manuals (Debian's ``git-doc``,
GPL-2: ``apt-get download git-doc && dpkg -x git-doc_*.deb git-doc``, then
``usr/share/doc/git-doc``).
"""

from __future__ import annotations

import argparse
import collections
import difflib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from linseg import segment_file
from linseg.corpus.document import read_document
from linseg.metrics import boundary_similarity, pk

_WORD = re.compile(r"[^\W_]+")
_HEADING = re.compile(r"(#{1,6}) \S")
READINGS = ("text", "auto", "asciidoc", "html")


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _word_index(text: str, offsets: list[int]) -> list[int]:
    return [len(_WORD.findall(text, 0, o)) for o in offsets]


def _carried(words: list[str], ref_words: list[str]) -> list[int]:
    """For each word index of ``words`` (and its end), the reference word it aligns with,
    or the next one that aligns."""
    matcher = difflib.SequenceMatcher(None, words, ref_words, autojunk=False)
    to: list[int | None] = [None] * (len(words) + 1)
    for a, b, size in matcher.get_matching_blocks():
        for t in range(size):
            to[a + t] = b + t
    nxt = len(ref_words)
    out = [0] * (len(words) + 1)
    for i in range(len(words), -1, -1):
        nxt = to[i] if to[i] is not None else nxt
        out[i] = nxt
    return out


def reference(html_text: str) -> list[int] | None:
    """Word offsets of the true section starts in ``html_text``, or None if no level
    below the title opens three sections."""
    starts: dict[int, list[int]] = collections.defaultdict(list)
    pos = 0
    for line in html_text.split("\n"):
        m = _HEADING.match(line)
        if m:
            starts[len(m.group(1))].append(pos)
        pos += len(line) + 1
    level = next((lv for lv in range(2, 7) if len(starts[lv]) >= 3), None)
    if level is None:
        return None
    n = len(_words(html_text))
    return sorted({b for b in _word_index(html_text, starts[level]) if 0 < b < n})


def _boundaries(path: str, fmt: str, ref_words: list[str], method: str) -> list[int]:
    seg = segment_file(path, format=fmt, method=method)
    offsets, pos = [], 0
    for s in seg.segments[:-1]:
        pos += len(s)
        offsets.append(pos)
    carried = _carried(_words(seg.text), ref_words)
    return sorted({carried[i] for i in _word_index(seg.text, offsets)} - {0, len(ref_words)})


def _sources(paths: list[str]) -> list[str]:
    found: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for pattern in ("*.txt", "*.adoc", "*.asciidoc", "*/*.txt", "*/*.adoc"):
                found.extend(sorted(str(f) for f in Path(p).glob(pattern)))
        else:
            found.append(p)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", metavar="FILE_OR_FOLDER")
    parser.add_argument("--min-words", type=int, default=200)
    args = parser.parse_args()
    if shutil.which("asciidoctor") is None:
        sys.exit("bench_asciidoc.py: needs asciidoctor (apt-get install asciidoctor)")
    scores: dict[str, list[tuple[float, float, float]]] = collections.defaultdict(list)
    recall, precision, detected = [], [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for source in _sources(args.paths):
            html = os.path.join(tmp, "page.html")
            done = subprocess.run(
                ["asciidoctor", "-o", html, os.path.basename(source)],
                cwd=os.path.dirname(os.path.abspath(source)),
                capture_output=True,
            )
            if done.returncode or not os.path.exists(html):
                continue
            ref_text = read_document(html, "html").text
            ref_words = _words(ref_text)
            ref = reference(ref_text)
            if ref is None or len(ref_words) < args.min_words:
                continue
            read = read_document(source)
            detected += read.format == "asciidoc"
            mine = collections.Counter(_words(read_document(source, "asciidoc").text))
            theirs = collections.Counter(ref_words)
            shared = sum((mine & theirs).values())
            recall.append(shared / sum(theirs.values()))
            precision.append(shared / max(1, sum(mine.values())))
            n = len(ref_words)
            runs = [(r, r, "u00_pr") for r in READINGS] + [("c99 (asciidoc)", "asciidoc", "c99")]
            for name, fmt, method in runs:
                path = html if fmt == "html" else source
                hyp = _boundaries(path, fmt, ref_words, method)
                scores[name].append(
                    (pk(ref, hyp, n), boundary_similarity(ref, hyp, n), len(hyp) / len(ref))
                )
            scores["no boundary"].append((pk(ref, [], n), boundary_similarity(ref, [], n), 0.0))
            os.remove(html)
    total = len(recall)
    if not total:
        sys.exit("bench_asciidoc.py: no source with three sections or more")
    print(f"{total} sources with three sections or more; {detected} detected as AsciiDoc")
    print(
        f"reader against Asciidoctor: word recall {statistics.mean(recall):.3f}, "
        f"precision {statistics.mean(precision):.3f}"
    )
    print(f"{'reading':18s} {'Pk':>6s} {'B':>6s} {'found/true':>10s}")
    for name, rows in scores.items():
        pk_mean = 100 * statistics.mean(r[0] for r in rows)
        b_mean = 100 * statistics.mean(r[1] for r in rows)
        ft = statistics.mean(r[2] for r in rows)
        print(f"{name:18s} {pk_mean:6.1f} {b_mean:6.1f} {ft:10.2f}")


if __name__ == "__main__":
    main()

"""Streaming against the in-memory run: Pk on long documents, and memory on 50 MB.

Usage: python benchmarks/bench_stream.py [--data DIR] [--methods u00_pr,c99]
                                         [--memory FILE]

Each set is read as ONE long document, as a stream would read it:

- the paper's corpus: its 700 samples one after another, one sentence a line
  (``--format lines``); the reference is every sample's own boundaries and the starts of
  the samples;
- the python-docs test half (``python_docs_halves``; nothing here was tuned) and the Django
  set (``benchmarks/natural/django-docs``): their pages one after another, a blank line
  between them; the reference is every page's sections and the starts of the pages.

Both runs go through the public code paths: ``run_document`` (as ``linseg segment``) and
``segment_stream`` (as ``linseg segment --stream``, fed 64 KB pieces), with the default
window. Pk and B are word-level (``linseg.evaluation.natural.score_words``), over the whole
long document. ``--memory FILE`` also runs ``linseg segment --stream`` and the in-memory
``linseg segment`` on FILE in fresh processes and prints their time and peak memory
(``/usr/bin/time``'s maximum resident set).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from linseg.evaluation.corpora import find_ref_files, read_ref
from linseg.evaluation.natural import (
    char_to_word_offsets,
    load_documents,
    python_docs_halves,
    score_words,
    word_starts,
)
from linseg.readers.document import parse_document
from linseg.run import run_document
from linseg.stream import segment_stream

HERE = Path(__file__).resolve().parent
PIECE = 1 << 16


def paper_document(data: str) -> tuple[str, list[int]]:
    """The 700 samples as one text, one sentence a line, and the reference (word offsets)."""
    lines: list[str] = []
    starts: list[int] = []
    for path in find_ref_files(os.path.join(data, "choi")):
        ref = read_ref(path)
        cuts = [0, *ref.boundaries]
        starts.extend(len(lines) + c for c in cuts)
        lines.extend(ref.sentences)
    words = np.concatenate([[0], np.cumsum([len(s.split()) for s in lines])])
    return "\n".join(lines) + "\n", sorted({int(words[s]) for s in starts} - {0})


def pages_document(paths: list[Path]) -> tuple[str, list[int]]:
    """Pages one after another (a blank line between), and the reference (word offsets)."""
    text, reference, offset = "", [], 0
    for doc in load_documents(paths):
        body = doc.text if doc.text.endswith("\n") else doc.text + "\n"
        if text:
            reference.append(offset)
        reference.extend(offset + r for r in doc.reference)
        text += body + "\n"
        offset += len(body.split())
    return text, reference


def in_memory(text: str, fmt: str, method: str, params: dict) -> tuple[list[int], float]:
    t0 = time.perf_counter()
    doc = parse_document(text, fmt)
    done = run_document(doc, method, None, params)
    cuts = [doc.spans[b][0] for b in done.boundaries]
    return cuts, time.perf_counter() - t0


def streamed(text: str, fmt: str, method: str, params: dict) -> tuple[list[int], float]:
    t0 = time.perf_counter()
    pieces = (text[i : i + PIECE] for i in range(0, len(text), PIECE))
    segs = list(segment_stream(pieces, method, format=fmt, n_keywords=0, **params))
    assert "".join(s.text for s in segs) == text
    return [s.start for s in segs[1:]], time.perf_counter() - t0


def compare(name: str, text: str, reference: list[int], fmt: str, methods: list[str]) -> None:
    starts = word_starts(text)
    n = int(starts.size)
    for method in methods:
        params = {"band": "auto"} if method.startswith("c99") else {}
        row = []
        for run in (in_memory, streamed):
            cuts, secs = run(text, fmt, method, params)
            hyp = char_to_word_offsets(starts, cuts)
            s = score_words(reference, hyp, n)
            row.append((100 * s.pk, 100 * s.b, len(hyp) + 1, secs))
        (pk_m, b_m, n_m, t_m), (pk_s, b_s, n_s, t_s) = row
        print(
            f"| {name} | {method} | {pk_m:.2f} | {pk_s:.2f} | {pk_s - pk_m:+.2f} | "
            f"{b_m:.1f} / {b_s:.1f} | {n_m:,} / {n_s:,} | {t_m:.1f} / {t_s:.1f} |",
            flush=True,
        )


def memory(path: str, methods: list[str]) -> None:
    print(f"\n{os.path.getsize(path) / 1e6:.0f} MB of text ({path}):")
    print("| run | seconds | peak memory |")
    print("| --- | ---: | ---: |")
    for method in methods:
        extra = ["--method", method, "--band", "auto"] if method.startswith("c99") else []
        for label, flags in (("in memory", []), ("--stream", ["--stream"])):
            cmd = ["/usr/bin/time", "-f", "%e %M", sys.executable, "-m", "linseg.cli"]
            cmd += ["segment", path, *flags, *extra]
            out = subprocess.run(cmd, capture_output=True, text=True, check=True)
            secs, kb = re.findall(r"([\d.]+) (\d+)\s*$", out.stderr)[-1]
            print(f"| {method}, {label} | {float(secs):.1f} | {int(kb) / 1e6:.2f} GB |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.environ.get("LINSEG_DATA"))
    ap.add_argument("--methods", default="u00_pr,c99")
    ap.add_argument("--memory", metavar="FILE", help="also time a long text, both ways")
    args = ap.parse_args()
    if not args.data:
        ap.error("give --data or set LINSEG_DATA")
    methods = args.methods.split(",")
    print("Word-level Pk % of one long document per set: in memory, streamed, difference.")
    print("| set | method | Pk in memory | Pk streamed | difference | B % | segments | seconds |")
    print("| --- | --- | ---: | ---: | ---: | --- | --- | --- |")
    compare("paper's corpus (700 samples)", *paper_document(args.data), "lines", methods)
    test = python_docs_halves(args.data)["test"]
    compare("python-docs test half", *pages_document(test), "text", methods)
    django = sorted((HERE / "natural" / "django-docs").glob("*.txt"))
    compare("Django set", *pages_document(django), "text", methods)
    if args.memory:
        memory(args.memory, methods)


if __name__ == "__main__":
    main()

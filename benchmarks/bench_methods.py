"""Every registered method on the paper's corpus: Pk per range, CPU per sample, training.

Usage: python benchmarks/bench_methods.py [--data DIR] [--corpus DIR] [--methods a,b]

Runs each method with its defaults on the 700 samples (``$LINSEG_DATA/choi``, or
``--corpus`` for a corpus made by ``linseg corpus brown``): with the count found by the
method (methods that need the count: the reference count) and with the count given.
Prints a Markdown table of word-level Pk per range (3-11 / 3-5 / 6-8 / 9-11), Pk on 3-11
given the count, CPU milliseconds per sample (count found; count given for methods that
need it) and what the method's learned parts were trained on (its registry entry's
``trained_on``). This is the README's table
of every method. BLAS runs on one thread, as in linseg's process pools: on a sample's
small matrices its threads add CPU time (they wait for each other), not speed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from linseg.evaluation.corpora import find_ref_files
from linseg.evaluation.evaluate import evaluate, summarize
from linseg.execution.workers import one_blas_thread
from linseg.methods import available, create

RANGES = ("3-11", "3-5", "6-8", "9-11")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", help="data root (default: $LINSEG_DATA)")
    ap.add_argument("--corpus", help="a folder of .ref samples (default: <data>/choi)")
    ap.add_argument("--methods", help="comma-separated method names (default: all)")
    args = ap.parse_args()
    one_blas_thread()
    corpus = args.corpus
    if corpus is None:
        data = args.data or os.environ.get("LINSEG_DATA")
        if not data:
            sys.exit("bench_methods: give --data or --corpus, or set LINSEG_DATA")
        corpus = str(Path(data) / "choi")
    paths = find_ref_files(corpus)
    infos = available()
    names = args.methods.split(",") if args.methods else sorted(infos)
    print(f"{len(paths)} samples of {corpus}\n")
    print(
        "| method | count found: 3-11 / 3-5 / 6-8 / 9-11 | count given: 3-11 | ms/sample | trained on |"
    )
    print("| --- | --- | --- | ---: | --- |")
    for name in names:
        info = infos[name]
        # .ref sentences are tokenised; baselines that need the reference get it as the count.
        seg = create(name, ignore_unknown=True, tokenized=True)
        table = summarize(evaluate(seg, paths, auto=not info.needs_n_segments, known=True))
        kind = "known" if info.needs_n_segments else "auto"
        found = (
            "needs the count"
            if info.needs_n_segments
            else " / ".join(f"{100 * table[r]['auto_pk_word']:.1f}" for r in RANGES)
        )
        given = f"{100 * table['3-11']['known_pk_word']:.1f}"
        ms = 1000 * table["3-11"][f"{kind}_seconds"]
        print(f"| `{name}` | {found} | {given} | {ms:.2f} | {info.trained_on} |", flush=True)


if __name__ == "__main__":
    main()

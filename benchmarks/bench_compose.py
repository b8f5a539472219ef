"""The pieces added to linseg.compose: a segment cost and Hearst's depth scores.

Usage: python benchmarks/bench_compose.py [--data DIR] [--sizes 1000,10000,100000]

Two tables, through the public API:

1. The default method composed by hand, ``Composition(StemCosine(), LocalRank(11),
   ExactDP(1.1, 0.6, cost=Sum([(1, Multinomial()), (2, SectionCues())]),
   units="headings", diagonal=False))``, beside
   the registered ``u00_pr`` on the 110 pages of ``natural/python-docs``: the same
   boundaries, milliseconds per page (median of three passes, warm, one process, BLAS on
   one thread).
2. ``Composition(transform=None, strategy=DepthScores(block=5), band=9)`` -- C99's cosine
   on a band and Hearst's depth scores -- on Brown documents of the given lengths, built
   as in bench_scale.py: seconds and peak resident memory, each in a fresh process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from bench_scale import _peak_rss  # the same measurement as the banded C99's


def pages_table(data: str) -> None:
    from linseg.compose import Composition, costs, measures, strategies, transforms
    from linseg.evaluation.natural import find_natural_documents
    from linseg.execution.workers import blas_on_one_thread
    from linseg.methods import create

    texts = [
        t.read_text()
        for t, _ in find_natural_documents(os.path.join(data, "natural", "python-docs"))
    ]
    hand = Composition(
        measures.StemCosine(),
        transforms.LocalRank(11),
        strategies.ExactDP(
            1.1,
            0.6,
            cost=costs.Sum([(1.0, costs.Multinomial()), (2.0, costs.SectionCues())]),
            units="headings",
            diagonal=False,
        ),
    )
    registered = create("u00_pr")
    print(f"python-docs: {len(texts)} pages")
    print("| segmenter | ms per page | boundaries equal to u00_pr's |")
    print("| --- | ---: | ---: |")
    with blas_on_one_thread():
        want = [registered.segment_text(t).boundaries for t in texts]
        for label, seg in (("u00_pr (registered)", registered), ("the same, composed", hand)):
            times, same = [], 0
            for _ in range(3):
                t0 = time.perf_counter()
                found = [seg.segment_text(t).boundaries for t in texts]
                times.append((time.perf_counter() - t0) / len(texts))
            same = sum(f == w for f, w in zip(found, want))
            print(f"| {label} | {1000 * statistics.median(times):.2f} | {same} of {len(texts)} |")


def child(data: str, n: int) -> None:
    """One depth-scores measurement, printed as a JSON line."""
    from linseg.compose import Composition, strategies
    from linseg.evaluation.long_documents import brown_documents, document_of_length

    files = brown_documents(os.path.join(data, "brown", "brown.zip"))
    seg = Composition(
        transform=None, strategy=strategies.DepthScores(block=5), band=9, tokenized=True
    )
    seg.segment(document_of_length(files, 500, seed=99).sentences)  # warm
    doc = document_of_length(files, n, seed=1)
    del files
    t0 = time.perf_counter()
    result = seg.segment(doc.sentences)
    secs = time.perf_counter() - t0
    print(
        json.dumps(
            {
                "n": n,
                "seconds": secs,
                "peak_bytes": _peak_rss(),
                "segments": result.n_segments,
                "true": len(doc.boundaries) + 1,
            }
        )
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--data", default=os.environ.get("LINSEG_DATA"), help="data root (default: $LINSEG_DATA)"
    )
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if not args.data:
        ap.error("give --data or set LINSEG_DATA")
    if args.child is not None:
        child(args.data, args.child)
        return
    pages_table(args.data)
    print()
    print("DepthScores(block=5) on C99's cosine within a band of 9 sentences")
    print("| sentences | seconds | peak MB (process) | segments (true) |")
    print("| ---: | ---: | ---: | ---: |")
    for n in (int(s) for s in args.sizes.split(",") if s):
        out = subprocess.run(
            [sys.executable, __file__, "--child", str(n), "--data", args.data],
            capture_output=True,
            text=True,
            check=True,
        )
        r = json.loads(out.stdout.strip().splitlines()[-1])
        print(
            f"| {n:,} | {r['seconds']:.3f} | {r['peak_bytes'] / (1 << 20):.0f} | {r['segments']} ({r['true']}) |",
            flush=True,
        )


if __name__ == "__main__":
    main()

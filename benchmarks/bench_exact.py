"""Exact DP segmentation on long documents: time and peak memory, count and penalty.

Usage: python benchmarks/bench_exact.py [--data DIR] [--sizes 1000,10000,100000]
                                        [--max-length 150] [--band 149] [--penalty 10]
                                        [--dense-sizes 1000,3000]

Documents are built as in bench_scale.py, from ``$LINSEG_DATA/brown/brown.zip``:
sections of 20 to 120 sentences, each the start of a random Brown file, concatenated to
the wanted length. Every run goes through the public API::

    Composition(strategy=ExactDP(exponent=0.7, max_length=L), band=w)        # + count
    Composition(strategy=ExactDP(penalty=p, exponent=0.7, max_length=L), band=w)

that is C99's cosine and 11 x 11 rank on the band (c99_dp's pieces), then the exact
search over segments of at most L sentences; the count is the document's true number of
segments. Each measurement runs in a fresh process so that its peak memory (the
process's maximum resident set, Python and the document included) is its own; the
kernels are warmed on a small document first. "seconds" is the whole of
``segment(sentences)``, "search" the strategy's share. ``--dense-sizes`` adds today's
unbounded search on the dense n x n matrix (``band=None, max_length=None``) for scale.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from bench_scale import _peak_rss, _rss_now  # the same measurements as the banded C99's
from linseg.methods.c99_dp import EXPONENT  # c99_dp's


class Timed:
    """A strategy that runs another and keeps how long it took."""

    def __init__(self, strategy) -> None:
        self.strategy = strategy
        self.seconds = 0.0

    def __call__(self, matrix, n_segments):
        t0 = time.perf_counter()
        out = self.strategy(matrix, n_segments)
        self.seconds = time.perf_counter() - t0
        return out


def child(data: str, n: int, mode: str, length: int, band: int, penalty: float) -> None:
    """One measurement, printed as a JSON line."""
    from linseg import pk
    from linseg.compose import Composition
    from linseg.compose.strategies import ExactDP
    from linseg.evaluation.long_documents import brown_documents, document_of_length

    files = brown_documents(os.path.join(data, "brown", "brown.zip"))
    dense = mode.startswith("dense")
    strategy = ExactDP(
        penalty=penalty if mode.endswith("penalty") else None,
        exponent=EXPONENT,
        max_length=None if dense else length,
    )

    def segmenter(timed: Timed) -> Composition:
        return Composition(strategy=timed, tokenized=True, band=None if dense else band)

    warm = document_of_length(files, 500, seed=99)
    segmenter(Timed(strategy)).segment(warm.sentences, 10 if mode.endswith("count") else None)
    doc = document_of_length(files, n, seed=1)
    del files, warm
    k = len(doc.boundaries) + 1 if mode.endswith("count") else None
    base = _rss_now()
    timed = Timed(strategy)
    t0 = time.perf_counter()
    result = segmenter(timed).segment(doc.sentences, k)
    secs = time.perf_counter() - t0
    print(
        json.dumps(
            {
                "n": n,
                "mode": mode,
                "seconds": secs,
                "search": timed.seconds,
                "peak_bytes": _peak_rss(),
                "base_bytes": base,
                "segments": result.n_segments,
                "true_segments": len(doc.boundaries) + 1,
                "pk": 100 * pk(doc.boundaries, result.boundaries, lengths=doc.word_lengths()),
            }
        )
    )


def measure(data: str, n: int, mode: str, args: argparse.Namespace) -> dict:
    command = [sys.executable, __file__, "--child", str(n), "--mode", mode, "--data", data]
    command += ["--max-length", str(args.max_length), "--band", str(args.band)]
    command += ["--penalty", str(args.penalty)]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--data", default=os.environ.get("LINSEG_DATA"), help="data root (default: $LINSEG_DATA)"
    )
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--max-length", type=int, default=150, help="longest segment, sentences")
    ap.add_argument("--band", type=int, default=149, help="band of the cosine and the rank")
    ap.add_argument("--penalty", type=float, default=10.0, help="penalty per segment")
    ap.add_argument("--dense-sizes", default="1000,3000", help="dense unbounded runs ('' none)")
    ap.add_argument("--mode", default="count", help=argparse.SUPPRESS)
    ap.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if not args.data:
        ap.error("give --data or set LINSEG_DATA")
    if args.child is not None:
        child(args.data, args.child, args.mode, args.max_length, args.band, args.penalty)
        return

    mb = 1 << 20
    print(
        f"exact DP, exponent {EXPONENT}: max_length {args.max_length}, band {args.band}, "
        f"penalty {args.penalty:g}; {os.cpu_count()} cores"
    )
    print(
        "| sentences | search | seconds | of which search | peak MB (process) "
        "| of which document + Python | segments (true) | Pk % |"
    )
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    runs = [(int(s), m) for s in args.sizes.split(",") if s for m in ("count", "penalty")]
    runs += [(int(s), f"dense {m}") for s in args.dense_sizes.split(",") if s for m in ("count",)]
    for n, mode in runs:
        r = measure(args.data, n, mode, args)
        label = mode if mode.startswith("dense") else f"{mode}, L = {args.max_length}"
        print(
            f"| {n:,} | {label} | {r['seconds']:.3f} | {r['search']:.3f} | "
            f"{r['peak_bytes'] / mb:.0f} | {r['base_bytes'] / mb:.0f} | "
            f"{r['segments']} ({r['true_segments']}) | {r['pk']:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()

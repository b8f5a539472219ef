"""Speed of Reynar's dot-plotting and its variants: ms per sample of the paper's corpus,
and how each grows with the length of a document.

Usage: python benchmarks/bench_dotplot.py [--data DIR] [--repeat N]

Every method runs warm in one process (a first pass compiles the kernels and learns the
vocabulary; it is not counted), from token strings in to boundaries out, given the
reference number of segments as in the paper. Long documents are consecutive samples of
the corpus joined, cut at their reference boundaries.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from collections import defaultdict

from linseg.evaluation.corpora import choi_dir, find_ref_files, read_ref
from linseg.evaluation.corpora.data import DataNotFound
from linseg.methods import create

METHODS = ("r98", "r98_min", "r98_s_cos", "r98_m_dot", "r98_m_sa")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", help="data root (default: $LINSEG_DATA)")
    ap.add_argument("--repeat", type=int, default=3, help="passes over the corpus (default 3)")
    args = ap.parse_args()

    try:
        corpus = choi_dir(args.data)
    except DataNotFound as exc:  # one line, as the CLI says it
        sys.exit(f"bench_dotplot.py: {exc}")
    docs = [read_ref(p) for p in find_ref_files(corpus)]
    clock = time.perf_counter
    print(f"{len(docs)} samples, best of {args.repeat} passes, ms per sample (median / mean / max)")
    print(f"{'method':<10} " + " ".join(f"{r:>18}" for r in ("3-11", "3-5", "6-8", "9-11")))
    for name in METHODS:
        seg = create(name, tokenized=True)
        for d in docs:
            seg.segment(d.sentences, d.n_segments)
        best: dict[str, float] = {}
        times: dict[str, list[float]] = defaultdict(list)
        for _ in range(args.repeat):
            for d in docs:
                t0 = clock()
                seg.segment(d.sentences, d.n_segments)
                dt = clock() - t0
                key = str(d.path)
                best[key] = min(best.get(key, dt), dt)
        for d in docs:
            times[str(d.path).replace("\\", "/").split("/")[-2]].append(best[str(d.path)])
        cells = []
        for rng in ("3-11", "3-5", "6-8", "9-11"):
            t = times[rng]
            cells.append(
                f"{1e3 * statistics.median(t):5.2f} /{1e3 * statistics.mean(t):5.2f} /"
                f"{1e3 * max(t):5.1f}"
            )
        print(f"{name:<10} " + " ".join(f"{c:>18}" for c in cells))

    print("\nlong documents (joined samples), ms per document, given the reference count")
    sizes = (1, 5, 20)
    print(f"{'method':<10} " + " ".join(f"{f'{k} samples':>12}" for k in sizes))
    lengths = []
    for name in METHODS:
        seg = create(name, tokenized=True)
        cells = []
        for k in sizes:
            sentences: list[str] = []
            n_segments = 0
            for d in docs[:k]:
                sentences += d.sentences
                n_segments += d.n_segments
            if name == METHODS[0]:
                lengths.append(len(sentences))
            seg.segment(sentences, n_segments)
            t0 = clock()
            seg.segment(sentences, n_segments)
            cells.append(f"{1e3 * (clock() - t0):12.1f}")
        print(f"{name:<10} " + " ".join(cells))
    print("sentences: " + ", ".join(str(n) for n in lengths))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of this process: {peak:.0f} MB")


if __name__ == "__main__":
    main()

"""Speed of C99 on the paper's 700 samples: median time per sample, whole pipeline and by stage.

Usage: python benchmarks/bench_c99.py [--data DIR] [--repeat N]

The whole pipeline is timed from token strings in to boundaries out, in one warm
process (the first pass compiles the kernels and is not counted).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from linseg import C99
from linseg.compose.measures.cosine import cosine_from_ids
from linseg.compose.strategies.divisive import divisive_clustering, sum_of_rank
from linseg.compose.strategies.termination import automatic_termination
from linseg.compose.transforms import rank_transform
from linseg.evaluation.corpora import choi_dir, find_ref_files, read_ref
from linseg.evaluation.corpora.data import DataNotFound


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", help="data root (default: $LINSEG_DATA)")
    ap.add_argument("--repeat", type=int, default=5, help="passes over the corpus (default 5)")
    args = ap.parse_args()

    try:
        corpus = choi_dir(args.data)
    except DataNotFound as exc:  # one line, as the CLI says it
        sys.exit(f"bench_c99.py: {exc}")
    docs = [read_ref(p) for p in find_ref_files(corpus)]
    seg = C99(tokenized=True)
    for d in docs:  # warm: JIT compilation and the stemmer cache
        seg.segment(d.sentences)

    whole: list[float] = []
    stages: dict[str, list[float]] = {
        k: [] for k in ("text", "similarity", "rank", "sum of rank", "clustering", "termination")
    }
    clock = time.perf_counter
    for _ in range(args.repeat):
        for d in docs:
            t0 = clock()
            seg.segment(d.sentences)
            whole.append(clock() - t0)

            t0 = clock()
            ids, offsets = seg._text.ids(d.sentences, True)
            t1 = clock()
            sim = cosine_from_ids(ids, offsets, len(seg._text.vocabulary))
            t2 = clock()
            rank = rank_transform(sim, 11)
            t3 = clock()
            s = sum_of_rank(rank)
            t4 = clock()
            cl = divisive_clustering(s)
            t5 = clock()
            automatic_termination(cl.gain, 1.2)
            t6 = clock()
            for name, a, b in (
                ("text", t0, t1),
                ("similarity", t1, t2),
                ("rank", t2, t3),
                ("sum of rank", t3, t4),
                ("clustering", t4, t5),
                ("termination", t5, t6),
            ):
                stages[name].append(b - a)

    n_sent = statistics.mean(len(d.sentences) for d in docs)
    print(f"{len(docs)} samples, mean {n_sent:.1f} sentences, {args.repeat} passes")
    print(
        f"whole pipeline: median {1e3 * statistics.median(whole):.3f} ms/sample, "
        f"mean {1e3 * statistics.mean(whole):.3f} ms/sample"
    )
    print("| stage | median ms/sample |")
    print("| --- | --- |")
    for name, v in stages.items():
        print(f"| {name} | {1e3 * statistics.median(v):.4f} |")


if __name__ == "__main__":
    main()

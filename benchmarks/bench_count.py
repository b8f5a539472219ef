"""The default method given a count on long documents: its two exact searches.

Usage: python benchmarks/bench_count.py [--data DIR] [--sizes 2000,4000,8000]
                                        [--counts none,true,400,1600] [--repeat 1]

Up to ``RANK_MAX_SENTENCES`` (2,000) the default, ``u00_pr``, searches a dense table of
every segment (U00's cost and C99's rank) level by level, O(k n^2) with a count k
(``strategies.best_with_count``, compiled in ``linseg/compose/strategies/_exact.pyx``). Above it, it
searches U00's cost alone, streaming over segments of at most ``AUTO_MAX_UNITS`` (1,000)
units (``costs.Multinomial.search``, in ``linseg/compose/costs/_multinomial.pyx``): k levels for
every pair of a start and an end within that bound, O(k n L); with no count, one.
Documents are built as in bench_scale.py from
``$LINSEG_DATA/brown/brown.zip`` (sections of 20-120 sentences, one sentence per line,
no blank lines, so every sentence is a unit), and each run is one public call,
``create("u00_pr").segment(sentences, k)``, timed whole (the kernels warmed first).
"true" is the document's own number of sections; "none" finds the count.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from linseg.evaluation.long_documents import brown_documents, document_of_length
from linseg.methods import create


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.environ.get("LINSEG_DATA"))
    ap.add_argument("--sizes", default="2000,4000,8000")
    ap.add_argument("--counts", default="none,true,400,1600")
    ap.add_argument("--repeat", type=int, default=1, help="runs per row (the fastest is kept)")
    args = ap.parse_args()
    if not args.data:
        raise SystemExit("give --data or set LINSEG_DATA")
    files = brown_documents(os.path.join(args.data, "brown", "brown.zip"))
    segmenter = create("u00_pr")
    segmenter.segment(document_of_length(files, 300, seed=99).sentences, 5)  # warm
    for n in (int(s) for s in args.sizes.split(",")):
        doc = document_of_length(files, n, seed=1)
        for count in args.counts.split(","):
            if count == "none":
                k = None
            elif count == "true":
                k = len(doc.boundaries) + 1
            else:
                k = int(count)
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                found = segmenter.segment(doc.sentences, k)
                best = min(best, time.perf_counter() - t0)
            row = {"sentences": n, "count": count, "k": k, "segments": len(found.boundaries) + 1}
            print(json.dumps({**row, "seconds": round(best, 3)}), flush=True)


if __name__ == "__main__":
    main()

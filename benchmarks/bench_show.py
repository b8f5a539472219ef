"""Time the figures and reports of linseg.show (results in BENCHMARKS.md).

    LINSEG_DATA=/path/to/shared/data python benchmarks/bench_show.py

Measures, per document of the paper's corpus and for longer documents made by joining
samples: the C99 run, each figure, the one-sheet figure, the HTML page (SVG and PNG
figures) and its size; then the evaluation report of all 700 samples.
"""

from __future__ import annotations

import os
import resource
import time
from pathlib import Path

from linseg import C99
from linseg.evaluation import figures as F
from linseg.evaluation._mpl import figure_bytes
from linseg.evaluation.reports import document_report, evaluation_report
from linseg.readers.document import parse_document
from linseg.readers.ref import find_ref_files, format_ref, read_ref


def clock(fn, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def main() -> None:
    choi = Path(os.environ["LINSEG_DATA"]) / "choi"
    files = find_ref_files(choi)
    docs = [read_ref(p) for p in files]
    seg = C99(tokenized=True)
    # Warm numba and matplotlib.
    F.plot_all(seg.segment(docs[0].sentences))
    print(
        "| document | sentences | C99 | each figure (PNG) | sheet (PNG) | page, SVG figures | page, PNG figures |"
    )
    print("|---|---|---|---|---|---|---|")
    for k in (1, 5, 20):
        sents, bounds = [], []
        for d in docs[:k]:
            if sents:
                bounds.append(len(sents))
            sents += d.sentences
        doc = parse_document(format_ref(sents, bounds), "choi")
        t_seg, res = clock(lambda: seg.segment(doc.sentences))
        each = []
        for kind in F.KINDS:
            t, _ = clock(
                lambda: figure_bytes(F.plot(res, kind, reference=doc.reference).figure, "png"), 1
            )
            each.append(t)
        t_sheet, _ = clock(lambda: figure_bytes(F.plot_all(res, doc.reference), "png"), 1)
        t_svg, page_svg = clock(lambda: document_report(res, doc, segmenter=seg), 1)
        t_png, page_png = clock(
            lambda: document_report(res, doc, segmenter=seg, figure_format="png"), 1
        )
        print(
            f"| {k} sample(s) | {len(sents)} | {1e3 * t_seg:.1f} ms | "
            f"{1e3 * min(each):.0f}-{1e3 * max(each):.0f} ms | {1e3 * t_sheet:.0f} ms | "
            f"{1e3 * t_svg:.0f} ms, {len(page_svg) / 1e3:.0f} kB | "
            f"{1e3 * t_png:.0f} ms, {len(page_png) / 1e3:.0f} kB |"
        )
    from linseg.evaluation.evaluate import evaluate

    results = evaluate(seg, files)
    t, page = clock(lambda: evaluation_report(results, corpus=choi), 1)
    t2, page2 = clock(lambda: evaluation_report(results, corpus=choi, texts=False), 1)
    print(
        f"\nevaluation report, {len(results)} samples: {1e3 * t:.0f} ms, "
        f"{len(page) / 1e6:.1f} MB with sentences; {1e3 * t2:.0f} ms, "
        f"{len(page2) / 1e6:.1f} MB without"
    )
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()

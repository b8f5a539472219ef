"""The pure NumPy kernels against the compiled ones (linseg.kernels): the figures a user
without a C compiler sees.

Usage: python benchmarks/bench_kernels.py [--data DIR] [--repeat N] [--only c99,default,long]

Each measure runs in a fresh process for each choice (``LINSEG_KERNELS=compiled``, then
``pure``), and prints a row with the ratio:

- ``c99``: C99 on the paper's 700 samples, the whole pipeline from token strings to
  boundaries in one warm process (as ``bench_c99.py``): median ms a sample;
- ``default``: the default method (``u00_pr``) on the same samples, each segmented with
  the count found as ``linseg evaluate`` reads them: median CPU ms a sample;
- ``long``: ``linseg segment FILE --format lines`` on 10,000 sentences, one a line (the
  python-docs pages' sentences in order, as ``linseg segment`` splits them): wall seconds
  of the whole command, and its peak memory.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MEASURES = ("c99", "default", "long")


def _corpus(data: str | None):
    from linseg.evaluation.corpora import choi_dir, find_ref_files, read_ref

    return [read_ref(p) for p in find_ref_files(choi_dir(data))]


def worker_c99(data: str | None, repeat: int) -> dict:
    from linseg import C99

    docs = _corpus(data)
    seg = C99(tokenized=True)
    for d in docs:  # warm: the stemmer's memo, the first imports
        seg.segment(d.sentences)
    times = []
    for _ in range(repeat):
        for d in docs:
            t0 = time.perf_counter()
            seg.segment(d.sentences)
            times.append(time.perf_counter() - t0)
    return {"value": 1e3 * statistics.median(times), "unit": "ms a sample"}


def worker_default(data: str | None, repeat: int) -> dict:
    from linseg.methods import DEFAULT_METHOD, create

    docs = _corpus(data)
    seg = create(DEFAULT_METHOD)
    for d in docs[:50]:
        seg.segment(d.sentences)
    times = []
    for _ in range(repeat):
        for d in docs:
            t0 = time.process_time()
            seg.segment(d.sentences)
            times.append(time.process_time() - t0)
    return {"value": 1e3 * statistics.median(times), "unit": "CPU ms a sample"}


def long_file(data: str | None, n: int = 10_000) -> Path:
    """The first ``n`` sentences of the python-docs pages, one a line."""
    from linseg.evaluation.natural import PYTHON_DOCS, find_natural_documents
    from linseg.text.sentences import split_sentences

    lines: list[str] = []
    for txt, _ in find_natural_documents(Path(data or ".") / PYTHON_DOCS):
        for sentence in split_sentences(txt.read_text(encoding="utf-8")):
            sentence = " ".join(sentence.split())
            if sentence:
                lines.append(sentence)
        if len(lines) >= n:
            break
    path = Path(tempfile.gettempdir()) / f"linseg-bench-{n}-sentences.txt"
    path.write_text("\n".join(lines[:n]) + "\n", encoding="utf-8")
    return path


# Runs a command and prints its wall seconds and its peak memory (MB), as a child of its own.
_TIMED = """
import resource, subprocess, sys, time
t0 = time.perf_counter()
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
print(time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
"""


def run_long(path: Path, env: dict[str, str], repeat: int) -> dict:
    best, peak = float("inf"), 0.0
    command = [sys.executable, "-m", "linseg", "segment", str(path), "--format", "lines"]
    for _ in range(repeat):
        out = subprocess.run(
            [sys.executable, "-c", _TIMED, *command],
            env=env, check=True, capture_output=True, text=True,
        ).stdout.split()  # fmt: skip
        best, peak = min(best, float(out[0])), max(peak, float(out[1]))
    return {"value": best, "unit": "s", "peak_mb": peak}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.environ.get("LINSEG_DATA"))
    ap.add_argument("--repeat", type=int, default=3, help="passes (c99, default), runs (long)")
    ap.add_argument("--only", default=",".join(MEASURES))
    ap.add_argument("--worker", choices=MEASURES[:2], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker = worker_c99 if args.worker == "c99" else worker_default
        print(json.dumps(worker(args.data, args.repeat)))
        return
    if not args.data:
        sys.exit("bench_kernels.py: set LINSEG_DATA or give --data")
    print("| measure | compiled | pure | pure / compiled |")
    print("| --- | --- | --- | --- |")
    path = long_file(args.data) if "long" in args.only else None
    for measure in args.only.split(","):
        row = {}
        for kind in ("compiled", "pure"):
            env = {**os.environ, "LINSEG_KERNELS": kind}
            if measure == "long":
                assert path is not None
                row[kind] = run_long(path, env, args.repeat)
                continue
            out = subprocess.run(
                [sys.executable, __file__, "--worker", measure, "--repeat", str(args.repeat),
                 "--data", args.data],
                env=env, check=True, capture_output=True, text=True,
            ).stdout  # fmt: skip
            row[kind] = json.loads(out.strip().splitlines()[-1])
        a, b = row["compiled"], row["pure"]
        memory = [f", {r['peak_mb']:.0f} MB" if "peak_mb" in r else "" for r in (a, b)]
        print(
            f"| {measure} ({a['unit']}) | {a['value']:.3g}{memory[0]} | {b['value']:.3g}{memory[1]} "
            f"| {b['value'] / a['value']:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()

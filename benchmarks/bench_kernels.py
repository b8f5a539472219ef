"""The pure NumPy kernels against the compiled ones (linseg.kernels): the figures a user
without a C compiler sees.

Usage: python benchmarks/bench_kernels.py [--data DIR] [--repeat N] [--only c99,default,long]
       python benchmarks/bench_kernels.py --only install [--repeat N]

Each measure runs in a fresh process for each choice (``LINSEG_KERNELS=compiled``, then
``pure``), and prints a row with the ratio:

- ``c99``: C99 on the paper's 700 samples, the whole pipeline from token strings to
  boundaries in one warm process (as ``bench_c99.py``): median ms a sample;
- ``default``: the default method (``u00_pr``) on the same samples, each segmented with
  the count found as ``linseg evaluate`` reads them: median CPU ms a sample;
- ``long``: ``linseg segment FILE --format lines`` on 10,000 sentences, one a line (the
  python-docs pages' sentences in order, as ``linseg segment`` splits them): wall seconds
  of the whole command, and its peak memory;
- ``install`` (only when asked): the README's first command, ``python3 -m venv .venv &&
  . .venv/bin/activate && pip install . && linseg segment examples/three-topics.txt``, in
  a clean clone of this checkout's HEAD, with the C compiler and without one (``CC=/bin/false``
  and a ``PATH`` holding only ``python3``): wall seconds, the fastest of ``--repeat`` runs
  (the first warms pip's cache for the dependencies, as a user reinstalling has it).
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
ROOT = Path(__file__).resolve().parent.parent
README_COMMAND = (
    "python3 -m venv .venv && . .venv/bin/activate && pip install -q . "
    "&& linseg segment examples/three-topics.txt"
)


def _corpus(data: str | None):
    from linseg.evaluation.corpora import choi_dir, find_ref_files, read_ref

    return [read_ref(p) for p in find_ref_files(choi_dir(data))]


def worker_c99(data: str | None, repeat: int) -> dict:
    from linseg import C99

    docs = _corpus(data)
    seg = C99(tokenized=True)
    for d in docs:  # warm: the stemmer's memo, the first imports
        seg.segment(d.sentences)
    return {"value": _median_ms(seg, docs, repeat, time.perf_counter), "unit": "ms a sample"}


def worker_default(data: str | None, repeat: int) -> dict:
    from linseg.methods import DEFAULT_METHOD, create

    docs = _corpus(data)
    seg = create(DEFAULT_METHOD)
    for d in docs[:50]:
        seg.segment(d.sentences)
    return {"value": _median_ms(seg, docs, repeat, time.process_time), "unit": "CPU ms a sample"}


def _median_ms(seg, docs, repeat: int, clock) -> float:
    """The median time of one sample's segmentation, over ``repeat`` passes, by ``clock``."""
    times = []
    for _ in range(repeat):
        for d in docs:
            t0 = clock()
            seg.segment(d.sentences)
            times.append(clock() - t0)
    return 1e3 * statistics.median(times)


def long_file(data: str | None, n: int = 10_000) -> Path:
    """The first ``n`` sentences of the python-docs pages, one a line."""
    from linseg.evaluation.natural import PYTHON_DOCS, find_natural_documents
    from linseg.text.sentences import split_sentences

    lines: list[str] = []
    for txt, _ in find_natural_documents(Path(data or ".") / PYTHON_DOCS):
        text = txt.read_text(encoding="utf-8")
        for a, b in split_sentences(text):
            sentence = " ".join(text[a:b].split())
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


def readme_install(workdir: Path, compiler: bool, repeat: int) -> tuple[float, float, str]:
    """The README's first command in a clean clone: (fastest wall seconds, its CPU seconds,
    the kernels it installed, as ``linseg --version`` says)."""
    env = {k: v for k, v in os.environ.items() if k != "LINSEG_KERNELS"}
    if not compiler:
        bin_dir = workdir / "bin"
        bin_dir.mkdir(exist_ok=True)
        if not (bin_dir / "python3").exists():
            (bin_dir / "python3").symlink_to(getattr(sys, "_base_executable", sys.executable))
        env.update(PATH=str(bin_dir), CC="/bin/false")
    best, cpu = float("inf"), 0.0
    for run in range(repeat):
        clone = workdir / f"clone-{'cc' if compiler else 'nocc'}-{run}"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        t0, c0 = time.perf_counter(), _children_cpu()
        subprocess.run(
            ["/bin/bash", "-c", README_COMMAND], cwd=clone, env=env, check=True,
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        if time.perf_counter() - t0 < best:
            best, cpu = time.perf_counter() - t0, _children_cpu() - c0
    version = subprocess.run(
        [str(clone / ".venv" / "bin" / "linseg"), "--version"], capture_output=True, text=True
    ).stdout
    return best, cpu, " ".join(version.split()[:6])


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


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
    if args.only == "install":
        with tempfile.TemporaryDirectory(prefix="linseg-install-") as tmp:
            for compiler in (True, False):
                secs, cpu, which = readme_install(Path(tmp), compiler, max(args.repeat, 2))
                print(f"README command 1, {'with' if compiler else 'without'} a C compiler: "
                      f"{secs:.1f} s wall, {cpu:.1f} s CPU ({which}); load average "
                      f"{os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
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

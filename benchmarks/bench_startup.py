"""Start-up as a new user meets it: a fresh venv, ``pip install .`` from a clean clone.

Usage: python benchmarks/bench_startup.py [--data DIR] [--workdir DIR] [--skip-long]

Clones this checkout (its committed HEAD) into a temporary folder, installs it into a new
virtual environment with ``pip install .`` (which compiles the kernels), and measures, each
in a fresh process of that environment:

- ``python -c "import linseg"`` (median of 7);
- the first ``linseg segment examples/three-topics.txt`` after the install;
- the first call of every registered method, and of ``--band``, beside a warm call;
- a warm call on the same file: median wall time of 10 and peak resident memory;
- C99 per sample on the paper's corpus, warm (``benchmarks/bench_c99.py`` of the clone);
- a 100,000-sentence document (the first run in the environment, C99 with its default
  band, and the default method), and 1,000,000 sentences with the band
  (``benchmarks/bench_scale.py`` of the clone).

Long documents are built from ``$LINSEG_DATA/brown/brown.zip`` as in bench_scale.py.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(cmd: list[str], env: dict[str, str] | None = None, cwd: Path | None = None):
    """Wall seconds and stdout of one child process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd, text=True
    )
    out, err = proc.communicate()
    secs = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {err.strip()[-500:]}")
    return secs, out


def install(workdir: Path) -> tuple[Path, Path, float]:
    clone = workdir / "linseg"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    venv = workdir / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q"]
    subprocess.run(pip + ["--upgrade", "pip"], check=True)
    t0 = time.perf_counter()
    subprocess.run(pip + [str(clone)], check=True)
    return clone, venv, time.perf_counter() - t0


def write_long_document(python: Path, data: str, n: int, path: Path) -> None:
    code = (
        "import sys\n"
        "from linseg.evaluation.long_documents import brown_documents, document_of_length\n"
        f"files = brown_documents({os.path.join(data, 'brown', 'brown.zip')!r})\n"
        f"doc = document_of_length(files, {n}, seed=1)\n"
        f"open({str(path)!r}, 'w').write(''.join(s + '\\n' for s in doc.sentences))\n"
    )
    subprocess.run([str(python), "-c", code], check=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.environ.get("LINSEG_DATA"))
    ap.add_argument("--workdir", default=None, help="where to clone and install (a temp dir)")
    ap.add_argument("--skip-long", action="store_true", help="skip the long documents")
    args = ap.parse_args()
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="linseg-startup-"))
    clone, venv, install_secs = install(workdir)
    python, linseg = venv / "bin" / "python", str(venv / "bin" / "linseg")
    example = str(clone / "examples" / "three-topics.txt")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="0")
    print(f"install (pip install . from a clean clone, kernels compiled): {install_secs:.1f} s")

    first, _ = timed([linseg, "segment", example], env)
    print(f"first `linseg segment examples/three-topics.txt`: {first:.2f} s")

    imports = [timed([str(python), "-c", "import linseg"], env)[0] for _ in range(7)]
    bare = [timed([str(python), "-c", "pass"], env)[0] for _ in range(7)]
    print(
        f'`python -c "import linseg"`: median {statistics.median(imports):.3f} s '
        f"(Python alone {statistics.median(bare):.3f} s)"
    )

    methods_out = timed([linseg, "methods"], env)[1]
    names = re.findall(r"^\s*(\w+)\s", methods_out, flags=re.M)
    names = [n for n in names if n not in {"name", "method"}]
    print("\n| call | first | warm | first - warm |\n| --- | --- | --- | --- |")
    calls = [[f"--method={n}"] for n in names] + [["--method=c99", "--band=20"]]
    for extra in calls:
        cmd = [linseg, "segment", example, "--segments", "3", *extra]
        try:
            once = timed(cmd, env)[0]
        except SystemExit:
            cmd = [linseg, "segment", example, *extra]
            once = timed(cmd, env)[0]
        warm = statistics.median(timed(cmd, env)[0] for _ in range(3))
        print(f"| {' '.join(extra)} | {once:.2f} s | {warm:.2f} s | {once - warm:+.2f} s |")

    walls, peaks = [], []
    for _ in range(10):
        secs, _ = timed([linseg, "segment", example], env)
        walls.append(secs)
    # The peak of a warm call: RUSAGE_CHILDREN of a parent whose only child is that call.
    peak_code = (
        "import resource, subprocess, sys\n"
        f"subprocess.run([{linseg!r}, 'segment', {example!r}], stdout=subprocess.DEVNULL)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    for _ in range(3):
        peaks.append(int(timed([str(python), "-c", peak_code], env)[1]) * 1024)
    print(
        f"\nwarm `linseg segment examples/three-topics.txt`: median {statistics.median(walls):.3f} s "
        f"wall (min {min(walls):.3f}), peak {statistics.median(peaks) / 2**20:.0f} MB"
    )
    if not args.data:
        print("LINSEG_DATA not set: no corpus or long-document figures")
        return
    out = timed([str(python), str(clone / "benchmarks" / "bench_c99.py")], env, cwd=clone)[1]
    line = next(x for x in out.splitlines() if x.startswith("whole pipeline"))
    print(f"C99 on the paper's corpus, warm: {line}")
    if args.skip_long:
        return
    doc = workdir / "100k.txt"
    write_long_document(python, args.data, 100_000, doc)
    for method in (["--method", "c99", "--band", "auto"], ["--method", "u00_p"]):
        cmd = [linseg, "segment", str(doc), "--format", "lines", *method, "-o", os.devnull]
        secs = timed(cmd, env)[0]
        print(f"100,000 sentences, {' '.join(method)}, CLI: {secs:.2f} s")
    out = timed(
        [str(python), str(clone / "benchmarks" / "bench_scale.py"), "--sizes", "1000000"],
        env,
        cwd=clone,
    )[1]
    print("1,000,000 sentences, banded C99 (bench_scale.py):")
    print(out.strip())


if __name__ == "__main__":
    main()

"""Wall time of ``linseg paper`` for baselines + C99 + C99_b + Table 7 on the 700 samples.

Usage: LINSEG_DATA=/path/to/data python benchmarks/bench_paper.py [--jobs N]
Runs once from an empty output folder and once again on the cache it left.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as out:
        cmd = [
            sys.executable,
            "-m",
            "linseg",
            "paper",
            "--out",
            out,
            "--jobs",
            str(args.jobs),
            "--only",
            "table2,table6,table7",
        ]
        for label in ("fresh", "cached"):
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            wall = time.perf_counter() - t0
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            print(
                f"{label:>6}: {wall:5.1f} s wall (jobs={args.jobs}, peak RSS of a process "
                f"{peak:.0f} MB)"
            )


if __name__ == "__main__":
    main()

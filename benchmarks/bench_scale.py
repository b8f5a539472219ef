"""Banded C99 on long documents: time and peak memory from 1,000 to 1,000,000 sentences.

Usage: python benchmarks/bench_scale.py [--data DIR] [--sizes 1000,10000,100000,1000000]
                                        [--band N] [--full-size 4000] [--quality]
       python benchmarks/bench_scale.py --cli [--data DIR] [--sizes 100000,1000000]

Documents are built here from ``$LINSEG_DATA/brown/brown.zip``: sections of 20 to 120
sentences, each the start of a random Brown file, concatenated to the wanted length.
Each measurement runs in a fresh process so that its peak memory (the process's maximum
resident set, including Python and the document itself) is its own; kernels are
compiled and warmed on a small document first and that time is not counted. The time
is the whole of ``C99(band=...).segment(sentences)``: text, similarity, rank,
clustering, termination.

``--quality`` adds Pk: banded against full C99 on 20 documents of 100 segments
(3-11 sentences each) and on the paper's 700 samples.

``--cli`` measures what a user sees instead: ``linseg segment FILE --format lines`` on
files of one Brown sentence a line (built as above, seed 1), for every output format
(``text``, ``choi``, ``json``, ``jsonl``), with the default method and with ``--method c99
--band auto``: the wall-clock time and the peak memory of the whole command
(``/usr/bin/time``; its CPU time too, which a busy machine inflates less), reading and
writing included, and how the time grows from the smallest size to the largest (linear:
x10 for 10 times the sentences).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time


def _rss_now() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def _peak_rss() -> int:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def child(data: str, n: int, band: str) -> None:
    """One measurement, printed as a JSON line."""
    from linseg import C99
    from linseg.evaluation.long_documents import brown_documents, document_of_length

    files = brown_documents(os.path.join(data, "brown", "brown.zip"))
    band_value = None if band == "full" else ("auto" if band == "auto" else int(band))
    warm = document_of_length(files, 3000, seed=99)
    C99(tokenized=True, band=band_value).segment(warm.sentences)
    doc = document_of_length(files, n, seed=1)
    del files, warm
    base = _rss_now()
    seg = C99(tokenized=True, band=band_value)
    t0 = time.perf_counter()
    result = seg.segment(doc.sentences)
    secs = time.perf_counter() - t0
    print(
        json.dumps(
            {
                "n": n,
                "band": band,
                "band_used": result.band,
                "seconds": secs,
                "peak_bytes": _peak_rss(),
                "base_bytes": base,
                "segments": result.n_segments,
            }
        )
    )


def measure(data: str, n: int, band: str) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(n), "--band", band, "--data", data],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def quality(data: str, band: int) -> None:
    import numpy as np

    from linseg import C99, pk
    from linseg.evaluation.corpora import find_ref_files, read_ref
    from linseg.evaluation.long_documents import brown_documents, long_document

    files = brown_documents(os.path.join(data, "brown", "brown.zip"), genres="aj")
    docs = [long_document(files, 100, 3, 11, seed=s) for s in range(20)]
    print(
        f"\n20 documents of 100 segments (3-11 sentences; mean "
        f"{np.mean([len(d.sentences) for d in docs]):.0f} sentences), mean Pk %:"
    )
    print(f"| | full C99 | banded, w = {band} | difference |")
    print("| --- | --- | --- | --- |")
    for known in (False, True):
        vals = {}
        for name, seg in (("full", C99(tokenized=True)), ("band", C99(tokenized=True, band=band))):
            ps = []
            for d in docs:
                r = seg.segment(d.sentences, d.n_segments if known else None)
                ps.append(100 * pk(d.boundaries, r.boundaries, lengths=d.word_lengths()))
            vals[name] = float(np.mean(ps))
        label = "known number of segments" if known else "automatic termination"
        print(
            f"| {label} | {vals['full']:.2f} | {vals['band']:.2f} | "
            f"{vals['band'] - vals['full']:+.2f} |"
        )

    refs = [read_ref(p) for p in find_ref_files(os.path.join(data, "choi"))]
    print("\nThe paper's 700 samples, mean Pk % per range (automatic termination):")
    print("| | 3-11 | 3-5 | 6-8 | 9-11 |")
    print("| --- | --- | --- | --- | --- |")
    for name, seg in (
        ("full C99", C99(tokenized=True)),
        (f"banded, w = {band}", C99(tokenized=True, band=band)),
    ):
        by: dict[str, list[float]] = {}
        for d in refs:
            r = seg.segment(d.sentences)
            by.setdefault(d.path.replace("\\", "/").split("/")[-2], []).append(
                100 * pk(d.boundaries, r.boundaries, lengths=d.word_lengths())
            )
        print(
            f"| {name} | "
            + " | ".join(f"{np.mean(by[k]):.2f}" for k in ("3-11", "3-5", "6-8", "9-11"))
            + " |"
        )


CLI_RUNS = (("default", []), ("c99 --band auto", ["--method", "c99", "--band", "auto"]))
CLI_OUTPUTS = ("text", "choi", "json", "jsonl")


def cli(data: str, sizes: list[int]) -> None:
    """``linseg segment`` on files of each size, every output, both methods."""
    import re
    import tempfile

    from linseg.evaluation.long_documents import brown_documents, document_of_length

    files = brown_documents(os.path.join(data, "brown", "brown.zip"))
    with tempfile.TemporaryDirectory(prefix="linseg-scale-") as tmp:
        paths = {}
        for n in sizes:
            paths[n] = os.path.join(tmp, f"brown-{n}.txt")
            with open(paths[n], "w", encoding="utf-8") as fh:
                fh.write("\n".join(document_of_length(files, n, seed=1).sentences) + "\n")
        del files
        print(f"linseg segment FILE --format lines; {os.cpu_count()} cores")
        print("| run | output | " + " | ".join(f"{n:,} sentences" for n in sizes) + " | growth |")
        print("| --- | --- | " + " | ".join("---:" for _ in sizes) + " | ---: |")
        for label, flags in CLI_RUNS:
            for output in CLI_OUTPUTS:
                cells, secs = [], []
                for n in sizes:
                    cmd = ["/usr/bin/time", "-f", "%e %U %S %M", sys.executable, "-m"]
                    cmd += ["linseg.cli", "segment", paths[n], "--format", "lines"]
                    cmd += ["--output", output, *flags]
                    with open(os.devnull, "w") as sink:
                        done = subprocess.run(
                            cmd, stdout=sink, stderr=subprocess.PIPE, text=True, check=True
                        )
                    found = re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$", done.stderr)
                    t, user, system, kb = found[-1]
                    secs.append(float(t))
                    cpu = float(user) + float(system)
                    cells.append(f"{float(t):.1f} s ({cpu:.1f} s CPU), {int(kb) / 1e6:.2f} GB")
                growth = secs[-1] / secs[0] if secs[0] else float("nan")
                print(
                    f"| {label} | {output} | " + " | ".join(cells) + f" | x{growth:.1f} |",
                    flush=True,
                )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--data", default=os.environ.get("LINSEG_DATA"), help="data root (default: $LINSEG_DATA)"
    )
    ap.add_argument("--sizes", default="1000,10000,100000,1000000")
    ap.add_argument("--band", default=None, help="band width (default: linseg's default band)")
    ap.add_argument(
        "--full-size",
        type=int,
        default=4000,
        help="document size for the full C99 measurement (0 to skip)",
    )
    ap.add_argument("--quality", action="store_true", help="also measure Pk, banded vs full")
    ap.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--cli", action="store_true", help="time linseg segment, every output")
    args = ap.parse_args()
    if not args.data:
        ap.error("give --data or set LINSEG_DATA")
    if args.cli:
        cli(args.data, [int(s) for s in args.sizes.split(",")])
        return
    from linseg.compose.band import DEFAULT_BAND

    band = args.band or str(DEFAULT_BAND)
    if args.child is not None:
        child(args.data, args.child, band)
        return

    gb = 1 << 30
    print(f"banded C99, w = {band}; {os.cpu_count()} cores")
    print("| sentences | band | seconds | peak memory (process) | of which document + Python |")
    print("| ---: | --- | ---: | ---: | ---: |")
    rows = []
    for n in (int(s) for s in args.sizes.split(",")):
        r = measure(args.data, n, band)
        rows.append(r)
        print(
            f"| {n:,} | {r['band_used']} | {r['seconds']:.2f} | {r['peak_bytes'] / gb:.2f} GB | "
            f"{r['base_bytes'] / gb:.2f} GB |",
            flush=True,
        )
    if args.full_size:
        r = measure(args.data, args.full_size, "full")
        print(
            f"| {args.full_size:,} | full C99 | {r['seconds']:.2f} | "
            f"{r['peak_bytes'] / gb:.2f} GB | {r['base_bytes'] / gb:.2f} GB |"
        )
        print(
            f"\nfull C99 at {args.full_size:,} sentences: {5.5 / r['seconds']:.1f}x faster than the "
            "author's Java (5.5 s, 1.25 GB)"
        )
    by_n = {r["n"]: r["seconds"] for r in rows}
    if 10_000 in by_n and 1_000_000 in by_n:
        ratio = by_n[1_000_000] / by_n[10_000]
        nlogn = 100 * math.log(1e6) / math.log(1e4)
        print(f"time growth 10k -> 1M: x{ratio:.0f} (n log n: x{nlogn:.0f}, n: x100)")
    if args.quality:
        quality(args.data, int(band))


if __name__ == "__main__":
    main()

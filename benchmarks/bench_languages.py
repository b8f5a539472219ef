"""Segmentation in German, French and Spanish beside comparable English documents.

Usage: python benchmarks/bench_languages.py [--methods u00,c99,u00_p]

Runs ``linseg evaluate --method M --language L`` on ``benchmarks/languages/<L>`` (100
samples of 3-11 sentences per segment, made like the paper's corpus from the same sections
of Debian's translated books in each language; see the README there), once with the
language named and once with ``--language auto``, and prints word-level Pk with the count
found and given, and CPU milliseconds per sample.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent / "languages"
LANGUAGES = ("en", "de", "fr", "es")


def evaluate(method: str, language: str, folder: Path) -> tuple[float, float, float]:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "linseg",
            "evaluate",
            "--method",
            method,
            "--language",
            language,
            str(folder),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    line = next(x for x in out.splitlines() if x.startswith("3-11"))
    values = [float(v) for v in re.findall(r"(\d+\.\d+)", line)]
    return values[0], values[3], values[-1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--methods", default="u00,u00_p,c99")
    args = ap.parse_args()
    print(
        "| method | language | Pk, count found | Pk, count given | auto: found / given | ms/sample (auto) |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for method in args.methods.split(","):
        for lang in LANGUAGES:
            found, given, ms = evaluate(method, lang, HERE / lang)
            a_found, a_given, a_ms = evaluate(method, "auto", HERE / lang)
            print(
                f"| {method} | {lang} | {found:.1f}% | {given:.1f}% | {a_found:.1f}% / "
                f"{a_given:.1f}% | {ms:.2f} ({a_ms:.2f}) |"
            )


if __name__ == "__main__":
    main()

"""``linseg evaluate``: score a method over ``.ref`` samples or natural documents."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from linseg.cli import UsageError
from linseg.cli.options import add_method_options, make_segmenter
from linseg.evaluation.corpora.data import choi_dir
from linseg.evaluation.evaluate import evaluate, range_order, summarize
from linseg.execution.progress import Progress
from linseg.readers.ref import find_ref_files


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "evaluate",
        help="score a method on .ref samples or on natural documents (.txt + .words)",
        description=(
            "Run a method over every .ref file under DIR (or over natural documents: see below), with automatic termination and with "
            "the reference number of segments, and print the mean word-level Pk per range "
            "(the sample's folder name, e.g. 3-5) as the paper reports it, with sentence-level "
            "Pk, WindowDiff and CPU seconds per sample beside it."
        ),
        epilog=(
            "Natural documents: NAME.txt holds the raw text, NAME.words the word offsets "
            "(0-based index of the whitespace-separated word) at which each section after "
            "the first starts. The method decides the number of sections itself; scores "
            "are word-level Pk, WindowDiff and Boundary Similarity B, per document in "
            "--jsonl and as means, beside the no-boundary and even-split baselines."
        ),
    )
    p.add_argument(
        "dir",
        nargs="*",
        metavar="DIR|FILE",
        help="folders of .ref files (default: <data>/choi, the paper's corpus), or "
        "natural documents: folders of NAME.txt + NAME.words pairs, or NAME.txt files "
        "(see 'Natural documents' below); several are scored together",
    )
    p.add_argument(
        "--data",
        metavar="DIR",
        help="data root (default: $LINSEG_DATA, then the copies 'linseg data status' lists)",
    )
    p.add_argument(
        "--jsonl",
        metavar="FILE",
        help="write one JSON line per sample: path, reference and hypothesis boundaries, scores",
    )
    p.add_argument(
        "--report",
        metavar="PAGE.html",
        help="also write an HTML report: the tables beside the paper's, and every "
        "sample's hypothesis against its reference",
    )
    p.add_argument(
        "--known-count",
        action="store_true",
        help="natural documents: also score the method given each document's true number "
        "of sections, which measures where it puts boundaries apart from how many (a "
        "method that needs the number runs only so); .ref samples are always scored both ways",
    )
    add_method_options(p)
    p.set_defaults(func=run)


def _pct(x: float | None) -> str:
    return "   -  " if x is None else f"{100 * x:5.1f}%"


def run(args: argparse.Namespace) -> int:
    roots = [Path(d) for d in args.dir] if args.dir else [choi_dir(args.data)]
    for root in roots:
        if not root.exists():
            raise UsageError(f"no such file or directory: {root}")
        if root.is_file() and root.suffix not in (".ref", ".txt", ".words"):
            # Read as a .ref sample, any other file would be one section: a score of a
            # reference that nobody wrote.
            raise UsageError(
                f"{root} holds no true boundaries to score against: give .ref samples "
                "(sections between ========== lines) or natural documents (NAME.txt with "
                "NAME.words beside it); 'linseg segment' segments a document"
            )
    natural = [_is_natural(root) for root in roots]
    if all(natural):
        return run_natural(args, roots)
    if any(natural):
        raise UsageError("give either natural documents or .ref samples, not both")
    files = [f for root in roots for f in find_ref_files(root)]
    if not files:
        raise UsageError(f"no .ref files under {_label(roots)}")
    from linseg.methods import get

    info = get(args.method)
    # The paper's .ref sentences are tokenised; a user's may be raw prose: guess per file.
    segmenter = make_segmenter(args, tokenized=None)
    auto = not info.needs_n_segments
    results, wall = _timed_run(
        len(files),
        args.jsonl,
        lambda progress: evaluate(segmenter, files, auto=auto, known=True, progress=progress),
    )

    table = summarize(results)
    out = sys.stdout
    out.write(f"{info.name} on {_label(roots)} ({len(files)} samples, {wall:.1f} s wall)\n")
    out.write("Pk(w): word-level Pk as in the paper; Pk(s), WD(s): sentence level\n\n")
    head = f"{'range':<8}{'n':>5}"
    if auto:
        head += f" | {'auto Pk(w)':>10} {'Pk(s)':>6} {'WD(s)':>6}"
    head += f" | {'known Pk(w)':>11} {'Pk(s)':>6} {'WD(s)':>6} | {'ms/sample':>9}\n"
    out.write(head)
    out.write("-" * (len(head) - 1) + "\n")
    for name in sorted(table, key=range_order):
        row = table[name]
        line = f"{name:<8}{int(row['n']):>5}"
        if auto:
            line += (
                f" | {_pct(row.get('auto_pk_word')):>10} {_pct(row.get('auto_pk_sentence'))}"
                f" {_pct(row.get('auto_windowdiff_sentence'))}"
            )
        secs = row.get("auto_seconds", row.get("known_seconds", 0.0))
        line += (
            f" | {_pct(row.get('known_pk_word')):>11} {_pct(row.get('known_pk_sentence'))}"
            f" {_pct(row.get('known_windowdiff_sentence'))} | {1e3 * secs:9.3f}\n"
        )
        out.write(line)
    if args.report:
        from linseg.evaluation.reports import write_evaluation_report

        write_evaluation_report(args.report, results, info.name, segmenter, roots[0])
    return 0


def _timed_run(total: int, jsonl: str | None, work: Callable[..., list]) -> tuple[list, float]:
    """Run ``work(progress=...)`` under a progress bar: its results (one JSON line each to ``jsonl``)
    and the wall-clock seconds it took."""
    started = time.perf_counter()
    with Progress(total, "evaluating") as progress:
        results = work(progress=progress)
    wall = time.perf_counter() - started
    if jsonl:
        _write_jsonl(jsonl, [r.to_dict() for r in results])
    return results, wall


def _write_jsonl(path: str, rows: list[dict]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row) + "\n")


def _label(roots: list[Path]) -> str:
    """The paths scored, as the output names them."""
    return str(roots[0]) if len(roots) == 1 else f"{roots[0]} and {len(roots) - 1} more"


def _is_natural(root: Path) -> bool:
    from linseg.evaluation.natural import find_natural_documents

    if root.is_file():
        return root.suffix in (".txt", ".words")
    return bool(find_natural_documents(root))


def run_natural(args: argparse.Namespace, roots: list[Path]) -> int:
    """``linseg evaluate`` on natural documents: text with its true section starts."""
    from linseg.evaluation.natural import (
        evaluate_natural,
        format_intervals,
        format_summary,
        load_documents,
        summarize,
    )
    from linseg.methods import get

    info = get(args.method)
    if info.needs_n_segments and not args.known_count:
        raise UsageError(
            f"method {info.name!r} needs the number of segments; add --known-count to "
            "score it given each document's true number of sections"
        )
    if args.report:
        raise UsageError("--report is for .ref corpora; use --jsonl for natural documents")
    docs = load_documents(roots)
    segmenter = make_segmenter(args, tokenized=False)
    # (row label, known_count): the count found first, then the true count given
    runs = [] if info.needs_n_segments else [(info.name, False)]
    if args.known_count:
        runs.append((f"{info.name}, true count given", True))
    rows, jsonl_rows, wall = {}, [], 0.0
    for label, known in runs:
        work = partial(evaluate_natural, segmenter, docs, known_count=known)
        results, seconds = _timed_run(len(docs), None, work)
        rows[label] = summarize(results)
        jsonl_rows += [dict(r.to_dict(), known_count=known) for r in results]
        wall += seconds
    if args.jsonl:
        _write_jsonl(args.jsonl, jsonl_rows)
    first = next(iter(rows.values()))
    out = sys.stdout
    out.write(
        f"{info.name} on {_label(roots)} ({len(docs)} documents, {first['words']:.0f} words "
        f"each on average, {wall:.1f} s wall)\n"
    )
    out.write(
        "word-level scores, means over documents; found/true: sections found over true sections\n\n"
    )
    out.write(format_summary(rows) + "\n\n")
    for label, summary in rows.items():
        out.write(format_intervals(label, summary) + "\n")
    return 0

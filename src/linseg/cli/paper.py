"""``linseg paper``: run the paper's experiments and write its tables."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from linseg.cli import UsageError
from linseg.cli.options import positive_int
from linseg.evaluation.corpora.data import DataNotFound, choi_dir
from linseg.evaluation.paper.reference import reference_stems_path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "paper",
        help="run the paper's experiments and write its tables",
        description=(
            "Run every experiment of the paper that the registered methods allow over a corpus "
            "of .ref samples (default: <data>/choi, the paper's 700), and write Tables 2-7 in "
            "the paper's layout as Markdown and LaTeX, tables.json, and the paired t-test and "
            "KS test between the methods. Results of finished samples are kept under "
            "OUT/cache, so an interrupted run picks up where it stopped."
        ),
    )
    p.add_argument("--out", required=True, metavar="DIR", help="output folder")
    p.add_argument(
        "--data",
        metavar="DIR",
        help="data root (default: $LINSEG_DATA, then the copies 'linseg data status' lists)",
    )
    p.add_argument(
        "--corpus",
        metavar="DIR",
        help="folder of .ref samples, one folder per range (default: <data>/choi); "
        "e.g. one made by 'linseg corpus brown'",
    )
    p.add_argument(
        "--jobs",
        type=positive_int,
        default=None,
        metavar="N",
        help="worker processes (default: 2, or 1 on a one-core machine)",
    )
    p.add_argument(
        "--only",
        metavar="LIST",
        help="comma-separated tables (table2 .. table7) or rows (C99, B_e, 11x11, ...)",
    )
    p.add_argument(
        "--compare-reference",
        action="store_true",
        help="put the author's figure (choi/Table.txt) and the difference in each cell",
    )
    stems = p.add_mutually_exclusive_group()
    stems.add_argument(
        "--stems",
        metavar="FILE",
        help="word<TAB>stem table to use as the stemmer of methods that take one",
    )
    stems.add_argument(
        "--reference-stems",
        action="store_true",
        help="use the author's stems (choi/reference-stems.tsv)",
    )
    p.add_argument(
        "--report",
        metavar="PATH",
        help="also write a self-contained HTML page: the tables beside the paper's "
        "and an openable per-sample list for C99",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from linseg.evaluation.paper import run_paper, write_outputs
    from linseg.evaluation.paper.output import reference_figures

    choi: Path | None = None
    if args.corpus:
        corpus = Path(args.corpus)
        if not corpus.is_dir():
            raise UsageError(f"no such directory: {corpus}")
    else:
        corpus = choi = choi_dir(args.data)
    if (args.compare_reference or args.reference_stems) and choi is None:
        try:
            choi = choi_dir(args.data)
        except DataNotFound:
            raise UsageError(
                "--compare-reference and --reference-stems need the paper's corpus: pass "
                "--data, set LINSEG_DATA or 'linseg data add choi PATH' (see 'linseg data status')"
            ) from None
    stems = args.stems
    if args.reference_stems:
        assert choi is not None  # found above, or the run was refused
        stems = str(reference_stems_path(choi))
    if stems and not os.path.isfile(stems):
        raise UsageError(f"no such file: {stems}")
    only = [w for w in args.only.split(",") if w.strip()] if args.only else None
    result = run_paper(
        corpus,
        args.out,
        jobs=args.jobs,
        only=only,
        stems=str(Path(stems).resolve()) if stems else None,
    )
    refs = reference_figures(choi) if args.compare_reference and choi is not None else None
    files = write_outputs(result, args.out, refs)
    if args.report:
        files = [*files, _write_report(args.report, result, refs)]
    sys.stderr.write(
        f"{len(result.samples)} samples, {len(result.pk)} rows: {result.computed} runs computed, "
        f"{result.reused} reused from the cache, {result.wall:.1f} s wall; "
        f"wrote {len(files)} files to {args.out}\n"
    )
    return 0


def _write_report(path: str, result, refs):
    """The HTML page of the run, with C99's per-sample lists from the run's own results."""
    from linseg.evaluation.reports import paper_run_report, write_report

    samples = result.sample_results("C99", "C99_b")
    return write_report(path, paper_run_report(result, refs, {"c99": samples} if samples else None))

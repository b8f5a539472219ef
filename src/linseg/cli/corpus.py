"""``linseg corpus brown``: generate Choi-style samples from the Brown corpus."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from linseg.cli import UsageError
from linseg.cli.options import non_negative_int, positive_int
from linseg.evaluation.corpora.brown import PAPER_RANGES, parse_ranges, write_corpus
from linseg.evaluation.corpora.data import DataNotFound, brown_zip

_DEFAULT_RANGES = ",".join(f"{lo}-{hi}:{n}" for lo, hi, n in PAPER_RANGES)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "corpus",
        help="generate test corpora (Choi-style samples from Brown)",
        description="Generate test corpora for segmentation experiments.",
    )
    kinds = p.add_subparsers(dest="corpus_kind", metavar="KIND", parser_class=type(p))
    b = kinds.add_parser(
        "brown",
        help="samples of 10 segments cut from the Brown corpus, as the paper",
        description=(
            "Write Choi-style samples in .ref format, one folder per range: each sample "
            "concatenates the first n sentences (n uniform in the range) of randomly chosen "
            "Brown documents. Reads brown.zip in place: <data>/brown/brown.zip, or the copy "
            "'linseg data fetch brown' downloaded (see 'linseg data status'). The same seed "
            "gives the same files."
        ),
    )
    b.add_argument("--out", required=True, metavar="DIR", help="output folder")
    b.add_argument(
        "--data",
        metavar="DIR",
        help="data root (default: $LINSEG_DATA, then the copies 'linseg data status' lists)",
    )
    b.add_argument(
        "--zip",
        metavar="FILE",
        help="the tagged Brown corpus zip (default: <data>/brown/brown.zip or the copy "
        "'linseg data' found or fetched)",
    )
    b.add_argument(
        "--ranges",
        default=_DEFAULT_RANGES,
        metavar="SPEC",
        help=f"LOW-HIGH:COUNT,... (default: the paper's, {_DEFAULT_RANGES})",
    )
    b.add_argument(
        "--genres",
        default="aj",
        metavar="LETTERS",
        help="Brown genres to draw from (default 'aj': press reportage and learned "
        "texts, the ca** and cj** files, as the paper)",
    )
    b.add_argument(
        "--segments",
        type=positive_int,
        default=10,
        metavar="N",
        help="segments per sample (default 10)",
    )
    b.add_argument(
        "--seed", type=non_negative_int, default=0, metavar="N", help="random seed (default 0)"
    )
    b.add_argument(
        "--force", action="store_true", help="replace .ref files already in the range folders"
    )
    b.set_defaults(func=run)
    p.set_defaults(func=lambda args: _need_kind(p))


def _need_kind(p: argparse.ArgumentParser) -> int:
    raise UsageError("say which corpus to make, e.g. 'linseg corpus brown --out DIR'")


def run(args: argparse.Namespace) -> int:
    ranges = parse_ranges(args.ranges)
    source = Path(args.zip) if args.zip else brown_zip(args.data)
    if not source.is_file():
        raise DataNotFound(f"the Brown corpus not found: {source}")
    written = write_corpus(
        args.out,
        source,
        ranges,
        args.genres.lower(),
        args.segments,
        args.seed,
        overwrite=args.force,
    )
    counts = ", ".join(f"{r.name}: {r.count}" for r in ranges)
    sys.stderr.write(f"wrote {len(written)} samples to {args.out} ({counts}; seed {args.seed})\n")
    return 0

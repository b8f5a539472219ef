"""``linseg figures``: the paper's illustrative figures."""

from __future__ import annotations

import argparse
import sys

from linseg.cli.options import positive_int


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "figures",
        help="draw the paper's illustrative figures (ranking, sine wave, clustering, sum of rank)",
        description=(
            "Write the paper's illustrative figures, computed by linseg: the 3x3 image ranking "
            "example (rank-example), the rank of the decaying sine wave with a 1x11 mask "
            "(rank-wave), the divisive clustering worked example (divisive-clustering) and the "
            "sum-of-rank matrix (sum-of-rank). Needs matplotlib: pip install 'linseg[plot]'."
        ),
    )
    p.add_argument("--out", required=True, metavar="DIR", help="folder to write into (created)")
    p.add_argument(
        "--format", choices=("png", "svg"), default="png", help="file type (default png)"
    )
    p.add_argument("--dpi", type=positive_int, default=100, help="resolution of PNG output")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from linseg.cli.plot import require_matplotlib

    require_matplotlib()
    from linseg.evaluation.paper.figures import write_paper_figures

    for path in write_paper_figures(args.out, args.format, args.dpi):
        sys.stdout.write(f"{path}\n")
    return 0

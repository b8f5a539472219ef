"""``linseg report``: one self-contained HTML page of a document's segmentation."""

from __future__ import annotations

import argparse
from pathlib import Path

from linseg.cli.options import add_method_options
from linseg.cli.plot import (
    add_document_options,
    output_format,
    require_matplotlib,
    segment_document,
)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "report",
        help="write an HTML page of a document's segmentation, with its figures",
        description=(
            "Segment a document and write one self-contained HTML file (no network, no "
            "external files): the parameters, the figures (as 'linseg plot' draws them) and "
            "the text with each segment as a block titled by its first words; for .ref input "
            "the reference boundaries and Pk too. Figures need matplotlib "
            "(pip install 'linseg[plot]'); --no-figures writes the page without them."
        ),
    )
    add_document_options(p)
    p.add_argument("--out", required=True, metavar="PAGE.html", help="the HTML file to write")
    p.add_argument("--no-figures", action="store_true", help="leave the figures out")
    p.add_argument(
        "--figure-format",
        choices=("svg", "png"),
        default="svg",
        help="how figures are embedded (default svg)",
    )
    add_method_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    output_format(args.out, ("html", "htm"))
    if not args.no_figures:
        require_matplotlib()
    done = segment_document(args)
    doc = done.document
    from linseg.evaluation.reports import document_report, write_report

    page = document_report(
        done.result,
        doc,
        segmenter=done.segmenter,
        method=done.method,
        keywords=done.keywords(),
        title=Path(args.input).name if args.input != "-" else "standard input",
        params={"input format": doc.format},
        figures=not args.no_figures,
        figure_format=args.figure_format,
    )
    write_report(args.out, page)
    return 0

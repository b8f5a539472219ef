"""``linseg plot``: draw the figures of one document's C99 run."""

from __future__ import annotations

import argparse
from pathlib import Path

from linseg.cli import UsageError
from linseg.cli.options import add_method_options, add_reading_options, positive_int, tell

KIND_CHOICES = ("similarity", "rank", "density", "gradient", "boundaries", "all")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "plot",
        help="draw the similarity/rank matrices, density, gradient and boundaries of a document",
        description=(
            "Segment a document as 'linseg segment' does and draw one of its figures (--kind), "
            "or all it has on one sheet: the boundaries found (against the reference ones for "
            ".ref input), and for C99's family (--method c99) the similarity matrix, the rank "
            "matrix, the inside density over the number of segments and the smoothed "
            "gradient with its threshold. PNG or SVG, by the extension of --out. "
            "Needs matplotlib: pip install 'linseg[plot]'."
        ),
    )
    add_document_options(p)
    p.add_argument("--out", required=True, metavar="PATH", help="output file, .png or .svg")
    p.add_argument("--kind", choices=KIND_CHOICES, default="all", help="which figure (default all)")
    p.add_argument(
        "--dpi", type=positive_int, default=100, help="resolution of PNG output (default 100)"
    )
    # What `linseg segment` runs: its boundaries, and for C99's family its matrices too.
    add_method_options(p)
    p.set_defaults(func=run)


def add_document_options(p: argparse.ArgumentParser) -> None:
    """The input options shared by ``plot`` and ``report``."""
    p.add_argument("input", metavar="FILE|-", help="the document (- for standard input)")
    add_reading_options(p)


def require_matplotlib() -> None:
    from linseg.evaluation._mpl import INSTALL_HINT, have_matplotlib

    if not have_matplotlib():
        raise UsageError(INSTALL_HINT)


def segment_document(args: argparse.Namespace):
    """Read ``args.input`` and segment it: the :class:`~linseg.run.DocumentRun`."""
    from linseg.readers.document import read_document
    from linseg.run import run_document

    doc = read_document(args.input, args.format, args.encoding, args.language or "auto")
    done = run_document(doc, args.method, args.segments, vars(args), keep_matrices=True)
    tell(done.notes)
    return done


def output_format(path: str, allowed: tuple[str, ...]) -> str:
    ext = Path(path).suffix.lower().lstrip(".")
    if ext not in allowed:
        raise UsageError(f"--out must end in {' or '.join('.' + a for a in allowed)}, got {path!r}")
    parent = Path(path).parent
    if not parent.is_dir():
        raise UsageError(f"no such directory: {parent}")
    return ext


def run(args: argparse.Namespace) -> int:
    require_matplotlib()
    fmt = output_format(args.out, ("png", "svg"))
    done = segment_document(args)
    doc, result = done.document, done.result
    from linseg.evaluation import figures as F
    from linseg.evaluation._mpl import figure_bytes

    if args.kind != "all" and args.kind not in F.available_kinds(result):
        raise UsageError(
            f"method {args.method!r} keeps no data for --kind {args.kind}; "
            f"it can draw: {', '.join(F.available_kinds(result))}"
        )
    lengths = [len(s.split()) for s in doc.sentences]
    if args.kind == "all":
        fig = F.plot_all(result, doc.reference, lengths)
    else:
        fig = F.plot(result, args.kind, reference=doc.reference, lengths=lengths).figure
    Path(args.out).write_bytes(figure_bytes(fig, fmt, args.dpi))
    return 0

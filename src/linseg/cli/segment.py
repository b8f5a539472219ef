"""``linseg segment``: segment one document."""

from __future__ import annotations

import argparse
import os
import sys

from linseg.cli.batch import is_batch, run_batch
from linseg.cli.options import add_method_options, add_reading_options, announce, positive_int, tell
from linseg.cli.output import KEYWORDS_HEADER, OUTPUTS, check_output, write
from linseg.execution.progress import pages_shown
from linseg.readers.document import read_document
from linseg.readers.ref import SEPARATOR
from linseg.run import run_document

SEPARATOR_LINE = SEPARATOR


def _description() -> str:
    """What ``linseg segment --help`` says of the input formats, from their registry."""
    from linseg.readers.formats import formats

    known = formats(installed=False).values()
    listed = "; ".join(f"{f.name} ({f.summary.replace('`', '')})" for f in known)
    names = "/".join(s for f in known for s in f.suffixes)
    return (
        f"Segment a document. Input formats: {listed}. The format is detected when not given, "
        f"by content or by the {names} name; input compressed by gzip, bzip2 or xz is "
        "decompressed first. Formats that installed packages add (the linseg.formats entry "
        "points) are read with --format NAME, or by their files' names."
    )


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "segment",
        help="segment a document into topical segments",
        description=_description(),
        epilog=(
            "Output: 'text' writes each segment exactly as it stood in the input, with a line "
            f"'{SEPARATOR_LINE}' between segments; 'choi' writes the .ref format; 'json' "
            "writes boundaries (index of the first sentence of each segment after the first), "
            "the segments' text (joined, they give the input back; for a transcript, a web "
            "page, a LaTeX source, an e-book, a word-processor file or a PDF, the text read "
            "from it), their keywords, their "
            "times for a transcript, and the parameters; 'chapters' (transcripts only) "
            "writes one line 'HH:MM:SS title' per segment, its keywords as the title."
        ),
    )
    p.add_argument(
        "input",
        nargs="?",
        default="-",
        metavar="FILE|DIR|GLOB|-",
        help="the document (default: standard input); a directory, a quoted glob "
        "or several files segment each document into --out DIR",
    )
    add_reading_options(p)
    p.add_argument(
        "--output",
        choices=OUTPUTS,
        default=None,
        help="output format (default: choi for choi input, text otherwise)",
    )
    p.add_argument(
        "--keywords",
        action="store_true",
        help=f"--output text: open each segment with a line '{KEYWORDS_HEADER} a, b, c' "
        "(its most distinctive words); off by default so that the output is the input "
        "cut into pieces and nothing more",
    )
    p.add_argument(
        "-o",
        "--out",
        metavar="FILE|DIR",
        help="write here instead of standard output; for several documents, the "
        "output folder (one file per document)",
    )
    p.add_argument(
        "--stream",
        action="store_true",
        help="read and segment a long text as a stream, in bounded memory: windows of "
        "sentences (or lines, --format lines) are segmented as the text is read and each "
        "segment is written once final (--output text or jsonl, a record a segment); the "
        "number of segments is decided window by window",
    )
    add_method_options(p)
    add_batch_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.stream:
        from linseg.cli.stream import run_stream

        return run_stream(args)
    if is_batch(args):  # a directory, a glob or several files: a corpus run
        return run_batch(args)
    single = _single_file_options(args)
    with pages_shown(f"linseg: reading {os.path.basename(args.input)}, page"):
        doc = read_document(args.input, args.format, args.encoding, args.language or "auto")
    check_output(doc, args.output, args.keywords)  # before the work, not after it
    with announce(
        f"segmenting {len(doc.sentences):,} sentences with {args.method}", len(doc.sentences)
    ):
        done = run_document(doc, args.method, args.segments, vars(args))
    done.notes[:0] = single
    tell(done.notes)
    if args.out:
        with open(args.out, "w", encoding="utf-8", newline="") as fh:
            write(done, fh, args.output, args.keywords)
    else:
        write(done, sys.stdout, args.output, args.keywords)
        sys.stdout.flush()
    return 0


def _single_file_options(args: argparse.Namespace) -> list[str]:
    """What ``--dask`` and ``--jobs`` do for one document: nothing, said in a note; and
    ``--dask`` without Dask installed is an error, as it is for a corpus run."""
    notes = []
    if args.dask:
        import importlib.util

        if importlib.util.find_spec("distributed") is None:
            raise ValueError("--dask needs Dask: pip install 'linseg[dask]' (dask and distributed)")
        notes.append(
            "--dask is for corpus runs (a folder, a glob or several files): one file runs here"
        )
    if args.jobs is not None:
        notes.append(
            f"--jobs {args.jobs} is for corpus runs (a folder, a glob or several files): one "
            "file runs in one process"
        )
    return notes


def add_batch_options(p: argparse.ArgumentParser) -> None:
    """Options of corpus runs."""
    p.add_argument("more", nargs="*", metavar="FILE", help=argparse.SUPPRESS)
    p.add_argument(
        "-j",
        "--jobs",
        type=positive_int,
        default=None,
        metavar="N",
        help="corpus runs: worker processes (default: one per core)",
    )
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="corpus runs: use the Dask scheduler at ADDRESS, or 'local' for a "
        "local Dask cluster (needs linseg[dask])",
    )

"""``linseg segment``: segment one document."""

from __future__ import annotations

import argparse
import json
import sys

from ..corpus.batch import add_batch_options, is_batch, run_batch
from ..corpus.document import FORMATS, Document, read_document
from ..corpus.ref import SEPARATOR, format_ref
from .options import add_method_options, make_segmenter, positive_int

SEPARATOR_LINE = SEPARATOR


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "segment",
        help="segment a document into topical segments",
        description=(
            "Segment a document. Input formats: choi (the .ref format of Choi's corpus), "
            "lines (one sentence a line) or text (raw prose, split into sentences by linseg). "
            "The format is detected when not given."
        ),
        epilog=(
            "Output: 'text' writes each segment exactly as it stood in the input, with a line "
            f"'{SEPARATOR_LINE}' between segments; 'choi' writes the .ref format; 'json' "
            "writes boundaries (index of the first sentence of each segment after the first), "
            "the segments' text (joined, they give the input back) and the parameters."
        ),
    )
    p.add_argument("input", nargs="?", default="-", metavar="FILE|DIR|GLOB|-",
                   help="the document (default: standard input); a directory, a quoted glob "
                        "or several files segment each document into --out DIR")
    p.add_argument("--format", choices=("auto", *FORMATS), default="auto",
                   help="input format (default: auto)")
    p.add_argument("--output", choices=("text", "choi", "json"), default=None,
                   help="output format (default: choi for choi input, text otherwise)")
    p.add_argument("--segments", type=positive_int, default=None, metavar="N",
                   help="number of segments wanted (default: chosen automatically)")
    p.add_argument("--encoding", default="utf-8", help="input encoding (default utf-8)")
    p.add_argument("-o", "--out", metavar="FILE|DIR", help="write here instead of standard output; for several documents, the "
                        "output folder (one file per document)")
    add_method_options(p)
    add_batch_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if is_batch(args):  # a directory, a glob or several files: a corpus run
        return run_batch(args)
    doc = read_document(args.input, args.format, args.encoding)
    segmenter = make_segmenter(args, tokenized=doc.tokenized)
    result = segmenter.segment(doc.sentences, args.segments)
    text = render(doc, result.boundaries, args.output, segmenter, args.segments)
    if args.out:
        with open(args.out, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
    return 0


def render(doc: Document, boundaries: list[int], output: str | None, segmenter,
           n_segments) -> str:
    """The segmentation of ``doc`` in an output format (None: choi for choi input,
    text otherwise)."""
    output = output or ("choi" if doc.format == "choi" else "text")
    pieces = doc.segment_texts(boundaries)
    if output == "choi":
        return format_ref(doc.sentences, boundaries) if doc.sentences else ""
    if output == "json":
        params = {k: v for k, v in segmenter.get_params().items()
                  if isinstance(v, (int, float, str, bool, type(None)))}
        record = {
            "method": segmenter.name,
            "params": params,
            "format": doc.format,
            "n_sentences": len(doc.sentences),
            "n_segments": len(pieces),
            "n_segments_requested": n_segments,
            "boundaries": list(boundaries),
            "segments": pieces,
        }
        if doc.reference is not None:
            record["reference"] = doc.reference
        return json.dumps(record, ensure_ascii=False) + "\n"
    out = []
    for i, piece in enumerate(pieces):
        if i:
            out.append(SEPARATOR_LINE + "\n")
        out.append(piece if piece.endswith("\n") else piece + "\n")
    return "".join(out)

"""``linseg segment``: segment one document."""

from __future__ import annotations

import argparse
import os
import sys

from ..corpus.batch import is_batch, run_batch
from ..corpus.document import read_document
from ..corpus.output import KEYWORDS_HEADER, OUTPUTS, check_output, render
from ..corpus.ref import SEPARATOR
from ..corpus.run import run_document
from ..progress import pages_shown
from .options import add_method_options, add_reading_options, announce, positive_int, tell

SEPARATOR_LINE = SEPARATOR


# What `linseg segment --help` says of the input formats.
_DESCRIPTION = (
    "Segment a document. Input formats: choi (the .ref format of Choi's corpus), "
    "lines (one sentence a line), text (raw prose, split into sentences by linseg), "
    "vtt, srt and sbv (WebVTT, SubRip and SubViewer transcripts: the cues' text, "
    "with their times), timed (text with timestamps, such as a video's transcript "
    "copied from its page: the text, each line timed by the timestamp above it), "
    "whisper (a speech recogniser's output: Whisper's JSON or TSV, whisper.cpp's JSON), "
    "html (a web page: the text it shows, headings as Markdown '#' lines), "
    "mhtml (a web page saved as one file: its page, read as html), "
    "tex (a LaTeX source: its body's text, its sectioning as headings), "
    "man (a manual page's source, man(7) or mdoc(7): the text man shows, its sections "
    "as headings), "
    "info (a GNU Info manual: its nodes' text without node lines and menus; a split "
    "manual's parts are read from beside it), "
    "ipynb (a Jupyter notebook: Markdown cells as written, code cells fenced, "
    "outputs left out), "
    "asciidoc (an AsciiDoc source: its text, section titles as headings, listings "
    "fenced, the files it includes read from beside it), "
    "pod (Perl's POD, a .pod file or a module's documentation: the text perldoc "
    "shows, =head lines as headings, verbatim paragraphs fenced), "
    "org (an Org document: headlines as headings, source blocks fenced, keywords "
    "and drawers left out), "
    "docbook (a DocBook source: the text a rendering shows, section titles as "
    "headings, verbatim blocks fenced, the files it includes read from beside it), "
    "rtf (a Rich Text Format file: paragraphs, lists and tables, headings by their "
    "outline levels or styles), "
    "mediawiki (wikitext, as Wikipedia's articles are written, or a MediaWiki export: "
    "the text a reader sees, headings as headings, templates and footnotes left out), "
    "epub (an e-book: its pages in reading order, read as web pages), docx and odt "
    "(Word and OpenDocument files: paragraphs, lists and tables, headings by their "
    "styles), pptx and odp (slide decks: slides in order, titles as headings, points as "
    "list items, speaker notes after them), pdf (paragraphs and headings rebuilt from the layout; needs "
    "'linseg[pdf]'). The format is detected when not given (transcripts, web pages, "
    "saved pages, LaTeX sources, manual pages, Info manuals, notebooks, AsciiDoc, POD, "
    "Org and DocBook sources, RTF files, wikitext, e-books, word-processor files, decks and PDFs by "
    "content or by the "
    ".vtt/.srt/.sbv/.html/.mhtml/.mht/.tex/.info/.ipynb/.adoc/.pod/.org/.docbook/.dbk/.rtf/.mediawiki/.wikitext/"
    ".epub/.docx/.odt/.pptx/.odp/.pdf name). Input compressed by gzip, bzip2 or xz is decompressed first."
)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "segment",
        help="segment a document into topical segments",
        description=_DESCRIPTION,
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
    add_method_options(p)
    add_batch_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if is_batch(args):  # a directory, a glob or several files: a corpus run
        return run_batch(args)
    with pages_shown(f"linseg: reading {os.path.basename(args.input)}, page"):
        doc = read_document(args.input, args.format, args.encoding, args.language or "en")
    check_output(doc, args.output, args.keywords)  # before the work, not after it
    with announce(
        f"segmenting {len(doc.sentences):,} sentences with {args.method}", len(doc.sentences)
    ):
        done = run_document(doc, args.method, args.segments, vars(args))
    text = render(done, args.output, args.keywords)
    tell(done.notes)
    if args.out:
        with open(args.out, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
    return 0


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

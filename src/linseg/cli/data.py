"""``linseg data``: the corpora linseg uses, where it finds them, and getting them."""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap

from linseg.cli import UsageError
from linseg.evaluation.corpora.data import CORPORA, CorpusStatus, data_home, status

_WIDTH = 100


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "data",
        help="the corpora linseg uses: where it looks, what is there, how to get them",
        description=(
            "Show and get the corpora the evaluation commands read: Choi's samples, the "
            "Brown corpus and the natural sets. A corpus is looked for in --data DIR (when "
            "given), $LINSEG_DATA, a copy registered with 'linseg data add', and linseg's "
            "data folder ($LINSEG_DATA_HOME, else the user data folder), where "
            "'linseg data fetch' downloads; Brown also in NLTK's data folders."
        ),
    )
    kinds = p.add_subparsers(dest="data_command", metavar="ACTION", parser_class=type(p))
    s = kinds.add_parser(
        "status",
        help="each corpus: where linseg looks, whether it is there, its source and licence",
        description=(
            "List each corpus linseg uses, the places it is looked for in order, the copy "
            "used, where the corpus comes from and its licence."
        ),
    )
    s.add_argument("--data", metavar="DIR", help="look in this data root only, as commands do")
    s.add_argument("--json", action="store_true", help="print the status as JSON")
    s.set_defaults(func=run_status)

    names = ", ".join(CORPORA)
    f = kinds.add_parser(
        "fetch",
        help="download the Brown corpus into linseg's data folder",
        description=(
            "Download NLTK's brown.zip (the tagged Brown corpus) into linseg's data folder, "
            "checked against its pinned sha256; a copy linseg already finds (NLTK's data "
            "included) is used without downloading. The other corpora are not downloadable: "
            "'linseg data status' says where each comes from."
        ),
        epilog=(
            "For a mirror, and for tests: LINSEG_BROWN_URL replaces the URL, "
            "LINSEG_BROWN_SHA256 the expected sha256; LINSEG_DATA_HOME moves linseg's "
            "data folder."
        ),
    )
    f.add_argument("corpus", metavar="CORPUS", help="the corpus to download: brown")
    f.add_argument("--url", metavar="URL", help="download from this URL (the sha256 stays pinned)")
    f.add_argument(
        "--force", action="store_true", help="download even where a copy is found already"
    )
    f.set_defaults(func=run_fetch)

    a = kinds.add_parser(
        "add",
        help="register a local copy of a corpus after checking it",
        description=(
            "Check a copy you already have and register it, so that linseg finds it "
            "wherever it is run: brown by its sha256 (NLTK's brown.zip), choi by its "
            "layout (sets 1/, 2/, 3/ of range folders holding the 700 .ref samples), "
            "python-docs by its NAME.txt + NAME.words pairs. Nothing is copied."
        ),
    )
    a.add_argument("corpus", metavar="CORPUS", help=f"one of: {names}")
    a.add_argument("path", metavar="PATH", help="the copy: brown.zip, or the corpus's folder")
    a.set_defaults(func=run_add)
    p.set_defaults(func=lambda args: _need_action())


def _need_action() -> int:
    raise UsageError(
        "say what to do: 'linseg data status', 'linseg data fetch brown' or "
        "'linseg data add CORPUS PATH'"
    )


# --- status -------------------------------------------------------------------------


def run_status(args: argparse.Namespace) -> int:
    rows = status(args.data)
    if args.json:
        record = {
            "data_folder": str(data_home()),
            "linseg_data": os.environ.get("LINSEG_DATA") or None,
            "corpora": [r.to_dict() for r in rows],
        }
        sys.stdout.write(json.dumps(record, indent=1) + "\n")
        return 0
    out = sys.stdout
    out.write(f"linseg's data folder: {data_home()} (set LINSEG_DATA_HOME to move it)\n")
    env = os.environ.get("LINSEG_DATA")
    out.write(f"LINSEG_DATA: {env if env else 'unset'}\n")
    for row in rows:
        out.write("\n" + _format(row))
    return 0


def _format(row: CorpusStatus) -> str:
    c = row.corpus
    lines = [f"{c.name}: {c.title}"]
    if row.used is not None:
        lines.append(_field("present", f"{row.used} ({row.detail})"))
    else:
        lines.append(_field("missing", f"get it with: {c.get}"))
    for i, place in enumerate(row.places, 1):
        where = str(place.path) if place.path else ""
        state = "found" if place.found else ("absent" if place.path else "")
        note = "; ".join(x for x in (state, place.note) if x)
        text = f"{i}. {place.label}: {where}" + (f" ({note})" if note else "")
        if not where:
            text = f"{i}. {place.label}: {note}"
        lines.append(_field("looks in" if i == 1 else "", text))
    lines.append(_field("source", c.source))
    lines.append(_field("licence", c.licence))
    lines.append(_field("used by", c.used_by))
    return "\n".join(lines) + "\n"


def _field(label: str, text: str) -> str:
    head = f"  {label + ':' if label else '':<10}"
    return textwrap.fill(
        text,
        _WIDTH,
        initial_indent=head,
        subsequent_indent=" " * len(head) + "  ",
        break_on_hyphens=False,
        break_long_words=False,
    )


# --- fetch and add ------------------------------------------------------------------


def run_fetch(args: argparse.Namespace) -> int:
    name = args.corpus
    if name not in CORPORA:
        raise UsageError(f"unknown corpus {name!r}; 'linseg data fetch brown' downloads Brown")
    if name != "brown":
        corpus = CORPORA[name]
        if corpus.registrable:
            how = f"; '{corpus.get.split(' (')[0]}' registers a copy you have"
        else:
            how = f", in {corpus.bundled}"
        raise UsageError(
            f"linseg downloads only the Brown corpus: {name} is {corpus.origin}{how} "
            "(see 'linseg data status')"
        )
    # Imported here: urllib and http.client are not needed to start any other command.
    from linseg.evaluation.corpora.fetch import fetch_brown

    shown = sys.stderr.isatty()

    def progress(done: int, total: int | None) -> None:
        if shown:
            of = f" of {total / 1e6:.1f}" if total else ""
            sys.stderr.write(f"\rdownloading brown.zip: {done / 1e6:.1f}{of} MB ")
            sys.stderr.flush()

    try:
        result = fetch_brown(args.url, force=args.force, progress=progress)
    finally:
        if shown:
            sys.stderr.write("\r" + " " * 50 + "\r")
    if result.downloaded:
        sys.stderr.write(
            f"downloaded the Brown corpus ({result.size / 1e6:.1f} MB, sha256 checked) "
            f"to {result.path}\n"
        )
    else:
        sys.stderr.write(
            f"the Brown corpus is already there ({result.where}): {result.path}; "
            "nothing downloaded (--force downloads anyway)\n"
        )
    return 0


def run_add(args: argparse.Namespace) -> int:
    name = args.corpus
    if name not in CORPORA:
        raise UsageError(f"unknown corpus {name!r}; one of: {', '.join(CORPORA)}")
    from linseg.evaluation.corpora.fetch import add_corpus

    path = add_corpus(name, args.path)
    sys.stderr.write(f"registered {name}: {path} (checked); 'linseg data status' shows it\n")
    return 0

"""Command-line options shared by several sub-commands."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from linseg.methods import DEFAULT_METHOD, from_options


def _integer(text: str, minimum: int, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(f"expected {what}, got {value}")
    return value


def positive_int(text: str) -> int:
    return _integer(text, 1, "a positive integer")


def non_negative_int(text: str) -> int:
    return _integer(text, 0, "a non-negative integer")


def odd_int(text: str) -> int:
    value = positive_int(text)
    if value % 2 == 0:
        raise argparse.ArgumentTypeError(f"the mask size must be odd, got {value}")
    return value


def given(text: str) -> str:
    """A name, code or path that is not empty: an empty one (an unset shell variable,
    say) would otherwise leave the default in force without a word."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a value, got an empty string")
    return text


def band_value(text: str) -> int | str:
    if text.strip().lower() == "auto":
        return "auto"
    try:
        return positive_int(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"expected a band width (a positive integer) or 'auto', got {text!r}"
        ) from None


def finite_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"expected a finite number, got {text!r}")
    return value


def add_method_options(p: argparse.ArgumentParser, default_method: str = DEFAULT_METHOD) -> None:
    """``--method`` (the recommended method unless a command draws one method's internals)
    and the C99 parameters (passed on to any method that accepts them)."""
    p.add_argument(
        "--method",
        default=default_method,
        type=given,
        metavar="NAME",
        help=f"segmentation method (default {default_method}; see 'linseg methods')",
    )
    p.add_argument(
        "--mask",
        type=odd_int,
        default=None,
        metavar="N",
        help="rank mask size, odd (C99 default 11)",
    )
    p.add_argument(
        "--c",
        type=finite_float,
        default=None,
        metavar="X",
        help="termination threshold: mean + X * sd (C99 default 1.2)",
    )
    p.add_argument(
        "--stopwords",
        type=given,
        metavar="FILE",
        help="stopword list, one word a line (default: the shipped English list)",
    )
    p.add_argument(
        "--stems",
        type=given,
        metavar="FILE",
        help="word<TAB>stem table to use as the stemmer (e.g. the author's "
        "reference-stems.tsv); words not in it get the Porter stem",
    )
    p.add_argument(
        "--band",
        type=band_value,
        default=None,
        metavar="N|auto",
        help="banded C99 for long documents: keep similarities within N sentences "
        "of each other (O(n N) time and memory); 'auto' runs full C99 while it "
        "fits comfortably and the default band otherwise (default: full C99)",
    )
    p.add_argument(
        "--language",
        default=None,
        type=given,
        metavar="CODE",
        help="the text's language, an ISO 639-1 code such as de, fr, zh or ja (default: "
        "auto, detected from the text: by its script, then by an identifier that must be "
        "sure, English otherwise); see 'linseg languages'",
    )
    p.add_argument(
        "--max-size",
        type=positive_int,
        default=None,
        metavar="N",
        help="largest segment, in --size-unit: no segment is ever larger (a longer sentence "
        "is cut first, at clause punctuation, line breaks, white space or characters, and a "
        "note says where)",
    )
    p.add_argument(
        "--min-size",
        type=positive_int,
        default=None,
        metavar="N",
        help="smallest segment, in --size-unit",
    )
    p.add_argument(
        "--size-unit",
        choices=("sentences", "words", "chars"),
        default=None,
        help="what --max-size and --min-size count (default: sentences)",
    )


def make_segmenter(args: argparse.Namespace, method: str | None = None, **extra: Any):
    """A segmenter for ``--method`` with the options that method accepts
    (:func:`linseg.methods.from_options`)."""
    return from_options(args.method if method is None else method, vars(args), **extra)


def tell(notes: Iterable[str]) -> None:
    """Show the automatic choices of a run on stderr, when a person is watching: output
    piped into another program stays quiet, and the JSON output carries them anyway."""
    if sys.stderr.isatty():
        for note in notes:
            print(f"linseg: note: {note}", file=sys.stderr)


#: Documents at least this long say on a terminal what they are doing (a second or more).
LONG_DOCUMENT = 20_000


@contextmanager
def announce(what: str, size: int) -> Iterator[None]:
    """For long work on a terminal: a status line on stderr while it runs, replaced by
    the time it took. Silent when stderr is not a terminal, or for short work."""
    if size < LONG_DOCUMENT or not sys.stderr.isatty():
        yield
        return
    print(f"linseg: {what} ...", end="", file=sys.stderr, flush=True)
    start = time.perf_counter()
    try:
        yield
    finally:
        print(f" {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)


def input_format(value: str) -> str:
    """``--format``'s value: ``auto`` or a registered format's name."""
    if value == "auto":
        return value
    from linseg.readers.formats import get_format

    try:
        return get_format(value).name
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_reading_options(p: argparse.ArgumentParser) -> None:
    """``--format``, ``--segments`` and ``--encoding``: how a document is read and cut."""
    from linseg.readers.formats import formats

    p.add_argument(
        "--format",
        type=input_format,
        default="auto",
        metavar="FORMAT",
        help=f"input format: auto (the default), {', '.join(formats(installed=False))}, or one "
        "an installed package adds",
    )
    p.add_argument(
        "--segments",
        type=positive_int,
        default=None,
        metavar="N",
        help="number of segments wanted (default: chosen automatically)",
    )
    p.add_argument(
        "--encoding",
        default=None,
        help="input encoding (default: UTF-8, or, for bytes that are not, what a byte-order "
        "mark or the document declares: an HTML or XML charset, an Emacs coding tag, POD's "
        "=encoding, LaTeX's inputenc)",
    )

"""The input formats: one record each, in one registry.

A :class:`Format` names a format, the file names that mark it, how one is recognised
(a cheap test of the first bytes, then its reader's own test) and the function that
reads it into text (its headings as Markdown ``#`` lines). Every reader is imported
through this table, and only when a document may be in its format: reading a plain text
file imports none of them. ``linseg segment --help`` and the documentation's list of
formats are written from it.

A format of one's own is a :class:`Format` that another package names in the
``linseg.formats`` entry-point group::

    [project.entry-points."linseg.formats"]
    troff = "mypackage.troff:FORMAT"

It is then read by ``--format troff`` (``segment_file(path, format="troff")``), and, when
the format is not given, for files named with one of its suffixes that no built-in
format claims (installed formats are looked up only then: listing them costs the
interpreter a tenth of a second).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from linseg.readers.suffixes import uncompressed

__all__ = [
    "Format",
    "ENTRY_POINTS",
    "formats",
    "get_format",
    "named",
    "format_table",
    "installed_for",
    "resolve",
]

#: The entry-point group through which other packages add formats.
ENTRY_POINTS = "linseg.formats"

#: When a format is tried, as a format is detected: read from bytes (before decoding),
#: a transcript, a markup tried before Choi's ``.ref`` format (whose lines of ``=`` some
#: markups share) or after it, or one of the plain formats, chosen last.
Stage = Literal["binary", "transcript", "markup", "late_markup", "plain", "installed"]


@dataclass(frozen=True)
class Format:
    """An input format.

    Parameters
    ----------
    name:
        What ``--format`` calls it (lower case).
    summary:
        One line: what a document in it is, and what linseg reads of it.
    what:
        What one is called in an error ("HTML page").
    read:
        The function that reads one into text, or its ``"module:function"``, imported on
        first use: ``read(text) -> str`` (``read(data) -> str`` for a binary format); one
        that reads other files a document names (``includes``) takes a second argument,
        what reads them. None for the plain formats and transcripts, which
        :mod:`linseg.readers.document` reads itself.
    sniff:
        ``sniff(text_or_bytes, path) -> bool``, or its ``"module:function"``: whether a
        document is one. None: only its name or ``--format`` says so.
    suffixes:
        File-name endings (lower case) that mark one.
    binary:
        Whether it is read from bytes (a ZIP archive, a PDF) rather than decoded text.
    may_be:
        A cheap test of the text (or bytes) that must hold before ``sniff``'s module is
        imported and asked; None asks it always.
    by_name:
        Whether a file so named is one, whatever it holds (False: its content must say so
        too; ``.info`` files of other tools exist).
    includes:
        Where the files it names are looked for, in folders up from the document's own:
        ``(0,)`` beside it, ``(1, 0)`` under its parent, then beside it. None: it names
        none. ``include_parts`` is how many parts such a name may have (None: any).
    stage:
        When detection tries it (see :data:`Stage`), in the table's order.
    detected:
        When detection takes a document for one, in words (the documentation's table).
    section:
        The section of the guide (docs/segment.md) that says more, if one does.
    """

    name: str
    summary: str
    what: str
    read: str | Callable[..., str] | None = None
    sniff: str | Callable[..., bool] | None = None
    suffixes: tuple[str, ...] = ()
    binary: bool = False
    may_be: Callable[..., bool] | None = None
    by_name: bool = True
    includes: tuple[int, ...] | None = None
    include_parts: int | None = 2
    stage: Stage = "installed"
    detected: str = "--format NAME, or a file named with one of its suffixes"
    section: str | None = None

    def reader(self) -> Callable[..., str]:
        """:attr:`read`, imported."""
        if self.read is None:
            raise ValueError(f"{self.name} is read by linseg.readers.document itself")
        return resolve(self.read)

    def recognises(self, data: str | bytes, path: str | None) -> bool:
        """Whether ``data`` (read from ``path``) is in this format: so named, or its
        recogniser says so, asked only when the cheap test holds."""
        if self.by_name and path is not None and _suffix(path) in self.suffixes:
            return True
        if self.sniff is None or (self.may_be is not None and not self.may_be(data)):
            return False
        return bool(resolve(self.sniff)(data, path))


def resolve(target: str | Callable) -> Callable:
    """``target``, or the function its ``"module:name"`` names, imported."""
    if not isinstance(target, str):
        return target
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


# Listed (in help, errors and the documentation) plain formats first, binary ones last.
_LISTED = ("plain", "transcript", "markup", "late_markup", "binary")


@lru_cache(maxsize=1)
def _built_in() -> tuple[dict[str, Format], dict[str, str]]:
    """linseg's formats by name, in the order they are listed, and by suffix."""
    from linseg.readers.catalogue import BUILT_IN

    by_name = {f.name: f for f in sorted(BUILT_IN, key=lambda f: _LISTED.index(f.stage))}
    return by_name, {suffix: f.name for f in BUILT_IN for suffix in f.suffixes}


def _suffix(path: str | os.PathLike[str]) -> str:
    """A file's name's ending, lower case, without a compression's (``.html`` for
    ``page.HTML.gz``)."""
    return os.path.splitext(uncompressed(os.fspath(path)))[1].lower()


def named(path: str | os.PathLike[str] | None) -> str | None:
    """The built-in format a file's name says (``"html"`` for ``page.HTM`` and for
    ``page.html.gz``), or None."""
    if path is None:
        return None
    return _built_in()[1].get(_suffix(path))


@lru_cache(maxsize=1)
def _installed() -> tuple[Format, ...]:
    """The formats other packages add through :data:`ENTRY_POINTS` (looked up once)."""
    from importlib.metadata import entry_points

    found = []
    for point in entry_points(group=ENTRY_POINTS):
        fmt = point.load()
        if not isinstance(fmt, Format):
            raise ValueError(
                f"the {ENTRY_POINTS} entry point {point.name!r} gives a "
                f"{type(fmt).__name__}, not a linseg.readers.formats.Format"
            )
        if fmt.name in _built_in()[0]:
            raise ValueError(
                f"the {ENTRY_POINTS} entry point {point.name!r} redefines {fmt.name!r}"
            )
        if fmt.read is None:
            raise ValueError(f"format {fmt.name!r} (entry point {point.name!r}) has no reader")
        fmt = Format(**{**fmt.__dict__, "stage": "installed"})
        found.append(fmt)
    return tuple(found)


def formats(installed: bool = True) -> dict[str, Format]:
    """Every format by name: the built-in ones, then (``installed``) those other
    packages add."""
    out = dict(_built_in()[0])
    if installed:
        out.update((f.name, f) for f in _installed())
    return out


def get_format(name: str) -> Format:
    """The format called ``name``; a ValueError naming the known ones otherwise."""
    built_in = _built_in()[0]
    if name in built_in:
        return built_in[name]
    found = formats()
    if name not in found:
        raise ValueError(f"unknown format {name!r}; use one of: auto, {', '.join(found)}")
    return found[name]


def installed_for(path: str | None) -> list[Format]:
    """The installed formats a file may be in, by its name, when no built-in format's
    suffix claims it: none for the names text files have (looking installed formats up
    is not worth a tenth of a second on every text file)."""
    if path is None:
        return []
    suffix = _suffix(path)
    if suffix in _built_in()[1] or suffix in _TEXT_SUFFIXES:
        return []
    return [f for f in _installed() if suffix in f.suffixes]


# Names that plain text (and Markdown, reStructuredText) files have.
_TEXT_SUFFIXES = frozenset({"", ".txt", ".text", ".md", ".markdown", ".rst", ".ref", ".lines"})


def format_table(installed: bool = True) -> str:
    """The formats as a Markdown table (name, what linseg reads of one, when detection
    takes a document for one): the guide's list, written from this registry."""
    rows = ["| format | what it is | detected when |", "| --- | --- | --- |"]
    for f in formats(installed).values():
        what = f.summary if f.section is None else f"{f.summary} (see [below](#{f.section}))"
        rows.append(f"| `{f.name}` | {what} | {f.detected} |")
    return "\n".join(rows)

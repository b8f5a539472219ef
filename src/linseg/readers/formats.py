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

import os
from functools import lru_cache

from linseg.readers.catalogue import Format, _suffix, resolve

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


# Listed (in help, errors and the documentation) plain formats first, binary ones last.
_LISTED = ("plain", "transcript", "markup", "late_markup", "binary")


@lru_cache(maxsize=1)
def _built_in() -> tuple[dict[str, Format], dict[str, str]]:
    """linseg's formats by name, in the order they are listed, and by suffix."""
    from linseg.readers.catalogue import BUILT_IN

    by_name = {f.name: f for f in sorted(BUILT_IN, key=lambda f: _LISTED.index(f.stage))}
    return by_name, {suffix: f.name for f in BUILT_IN for suffix in f.suffixes}


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

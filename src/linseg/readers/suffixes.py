"""File names: a compressed file's name without its compression's ending, a file that
another names found compressed or not, and the main file of a split Info manual's part.
(Which names mark which format is in the registry of formats,
:mod:`linseg.readers.formats`.)"""

from __future__ import annotations

import os
import re

__all__ = [
    "COMPRESSION_SUFFIXES",
    "MAX_TEXT_BYTES",
    "uncompressed",
    "compressed_or_not",
    "main_file",
]

#: The endings of files compressed by gzip, bzip2 and xz, which linseg reads through.
COMPRESSION_SUFFIXES = (".gz", ".bz2", ".xz")

#: The most bytes of text an archive's parts, or a compressed file, may unpack to (a long
#: novel's XHTML, or a thousand-page report's XML, is a few MB).
MAX_TEXT_BYTES = 256 * 1024 * 1024


def uncompressed(name: str) -> str:
    """A file's name (or path) without its compression's ending: ``page.html`` for
    ``page.html.gz``; the name itself if it has none."""
    for suffix in COMPRESSION_SUFFIXES:
        if name.lower().endswith(suffix):
            return name[: -len(suffix)]
    return name


def compressed_or_not(path: str | os.PathLike[str]) -> str | None:
    """The file at ``path``, or else the first of it compressed (``path.gz``, ``.bz2``,
    ``.xz``) that exists, or None: where a file that another names may lie."""
    for suffix in ("", *COMPRESSION_SUFFIXES):
        candidate = os.fspath(path) + suffix
        if os.path.isfile(candidate):
            return candidate
    return None


_PART_NAME = re.compile(r"(?<=\.info)-\d+$")


def main_file(path: str | os.PathLike[str]) -> str | None:
    """For a split manual's part (``.../sed.info-2``, ``.../sed.info-2.gz``), the path of
    the main file that names it (``.../sed.info``, compressed or not); None for any other
    file, or a part with no main file beside it."""
    name = uncompressed(os.fspath(path))
    part = _PART_NAME.search(name)
    return None if part is None else compressed_or_not(name[: part.start()])

"""The other files a document names (a split Info manual's parts, the page a manual page
includes, an AsciiDoc, Org or DocBook source's includes): where they are looked for, which
may be read (only the document's own folders), and how many, so that a document that
includes itself cannot read without end."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from linseg.readers.compression import decompressed
from linseg.readers.encoding import decode
from linseg.readers.suffixes import compressed_or_not

__all__ = ["MAX_INCLUDED_FILES", "MAX_INCLUDED_CHARACTERS", "guarded", "file_reader"]


#: The most files, and characters, one document may read through its includes (a source
#: that includes itself six times, eight deep, would read 1.7 million files; one of 10 KB
#: that includes itself three times, 65 MB).
MAX_INCLUDED_FILES = 10_000

MAX_INCLUDED_CHARACTERS = 16 * 1024 * 1024


class _TooManyFiles(Exception):
    """A document read more than :data:`MAX_INCLUDED_FILES` files or
    :data:`MAX_INCLUDED_CHARACTERS` characters: not a ValueError, which a reader takes
    for one include that cannot be read, and reads on."""


@contextmanager
def guarded(what: str) -> Iterator[None]:
    """Refuse, in a ValueError, a document whose markup nests past Python's recursion
    limit (lists in lists, blocks in blocks, a thousand deep: the readers walk trees by
    recursion, as the markup's own tools do), or whose includes multiply past
    :data:`MAX_INCLUDED_FILES`."""
    try:
        yield
    except RecursionError:
        raise ValueError(f"the {what} nests its markup too deeply to read") from None
    except _TooManyFiles:
        raise ValueError(
            f"the {what} reads more than {MAX_INCLUDED_FILES:,} files, or "
            f"{MAX_INCLUDED_CHARACTERS >> 20} MB, through its includes (a file that "
            "includes itself, or another, many times?)"
        ) from None


def file_reader(
    path: str | None,
    encoding: str | None,
    used: str,
    ups: tuple[int, ...],
    name_parts: int | None,
) -> Callable[[str], str]:
    """What reads a file that the one read from ``path`` names (a split Info manual's
    part, the page a manual page includes, a source's include): the first found,
    compressed as it may be (``sed.info-1.gz``), under each folder ``ups`` levels above
    ``path``'s own, by a name of at most ``name_parts`` parts (None: any). It is read in
    ``encoding``, or as that file's bytes say, or else in ``used``, the encoding of the
    file that names it."""

    reads, characters = 0, 0

    def read(name: str) -> str:
        nonlocal reads, characters
        reads += 1
        if reads > MAX_INCLUDED_FILES:
            raise _TooManyFiles
        # Only a file of the manual's own folders: a document must not make linseg read
        # and show any file it names (".so /etc/passwd" in an uploaded page).
        parts = name.replace("\\", "/").split("/")
        too_deep = name_parts is not None and len(parts) > name_parts
        if os.path.isabs(name) or ".." in parts or too_deep:
            raise ValueError(f"the document names {name}, outside its manual's folders")
        if path is None:
            raise ValueError(
                f"the text is in {name}, another file; give the file's path, not standard input"
            )
        folders = []
        for up in ups:
            folder = os.path.dirname(os.path.abspath(path))
            for _ in range(up):
                folder = os.path.dirname(folder)
            folders.append(folder)
        for folder in folders:
            found = compressed_or_not(os.path.join(folder, name))
            if found is not None:
                with open(found, "rb") as fh:
                    text = decode(decompressed(fh.read()), encoding, used)[0]
                characters += len(text)
                if characters > MAX_INCLUDED_CHARACTERS:
                    raise _TooManyFiles
                return text
        raise ValueError(
            f"{name}, which {path} reads, is not in {' or '.join(dict.fromkeys(folders))} "
            "(nor compressed as .gz, .bz2 or .xz)"
        )

    return read

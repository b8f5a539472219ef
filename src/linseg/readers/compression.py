"""Compressed input: a document compressed by gzip, bzip2 or xz (``README.gz``,
``sed.info.gz``) is decompressed before it is read, whatever its format, within a bound on
what it may unpack to."""

from __future__ import annotations

import importlib
import io
import re

from linseg.readers.suffixes import MAX_TEXT_BYTES

__all__ = ["decompressed", "compression"]


# What each compression's stream opens with and its module. A bzip2 stream is told by
# its first block's magic number (or an empty stream's end), not by "BZh" alone, which a
# text may open with.
_COMPRESSIONS = (
    ("gzip", "gzip", (b"\x1f\x8b",)),
    ("bzip2", "bz2", (b"1AY&SY", b"\x17rE8P\x90")),
    ("xz", "lzma", (b"\xfd7zXZ\x00",)),
)


def compression(data: bytes) -> tuple[str, str] | None:
    """What compressed ``data`` and the module that decompresses it, or None."""
    for what, module, magics in _COMPRESSIONS:
        head = data[4:10] if module == "bz2" and re.match(rb"BZh[1-9]", data[:4]) else data
        if any(head.startswith(m) for m in magics):
            return what, module
    return None


def decompressed(data: bytes) -> bytes:
    """``data`` decompressed if gzip, bzip2 or xz compressed it, else ``data``. (Formats
    are read from a compressed file's name without its ending: :func:`named`.)"""
    found = compression(data)
    if found is None:
        return data
    what, module = found
    try:
        with importlib.import_module(module).open(io.BytesIO(data)) as stream:
            # No more than the text a document may hold: a small file must not unpack
            # to gigabytes in memory.
            data = stream.read(MAX_TEXT_BYTES + 1)
    except Exception as exc:  # each module raises its own: OSError, EOFError, LZMAError
        raise ValueError(f"input is {what}-compressed but cannot be decompressed: {exc}") from None
    if len(data) > MAX_TEXT_BYTES:
        raise ValueError(
            f"input is {what}-compressed and unpacks to more than {MAX_TEXT_BYTES >> 20} MB"
        )
    return data

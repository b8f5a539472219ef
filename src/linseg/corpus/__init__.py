"""Corpora: the ``.ref`` format, and finding the data sets."""

from .data import choi_dir, data_dir
from .ref import RefDocument, find_ref_files, format_ref, parse_ref, read_ref, write_ref

__all__ = [
    "RefDocument",
    "read_ref",
    "parse_ref",
    "write_ref",
    "format_ref",
    "find_ref_files",
    "data_dir",
    "choi_dir",
]

"""Corpora: the ``.ref`` format, and finding the data sets."""

from .ref import RefDocument, read_ref, parse_ref, write_ref, format_ref, find_ref_files
from .data import data_dir, choi_dir

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

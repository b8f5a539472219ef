"""The corpora linseg is measured on: where the data is (:mod:`~.data`), Choi's samples in
the ``.ref`` format (read by :mod:`linseg.readers.ref`) and samples made from the Brown
corpus (:mod:`~.brown`)."""

from linseg.evaluation.corpora.data import DataNotFound, choi_dir, data_dir
from linseg.readers.ref import (
    RefDocument,
    find_ref_files,
    format_ref,
    parse_ref,
    read_ref,
    write_ref,
)

__all__ = [
    "DataNotFound",
    "RefDocument",
    "read_ref",
    "parse_ref",
    "write_ref",
    "format_ref",
    "find_ref_files",
    "data_dir",
    "choi_dir",
]

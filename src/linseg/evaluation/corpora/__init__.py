"""The corpora linseg is measured on: where the data is and what each corpus is
(:mod:`~.data`), getting a copy (:mod:`~.fetch`: downloading Brown, registering local
copies), Choi's samples in the ``.ref`` format (read by :mod:`linseg.readers.ref`) and
samples made from the Brown corpus (:mod:`~.brown`)."""

from linseg.evaluation.corpora.data import (
    DataError,
    DataNotFound,
    brown_zip,
    choi_dir,
    data_dir,
    find_corpus,
)
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
    "DataError",
    "RefDocument",
    "read_ref",
    "parse_ref",
    "write_ref",
    "format_ref",
    "find_ref_files",
    "data_dir",
    "choi_dir",
    "brown_zip",
    "find_corpus",
]

"""Locating data sets: ``--data`` or the ``LINSEG_DATA`` environment variable, never a fixed path."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["data_dir", "choi_dir", "DataNotFound"]


class DataNotFound(FileNotFoundError):
    pass


def data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The data root: ``explicit`` if given, else ``$LINSEG_DATA``."""
    value = explicit if explicit is not None else os.environ.get("LINSEG_DATA")
    if not value:
        raise DataNotFound("no data directory: pass --data DIR or set LINSEG_DATA")
    path = Path(value).expanduser()
    if not path.is_dir():
        raise DataNotFound(f"data directory not found: {path}")
    return path


def choi_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The paper's corpus, ``<data>/choi``."""
    path = data_dir(explicit) / "choi"
    if not path.is_dir():
        raise DataNotFound(f"Choi's corpus not found under {path.parent} (expected {path})")
    return path

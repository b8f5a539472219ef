"""The author's published results: per-sample TestLogs and reference stems."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["read_test_logs", "reference_stemmer", "sample_key"]


def sample_key(path: str | os.PathLike[str]) -> str:
    """``set/range/n.ref`` — the part of a sample path shared by the logs and the data."""
    parts = Path(str(path).replace("\\", "/")).parts
    return "/".join(parts[-3:])


def read_test_logs(choi: str | os.PathLike[str]) -> dict[int, dict[str, tuple[float, float]]]:
    """Parse every ``TestLog*.txt`` under the corpus: ``{code: {sample_key: (pk, seconds)}}``.

    Each record is five lines: ``===``, experiment code, sample path, Pk, CPU seconds.
    """
    out: dict[int, dict[str, tuple[float, float]]] = {}
    for log in sorted(Path(choi).glob("*/TestLog*.txt")):
        lines = [
            ln.strip() for ln in log.read_text(encoding="utf-8", errors="replace").splitlines()
        ]
        i = 0
        while i + 4 < len(lines):
            if lines[i] != "===":
                i += 1
                continue
            try:
                code = int(lines[i + 1])
                # The logs name the set by the author's folder (set 3 was his "5"); the
                # folder the log sits in is the set's name here.
                rng_and_file = "/".join(Path(lines[i + 2].replace("\\", "/")).parts[-2:])
                key = f"{log.parent.name}/{rng_and_file}"
                out.setdefault(code, {})[key] = (float(lines[i + 3]), float(lines[i + 4]))
            except ValueError:
                pass
            i += 5
    return out


def reference_stemmer(choi: str | os.PathLike[str]):
    """The author's stemmer, as a look-up in ``reference-stems.tsv`` (word -> stem)."""
    from linseg.text.processor import table_stemmer

    return table_stemmer(reference_stems_path(choi))


def reference_stems_path(choi: str | os.PathLike[str]) -> Path:
    """Where the author's stems are: ``<choi>/reference-stems.tsv``."""
    return Path(choi) / "reference-stems.tsv"

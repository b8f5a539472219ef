"""Shared fixtures. Data-dependent tests need LINSEG_DATA (CI sets it to ../shared/data);
without it they skip with that reason, never pass vacuously."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def _data_root() -> Path | None:
    value = os.environ.get("LINSEG_DATA")
    if not value:
        return None
    path = Path(value)
    return path if path.is_dir() else None


@pytest.fixture(scope="session")
def data_root() -> Path:
    root = _data_root()
    if root is None:
        pytest.skip("LINSEG_DATA is not set to an existing directory (CI sets ../shared/data)")
    return root


@pytest.fixture(scope="session")
def choi_root(data_root: Path) -> Path:
    path = data_root / "choi"
    if not path.is_dir():
        pytest.skip(f"Choi's corpus not found at {path}")
    return path


@pytest.fixture(scope="session")
def brown_zip(data_root: Path) -> Path:
    path = data_root / "brown" / "brown.zip"
    if not path.is_file():
        pytest.skip(f"the Brown corpus not found at {path}")
    return path


@pytest.fixture(scope="session")
def choi_docs(choi_root: Path):
    """All 700 samples of the paper's corpus, read once."""
    from linseg.evaluation.corpora import find_ref_files, read_ref

    return [read_ref(p) for p in find_ref_files(choi_root)]


@pytest.fixture(scope="session")
def mean_pk():
    """``mean_pk(segmenter, docs)``: word-level Pk (percent, automatic termination) per
    range, through the library's own evaluation (``evaluate_sample`` and ``summarize``)."""
    from linseg.evaluation.evaluate import evaluate_sample, summarize

    def run(seg, docs) -> dict[str, float]:
        table = summarize([evaluate_sample(seg, d, known=False) for d in docs])
        return {r: 100 * row["auto_pk_word"] for r, row in table.items() if r != "all"}

    return run

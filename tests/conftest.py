"""Shared fixtures. Data-dependent tests need LINSEG_DATA (CI sets it to ../shared/data);
without it they skip with that reason, never pass vacuously.

The tests mirror the packages (tests/text, tests/compose, tests/readers, ...). The quick
loop is ``python -m pytest -m "not slow"``: the tests of the readers and of the command
line, the fuzzing, the examples of the documentation and every test that reads the shared
corpora are marked ``slow`` here.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
# Haystack reports usage unless told not to: tests (and the documentation's examples, run
# by them) send nothing anywhere.
os.environ.setdefault("HAYSTACK_TELEMETRY_ENABLED", "False")
# The helpers every folder's tests import (support, docgen, pdfgen).
sys.path.insert(0, str(TESTS))

#: Folders and modules whose tests are all slow.
_SLOW_FOLDERS = ("readers", "cli")
_SLOW_MODULES = ("test_fuzz.py", "test_fuzz_campaign.py", "test_examples.py", "test_snapshot.py")
#: Fixtures that read the shared corpora.
_DATA_FIXTURES = frozenset({"data_root", "choi_root", "brown_zip", "choi_docs", "mean_pk"})


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.fspath)).resolve()
        parts = path.relative_to(TESTS).parts
        reads_data = _DATA_FIXTURES & set(getattr(item, "fixturenames", ())) or any(
            "LINSEG_DATA" in str(m.kwargs.get("reason", "")) for m in item.iter_markers("skipif")
        )
        if parts[0] in _SLOW_FOLDERS or path.name in _SLOW_MODULES or reads_data:
            item.add_marker(pytest.mark.slow)


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

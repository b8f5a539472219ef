"""Shared fixtures. Data-dependent tests need the corpora: LINSEG_DATA (CI sets it to
../shared/data), or for Choi's corpus and the Brown corpus the copies ``linseg data``
fetched or registered. Without them they skip, naming ``linseg data status``, never pass
vacuously.

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
#: What every skip for missing data names: the command that says where the data is.
_STATUS = "linseg data status"


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.fspath)).resolve()
        parts = path.relative_to(TESTS).parts
        reads_data = _DATA_FIXTURES & set(getattr(item, "fixturenames", ())) or any(
            _STATUS in str(m.kwargs.get("reason", "")) for m in item.iter_markers("skipif")
        )
        if parts[0] in _SLOW_FOLDERS or path.name in _SLOW_MODULES or reads_data:
            item.add_marker(pytest.mark.slow)


def _data_root() -> Path | None:
    value = os.environ.get("LINSEG_DATA")
    if not value:
        return None
    path = Path(value)
    return path if path.is_dir() else None


def _skip_reason(exc: Exception) -> str:
    message = str(exc)
    return message if _STATUS in message else f"{message} (see '{_STATUS}')"


@pytest.fixture(scope="session")
def data_root() -> Path:
    root = _data_root()
    if root is None:
        pytest.skip(
            "LINSEG_DATA is not set to an existing directory (CI sets ../shared/data; "
            f"see '{_STATUS}')"
        )
    return root


@pytest.fixture(scope="session")
def choi_root() -> Path:
    """Choi's corpus where linseg finds it: $LINSEG_DATA/choi, else a registered copy."""
    from linseg.evaluation.corpora.data import choi_dir

    try:
        return choi_dir()
    except (FileNotFoundError, ValueError) as exc:
        pytest.skip(_skip_reason(exc))


@pytest.fixture(scope="session")
def brown_zip() -> Path:
    """The Brown corpus where linseg finds it: $LINSEG_DATA/brown/brown.zip, else a copy
    registered, fetched by ``linseg data fetch brown`` or in NLTK's data."""
    from linseg.evaluation.corpora.data import brown_zip as find

    try:
        return find()
    except (FileNotFoundError, ValueError) as exc:
        pytest.skip(_skip_reason(exc))


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

"""Every registered method's boundaries on the paper's 700 samples and the 110 python-docs
pages, against the stored snapshot (tests/data/boundaries.json.gz).

The snapshot guards what must not move: a file moved, a kernel rewritten, a method
re-expressed. ``python tools/boundary_snapshot.py`` rebuilds it (``--diff`` first, to
report what moved) when a change moves boundaries on purpose.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_TOOL = Path(__file__).resolve().parent.parent / "tools" / "boundary_snapshot.py"
_spec = importlib.util.spec_from_file_location("boundary_snapshot", _TOOL)
assert _spec is not None and _spec.loader is not None
snapshot = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(snapshot)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def stored() -> dict:
    return snapshot.load()


def test_every_registered_method_is_in_the_snapshot(stored):
    assert sorted(stored) == snapshot.methods()


@pytest.mark.parametrize("corpus", snapshot.CORPORA)
@pytest.mark.parametrize("method", snapshot.methods())
def test_boundaries_are_the_snapshots(method, corpus, stored, data_root):
    found = snapshot.method_boundaries(method, data_root, corpus)
    expected = stored[method][corpus]
    assert len(expected) == (700 if corpus == "choi" else 110)
    differ = [doc for doc in expected if found.get(doc) != expected[doc]]
    assert not differ, f"{len(differ)} documents differ, e.g. {differ[:3]}"
    assert found.keys() == expected.keys()

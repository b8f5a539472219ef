"""The public API is fully annotated, and the package says so (``py.typed``)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from support import unannotated

# The modules whose ``__all__`` is the public API.
PUBLIC = [
    "linseg", "linseg.base", "linseg.methods", "linseg.methods.c99",
    "linseg.methods.texttiling", "linseg.methods.kan", "linseg.methods.dotplot",
    "linseg.methods.baselines", "linseg.methods.u00", "linseg.evaluation.metrics", "linseg.text.sentences", "linseg.text.processor",
    "linseg.readers.document", "linseg.run", "linseg.cli.output", "linseg.readers.ref",
    "linseg.evaluation.natural", "linseg.evaluation.evaluate", "linseg.evaluation.figures",
    "linseg.evaluation.reports", "linseg.compose.band", "linseg.compose.strategies.divisive", "linseg.compose.transforms",
    "linseg.compose.measures.cosine", "linseg.compose.strategies.termination", "linseg.chunks.bounds", "linseg.text.languages",
    "linseg.chunks.keywords", "linseg.readers.transcript", "linseg.integrations.langchain", "linseg.checks",
]  # fmt: skip


@pytest.mark.parametrize("module", PUBLIC)
def test_public_api_is_annotated(module):
    mod = importlib.import_module(module)
    names = getattr(mod, "__all__", None)
    assert names, f"{module} has no __all__"
    missing = [m for name in names for m in unannotated(getattr(mod, name), f"{module}.{name}")]
    assert missing == []


def test_the_checker_sees_a_missing_annotation():
    def f(a, b: int):
        return a

    assert unannotated(f, "f") == ["f(a) -> ?"]


def test_the_package_ships_py_typed():
    import linseg

    assert (Path(linseg.__file__).parent / "py.typed").is_file()

"""The public API is fully annotated, and the package says so (``py.typed``)."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

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


def _unannotated(obj, label: str) -> list[str]:
    functions = []
    if inspect.isclass(obj):
        for name, member in vars(obj).items():
            if (not name.startswith("_") or name == "__init__") and inspect.isfunction(member):
                functions.append((f"{label}.{name}", member))
    elif inspect.isfunction(obj):
        functions.append((label, obj))
    out = []
    for where, f in functions:
        sig = inspect.signature(f)
        params = [
            p.name
            for p in sig.parameters.values()
            if p.name not in ("self", "cls") and p.annotation is inspect.Parameter.empty
        ]
        returns = sig.return_annotation is inspect.Signature.empty and f.__name__ != "__init__"
        if params or returns:
            out.append(f"{where}({', '.join(params)}){' -> ?' if returns else ''}")
    return out


@pytest.mark.parametrize("module", PUBLIC)
def test_public_api_is_annotated(module):
    mod = importlib.import_module(module)
    names = getattr(mod, "__all__", None)
    assert names, f"{module} has no __all__"
    missing = [m for name in names for m in _unannotated(getattr(mod, name), f"{module}.{name}")]
    assert missing == []


def test_the_checker_sees_a_missing_annotation():
    def f(a, b: int):
        return a

    assert _unannotated(f, "f") == ["f(a) -> ?"]


def test_the_package_ships_py_typed():
    import linseg

    assert (Path(linseg.__file__).parent / "py.typed").is_file()

"""How linseg's names are imported: packages that load their modules on first use, and
linseg 0.1's import paths, kept for one release through an import hook.

A package's ``__init__`` names what it offers and the module each name is in
(:func:`lazy`): ``import linseg`` and a reader's run stay fast, and no package imports
its siblings' modules only to be imported itself (which would tie the compiled kernels'
imports into knots).

linseg 0.2 moved its modules so that the package layout shows the paper's conclusion (a
similarity measure plus a clustering strategy; see docs/architecture.md). Code written for
0.1 imports ``linseg.similarity``, ``linseg.corpus.webpage`` or ``linseg.show``: those
names are not files any more, but this finder answers for them. Importing one warns with a
:class:`DeprecationWarning` that names the new place, and gives the new module itself (an
old path whose module was split gives a module that looks each name up in the new ones).
The hook goes in linseg 0.3.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import sys
import types
import warnings
from collections.abc import Callable
from typing import Any


def lazy(
    package: str, names: dict[str, str], modules: tuple[str, ...] = ()
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for a package whose attribute ``name`` is imported on first
    use from its module ``names[name]`` (relative to ``package``), and whose submodules
    ``modules`` are imported when first asked for as attributes."""

    def __getattr__(name: str) -> Any:
        module = sys.modules[package]
        if name in names:
            value = getattr(importlib.import_module(f"{package}.{names[name]}"), name)
        elif name in modules:
            value = importlib.import_module(f"{package}.{name}")
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        setattr(module, name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *names, *modules})

    return __getattr__, __dir__


#: Each old module and the module(s) its names are in now. An old package's submodules are
#: listed too, so that ``import linseg.corpus.webpage`` finds its way.
ALIASES: dict[str, tuple[str, ...]] = {
    "linseg.sentences": ("linseg.text.sentences", "linseg.text.outline"),
    "linseg.words": ("linseg.text.words",),
    "linseg.stemmers": ("linseg.text.stemmers",),
    "linseg.languages": (
        "linseg.text.languages",
        "linseg.text.identification",
        "linseg.text.words",
    ),
    "linseg.tagger": ("linseg.text.tagger",),
    "linseg.bounds": ("linseg.chunks.bounds",),
    "linseg.keywords": ("linseg.chunks.keywords",),
    "linseg.memory": ("linseg.compose.memory",),
    "linseg.progress": ("linseg.execution.progress",),
    "linseg.workers": ("linseg.execution.workers",),
    "linseg.banded": (
        "linseg.compose.band",
        "linseg.compose.transforms",
        "linseg.compose.strategies.divisive",
    ),
    "linseg.similarity": (
        "linseg.compose.measures.cosine",
        "linseg.compose.measures.dots",
        "linseg.compose.measures.spread",
    ),
    "linseg.rank": ("linseg.compose.transforms",),
    "linseg.density": ("linseg.compose.strategies.divisive",),
    "linseg.termination": ("linseg.compose.strategies.termination",),
    "linseg.dotplot": ("linseg.compose.strategies.reynar",),
    "linseg.depth": ("linseg.compose.strategies.depth",),
    "linseg.compose.cues": ("linseg.compose.costs.cues",),
    "linseg.metrics": ("linseg.evaluation.metrics",),
    "linseg.langchain": ("linseg.integrations.langchain",),
    "linseg.methods.compose_registry": ("linseg.methods.c99_dp", "linseg.methods.c99_lsa"),
    "linseg.corpus": ("linseg.readers.ref", "linseg.evaluation.corpora.data"),
    "linseg.corpus.run": ("linseg.run",),
    "linseg.corpus.batch": ("linseg.cli.batch",),
    "linseg.corpus.output": ("linseg.cli.output",),
    "linseg.corpus.data": ("linseg.evaluation.corpora.data",),
    "linseg.corpus.brown": ("linseg.evaluation.corpora.brown",),
    "linseg.corpus.document": (
        "linseg.readers.document",
        "linseg.readers.detection",
        "linseg.readers.compression",
        "linseg.readers.encoding",
    ),
    "linseg.experiments": ("linseg.evaluation",),
    "linseg.experiments.evaluate": ("linseg.evaluation.evaluate",),
    "linseg.experiments.long_documents": ("linseg.evaluation.long_documents",),
    "linseg.experiments.natural": ("linseg.evaluation.natural",),
    "linseg.experiments.paper": ("linseg.evaluation.paper",),
    "linseg.experiments.reference": ("linseg.evaluation.paper.reference",),
    "linseg.experiments.significance": ("linseg.evaluation.significance",),
    "linseg.show": (
        "linseg.evaluation.figures",
        "linseg.evaluation._mpl",
        "linseg.evaluation.paper.figures",
        "linseg.evaluation.reports",
    ),
    "linseg.show.figures": ("linseg.evaluation.figures",),
    "linseg.show.paper": ("linseg.evaluation.paper.figures",),
    "linseg.show.paper_tables": ("linseg.evaluation.paper.tables",),
    "linseg.show.report": ("linseg.evaluation.reports",),
}
for _reader in (
    "archive", "asciidoc", "docbook", "encoding", "epub", "info", "latex", "manpage", "markup",
    "mediawiki", "mhtml", "notebook", "office", "org", "pod", "ref", "rtf", "slides",
    "transcript", "webpage",
):  # fmt: skip
    ALIASES[f"linseg.corpus.{_reader}"] = (f"linseg.readers.{_reader}",)
# Split since 0.1: the PDF reader's layout constants, the suffix table and detection.
ALIASES["linseg.corpus.pdf"] = ("linseg.readers.pdf", "linseg.readers.pdf_layout")
ALIASES["linseg.corpus.suffixes"] = (
    "linseg.readers.suffixes",
    "linseg.readers.formats",
    "linseg.readers.catalogue",
)

#: Old packages: their aliases must be packages for their old submodules to import.
_PACKAGES = frozenset({"linseg.corpus", "linseg.experiments", "linseg.show"})


class _Combined(types.ModuleType):
    """An old module split in two or more: each name is looked up in the new ones, in
    order."""

    def __init__(self, name: str, targets: tuple[str, ...]) -> None:
        super().__init__(name, f"Deprecated: the names of {name} are now in {', '.join(targets)}.")
        self._targets = targets

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        for target in self._targets:
            module = importlib.import_module(target)
            if hasattr(module, attr):
                return getattr(module, attr)
        raise AttributeError(f"module {self.__name__!r} has no attribute {attr!r}")

    def __dir__(self) -> list[str]:
        names: set[str] = set()
        for target in self._targets:
            names.update(dir(importlib.import_module(target)))
        return sorted(names)


def _caller_stacklevel() -> int:
    """The stack level of the first frame outside the import machinery and this file, so
    that the warning names the line that imported the old path. Levels are counted as
    :func:`warnings.warn` counts them: importlib's bootstrap frames are not counted."""
    skip = (os.path.normcase(__file__), os.path.normcase(os.path.dirname(importlib.__file__)))
    frame = sys._getframe(1)
    level = 1
    while frame is not None:
        name = frame.f_code.co_filename
        internal = "importlib" in name and "_bootstrap" in name
        if not internal and not os.path.normcase(name).startswith(skip):
            return level
        frame = frame.f_back  # type: ignore[assignment]
        if frame is not None and not (
            "importlib" in frame.f_code.co_filename and "_bootstrap" in frame.f_code.co_filename
        ):
            level += 1
    return 1


class _AliasFinder:
    """Finds the old names of :data:`ALIASES` and loads each as its new module."""

    def find_spec(
        self, fullname: str, path: Any = None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in ALIASES:
            return None
        # A loader need only have create_module and exec_module (importlib.abc's base
        # classes are not imported: they would cost ``import linseg`` a fifth of its time).
        loader: Any = self
        return importlib.machinery.ModuleSpec(fullname, loader, is_package=fullname in _PACKAGES)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        targets = ALIASES[spec.name]
        warnings.warn(
            f"{spec.name} is deprecated and goes in linseg 0.3; import "
            f"{' or '.join(targets)} instead",
            DeprecationWarning,
            stacklevel=_caller_stacklevel(),
        )
        if len(targets) == 1 and spec.name not in _PACKAGES:
            return importlib.import_module(targets[0])
        module = _Combined(spec.name, targets)
        if spec.name in _PACKAGES:
            module.__path__ = []
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the module was made whole by :meth:`create_module`."""


def install() -> None:
    """Put the finder on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _AliasFinder) for f in sys.meta_path):
        sys.meta_path.append(_AliasFinder())

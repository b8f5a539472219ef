"""The segmentation methods, registered in one place.

``linseg segment --method NAME``, ``linseg evaluate --method NAME``, ``linseg methods``
and the experiment runner all look methods up here. A method module registers a factory
with :func:`register`; :data:`METHOD_MODULES` lists the modules to import.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..base import Segmenter

__all__ = [
    "register",
    "get",
    "create",
    "accepted_params",
    "from_options",
    "DEFAULT_METHOD",
    "OPTION_FLAGS",
    "available",
    "MethodInfo",
    "METHOD_MODULES",
]

#: The method ``linseg segment`` and :func:`linseg.segment_text` use when none is named:
#: U00 on paragraphs with C99's rank evidence, the method that does best on real documents
#: with sections of their own (Python and Django documentation pages; see the evaluation
#: guide), and better than C99 on the paper's corpus (8.2% Pk on 3-11 against 12.8%).
#: ``c99`` is the author's algorithm, exact.
DEFAULT_METHOD = "u00_pr"

# Modules that define methods; each calls register() at import.
METHOD_MODULES = ["linseg.methods.c99_registry", "linseg.methods.baselines"]
METHOD_MODULES += ["linseg.methods.texttiling_registry", "linseg.methods.kan_registry"]
METHOD_MODULES += ["linseg.methods.dotplot_registry", "linseg.methods.u00_registry"]
METHOD_MODULES += ["linseg.methods.compose_registry", "linseg.methods.consensus_registry"]


@dataclass(frozen=True)
class MethodInfo:
    name: str
    factory: Callable[..., Segmenter]
    summary: str
    needs_n_segments: bool = False  # True for methods that only run with a known count
    paper_row: str | None = None  # the row name in the paper's tables, e.g. "C99_b"
    defaults: tuple[tuple[str, Any], ...] = ()
    # What the method's learned or chosen parts came from ("nothing": nothing was fitted);
    # the README's table of every method and linseg paper's beyond table print it.
    trained_on: str = "nothing"


_REGISTRY: dict[str, MethodInfo] = {}
_loaded = False


def register(
    name: str,
    factory: Callable[..., Segmenter],
    summary: str,
    *,
    needs_n_segments: bool = False,
    paper_row: str | None = None,
    trained_on: str = "nothing",
    **defaults: Any,
) -> None:
    """Make a method known under ``name`` (lower case, unique); ``trained_on`` says what
    its learned or chosen parts came from."""
    key = name.lower()
    if key in _REGISTRY:
        raise ValueError(f"method {name!r} is already registered")
    _REGISTRY[key] = MethodInfo(
        key, factory, summary, needs_n_segments, paper_row, tuple(defaults.items()), trained_on
    )


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for mod in METHOD_MODULES:
            importlib.import_module(mod)


def available() -> dict[str, MethodInfo]:
    """All registered methods by name."""
    _load()
    return dict(_REGISTRY)


def get(name: str) -> MethodInfo:
    _load()
    try:
        return _REGISTRY[name.lower()]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise ValueError(f"unknown method {name!r}; known methods: {known}") from None


def accepted_params(name: str) -> frozenset[str] | None:
    """The keyword parameters method ``name`` takes (None: any)."""
    params = inspect.signature(get(name).factory).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return None
    return frozenset(params)


def create(name: str, ignore_unknown: bool = False, **params: Any) -> Segmenter:
    """A new segmenter for method ``name`` with its registered defaults and ``params``.

    With ``ignore_unknown``, parameters the method does not take are dropped, so one set
    of options (say ``tokenized``, ``stemmer``) can serve every method.
    """
    info = get(name)
    kwargs = dict(info.defaults)
    kwargs.update(params)
    if ignore_unknown:
        accepted = accepted_params(name)
        if accepted is not None:
            kwargs = {k: v for k, v in kwargs.items() if k in accepted}
    return info.factory(**kwargs)


#: Segmenter parameters that the command line sets, by option name, with their flags.
OPTION_FLAGS = {
    "mask": ("mask_size", "--mask"),
    "c": ("c", "--c"),
    "stopwords": ("stopwords", "--stopwords"),
    "stems": ("stemmer", "--stems"),
    "band": ("band", "--band"),
    "language": ("language", "--language"),
    "max_size": ("max_size", "--max-size"),
    "min_size": ("min_size", "--min-size"),
    "size_unit": ("size_unit", "--size-unit"),
}


_C99_FLAGS = {"--mask", "--c", "--band"}


def from_options(name: str, options: Mapping[str, Any], **extra: Any) -> Segmenter:
    """A segmenter for method ``name`` from command-line style options.

    ``options`` may hold ``mask``, ``c``, ``stopwords`` (a word-list file), ``stems`` (a
    ``word<TAB>stem`` file) and ``band``; None or a missing key leaves the method's
    default. A set option that the method does not take is refused with a ValueError
    naming its flag, so that it is never silently ignored. ``extra`` settings (say
    ``tokenized``) go only to the methods that take them.
    """
    info = get(name)
    given = {k: options[k] for k in OPTION_FLAGS if options.get(k) not in (None, "")}
    accepted = accepted_params(info.name)
    # Refuse before reading word lists or stem tables that would not be used.
    refused = [
        OPTION_FLAGS[k][1]
        for k in given
        if accepted is not None and OPTION_FLAGS[k][0] not in accepted
    ]
    if refused:
        hint = "; they are C99's: add --method c99" if set(refused) <= _C99_FLAGS else ""
        raise ValueError(f"method {info.name!r} does not take {', '.join(refused)}{hint}")
    params: dict[str, Any] = {}
    for key, value in given.items():
        if key == "stopwords":
            from ..text import load_stopwords

            value = load_stopwords(value)
        elif key == "stems":
            from ..text import table_stemmer

            value = table_stemmer(value)
        params[OPTION_FLAGS[key][0]] = value
    return create(info.name, ignore_unknown=True, **params, **extra)

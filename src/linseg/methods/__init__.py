"""The segmentation methods: each a class of its own module here, named in one table
(:mod:`~linseg.methods.catalogue`).

``linseg segment --method NAME``, ``linseg evaluate --method NAME``, ``linseg methods``
and the experiment runner all look methods up here. Listing them imports no method's
module; :func:`create` imports the one it makes.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Mapping
from typing import Any

from linseg.base import Segmenter
from linseg.methods.catalogue import CATALOGUE, DEFAULT_METHOD, RENAMED, MethodInfo

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
]

_REGISTRY: dict[str, MethodInfo] = {info.name: info for info in CATALOGUE}


def register(
    name: str,
    factory: Callable[..., Segmenter] | str,
    summary: str,
    *,
    needs_n_segments: bool = False,
    paper_row: str | None = None,
    trained_on: str = "nothing",
    **defaults: Any,
) -> None:
    """Make a method known under ``name`` (lower case, unique): ``factory`` is the class
    (or ``"module:Class"``) that runs it with ``defaults``; ``trained_on`` says what its
    learned or chosen parts came from. linseg's own methods are the rows of
    :data:`~linseg.methods.catalogue.CATALOGUE`."""
    key = name.lower()
    if key in _REGISTRY or key in RENAMED:
        raise ValueError(f"method {name!r} is already registered")
    _REGISTRY[key] = MethodInfo(
        key, factory, summary, needs_n_segments, paper_row, tuple(defaults.items()), trained_on
    )


def available() -> dict[str, MethodInfo]:
    """All registered methods by name."""
    return dict(_REGISTRY)


def get(name: str) -> MethodInfo:
    """The method registered as ``name``; a ValueError naming the known ones otherwise."""
    key = name.lower()
    if key in RENAMED:
        warnings.warn(
            f"method {name!r} is called {RENAMED[key]!r} since linseg 0.2; the old name "
            "goes in 0.3",
            DeprecationWarning,
            stacklevel=2,
        )
        key = RENAMED[key]
    try:
        return _REGISTRY[key]
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
            from linseg.text.processor import load_stopwords

            value = load_stopwords(value)
        elif key == "stems":
            from linseg.text.processor import table_stemmer

            value = table_stemmer(value)
        params[OPTION_FLAGS[key][0]] = value
    return create(info.name, ignore_unknown=True, **params, **extra)

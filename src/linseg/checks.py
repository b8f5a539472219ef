"""Argument checks shared by every layer (they import nothing of linseg's)."""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from typing import Any

__all__ = [
    "check_int",
    "check_number",
    "check_flag",
    "check_choice",
    "check_stopwords",
    "check_stemmer",
    "check_tokenized",
]


def check_int(name: str, value: Any, minimum: int = 1) -> int:
    """An integer parameter: TypeError if ``value`` is not an integer (bools are not),
    ValueError if it is below ``minimum``."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an integer >= {minimum}, got {value!r}")
    value = int(value)
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return value


def check_number(
    name: str, value: Any, minimum: float | None = None, maximum: float | None = None
) -> float:
    """A finite real parameter: TypeError if ``value`` is not a number (bools are not),
    ValueError if it is not finite or lies outside ``[minimum, maximum]``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        and not hasattr(value, "__float__")
    ):
        raise TypeError(f"{name} must be a number, got {value!r}")
    if isinstance(value, str):
        raise TypeError(f"{name} must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{name} must be finite, got {value!r}")
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        low = "-inf" if minimum is None else f"{minimum:g}"
        high = "inf" if maximum is None else f"{maximum:g}"
        raise ValueError(f"{name} must be within [{low}, {high}], got {value!r}")
    return number


def check_flag(name: str, value: Any) -> bool:
    """A yes-or-no parameter: a bool (or numpy's), nothing else."""
    if not isinstance(value, bool) and type(value).__name__ != "bool_":
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def check_choice(name: str, value: Any, choices: Iterable[Any]) -> Any:
    """A parameter that names one of ``choices``."""
    options = tuple(choices)
    if value not in options:
        raise ValueError(f"{name} must be one of {', '.join(map(str, options))}, got {value!r}")
    return value


def check_stopwords(stopwords: Any) -> Any:
    """``stopwords`` as a segmenter takes them: None (the language's own list), a word-list
    file's path, or an iterable of words. Returned as given (scikit-learn's rule: a
    parameter is kept as it was passed)."""
    if stopwords is None or isinstance(stopwords, (str, os.PathLike)):
        return stopwords
    if isinstance(stopwords, bytes) or not isinstance(stopwords, Iterable):
        raise TypeError(
            f"stopwords must be None, a word-list file or an iterable of words, got {stopwords!r}"
        )
    return stopwords


def check_stemmer(stemmer: Any) -> Any:
    """``stemmer``: None (the language's Snowball stemmer) or a callable from a word to
    its stem."""
    if stemmer is not None and not callable(stemmer):
        raise TypeError(
            f"stemmer must be None or a callable from a word to its stem, got {stemmer!r}"
        )
    return stemmer


def check_tokenized(tokenized: Any) -> bool | None:
    """``tokenized``: True, False or None (guess per document)."""
    if tokenized is not None and not isinstance(tokenized, bool):
        raise TypeError(f"tokenized must be True, False or None, got {tokenized!r}")
    return tokenized

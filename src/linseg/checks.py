"""Argument checks shared by every layer (they import nothing of linseg's)."""

from __future__ import annotations

from typing import Any

__all__ = ["check_int"]


def check_int(name: str, value: Any, minimum: int = 1) -> int:
    """An integer parameter: TypeError if ``value`` is not an integer (bools are not),
    ValueError if it is below ``minimum``."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an integer >= {minimum}, got {value!r}")
    value = int(value)
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return value

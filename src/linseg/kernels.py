"""Which kernels run: the compiled ones (Cython, built by ``pip install`` where a C
compiler is found) or the pure NumPy ones beside them.

Every compiled kernel ``linseg/**/_name.pyx`` has a pure twin ``_name_py.py`` with the
same functions, giving the same results to the bit (each twin says how). This module is
the one place that chooses between them, once per process, from ``LINSEG_KERNELS``:

``auto`` (the default)
    the compiled kernels when all of them were built, the pure ones otherwise;
``compiled``
    the compiled kernels, or ImportError saying they are missing (CI asks for them, so
    that a broken build cannot pass silently);
``pure``
    the pure kernels, even where compiled ones exist.

The first time the pure kernels run in ``auto`` (the compiled ones were not built), a
line on stderr says so, when stderr is a terminal, and never again for that user
(``linseg --version`` and ``--output json`` say which kernels run every time).

>>> from linseg import kernels
>>> kernels.active() in ("compiled", "pure")
True
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import sys
from pathlib import Path
from types import ModuleType

__all__ = ["KERNELS", "MODES", "KernelsMissing", "load", "mode", "active", "built", "describe"]

#: Every kernel, by module name; its pure twin is the same name with ``_py`` appended.
KERNELS = (
    "linseg.text._text",
    "linseg.text._tagger",
    "linseg.compose._rank",
    "linseg.compose._banded",
    "linseg.compose.measures._cosine",
    "linseg.compose.measures._lsa",
    "linseg.compose.costs._cues",
    "linseg.compose.costs._multinomial",
    "linseg.compose.strategies._density",
    "linseg.compose.strategies._depth",
    "linseg.compose.strategies._dotplot",
    "linseg.compose.strategies._exact",
    "linseg.compose.strategies._termination",
)
#: Cython's utility code, which every compiled kernel imports (built once, by setup.py).
SHARED = "linseg._cyutility"
MODES = ("auto", "pure", "compiled")

#: How much slower the pure kernels are, as measured (BENCHMARKS.md, "Pure kernels").
SLOWER = "3 to 10"
#: How a user gets the compiled kernels.
HOW_TO_COMPILE = (
    "install a C compiler and the Python headers (e.g. 'apt install gcc python3-dev') "
    "and reinstall linseg, or install it from a wheel built where they are"
)

_ROOT = Path(__file__).resolve().parent
_chosen: str | None = None


class KernelsMissing(ImportError):
    """``LINSEG_KERNELS=compiled`` where the compiled kernels were not built."""


def mode() -> str:
    """The mode asked for: ``LINSEG_KERNELS`` (``auto`` when unset or empty)."""
    value = os.environ.get("LINSEG_KERNELS", "").strip().lower() or "auto"
    if value not in MODES:
        raise ValueError(
            f"LINSEG_KERNELS must be one of {', '.join(MODES)}, got {os.environ['LINSEG_KERNELS']!r}"
        )
    return value


def _found(name: str) -> bool:
    """Whether the compiled module ``name`` is installed (found on disk, not imported)."""
    stem = _ROOT.joinpath(*name.split(".")[1:])
    return any(
        stem.with_name(stem.name + s).is_file() for s in importlib.machinery.EXTENSION_SUFFIXES
    )


def built() -> list[str]:
    """The kernels whose compiled module is installed, with the module they share."""
    if not _found(SHARED):
        return []
    return [name for name in KERNELS if _found(name)]


def active() -> str:
    """Which kernels run in this process: ``"compiled"`` or ``"pure"`` (chosen once)."""
    global _chosen
    if _chosen is None:
        asked = mode()
        have = built()
        if asked == "compiled" and len(have) < len(KERNELS):
            absent = [n for n in KERNELS if n not in have] or [SHARED]
            missing = [n.rsplit(".", 1)[1] for n in absent]
            raise KernelsMissing(
                "LINSEG_KERNELS=compiled, but linseg's compiled kernels were not built "
                f"(missing: {', '.join(missing)}); {HOW_TO_COMPILE}, or unset LINSEG_KERNELS "
                "to run the pure NumPy kernels"
            )
        # auto takes the compiled kernels only when every one was built: a partial build
        # runs the pure ones throughout, so that one answer says what runs.
        _chosen = "compiled" if asked != "pure" and len(have) == len(KERNELS) else "pure"
    return _chosen


def load(name: str) -> ModuleType:
    """The kernel module ``name`` (one of :data:`KERNELS`): compiled or pure, as
    :func:`active` says."""
    global _chosen
    if name not in KERNELS:
        raise ValueError(f"{name!r} is not one of linseg's kernels")
    if active() == "compiled":
        try:
            return importlib.import_module(name)
        except ImportError as exc:
            if mode() == "compiled":
                raise KernelsMissing(
                    f"LINSEG_KERNELS=compiled, but linseg's compiled kernel {name} does not "
                    f"load ({exc}); reinstall linseg where it was built"
                ) from exc
            # A compiled kernel that does not load (a build for another Python, a broken
            # file): its twin gives the same results, and the rest follow it.
            _chosen = "pure"
    _notice()
    return importlib.import_module(name + "_py")


def describe() -> str:
    """Which kernels run, in a line, for ``linseg --version``."""
    try:
        which = active()
    except (KernelsMissing, ValueError) as exc:
        return f"kernels: none ({exc})"
    if which == "compiled":
        return "kernels: compiled"
    if mode() == "pure":
        return "kernels: pure NumPy (LINSEG_KERNELS=pure)"
    return (
        f"kernels: pure NumPy, {SLOWER} times slower than the compiled ones, which were not "
        f"built; to get them, {HOW_TO_COMPILE}"
    )


# --- the notice -----------------------------------------------------------------------------
_noticed = False


def _marker() -> Path:
    """Where a user's note that the notice was shown is kept (the user's cache folder)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("linseg")) / "pure-kernels-noticed"


def _notice() -> None:
    """Say once, on a terminal, that the pure kernels run because none were compiled."""
    global _noticed
    if _noticed:
        return
    _noticed = True
    if mode() != "auto" or not (hasattr(sys.stderr, "isatty") and sys.stderr.isatty()):
        return
    marker = _marker()
    if marker.exists():
        return
    print(
        f"linseg: running the pure NumPy kernels, {SLOWER} times slower than the compiled "
        f"ones, which were not built; to get them, {HOW_TO_COMPILE} "
        "(this note is shown once)",
        file=sys.stderr,
    )
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass  # a read-only home: the note shows again next time, nothing worse

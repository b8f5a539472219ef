"""Memory guard rails: estimate what a C99 run needs before allocating it.

Full C99 keeps n x n float32 matrices (similarity, rank, sum of rank, and the padded
copy the rank transform works on): about 16 n^2 bytes, 256 MB at 4,000 sentences but
40 GB at 50,000. Rather than let the operating system kill the process part-way, a full
run first compares its estimate with the memory available and stops with a message
that names the band option when it would not fit.

Available memory is the smallest of the kernel's ``MemAvailable`` (``/proc/meminfo``),
the room left under a cgroup (container) limit, and ``$LINSEG_MEMORY`` when set (e.g.
``LINSEG_MEMORY=2G``, to keep linseg within a budget); ``os.sysconf`` is the fallback
where ``/proc`` is missing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "MemoryLimitError",
    "available_memory",
    "parse_size",
    "format_size",
    "full_c99_bytes",
    "banded_c99_bytes",
    "dense_matrix_bytes",
    "check_fits",
]

# Bytes per sentence that do not depend on the band: token ids and offsets of the text
# stage (processed in chunks), the clustering's per-region arrays and its search tree.
_PER_SENTENCE = 400


class MemoryLimitError(MemoryError, ValueError):
    """A run would not fit in memory; raised before anything large is allocated.

    It is a ``ValueError`` too, so that the command line reports its one-line message
    (exit status 2) rather than a generic out-of-memory error.
    """


def parse_size(text: str) -> int:
    """``"1.5G"``, ``"800M"``, ``"4096"`` (bytes) -> bytes."""
    s = str(text).strip().upper().removesuffix("B").removesuffix("I")
    factor = 1
    for suffix, f in (("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("T", 1 << 40)):
        if s.endswith(suffix):
            s, factor = s[:-1], f
            break
    try:
        value = float(s)
    except ValueError:
        raise ValueError(f"not a memory size: {text!r} (use e.g. 800M or 2G)") from None
    if not value > 0:
        raise ValueError(f"memory size must be positive, got {text!r}")
    return int(value * factor)


def format_size(n_bytes: float) -> str:
    for unit, f in (("TB", 1 << 40), ("GB", 1 << 30), ("MB", 1 << 20), ("kB", 1 << 10)):
        if n_bytes >= f:
            return f"{n_bytes / f:.1f} {unit}"
    return f"{int(n_bytes)} bytes"


def _meminfo_available() -> int | None:
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _cgroup_room() -> int | None:
    # cgroup v2, then v1: the limit minus what the group already uses.
    for limit_file, usage_file in (
        ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"),
        (
            "/sys/fs/cgroup/memory/memory.limit_in_bytes",
            "/sys/fs/cgroup/memory/memory.usage_in_bytes",
        ),
    ):
        try:
            limit = Path(limit_file).read_text().strip()
            usage = int(Path(usage_file).read_text().strip())
        except (OSError, ValueError):
            continue
        if limit == "max" or not limit.isdigit() or int(limit) >= 1 << 60:
            return None
        return max(int(limit) - usage, 0)
    return None


def available_memory() -> int:
    """Bytes this process can still allocate without swapping or being killed."""
    candidates = []
    env = os.environ.get("LINSEG_MEMORY")
    if env:
        candidates.append(parse_size(env))
    system = [v for v in (_meminfo_available(), _cgroup_room()) if v is not None]
    if not system:
        try:
            system.append(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
        except (ValueError, OSError, AttributeError):
            pass
    candidates.extend(system)
    return min(candidates) if candidates else 1 << 62


def full_c99_bytes(n: int) -> int:
    """Peak bytes of full C99 on ``n`` sentences: three n x n float32 matrices and the
    padded copy the rank transform makes."""
    n = int(n)
    return 12 * n * n + 4 * (n + 10) * (n + 10) + _PER_SENTENCE * n


def dense_matrix_bytes(n: int) -> int:
    """Peak bytes of a composition's whole n x n matrix on ``n`` sentences: three float64
    n x n arrays. The LSA cosine with its ``keep`` share, the largest measure, peaked at
    about 17 bytes a cell on 20,000 sentences (its matrix, the copy whose quantile it
    takes, and a mask); the measures of word counts and their rank take less."""
    n = int(n)
    return 24 * n * n + _PER_SENTENCE * n


def banded_c99_bytes(n: int, band: int) -> int:
    """Peak bytes of banded C99: similarity, rank and two running-sum bands of
    ``n x (w + 1)`` cells (4 bytes each); when the band covers the document the sum-of-rank
    matrix is tabulated as in full C99 (plus a dense copy of the rank)."""
    n = int(n)
    w = min(int(band), max(n - 1, 0))
    total = 16 * n * (w + 1) + _PER_SENTENCE * n
    if w >= n - 1:
        total += 8 * n * n
    return total


# Below this, a run is not worth reading /proc for (it costs more than a small C99 run).
ALWAYS_FITS = 64 << 20


def check_fits(needed: int, what: str | Callable[[], str], advice: str | Callable[[], str]) -> None:
    """Raise :class:`MemoryLimitError` if ``needed`` bytes exceed the available memory.
    ``what`` and ``advice`` may be callables that write the message, called only when it
    is needed (a small document's run formats nothing)."""
    if needed <= ALWAYS_FITS and not os.environ.get("LINSEG_MEMORY"):
        return
    have = available_memory()
    if needed > have:
        what = what() if callable(what) else what
        advice = advice() if callable(advice) else advice
        raise MemoryLimitError(
            f"{what} needs about {format_size(needed)} but only {format_size(have)} "
            f"is available; {advice}"
        )

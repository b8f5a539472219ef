"""A minimal progress line for long runs: shown on a terminal, silent when piped."""

from __future__ import annotations

import sys
import time
from typing import IO


class Progress:
    """``with Progress(total, "label") as p: ... p.update()``: a ``\\r`` status line on stderr.

    Prints only when ``stream`` is a terminal (or ``enabled=True``), at most ten times a
    second, and clears the line at the end.
    """

    def __init__(
        self,
        total: int,
        label: str = "",
        stream: IO[str] | None = None,
        enabled: bool | None = None,
    ) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.done = 0
        self._start = time.monotonic()
        self._last = 0.0

    def __enter__(self) -> Progress:
        return self

    def update(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last < 0.1 and self.done < self.total:
            return
        self._last = now
        rate = self.done / max(now - self._start, 1e-9)
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        self.stream.write(f"\r{self.label} {self.done}/{self.total} ({left:.0f}s left) ")
        self.stream.flush()

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * (len(self.label) + 40) + "\r")
            self.stream.flush()

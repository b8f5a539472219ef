"""A minimal progress line for long runs: shown on a terminal, silent when piped."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
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


# What reports a reader's pages while :func:`pages_shown` runs (a reader that goes page
# by page, as the PDF reader does, calls :func:`report_pages`); None otherwise, so that
# a library call shows nothing.
_PAGES: ContextVar[Callable[[int, int], None] | None] = ContextVar("linseg_pages", default=None)


@contextmanager
def pages_shown(
    label: str, stream: IO[str] | None = None, enabled: bool | None = None
) -> Iterator[None]:
    """While the body runs, a reader that goes page by page shows how far it is on a
    :class:`Progress` line (on a terminal, or with ``enabled=True``): a PDF of hundreds
    of pages takes seconds. ``linseg segment`` reads its document so."""
    bar: Progress | None = None

    def report(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = Progress(total, label, stream, enabled)
        bar.update(done - bar.done)

    token = _PAGES.set(report)
    try:
        yield
    finally:
        _PAGES.reset(token)
        if bar is not None:
            bar.__exit__()


def report_pages(done: int, total: int) -> None:
    """Tell :func:`pages_shown`, if it runs, that ``done`` of ``total`` pages are read."""
    report = _PAGES.get()
    if report is not None:
        report(done, total)

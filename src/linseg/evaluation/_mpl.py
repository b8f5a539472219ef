"""Access to matplotlib, the optional ``plot`` extra.

Importing :mod:`linseg.evaluation.figures` never needs matplotlib; drawing does. Without it the drawing
functions raise :class:`MissingMatplotlib`, whose message says how to install it.
"""

from __future__ import annotations

import io
from typing import Any

__all__ = ["MissingMatplotlib", "INSTALL_HINT", "new_figure", "have_matplotlib", "figure_bytes"]

INSTALL_HINT = "plotting needs matplotlib: pip install 'linseg[plot]'"


class MissingMatplotlib(ImportError):
    """matplotlib is not installed."""

    def __init__(self) -> None:
        super().__init__(INSTALL_HINT)


def have_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def new_figure(**kwargs: Any) -> Any:
    """A ``matplotlib.figure.Figure`` detached from pyplot.

    Detached figures need no backend or display and are freed with their last reference,
    so drawing many of them (a report, a CLI run) leaves no global state behind.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingMatplotlib() from None
    return Figure(**kwargs)


def figure_bytes(fig: Any, fmt: str, dpi: int = 100) -> bytes:
    """The figure rendered as ``png`` or ``svg``, with no timestamps (reproducible bytes)."""
    buf = io.BytesIO()
    metadata = {"Date": None} if fmt == "svg" else {"Software": None}
    fig.savefig(buf, format=fmt, dpi=dpi, bbox_inches="tight", metadata=metadata)
    return buf.getvalue()

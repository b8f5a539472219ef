"""linseg: linear text segmentation, with Choi's C99 at its heart.

>>> from linseg import C99, segment_text, pk
"""

from __future__ import annotations

from typing import Any

from .base import Segmentation, Segmenter, TextSegmentation
from .methods.c99 import C99, C99Result
from .metrics import pk, windowdiff

__version__ = "0.1.0"

__all__ = [
    "C99",
    "C99Result",
    "Segmentation",
    "Segmenter",
    "TextSegmentation",
    "pk",
    "windowdiff",
    "segment_text",
    "__version__",
]


def segment_text(
    text: str, n_segments: int | None = None, method: str = "c99", **params: Any
) -> TextSegmentation:
    """Segment raw prose; the returned ``.segments`` are strings that join to ``text``.

    ``method`` names any registered method (see ``linseg methods``); ``params`` go to
    its constructor.
    """
    from .methods import create

    return create(method, **params).segment_text(text, n_segments)

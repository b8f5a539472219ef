"""linseg: linear text segmentation, with Choi's C99 at its heart.

>>> from linseg import C99, segment_text, pk
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Segmentation, Segmenter, TextSegmentation
from .methods import DEFAULT_METHOD

if TYPE_CHECKING:
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


# Loaded on first use, so that ``import linseg`` (and every CLI call) stays fast.
_LAZY = {
    "C99": "linseg.methods.c99",
    "C99Result": "linseg.methods.c99",
    "pk": "linseg.metrics",
    "windowdiff": "linseg.metrics",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'linseg' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


def segment_text(
    text: str, n_segments: int | None = None, method: str = DEFAULT_METHOD, **params: Any
) -> TextSegmentation:
    """Segment raw prose; the returned ``.segments`` are strings that join to ``text``.

    ``method`` names any registered method (see ``linseg methods``; the default is
    :data:`linseg.methods.DEFAULT_METHOD`, U00 on paragraphs with C99's rank evidence);
    ``params`` go to its
    constructor.
    """
    from .methods import create

    return create(method, **params).segment_text(text, n_segments)

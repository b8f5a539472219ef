"""linseg: linear text segmentation, with Choi's C99 at its heart.

>>> from linseg import C99, segment_text, pk
"""

from __future__ import annotations

import os
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
    "segment_file",
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


def segment_file(
    path: str | os.PathLike[str],
    n_segments: int | None = None,
    method: str = DEFAULT_METHOD,
    *,
    format: str = "auto",
    encoding: str | None = None,
    **params: Any,
) -> TextSegmentation:
    """Read a document as ``linseg segment`` reads it and segment it; the returned
    ``.segments`` are strings that join to ``.text``, the text read from the file.

    ``format`` is any input format (``linseg segment --help``), detected from the file's
    content or name when ``auto``: text, a web page (or one saved as MHTML), a LaTeX
    source, a manual page, an Info manual, a notebook, an AsciiDoc, POD, Org or DocBook
    source, an RTF file, an e-book, a word-processor file, a slide deck, a PDF or a
    transcript; compressed input (gzip, bzip2, xz) is decompressed first. ``method`` and
    ``params`` are as for :func:`segment_text` (``language`` also sets the sentence
    splitter's rules). Raises ValueError, with one sentence that says why, for input linseg cannot
    read, and ``UnicodeDecodeError`` for bytes that are not ``encoding``. ``encoding``
    None reads UTF-8, or what a byte-order mark or the document declares when the bytes
    are not UTF-8 (an HTML or XML charset, an Emacs coding tag, POD's ``=encoding``,
    LaTeX's ``inputenc``).
    """
    from .corpus.document import read_document
    from .corpus.run import run_document
    from .methods import create

    segmenter = create(method, **params)
    document = read_document(path, format, encoding, segmenter.language)
    done = run_document(document, method, n_segments, segmenter=segmenter)
    return TextSegmentation(document.text, document.spans, done.result)

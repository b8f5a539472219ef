"""linseg: linear text segmentation, with Choi's C99 at its heart.

A segmenter is, in the paper's words, "a similarity measure plus a clustering strategy":
the package is laid out so (docs/architecture.md). The public API is here:

>>> import linseg
>>> linseg.segment_text(text).segments                        # doctest: +SKIP
>>> for segment in linseg.segment_stream(open("book.txt")): ...  # doctest: +SKIP
>>> linseg.create("c99", mask_size=9).segment(sentences)      # doctest: +SKIP
>>> from linseg import C99, Composition, pk                   # doctest: +SKIP
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from linseg import _imports
from linseg.base import Segmentation, Segmenter, TextSegmentation
from linseg.methods import DEFAULT_METHOD, available, create

if TYPE_CHECKING:
    from linseg.compose.composition import Composition
    from linseg.evaluation.metrics import pk, windowdiff
    from linseg.methods.c99 import C99, C99Result
    from linseg.stream import segment_stream

__version__ = "0.2.0"

# linseg 0.1's import paths (linseg.similarity, linseg.corpus.*, ...) for one release.
_imports.install()

__all__ = [
    "segment_text",
    "segment_file",
    "segment_stream",
    "create",
    "available",
    "C99",
    "C99Result",
    "Composition",
    "Segmentation",
    "Segmenter",
    "TextSegmentation",
    "pk",
    "windowdiff",
    "__version__",
]

# Loaded on first use, so that ``import linseg`` (and every CLI call) stays fast.
__getattr__, __dir__ = _imports.lazy(
    __name__,
    {
        "segment_stream": "stream",
        "C99": "methods.c99",
        "C99Result": "methods.c99",
        "Composition": "compose.composition",
        "pk": "evaluation.metrics",
        "windowdiff": "evaluation.metrics",
    },
)


def segment_text(
    text: str,
    n_segments: int | None = None,
    method: str = DEFAULT_METHOD,
    *,
    overlap: int | None = None,
    **params: Any,
) -> TextSegmentation:
    """Segment raw prose; the returned ``.segments`` are strings that join to ``text``.

    ``method`` names any registered method (see ``linseg methods``; the default is
    :data:`linseg.methods.DEFAULT_METHOD`, U00 on paragraphs with C99's rank evidence);
    ``params`` go to its constructor (``max_size``, ``min_size`` and ``size_unit`` bound
    every segment's size). ``overlap`` (in ``size_unit``) adds ``.chunks``: each segment
    with up to ``overlap`` of the text before it, in whole sentences, with its offsets,
    keywords and heading path (:meth:`linseg.base.Segmenter.segment_spans`).
    """
    return create(method, **params).segment_text(text, n_segments, overlap=overlap)


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
    from linseg.readers.document import read_document
    from linseg.run import run_document

    segmenter = create(method, **params)
    document = read_document(path, format, encoding, segmenter.language)
    done = run_document(document, method, n_segments, segmenter=segmenter)
    return TextSegmentation(document.text, document.spans, done.result)

"""Self-contained HTML reports of a segmentation or of an evaluation.

A report is one HTML file with nothing to fetch: styles are inline, figures are data URIs
(SVG or PNG drawn by matplotlib) or hand-written inline SVG, and there is no script. It
can be mailed, archived or opened offline.

- :func:`~.document.document_report` -- one document: its parameters, the figures of
  :mod:`linseg.evaluation.figures`, and the text with each segment as a block titled by its
  first words, its keywords under the title (:mod:`linseg.chunks.keywords`), reference
  boundaries marked where the input has them.
- :func:`~.evaluation.evaluation_report` -- ``linseg evaluate``: mean scores per range
  beside the paper's figures (and the author's own per-sample results where the corpus has
  his logs), and one openable entry per sample with hypothesis against reference.
- :func:`~.paper.paper_report` -- several comparison tables and sample lists on one page,
  for ``linseg paper``; the evaluation report is built on it.

:mod:`~.html` holds what their pages share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from linseg._imports import lazy

if TYPE_CHECKING:
    from linseg.evaluation.reports.document import document_report
    from linseg.evaluation.reports.evaluation import (
        evaluation_report,
        evaluation_tables,
        write_evaluation_report,
    )
    from linseg.evaluation.reports.html import Table, TableRow, first_words, write_report
    from linseg.evaluation.reports.paper import (
        author_codes,
        author_results,
        paper_report,
        paper_run_report,
    )

_NAMES = {
    "document_report": "document",
    "evaluation_report": "evaluation",
    "evaluation_tables": "evaluation",
    "write_evaluation_report": "evaluation",
    "paper_report": "paper",
    "paper_run_report": "paper",
    "author_codes": "paper",
    "author_results": "paper",
    "write_report": "html",
    "first_words": "html",
    "Table": "html",
    "TableRow": "html",
}
__all__ = [
    "document_report",
    "evaluation_report",
    "evaluation_tables",
    "write_evaluation_report",
    "paper_report",
    "paper_run_report",
    "author_codes",
    "author_results",
    "write_report",
    "first_words",
    "Table",
    "TableRow",
]
__getattr__, __dir__ = lazy(__name__, _NAMES)

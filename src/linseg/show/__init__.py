"""Seeing a segmentation: the paper's figures for any document, and HTML reports.

Drawing needs matplotlib, the optional ``plot`` extra (``pip install 'linseg[plot]'``);
without it the drawing functions raise :class:`MissingMatplotlib`, an ``ImportError``
that says so. Importing this package does not need it.

>>> from linseg import C99
>>> from linseg.show import plot_rank, plot_all
>>> result = C99().segment(sentences)           # doctest: +SKIP
>>> plot_rank(result).figure.savefig("rank.png")  # doctest: +SKIP
"""

from __future__ import annotations

from ._mpl import INSTALL_HINT, MissingMatplotlib, have_matplotlib
from .figures import (
    KINDS,
    available_kinds,
    plot,
    plot_all,
    plot_boundaries,
    plot_density,
    plot_gradient,
    plot_rank,
    plot_similarity,
)
from .paper import local_rank, wave, write_paper_figures
from .report import document_report, evaluation_report, paper_report, write_report

__all__ = [
    "INSTALL_HINT",
    "MissingMatplotlib",
    "have_matplotlib",
    "KINDS",
    "available_kinds",
    "plot",
    "plot_all",
    "plot_boundaries",
    "plot_density",
    "plot_gradient",
    "plot_rank",
    "plot_similarity",
    "local_rank",
    "wave",
    "write_paper_figures",
    "document_report",
    "evaluation_report",
    "paper_report",
    "write_report",
]

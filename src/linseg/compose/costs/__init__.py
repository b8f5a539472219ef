"""Segment costs: what a whole candidate segment costs, for the exact search.

A similarity measure (:mod:`linseg.compose.measures`) scores pairs of sentences; a segment
cost scores a segment at once, as ruptures' cost functions do. :class:`~linseg.compose.
strategies.ExactDP` takes one (``ExactDP(cost=...)``) and subtracts it from each
segment's score, so that a likelihood, a prior or a penalty of a user's own joins the
matrix's evidence in one exact search.

A cost is an object with two methods:

- ``cost(sentences, tokenized, starts, n_segments) -> table``: ``table[i, j]`` is the
  cost of the segment from unit ``i`` to unit ``j - 1``, where units begin at the
  sentences ``starts`` (ascending, 0 first; every sentence when None); ``+inf`` unless
  ``i < j``. An (m + 1) x (m + 1) table for m units, a new array the caller may change.
  ``n_segments`` is the count the search will find, when it knows it (a prior on lengths
  needs it), else None.
- ``boundary_cost(sentences, tokenized) -> float``: what a boundary costs under the
  cost's own model (its prior), the unit in which ``ExactDP``'s ``penalty`` is counted.

It may also have ``search(sentences, tokenized, starts, penalty, n_segments, max_length,
gap_costs) -> (cuts, cost)``: the exact search of the cost alone, ``penalty`` counted in
boundary costs, with ``gap_costs`` (one for each gap, or None) paid at the boundaries, and
the least total cost, which ``ExactDP`` uses when the matrix has no weight
(``similarity_weight=0``), in less memory than the tables.

A *gap cost* prices where a segment ends rather than the whole segment
(:class:`SectionCues`, :class:`Outline`, :class:`BlockCohesion`):
``gap_costs(sentences, tokenized, starts) -> costs``, the ``m + 1`` costs at the gaps
before each unit (0 at the document's ends). It is a segment cost too (a table whose
column j holds the cost at gap j), to be summed; ``ExactDP(gaps=...)`` reads it as the
vector it is.

Inside a :meth:`~linseg.text.processor.TextProcessor.document` block (a
:class:`~linseg.compose.Composition` opens one for each document) the table and the
boundary cost come from one reading of the words, however many times they are asked for.

One module per cost: :mod:`~.multinomial` (Utiyama and Isahara's likelihood),
:mod:`~.length` (a prior on lengths), :mod:`~.cohesion` (block comparison),
:mod:`~.cues` (learned section cues), :mod:`~.outline` (the document's headings),
:mod:`~.introductions` (a boundary after a line that ends in ``:``) and :mod:`~.sum`; :mod:`~.units` and :mod:`~.gaps` hold what they share.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np

from linseg._imports import lazy

if TYPE_CHECKING:
    from linseg.compose.costs.cohesion import BlockCohesion
    from linseg.compose.costs.cues import SectionCues
    from linseg.compose.costs.introductions import Introductions
    from linseg.compose.costs.length import LengthPrior
    from linseg.compose.costs.multinomial import Multinomial
    from linseg.compose.costs.outline import Outline
    from linseg.compose.costs.sum import Sum
    from linseg.compose.costs.units import UnitCounts


class SegmentCost(Protocol):
    """What :class:`~linseg.compose.strategies.ExactDP` needs of a segment cost."""

    def __call__(
        self,
        sentences: Sequence[str],
        tokenized: bool,
        starts: Sequence[int] | None = None,
        n_segments: int | None = None,
    ) -> np.ndarray: ...

    def boundary_cost(self, sentences: Sequence[str], tokenized: bool) -> float: ...


_NAMES = {
    "Multinomial": "multinomial",
    "LengthPrior": "length",
    "BlockCohesion": "cohesion",
    "SectionCues": "cues",
    "Outline": "outline",
    "Introductions": "introductions",
    "Sum": "sum",
    "UnitCounts": "units",
}
__all__ = [
    "SegmentCost",
    "Multinomial",
    "LengthPrior",
    "Introductions",
    "BlockCohesion",
    "SectionCues",
    "Outline",
    "Sum",
    "UnitCounts",
]
__getattr__, __dir__ = lazy(__name__, _NAMES)

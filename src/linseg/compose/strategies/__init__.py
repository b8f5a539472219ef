"""Clustering strategies: a sentence x sentence matrix -> boundaries.

Each strategy is a callable ``strategy(matrix, n_segments) -> list[int]`` that returns the
ascending boundaries (the index of the first sentence of every segment after the first).
``n_segments`` is the number of segments wanted, or None for the strategy's own stopping
rule (its termination). A strategy that also needs each sentence's positions on a plot
(Reynar's areas in words) says so with a true ``needs_positions`` attribute and takes them
as the keyword ``positions`` (likewise ``needs_counts``, ``needs_text``, ``takes_snap``). It
may give what it found on the way from ``trace(matrix, n_segments, keep=..., **extra) ->
dict`` (the boundaries and its products, by the names of a result's fields), and its
count from a rule of its own, ``count(sentences, tokenized) -> int``, which
:class:`~linseg.compose.Composition` asks first.

One module per strategy, its kernels beside it:

- :mod:`~.divisive` -- C99's divisive clustering (sections 3.3-3.4, equations 3 and 5),
  dense or on a band, with :mod:`~.termination`, its stopping rule (and ``MeanCount``, a
  count agreed by other segmenters, for ``ExactDP(count=...)``);
- :mod:`~.reynar` -- Reynar's greedy maximisation and minimisation of dot density;
- :mod:`~.depth` -- Hearst's depth scores (TextTiling's strategy);
- :mod:`~.exact` -- exact dynamic programming, given a count or a penalty per segment,
  with a segment cost (:mod:`linseg.compose.costs`) if wished;
- :mod:`~.baseline` -- the paper's degenerate baselines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from linseg._imports import lazy

if TYPE_CHECKING:
    from linseg.compose.strategies.baseline import Baseline
    from linseg.compose.strategies.depth import DepthScores
    from linseg.compose.strategies.divisive import DivisiveDensity
    from linseg.compose.strategies.exact import (
        MIN_HEADING_UNITS,
        UNITS,
        ExactDP,
        best_with_count,
        best_with_penalty,
        bounded_search,
        resolve_units,
        segment_scores,
        unit_starts,
    )
    from linseg.compose.strategies.reynar import ReynarExact, ReynarGreedy
    from linseg.compose.strategies.termination import MeanCount

#: What a strategy is: the (transformed) matrix and a count or None, to boundaries.
Strategy = Callable[[np.ndarray, "int | None"], list[int]]

_NAMES = {
    "DivisiveDensity": "divisive",
    "ReynarGreedy": "reynar",
    "ReynarExact": "reynar",
    "DepthScores": "depth",
    "Baseline": "baseline",
    "MeanCount": "termination",
    **dict.fromkeys(
        [
            "ExactDP",
            "UNITS",
            "MIN_HEADING_UNITS",
            "bounded_search",
            "segment_scores",
            "unit_starts",
            "resolve_units",
            "best_with_count",
            "best_with_penalty",
        ],
        "exact",
    ),
}
__all__ = [
    "Strategy",
    "DivisiveDensity",
    "ReynarGreedy",
    "ReynarExact",
    "DepthScores",
    "Baseline",
    "MeanCount",
    "ExactDP",
    "UNITS",
    "MIN_HEADING_UNITS",
    "bounded_search",
    "segment_scores",
    "unit_starts",
    "resolve_units",
    "best_with_count",
    "best_with_penalty",
]
__getattr__, __dir__ = lazy(__name__, _NAMES)

"""Segmenters as compositions: a similarity measure plus a clustering strategy.

The paper ends: "A segmentation algorithm has two key elements, a clustering strategy and
a similarity measure." This package makes the two (and what sits between them) pieces a
user can put together:

- :mod:`linseg.compose.measures` -- sentence x sentence similarity: C99's cosine of stem
  counts, tf-idf weighted cosine, Reynar's dot density, spread activation, the cosine of
  sentence vectors in a latent semantic space (``LsaCosine``: an English space trained
  on WordNet ships with linseg), the cosine of any sentence embedding a user supplies,
  or a weighted sum of measures;
- :mod:`linseg.compose.transforms` -- the local rank transform (any mask), or none;
- :mod:`linseg.compose.costs` -- what a whole segment costs, for the exact search
  (ruptures' cost functions): Utiyama and Isahara's multinomial likelihood, with its
  prior as the cost of a boundary, a prior on lengths, and weighted sums of costs;
- :mod:`linseg.compose.strategies` -- C99's divisive clustering with its gradient
  threshold, Reynar's greedy maximisation and minimisation (areas in sentences or, as on
  his plot, in words), Hearst's depth scores (TextTiling's strategy), and exact dynamic
  programming for a given number of segments or a
  penalty per segment, with a segment cost and paragraphs as units if wished;
- :mod:`linseg.compose.rows` -- what the matrix compares, when not sentences:
  paragraphs, or Hearst's token-sequences of w words;
- :mod:`linseg.compose.band` -- the band: a matrix kept within w sentences of its
  diagonal, for long documents (the paper's linear-time C99);
- :class:`Composition` -- a :class:`~linseg.base.Segmenter` made of these.

A new measure is a callable ``measure(sentences, tokenized) -> (n, n) array``; a new
strategy a callable ``strategy(matrix, n_segments) -> boundaries``; a new cost a callable
``cost(sentences, tokenized, starts) -> table`` with a ``boundary_cost``. Each goes in the
module of its kind. The registered C99 rows, Reynar's rows (:mod:`linseg.methods.dotplot`),
Hearst's TextTiling (:mod:`linseg.methods.texttiling`), Utiyama and Isahara's
(:mod:`linseg.methods.u00`), linseg's own ``consensus_dp`` (:mod:`linseg.methods.consensus`)
and :mod:`linseg.methods.c99_dp` are Composition subclasses that run its one pipeline.

>>> from linseg.compose import Composition, measures, strategies, transforms
>>> c99 = Composition(measures.StemCosine(), transforms.LocalRank(11),
...                   strategies.DivisiveDensity(c=1.2))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from linseg._imports import lazy

if TYPE_CHECKING:
    from linseg.compose import costs, measures, rows, strategies, transforms
    from linseg.compose.composition import Composition

_MODULES = ("costs", "measures", "rows", "strategies", "transforms")
__all__ = [
    "Composition",
    "costs",
    "measures",
    "rows",
    "strategies",
    "transforms",
]
__getattr__, __dir__ = lazy(__name__, {"Composition": "composition"}, _MODULES)

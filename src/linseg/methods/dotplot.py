"""Reynar's dot-plotting (1994, 1998) and the paper's variants of it (Experiment 3).

A segmenter is a similarity measure plus a clustering strategy; :class:`DotPlot` is a
:class:`~linseg.compose.Composition` of the two, named by ``similarity`` and ``strategy``::

    sentences --text--> stem counts f --similarity--> sentence x sentence dot mass
              --strategy--> boundaries (the reference number of segments is given)

``dots``, ``cosine`` and ``spread`` are the measures
:class:`~linseg.compose.measures.DotDensity`,
:class:`~linseg.compose.measures.StemCosine` and
:class:`~linseg.compose.measures.SpreadActivation`; ``maximise`` and ``minimise`` are
:class:`~linseg.compose.strategies.ReynarGreedy` with ``areas="words"``, ``divisive`` is
:class:`~linseg.compose.strategies.DivisiveDensity`.

===========  ==========================  ==============================================
paper row    class, similarity           strategy
===========  ==========================  ==============================================
R98          :class:`R98`, word          ``maximise`` inside density, exact: Reynar's
             repetition                  algorithm on the word-count vectors of spans
R98_(min)    :class:`R98`, word          ``minimise`` outside density, exact
             repetition
R98_(m,dot)  :class:`DotPlot` ``dots``   ``maximise`` on a sentence similarity matrix
                                         (the modular version; same boundaries as R98)
R98_(m,sa)   :class:`DotPlot` ``spread``  ``maximise``; a dot weighs the spread-activation
                                         similarity of its two words
R98_(s,cos)  :class:`DotPlot` ``cosine``  ``divisive``: the sum of equation (5) and
                                         divisive clustering (sections 3.3-3.4)
===========  ==========================  ==============================================

``maximise`` and ``minimise`` (:mod:`linseg.compose.strategies.reynar`) measure areas in word positions
(content words), as on Reynar's plot; ``divisive`` is C99's clustering
(:mod:`linseg.compose.strategies.divisive`) on the unranked matrix, with areas in sentences.

The author's dot-plot program counted a token as a word only when it is made of letters
alone, so hyphenated tokens (``well-known``) drop out; ``hyphens=False`` does the same
(his C99 kept them; ``hyphens=True`` follows C99). With his stemmer (the corpus's
``reference-stems.tsv``) R98, R98_(min) and R98_(m,dot) give his boundaries on every
sample he ran them on.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from linseg.base import Segmentation, serial
from linseg.checks import check_choice, check_flag, check_int
from linseg.chunks.bounds import SizeUnit
from linseg.compose.composition import Composition
from linseg.compose.measures import DotDensity, SpreadActivation, StemCosine
from linseg.compose.strategies import DivisiveDensity, ReynarExact, ReynarGreedy
from linseg.text.processor import Stemmer

__all__ = ["DotPlot", "R98", "DotPlotResult", "SIMILARITIES", "STRATEGIES"]

SIMILARITIES = ("dots", "cosine", "spread")
STRATEGIES = ("maximise", "minimise", "divisive")


@dataclass
class DotPlotResult(Segmentation):
    """A dot-plot segmentation with its intermediate results.

    Attributes (beyond :class:`~linseg.base.Segmentation`)
    ------------------------------------------------------
    similarity:
        The sentence x sentence matrix of the measure (float64; float32 for ``cosine``, as
        C99 computes it), with ``keep_matrices``.
    weights:
        Content words per sentence: the positions each sentence takes on the plot (for
        the searches that measure areas in them).
    order:
        Boundaries in the order the search chose them.
    objective:
        Inside density (maximise, divisive) or outside density (minimise) after each
        choice.
    """

    similarity: np.ndarray | None = None
    weights: np.ndarray | None = None
    order: list[int] | None = None
    objective: np.ndarray | None = None


class DotPlot(Composition):
    """Reynar's dot-plotting segmenter with a pluggable similarity and strategy: a
    :class:`~linseg.compose.Composition` of a measure of :mod:`linseg.compose.measures`
    (``DotDensity``, ``StemCosine`` or ``SpreadActivation``, on the plot's words), no
    transform, and a strategy of :mod:`linseg.compose.strategies` (``ReynarGreedy`` with
    areas in words, or C99's ``DivisiveDensity`` on the unranked matrix).

    It needs the number of segments: :meth:`segment` raises ValueError without one.

    Parameters
    ----------
    similarity:
        ``"dots"`` (word repetition: a dot wherever two words share a stem),
        ``"cosine"`` (equation 1) or ``"spread"`` (spread activation, equations trans
        and spread: the dot of two words weighs their similarity s).
    strategy:
        ``"maximise"`` the density inside the diagonal squares, ``"minimise"`` the
        density outside them, or C99's ``"divisive"`` clustering on the unranked matrix.
    steps:
        Activation steps x of spread activation: the powers t^1..t^x summed in equation
        (spread). The paper says x = 5; the author's program summed t^1..t^6 (five
        steps after the first transition), and ``r98_m_sa`` does the same.
    min_count:
        Spread activation only: stems seen fewer times than this in the document are
        left out of the measure and off the plot (2: the author's "informative" stems; a
        word seen once links no two sentences by repetition).
    reference:
        Spread activation only: reproduce the author's program (experiment code 20)
        where it departs from the equations, as the paper's Table 4 measured it. (1) A
        stopword token counts when its stem is a kept stem (his program matched every
        token's stem against the kept ones). (2) If a kept stem never shares a sentence
        with another token, his normalisation divides 0 by 0; the NaN spreads through
        the whole matrix, every dot reads as 0, and the boundaries fall on the last
        gaps. (3) Each diagonal square's dot mass is rounded down to a whole number.
        With the author's stems this gives his Pk on 302 of his 350 samples.
    stopwords, stemmer, tokenized:
        As for :class:`~linseg.methods.c99.C99`.
    hyphens:
        Whether hyphenated tokens count as words (False, as the author's dot-plot
        program; his C99 kept them).

    Examples
    --------
    >>> from linseg.methods.dotplot import DotPlot
    >>> DotPlot().segment(sentences, n_segments=3).boundaries   # doctest: +SKIP
    """

    name = "dotplot"
    result_type = DotPlotResult
    needs_count = True

    def __init__(
        self,
        similarity: str = "dots",
        strategy: str = "maximise",
        steps: int = 5,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        tokenized: bool | None = None,
        hyphens: bool = False,
        min_count: int = 2,
        reference: bool = False,
        keep_matrices: bool = False,
        *,
        language: str = "auto",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        check_choice("similarity", similarity, SIMILARITIES)
        check_choice("strategy", strategy, STRATEGIES)
        self.similarity = similarity
        self.steps = check_int("steps", steps)
        self.hyphens = check_flag("hyphens", hyphens)
        self.min_count = check_int("min_count", min_count)
        self.reference = check_flag("reference", reference)
        search = self._search_for(strategy)
        super().__init__(
            None,  # the measure named by ``similarity`` (_default_measure)
            None,
            search,
            tokenized,
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
            stopwords=stopwords,
            stemmer=stemmer,
            keep_matrices=keep_matrices,
        )
        self.strategy = strategy  # type: ignore[assignment]  # the parameter, as given

    def _search_for(self, strategy: str) -> ReynarGreedy | ReynarExact | DivisiveDensity:
        """The strategy that ``strategy`` names: Reynar's greedy search with areas in the
        plot's words, or C99's divisive clustering on the unranked matrix."""
        if strategy == "divisive":
            return DivisiveDensity()
        return ReynarGreedy(
            minimise=strategy == "minimise",
            areas="words",
            whole_dots=self.reference and strategy == "maximise",
        )

    def _default_measure(self) -> DotDensity | StemCosine | SpreadActivation:
        options = (self.stopwords, self.stemmer, self.text_language, self.hyphens)
        if self.similarity == "dots":
            return DotDensity(*options)
        if self.similarity == "cosine":
            return StemCosine(*options)
        return SpreadActivation(self.steps, *options, self.min_count, self.reference)

    @serial
    def counts(self, sentences: Sequence[str], tokenized: bool | None = None) -> np.ndarray:
        """The sentence x stem count matrix f (the plot's words, sentence by sentence).

        For spread activation, only the stems seen at least ``min_count`` times."""
        tokenized = self._resolve_tokenized(sentences, tokenized)
        return self._plot_measure.counts(sentences, tokenized)

    def matrix(self, counts: np.ndarray) -> np.ndarray:
        """The sentence x sentence matrix of the chosen similarity for ``counts``."""
        return self._plot_measure.from_counts(counts)

    @property
    def _plot_measure(self) -> DotDensity | StemCosine | SpreadActivation:
        return cast("DotDensity | StemCosine | SpreadActivation", self._measure)

    def segment(self, sentences: Sequence[str], n_segments: int | None = None) -> DotPlotResult:
        """Segment ``sentences`` into ``n_segments`` segments (required).

        A number larger than the number of sentences gives one segment per sentence.
        """
        return super().segment(sentences, n_segments)  # type: ignore[return-value]


class R98(DotPlot):
    """Reynar's dot-plotting, the exact algorithms (the paper's R98 and R98_(min)): the
    composition of :class:`DotPlot` with ``similarity="dots"``, searched as Reynar did.

    Word repetition on the dot-plot, boundaries added greedily, each scored against the
    whole segmentation from the stem-count vectors of the spans of text
    (:func:`linseg.compose.strategies.reynar.reynar_maximise`, :func:`~linseg.compose.strategies.reynar.reynar_minimise`).
    :class:`DotPlot` with ``similarity="dots"`` is the modular version (R98_(m,dot)) and
    gives the same boundaries.

    Parameters
    ----------
    strategy:
        ``"maximise"`` the density inside the diagonal squares (R98) or ``"minimise"``
        the density outside them (R98_(min)).
    stopwords, stemmer, tokenized, hyphens:
        As for :class:`DotPlot`.
    """

    name = "r98"

    def __init__(
        self,
        strategy: str = "maximise",
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        tokenized: bool | None = None,
        hyphens: bool = False,
        keep_matrices: bool = False,
        *,
        language: str = "auto",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        if strategy not in ("maximise", "minimise"):
            raise ValueError(f"strategy must be maximise or minimise; got {strategy!r}")
        super().__init__(
            "dots",
            strategy,
            5,
            stopwords,
            stemmer,
            tokenized,
            hyphens,
            keep_matrices=keep_matrices,
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
        )

    def _search_for(self, strategy: str) -> ReynarExact:
        # Reynar's own algorithms read the stem counts of the spans, not a matrix.
        return ReynarExact(minimise=strategy == "minimise")

"""Utiyama and Isahara (2001): a statistical model of segmentation, solved exactly.

A segmentation ``S`` of the word sequence ``W`` into ``m`` segments is scored by its
posterior, ``P(S | W) ∝ P(W | S) P(S)``, and the best one is found by dynamic programming
over the possible boundaries (no training, no threshold).

*Likelihood.* The words of segment ``i`` (``n_i`` of them) are drawn from the segment's
own word distribution, estimated with Laplace's rule over the document's ``k`` distinct
stems: ``P(w | S_i) = (f_i(w) + 1) / (n_i + k)``. Its cost, ``-log P(W_i | S_i)``, is

    C(i) = n_i log(n_i + alpha k) - sum_w f_i(w) log(f_i(w) + alpha)

with ``alpha = 1`` in the paper (``alpha`` is exposed for other smoothing). This is the
segment cost :class:`~linseg.compose.costs.Multinomial`.

*Prior.* ``P(S) = n^-m`` for a document of ``n`` words: each boundary costs ``log n``.
``penalty`` scales that cost (1 is the paper's model); larger values find fewer segments.

*Search.* With the number of segments unknown, the cheapest segmentation is found by one
forward pass over the units (sentences, or paragraphs); given ``n_segments``, the cheapest
one with exactly that many, by the same pass with one row per count. The cost of every
candidate segment is accumulated word by word as the segment grows, so nothing quadratic
is stored. ``max_units`` bounds the length of a segment (in units) for long documents:
the search is then exact among segmentations whose segments are no longer than that, in
O(n_units x max_units) segment extensions.

Paragraphs as units (``units="paragraphs"``) place boundaries only where a paragraph ends:
a sentence whose trailing white space holds a blank line, as :func:`linseg.segment_text`
keeps it. A document with no paragraph break, or with fewer paragraphs than the segments
asked for, is segmented by sentences. Headings as units (``units="headings"``, the default
method ``u00_pr``) place them only before a heading, where a Markdown or reStructuredText
document's author put its sections, and the search chooses which headings open a
segment; a text with fewer than three sections so marked (or fewer than the segments asked
for) is segmented by paragraphs, where the outline (below) still favours its one heading.

*C99's evidence* (``rank_weight`` w > 0; linseg's own addition, the default method
``u00_pr``). Each segment's score gains ``w R(a, b) / L ** RANK_EXPONENT``: the sum of the
11 x 11 local rank of the stem cosine (Choi's equations 1-2) over the segment's pairs of
distinct sentences, over its length L in sentences to a power. The best segmentation of
``-C(i) + w R`` per segment, less the boundary costs, is then found exactly over a table
of every segment: (n + 1) x (n + 1), so for documents of up to :data:`RANK_MAX_SENTENCES`
sentences; longer ones are segmented without the rank evidence.

*Section cues* (``cue_weight`` c > 0; linseg's own, the default method ``u00_pr``).
Where the units are an English text's paragraphs, a segment that ends at a paragraph gap
also gains c times the gap's log-odds of opening a section under a model learned from
other manuals' sections (:class:`~linseg.compose.costs.SectionCues`: the first words of
the paragraph, the end of the one before, lengths and shared words), relative to the
base rate. Where an English text has no paragraphs and its sentences are the units, the
same is read at every sentence gap under the model learned from those manuals read
without their blank lines. This is evidence of where a writer starts a section that word
counts do not carry. It rides on the table search, so it too is for documents of up to
:data:`RANK_MAX_SENTENCES` sentences, and of at least
:data:`~linseg.compose.costs.cues.MIN_UNITS` units; a text cut at its headings takes none.

*The outline* (``outline_weight`` o > 0; linseg's own, the default method ``u00_pr``).
Where units open with the headings of a Markdown or reStructuredText text, a boundary at
a heading of the outline's top level costs o nats less, and one at a heading d levels
below it o d nats more (:class:`~linseg.compose.costs.Outline`): the author's outline
says which headings open sections and which open sub-sections, and the words can still
overrule it. o counts once for every ``outline_section_words`` (200) words of the
outline's mean top-level section, and at least once: the words' evidence grows with the
length of the sections, and over a book's chapters a fixed 8 nats would say nothing. It
applies to every search, with or without the rank evidence.

*As a composition.* U00 is :class:`~linseg.compose.strategies.ExactDP` with the cost
:class:`~linseg.compose.costs.Multinomial`: ``ExactDP(penalty, cost=Multinomial(alpha),
similarity_weight=0, units=units)`` for the published model, and, for ``rank_weight``
w, ``Composition(StemCosine(), LocalRank(11), ExactDP(penalty, RANK_EXPONENT,
cost=Multinomial(alpha), similarity_weight=w, units=units, diagonal=False))``, with
``cost=Sum([(1, Multinomial(alpha)), (c, SectionCues())])`` for ``cue_weight`` c (in
English, on a text that U00 cuts at its paragraphs or sentences; ``SectionCues`` alone
also reads headings that open every paragraph), and ``(o,
Outline(outline_section_words))`` added to the sum for ``outline_weight`` o. Those give
this class's boundaries; the class runs the same pieces in one pass over the
document's words, and keeps the units and the cost in its result.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import cast

import numpy as np

from linseg.base import Segmentation, check_int
from linseg.chunks.bounds import SizeUnit
from linseg.compose import Composition
from linseg.compose.costs import Introductions, Multinomial, Outline, SectionCues
from linseg.compose.costs.outline import OUTLINE_SECTION_WORDS
from linseg.compose.strategies import (
    UNITS,
    ExactDP,
    best_with_count,
    best_with_penalty,
    resolve_units,
)
from linseg.compose.transforms import LocalRank
from linseg.text.outline import heading_starts, paragraph_starts
from linseg.text.processor import Stemmer

__all__ = ["U00", "U00Result", "paragraph_starts"]

#: ``max_units="auto"`` leaves segments unbounded up to this many units, and bounds them
#: to :data:`AUTO_MAX_UNITS` beyond.
AUTO_EXACT_UNITS = 2000
AUTO_MAX_UNITS = 1000
#: With ``rank_weight``, the length exponent of the rank evidence (0.4, 0.6 and 0.8 were
#: tried on the python-docs tuning half with ``u00_pr``'s weight and cost), and the
#: longest document that gets it: the tables are (n + 1) x (n + 1); longer documents are
#: segmented without.
RANK_EXPONENT = 0.6
RANK_MAX_SENTENCES = 2000
#: The longest document cut at its headings that gets the rank evidence: a book's chapters
#: are held together by it (Debian's FAQ, 1,714 sentences, came out as 5 segments of 17).
RANK_MAX_HEADED_SENTENCES = 1000
#: The rank mask of the rank evidence (C99's).
RANK_MASK = 11


@dataclass
class U00Result(Segmentation):
    """A U00 segmentation: the units searched over and the cost of the one chosen.

    ``units`` are the first sentence of each unit; ``cost`` is ``-log P(W | S) - log
    P(S)`` of the result (up to a constant), in nats.
    """

    units: list[int] = field(default_factory=list)
    cost: float = 0.0


class U00(Composition):
    """Utiyama and Isahara's (2001) segmenter: the most probable segmentation.

    Parameters
    ----------
    units:
        ``"sentences"`` (the paper), ``"paragraphs"`` (boundaries only at paragraph
        ends; sentences where the text has no paragraph breaks) or ``"headings"``
        (boundaries only before the headings of a Markdown or reStructuredText document,
        where its author put the sections; paragraphs where the text has fewer than
        three sections).
    penalty:
        Cost of a boundary in units of ``log n`` (n: words of the document); 1 is the
        paper's prior ``P(S) = n^-m``.
    alpha:
        Additive smoothing of the segment word distributions; 1 is Laplace's rule.
    max_units:
        Longest segment, in units, the search considers: None for no bound, ``"auto"``
        for none up to 2,000 units and 1,000 beyond.
    stopwords, stemmer, tokenized:
        As for :class:`~linseg.methods.c99.C99`.
    rank_weight:
        Weight of C99's rank evidence in each segment's score (see the module); 0, the
        default, is the published model. The result's ``cost`` is then the negated total
        score.
    cue_weight:
        Weight of the learned section cues (:class:`~linseg.compose.costs.SectionCues`) at
        each gap, when the search cuts at paragraphs or, in a text without them, at
        sentences (not at headings) with the rank evidence (up to
        :data:`RANK_MAX_SENTENCES` sentences) and the text is English; 0, the default,
        leaves them out.
    outline_weight:
        Weight, in nats, of the levels of the headings that open units
        (:class:`~linseg.compose.costs.Outline`): a boundary at the outline's top level
        costs this much less, one at a lower heading this much more for each level down;
        0, the default, leaves them out.
    outline_section_words:
        The outline weight counts once for every this many words of the outline's mean
        top-level section, and at least once (``Outline(section_words)``): the words'
        evidence grows with the sections' length, and the outline's say with it. None
        keeps the weight as it is at every length.
    colon_weight:
        What a boundary right after a unit that ends in ``:`` costs, in nats
        (:class:`~linseg.compose.costs.Introductions`: an introduction belongs with what
        it introduces); 0, the default, leaves it out.
    """

    name = "u00"

    def __init__(
        self,
        units: str = "sentences",
        penalty: float = 1.0,
        alpha: float = 1.0,
        max_units: int | str | None = "auto",
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        tokenized: bool | None = None,
        rank_weight: float = 0.0,
        cue_weight: float = 0.0,
        outline_weight: float = 0.0,
        outline_section_words: float | None = OUTLINE_SECTION_WORDS,
        colon_weight: float = 0.0,
        *,
        language: str = "auto",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        if units not in UNITS:
            raise ValueError(f"units must be one of {', '.join(UNITS)}, got {units!r}")
        for label, value in (
            ("penalty", penalty),
            ("alpha", alpha),
            ("rank_weight", rank_weight),
            ("cue_weight", cue_weight),
            ("outline_weight", outline_weight),
            ("colon_weight", colon_weight),
        ):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"{label} must be a number, got {value!r}")
            if not math.isfinite(value) or value < 0 or (label == "alpha" and value == 0):
                raise ValueError(
                    f"{label} must be finite and {'> 0' if label == 'alpha' else '>= 0'}, got {value}"
                )
        if max_units is not None and max_units != "auto":
            check_int("max_units", max_units)
        self.units = units
        self.penalty = float(penalty)
        self.alpha = float(alpha)
        self.max_units = max_units
        self.rank_weight = float(rank_weight)
        self.cue_weight = float(cue_weight)
        self.outline_weight = float(outline_weight)
        self.outline_section_words = outline_section_words
        self.colon_weight = float(colon_weight)
        super().__init__(
            None,  # C99's StemCosine with these stopwords and stems (_default_measure)
            LocalRank(RANK_MASK),
            None,  # set below: the cost reads words in the segmenter's language
            tokenized,
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
            stopwords=stopwords,
            stemmer=stemmer,
        )
        self._cost = Multinomial(self.alpha, stopwords, stemmer, language=self.text_language)
        self._cues = SectionCues()
        self._outline = Outline(outline_section_words)
        self._introductions = Introductions()
        self.strategy = self._strategy = ExactDP(
            self.penalty,
            RANK_EXPONENT,
            cost=self._cost,
            similarity_weight=self.rank_weight,
            units=units,
            diagonal=False,
        )
        # The rank evidence's measure and the cost count the same stems: one processor,
        # which reads a document's words once (Composition._run's block).
        self._share_readers()

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> U00Result:
        if not sentences:
            return U00Result(sentences, [], n_segments)
        return cast(U00Result, super()._run(sentences, n_segments, tokenized))

    def _segment(self, sentences: list[str], n_segments: int | None, tokenized: bool) -> U00Result:
        headings = heading_starts(sentences) if self.units == "headings" else None
        used, starts = resolve_units(sentences, self.units, n_segments, headings)
        # SectionCues reads the gaps of paragraphs, or of sentences in text without them;
        # a heading's sections are the author's own cut and take none here.
        cues = bool(self.cue_weight) and self.text_language == "en" and used != "headings"
        # Where no heading opens a sentence after the first (most prose), the outline is 0
        # at every gap: reading each unit for one again would be wasted.
        outline = bool(self.outline_weight) and (headings is None or len(headings) > 1)
        # A book cut at its headings: its outline, not the rank evidence, holds it together
        # (the evidence grows faster than a segment's length, and over chapters of a
        # hundred sentences and more it outweighs every other term).
        ranked = used != "headings" or len(sentences) <= RANK_MAX_HEADED_SENTENCES
        result = self._search(sentences, n_segments, tokenized, starts, cues, outline, ranked)
        if used == "headings":
            result.notes.append(
                f"boundaries only before headings: the text marks {len(starts)} sections"
            )
        return result

    def _search(
        self,
        sentences: list[str],
        n_segments: int | None,
        tokenized: bool,
        starts: list[int],
        cues: bool = False,
        outline: bool = False,
        ranked: bool = True,
    ) -> U00Result:
        """The best segmentation over the units that begin at ``starts``; with ``cues``,
        the section cues read at their gaps, with ``outline`` the levels of the headings
        that open the units; without ``ranked``, no rank evidence."""
        n = len(sentences)
        units = self._cost.unit_counts(sentences, tokenized, starts)
        m = 0 if n_segments is None else min(n_segments, units.n)
        penalty = self.penalty * self._cost.boundary_cost_of(units)
        gaps = None
        if outline:
            gaps = self.outline_weight * self._outline.gap_costs(sentences, tokenized, starts)
        if self.colon_weight:
            colons = self.colon_weight * self._introductions.gap_costs(sentences, tokenized, starts)
            gaps = colons if gaps is None else gaps + colons
        if gaps is not None and not gaps.any():
            gaps = None
        if ranked and self.rank_weight and n <= RANK_MAX_SENTENCES:
            # The composition's own pieces: C99's rank of the stem cosine, searched by
            # ExactDP over the units with the cost subtracted (the strategy's table).
            rank = cast(np.ndarray, self._matrix(sentences, tokenized, None))  # band None: dense
            exact = cast(ExactDP, self._strategy)
            table = exact.unit_scores(rank, sentences, tokenized, starts, m or None)
            odds = self._cues.gap_scores(sentences, tokenized, starts)[1:-1] if cues else None
            if odds is not None and odds.any():
                # Sum([(1, Multinomial), (cue_weight, SectionCues())]) as a cost, without
                # its table: a segment ending at the gap before unit j gains the gap's
                # log-odds (the rows where a segment cannot end there are -inf and stay so).
                table[:, 1:-1] += self.cue_weight * odds
            if gaps is not None:
                table[:, 1:-1] -= gaps[1:-1]  # (o, Outline(...)) in the Sum, likewise
            cuts = best_with_count(table, m) if m else best_with_penalty(table, penalty)
            cost = -_total(table, cuts) + penalty * len(cuts)
        else:
            limit = self._limit(units.n)
            if m and limit < units.n:
                limit = max(limit, -(-units.n // m))  # m segments must be able to cover it all
            cuts, cost = self._cost.search_units(units, penalty, m or None, limit, gaps)
        return U00Result(sentences, [starts[c] for c in cuts], n_segments, units=starts, cost=cost)

    def _limit(self, n_units: int) -> int:
        if self.max_units is None:
            return n_units
        if self.max_units == "auto":
            return n_units if n_units <= AUTO_EXACT_UNITS else AUTO_MAX_UNITS
        return int(self.max_units)


def _total(table: np.ndarray, cuts: list[int]) -> float:
    edges = [0, *cuts, table.shape[0] - 1]
    return float(sum(table[a, b] for a, b in zip(edges, edges[1:])))

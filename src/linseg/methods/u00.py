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
:class:`~linseg.compose.costs.Multinomial`, run by the one pipeline of
:class:`~linseg.compose.Composition`: ``ExactDP(penalty, cost=Multinomial(alpha),
similarity_weight=0, units=units, max_length=max_units, mean_lengths=1)`` for the published
model (``max_units="auto"`` is :func:`auto_max_units`; ``mean_lengths=1`` lets a count
cover the document), with ``gaps=[(o, Outline(outline_section_words))]`` for
``outline_weight`` o. With ``rank_weight`` w, the composition is ``StemCosine()``,
``LocalRank(11)`` and ``ExactDP(penalty, RANK_EXPONENT, cost=Multinomial(alpha),
similarity_weight=w, units=units, diagonal=False, gaps=[(c, SectionCues(), ("paragraphs",
"sentences")), (o, Outline(...))])`` (the cues for ``cue_weight`` c, in English), and
documents of more than :data:`RANK_MAX_SENTENCES` sentences go to the published model's
composition (``Composition(beyond=...)``). The strategy's trace fills the result's units
and cost.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from linseg.base import Segmentation
from linseg.checks import check_int, check_number
from linseg.chunks.bounds import SizeUnit
from linseg.compose import Composition
from linseg.compose.costs import Introductions, Multinomial, Outline, SectionCues, Sum
from linseg.compose.costs.outline import OUTLINE_SECTION_WORDS
from linseg.compose.strategies import ExactDP, resolve_units
from linseg.compose.transforms import LocalRank
from linseg.text.outline import paragraph_starts
from linseg.text.processor import Stemmer

__all__ = ["U00", "U00Result", "auto_max_units", "paragraph_starts"]

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
#: The units at which the section cues are read: a text's paragraphs, or its sentences
#: when it has no paragraphs. A text cut at its headings is cut where its author put the
#: sections, and takes none.
CUE_UNITS = ("paragraphs", "sentences")


def auto_max_units(n_units: int) -> int | None:
    """``max_units="auto"``: segments of any length up to :data:`AUTO_EXACT_UNITS` units,
    of at most :data:`AUTO_MAX_UNITS` units beyond (the search is then O(m L))."""
    return None if n_units <= AUTO_EXACT_UNITS else AUTO_MAX_UNITS


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
    result_type = U00Result
    # The section cues were learned from written manuals; in speech they cut answers apart
    # (examples/field-notes.vtt: six chapters for four), and no set of transcripts exists
    # to learn or measure them on.
    written_only: ClassVar[dict[str, str]] = {
        "cue_weight": "section cues (they were learned from written manuals)"
    }

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
        # Kept as given; the pieces check them (ExactDP the units and the penalty,
        # Multinomial alpha, Outline its section words). The weights decide which pieces
        # there are, and max_units which bound, so they are checked here.
        self.units = units
        self.penalty = penalty
        self.alpha = alpha
        self.max_units = max_units
        self.rank_weight = rank_weight
        self.cue_weight = cue_weight
        self.outline_weight = outline_weight
        self.outline_section_words = outline_section_words
        self.colon_weight = colon_weight
        for label, value in (
            ("rank_weight", rank_weight),
            ("cue_weight", cue_weight),
            ("outline_weight", outline_weight),
            ("colon_weight", colon_weight),
        ):
            check_number(label, value, minimum=0)
        if max_units is not None and max_units != "auto":
            check_int("max_units", max_units)
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
        self._build_search()

    def _build_search(self) -> None:
        """The cost, the strategy and, with the rank evidence, the composition for long
        documents, from the parameters (the cost reads words in the segmenter's language,
        known once the base has resolved it)."""
        self._cost = Multinomial(
            self.alpha, self.stopwords, self.stemmer, language=self.text_language
        )
        # The outline and the introductions price the same gaps: one gap cost, their sum
        # in this order, so that every table holds the same numbers whatever the units.
        outline = Outline(self.outline_section_words)
        priced: list[tuple[float, Any]] = (
            [(self.outline_weight, outline)] if self.outline_weight else []
        )
        if self.colon_weight:
            priced.append((self.colon_weight, Introductions()))
        on_outline: list[tuple[Any, ...]] = [(1.0, Sum(priced))] if priced else []
        # The published model's search: the cost alone, in O(m) memory.
        max_units = self.max_units
        alone = ExactDP(
            self.penalty,
            cost=self._cost,
            similarity_weight=0,
            units=self.units,
            max_length=auto_max_units if max_units == "auto" else max_units,
            mean_lengths=1,
            gaps=on_outline,
        )
        if not self.rank_weight:
            self.strategy = self._strategy = alone
        else:
            # The cues ride on the tables, and are English: the shipped models learned
            # from English manuals.
            gaps = list(on_outline)
            if self.cue_weight and self.text_language == "en":
                gaps.insert(0, (self.cue_weight, SectionCues(), CUE_UNITS))
            self.strategy = self._strategy = ExactDP(
                self.penalty,
                RANK_EXPONENT,
                cost=self._cost,
                similarity_weight=self.rank_weight,
                units=self.units,
                diagonal=False,
                gaps=gaps,
            )
            # The rank evidence's tables are (n + 1) x (n + 1): a longer document is
            # segmented by the published model, as is a book cut at its headings.
            self.beyond = (
                self._rank_limit,
                Composition(
                    self._measure, None, alone, self.tokenized, language=self.text_language
                ),
            )
        # The rank evidence's measure and the cost count the same stems: one processor,
        # which reads a document's words once (Composition._run's block).
        self._share_readers()

    def _rank_limit(self, sentences: Sequence[str], n_segments: int | None) -> int:
        """The longest document the rank evidence is read on: a book cut at its headings
        is held together by its outline, not by the rank evidence, which grows faster than
        a segment's length and over chapters of a hundred sentences and more outweighs
        every other term."""
        headed = (
            self.units == "headings"
            and len(sentences) > RANK_MAX_HEADED_SENTENCES
            and resolve_units(sentences, "headings", n_segments)[0] == "headings"
        )
        return RANK_MAX_HEADED_SENTENCES if headed else RANK_MAX_SENTENCES

    def segment(self, sentences: Sequence[str], n_segments: int | None = None) -> U00Result:
        """Segment a list of sentences (``n_segments``: a known number of segments)."""
        return super().segment(sentences, n_segments)  # type: ignore[return-value]

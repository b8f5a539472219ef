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

It may also have ``search(sentences, tokenized, starts, penalty, n_segments, max_length)
-> cuts``: the exact search of the cost alone, ``penalty`` counted in boundary costs,
which ``ExactDP`` uses when the matrix has no weight (``similarity_weight=0``), in less
memory than the tables.

Inside a :meth:`~linseg.text.TextProcessor.document` block (a
:class:`~linseg.compose.Composition` opens one for each document) the table and the
boundary cost come from one reading of the words, however many times they are asked for.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

import numpy as np

from ..checks import check_int
from ..sentences import heading_levels, paragraph_starts
from ..text import Stemmer
from ._multinomial import search, segment_costs
from .cues import MIN_UNITS, SENTENCE_MODEL, gap_log_odds, paragraph_texts
from .measures import _Stems

__all__ = [
    "SegmentCost",
    "Multinomial",
    "LengthPrior",
    "BlockCohesion",
    "SectionCues",
    "Outline",
    "Sum",
    "UnitCounts",
]


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


class _UnitStems(_Stems):
    """The costs that count each unit's stems: one reading of them per document, however
    many such costs share a processor."""

    def unit_counts(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> UnitCounts:
        """The counted stems of each unit (every sentence when ``starts`` is None); read
        once per document in a :meth:`~linseg.text.TextProcessor.document` block."""
        units = range(len(sentences)) if starts is None else starts

        def read() -> UnitCounts:
            return UnitCounts.of(*self._text.ids(sentences, tokenized), units)

        key = ("unit counts", tuple(units))
        return self._text.remember(sentences, tokenized, key, read)


class Multinomial(_UnitStems):
    """Utiyama and Isahara's (2001) segment cost: the segment's words drawn from its own
    word distribution, estimated by additive smoothing over the document's ``k`` distinct
    stems, ``P(w | S_i) = (f_i(w) + alpha) / (n_i + alpha k)``. For a segment of ``n_i``
    counted words,

        C(i) = -log P(W_i | S_i) = n_i log(n_i + alpha k) - sum_w f_i(w) log(f_i(w) + alpha)

    (up to a constant of the document; ``alpha = 1``, Laplace's rule, in their paper).
    Their prior ``P(S) = n^-m`` for a document of ``n`` words makes a boundary cost
    ``log n``: :meth:`boundary_cost`.

    Parameters
    ----------
    alpha:
        Additive smoothing of the segments' word distributions, > 0.
    stopwords, stemmer, language:
        Which words count, as for :class:`~linseg.compose.measures.StemCosine`.
    """

    def __init__(
        self,
        alpha: float = 1.0,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        language: str = "en",
    ) -> None:
        if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
            raise TypeError(f"alpha must be a number, got {alpha!r}")
        if not (math.isfinite(alpha) and alpha > 0):
            raise ValueError(f"alpha must be finite and > 0, got {alpha}")
        super().__init__(stopwords, stemmer, language)
        self.alpha = float(alpha)

    def __call__(
        self,
        sentences: Sequence[str],
        tokenized: bool,
        starts: Sequence[int] | None = None,
        n_segments: int | None = None,
    ) -> np.ndarray:
        """``table[i, j]``: ``C`` of the units ``i .. j-1`` (``inf`` unless ``i < j``);
        O(m^2) time and memory for m units. The count plays no part."""
        return self.table(self.unit_counts(sentences, tokenized, starts))

    def table(self, units: UnitCounts) -> np.ndarray:
        """The table of :meth:`__call__` from the units' counts."""
        n = units.n
        out = np.full((n + 1, n + 1), np.inf)
        segment_costs(
            units.indptr,
            units.stems,
            units.counts,
            max(units.vocabulary, 1),
            n,
            self.alpha,
            max(units.words, 1),
            out,
        )
        return out

    def boundary_cost(self, sentences: Sequence[str], tokenized: bool) -> float:
        """``log n`` for ``n`` counted words (at least 2): the prior ``P(S) = n^-m``."""
        ids, _ = self._text.ids(sentences, tokenized)
        return _log_words(int(np.count_nonzero(ids >= 0)))

    @staticmethod
    def boundary_cost_of(units: UnitCounts) -> float:
        """:meth:`boundary_cost` from the counts already read: ``log n`` for the ``n``
        counted words of ``units``."""
        return _log_words(units.words)

    def search(
        self,
        sentences: Sequence[str],
        tokenized: bool,
        starts: Sequence[int] | None,
        penalty: float,
        n_segments: int | None,
        max_length: int | None,
    ) -> list[int]:
        """The unit indices that start a segment after the first, of the segmentation of
        least total cost (``n_segments`` segments, or any number with ``penalty`` boundary
        costs per boundary: 1 is the prior ``n^-m``), exactly, among segments of at most
        ``max_length`` units (None: any length). O(m L) time and O(m) memory beside the
        document, which is read once."""
        units = self.unit_counts(sentences, tokenized, starts)
        cost = penalty * self.boundary_cost_of(units)
        return self.search_units(units, cost, n_segments, max_length)[0]

    def search_units(
        self,
        units: UnitCounts,
        penalty: float,
        n_segments: int | None,
        max_length: int | None,
        gap_costs: np.ndarray | None = None,
    ) -> tuple[list[int], float]:
        """:meth:`search` from the units' counts; also returns the least total cost
        (the boundaries' penalties included). ``gap_costs``: ``n + 1`` costs, one for each
        gap before a unit, that a boundary there pays beyond ``penalty`` (a
        :class:`_GapCost`'s ``gap_costs``, weighted)."""
        n = units.n
        limit = n if max_length is None else min(int(max_length), n)
        m = 0 if n_segments is None else min(n_segments, n)
        # The most words a segment of at most ``limit`` units can hold.
        words_before = np.concatenate([[0], np.cumsum(units.counts)])[units.indptr]
        largest = int(np.max(words_before[limit:] - words_before[:-limit])) if n else 0
        cuts, cost = search(
            units.indptr,
            units.stems,
            units.counts,
            max(units.vocabulary, 1),
            n,
            self.alpha,
            penalty,
            limit,
            m,
            largest,
            None if gap_costs is None else np.ascontiguousarray(gap_costs, dtype=np.float64),
        )
        return list(cuts), float(cost)


class LengthPrior:
    """A prior on segment lengths in the manner of Fragkou et al. (2004): a segment of L
    sentences costs ``((L - mu) / mu) ** 2``, where ``mu = n / k`` is the mean length that
    ``k`` segments of ``n`` sentences imply. It needs the count (``n_segments``), so it
    serves a search that is given one or finds one (``ExactDP(count=...)``)."""

    def __call__(
        self,
        sentences: Sequence[str],
        tokenized: bool,
        starts: Sequence[int] | None = None,
        n_segments: int | None = None,
    ) -> np.ndarray:
        if n_segments is None:
            raise ValueError(
                "LengthPrior needs the number of segments: give a count, or ExactDP(count=...)"
            )
        n = len(sentences)
        at = (
            np.arange(n + 1, dtype=np.float64)
            if starts is None
            else np.array([*starts, n], dtype=np.float64)
        )
        mu = n / n_segments
        out = np.square((at[None, :] - at[:, None] - mu) / mu)
        out[at[None, :] <= at[:, None]] = np.inf
        return out

    def boundary_cost(self, sentences: Sequence[str], tokenized: bool) -> float:
        """0: the prior is on lengths, not on the count."""
        return 0.0


class _GapCost:
    """A cost on where a segment ends: a segment that ends at the gap before unit ``j``
    pays ``gap_costs(...)[j]`` (0 at the document's end, so the last segment pays
    nothing). The count plays no part, and the costs are relative to a gap with no
    evidence (they average 0 over a document's gaps, or are taken from a base rate, or are
    0 where a unit opens with no heading), so ``boundary_cost`` is 0: the search's penalty
    keeps its unit."""

    def gap_scores(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """The score of each gap, ``j = 0 .. m`` (0 at the document's ends)."""
        raise NotImplementedError

    def gap_costs(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """The cost at each gap, ``j = 0 .. m``: by default :meth:`gap_scores`."""
        return self.gap_scores(sentences, tokenized, starts)

    def __call__(
        self,
        sentences: Sequence[str],
        tokenized: bool,
        starts: Sequence[int] | None = None,
        n_segments: int | None = None,
    ) -> np.ndarray:
        """``table[i, j]``: the cost of the gap before unit ``j`` (0 for ``j = m``),
        ``+inf`` unless ``i < j``."""
        z = self.gap_costs(sentences, tokenized, starts)
        at = np.arange(z.size)
        return np.where(at[None, :] > at[:, None], z[None, :], np.inf)

    def boundary_cost(self, sentences: Sequence[str], tokenized: bool) -> float:
        """0: a boundary costs nothing on average."""
        return 0.0


class BlockCohesion(_GapCost, _UnitStems):
    """A cost on where a segment ends, from Hearst's (1997) block comparison: at each gap
    between units, the cosine of the stem counts of the ``window`` units before it and the
    ``window`` units after it (fewer at the document's ends), standardised over the
    document's gaps to mean 0 and standard deviation 1. A segment that ends at a gap pays
    that gap's standardised cosine: a boundary where the words on both sides are the same
    costs more, one where they change costs less. The last segment, which ends with the
    document, pays nothing; so does every segment of a document with fewer than two gaps,
    or with the same cosine at all of them (to within rounding).

    Parameters
    ----------
    window:
        Units on each side of a gap, >= 1.
    stopwords, stemmer, language:
        Which words count, as for :class:`~linseg.compose.measures.StemCosine`.
    """

    def __init__(
        self,
        window: int = 3,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        language: str = "en",
    ) -> None:
        window = check_int("window", window)
        super().__init__(stopwords, stemmer, language)
        self.window = window

    def gap_scores(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """``z[j]`` for ``j = 0 .. m``: the standardised block cosine at the gap before unit
        ``j`` (0 at ``j = 0`` and ``j = m``, the document's ends)."""
        m = len(sentences) if starts is None else len(starts)
        z = np.zeros(m + 1, dtype=np.float64)
        if m < 3:
            return z
        dots, left, right = _block_products(
            self.unit_counts(sentences, tokenized, starts), self.window
        )
        norms = np.sqrt(left * right)
        cos = np.divide(dots, norms, out=np.zeros_like(dots), where=norms > 0)
        # Cosines equal but for rounding (1 and 1 - 2^-53) have no spread to standardise:
        # divided by it, the rounding would become costs of +-1.
        spread = cos.std()
        if spread > _FLAT:
            z[1:m] = (cos - cos.mean()) / spread
        return z


class SectionCues(_GapCost):
    """A cost on where a segment ends, from learned section cues (:mod:`linseg.compose.
    cues`): how likely a writer is to open a section at a gap, by the first words of the
    unit after it, the end of the one before, lengths, shared words and (in the shipped
    paragraph model) whether either unit looks like a title written as a plain line.

    :meth:`gap_scores` gives each gap's log-odds relative to the training base rate: at
    paragraph gaps when the units are the text's paragraphs, under ``model``; at sentence
    gaps when every sentence is a unit of a text without blank lines, under
    ``sentence_model`` (the model learned on pages read so). Any other units (the
    sections of a text's headings), and texts of fewer than
    :data:`~linseg.compose.cues.MIN_UNITS` units, shorter than any the models learned
    from, score 0. As a cost, a segment that ends at a gap pays its negation, and the last
    segment, which ends with the document, pays nothing. The count plays no part, and a
    boundary costs nothing on average (``boundary_cost`` is 0), so the search's penalty
    keeps its unit.

    Parameters
    ----------
    model:
        The model of paragraph gaps, written by ``tools/train_cues.py`` (an ``.npz``
        file); None for the shipped English one.
    sentence_model:
        The model of sentence gaps; None for the shipped English one.
    """

    def __init__(
        self,
        model: str | os.PathLike[str] | None = None,
        sentence_model: str | os.PathLike[str] | None = None,
    ) -> None:
        self.model = model
        self.sentence_model = sentence_model

    def gap_scores(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """``s[j]`` for ``j = 0 .. m``: the log-odds of a section starting at the gap before
        unit ``j``, less the base rate's (0 at the document's ends). Units that are
        neither the text's paragraphs nor its sentences all score 0."""
        units = list(range(len(sentences))) if starts is None else list(starts)
        s = np.zeros(len(units) + 1, dtype=np.float64)
        if len(units) < MIN_UNITS:
            return s
        paragraphs = paragraph_starts(sentences)
        if units == paragraphs:
            s[1:-1] = gap_log_odds(paragraph_texts(sentences, units), self.model)
        elif len(units) == len(sentences) and len(paragraphs) < 2:
            s[1:-1] = gap_log_odds(sentences, self.sentence_model or SENTENCE_MODEL)
        return s

    def gap_costs(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """Minus :meth:`gap_scores`: a likely section start is a cheap place to end."""
        return -self.gap_scores(sentences, tokenized, starts)


#: The fewest units after the first that a level's headings must open to be an outline's
#: top level (:class:`Outline`): with the first, the three sections that
#: ``ExactDP(units="headings")`` asks for.
OUTLINE_TOP_UNITS = 2
#: :class:`Outline`'s default ``section_words``: the median words per section of the
#: development pages on which ``u00_pr``'s outline weight (8 nats) was chosen (80 pages
#: of seven Sphinx manuals, docs/evaluate.md), so that pages like them keep that weight.
OUTLINE_SECTION_WORDS = 200


class Outline(_GapCost):
    """A cost on where a segment ends, from the levels of the headings that open the units:
    the outline an author gave a Markdown or reStructuredText document
    (:func:`linseg.sentences.heading_levels`).

    The outline's top level is the highest one that opens at least two units after the
    first (so at least three sections, as ``ExactDP(units="headings")`` asks of headings
    before it cuts at them), or the level of the only heading that opens one: a text that
    marks only two sections (``ExactDP`` then cuts between paragraphs) still has its
    author's one cut. At the gap before a unit that opens with a heading, a segment that
    ends there pays -1 if the heading is at the top level, and ``d`` if it is ``d`` levels
    below it (1, 2, ...: the levels the text uses, not their numbers). A heading
    above the top level (one part heading over the sections), units that open with no
    heading, and every unit of a text with no top level pay 0. In a
    :class:`Sum` with weight ``w``, a boundary at a top-level heading so costs ``w`` nats
    less than elsewhere, and one at a sub-section's heading ``w`` nats more for each level
    down. It has no boundary cost of its own (``boundary_cost`` is 0).

    The words' evidence for or against a boundary grows with the words of the sections
    on either side of it, so a fixed weight would say less and less the longer the
    sections are: over a book's chapters of thousands of words, 8 nats is nothing. With
    ``section_words`` s, the costs are therefore multiplied by ``max(1, W / (t + 1) /
    s)`` for a text of ``W`` words (whitespace-separated) whose top level opens ``t``
    units after the first: a weight counts once for every ``s`` words of the outline's
    mean top-level section, and at least once. A text whose outline is its one heading
    keeps the costs as they are, as does ``section_words=None``.
    """

    def __init__(self, section_words: float | None = OUTLINE_SECTION_WORDS) -> None:
        if section_words is not None:
            if isinstance(section_words, bool) or not isinstance(section_words, (int, float)):
                raise TypeError(f"section_words must be a number or None, got {section_words!r}")
            if not math.isfinite(section_words) or section_words <= 0:
                raise ValueError(f"section_words must be finite and > 0, got {section_words}")
        self.section_words = section_words

    def gap_costs(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """``c[j]`` for ``j = 0 .. m``: -1, 0 or the depth below the top level of the heading
        that opens unit ``j`` (0 at the document's ends), times the scale for the length
        of the sections (``section_words``)."""
        units = list(range(len(sentences))) if starts is None else list(starts)
        costs = np.zeros(len(units) + 1, dtype=np.float64)
        # The first unit's heading (a title) takes part in reStructuredText's order of
        # styles, but opens no boundary.
        levels = heading_levels(sentences, units)[1:]
        opened = Counter(level for level in levels if level is not None)
        need = min(OUTLINE_TOP_UNITS, sum(opened.values()))
        top = min((lv for lv, n in opened.items() if n >= need), default=None)
        if top is None:
            return costs
        depth = {lv: d for d, lv in enumerate(sorted(lv for lv in opened if lv > top), 1)}
        for j, level in enumerate(levels, start=1):
            if level == top:
                costs[j] = -1.0
            elif level is not None and level > top:
                costs[j] = depth[level]
        # One heading is too thin an outline to say more for its length: it may be any
        # level's, not a section's (on the development pages, cut at it as surely as
        # at a chapter, it helped no more than no outline at all).
        if self.section_words is not None and opened[top] >= OUTLINE_TOP_UNITS:
            words = sum(len(s.split()) for s in sentences)
            costs *= max(1.0, words / (opened[top] + 1) / self.section_words)
        return costs


#: A spread of cosines (which lie in [0, 1]) below this is rounding, not a difference.
_FLAT = 1e-9


def _block_products(units: UnitCounts, window: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """At each gap ``g = 1 .. m - 1`` between the ``m`` units, the block comparison's
    three sums: ``L . R``, ``L . L`` and ``R . R`` for the summed stem counts ``L`` of the
    ``window`` units before the gap and ``R`` of the ``window`` after it (fewer at the
    ends), as float64 (integers, so exact).

    Each unit's counts are added into the blocks of the gaps they lie next to, so the work
    and memory grow with the document's (unit, stem) pairs times ``window``, not with
    ``m^2``: a long document costs no more per unit than a short one."""
    m, v = units.n, max(units.vocabulary, 1)
    unit = np.repeat(np.arange(m, dtype=np.int64), np.diff(units.indptr))
    stem, count = units.stems.astype(np.int64), units.counts.astype(np.float64)
    # Unit u is in the left block of gaps u + 1 .. u + window and in the right block of
    # gaps u - window + 1 .. u; gaps run from 1 to m - 1.
    sides = []
    for offsets in (np.arange(1, window + 1), -np.arange(window)):
        gap = (unit[None, :] + offsets[:, None]).ravel()
        keep = (gap >= 1) & (gap <= m - 1)
        sides.append((gap[keep] * v + np.tile(stem, window)[keep], np.tile(count, window)[keep]))
    (left_keys, left_counts), (right_keys, right_counts) = sides
    keys, cell = np.unique(np.concatenate([left_keys, right_keys]), return_inverse=True)
    cell = cell.reshape(-1)
    left = np.bincount(cell[: left_keys.size], left_counts, keys.size)
    right = np.bincount(cell[left_keys.size :], right_counts, keys.size)
    gap_of = keys // v

    def per_gap(values: np.ndarray) -> np.ndarray:
        # float64 even with no stems at all (bincount of nothing counts in integers)
        return np.bincount(gap_of, values, m)[1:].astype(np.float64, copy=False)

    return per_gap(left * right), per_gap(left * left), per_gap(right * right)


class Sum:
    """A weighted sum of segment costs, ``sum_i w_i C_i``: for example U00's likelihood
    and a length prior, as ``consensus_dp`` places its boundaries::

        Sum([(0.1, Multinomial()), (0.8, LengthPrior())])

    Its boundary cost is the weighted sum of the parts'.
    """

    def __init__(self, parts: Iterable[tuple[float, SegmentCost]]) -> None:
        self.parts = [(float(w), c) for w, c in parts]
        if not self.parts:
            raise ValueError("Sum needs at least one (weight, cost) part")
        for w, c in self.parts:
            if not (math.isfinite(w) and w >= 0):
                raise ValueError(f"a Sum's weights must be finite and >= 0, got {w}")
            if not (callable(c) and hasattr(c, "boundary_cost")):
                raise TypeError("a Sum's parts are (weight, segment cost) pairs")

    def __call__(
        self,
        sentences: Sequence[str],
        tokenized: bool,
        starts: Sequence[int] | None = None,
        n_segments: int | None = None,
    ) -> np.ndarray:
        total: np.ndarray | None = None
        for weight, cost in self.parts:
            table = cost(sentences, tokenized, starts, n_segments)
            if weight == 0:
                # 0 x inf is nan: a part weighed 0 adds nothing but keeps the +inf of
                # segments that are not allowed.
                table = np.where(np.isfinite(table), 0.0, table)
                weight = 1.0
            if total is None:
                # The first table scaled in place (it is the cost's own new array), each
                # further one added: consensus_dp's order of operations, to the bit.
                total = np.asarray(table, dtype=np.float64)
                total *= weight
            else:
                total += weight * table
        assert total is not None
        return total

    def boundary_cost(self, sentences: Sequence[str], tokenized: bool) -> float:
        return float(sum(w * c.boundary_cost(sentences, tokenized) for w, c in self.parts))


def _log_words(words: int) -> float:
    """``log n`` for ``n`` counted words, at least 2: a boundary under ``P(S) = n^-m``."""
    return math.log(max(words, 2))


class UnitCounts:
    """Each unit's distinct stems and their counts, in CSR form: the stems of unit ``u``
    are ``stems[indptr[u]:indptr[u + 1]]`` (local ids, numbered in order of first
    appearance), counted ``counts[...]`` times; ``vocabulary`` distinct stems and
    ``words`` counted words in all."""

    __slots__ = ("indptr", "stems", "counts", "vocabulary", "words")

    def __init__(
        self,
        indptr: np.ndarray,
        stems: np.ndarray,
        counts: np.ndarray,
        vocabulary: int,
        words: int,
    ) -> None:
        self.indptr = indptr
        self.stems = stems
        self.counts = counts
        self.vocabulary = vocabulary
        self.words = words

    @property
    def n(self) -> int:
        """The number of units."""
        return len(self.indptr) - 1

    @classmethod
    def of(cls, ids: np.ndarray, offsets: np.ndarray, starts: Sequence[int]) -> UnitCounts:
        """From a text processor's ``(ids, offsets)`` and the first sentence of each unit."""
        starts = list(starts)
        unit_of_sentence = np.zeros(len(offsets) - 1, dtype=np.int64)
        unit_of_sentence[starts[1:]] = 1
        unit_of_sentence = np.cumsum(unit_of_sentence)
        unit = np.repeat(unit_of_sentence, np.diff(offsets))
        keep = ids >= 0
        unit, stem = unit[keep], ids[keep]
        if stem.size == 0:
            empty = np.zeros(0, np.int64)
            return cls(np.zeros(len(starts) + 1, np.int64), empty, empty.copy(), 0, 0)
        # Local stem ids in order of first appearance in this document, not of the
        # processor's ids: those depend on what it read before, and the order of the
        # kernel's sums (so a near tie) must not.
        _, first, inverse = np.unique(stem, return_index=True, return_inverse=True)
        rank = np.empty(first.size, dtype=np.int64)
        rank[np.argsort(first, kind="stable")] = np.arange(first.size)
        local = rank[inverse.reshape(-1)]
        vocabulary = int(first.size)
        pairs, counts = np.unique(unit * vocabulary + local, return_counts=True)
        indptr = np.searchsorted(pairs // vocabulary, np.arange(len(starts) + 1))
        return cls(
            indptr.astype(np.int64),
            pairs % vocabulary,
            counts.astype(np.int64),
            vocabulary,
            int(stem.size),
        )

"""Utiyama and Isahara (2001): a statistical model of segmentation, solved exactly.

A segmentation ``S`` of the word sequence ``W`` into ``m`` segments is scored by its
posterior, ``P(S | W) ∝ P(W | S) P(S)``, and the best one is found by dynamic programming
over the possible boundaries (no training, no threshold).

*Likelihood.* The words of segment ``i`` (``n_i`` of them) are drawn from the segment's
own word distribution, estimated with Laplace's rule over the document's ``k`` distinct
stems: ``P(w | S_i) = (f_i(w) + 1) / (n_i + k)``. Its cost, ``-log P(W_i | S_i)``, is

    C(i) = n_i log(n_i + alpha k) - sum_w f_i(w) log(f_i(w) + alpha)

with ``alpha = 1`` in the paper (``alpha`` is exposed for other smoothing).

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
asked for, is segmented by sentences.

*C99's evidence* (``rank_weight`` w > 0; linseg's own addition, the default method
``u00_pr``). Each segment's score gains ``w R(a, b) / L ** RANK_EXPONENT``: the sum of the
11 x 11 local rank of the stem cosine (Choi's equations 1-2) over the segment's pairs of
distinct sentences, over its length L in sentences to a power. The best segmentation of
``-C(i) + w R`` per segment, less the boundary costs, is then found exactly over a table
of every segment: (n + 1) x (n + 1), so for documents of up to :data:`RANK_MAX_SENTENCES`
sentences; longer ones are segmented without the rank evidence.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..base import Segmentation, Segmenter, check_int
from ..bounds import SizeUnit
from ..compose.strategies import best_with_count, best_with_penalty, segment_scores
from ..rank import rank_transform
from ..similarity import cosine_from_ids
from ..text import Stemmer, TextProcessor
from ._u00 import search, segment_costs

__all__ = ["U00", "U00Result", "paragraph_starts"]

UNITS = ("sentences", "paragraphs")
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
_PARAGRAPH_END = re.compile(r"\n[^\S\n]*\n\s*\Z")


def paragraph_starts(sentences: Sequence[str]) -> list[int]:
    """Indices of the sentences that start a paragraph (0 first): those after a
    sentence whose trailing white space holds a blank line."""
    starts = [0]
    for i, s in enumerate(sentences[:-1]):
        if _PARAGRAPH_END.search(s):
            starts.append(i + 1)
    return starts


@dataclass
class U00Result(Segmentation):
    """A U00 segmentation: the units searched over and the cost of the one chosen.

    ``units`` are the first sentence of each unit; ``cost`` is ``-log P(W | S) - log
    P(S)`` of the result (up to a constant), in nats.
    """

    units: list[int] = field(default_factory=list)
    cost: float = 0.0


class U00(Segmenter):
    """Utiyama and Isahara's (2001) segmenter: the most probable segmentation.

    Parameters
    ----------
    units:
        ``"sentences"`` (the paper) or ``"paragraphs"`` (boundaries only at paragraph
        ends; sentences where the text has no paragraph breaks).
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
        *,
        language: str = "en",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        super().__init__(
            language=language, max_size=max_size, min_size=min_size, size_unit=size_unit
        )
        if units not in UNITS:
            raise ValueError(f"units must be one of {', '.join(UNITS)}, got {units!r}")
        for label, value in (("penalty", penalty), ("alpha", alpha), ("rank_weight", rank_weight)):
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
        self.stopwords = stopwords
        self.stemmer = stemmer
        self.tokenized = tokenized
        self.rank_weight = float(rank_weight)
        self._text = TextProcessor.from_options(stopwords, stemmer, language=self.text_language)

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> U00Result:
        n = len(sentences)
        if n == 0:
            return U00Result(sentences, [], n_segments)
        starts = paragraph_starts(sentences) if self.units == "paragraphs" else list(range(n))
        if len(starts) < 2 or (n_segments is not None and n_segments > len(starts)):
            # No paragraphs to choose between, or more segments asked for than there are
            # paragraphs: sentences are the units.
            starts = list(range(n))
        ids, offsets = self._text.ids(sentences, self._resolve_tokenized(sentences, tokenized))
        indptr, words, counts, vocabulary, total = _unit_counts(ids, offsets, starts)
        n_units = len(starts)
        m = 0 if n_segments is None else min(n_segments, n_units)
        penalty = self.penalty * math.log(max(total, 2))
        if self.rank_weight and n <= RANK_MAX_SENTENCES:
            table = self._rank_score(ids, offsets, n, starts)
            table -= _cost_table(indptr, words, counts, vocabulary, total, self.alpha)
            if m:
                cuts = best_with_count(table, m)
            else:
                cuts = best_with_penalty(table, penalty)
            cost = -_total(table, cuts) + penalty * len(cuts)
            return U00Result(
                sentences, [starts[c] for c in cuts], n_segments, units=starts, cost=cost
            )
        limit = self._limit(n_units)
        if m and limit < n_units:
            limit = max(limit, -(-n_units // m))  # m segments must be able to cover it all
        # The most words a segment of at most ``limit`` units can hold.
        words_before = np.concatenate([[0], np.cumsum(counts)])[indptr]
        span = min(limit, n_units)
        largest = int(np.max(words_before[span:] - words_before[:-span]))
        cuts, cost = search(
            indptr,
            words,
            counts,
            max(vocabulary, 1),
            n_units,
            self.alpha,
            penalty,
            limit,
            m,
            largest,
        )
        boundaries = [starts[c] for c in cuts]
        return U00Result(sentences, boundaries, n_segments, units=starts, cost=float(cost))

    def _rank_score(
        self, ids: np.ndarray, offsets: np.ndarray, n: int, starts: list[int]
    ) -> np.ndarray:
        """``rank_weight`` x C99's evidence for each segment of units: the sum of the 11 x 11
        local rank of the stem cosine (equations 1-2) over the segment's pairs of distinct
        sentences, divided by their number to the power :data:`RANK_EXPONENT`."""
        sim = cosine_from_ids(ids, offsets, len(self._text.vocabulary))
        rank = rank_transform(sim, 11)  # a new array; segment_scores sums it in float64
        # A sentence's rank against itself says nothing about topics; kept, it would pay
        # for cutting a short document into single sentences.
        np.fill_diagonal(rank, 0.0)
        return self.rank_weight * segment_scores(rank, RANK_EXPONENT, np.array([*starts, n]))

    def segment_costs(self, sentences: Sequence[str], tokenized: bool | None = None) -> np.ndarray:
        """The cost ``C(i)`` of every segment of sentences (the module's equation, with this
        segmenter's ``alpha`` and the document's distinct stems as ``k``): ``out[a, b]`` for
        the sentences ``a .. b-1``, an (n + 1) x (n + 1) table, ``inf`` unless ``a < b``.
        Sentences are the units; O(n^2) time and memory, for documents of up to a few
        thousand sentences."""
        sentences = list(sentences)
        n = len(sentences)
        if n == 0:
            return np.full((1, 1), np.inf)
        ids, offsets = self._text.ids(sentences, self._resolve_tokenized(sentences, tokenized))
        indptr, words, counts, vocabulary, total = _unit_counts(ids, offsets, list(range(n)))
        return _cost_table(indptr, words, counts, vocabulary, total, self.alpha)

    def _limit(self, n_units: int) -> int:
        if self.max_units is None:
            return n_units
        if self.max_units == "auto":
            return n_units if n_units <= AUTO_EXACT_UNITS else AUTO_MAX_UNITS
        return int(self.max_units)


def _unit_counts(
    ids: np.ndarray, offsets: np.ndarray, starts: list[int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int]:
    """Per unit, its distinct stems (local ids) and their counts, in CSR form:
    ``(indptr, stems, counts, number of distinct stems, number of words)``."""
    unit_of_sentence = np.zeros(len(offsets) - 1, dtype=np.int64)
    unit_of_sentence[starts[1:]] = 1
    unit_of_sentence = np.cumsum(unit_of_sentence)
    unit = np.repeat(unit_of_sentence, np.diff(offsets))
    keep = ids >= 0
    unit, stem = unit[keep], ids[keep]
    if stem.size == 0:
        return (
            np.zeros(len(starts) + 1, np.int64),
            np.zeros(0, np.int64),
            np.zeros(0, np.int64),
            0,
            0,
        )
    # Local stem ids in order of first appearance in this document, not of the processor's
    # ids: those depend on what it read before, and the order of the kernel's sums (so a
    # near tie) must not.
    _, first, inverse = np.unique(stem, return_index=True, return_inverse=True)
    rank = np.empty(first.size, dtype=np.int64)
    rank[np.argsort(first, kind="stable")] = np.arange(first.size)
    local = rank[inverse.reshape(-1)]
    vocabulary = int(first.size)
    pairs, counts = np.unique(unit * vocabulary + local, return_counts=True)
    indptr = np.searchsorted(pairs // vocabulary, np.arange(len(starts) + 1))
    return (
        indptr.astype(np.int64),
        pairs % vocabulary,
        counts.astype(np.int64),
        vocabulary,
        int(stem.size),
    )


def _cost_table(
    indptr: np.ndarray,
    words: np.ndarray,
    counts: np.ndarray,
    vocabulary: int,
    total: int,
    alpha: float,
) -> np.ndarray:
    """``out[a, b]``: the cost of the segment of units ``a .. b-1`` (``inf`` unless a < b)."""
    n = len(indptr) - 1
    out = np.full((n + 1, n + 1), np.inf)
    segment_costs(indptr, words, counts, max(vocabulary, 1), n, alpha, n, max(total, 1), out)
    return out


def _total(table: np.ndarray, cuts: list[int]) -> float:
    edges = [0, *cuts, table.shape[0] - 1]
    return float(sum(table[a, b] for a, b in zip(edges, edges[1:])))

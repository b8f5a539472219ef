"""Rows: what the matrix compares.

A :class:`~linseg.compose.Composition` compares sentences by default: the matrix has a
row per sentence. With ``rows=`` it compares other stretches of the text instead --
paragraphs, or Hearst's token-sequences of ``w`` words -- and maps the boundaries found
between rows back to sentence boundaries. A kind of row is a callable
``rows(sentences, tokenized) -> Split``. The composition's band, if any, is then a band
of rows: TextTiling keeps the dot products of token-sequences within ``2 k - 1`` of the
diagonal, all its block comparison reads, so it is linear in the length of the text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from linseg.checks import check_int
from linseg.text.outline import paragraph_starts
from linseg.text.processor import TextProcessor
from linseg.text.rows import WordRows

__all__ = ["Split", "Paragraphs", "TokenSequences", "nearest_break"]


@dataclass
class Split:
    """A document cut into rows.

    ``texts`` are the rows as the measure reads them (space-tokenised when
    ``tokenized``; a :class:`~linseg.text.rows.WordRows` for rows of words, which a text
    processor reads without the strings); ``snap(g)`` is the sentence that starts after
    the gap between row ``g`` and row ``g + 1`` (0 where the document has a single
    sentence: no boundary). ``products``: what the rows add to a result, by the name of
    its field (``gap_words`` for token-sequences).
    """

    texts: Sequence[str]
    tokenized: bool
    snap: Callable[[int], int]
    products: dict[str, Any] = field(default_factory=dict)


class Paragraphs:
    """Each paragraph is a row (sentences whose trailing white space holds a blank line
    end one, as :func:`linseg.segment_text` keeps them); boundaries fall exactly where
    paragraphs start."""

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> Split:
        starts = paragraph_starts(sentences)
        edges = [*starts, len(sentences)]
        texts = [" ".join(sentences[a:b]) for a, b in zip(edges, edges[1:])]
        return Split(texts, tokenized, lambda g: starts[g + 1])


class TokenSequences:
    """Hearst's token-sequences (TextTiling, 1997): the document's words in order, cut
    every ``w`` words (stopwords count towards ``w``; the measure drops them), whatever
    the sentences. The gap after sequence ``g`` lies after word ``(g + 1) w``; it maps to
    the nearest sentence break (a tie goes to the earlier one), as TextTiling snaps its
    boundaries.

    ``language`` decides what a word is (the word test of the language's processor). The
    split's ``texts`` are :class:`~linseg.text.rows.WordRows`, and its products the word
    offset of each gap, ``gap_words`` (the words before it, stopwords included).
    """

    def __init__(self, w: int = 20, language: str = "en") -> None:
        self.w = check_int("w", w)
        self.language = language
        # Every word counts towards w: no stop list, no stemming.
        self._words = TextProcessor((), str, language=language)

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> Split:
        ids, offsets = self._words.ids(sentences, tokenized)
        is_word = ids >= 0
        words = ids[is_word]
        w = self.w
        rows = np.append(np.arange(0, words.size, w), words.size)
        words_before = np.concatenate(([0], np.cumsum(is_word)))
        # float64 once, so that nearest_break reads it without a copy at every snap.
        breaks = words_before[offsets[1:]][:-1].astype(np.float64)
        gap_words = (np.arange(max(len(rows) - 2, 0)) + 1) * w
        return Split(
            WordRows(self._words, words, rows),
            True,
            lambda g: nearest_break(breaks, (g + 1) * w),
            {"gap_words": gap_words},
        )


def nearest_break(breaks: np.ndarray, position: float) -> int:
    """The sentence after the break nearest ``position`` (a tie goes to the earlier
    break); ``breaks[j]`` is the position of the break before sentence ``j + 1``,
    ascending. 0 when there is no break."""
    inner = np.asarray(breaks, dtype=np.float64)
    if inner.size == 0:
        return 0
    j = int(np.searchsorted(inner, position))
    if j == 0:
        best = 0
    elif j >= inner.size:
        best = inner.size - 1
    else:
        best = j if inner[j] - position < position - inner[j - 1] else j - 1
    return best + 1

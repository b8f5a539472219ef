"""Section cues: how likely a writer is to open a section at each paragraph (or sentence)
gap, learned.

Word statistics say where the vocabulary changes; they do not say where a writer starts a
new section. A paragraph that opens "In this section ..." or "There are ..." starts one
more often than a paragraph that opens "This ..." or "Note that ...", and one that shares
few words with the paragraphs before it more often than one that shares many. This is the
multi-source evidence Choi's last paragraph asks for, learned from real documents instead
of listed by hand.

:class:`~linseg.compose.costs.SectionCues` is the segment cost made of them: at the gap before
each paragraph it reads the strings of :func:`gap_features` (the first words of the
paragraph, the last words and mark of the one before, lengths, how many words the two
sides share, paragraph by paragraph and over three paragraphs each side, and, for a model
that reads them, whether either paragraph looks like a title: :func:`title_like`) and sums their
weights in a logistic model. The model's log-odds minus its log-odds at the training base
rate is what a segment ending at that gap gains (as a cost, its negation), so a gap with no
telling cue costs nothing. This module reads the features (:func:`gap_features`) and scores them
(:func:`gap_log_odds`); the tokens, and the features that compare a gap's two sides, are
read in compiled code (``_cues.pyx``), for training and scoring alike.

A text without blank lines has no paragraphs to read; there the same features are read of
its sentences, each sentence a unit, under a second model trained on the same pages with
their blank lines read as spaces (:data:`SENTENCE_MODEL`). The shipped English models
(``data/cues-en.npz`` for paragraph gaps, ``data/cues-en-sentences.npz`` for sentence gaps)
were trained by ``tools/train_cues.py`` on the prose of 1,186 pages of 340 Sphinx manuals
in Debian 12's documentation packages, the paragraph model twice: without the pages'
headings, and with them as plain lines (``data/cues-README.md`` lists the packages and
their licences); none of the sets linseg is evaluated on (python-docs, Django, the headings set,
the paper's corpus and its Brown sources, the held-out sets) is among them.
"""

from __future__ import annotations

import math
import os
import re
import zlib
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from itertools import islice
from pathlib import Path

import numpy as np

from linseg import kernels
from linseg.base import segments_from_boundaries
from linseg.compose.costs.gaps import _GapCost
from linseg.text.outline import paragraph_starts

_cues = kernels.load("linseg.compose.costs._cues")
pair_buckets, paragraph_weights, token_spans = (
    _cues.pair_buckets,
    _cues.paragraph_weights,
    _cues.token_spans,
)

__all__ = [
    "DEFAULT_MODEL",
    "MIN_UNITS",
    "SENTENCE_MODEL",
    "gap_features",
    "gap_log_odds",
    "paragraph_texts",
    "title_like",
    "SectionCues",
]

#: The shipped English models: of paragraph gaps, and of sentence gaps in text without
#: blank lines.
DEFAULT_MODEL = Path(__file__).resolve().parents[2] / "data" / "cues-en.npz"
SENTENCE_MODEL = DEFAULT_MODEL.with_name("cues-en-sentences.npz")

#: A sentence's end mark and the white space after it (a paragraph's sentences are split
#: after the mark).
_SENTENCE_END = re.compile(r"[.!?]\s")
#: Paragraphs each side of a gap whose words the window features compare.
WINDOW = 3
#: Words of the paragraph's first sentence that are features of their own.
FIRST_SENTENCE_WORDS = 25
#: A word counts as content in the overlap features when it is longer than this.
CONTENT_LENGTH = 3
#: A title, as plain text has it: a paragraph of one line, of at most this many words...
TITLE_WORDS = 12
#: ... that does not end as a sentence or a clause does.
_TITLE_ENDS = ".:;,"
#: The fewest units (paragraphs, or sentences) a text needs for its cues to be read: the
#: fewest of any training page. In a shorter text, which the models never saw, one cue
#: could outweigh the little its words say.
MIN_UNITS = 8


class _Paragraph:
    """What the features read of one paragraph, computed once per document: its own
    features as the paragraph after a gap (``opening``, and the words of its first
    sentence, ``first``) and as the one before (``closing``). ``text`` is the paragraph
    stripped, ``lower`` its lower case, and its tokens span ``starts[k]:ends[k]`` of
    ``lower``."""

    __slots__ = ("first", "opening", "closing")

    def __init__(self, text: str, lower: str, starts: list[int], ends: list[int]) -> None:
        n = len(starts)
        head = [lower[a:b] for a, b in zip(starts[:3], ends[:3])]
        tail = [lower[a:b] for a, b in zip(starts[-2:], ends[-2:])]
        # Lower-casing keeps ".", "!", "?" and white space where they were. Only the first
        # sentence's end, and whether there are up to three more, are read.
        marks = _SENTENCE_END.finditer(lower)
        first_end = next(marks, None)
        if first_end is None:
            sentences, in_first = 1, n
        else:
            sentences = 2 + sum(1 for _ in islice(marks, 2))
            # The mark is a token of its own, so no token straddles the sentence's end.
            in_first = bisect_right(ends, first_end.start() + 1)
        k = min(in_first, FIRST_SENTENCE_WORDS)
        self.first = {lower[a:b] for a, b in zip(starts[:k], ends[:k])}
        length = _LENGTH_BUCKET[min(len(text.split()), len(_LENGTH_BUCKET) - 1)]
        self.opening = [
            "f1=" + " ".join(head[:1]),
            "f2=" + " ".join(head[:2]),
            "f3=" + " ".join(head),
            "lb=" + length,
            _SENTENCES[sentences],
        ]
        self.closing = [
            "l1=" + " ".join(tail[-1:]),
            "l2=" + " ".join(tail),
            "pe=" + (text[-1:] or "_"),
            "la=" + length,
        ]


def title_like(text: str) -> bool:
    """Whether a paragraph looks like a title written as plain text: one line of at most
    :data:`TITLE_WORDS` words that does not end in ``.``, ``:``, ``;`` or ``,``. A
    model that reads titles learns what such a paragraph says of the gaps each side of
    it: where headings are plain lines, a section starts before its title, not after."""
    text = text.strip()
    return 0 < len(text.split()) <= TITLE_WORDS and "\n" not in text and text[-1] not in _TITLE_ENDS


#: A paragraph's length bucket by its words (``min(6, int(log2(words + 1)))``), made once.
_LENGTH_BUCKET = [str(min(6, int(math.log2(words + 1)))) for words in range(128)]
_SENTENCES = [f"ns={k}" for k in range(5)]
#: The features that compare a gap's two sides, each family's name and its buckets: where
#: the gap falls on the page (``min(5, int(6 i / n))`` before paragraph ``i`` of ``n``);
#: the share of the paragraph's tokens not among the one's before (``int(5 new / tokens)``);
#: the two paragraphs' Jaccard overlap of content words (longer than
#: :data:`CONTENT_LENGTH`; ``int(10 J)``) and how many they share (at most 5); the overlap
#: of the content words of :data:`WINDOW` paragraphs each side (``int(20 J)``); and the
#: share of the paragraph's content words not among those before (``int(5 new / words)``).
_PAIR_FAMILIES = (("pos", 6), ("new", 6), ("jac", 11), ("ov", 6), ("jac3", 21), ("new3", 6))
_PAIR_STRINGS = [[f"{name}={k}" for k in range(size)] for name, size in _PAIR_FAMILIES]


def _tokens(
    paragraphs: Sequence[str],
) -> tuple[list[str], list[str], tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], np.ndarray]:
    """The paragraphs stripped, their lower case, the tokens of each (``token_spans``:
    ``[A-Za-z][A-Za-z']*|\\d+|[^\\sA-Za-z\\d]`` in the lower case), and the buckets of
    :data:`_PAIR_FAMILIES` at each gap (a row a gap), read in compiled code."""
    texts = [p.strip() for p in paragraphs]
    lowers = [t.lower() for t in texts]
    spans = token_spans(lowers)
    starts, ends, hashes, offsets = spans
    content = np.ascontiguousarray(ends - starts > CONTENT_LENGTH, dtype=np.uint8)
    return texts, lowers, spans, pair_buckets(hashes, offsets, content, WINDOW)


def gap_features(paragraphs: Sequence[str], titles: bool = False) -> list[list[str]]:
    """The feature strings of each gap between ``paragraphs``: entry ``i - 1`` is the gap
    before paragraph ``i`` (``i = 1 .. len - 1``). With ``titles`` (a model that reads
    them), ``ot=1`` where the paragraph after the gap is :func:`title_like` and ``pt=1``
    where the one before is."""
    texts, lowers, (starts, ends, _, offsets), buckets = _tokens(paragraphs)
    s, e, o = starts.tolist(), ends.tolist(), offsets.tolist()
    paras = [
        _Paragraph(text, lower, s[a:b], e[a:b])
        for text, lower, a, b in zip(texts, lowers, o, o[1:])
    ]
    title = [titles and title_like(text) for text in texts]
    return [
        paras[i].opening
        + (["ot=1"] if title[i] else [])
        + ["b:" + t for t in sorted(paras[i].first)]
        + paras[i - 1].closing
        + (["pt=1"] if title[i - 1] else [])
        + [strings[k] for strings, k in zip(_PAIR_STRINGS, row)]
        for i, row in enumerate(buckets.tolist(), 1)
    ]


def paragraph_texts(sentences: Sequence[str], starts: Sequence[int]) -> list[str]:
    """The text of each unit (``starts``: the first sentence of each, 0 first): its
    sentences joined, as :func:`linseg.segment_text` keeps them (each with its trailing
    white space)."""
    return ["".join(unit) for unit in segments_from_boundaries(sentences, starts[1:])]


@lru_cache(maxsize=1 << 16)
def feature_index(feature: str, bits: int) -> int:
    """The slot of ``feature`` in a model of ``2 ** bits`` weights (its CRC-32, masked)."""
    # Cached: the same first words and buckets recur at gap after gap.
    # A lone surrogate (text decoded with "surrogateescape") is hashed as its three bytes.
    return zlib.crc32(feature.encode("utf-8", "surrogatepass")) & ((1 << bits) - 1)


class _Model:
    """A loaded model: its hashed weights, the weight of each bucket of each comparison
    family (:data:`_PAIR_FAMILIES`), its offset (intercept less base rate), and whether
    it reads titles."""

    def __init__(self, weights: np.ndarray, offset: float, bits: int, titles: bool) -> None:
        self.weights = weights
        self.titles = titles
        self.pair = [
            weights[[feature_index(f, bits) for f in strings]] for strings in _PAIR_STRINGS
        ]
        self.offset = offset


@lru_cache(maxsize=4)
def _load(path: str) -> _Model:
    try:
        with np.load(path) as model:
            weights = model["weights"].astype(np.float64)
            offset = float(model["intercept"]) - float(model["base_logit"])
            bits = int(model["bits"])
            # Models written before titles were read have no such entry.
            titles = bool(model["titles"]) if "titles" in model.files else False
    except (OSError, KeyError, ValueError) as exc:
        raise ValueError(f"cannot read a section-cue model from {path}: {exc}") from None
    if weights.shape != (1 << bits,):
        raise ValueError(f"{path}: {weights.size} weights for a model of 2^{bits}")
    return _Model(weights, offset, bits, titles)


def gap_log_odds(
    paragraphs: Sequence[str], model: str | os.PathLike[str] | None = None
) -> np.ndarray:
    """For each gap between ``paragraphs`` (entry ``i - 1``: the gap before paragraph
    ``i``), the log-odds that a section starts there under ``model`` (a file written by
    ``tools/train_cues.py``; None for the shipped English one), less the log-odds of the
    training base rate: 0 where the cues say no more than the base rate does. It is the
    sum of the weights of :func:`gap_features`' strings plus the intercept, less the base
    rate's log-odds.

    The last few documents' scores are kept, so a document segmented twice (with the
    count found, then given it, as ``linseg evaluate`` does) reads its cues once."""
    return _log_odds(tuple(paragraphs), str(model or DEFAULT_MODEL)).copy()


@lru_cache(maxsize=8)
def _log_odds(paragraphs: tuple[str, ...], path: str) -> np.ndarray:
    loaded = _load(path)
    texts, lowers, spans, buckets = _tokens(paragraphs)
    if len(texts) < 2:
        return np.zeros(0)
    # Each paragraph's own features are summed once, not once per gap; in compiled code,
    # at the slots training hashes _Paragraph's strings to.
    opening, closing = paragraph_weights(
        texts,
        lowers,
        *spans,
        loaded.weights,
        FIRST_SENTENCE_WORDS,
        TITLE_WORDS if loaded.titles else 0,
    )
    pairs = np.zeros(len(texts) - 1)
    for table, column in zip(loaded.pair, buckets.T):
        pairs += table[column]
    return loaded.offset + (opening[1:] + closing[:-1] + pairs)


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
    :data:`~linseg.compose.costs.cues.MIN_UNITS` units, shorter than any the models learned
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

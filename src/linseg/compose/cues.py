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
paragraph, the last words and mark of the one before, lengths, and how many words the two
sides share, paragraph by paragraph and over three paragraphs each side) and sums their
weights in a logistic model. The model's log-odds minus its log-odds at the training base
rate is what a segment ending at that gap gains (as a cost, its negation), so a gap with no
telling cue costs nothing. This module reads the features (:func:`gap_features`) and scores them
(:func:`gap_log_odds`).

A text without blank lines has no paragraphs to read; there the same features are read of
its sentences, each sentence a unit, under a second model trained on the same pages with
their blank lines read as spaces (:data:`SENTENCE_MODEL`). The shipped English models
(``data/cues-en.npz`` for paragraph gaps, ``data/cues-en-sentences.npz`` for sentence gaps)
were trained by ``tools/train_cues.py`` on the prose of 1,186 pages of 340 Sphinx manuals
in Debian 12's documentation packages (``data/cues-README.md`` lists them and their
licences); none of the sets linseg is evaluated on (python-docs, Django, the headings set,
the paper's corpus and its Brown sources, the held-out sets) is among them.
"""

from __future__ import annotations

import math
import os
import re
import zlib
from collections.abc import Sequence
from functools import lru_cache
from itertools import islice
from pathlib import Path

import numpy as np

from ..base import segments_from_boundaries

__all__ = [
    "DEFAULT_MODEL",
    "MIN_UNITS",
    "SENTENCE_MODEL",
    "gap_features",
    "gap_log_odds",
    "paragraph_texts",
]

#: The shipped English models: of paragraph gaps, and of sentence gaps in text without
#: blank lines.
DEFAULT_MODEL = Path(__file__).resolve().parent.parent / "data" / "cues-en.npz"
SENTENCE_MODEL = DEFAULT_MODEL.with_name("cues-en-sentences.npz")

_TOKEN = re.compile(r"[A-Za-z][A-Za-z']*|\d+|[^\sA-Za-z\d]")
#: A sentence's end mark and the white space after it (a paragraph's sentences are split
#: after the mark).
_SENTENCE_END = re.compile(r"[.!?]\s")
#: Paragraphs each side of a gap whose words the window features compare.
WINDOW = 3
#: Words of the paragraph's first sentence that are features of their own.
FIRST_SENTENCE_WORDS = 25
#: A word counts as content in the overlap features when it is longer than this.
CONTENT_LENGTH = 3
#: The fewest units (paragraphs, or sentences) a text needs for its cues to be read: the
#: fewest of any training page. In a shorter text, which the models never saw, one cue
#: could outweigh the little its words say.
MIN_UNITS = 8


class _Paragraph:
    """What the features read of one paragraph, computed once per document: its own
    features as the paragraph after a gap (``opening``, and the words of its first
    sentence, ``first``) and as the one before (``closing``), and what the gap features
    compare."""

    __slots__ = ("tokens", "token_set", "content", "first", "opening", "closing")

    def __init__(self, text: str) -> None:
        text = text.strip()
        lower = text.lower()
        self.tokens = tokens = _TOKEN.findall(lower)
        self.token_set = token_set = set(tokens)
        self.content = {t for t in token_set if len(t) > CONTENT_LENGTH}
        # Lower-casing keeps ".", "!", "?" and white space where they were. Only the first
        # sentence's end, and whether there are up to three more, are read.
        ends = _SENTENCE_END.finditer(lower)
        first_end = next(ends, None)
        if first_end is None:
            sentences, first = 1, tokens
        else:
            sentences = 2 + sum(1 for _ in islice(ends, 2))
            first = _TOKEN.findall(lower, 0, first_end.start() + 1)
        self.first = set(first[:FIRST_SENTENCE_WORDS])
        length = _LENGTH_BUCKET[min(len(text.split()), len(_LENGTH_BUCKET) - 1)]
        self.opening = [
            "f1=" + " ".join(tokens[:1]),
            "f2=" + " ".join(tokens[:2]),
            "f3=" + " ".join(tokens[:3]),
            "lb=" + length,
            _SENTENCES[sentences],
        ]
        self.closing = [
            "l1=" + " ".join(tokens[-1:]),
            "l2=" + " ".join(tokens[-2:]),
            "pe=" + (text[-1:] or "_"),
            "la=" + length,
        ]


#: A paragraph's length bucket by its words (``min(6, int(log2(words + 1)))``), made once.
_LENGTH_BUCKET = [str(min(6, int(math.log2(words + 1)))) for words in range(128)]
_SENTENCES = [f"ns={k}" for k in range(5)]
#: The features that compare a gap's two sides: each family's name and its buckets.
_PAIR_FAMILIES = (("pos", 6), ("new", 6), ("jac", 11), ("ov", 6), ("jac3", 21), ("new3", 6))
_PAIR_STRINGS = [[f"{name}={k}" for k in range(size)] for name, size in _PAIR_FAMILIES]


def _overlap(a: set[str], b: set[str], shared: int) -> float:
    """Jaccard's overlap of ``a`` and ``b``, which have ``shared`` members in common."""
    return shared / max(1, len(a) + len(b) - shared)


def _pair_buckets(paras: Sequence[_Paragraph]) -> list[tuple[int, ...]]:
    """For the gap before each of ``paras[1:]``, the bucket of each family of
    :data:`_PAIR_FAMILIES`: where the gap falls on the page, the share of the paragraph's
    tokens new after the one before, the two paragraphs' Jaccard overlap of content words
    and how many they share, and the same over :data:`WINDOW` paragraphs each side."""
    n = len(paras)
    # The content words of each run of WINDOW paragraphs, from each paragraph on: the
    # side after a gap, and (ending there) the side before a later gap.
    windows = [set().union(*(p.content for p in paras[i : i + WINDOW])) for i in range(n)]
    out: list[tuple[int, ...]] = []
    for i in range(1, n):
        prev, cur = paras[i - 1], paras[i]
        n_tokens = len(cur.tokens)
        seen = sum(map(prev.token_set.__contains__, cur.tokens))
        shared = len(prev.content & cur.content)
        if i >= WINDOW:
            before = windows[i - WINDOW]
        else:
            before = set().union(*(p.content for p in paras[:i]))
        after = windows[i]
        across = len(before & after)
        out.append(
            (
                min(5, int(6 * i / n)),
                int(5 * (n_tokens - seen) / max(1, n_tokens)),
                int(10 * _overlap(prev.content, cur.content, shared)),
                min(5, shared),
                int(20 * _overlap(before, after, across)),
                int(5 * len(cur.content - before) / max(1, len(cur.content))),
            )
        )
    return out


def gap_features(paragraphs: Sequence[str]) -> list[list[str]]:
    """The feature strings of each gap between ``paragraphs``: entry ``i - 1`` is the gap
    before paragraph ``i`` (``i = 1 .. len - 1``)."""
    paras = [_Paragraph(p) for p in paragraphs]
    return [
        paras[i].opening
        + ["b:" + t for t in sorted(paras[i].first)]
        + paras[i - 1].closing
        + [strings[k] for strings, k in zip(_PAIR_STRINGS, buckets)]
        for i, buckets in enumerate(_pair_buckets(paras), 1)
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
    return zlib.crc32(feature.encode("utf-8")) & ((1 << bits) - 1)


class _Weights(dict[str, float]):
    """A model's weight of each feature string (after ``prefix``), hashed once and then
    looked up."""

    #: Strings kept before the lookup starts afresh (a bound on its memory).
    LIMIT = 1 << 18

    def __init__(self, weights: np.ndarray, bits: int, prefix: str = "") -> None:
        super().__init__()
        self.weights = weights
        self.mask = (1 << bits) - 1
        self.prefix = prefix

    def __missing__(self, feature: str) -> float:
        if len(self) >= self.LIMIT:
            self.clear()
        # feature_index's hash, without its cache: a string missed here is new to this
        # lookup, and most are met once (a paragraph's first words).
        slot = zlib.crc32((self.prefix + feature).encode("utf-8")) & self.mask
        weight = self[feature] = float(self.weights[slot])
        return weight


class _Model:
    """A loaded model: its weights by feature string, by first-sentence word (the ``b:``
    features, looked up by the word alone), of each bucket of each comparison family
    (:data:`_PAIR_FAMILIES`), and its offset (intercept less base rate)."""

    def __init__(self, weights: np.ndarray, offset: float, bits: int) -> None:
        self.weight = _Weights(weights, bits)
        self.first_word = _Weights(weights, bits, "b:")
        self.pair = [[self.weight[f] for f in strings] for strings in _PAIR_STRINGS]
        self.offset = offset


@lru_cache(maxsize=4)
def _load(path: str) -> _Model:
    try:
        with np.load(path) as model:
            weights = model["weights"].astype(np.float64)
            offset = float(model["intercept"]) - float(model["base_logit"])
            bits = int(model["bits"])
    except (OSError, KeyError, ValueError) as exc:
        raise ValueError(f"cannot read a section-cue model from {path}: {exc}") from None
    if weights.shape != (1 << bits,):
        raise ValueError(f"{path}: {weights.size} weights for a model of 2^{bits}")
    return _Model(weights, offset, bits)


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
    paras = [_Paragraph(p) for p in paragraphs]
    if len(paras) < 2:
        return np.zeros(0)
    weight, first_word = loaded.weight.__getitem__, loaded.first_word.__getitem__
    # A paragraph's own features are summed once, not once per string at every gap.
    opening = [sum(map(weight, p.opening)) + sum(map(first_word, p.first)) for p in paras[1:]]
    closing = [sum(map(weight, p.closing)) for p in paras[:-1]]
    tables = loaded.pair
    pairs = [
        sum([table[k] for table, k in zip(tables, buckets)]) for buckets in _pair_buckets(paras)
    ]
    return loaded.offset + (np.array(opening) + np.array(closing) + np.array(pairs))

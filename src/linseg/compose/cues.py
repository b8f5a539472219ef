"""Section cues: how likely a writer is to open a section at each paragraph gap, learned.

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
(:func:`gap_log_odds`). The shipped English model (``data/cues-en.npz``) was trained by
``tools/train_cues.py`` on the prose of 1,186 pages of 340 Sphinx manuals in Debian 12's
documentation packages (``data/cues-README.md`` lists them and their licences); none of the
sets linseg is evaluated on (python-docs, Django, the headings set, the paper's corpus, the
held-out sets) is among them.
"""

from __future__ import annotations

import math
import os
import re
import zlib
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

__all__ = ["gap_features", "gap_log_odds", "paragraph_texts"]

#: The shipped English model.
DEFAULT_MODEL = Path(__file__).resolve().parent.parent / "data" / "cues-en.npz"

_TOKEN = re.compile(r"[A-Za-z][A-Za-z']*|\d+|[^\sA-Za-z\d]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
#: Paragraphs each side of a gap whose words the window features compare.
WINDOW = 3
#: Words of the paragraph's first sentence that are features of their own.
FIRST_SENTENCE_WORDS = 25
#: A word counts as content in the overlap features when it is longer than this.
CONTENT_LENGTH = 3


class _Paragraph:
    """What the features read of one paragraph, computed once per document: its own
    features as the paragraph after a gap (``opening``) and as the one before
    (``closing``), and what the gap features compare."""

    __slots__ = ("tokens", "token_set", "content", "opening", "closing")

    def __init__(self, text: str) -> None:
        text = text.strip()
        lower = text.lower()
        self.tokens = _TOKEN.findall(lower)
        self.token_set = set(self.tokens)
        self.content = {t for t in self.token_set if len(t) > CONTENT_LENGTH}
        # Lower-casing keeps ".", "!", "?" and white space where they were.
        parts = _SENTENCE_END.split(lower)
        first = _TOKEN.findall(parts[0]) if len(parts) > 1 else self.tokens
        words = len(text.split())
        self.opening = [f"f{k}=" + " ".join(self.tokens[:k]) for k in (1, 2, 3)]
        self.opening += ["b:" + t for t in sorted(set(first[:FIRST_SENTENCE_WORDS]))]
        self.opening.append(f"lb={_length_bucket(words)}")
        self.opening.append(f"ns={min(4, len(parts))}")
        self.closing = [f"l{k}=" + " ".join(self.tokens[-k:]) for k in (1, 2)]
        self.closing.append("pe=" + (text[-1:] or "_"))
        self.closing.append(f"la={_length_bucket(words)}")


def _length_bucket(words: int) -> int:
    return min(6, int(math.log2(words + 1)))


def _overlap(a: set[str], b: set[str], shared: int | None = None) -> float:
    """Jaccard's overlap of ``a`` and ``b`` (``shared``: ``len(a & b)``, if known)."""
    if shared is None:
        shared = len(a & b)
    return shared / max(1, len(a) + len(b) - shared)


def _pair_features(paras: Sequence[_Paragraph], i: int) -> list[str]:
    """The features of the gap before ``paras[i]`` that compare its two sides."""
    prev, cur = paras[i - 1], paras[i]
    seen = sum(map(prev.token_set.__contains__, cur.tokens))
    fresh = (len(cur.tokens) - seen) / max(1, len(cur.tokens))
    shared = len(prev.content & cur.content)
    before = set().union(*(p.content for p in paras[max(0, i - WINDOW) : i]))
    after = set().union(*(p.content for p in paras[i : i + WINDOW]))
    return [
        f"pos={min(5, int(6 * i / len(paras)))}",
        f"new={int(5 * fresh)}",
        f"jac={int(10 * _overlap(prev.content, cur.content, shared))}",
        f"ov={min(5, shared)}",
        f"jac3={int(20 * _overlap(before, after))}",
        f"new3={int(5 * len(cur.content - before) / max(1, len(cur.content)))}",
    ]


def gap_features(paragraphs: Sequence[str]) -> list[list[str]]:
    """The feature strings of each gap between ``paragraphs``: entry ``i - 1`` is the gap
    before paragraph ``i`` (``i = 1 .. len - 1``)."""
    paras = [_Paragraph(p) for p in paragraphs]
    return [
        paras[i].opening + paras[i - 1].closing + _pair_features(paras, i)
        for i in range(1, len(paras))
    ]


def paragraph_texts(sentences: Sequence[str], starts: Sequence[int]) -> list[str]:
    """The text of each unit: its sentences joined, as :func:`linseg.segment_text` keeps
    them (each with its trailing white space)."""
    edges = [*starts, len(sentences)]
    return ["".join(sentences[a:b]) for a, b in zip(edges, edges[1:])]


@lru_cache(maxsize=1 << 16)
def feature_index(feature: str, bits: int) -> int:
    """The slot of ``feature`` in a model of ``2 ** bits`` weights (its CRC-32, masked)."""
    # Cached: the same first words and buckets recur at gap after gap.
    return zlib.crc32(feature.encode("utf-8")) & ((1 << bits) - 1)


class _Weights(dict[str, float]):
    """A model's weight of each feature string, hashed once and then looked up."""

    #: Strings kept before the lookup starts afresh (a bound on its memory).
    LIMIT = 1 << 18

    def __init__(self, weights: np.ndarray, offset: float, bits: int) -> None:
        super().__init__()
        self.weights = weights
        self.offset = offset
        self.bits = bits

    def __missing__(self, feature: str) -> float:
        if len(self) >= self.LIMIT:
            self.clear()
        weight = self[feature] = float(self.weights[feature_index(feature, self.bits)])
        return weight


@lru_cache(maxsize=4)
def _load(path: str) -> _Weights:
    try:
        with np.load(path) as model:
            weights = model["weights"].astype(np.float64)
            offset = float(model["intercept"]) - float(model["base_logit"])
            bits = int(model["bits"])
    except (OSError, KeyError, ValueError) as exc:
        raise ValueError(f"cannot read a section-cue model from {path}: {exc}") from None
    if weights.shape != (1 << bits,):
        raise ValueError(f"{path}: {weights.size} weights for a model of 2^{bits}")
    return _Weights(weights, offset, bits)


def gap_log_odds(
    paragraphs: Sequence[str], model: str | os.PathLike[str] | None = None
) -> np.ndarray:
    """For each gap between ``paragraphs`` (entry ``i - 1``: the gap before paragraph
    ``i``), the log-odds that a section starts there under ``model`` (a file written by
    ``tools/train_cues.py``; None for the shipped English one), less the log-odds of the
    training base rate: 0 where the cues say no more than the base rate does. It is the
    sum of the weights of :func:`gap_features`' strings plus the intercept, less the base
    rate's log-odds."""
    model_weights = _load(str(model or DEFAULT_MODEL))
    paras = [_Paragraph(p) for p in paragraphs]
    if len(paras) < 2:
        return np.zeros(0)
    weight = model_weights.__getitem__
    # A paragraph's own features are summed once, not once per string at every gap.
    opening = np.array([sum(map(weight, p.opening)) for p in paras[1:]])
    closing = np.array([sum(map(weight, p.closing)) for p in paras[:-1]])
    pairs = [sum(map(weight, _pair_features(paras, i))) for i in range(1, len(paras))]
    return model_weights.offset + (opening + closing + np.array(pairs))

"""A small offline part-of-speech tagger, for Kan's Segmenter (noun phrases, pronouns).

A first-order hidden Markov model over a coarse tag set, trained once from the tagged
Brown corpus by ``tools/train_tagger.py`` and shipped as ``data/brown-tagger.tsv.gz``
(no download at run time). Known words use their tag counts in the training text;
unknown words are judged by shape (capitalised, digits, hyphen) and suffix, learnt from
the words seen once in training. Decoding is Viterbi in compiled code.

The scores follow the usual discriminative-emission trick:
``log P(t_i | t_{i-1}) + log P(t_i | w_i) - log P(t_i)``.
"""

from __future__ import annotations

import gzip
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources

import numpy as np

from linseg import kernels

viterbi = kernels.load("linseg.text._tagger").viterbi


__all__ = ["TAGS", "Tagger", "default_tagger", "coarse_tag", "word_class"]

TAGS = (
    "NOUN",
    "PROPN",
    "PRON",
    "DET",
    "ADJ",
    "NUM",
    "VERB",
    "ADV",
    "ADP",
    "CONJ",
    "PRT",
    "PUNCT",
    "X",
)
_TAG_INDEX = {t: i for i, t in enumerate(TAGS)}

# Brown tag (lower case, after removing -tl/-hl/-nc, fw- and negation '*') -> coarse tag.
_BROWN = {
    "nn": "NOUN",
    "nns": "NOUN",
    "nn$": "NOUN",
    "nns$": "NOUN",
    "nr": "NOUN",
    "nrs": "NOUN",
    "nr$": "NOUN",
    "np": "PROPN",
    "nps": "PROPN",
    "np$": "PROPN",
    "nps$": "PROPN",
    "pn": "PRON",
    "pn$": "PRON",
    "pp$": "PRON",
    "pp$$": "PRON",
    "ppl": "PRON",
    "ppls": "PRON",
    "ppo": "PRON",
    "pps": "PRON",
    "ppss": "PRON",
    "wp$": "PRON",
    "wpo": "PRON",
    "wps": "PRON",
    "ex": "PRON",
    "at": "DET",
    "ap": "DET",
    "ap$": "DET",
    "abn": "DET",
    "abx": "DET",
    "abl": "DET",
    "dt": "DET",
    "dti": "DET",
    "dts": "DET",
    "dtx": "DET",
    "dt$": "DET",
    "wdt": "DET",
    "jj": "ADJ",
    "jjr": "ADJ",
    "jjs": "ADJ",
    "jjt": "ADJ",
    "cd": "NUM",
    "od": "NUM",
    "cd$": "NUM",
    "rb": "ADV",
    "rbr": "ADV",
    "rbt": "ADV",
    "rb$": "ADV",
    "rn": "ADV",
    "ql": "ADV",
    "qlp": "ADV",
    "wql": "ADV",
    "wrb": "ADV",
    "in": "ADP",
    "cc": "CONJ",
    "cs": "CONJ",
    "to": "PRT",
    "rp": "PRT",
    "uh": "X",
    "nil": "X",
    "md": "VERB",
}
_PUNCT = set(".,:;()'`\"-!?") | {"``", "''", "--", "(", ")"}


def coarse_tag(brown_tag: str) -> str:
    """Map a Brown corpus tag (e.g. ``nns-tl``, ``ppss+md``, ``fw-nn``) to :data:`TAGS`."""
    t = brown_tag.lower()
    if t.startswith("fw-"):
        t = t[3:]
    t = t.split("+", 1)[0]
    for suffix in ("-tl", "-hl", "-nc"):
        t = t.replace(suffix, "")
    if t.endswith("*") and len(t) > 1:
        t = t[:-1]
    if t in _BROWN:
        return _BROWN[t]
    if t[:2] in ("vb", "be", "do", "hv"):
        return "VERB"
    if t and all(c in _PUNCT or c == "*" for c in t):
        return "PUNCT"
    return "X"


def word_class(word: str) -> list[str]:
    """Back-off keys for an unknown word, most specific first: shape + suffixes."""
    if any(c.isdigit() for c in word):
        shape = "digit"
    elif not any(c.isalpha() for c in word):
        shape = "punct"
    elif word[0].isupper():
        shape = "cap"
    elif "-" in word:
        shape = "hyph"
    else:
        shape = "low"
    low = word.lower()
    keys = [f"{shape}:{low[-n:]}" for n in (3, 2, 1) if len(low) > n]
    keys.append(shape)
    return keys


class Tagger:
    """HMM tagger. ``lexicon``: word -> tag-count vector; ``classes``: unknown-word key
    -> tag-count vector; ``transitions``: (n_tags + 1) x n_tags counts, last row = start."""

    def __init__(
        self,
        lexicon: dict[str, np.ndarray],
        classes: dict[str, np.ndarray],
        transitions: np.ndarray,
    ) -> None:
        n = len(TAGS)
        tr = np.asarray(transitions, dtype=np.float64) + 0.5
        self._log_trans = np.ascontiguousarray(np.log(tr / tr.sum(axis=1, keepdims=True)))
        tag_totals = sum(lexicon.values(), np.zeros(n)) + 1.0
        self._log_prior = np.log(tag_totals / tag_totals.sum())
        self._lexicon = lexicon
        self._classes = classes
        self._cache: dict[str, np.ndarray] = {}

    def _emission(self, word: str) -> np.ndarray:
        row = self._cache.get(word)
        if row is not None:
            return row
        counts = self._lexicon.get(word)
        if counts is None and word[:1].isupper():
            low = self._lexicon.get(word.lower())
            if low is not None:  # a capitalised common word: keep its tags, allow PROPN
                counts = low.copy()
                counts[_TAG_INDEX["PROPN"]] += 0.5
        if counts is None:
            for key in word_class(word):
                counts = self._classes.get(key)
                if counts is not None:
                    break
            else:
                counts = np.ones(len(TAGS))
        p = (counts + 0.01) / (counts.sum() + 0.01 * len(TAGS))
        row = np.log(p) - self._log_prior
        self._cache[word] = row
        return row

    def tag(self, tokens: Sequence[str]) -> list[str]:
        """Tags of one sentence's tokens."""
        return [TAGS[i] for i in self.tag_ids(tokens)]

    def tag_ids(self, tokens: Sequence[str]) -> np.ndarray:
        if not tokens:
            return np.zeros(0, dtype=np.int64)
        emit = np.stack([self._emission(t) for t in tokens])
        return viterbi(emit, self._log_trans)


def load_tagger(path=None) -> Tagger:
    """Read a model written by ``tools/train_tagger.py`` (default: the shipped one)."""
    if path is None:
        raw = resources.files("linseg").joinpath("data/brown-tagger.tsv.gz").read_bytes()
    else:
        with open(path, "rb") as fh:
            raw = fh.read()
    lexicon: dict[str, np.ndarray] = {}
    classes: dict[str, np.ndarray] = {}
    trans = np.zeros((len(TAGS) + 1, len(TAGS)))
    for line in gzip.decompress(raw).decode("utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        kind, key, counts = line.split("\t")
        vec = np.zeros(len(TAGS))
        for item in counts.split(","):
            tag, _, c = item.partition(":")
            vec[_TAG_INDEX[tag]] = float(c)
        if kind == "w":
            lexicon[key] = vec
        elif kind == "c":
            classes[key] = vec
        elif kind == "t":
            trans[len(TAGS) if key == "<s>" else _TAG_INDEX[key]] = vec
    return Tagger(lexicon, classes, trans)


@lru_cache(maxsize=1)
def default_tagger() -> Tagger:
    """The shipped Brown-trained tagger (loaded once)."""
    return load_tagger()

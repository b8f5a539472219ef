"""Kan, Klavans and McKeown's Segmenter (1998): term links over noun phrases and pronouns.

The paper's Experiment 4 (Table 5, rows K98_(j) and K98_(j,a)). The pipeline::

    sentences --tagger--> coarse POS tags --> simplex noun phrases and pronouns = terms
              --> occurrences of a term linked while consecutive ones are close enough
                  (K98: a fixed distance per term type; K98_a: mean + c x sd of this
                  document's link distances)
              --> each chain (>= 2 occurrences) weights the unit where it starts (front),
                  the units it spans (during) and the unit after it ends (rear)
              --> zero-sum normalisation --> a boundary at the highest unit of each run
                  of positive scores

Terms: a simplex noun phrase is a maximal run of determiners, adjectives, numbers and
nouns ending in a noun. A phrase whose head is a proper noun is a *proper* term (its
proper nouns, lower-cased and joined); any other is a *common* term (the stem of its
head noun), so "the old mill" and "mills" link. Pronouns are folded by person and number
("he", "him", "his" are one term). Choi's corpus has no paragraphs, so a unit is a
sentence, as in the paper's re-implementation.

Weights and link distances per term type, from Kan et al.'s description: common and
proper noun phrases front 10, during -3, rear 8; pronouns front 1, during -1, rear 13;
fixed link distances 4 (common), 8 (proper) and 0 (pronoun) units.

It is the one registered method that is not a :class:`~linseg.compose.Composition`: its
evidence is a score per sentence from chains of terms (where each starts, runs and ends,
weighed by the kind of term, with links broken by a distance the document itself may
set), not a similarity between two sentences. A matrix for it would hold, for each pair
of sentences, the chains of each kind that start at one and end at the other, only for a
strategy to sum them back into that score; and its strategy, a boundary at the highest
sentence of each run of positive scores, reads a series, not a matrix.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from linseg.base import Segmentation, Segmenter, serial
from linseg.checks import check_flag, check_number
from linseg.chunks.bounds import SizeUnit
from linseg.text.processor import Stemmer, TextProcessor, tokenize_raw
from linseg.text.tagger import TAGS, Tagger, default_tagger

__all__ = [
    "KanSegmenter",
    "KanResult",
    "Term",
    "extract_terms",
    "chains",
    "unit_scores",
    "TERM_TYPES",
    "DEFAULT_WEIGHTS",
    "DEFAULT_DISTANCES",
]

TERM_TYPES = ("common", "proper", "pronoun")
# (front, during, rear) for each term type.
DEFAULT_WEIGHTS = {
    "common": (10.0, -3.0, 8.0),
    "proper": (10.0, -3.0, 8.0),
    "pronoun": (1.0, -1.0, 13.0),
}
DEFAULT_DISTANCES = {"common": 4, "proper": 8, "pronoun": 0}

_T = {t: i for i, t in enumerate(TAGS)}
_NP_BODY = {_T["DET"], _T["ADJ"], _T["NUM"], _T["NOUN"], _T["PROPN"]}
_NOUNS = {_T["NOUN"], _T["PROPN"]}
# Personal pronouns by person and number; other pronoun-tagged words (who, it's "there")
# carry no referent of their own.
_PRONOUN = {}
for _group in (
    ("i", "me", "my", "mine", "myself"),
    ("we", "us", "our", "ours", "ourselves"),
    ("you", "your", "yours", "yourself", "yourselves"),
    ("he", "him", "his", "himself"),
    ("she", "her", "hers", "herself"),
    ("it", "its", "itself"),
    ("they", "them", "their", "theirs", "themselves"),
):
    for _w in _group:
        _PRONOUN[_w] = _group[0]


@dataclass(frozen=True)
class Term:
    """One occurrence of a term: the unit (sentence) it is in, its key and type."""

    unit: int
    key: str
    kind: str


@dataclass
class KanResult(Segmentation):
    """A Segmenter segmentation with its intermediate results.

    Attributes (beyond :class:`~linseg.base.Segmentation`)
    ------------------------------------------------------
    terms:
        Every term occurrence found.
    links:
        Chains as ``(key, kind, first unit, last unit)`` (at least two occurrences).
    threshold:
        The link distance used (K98_a: mean + c x sd of the document's link distances;
        None for the fixed model, whose distances are per type).
    scores:
        Zero-sum score of each unit; a boundary before unit ``i`` needs ``scores[i] > 0``.
    """

    terms: list[Term] = field(default_factory=list)
    links: list[tuple[str, str, int, int]] = field(default_factory=list)
    threshold: float | None = None
    scores: np.ndarray | None = None


def extract_terms(
    tagged: Sequence[Sequence[tuple[str, str]]], stem: Stemmer | TextProcessor
) -> list[Term]:
    """Terms of each unit from its ``(token, tag)`` pairs (tags from :data:`TAGS`).

    ``stem``: a stemmer, or a :class:`~linseg.text.processor.TextProcessor` whose memoised word test
    and stems carry over from document to document.
    """
    text = stem if isinstance(stem, TextProcessor) else TextProcessor((), stem)
    stem_of = text.stem_token  # None for a token that is not a word
    out: list[Term] = []
    for unit, sent in enumerate(tagged):
        i, n = 0, len(sent)
        while i < n:
            word, tag = sent[i]
            if tag == "PRON":
                key = _PRONOUN.get(word.lower())
                if key is not None:
                    out.append(Term(unit, key, "pronoun"))
                i += 1
                continue
            if _T[tag] not in _NP_BODY or stem_of(word) is None:
                i += 1
                continue
            j = i
            while j < n and _T[sent[j][1]] in _NP_BODY and stem_of(sent[j][0]) is not None:
                j += 1
            # The phrase ends at its last noun; words after it start the next look.
            last = max((m for m in range(i, j) if _T[sent[m][1]] in _NOUNS), default=-1)
            if last < 0:
                i = j
                continue
            if sent[last][1] == "PROPN":
                first = last
                while first > i and sent[first - 1][1] == "PROPN":
                    first -= 1
                key = " ".join(w.lower() for w, _ in sent[first : last + 1])
                out.append(Term(unit, key, "proper"))
            else:
                head = stem_of(sent[last][0])
                assert head is not None  # the noun phrase's words all passed stem_of above
                out.append(Term(unit, head, "common"))
            i = last + 1
    return out


def chains(terms: Sequence[Term], max_gap: dict[str, float]) -> list[tuple[str, str, int, int]]:
    """Link each term's occurrences while consecutive units are at most ``max_gap[kind]``
    apart; every run of two or more linked units is a chain ``(key, kind, first, last)``."""
    units: dict[tuple[str, str], list[int]] = {}
    for t in terms:
        units.setdefault((t.key, t.kind), []).append(t.unit)
    out = []
    for (key, kind), us in units.items():
        us = sorted(set(us))
        start = prev = us[0]
        for u in us[1:] + [None]:
            if u is not None and u - prev <= max_gap[kind]:
                prev = u
                continue
            if prev > start:
                out.append((key, kind, start, prev))
            if u is not None:
                start = prev = u
    out.sort(key=lambda c: (c[2], c[3], c[0]))
    return out


def link_distances(terms: Sequence[Term]) -> np.ndarray:
    """Distances in units between consecutive occurrences (in distinct units) of each term."""
    units: dict[tuple[str, str], set[int]] = {}
    for t in terms:
        units.setdefault((t.key, t.kind), set()).add(t.unit)
    d = [b - a for us in units.values() for a, b in zip(sorted(us), sorted(us)[1:])]
    return np.asarray(d, dtype=np.float64)


def unit_scores(
    links: Sequence[tuple[str, str, int, int]],
    n_units: int,
    weights: dict[str, tuple[float, float, float]],
) -> np.ndarray:
    """Each unit's summed weight, shifted so the scores sum to zero.

    A chain over units ``a..b`` adds *front* to unit ``a`` (a term starts: a segment may
    start here), *during* to ``a+1..b`` (the term is still in use: no boundary inside)
    and *rear* to ``b+1`` (the term has been dropped: a new segment may start).
    """
    s = np.zeros(n_units, dtype=np.float64)
    for _, kind, a, b in links:
        front, during, rear = weights[kind]
        s[a] += front
        s[a + 1 : b + 1] += during
        if b + 1 < n_units:
            s[b + 1] += rear
    if n_units:
        s -= s.mean()
    return s


class KanSegmenter(Segmenter):
    """Kan, Klavans and McKeown's Segmenter (1998), as re-implemented in the paper.

    Parameters
    ----------
    adaptive:
        False: the fixed distance model (K98); True: break links longer than
        ``mean + c x sd`` of this document's link distances (K98_a).
    c:
        The coefficient of the adaptive threshold (1 in the paper).
    distances:
        Fixed link distances per term type, in units (see :data:`DEFAULT_DISTANCES`).
    weights:
        ``(front, during, rear)`` per term type (see :data:`DEFAULT_WEIGHTS`).
    stemmer:
        Reduces common nouns to a key; None for the Porter stemmer.
    tagger:
        A :class:`~linseg.text.tagger.Tagger`; None for the shipped Brown-trained model.
    tokenized:
        Whether sentences are already tokenised (None guesses, as C99).
    """

    name = "kan"

    def __init__(
        self,
        adaptive: bool = False,
        c: float = 1.0,
        distances: dict[str, int] | None = None,
        weights: dict[str, tuple[float, float, float]] | None = None,
        stemmer: Stemmer | None = None,
        tagger: Tagger | None = None,
        tokenized: bool | None = None,
        *,
        language: str = "auto",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        super().__init__(
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
            stemmer=stemmer,
            tokenized=tokenized,
        )
        self.adaptive = check_flag("adaptive", adaptive)
        self.c = check_number("c", c)
        self.distances = dict(DEFAULT_DISTANCES if distances is None else distances)
        self.weights = dict(DEFAULT_WEIGHTS if weights is None else weights)
        for kind in TERM_TYPES:
            if kind not in self.distances or kind not in self.weights:
                raise ValueError(f"distances and weights need an entry for {kind!r}")
            if self.distances[kind] < 0:
                raise ValueError(f"link distance for {kind!r} must be >= 0")
        self.tagger = tagger
        # No stop list: the tagger, not a word list, decides what is a noun.
        self._text = TextProcessor((), stemmer, language=self.text_language)

    def segment(self, sentences: Sequence[str], n_segments: int | None = None) -> KanResult:
        """Segment a list of sentences; ``n_segments`` takes the highest-scoring units."""
        return super().segment(sentences, n_segments)  # type: ignore[return-value]

    @serial
    def tag(
        self, sentences: Sequence[str], tokenized: bool | None = None
    ) -> list[list[tuple[str, str]]]:
        """``[(token, tag), ...]`` for each sentence."""
        tokenized = self._resolve_tokenized(sentences, tokenized)
        tagger = self.tagger or default_tagger()
        out = []
        for s in sentences:
            toks = s.split() if tokenized else tokenize_raw(s)
            out.append(list(zip(toks, tagger.tag(toks))))
        return out

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> KanResult:
        terms = extract_terms(self.tag(sentences, tokenized), self._text)
        threshold = None
        max_gap: dict[str, float] = dict(self.distances)
        if self.adaptive:
            d = link_distances(terms)
            threshold = float(d.mean() + self.c * d.std()) if d.size else 0.0
            max_gap = {kind: threshold for kind in TERM_TYPES}
        links = chains(terms, max_gap)
        scores = unit_scores(links, len(sentences), self.weights)
        return KanResult(
            sentences=sentences,
            boundaries=_boundaries(scores, n_segments),
            n_segments_requested=n_segments,
            terms=terms,
            links=links,
            threshold=threshold,
            scores=scores,
        )


def _boundaries(scores: np.ndarray, n_segments: int | None) -> list[int]:
    """Automatic: the highest unit (leftmost among equals) of each run of positive scores,
    unit 0 excluded. Known count: the ``n_segments - 1`` highest units, unit 0 excluded."""
    n = scores.size
    if n < 2:
        return []
    if n_segments is not None:
        order = np.argsort(-scores[1:], kind="stable") + 1
        return sorted(int(i) for i in order[: n_segments - 1])
    out = []
    i = 1
    while i < n:
        if scores[i] > 0:
            j = i
            while j < n and scores[j] > 0:
                j += 1
            out.append(i + int(np.argmax(scores[i:j])))
            i = j
        else:
            i += 1
    return out

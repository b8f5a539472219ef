"""TextTiling: a hand-derived case, NLTK cross-check, the paper's corpus, properties."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg.methods import create, get
from linseg.methods.texttiling import TextTiling, depth_scores, moving_average

# Six two-word sentences: w = 2 makes each sentence one token-sequence.
HAND = [
    "apple banana",
    "apple banana",
    "apple banana",
    "cherry grape",
    "cherry grape",
    "cherry grape",
]


def hand_segmenter(**kw) -> TextTiling:
    params = dict(
        w=2,
        k=2,
        smoothing_window=3,
        smoothing_rounds=1,
        min_separation=2,
        stopwords=(),
        stemmer=str,
        tokenized=True,
    )
    params.update(kw)
    return TextTiling(**params)


def test_hand_built_document():
    r = hand_segmenter().segment(HAND)
    # Blocks b = min(k, g+1, 5-g): g0 {ab}|{ab} = 1; g1 {a2 b2}|{a b c g} = 4/sqrt(8*4);
    # g2 {a2 b2}|{c2 g2} = 0; g3 mirrors g1; g4 mirrors g0.
    h = 1 / math.sqrt(2)
    assert r.gap_scores == pytest.approx([1, h, 0, h, 1], abs=1e-15)
    # Moving average of 3, truncated at the ends.
    sm = [(1 + h) / 2, (1 + h) / 3, 2 * h / 3, (1 + h) / 3, (1 + h) / 2]
    assert r.smoothed == pytest.approx(sm, abs=1e-15)
    # Depth: g2 climbs to the ends on both sides; g1/g3 climb one side only.
    d = [0.0, sm[0] - sm[1], 2 * (sm[0] - sm[2]), sm[0] - sm[1], 0.0]
    assert r.depth == pytest.approx(d, abs=1e-15)
    assert r.cutoff == pytest.approx(np.mean(d) - np.std(d) / 2)
    # g2 is deepest; g1 and g3 are within 2 gaps of it, g0 and g4 within 2 of the ends.
    assert r.chosen_gaps == [2]
    assert r.boundaries == [3]  # gap 2 ends word 6 = the end of sentence 2


def test_hand_built_1994_rule():
    # Same depths: d = [0, .2845, .7643, .2845, 0], cut-off = mean - sd/2 = .1269. Without
    # the separation rule g1, g2 and g3 all pass; taken by depth (g2, then g1 before its
    # equal g3), they end words 4, 6 and 8: after sentences 2, 3 and 4.
    r = hand_segmenter(min_separation=1).segment(HAND)
    assert r.cutoff == pytest.approx(0.12693, abs=1e-5)
    assert r.chosen_gaps == [2, 1, 3]
    assert r.boundaries == [2, 3, 4]


def test_hand_built_known_count():
    # Three segments: g2, then (separation relaxed) g1, which ends word 4 -> sentence 2.
    r = hand_segmenter().segment(HAND, 3)
    assert r.boundaries == [2, 3]
    assert hand_segmenter().segment(HAND, 1).boundaries == []


def test_snaps_to_nearest_sentence_gap():
    # w = 3: sequences [a b a] [b a b] [c g c] [g c g]; sentences end at words 5, 8, 12.
    sents = ["apple banana apple banana apple", "banana cherry grape", "cherry grape cherry grape"]
    r = TextTiling(
        w=3, k=1, smoothing_window=1, min_separation=1, stopwords=(), stemmer=str, tokenized=True
    ).segment(sents)
    assert r.gap_scores == pytest.approx([0.8, 0.0, 0.8])  # (2*1 + 1*2) / 5 on the sides
    assert r.depth == pytest.approx([0.0, 1.6, 0.0])
    # Gap 1 ends word 6: the sentence gap at word 5 is nearer than the one at 8.
    assert r.chosen_gaps == [1]
    assert r.boundaries == [1]


def test_gap_scores_are_the_cosines_of_the_blocks_of_sequences():
    # 300 words in sentences of 1-12 words, cut into sequences of 7 words across the
    # sentences; "the" counts towards w but is no term. Each gap's score is the cosine of
    # the summed counts of the (up to) 5 sequences on each side, to the bit: the pipeline's
    # dot products of sequences (a band of 2k - 1 = 9) and block sums are integers.
    rng = np.random.default_rng(3)
    vocabulary = ["apple", "banana", "cherry", "grape", "lemon", "melon", "the"]
    words = [vocabulary[i] for i in rng.integers(0, 7, size=300)]
    cuts = np.cumsum(rng.integers(1, 13, size=60))
    edges = [0, *(int(c) for c in cuts if c < 300), 300]
    sentences = [" ".join(words[a:b]) for a, b in zip(edges, edges[1:])]
    w, k = 7, 5
    r = TextTiling(w=w, k=k, stopwords=("the",), stemmer=str, tokenized=True).segment(sentences)
    n_seq = math.ceil(300 / w)
    counts = np.zeros((n_seq, 6))
    for j, word in enumerate(words):
        if word != "the":
            counts[j // w, vocabulary.index(word)] += 1
    expected = []
    for g in range(n_seq - 1):
        b = min(k, g + 1, n_seq - 1 - g)
        a, c = counts[g - b + 1 : g + 1].sum(0), counts[g + 1 : g + 1 + b].sum(0)
        den = (a @ a) * (c @ c)
        expected.append(0.0 if den == 0 else (a @ c) / math.sqrt(den))
    assert np.array_equal(r.gap_scores, expected)
    assert np.array_equal(r.gap_words, (np.arange(n_seq - 1) + 1) * w)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=40))
def test_depth_matches_naive_climb(s):
    s = np.array(s)
    naive = []
    for i in range(s.size):
        lp = s[i]
        for v in s[i::-1]:
            if v >= lp:
                lp = v
            else:
                break
        rp = s[i]
        for v in s[i:]:
            if v >= rp:
                rp = v
            else:
                break
        naive.append(lp + rp - 2 * s[i])
    assert depth_scores(s) == pytest.approx(naive, abs=1e-12)
    assert moving_average(s, 3).shape == s.shape


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(alphabet="abc d", max_size=30), max_size=30), st.none() | st.integers(1, 6))
def test_boundaries_are_valid(sentences, n):
    r = TextTiling(w=3, k=2, stopwords=(), tokenized=True).segment(sentences, n)
    b = r.boundaries
    assert b == sorted(set(b)) and all(0 < x < len(sentences) for x in b)
    if n is not None:
        assert len(b) <= n - 1


def test_no_words_and_empty():
    assert TextTiling().segment([]).boundaries == []
    assert TextTiling().segment([". ,", "!"]).boundaries == []
    with pytest.raises(TypeError):
        TextTiling().segment("a string")
    with pytest.raises(ValueError):
        TextTiling(w=0)
    with pytest.raises(ValueError):
        TextTiling(smoothing_window=2)


def test_registered():
    assert get("texttiling").paper_row == "H97"
    assert get("texttiling_r").paper_row == "H97_r"
    assert get("texttiling_94").paper_row == "H94"
    assert get("texttiling_94_r").paper_row == "H94_r"
    seg = create("texttiling_r")
    assert (seg.w, seg.k, seg.min_separation) == (20, 6, 4)
    seg = create("texttiling_94_r")
    assert (seg.w, seg.k, seg.min_separation) == (20, 6, 1)
    assert create("texttiling_94").min_separation == 1


def _nltk_document():
    rng = random.Random(1)
    topics = [
        ["alpha", "beta", "gamma", "delta", "omega"],
        ["red", "green", "blue", "black", "white"],
        ["cat", "dog", "horse", "cow", "sheep"],
        ["sun", "moon", "star", "sky", "cloud"],
    ]
    fill = ["the", "of", "and", "a", "to", "in", "river", "stone"]
    return [
        " ".join(rng.choice(t + fill) for _ in range(rng.randint(8, 16)))
        for t in topics
        for _ in range(12)
    ]


def test_cross_check_with_nltk():
    """Same token stream (lower-case letters only, so both tokenisers see the same
    words), same stop list, no stemming (NLTK does not stem), w = 20, k = 6.

    Agreements: identical gap scores (the same cosines, bit for bit), identical
    smoothing away from the two ends, identical depth scores wherever NLTK computes them.
    Differences, all by design:
    - smoothing ends: NLTK pads with the SciPy-cookbook reflection (its first value
      averages x0, x1 and 2x0 - x2); linseg averages the values that exist;
    - NLTK gives the first and last ``clip`` gaps depth 0 and counts those zeros in the
      mean and sd, so its cut-off is lower and it may accept a shallower gap; linseg scores
      every gap and keeps boundaries at least ``min_separation`` sequences from the ends;
    - NLTK snaps to paragraph breaks (and needs them); linseg snaps to sentence gaps.
    """
    nltk_tt = pytest.importorskip("nltk.tokenize.texttiling")
    from linseg.text.processor import default_stopwords

    sents = _nltk_document()
    sw = sorted(default_stopwords())
    nl = nltk_tt.TextTilingTokenizer(w=20, k=6, stopwords=sw, demo_mode=True)
    gaps, smooth, depth, bounds = nl.tokenize("\n\n".join(sents))
    r = TextTiling(w=20, k=6, stopwords=sw, stemmer=str, tokenized=True).segment(sents)

    assert len(r.gap_scores) == len(gaps) == 29
    assert np.array_equal(r.gap_scores, np.array(gaps))
    assert r.smoothed[1:-1] == pytest.approx(np.asarray(smooth)[1:-1], abs=1e-12)
    assert r.smoothed[0] != smooth[0]

    clip = min(max(len(smooth) // 10, 2), 5)
    mine_on_theirs = depth_scores(np.asarray(smooth))
    assert mine_on_theirs[clip:-clip] == pytest.approx(depth[clip:-clip], abs=1e-15)
    assert all(d == 0 for d in depth[:clip] + depth[-clip:])

    theirs = {i for i, b in enumerate(bounds) if b}
    mine = set(r.chosen_gaps)
    assert mine <= theirs
    # What NLTK adds is shallower than linseg's cut-off, which the clipped zeros lower.
    for g in theirs - mine:
        assert r.depth[g] <= r.cutoff
    assert r.boundaries == [12, 23, 38]  # true topic changes at 12, 24, 36


# --- the paper's corpus --------------------------------------------------------------

PAPER_H94 = {
    "c,d": {"3-11": 46, "3-5": 44, "6-8": 43, "9-11": 48},
    "c,r": {"3-11": 46, "3-5": 44, "6-8": 44, "9-11": 49},
}


def test_paper_corpus_texttiling(choi_docs, mean_pk):
    """Measured word-level Pk on all 700 samples, against the paper's Table 3.

    The rows as the paper ran them (``texttiling_94*``: every gap deeper than the cut-off
    is a boundary) land within 5 points of the paper's runs of Hearst's C program in every
    range. Hearst's 1997 separation rule (``texttiling*``, linseg's recommendation) is
    11-16 points better than those runs in every range.
    """
    pk94 = mean_pk(create("texttiling_94", tokenized=True), choi_docs)
    assert pk94 == pytest.approx({"3-11": 45.2, "3-5": 40.3, "6-8": 43.6, "9-11": 48.3}, abs=0.1)
    pk94_r = mean_pk(create("texttiling_94_r", tokenized=True), choi_docs)
    assert pk94_r == pytest.approx({"3-11": 46.6, "3-5": 39.4, "6-8": 45.1, "9-11": 49.2}, abs=0.1)
    for name, got in (("c,d", pk94), ("c,r", pk94_r)):
        assert all(abs(got[r] - PAPER_H94[name][r]) <= 5 for r in got)

    pk = mean_pk(create("texttiling", tokenized=True), choi_docs)
    assert pk == pytest.approx({"3-11": 33.0, "3-5": 32.9, "6-8": 30.0, "9-11": 36.0}, abs=0.1)
    pk_r = mean_pk(create("texttiling_r", tokenized=True), choi_docs)
    assert pk_r == pytest.approx({"3-11": 32.0, "3-5": 31.3, "6-8": 27.7, "9-11": 36.2}, abs=0.1)
    for name, got in (("c,d", pk), ("c,r", pk_r)):
        assert all(PAPER_H94[name][r] - got[r] >= 11 for r in got)


def test_the_language_is_resolved_as_every_segmenter_resolves_it():
    # TextTiling builds its pieces in the processing language: "Auto" and "EN" are read as
    # "auto" and "en", as C99 reads them.
    text = (Path(__file__).parents[2] / "examples" / "three-topics.txt").read_text()
    expected = TextTiling().segment_text(text).boundaries
    assert TextTiling(language="EN").segment_text(text).boundaries == expected
    assert TextTiling(language="Auto").segment_text(text).boundaries == expected

"""ConsensusDP: the count both models agree on, placed by exact DP of five kinds of evidence."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import linseg
from linseg.compose import Composition, costs, measures, strategies, transforms
from linseg.methods import create
from linseg.methods.c99 import C99
from linseg.methods.consensus import ConsensusDP
from linseg.methods.u00 import U00

BEES = ["Bees make honey.", "The hive holds bees.", "Honey feeds the hive.", "Bees dance."]
SHIPS = ["Ships sail at sea.", "The sea moves ships.", "Sailors steer ships.", "The sea is deep."]
ROCKS = ["Granite is a rock.", "Rocks weather slowly.", "Granite rocks are hard."]


class _Fixed:
    """Stands in for a counting model: always finds ``k`` segments."""

    def __init__(self, k: int) -> None:
        self.k = k

    def _run(self, sentences, n_segments, tokenized):
        return linseg.base.Segmentation(sentences, list(range(1, self.k)), None)


@pytest.mark.parametrize(
    ("weight", "k_u00", "k_c99", "expected"),
    [
        (0.5, 3, 6, 5),  # 4.5 rounds half up
        (0.5, 4, 4, 4),
        (0.0, 9, 2, 2),  # C99's count alone
        (1.0, 9, 2, 9),  # U00's alone
        (0.25, 2, 6, 5),  # 0.5 + 4.5 = 5.0
        (0.3, 1, 1, 1),
    ],
)
def test_the_count_is_the_rounded_weighted_mean(weight, k_u00, k_c99, expected):
    rule = strategies.MeanCount([(weight, _Fixed(k_u00)), (1 - weight, _Fixed(k_c99))])
    assert rule(["x"] * 12, True) == expected


def test_the_count_rule_is_consensus_dps():
    # ConsensusDP's count is its strategy's rule: U00's count (penalty 0.8) and C99's.
    sentences = (BEES + SHIPS + ROCKS) * 2
    k_u00 = U00(penalty=0.8).segment(sentences).n_segments
    k_c99 = C99().segment(sentences).n_segments
    for weight in (0.0, 0.7, 1.0):
        expected = max(1, math.floor(weight * k_u00 + (1 - weight) * k_c99 + 0.5))
        assert ConsensusDP(weight=weight).count(sentences) == expected
    with pytest.raises(ValueError, match="at least one"):
        strategies.MeanCount([])
    with pytest.raises(TypeError, match="weight, segmenter"):
        strategies.MeanCount([(1.0, "c99")])  # type: ignore[list-item]


def test_u00_segment_costs_by_hand():
    # Stems cat (twice) and dog: k = 2 distinct stems, alpha = 1 (Laplace).
    # C = n log(n + k) - sum_w f(w) log(f(w) + 1) for each segment.
    table = costs.Multinomial()(["cat cat", "dog"], True)
    log = math.log
    assert table[0, 1] == pytest.approx(2 * log(4) - 2 * log(3))
    assert table[1, 2] == pytest.approx(log(3) - log(2))
    assert table[0, 2] == pytest.approx(3 * log(5) - 2 * log(3) - log(2))
    assert np.isinf(table[1, 1]) and np.isinf(table[2, 0])


def test_placement_weighs_rank_lsa_likelihood_and_length():
    sentences = (BEES + SHIPS + ROCKS) * 2
    seg = ConsensusDP()
    k = seg.count(sentences)
    k_c99 = C99().segment(sentences).n_segments
    k_u00 = U00(penalty=0.8).segment(sentences).n_segments
    assert k == math.floor(0.7 * k_u00 + 0.3 * k_c99 + 0.5)
    n = len(sentences)
    rank = create("c99_dp")._matrix(sentences, False, None)
    related = transforms.LocalRank(11)(measures.LsaCosine(keep=0.2)(sentences, False))
    likelihood = costs.Multinomial()(sentences, False)
    cohesion = costs.BlockCohesion(3)(sentences, False)
    inside = np.isfinite(likelihood)
    at = np.arange(n + 1)
    for count in (None, 2, 4):
        mu = n / (count or k)
        prior = ((at[None, :] - at[:, None] - mu) / mu) ** 2
        score = strategies.segment_scores(rank + 0.25 * related, 0.6)
        score[inside] -= 0.1 * likelihood[inside] + 0.8 * prior[inside] + cohesion[inside]
        table = seg.placement_scores(sentences, count or k)
        np.testing.assert_allclose(table, score, rtol=1e-12)
        expected = strategies.best_with_count(score, count or k)
        assert seg.segment(sentences, count).boundaries == expected


def test_length_prior_by_hand():
    # n = 6, k = 2: mu = 3; a segment of 3 costs 0, of 6 costs ((6 - 3) / 3)^2 = 1,
    # of 1 costs ((1 - 3) / 3)^2 = 4 / 9.
    six = ["Bees hum."] * 6
    prior = costs.LengthPrior()(six, False, None, 2)
    assert prior[0, 3] == 0 and prior[2, 5] == 0
    assert prior[0, 6] == pytest.approx(1.0)
    assert prior[4, 5] == pytest.approx(4 / 9)
    assert np.isinf(prior[3, 3]) and np.isinf(prior[5, 2])
    # Over units starting at sentences 0 and 2: lengths 2, 4 and 6 sentences.
    units = costs.LengthPrior()(six, False, [0, 2], 2)
    assert units[0, 1] == pytest.approx(1 / 9) and units[1, 2] == pytest.approx(1 / 9)
    assert units[0, 2] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="needs the number of segments"):
        costs.LengthPrior()(six, False)
    assert costs.LengthPrior().boundary_cost(six, False) == 0.0


def consensus_by_hand() -> Composition:
    """consensus_dp from the public pieces (the class docstring's composition)."""
    rank = transforms.LocalRank(11)
    return Composition(
        measures.Sum(
            [(1.0, measures.StemCosine(), rank), (0.25, measures.LsaCosine(keep=0.2), rank)]
        ),
        None,
        strategies.ExactDP(
            exponent=0.6,
            cost=costs.Sum(
                [
                    (0.1, costs.Multinomial()),
                    (0.8, costs.LengthPrior()),
                    (1.0, costs.BlockCohesion(3)),
                ]
            ),
            count=ConsensusDP().count,
        ),
    )


def test_consensus_dp_is_a_composition_of_the_pieces():
    text = (Path(__file__).parents[2] / "examples" / "three-topics.txt").read_text()
    hand, registered = consensus_by_hand(), create("consensus_dp")
    for k in (None, 2, 3, 5):
        assert hand.segment_text(text, k).boundaries == registered.segment_text(text, k).boundaries
    sentences = (BEES + SHIPS + ROCKS) * 2
    assert hand.segment(sentences).boundaries == registered.segment(sentences).boundaries


def test_consensus_dp_is_a_composition_on_the_shared_corpora(choi_docs, data_root):
    hand, registered = consensus_by_hand(), create("consensus_dp", tokenized=True)
    for doc in choi_docs[::5]:
        for k in (None, doc.n_segments):
            assert (
                hand.segment(doc.sentences, k).boundaries
                == registered.segment(doc.sentences, k).boundaries
            )
    raw = create("consensus_dp")
    for page in sorted((data_root / "natural" / "python-docs").glob("*.txt"))[::4]:
        text = page.read_text()
        assert hand.segment_text(text).boundaries == raw.segment_text(text).boundaries


def test_consensus_dp_reads_a_documents_words_once(monkeypatch):
    # C99's count, U00's count, the LSA cosine and U00's placement cost share one text
    # processor: the words are read, and U00's unit counts made, once per document.
    from linseg.compose.costs import UnitCounts
    from linseg.text.processor import TextProcessor

    calls = {"ids": 0, "units": 0}
    read, of = TextProcessor._read_ids, UnitCounts.of

    def counted_read(self, sentences, tokenized):
        calls["ids"] += 1
        return read(self, sentences, tokenized)

    def counted_of(ids, offsets, starts):
        calls["units"] += 1
        return of(ids, offsets, starts)

    monkeypatch.setattr(TextProcessor, "_read_ids", counted_read)
    monkeypatch.setattr(UnitCounts, "of", staticmethod(counted_of))
    text = (Path(__file__).parents[2] / "examples" / "three-topics.txt").read_text()
    seg = ConsensusDP()
    before = seg.segment_text(text).boundaries
    assert calls == {"ids": 1, "units": 1}
    # And the same boundaries as parts that each read the words themselves.
    alone = ConsensusDP()
    for part in (alone._u00._cost, alone._dp._measure, alone._lsa, alone._cohesion):
        part._text = TextProcessor()
    assert alone.segment_text(text).boundaries == before


def test_the_lsa_term_is_english_only():
    assert ConsensusDP()._lsa is not None
    french = ConsensusDP(language="fr")
    assert french._lsa is None
    phrases = ["Le chat dort.", "Le chien court.", "La mer est bleue.", "Le bateau part."]
    assert french.segment(phrases * 3, 2).n_segments == 2


def test_registered_and_parameters_checked():
    assert isinstance(create("consensus_dp"), ConsensusDP)
    for bad in (-0.1, 1.5, True, "half", float("nan")):
        with pytest.raises(ValueError):
            ConsensusDP(weight=bad)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(BEES + SHIPS + ROCKS), min_size=1, max_size=30),
    st.floats(0, 1),
)
def test_boundaries_are_valid(sentences, weight):
    found = ConsensusDP(weight=weight).segment(sentences)
    b = found.boundaries
    assert b == sorted(set(b)) and all(0 < x < len(sentences) for x in b)
    assert sum(len(s) for s in found.segments) == len(sentences)


def test_consensus_dp_on_the_papers_corpus(choi_docs, mean_pk):
    # Measured: 7.9 / 10.1 / 6.3 / 6.0% word-level Pk on 3-11 / 3-5 / 6-8 / 9-11 with
    # the count found automatically (C99: 12.8 / 18.2 / 9.9 / 9.8).
    table = mean_pk(ConsensusDP(tokenized=True), choi_docs)
    assert table["3-11"] == pytest.approx(7.93, abs=0.01)
    for rng, c99 in {"3-11": 12.8, "3-5": 18.2, "6-8": 9.9, "9-11": 9.8}.items():
        assert table[rng] < c99


def test_consensus_dp_given_the_count_on_the_papers_corpus(choi_docs):
    from linseg.evaluation.evaluate import evaluate_sample, summarize

    # Measured: 6.9 / 5.5 / 4.6 / 3.5% word-level Pk given the reference count (C99_b:
    # 12.2 / 10.6 / 9.9 / 8.4).
    seg = ConsensusDP(tokenized=True)
    table = summarize([evaluate_sample(seg, d, auto=False, known=True) for d in choi_docs])
    pk = {r: 100 * row["known_pk_word"] for r, row in table.items() if r != "all"}
    assert pk["3-11"] == pytest.approx(6.9, abs=0.05)
    for rng, c99_b in {"3-11": 12.2, "3-5": 10.6, "6-8": 9.9, "9-11": 8.4}.items():
        assert pk[rng] < c99_b

"""Segment costs (linseg.compose.costs) and the exact search with a cost: Utiyama and
Isahara's model as a composition."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg.compose import Composition, costs, measures, strategies, transforms
from linseg.methods import create
from linseg.text.outline import heading_starts, paragraph_starts
from linseg.text.sentences import split_sentences
from support import encoder  # the suite's small deterministic sentence encoder

EXAMPLE = Path(__file__).parents[2] / "examples" / "three-topics.txt"


def u00_by_hand(name: str) -> Composition:
    """The registered U00 rows, built from the public pieces."""
    cost = costs.Multinomial()
    if name == "u00":
        return Composition(strategy=strategies.ExactDP(1.0, cost=cost, similarity_weight=0))
    if name == "u00_p":
        return Composition(
            strategy=strategies.ExactDP(1.5, cost=cost, similarity_weight=0, units="paragraphs")
        )
    assert name == "u00_pr"
    # The learned cues at paragraphs or sentences, not at an author's headings; the
    # outline and the introductions at any units, as one gap cost. Gap costs, subtracted
    # after the likelihood (U00's sums).
    priced = costs.Sum([(8.0, costs.Outline()), (8.0, costs.Introductions())])
    gaps = [(2.0, costs.SectionCues(), ("paragraphs", "sentences")), (1.0, priced)]
    return Composition(
        measures.StemCosine(),
        transforms.LocalRank(11),
        strategies.ExactDP(1.1, 0.6, cost=cost, units="headings", diagonal=False, gaps=gaps),
    )


def test_the_cues_summed_into_the_cost_give_the_defaults_boundaries_on_the_example():
    # The same evidence summed into one cost (the cues then read at headings too; the sums
    # in another order): on the example, the same boundaries.
    cued = costs.Sum(
        [(1.0, costs.Multinomial()), (2.0, costs.SectionCues()), (8.0, costs.Outline())]
    )
    summed = Composition(
        measures.StemCosine(),
        transforms.LocalRank(11),
        strategies.ExactDP(1.1, 0.6, cost=cued, units="headings", diagonal=False),
    )
    text = EXAMPLE.read_text()
    assert summed.segment_text(text).boundaries == create("u00_pr").segment_text(text).boundaries


# --- hand-checked cases -------------------------------------------------------------------
def test_the_multinomial_cost_by_hand():
    # Stems bee, honey, ship: k = 3. [0, 2): 4 words, bee twice, honey and ship once.
    sentences = ["bees honey", "bees ships"]
    table = costs.Multinomial()(sentences, True)
    assert table.shape == (3, 3)
    assert table[0, 2] == pytest.approx(4 * math.log(7) - 2 * math.log(3) - 2 * math.log(2))
    assert table[0, 1] == pytest.approx(2 * math.log(5) - 2 * math.log(2))
    assert table[1, 2] == pytest.approx(2 * math.log(5) - 2 * math.log(2))
    assert np.isinf(table[1, 0]) and np.isinf(table[1, 1])
    # Units: one unit of both sentences is the whole segment's cost.
    assert costs.Multinomial()(sentences, True, [0])[0, 1] == table[0, 2]
    # The prior n^-m: a boundary costs log n for n = 4 counted words.
    assert costs.Multinomial().boundary_cost(sentences, True) == pytest.approx(math.log(4))
    cost = costs.Multinomial()
    counted = cost.unit_counts(sentences, True)
    assert np.array_equal(cost.table(counted), table)
    assert cost.boundary_cost_of(counted) == cost.boundary_cost(sentences, True)
    # alpha = 2: 4 log(4 + 6) - (2 log 4 + log 3 + log 3).
    two = costs.Multinomial(alpha=2.0)(sentences, True)
    assert two[0, 2] == pytest.approx(4 * math.log(10) - 2 * math.log(4) - 2 * math.log(3))


def test_the_cost_decides_a_cut_by_hand():
    # Stems bee and ship, k = 2. Whole: 4 log(4 + 2) - 2 (2 log 3); each half:
    # 2 log(2 + 2) - 2 log 3. The cut saves 4 log 6 - 4 log 4 = 1.62 nats, and a boundary
    # costs penalty x log 4 (4 words): worth it up to a penalty of 1.17.
    sentences = ["bees bees", "ships ships"]
    saving = 4 * math.log(6) - 4 * math.log(4)
    assert saving / math.log(4) == pytest.approx(1.1699, abs=1e-4)
    for penalty, cut in ((1.1, [1]), (1.2, [])):
        seg = Composition(
            strategy=strategies.ExactDP(penalty, cost=costs.Multinomial(), similarity_weight=0),
            tokenized=True,
        )
        assert seg.segment(sentences).boundaries == cut
        # The search over tables (a cost without its own search) agrees.
        assert _tables_only(penalty).segment(sentences).boundaries == cut


def _tables_only(penalty: float, **kw: object) -> Composition:
    """U00's cost searched over its tables, not by its own streaming search."""

    class TablesOnly:
        def __init__(self) -> None:
            self.inner = costs.Multinomial()

        def __call__(self, sentences, tokenized, starts=None, n_segments=None):
            return self.inner(sentences, tokenized, starts, n_segments)

        def boundary_cost(self, sentences, tokenized):
            return self.inner.boundary_cost(sentences, tokenized)

    return Composition(
        strategy=strategies.ExactDP(penalty, cost=TablesOnly(), similarity_weight=0, **kw),
        tokenized=True,
    )


@pytest.mark.parametrize("name", ["u00", "u00_p", "u00_pr"])
def test_the_u00_rows_are_compositions_of_the_pieces(name):
    text = EXAMPLE.read_text()
    registered = create(name)
    hand = u00_by_hand(name)
    assert hand.segment_text(text).boundaries == registered.segment_text(text).boundaries
    for k in (2, 3, 5):
        assert hand.segment_text(text, k).boundaries == registered.segment_text(text, k).boundaries


@pytest.mark.parametrize("name", ["u00", "u00_p", "u00_pr"])
def test_the_u00_rows_are_compositions_on_the_shared_corpora(name, choi_docs, data_root):
    registered = create(name, tokenized=True)
    hand = u00_by_hand(name)
    for doc in choi_docs[::5]:
        for k in (None, doc.n_segments):
            assert (
                hand.segment(doc.sentences, k).boundaries
                == registered.segment(doc.sentences, k).boundaries
            )
    pages = sorted((data_root / "natural" / "python-docs").glob("*.txt"))[::4]
    assert pages
    raw = create(name)
    for page in pages:
        text = page.read_text()
        assert hand.segment_text(text).boundaries == raw.segment_text(text).boundaries


def test_the_default_is_a_composition_on_documents_with_headings():
    # Pages that keep their headings: the outline's costs, in the Sum and in U00's search.
    pages = sorted((EXAMPLE.parents[1] / "benchmarks/natural/sphinx-headings").glob("*.txt"))
    assert pages
    registered, hand = create("u00_pr"), u00_by_hand("u00_pr")
    for page in pages[::6]:
        text = page.read_text()
        found = registered.segment_text(text)
        assert any("headings" in note for note in found.result.notes)
        assert hand.segment_text(text).boundaries == found.boundaries


def test_a_user_embedding_with_u00s_likelihood_on_paragraphs():
    # The default method's search with a user's sentence vectors instead of the stem cosine.
    text = EXAMPLE.read_text()
    seg = Composition(
        measures.Embedding(encoder),
        transforms.LocalRank(11),
        strategies.ExactDP(1.1, 0.6, cost=costs.Multinomial(), units="paragraphs", diagonal=False),
    )
    result = seg.segment_text(text)
    assert "".join(result.segments) == text
    starts = set(strategies.unit_starts(result.result.sentences, "paragraphs"))
    assert len(starts) > 2  # the example has paragraphs
    assert set(result.boundaries) <= starts
    assert len(seg.segment_text(text, 3).boundaries) == 2


def test_a_cost_alone_computes_no_matrix():
    def refuse(sentences, tokenized):
        raise AssertionError("the matrix was computed")

    seg = Composition(
        refuse,
        None,
        strategies.ExactDP(1.0, cost=costs.Multinomial(), similarity_weight=0),
    )
    assert seg.segment_text(EXAMPLE.read_text(), 3).boundaries


def test_paragraph_units_fall_back_to_sentences():
    sentences = ["Bees make honey.\n\n", "Ships sail.", "Sailors steer ships."]
    assert strategies.unit_starts(sentences, "paragraphs") == [0, 1]
    assert strategies.unit_starts(sentences, "paragraphs", 3) == [0, 1, 2]  # count > units
    assert strategies.unit_starts(["One.", "Two."], "paragraphs") == [0, 1]  # no paragraph
    assert strategies.unit_starts(sentences, "sentences") == [0, 1, 2]


def test_bad_costs_and_searches_are_refused():
    with pytest.raises(ValueError, match="nothing to search"):
        strategies.ExactDP(1.0, similarity_weight=0)
    with pytest.raises(TypeError, match="segment cost"):
        strategies.ExactDP(1.0, cost=lambda s, t, u=None: None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="units"):
        strategies.ExactDP(1.0, units="pages")
    with pytest.raises(ValueError, match="similarity_weight"):
        strategies.ExactDP(1.0, cost=costs.Multinomial(), similarity_weight=-1)
    with pytest.raises(ValueError, match="alpha"):
        costs.Multinomial(alpha=0)
    search = strategies.ExactDP(1.0, cost=costs.Multinomial())
    with pytest.raises(ValueError, match="needs the sentences"):
        search(np.eye(3), None)
    with pytest.raises(ValueError, match=r"\(3, 3\) matrix for 2 sentences"):
        search(np.eye(3), None, sentences=["Bees hum.", "Ships sail."])
    bounded = Composition(strategy=strategies.ExactDP(1.0, cost=costs.Multinomial(), max_length=2))
    with pytest.raises(ValueError, match="max_length=None"):
        bounded.segment_text(EXAMPLE.read_text())
    alone = Composition(
        strategy=strategies.ExactDP(cost=costs.Multinomial(), similarity_weight=0, max_length=2),
        tokenized=True,
    )
    with pytest.raises(ValueError, match="raise max_length"):
        alone.segment(["a b", "c d", "e f", "g h", "i j"], 2)


def test_gap_costs_are_read_at_their_units_and_checked():
    text = EXAMPLE.read_text()
    plain = strategies.ExactDP(1.0, cost=costs.Multinomial(), similarity_weight=0)
    found = Composition(strategy=plain).segment_text(text).boundaries
    # A strong pull towards a boundary at every gap, read only at paragraphs: the
    # example's sentences, cut as sentences, do not see it; cut at paragraphs, they do.
    pull = _Gaps(np.full(200, -50.0))
    only_paragraphs = [(1.0, pull, ("paragraphs",))]
    on_sentences = strategies.ExactDP(
        1.0, cost=costs.Multinomial(), similarity_weight=0, gaps=only_paragraphs
    )
    assert Composition(strategy=on_sentences).segment_text(text).boundaries == found
    on_paragraphs = strategies.ExactDP(
        1.0, cost=costs.Multinomial(), similarity_weight=0, units="paragraphs", gaps=only_paragraphs
    )
    result = Composition(strategy=on_paragraphs).segment_text(text)
    sentences = result.result.sentences
    assert result.boundaries == paragraph_starts(sentences)[1:]  # every paragraph gap
    for bad, error in (
        ([1.0], TypeError),
        ([(1.0, costs.Multinomial())], TypeError),  # a segment cost, no gap_costs
        ([(-1.0, pull)], ValueError),
        ([(1.0, pull, ("pages",))], ValueError),
    ):
        with pytest.raises(error):
            strategies.ExactDP(1.0, cost=costs.Multinomial(), gaps=bad)  # type: ignore[arg-type]


def test_a_length_policy_and_mean_lengths_in_the_search_of_a_cost_alone():
    # max_length a callable of the number of units; mean_lengths=1 lets k segments cover
    # the m units: 5 sentences in 2 segments of at most max(1, ceil(5 / 2)) = 3.
    five = ["a b", "c d", "e f", "g h", "i j"]
    seen = []

    def one(m: int) -> int:
        seen.append(m)
        return 1

    search = strategies.ExactDP(
        cost=costs.Multinomial(), similarity_weight=0, max_length=one, mean_lengths=1
    )
    found = Composition(strategy=search, tokenized=True).segment(five, 2).boundaries
    assert seen == [5] and len(found) == 1 and max(np.diff([0, *found, 5])) <= 3


class _Gaps:
    """A gap cost of fixed values at the gaps between units (0 at the document's ends)."""

    def __init__(self, values: np.ndarray) -> None:
        self.values = values

    def gap_costs(self, sentences, tokenized, starts=None):
        m = len(sentences) if starts is None else len(starts)
        out = np.zeros(m + 1)
        out[1:m] = self.values[1:m]
        return out


# --- properties ---------------------------------------------------------------------------
WORDS = ["bees", "honey", "hive", "ships", "sea", "sail", "rocks", "sand"]


def _brute_force(table, unit, k=None, length=None, gaps=None):
    """Every segmentation of the ``table``'s n units into ``k`` segments (any number when
    None) of at most ``length`` units, a boundary before unit i costing ``unit`` plus
    ``gaps[i]``: the total of a segmentation's cuts, and the least total."""
    n = table.shape[0] - 1
    extra = np.zeros(n + 1) if gaps is None else np.asarray(gaps[: n + 1], dtype=float)

    def value(cuts) -> float:
        edges = [0, *cuts, n]
        inside = sum(table[a, b] for a, b in zip(edges, edges[1:]))
        return inside + unit * len(cuts) + sum(extra[c] for c in cuts)

    best = min(
        value(c)
        for r in range(n)
        for c in itertools.combinations(range(1, n), r)
        if (k is None or r == k - 1) and (length is None or max(np.diff([0, *c, n])) <= length)
    )
    return value, best


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=4), min_size=1, max_size=7),
    st.floats(0.0, 2.0),
    st.one_of(st.none(), st.integers(1, 7)),
)
def test_the_streaming_search_and_the_tables_find_the_optimum(rows, penalty, k):
    # Every segmentation of up to 7 sentences, scored from the cost's table.
    sentences = [" ".join(r) for r in rows]
    cost = costs.Multinomial()
    k = None if k is None else min(k, len(sentences))
    value, best = _brute_force(
        cost(sentences, True), penalty * cost.boundary_cost(sentences, True), k
    )
    streaming = Composition(
        strategy=strategies.ExactDP(penalty, cost=cost, similarity_weight=0), tokenized=True
    )
    for seg in (streaming, _tables_only(penalty)):
        found = seg.segment(sentences, k).boundaries
        assert k is None or len(found) == k - 1
        assert value(found) == pytest.approx(best, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=4), min_size=1, max_size=8),
    st.floats(0.0, 2.0),
    st.one_of(st.none(), st.integers(1, 8)),
    st.integers(1, 8),
    st.lists(st.floats(-3.0, 3.0), min_size=9, max_size=9),
)
def test_the_streaming_search_with_a_length_bound_and_gap_costs_finds_the_optimum(
    rows, penalty, k, length, gaps
):
    # Every segmentation of up to 8 sentences into segments of at most ``length``: the
    # bound and a count together (the search's levels for each count and start); then
    # with a cost at each gap beyond the penalty (an Outline's weighted costs, in U00's
    # search of long documents).
    sentences = [" ".join(r) for r in rows]
    n = len(sentences)
    cost = costs.Multinomial()
    table = cost(sentences, True)
    units = cost.unit_counts(sentences, True)
    unit = penalty * cost.boundary_cost_of(units)
    k = None if k is None else min(k, n)
    seg = Composition(
        strategy=strategies.ExactDP(penalty, cost=cost, similarity_weight=0, max_length=length),
        tokenized=True,
    )
    if k is not None and k * length < n:
        with pytest.raises(ValueError, match="max_length"):
            seg.segment(sentences, k)
        length = -(-n // k)  # the least bound that k segments can meet, for the gap costs
    else:
        value, best = _brute_force(table, unit, k, length)
        found = seg.segment(sentences, k).boundaries
        assert k is None or len(found) == k - 1
        assert max(np.diff([0, *found, n])) <= length
        assert value(found) == pytest.approx(best, abs=1e-9)

    extra = np.array(gaps[: n + 1])
    value, best = _brute_force(table, unit, k, length, extra)
    found, total = cost.search_units(units, unit, k, length, extra)
    assert k is None or len(found) == k - 1
    assert max(np.diff([0, *found, n])) <= length
    assert value(found) == pytest.approx(best, abs=1e-9)
    assert total == pytest.approx(best, abs=1e-9)
    # Without gap costs, the same search as before.
    assert cost.search_units(units, unit, k, length) == cost.search_units(
        units, unit, k, length, np.zeros(n + 1)
    )


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=4), min_size=1, max_size=7),
    st.floats(0.0, 2.0),
    st.one_of(st.none(), st.integers(1, 7)),
    st.lists(st.floats(-3.0, 3.0), min_size=8, max_size=8),
    st.floats(0.5, 2.0),
)
def test_gap_costs_in_the_tables_and_in_the_streaming_search(rows, penalty, k, values, weight):
    # ExactDP(gaps=...): the streaming search (the cost's own) and the tables (a cost
    # without one) find the least total of the segments' costs, the penalties and the
    # weighted gap costs at the boundaries, and report it as the trace's cost.
    sentences = [" ".join(r) for r in rows]
    cost = costs.Multinomial()
    k = None if k is None else min(k, len(sentences))
    gaps = _Gaps(np.array(values))
    extra = weight * gaps.gap_costs(sentences, True)
    unit = penalty * cost.boundary_cost(sentences, True)
    value, best = _brute_force(cost(sentences, True), unit, k, gaps=extra)
    streaming = strategies.ExactDP(penalty, cost=cost, similarity_weight=0, gaps=[(weight, gaps)])
    tables = _tables_only(penalty, gaps=[(weight, gaps)])._strategy
    for search in (streaming, tables):
        found = search.trace(None, k, sentences=sentences, tokenized=True)  # type: ignore[union-attr]
        assert k is None or len(found["boundaries"]) == k - 1
        assert value(found["boundaries"]) == pytest.approx(best, abs=1e-9)
        assert found["cost"] == pytest.approx(best, abs=1e-9)
        assert found["units"] == list(range(len(sentences)))


def _sentences(text: str) -> list[str]:
    return [text[a:b] for a, b in split_sentences(text)]


def test_the_outline_by_hand():
    def gap_costs(text: str) -> list[float]:
        sents = _sentences(text)
        return costs.Outline().gap_costs(sents, False, heading_starts(sents)).tolist()

    # The top level ("##", three units after the first) earns 1; "###", a level below,
    # pays 1; the text before the first heading and the document's end pay nothing.
    text = "# T\n\nIntro.\n\n## A\n\nOne.\n\n### A.1\n\nTwo.\n\n## B\n\nThree.\n\n## C\n\nFour.\n"
    assert gap_costs(text) == [0.0, -1.0, 1.0, -1.0, -1.0, 0.0]
    sents = _sentences(text)
    table = costs.Outline()(sents, False, heading_starts(sents))
    assert table[0, 1] == -1.0 and table[1, 2] == 1.0 and np.isinf(table[2, 1])
    assert costs.Outline().boundary_cost(sents, False) == 0.0
    # A part heading over sub-sections, once: the sub-sections are the top level, and
    # the part pays nothing either way.
    parts = "Intro.\n\n## Part\n\n### a\n\nA.\n\n### b\n\nB.\n\n### c\n\nC.\n"
    assert gap_costs(parts) == [0.0, 0.0, -1.0, -1.0, 0.0]
    # No level opens two units: no outline, no cost; nor for a text with no headings.
    assert gap_costs("Intro.\n\n## A\n\nA.\n\n### B\n\nB.\n") == [0.0, 0.0, 0.0, 0.0]
    # One heading after the first unit, of any level: the author's one cut is the top.
    one = "# T\n\nIntro.\n\nMore.\n\n### Notes\n\nA.\n"
    sents = _sentences(one)
    assert costs.Outline().gap_costs(sents, False, paragraph_starts(sents)).tolist() == [
        0.0,
        0.0,
        -1.0,
        0.0,
    ]
    # A rule marks no level: a rule and one heading leave that heading the top.
    assert gap_costs("Intro.\n\n---\n\nA.\n\n## B\n\nB.\n") == [0.0, 0.0, -1.0, 0.0]
    assert costs.Outline().gap_costs(["One. ", "Two."], False).tolist() == [0.0, 0.0, 0.0]


def test_the_outline_says_more_over_longer_sections():
    # Whitespace words: "Intro" + 599 = 600; "## A" + 599 = 601; "### A.1 Short." = 3;
    # "## B" + 599 = 601; 1,805 in all over the 3 sections that "##" opens: 601.67
    # words a section, 3.0083 times the 200 words a weight counts for. The sub-section's
    # cost grows by as much.
    long = " ".join(["word"] * 599)
    text = f"Intro {long}.\n\n## A\n\n{long}.\n\n### A.1\n\nShort.\n\n## B\n\n{long}.\n"
    sents = _sentences(text)
    starts = heading_starts(sents)
    assert len(starts) == 4 and sum(len(s.split()) for s in sents) == 1805
    scale = 1805 / 3 / 200
    got = costs.Outline().gap_costs(sents, False, starts).tolist()
    assert got == pytest.approx([0.0, -scale, scale, -scale, 0.0])
    # Without the scale, or with 2,000 words a weight (never less than once): as it is.
    for outline in (costs.Outline(None), costs.Outline(2000)):
        assert outline.gap_costs(sents, False, starts).tolist() == [0.0, -1.0, 1.0, -1.0, 0.0]
    # A text with one heading after its first unit: its outline is that heading, and
    # keeps its weight at any length.
    one = _sentences(f"Intro {long}.\n\n### Notes\n\n{long}.\n")
    assert costs.Outline().gap_costs(one, False, heading_starts(one)).tolist() == [0, -1, 0]
    for bad, error in ((0, ValueError), (-5, ValueError), (math.inf, ValueError)):
        with pytest.raises(error, match="section_words"):
            costs.Outline(bad)
    for bad in ("200", True):
        with pytest.raises(TypeError, match="section_words"):
            costs.Outline(bad)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.lists(
            st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map(
                lambda ws: " ".join(ws).capitalize() + "."
            ),
            min_size=1,
            max_size=3,
        ).map(" ".join),
        min_size=1,
        max_size=6,
    ),
    st.one_of(st.none(), st.integers(1, 4)),
    st.floats(0.0, 2.0),
)
def test_paragraph_units_cut_only_at_blank_lines_and_lose_nothing(paragraphs, k, weight):
    text = "\n\n".join(paragraphs)
    seg = Composition(
        measures.StemCosine(),
        transforms.LocalRank(3),
        strategies.ExactDP(
            1.0,
            0.6,
            cost=costs.Multinomial(),
            similarity_weight=weight,
            units="paragraphs",
            diagonal=False,
        ),
    )
    result = seg.segment_text(text, k)
    assert "".join(result.segments) == text
    sentences = result.result.sentences
    starts = strategies.unit_starts(sentences, "paragraphs", k)
    assert set(result.boundaries) <= set(starts[1:])
    if k is not None:
        assert len(result.boundaries) == min(k, len(starts)) - 1


def test_sums_of_costs_and_of_measures_by_hand():
    sentences = ["bees honey", "bees ships"]
    u00 = costs.Multinomial()(sentences, True)
    prior = costs.LengthPrior()(sentences, True, None, 2)  # mu = 1
    assert prior[0, 2] == 1.0 and prior[0, 1] == 0.0
    both = costs.Sum([(0.5, costs.Multinomial()), (2.0, costs.LengthPrior())])
    table = both(sentences, True, None, 2)
    assert table[0, 2] == pytest.approx(0.5 * u00[0, 2] + 2.0 * 1.0)  # ((2 - 1) / 1)^2
    assert table[0, 1] == pytest.approx(0.5 * u00[0, 1])
    assert np.isinf(table[1, 1])
    assert both.boundary_cost(sentences, True) == pytest.approx(0.5 * math.log(4))
    # A part weighed 0 adds nothing, and no nan where the parts are +inf (0 x inf).
    none = costs.Sum([(1.0, costs.Multinomial()), (0.0, costs.LengthPrior())])
    np.testing.assert_array_equal(none(sentences, True, None, 2), u00)
    zero_first = costs.Sum([(0.0, costs.LengthPrior()), (1.0, costs.Multinomial())])
    np.testing.assert_array_equal(zero_first(sentences, True, None, 2), u00)
    twice = measures.Sum([(1.0, measures.DotDensity(), None), (2.0, measures.DotDensity(), None)])
    dots = measures.DotDensity()(sentences, True)
    np.testing.assert_array_equal(twice(sentences, True), 3 * dots)
    with pytest.raises(ValueError, match="at least one"):
        costs.Sum([])
    with pytest.raises(TypeError, match="segment cost"):
        costs.Sum([(1.0, "cost")])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="weights"):
        measures.Sum([(-1.0, measures.DotDensity(), None)])


def test_a_count_decides_the_number_of_segments():
    text = EXAMPLE.read_text()
    calls = []

    def three(sentences, tokenized):
        calls.append(len(sentences))
        return 3

    seg = Composition(strategy=strategies.ExactDP(exponent=0.6, count=three))
    assert len(seg.segment_text(text).boundaries) == 2 and calls
    assert len(seg.segment_text(text, 4).boundaries) == 3  # a given count wins
    with pytest.raises(TypeError, match="count"):
        strategies.ExactDP(count=3)  # type: ignore[arg-type]


def test_block_cohesion_by_hand():
    # Window 1: the cosines at the three gaps are 1 (cat dog | cat dog), 0 (cat dog | fish
    # bird) and 1. Mean 2/3, standard deviation sqrt(2) / 3: standardised
    # 1/sqrt(2), -sqrt(2), 1/sqrt(2). A segment ending at a gap pays that gap's score; the
    # last segment, which ends with the document, pays nothing.
    sentences = ["cat dog", "cat dog", "fish bird", "fish bird"]
    cost = costs.BlockCohesion(window=1)
    r = 1 / math.sqrt(2)
    np.testing.assert_allclose(cost.gap_scores(sentences, True), [0, r, -2 * r, r, 0])
    table = cost(sentences, True)
    np.testing.assert_allclose(table[0, 1:], [r, -2 * r, r, 0])
    np.testing.assert_allclose(table[2, 3:], [r, 0])
    assert np.isinf(table[np.tril_indices(5)]).all()
    assert cost.boundary_cost(sentences, True) == 0.0
    # Window 2 at the middle gap compares (cat dog, cat dog) with (fish bird, fish bird):
    # 0; at the others, one sentence with the two beyond it: cos((1, 1, 0, 0), (1, 1, 1,
    # 1)) = 1 / sqrt(2) at both. The same pattern, so the same standardised scores.
    wide = costs.BlockCohesion(window=2).gap_scores(sentences, True)
    np.testing.assert_allclose(wide, [0, r, -2 * r, r, 0])
    # A segment ending where the text changes costs least: the exact search with this cost
    # alone cuts there.
    search = strategies.ExactDP(similarity_weight=0, cost=cost)
    assert Composition(strategy=search).segment(sentences, 2).boundaries == [2]


def test_block_cohesion_on_units_and_degenerate_documents():
    sentences = ["cat dog", "cat", "dog", "fish bird", "fish", "bird"]
    # Units of two sentences: (cat dog, cat) (dog, fish bird) (fish, bird): the gaps'
    # cosines with window 1 are cos((2,1,0,0),(0,1,1,1)) = 1/sqrt(15) and
    # cos((0,1,1,1),(0,0,1,1)) = 2/sqrt(6).
    cost = costs.BlockCohesion(window=1)
    a, b = 1 / math.sqrt(15), 2 / math.sqrt(6)
    spread = abs(a - b) / 2
    expected = [0, (a - (a + b) / 2) / spread, (b - (a + b) / 2) / spread, 0]
    np.testing.assert_allclose(cost.gap_scores(sentences, True, [0, 2, 4]), expected)
    assert cost(sentences, True, [0, 2, 4]).shape == (4, 4)
    # Fewer than two gaps, or one cosine everywhere: nothing to standardise, all 0.
    for few in (["cat"], ["cat", "dog"], ["cat dog"] * 5, ["the of"] * 4):
        assert not cost.gap_scores(few, True).any()
    for bad in (0, -1):
        with pytest.raises(ValueError, match="window must be >= 1"):
            costs.BlockCohesion(window=bad)
    for wrong in (1.5, True, "3"):
        with pytest.raises(TypeError, match="window must be an integer"):
            costs.BlockCohesion(window=wrong)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(["bee", "hive", "ship", "sea", "rock", "the"]), max_size=5),
        min_size=1,
        max_size=25,
    ),
    st.integers(1, 4),
)
def test_block_cohesion_is_standardised_and_blocks_are_exact(rows, window):
    sentences = [" ".join(r) for r in rows]
    cost = costs.BlockCohesion(window=window)
    z = cost.gap_scores(sentences, True)
    inner = z[1:-1]
    assert z[0] == 0 and z[-1] == 0 and np.isfinite(z).all()
    if inner.any():
        assert inner.mean() == pytest.approx(0, abs=1e-9)
        assert inner.std() == pytest.approx(1)
    # The block sums gathered gap by gap are those of the blocks summed outright: the
    # same integers, so the same scores to the bit.
    f = cost._text.counts(sentences, True)[0].astype(np.float64)  # sentence x stem
    m = len(sentences)
    expected = np.zeros(m + 1)
    if m >= 3:
        cos = []
        for g in range(1, m):
            left = f[max(g - window, 0) : g].sum(axis=0)
            right = f[g : min(g + window, m)].sum(axis=0)
            norm = np.sqrt(float(left @ left) * float(right @ right))
            cos.append(float(left @ right) / norm if norm > 0 else 0.0)
        cos = np.array(cos)
        if cos.std() > 1e-9:
            expected[1:m] = (cos - cos.mean()) / cos.std()
    np.testing.assert_array_equal(z, expected)


def test_introductions_cost_a_boundary_before_what_they_introduce():
    # Units: the colon's paragraph, a list below it (cost 1), a heading after a colon (no
    # cost: a section opens there), a plain paragraph after a colon (no cost: as often
    # the text's example was left out), an indented block after a colon (cost 1).
    sentences = [
        "Convey it in one of these ways:\n\n",
        "a) On a disk.\n\n",
        "Or so:\n\n",
        "# Trains\n\nTrains run.\n\n",
        "As follows:\n\n",
        "Bees make honey.\n\n",
        "Run this:\n\n    ",
        "make install\n",
    ]
    cost = costs.Introductions()
    assert cost.gap_costs(sentences, False).tolist() == [0, 1, 0, 0, 0, 0, 0, 1, 0]
    assert cost.boundary_cost(sentences, False) == 0.0


def test_the_default_keeps_an_introduction_with_its_list():
    # GPL-3's section 6: "... in one of these ways:" over the list of ways, where u00_pr
    # without the cost cut (the introduction's cost is 8 nats, and the words can overrule it).
    intro = "You may convey the work under the terms of this License in one of these ways:\n\n"
    items = "".join(
        f"    {c}) Convey the object code on a physical medium of kind {c}.\n\n" for c in "abcde"
    )
    other = "Trains run on rails across the country every day of the year.\n\n" * 6
    text = "Bees make honey in the hive all summer long.\n\n" * 6 + intro + items + other
    for weight, kept in ((0.0, None), (8.0, True)):
        segments = create("u00_pr", colon_weight=weight).segment_text(text, 3).segments
        together = any(intro in s and "a) Convey" in s for s in segments)
        assert kept is None or together is kept

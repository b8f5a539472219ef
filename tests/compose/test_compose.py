"""linseg.compose: segmenters as a measure plus a strategy."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg import C99
from linseg.compose import Composition, measures, rows, strategies, transforms
from support import encoder

BEES = ["Bees make honey.", "The hive holds bees.", "Honey feeds the hive.", "Bees dance."]
SHIPS = ["Ships sail at sea.", "The sea moves ships.", "Sailors steer ships.", "The sea is deep."]
DOC = BEES + SHIPS + BEES


# --- hand-checked cases -------------------------------------------------------------------
def test_exact_dp_on_two_blocks():
    # Segments [0,2) and [2,4) score 4/2 + 4/2 = 4; the other two-segment cuts 1 + 5/3.
    m = np.array([[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]], float)
    assert strategies.ExactDP()(m, 2) == [2]
    # Penalty 0.5: one segment 2 - 0.5, two 4 - 1, three 4 - 1.5, four 4 - 2.
    assert strategies.ExactDP(penalty=0.5)(m, None) == [2]
    assert strategies.ExactDP(penalty=3.0)(m, None) == []  # 2 - 3 beats 4 - 6
    with pytest.raises(ValueError, match="penalty"):
        strategies.ExactDP()(m, None)


def test_reynar_needs_a_count_and_finds_the_blocks():
    m = np.array([[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]], float)
    assert strategies.ReynarGreedy()(m, 2) == [2]
    assert strategies.ReynarGreedy(minimise=True)(m, 2) == [2]
    with pytest.raises(ValueError, match="number of segments"):
        strategies.ReynarGreedy()(m, None)


def test_tfidf_weighs_out_a_word_in_every_sentence():
    sim = measures.TfIdfCosine()(["cats purr", "cats sleep", "dogs bark"], True)
    # "cat" is in 2 of 3 sentences, "purr" and "sleep" in one: sentences 0 and 1 share only
    # cat, weight log(3/2) each; |s0|^2 = log(3/2)^2 + log(3)^2.
    c, u = np.log(1.5), np.log(3.0)
    assert sim[0, 1] == pytest.approx(c * c / (c * c + u * u))
    assert sim[0, 2] == 0 and sim[2, 2] == pytest.approx(1.0)


# --- compositions -------------------------------------------------------------------------
def test_the_default_composition_is_c99(choi_docs):
    composed = Composition(tokenized=True)
    c99 = C99(tokenized=True)
    for doc in choi_docs:
        assert composed.segment(doc.sentences).boundaries == c99.segment(doc.sentences).boundaries
        k = doc.n_segments
        assert (
            composed.segment(doc.sentences, k).boundaries
            == c99.segment(doc.sentences, k).boundaries
        )


@pytest.mark.parametrize(
    "strategy, count",
    [
        (strategies.DivisiveDensity(), None),
        (strategies.DivisiveDensity(), 3),
        (strategies.ReynarGreedy(), 3),
        (strategies.ReynarGreedy(minimise=True), 3),
        (strategies.ExactDP(), 3),
        (strategies.ExactDP(penalty=1.0), None),
        (strategies.DepthScores(), None),
        (strategies.DepthScores(), 3),
    ],
)
@pytest.mark.parametrize("transform", ["rank", None])
def test_a_user_embedding_works_with_every_strategy(strategy, count, transform):
    seg = Composition(measures.Embedding(encoder), transform, strategy)
    result = seg.segment(DOC, count)
    assert result.boundaries == sorted(set(result.boundaries))
    assert all(0 < b < len(DOC) for b in result.boundaries)
    if count is not None:
        assert len(result.boundaries) == count - 1
    if isinstance(strategy, strategies.ExactDP):
        # The topic changes, exactly. (The greedy searches stray on so short a text: the
        # hashed "the" links bees and ships, and an 11 x 11 rank mask covers the whole.)
        assert result.boundaries == [4, 8]


@pytest.mark.parametrize(
    "measure",
    [
        measures.StemCosine(),
        measures.TfIdfCosine(),
        measures.DotDensity(),
        measures.SpreadActivation(),
    ],
)
def test_every_measure_composes(measure):
    assert measure(DOC, False).shape == (len(DOC), len(DOC))  # sentence x sentence
    result = Composition(measure, None, strategies.ExactDP()).segment(DOC, 3)
    assert len(result.boundaries) == 2
    text = " ".join(DOC)
    assert "".join(Composition(measure).segment_text(text).segments) == text


def test_bad_parts_are_refused():
    with pytest.raises(TypeError, match="measure"):
        Composition(measure=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="expected"):
        Composition(measures.Embedding(lambda s: np.zeros((1, 3)))).segment(DOC)
    assert Composition().get_params()["transform"] == "rank"


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.floats(0, 1), min_size=6, max_size=6), min_size=6, max_size=6),
    st.integers(1, 6),
)
def test_exact_dp_beats_every_greedy_answer(rows, k):
    m = np.array(rows)
    m = (m + m.T) / 2
    score = strategies.segment_scores(m)

    def total(bounds):
        cuts = [0, *bounds, 6]
        return sum(score[a, b] for a, b in zip(cuts, cuts[1:]))

    exact = strategies.ExactDP()(m, k)
    assert len(exact) == k - 1
    greedy = strategies.ReynarGreedy()(m, k)
    if len(greedy) == k - 1:
        assert total(exact) >= total(greedy) - 1e-9


def test_transforms():
    m = np.array([[1.0, 0.2], [0.2, 1.0]], dtype=np.float32)
    assert np.array_equal(transforms.NoTransform()(m), m)
    assert not transforms.LocalRank(1)(m).any()  # a one-cell window has nothing lower
    # 3x3 window of cell (0, 0), clipped: cells (0,1), (1,0), (1,1); 0.2 and 0.2 are lower.
    assert transforms.LocalRank(3)(m)[0, 0] == pytest.approx(2 / 3)


def test_exponent_of_the_segment_score():
    score = strategies.segment_scores(np.ones((2, 2)), 0.5)
    assert score[0, 2] == pytest.approx(4 / np.sqrt(2)) and score[0, 1] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="exponent"):
        strategies.ExactDP(exponent=0)


def test_c99_dp_is_the_registered_composition():
    from linseg.methods import create, get
    from linseg.methods.c99_dp import EXPONENT

    assert get("c99_dp").needs_n_segments
    with pytest.raises(ValueError, match="c99_dp needs the number of segments"):
        create("c99_dp").segment(DOC)
    composed = Composition(
        measures.StemCosine(), transforms.LocalRank(11), strategies.ExactDP(exponent=EXPONENT)
    )
    text = " ".join(DOC * 3)
    assert (
        create("c99_dp").segment_text(text, 4).boundaries
        == composed.segment_text(text, 4).boundaries
    )


def test_c99_dp_on_the_papers_corpus(choi_docs):
    # Given the count: 8.3% word-level Pk on 3-11 (C99_b 12.2%, U00 10.1%), with the
    # length exponent chosen on other Brown genres (see compose_registry.EXPONENT).
    from linseg import pk
    from linseg.methods import create

    seg = create("c99_dp", tokenized=True)
    scores = [
        pk(
            d.boundaries,
            seg.segment(d.sentences, d.n_segments).boundaries,
            lengths=d.word_lengths(),
        )
        for d in choi_docs
        if "/3-11/" in str(d.path).replace("\\", "/")
    ]
    assert len(scores) == 400
    assert 100 * np.mean(scores) == pytest.approx(8.3, abs=0.05)


def test_c99_dp_on_a_band_covering_the_document_is_the_dense_search():
    from linseg.methods.c99_dp import C99DP

    sentences = (BEES + SHIPS) * 4 + BEES
    dense = C99DP(band=None).segment(sentences, 5).boundaries
    assert C99DP(band=len(sentences) - 1).segment(sentences, 5).boundaries == dense
    assert C99DP().segment(sentences, 5).boundaries == dense  # "auto": dense when short


def test_c99_dp_on_a_long_document_keeps_to_its_band():
    from linseg.methods.c99_dp import C99DP, DENSE_MAX

    topics = [BEES, SHIPS, ["Granite is a rock.", "Rocks weather slowly.", "Granite is hard."]]
    sentences = [s for i in range(DENSE_MAX // 30 + 20) for s in topics[i % 3] * 10]
    assert len(sentences) > DENSE_MAX
    seg = C99DP()
    k = len(sentences) // 200
    width = max(149, -(-3 * len(sentences) // k))
    result = seg.segment(sentences, k)
    assert result.band == width
    assert len(result.boundaries) == k - 1
    cuts = [0, *result.boundaries, len(sentences)]
    assert max(b - a for a, b in zip(cuts, cuts[1:])) <= width + 1


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 30), st.integers(0, 2**32 - 1), st.floats(0.1, 2.0))
def test_segment_scores_over_units_are_the_full_tables_cells(n, seed, exponent):
    rng = np.random.default_rng(seed)
    m = rng.random((n, n))
    inner = sorted(set(rng.integers(1, n, size=rng.integers(0, n)).tolist()))
    at = np.array([0, *inner, n])
    full = strategies.segment_scores(m, exponent)[np.ix_(at, at)]
    assert np.array_equal(strategies.segment_scores(m, exponent, at), full)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 12), st.integers(0, 2**32 - 1), st.floats(0.1, 2.0), st.booleans())
def test_segment_scores_are_each_blocks_mass_over_its_length(n, seed, exponent, diagonal):
    # The definition, block by block: every cell of [a, b) x [a, b) summed (the diagonal's
    # left out without ``diagonal``), over (b - a) ** exponent; -inf unless a < b.
    rng = np.random.default_rng(seed)
    m = rng.random((n, n)).astype(np.float32)
    score = strategies.segment_scores(m, exponent, diagonal=diagonal)
    assert score.shape == (n + 1, n + 1)
    for a in range(n + 1):
        for b in range(n + 1):
            if b <= a:
                assert score[a, b] == -np.inf
                continue
            block = m[a:b, a:b].astype(np.float64)
            mass = block.sum() - (0.0 if diagonal else np.trace(block))
            assert score[a, b] == pytest.approx(mass / (b - a) ** exponent, rel=1e-12, abs=1e-12)


def test_c99_is_the_composition_of_its_parts():
    c99 = C99(mask_size=7, c=0.8)
    assert isinstance(c99, Composition)
    assert isinstance(c99._measure, measures.StemCosine)
    assert isinstance(c99._transform, transforms.LocalRank) and c99._transform.mask_size == 7
    assert isinstance(c99._strategy, strategies.DivisiveDensity) and c99._strategy.c == 0.8
    sentences = (BEES + SHIPS) * 3 + BEES
    for count in (None, 3):
        # The generic pipeline run on C99's declared parts gives C99's own boundaries.
        generic = Composition._run(c99, sentences, count, None).boundaries
        assert generic == c99.segment(sentences, count).boundaries


# --- Reynar's rows as compositions --------------------------------------------------------
def test_spread_activation_is_a_sentence_measure():
    # Sentences 0 and 1 share no stem; "hive" and "bees" meet in sentence 1, so spread
    # activation links sentence 0 (bees) to sentence 2 (hive) through them.
    sentences = ["bees hum", "bees hive", "hive wax", "ships sail", "ships sea"]
    sim = measures.SpreadActivation(steps=2, min_count=1)(sentences, True)
    assert sim.shape == (5, 5) and np.allclose(sim, sim.T)
    assert sim[0, 2] > 0 and sim[0, 3] == 0 and sim[3, 4] > 0
    # min_count=2 keeps only bees, hive and ships: "hum", "wax", "sail", "sea" leave the plot.
    kept = measures.SpreadActivation(min_count=2)
    assert kept.positions(sentences, True).tolist() == [1, 2, 1, 1, 1]


@pytest.mark.parametrize(
    ("name", "measure", "strategy"),
    [
        ("r98_m_dot", measures.DotDensity(hyphens=False), strategies.ReynarGreedy(areas="words")),
        (
            "r98_min",
            measures.DotDensity(hyphens=False),
            strategies.ReynarExact(minimise=True),
        ),
        (
            "r98_m_sa",
            measures.SpreadActivation(6, hyphens=False, reference=True),
            strategies.ReynarGreedy(areas="words", whole_dots=True),
        ),
        ("r98_s_cos", measures.StemCosine(hyphens=False), strategies.DivisiveDensity()),
    ],
)
def test_reynars_rows_are_compositions_of_the_pieces(name, measure, strategy):
    from linseg.methods import create

    row = create(name)
    assert isinstance(row, Composition)
    assert type(row._measure) is type(measure) and type(row._strategy) is type(strategy)
    assert row._transform is None
    mine = Composition(measure, None, strategy, tokenized=False)
    sentences = (BEES + SHIPS) * 2 + ["Sailors hum.", "Bees and ships are both well-known."]
    for count in (2, 3, 5):
        assert mine.segment(sentences, count).boundaries == row.segment(sentences, count).boundaries


def test_areas_in_words_need_positions():
    m = np.array([[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]], float)
    reynar = strategies.ReynarGreedy(areas="words")
    with pytest.raises(ValueError, match="positions"):
        reynar(m, 2)
    # Cut at 2: 8 dots inside. In sentences the squares hold 2^2 + 2^2 = 8 positions
    # (density 1); with a first sentence of 10 words, (10 + 1)^2 + 2^2 = 125.
    assert reynar(m, 2, positions=np.ones(4)) == [2]
    found = reynar.search(m, 2, positions=np.array([10.0, 1.0, 1.0, 1.0]))
    assert found.order.tolist() == [2] and found.objective[0] == pytest.approx(8 / 125)
    assert strategies.ReynarGreedy().search(m, 2).objective[0] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="positions"):
        Composition(measures.Embedding(encoder), None, reynar).segment(DOC, 2)
    with pytest.raises(ValueError, match="areas"):
        strategies.ReynarGreedy(areas="pages")


# --- Hearst's depth scores on sentences -----------------------------------------------------
def test_depth_scores_by_hand():
    # Two blocks of three identical sentences. Gap scores (block 2): 1, 2/sqrt(8), 0,
    # 2/sqrt(8), 1; depths 0, 1 - 1/sqrt(2), 2, 1 - 1/sqrt(2), 0; cut-off mean - sd/2 =
    # 0.141, so three gaps pass it, and two sentences apart only the deepest stays.
    m = np.kron(np.eye(2), np.ones((3, 3)))
    plain = strategies.DepthScores(block=2, smoothing_rounds=0)
    half = 1 / np.sqrt(2)
    np.testing.assert_allclose(plain.gap_scores(m), [1, half, 0, half, 1])
    np.testing.assert_allclose(plain.depth(m), [0, 1 - half, 2, 1 - half, 0], atol=1e-12)
    assert plain(m, None) == [3]
    assert strategies.DepthScores(block=2, smoothing_rounds=0, min_separation=1)(m, None) == [
        2,
        3,
        4,
    ]
    assert plain(m, 2) == [3]
    assert plain(np.ones((1, 1)), None) == [] and plain(m, 1) == []


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([None, 2, 3]))
def test_depth_scores_on_dot_density_is_texttiling_on_twenty_word_sentences(seed, k):
    # When every sentence is one of TextTiling's token-sequences (20 counted words), block
    # comparison over the dot-product matrix of sentences is TextTiling's, to the bit:
    # the sums are integers either way.
    import random

    from linseg.methods import create

    vocab = [
        "apple",
        "river",
        "stone",
        "cloud",
        "forest",
        "engine",
        "garden",
        "silver",
        "ocean",
        "mountain",
        "letter",
        "window",
        "candle",
        "rabbit",
        "violin",
        "harbor",
        "pencil",
        "tunnel",
        "meadow",
        "planet",
    ]
    rng = random.Random(seed)
    sentences = []
    for _ in range(rng.randint(2, 4)):
        topic = rng.sample(vocab, 8)
        for _ in range(rng.randint(3, 12)):
            sentences.append(" ".join(rng.choice(topic) for _ in range(20)))
    texttiling = create("texttiling", tokenized=True)
    depth = strategies.DepthScores(block=10, min_separation=4)
    composed = Composition(measures.DotDensity(), None, depth, tokenized=True)
    found = texttiling.segment(sentences, k)
    assert composed.segment(sentences, k).boundaries == found.boundaries
    gaps = depth.gap_scores(measures.DotDensity()(sentences, True))
    assert np.array_equal(gaps, found.gap_scores)


def test_depth_scores_on_a_user_embedding():
    # The two topic changes are the deepest gaps; Hearst's liberal cut-off (mean - sd/2)
    # also lets a shallow one through on so short a text.
    seg = Composition(measures.Embedding(encoder), None, strategies.DepthScores(block=2))
    assert seg.segment(DOC, 3).boundaries == [4, 8]
    assert {4, 8} <= set(seg.segment(DOC).boundaries)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 16), st.integers(1, 5), st.integers(0, 10_000))
def test_depth_scores_gap_scores_are_the_block_formula(n, block, seed):
    rng = np.random.default_rng(seed)
    m = rng.random((n, n))
    m = m + m.T
    expected = []
    for b in range(1, n):
        k = min(block, b, n - b)
        left, right = slice(b - k, b), slice(b, b + k)
        expected.append(m[left, right].sum() / np.sqrt(m[left, left].sum() * m[right, right].sum()))
    found = strategies.DepthScores(block=block).gap_scores(m)
    # The strategy sums runs as differences of prefix sums: exact to about eps times the
    # diagonal's total, which a small diagonal cell in a denominator magnifies (seed 1046,
    # n=12, block=1 differs in the 12th digit).
    np.testing.assert_allclose(found, expected, rtol=1e-9)


def test_depth_scores_on_a_band():
    # C99's cosine within the band is the dense matrix's, cell for cell, so the strategy
    # (which reads 2 block - 1 diagonals) finds the same boundaries without the n x n matrix.
    depth = strategies.DepthScores(block=2)
    dense = Composition(transform=None, strategy=depth).segment(DOC)
    banded = Composition(transform=None, strategy=depth, band=3).segment(DOC)
    assert banded.boundaries == dense.boundaries
    with pytest.raises(ValueError, match="band holds 2"):
        Composition(transform=None, strategy=depth, band=2).segment(DOC)


# --- rows other than sentences ----------------------------------------------------------------
TEXTTILING_ROWS = [
    ("texttiling", 10, 4),
    ("texttiling_r", 6, 4),
    ("texttiling_94", 10, 1),
    ("texttiling_94_r", 6, 1),
]


def texttiling_by_hand(k: int, separation: int, tokenized: bool | None = None) -> Composition:
    """A registered TextTiling row from the public pieces."""
    return Composition(
        measures.DotDensity(),
        None,
        strategies.DepthScores(block=k, min_separation=separation),
        tokenized,
        rows=rows.TokenSequences(20),
    )


@pytest.mark.parametrize("name, k, separation", TEXTTILING_ROWS)
def test_texttiling_rows_are_compositions_of_the_pieces(name, k, separation):
    from pathlib import Path

    from linseg.methods import create

    text = (Path(__file__).parents[2] / "examples" / "three-topics.txt").read_text()
    hand, registered = texttiling_by_hand(k, separation), create(name)
    for count in (None, 2, 3, 5):
        assert (
            hand.segment_text(text, count).boundaries
            == registered.segment_text(text, count).boundaries
        )


@pytest.mark.parametrize("name, k, separation", TEXTTILING_ROWS)
def test_texttiling_rows_are_compositions_on_the_shared_corpora(
    name, k, separation, choi_docs, data_root
):
    from linseg.methods import create

    hand, registered = texttiling_by_hand(k, separation, True), create(name, tokenized=True)
    for doc in choi_docs[::5]:
        for count in (None, doc.n_segments):
            assert (
                hand.segment(doc.sentences, count).boundaries
                == registered.segment(doc.sentences, count).boundaries
            )
    raw, hand_raw = create(name), texttiling_by_hand(k, separation)
    for page in sorted((data_root / "natural" / "python-docs").glob("*.txt"))[::4]:
        text = page.read_text()
        assert hand_raw.segment_text(text).boundaries == raw.segment_text(text).boundaries


def test_nearest_break_by_hand():
    breaks = np.array([5, 12, 20])  # the breaks before sentences 1, 2 and 3
    assert rows.nearest_break(breaks, 8) == 1  # 3 words from 5, 4 from 12
    assert rows.nearest_break(breaks, 8.5) == 1  # a tie goes to the earlier break
    assert rows.nearest_break(breaks, 10) == 2
    assert rows.nearest_break(breaks, 0) == 1 and rows.nearest_break(breaks, 30) == 3
    assert rows.nearest_break(np.array([]), 4) == 0


def test_paragraphs_as_rows():
    # Three paragraphs: bees, bees, ships. The matrix compares paragraphs; the one
    # boundary asked for falls where the ships' paragraph starts (sentence 4).
    text = (
        "Bees make honey. The hive holds bees.\n\n"
        "Honey feeds the hive. Bees dance.\n\n"
        "Ships sail at sea. The sea moves ships. Sailors steer ships."
    )
    split = rows.Paragraphs()(linseg_sentences(text), False)
    assert len(split.texts) == 3 and split.snap(1) == 4
    seg = Composition(measures.StemCosine(), None, strategies.ExactDP(), rows=rows.Paragraphs())
    result = seg.segment_text(text, 2)
    assert result.boundaries == [4]
    assert "".join(result.segments) == text


def linseg_sentences(text: str) -> list[str]:
    import linseg

    return linseg.segment_text(text, method="b_n").result.sentences


def test_rows_refuse_what_they_cannot_serve():
    from linseg.compose import costs

    with pytest.raises(TypeError, match="rows"):
        Composition(rows="paragraphs")  # type: ignore[arg-type]
    cost = strategies.ExactDP(1.0, cost=costs.Multinomial())
    with pytest.raises(ValueError, match="use rows=None"):
        Composition(strategy=cost, rows=rows.Paragraphs()).segment(DOC)
    # A band of rows narrower than the strategy reads is refused, as on sentences.
    depth = strategies.DepthScores(block=2)
    with pytest.raises(ValueError, match="band holds 2"):
        Composition(
            measures.DotDensity(), None, depth, band=2, rows=rows.TokenSequences(3)
        ).segment(DOC)


# --- the baselines as strategies ----------------------------------------------------------------
def test_baseline_strategies_by_hand():
    seven = [f"Sentence {i}." for i in range(7)]

    def run(kind: str, k: int | None = None, seed: int = 0) -> list[int]:
        return Composition(strategy=strategies.Baseline(kind, seed)).segment(seven, k).boundaries

    assert run("none") == []
    assert run("all") == [1, 2, 3, 4, 5, 6]
    assert run("regular", 3) == [2, 4, 6]  # chunks of floor(7 / 3) = 2: four segments
    assert run("regular", 2) == [3, 6]
    random = run("random", seed=5)
    assert random == run("random", seed=5) and set(random) <= set(range(1, 7))
    drawn = run("random_count", 4, seed=5)
    assert len(drawn) == 3 and drawn == sorted(set(drawn)) and set(drawn) <= set(range(1, 7))
    with pytest.raises(ValueError, match="B_e needs the number of segments"):
        run("regular")
    with pytest.raises(ValueError, match="kind"):
        strategies.Baseline("some")


@pytest.mark.parametrize(
    "name, kind, seed",
    [
        ("b_n", "none", 0),
        ("b_a", "all", 0),
        ("b_e", "regular", 0),
        ("b_r", "random", 3),
        ("b_rb", "random_count", 3),
    ],
)
def test_the_baselines_are_compositions(name, kind, seed, choi_docs):
    from linseg.methods import create

    registered = create(name, seed=seed) if name in ("b_r", "b_rb") else create(name)
    hand = Composition(strategy=strategies.Baseline(kind, seed))
    for doc in choi_docs[::10]:
        k = doc.n_segments
        assert (
            hand.segment(doc.sentences, k).boundaries
            == registered.segment(doc.sentences, k).boundaries
        )


def test_pieces_that_count_the_same_stems_read_the_words_once(monkeypatch):
    # U00 composed by hand: the stem cosine and the multinomial cost share a processor,
    # and the strategy's sum of costs is searched for pieces too.
    from linseg.compose import costs
    from linseg.text.processor import TextProcessor

    calls = []
    read = TextProcessor._read_ids

    def counted(self, sentences, tokenized):
        calls.append(1)
        return read(self, sentences, tokenized)

    def build() -> Composition:
        cost = costs.Sum([(1.0, costs.Multinomial()), (0.5, costs.LengthPrior())])
        return Composition(
            measures.Sum([(1.0, measures.StemCosine(), None), (1.0, measures.TfIdfCosine(), None)]),
            transform=None,
            strategy=strategies.ExactDP(penalty=1.0, cost=cost),
        )

    shared = build()
    assert len(shared._texts) == 1
    alone = build()
    alone._texts = []  # no document block: every piece reads for itself
    monkeypatch.setattr(TextProcessor, "_read_ids", counted)
    found = shared.segment(DOC, 3)
    assert len(calls) == 1
    assert alone.segment(DOC, 3).boundaries == found.boundaries
    assert len(calls) > 2
    # A piece that reads otherwise keeps its own processor.
    french = Composition(
        measures.Sum(
            [(1.0, measures.StemCosine(), None), (1.0, measures.StemCosine(language="fr"), None)]
        )
    )
    assert len(french._texts) == 2

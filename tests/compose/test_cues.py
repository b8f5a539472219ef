"""Learned section cues (linseg.compose.costs.cues, costs.SectionCues) and the tool that trains
them."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import linseg
from linseg import kernels
from linseg.compose import Composition, costs, measures, strategies, transforms
from linseg.compose.costs.cues import (
    _PAIR_FAMILIES,
    DEFAULT_MODEL,
    MIN_UNITS,
    SENTENCE_MODEL,
    TITLE_WORDS,
    feature_index,
    gap_features,
    gap_log_odds,
    paragraph_texts,
    title_like,
)
from linseg.methods import create
from linseg.methods.u00 import U00
from linseg.text.outline import paragraph_starts
from linseg.text.sentences import split_sentences

ROOT = Path(__file__).resolve().parents[2]

token_spans = kernels.load("linseg.compose.costs._cues").token_spans


def _model(
    path: Path, weight: float, intercept: float, base: float, bits: int = 4, titles=None
) -> Path:
    extra = {} if titles is None else {"titles": np.int64(titles)}
    np.savez(
        path,
        weights=np.full(1 << bits, weight, dtype=np.float16),
        intercept=np.float64(intercept),
        base_logit=np.float64(base),
        bits=np.int64(bits),
        **extra,
    )
    return path


# --- hand-checked cases -------------------------------------------------------------------
def test_the_features_of_a_gap_by_hand():
    # Before: 6 words, log2(7) = 2.8 -> la=2; after: 5 words, log2(6) = 2.6 -> lb=2, one
    # sentence, the gap at 6 x 1/2 of the way -> pos=3. Five of the six tokens after ('.'
    # is the exception) are new: int(5 x 5/6) = 4. No content word (4 letters or more)
    # is shared: jac=0, ov=0, jac3=0, and all three of "this", "section", "trains" are
    # new to the window before: new3=5.
    assert gap_features(["Bees make honey. Bees guard hives.", "In this section trains run."]) == [
        [
            "f1=in",
            "f2=in this",
            "f3=in this section",
            "lb=2",
            "ns=1",
            "b:.",
            "b:in",
            "b:run",
            "b:section",
            "b:this",
            "b:trains",
            "l1=.",
            "l2=hives .",
            "pe=.",
            "la=2",
            "pos=3",
            "new=4",
            "jac=0",
            "ov=0",
            "jac3=0",
            "new3=5",
        ]
    ]
    assert gap_features(["One paragraph."]) == []


def test_a_model_that_reads_titles_sees_a_title_each_side_of_it(tmp_path):
    # "Bee keeping" is a title as plain text has it: one line, 2 words, no end mark. So
    # is "What do bees eat?"; "Bees eat:" ends as a clause does, and a paragraph of two
    # lines or of 13 words is no title.
    assert title_like("  Bee keeping\n") and title_like("What do bees eat?")
    assert not title_like("Bees eat:") and not title_like("Bee\nkeeping")
    assert title_like(" ".join(["w"] * TITLE_WORDS)) and not title_like(" ".join(["w"] * 13))
    paragraphs = [
        "Bees make honey. Bees guard hives.",
        "Bee keeping",
        "In this section trains run.",
    ]
    plain = gap_features(paragraphs)
    read = gap_features(paragraphs, titles=True)
    assert read[0] == plain[0][:5] + ["ot=1"] + plain[0][5:]
    assert read[1] == plain[1][:-6] + ["pt=1"] + plain[1][-6:] and plain[1][-7] == "la=1"
    # Every weight 0.5 and no offset: one feature more each side of the title, where the
    # model reads titles; a model written before titles were read has no such entry.
    reads = _model(tmp_path / "t.npz", 0.5, 0.0, 0.0, titles=1)
    older = _model(tmp_path / "o.npz", 0.5, 0.0, 0.0)
    assert gap_log_odds(paragraphs, reads) == pytest.approx([0.5 * len(f) for f in read])
    assert gap_log_odds(paragraphs, older) == pytest.approx([0.5 * len(f) for f in plain])


def test_the_log_odds_are_the_sum_of_the_weights_less_the_base_rate(tmp_path):
    # Every weight 0.5, intercept 1 and base rate log-odds 1.5: a gap with f features
    # scores 0.5 f - 0.5.
    model = _model(tmp_path / "m.npz", 0.5, 1.0, 1.5)
    paragraphs = ["Bees make honey. Bees guard hives.", "In this section trains run."]
    (features,) = gap_features(paragraphs)
    assert gap_log_odds(paragraphs, model) == pytest.approx([0.5 * len(features) - 0.5])
    # The scores of the last few documents are kept; a caller's changes to its copy are
    # its own.
    first = gap_log_odds(paragraphs, model)
    first[0] = 99.0
    assert gap_log_odds(paragraphs, model) == pytest.approx([0.5 * len(features) - 0.5])


def test_the_default_cuts_before_titles_written_as_plain_lines():
    # examples/beekeeping.txt: four sections of two or three paragraphs, each opened by a
    # title on a line of its own, no marks. The cue model that reads titles puts every
    # boundary before a title (the one before it cut after them: six segments).
    text = (ROOT / "examples" / "beekeeping.txt").read_text(encoding="utf-8")
    result = linseg.segment_text(text)
    assert "".join(result.segments) == text
    assert [s.split("\n")[0] for s in result.segments] == [
        "Keeping Bees in a Small Garden",
        "Choosing a Hive",
        "Feeding and Water",
        "Harvesting Honey",
    ]


def test_the_cost_scores_paragraph_and_sentence_gaps(tmp_path):
    model = _model(tmp_path / "m.npz", 0.25, 0.0, 0.0)
    by_sentence = _model(tmp_path / "s.npz", 0.5, 1.0, 0.0)
    # Eight paragraphs of two sentences: as many units as the smallest training page.
    words = ["Bees", "Trains", "Ovens", "Rivers", "Clocks", "Ships", "Roads", "Lamps"]
    sentences = []
    for w in words:
        sentences += [f"{w} work hard. ", f"{w} rest.\n\n"]
    sentences[-1] = sentences[-1].rstrip()
    starts = list(range(0, 16, 2))
    assert MIN_UNITS == 8 and paragraph_starts(sentences) == starts
    cost = costs.SectionCues(model, by_sentence)
    s = cost.gap_scores(sentences, False, starts)
    expected = [0.25 * len(f) for f in gap_features(paragraph_texts(sentences, starts))]
    assert s == pytest.approx([0.0, *expected, 0.0])
    table = cost(sentences, False, starts)
    assert table.shape == (9, 9)
    assert table[0, 1] == -s[1] and table[1, 2] == -s[2] and table[0, 8] == 0.0
    assert np.isinf(table[1, 1]) and np.isinf(table[2, 0])
    assert cost.boundary_cost(sentences, False) == 0.0
    # Every sentence a unit of the text without its blank lines: the sentence model, 0.5 a
    # feature plus its offset of 1. With its blank lines, the sentences score 0: that
    # model cannot see them.
    flat = [x.replace("\n\n", " ") for x in sentences]
    per_sentence = [1 + 0.5 * len(f) for f in gap_features(flat)]
    assert cost.gap_scores(flat, False, None) == pytest.approx([0, *per_sentence, 0])
    assert cost.gap_scores(flat, False, range(16)) == pytest.approx([0, *per_sentence, 0])
    assert not cost.gap_scores(sentences, False, None).any()
    # Other units (a heading's sections), and texts shorter than any training page,
    # score 0.
    assert not cost.gap_scores(sentences, False, [0, 4, 8]).any()
    assert not cost.gap_scores(sentences, False, starts[:7]).any()
    assert not cost.gap_scores(flat[:7], False, None).any()
    assert cost.gap_scores(flat[:8], False, None).any()


def test_an_unreadable_model_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a model")
    with pytest.raises(ValueError, match="cannot read a section-cue model"):
        gap_log_odds(["A b.", "C d."], bad)
    np.savez(tmp_path / "short.npz", weights=np.zeros(3), intercept=0.0, base_logit=0.0, bits=4)
    with pytest.raises(ValueError, match="3 weights for a model of 2\\^4"):
        gap_log_odds(["A b.", "C d."], tmp_path / "short.npz")


# --- the shipped model --------------------------------------------------------------------
def test_the_shipped_model_reads_what_writers_do():
    paragraphs = [
        "Sorting is easy with the sorted function. It returns a new list.",
        "This also works for tuples. The key argument changes the order.",
        "In this section we look at how to read files from disk.",
        "Note that the file must exist. Otherwise open raises an error.",
    ]
    also, section, note = gap_log_odds(paragraphs)
    # A paragraph that announces a section, on new words, against a continuation and an
    # aside on the same words.
    assert section > 1.0 > also > note
    assert note < 0
    with np.load(DEFAULT_MODEL) as model:
        assert int(model["bits"]) == 18
        # about one gap in nine opens a section in the training pages
        assert -2.5 < float(model["base_logit"]) < -1.5


def test_the_cues_readme_lists_every_package_of_the_training_list():
    listed = (ROOT / "tools" / "cue-packages.txt").read_text().split()
    readme = (ROOT / "src" / "linseg" / "data" / "cues-README.md").read_text()
    rows = [line.split("`")[1] for line in readme.splitlines() if line.startswith("| `")]
    assert rows == listed and len(rows) == 340


# --- in U00 -------------------------------------------------------------------------------
TEXT = (
    "Bees make honey in the hive. The hive keeps the honey warm.\n\n"
    "Honey bees guard the hive. A hive has one queen.\n\n"
    "The queen lays eggs in the hive. Young bees feed the queen.\n\n"
    "Bees carry pollen home. The honey ripens in the comb.\n\n"
    "In this section we turn to trains. Trains run on rails between towns.\n\n"
    "Rails join the towns. A train stops at every town.\n\n"
    "Each train has a driver. The driver watches the rails.\n\n"
    "Towns build stations for trains. A station has a clock.\n"
)


def test_the_cues_change_nothing_where_they_do_not_apply():
    plain = U00(units="headings", penalty=1.1, rank_weight=1.0)
    cued = U00(units="headings", penalty=1.1, rank_weight=1.0, cue_weight=2.0)
    # A text of fewer units than any training page (here four paragraphs), and a text cut
    # at its headings.
    short = "\n\n".join(TEXT.split("\n\n")[3:7])
    headed = "".join(f"Part {i}\n======\n\n{p}\n\n" for i, p in enumerate(TEXT.split("\n\n"), 1))
    for text in (short, short.replace("\n\n", " ")[:150], headed):
        for k in (None, 2):
            assert cued.segment_text(text, k).boundaries == plain.segment_text(text, k).boundaries
    # More segments asked than the eight paragraphs: the search cuts between sentences,
    # but the text has blank lines, which the model of sentence gaps cannot see.
    assert cued.segment_text(TEXT, 10).boundaries == plain.segment_text(TEXT, 10).boundaries
    german = U00(units="headings", penalty=1.1, rank_weight=1.0, cue_weight=2.0, language="de")
    german_plain = U00(units="headings", penalty=1.1, rank_weight=1.0, language="de")
    assert german.segment_text(TEXT).boundaries == german_plain.segment_text(TEXT).boundaries
    assert create("u00_pr").get_params()["cue_weight"] == 2.0
    with pytest.raises(ValueError, match="cue_weight"):
        U00(cue_weight=-1.0)


def test_a_text_without_blank_lines_reads_the_sentence_model():
    # Sixteen sentences and no paragraph: every sentence gap gains twice its log-odds
    # under the model of sentence gaps, and the default is that composition.
    flat = TEXT.replace("\n\n", " ")
    sentences = [flat[a:b] for a, b in split_sentences(flat)]
    assert len(sentences) == 16 and paragraph_starts(sentences) == [0]

    def search(cue_weight: float) -> strategies.ExactDP:
        cost = costs.Sum([(1.0, costs.Multinomial()), (cue_weight, costs.SectionCues())])
        return strategies.ExactDP(1.1, 0.6, cost=cost, units="headings", diagonal=False)

    rank = np.zeros((16, 16))
    plain = search(0.0).unit_scores(rank, sentences, False, list(range(16)), None)
    cued = search(2.0).unit_scores(rank, sentences, False, list(range(16)), None)
    finite = np.isfinite(plain)
    bonus = np.where(finite, cued, 0.0) - np.where(finite, plain, 0.0)
    odds = gap_log_odds(sentences, SENTENCE_MODEL)
    assert not np.allclose(odds, gap_log_odds(sentences))  # not the paragraph model
    for j in range(1, 16):
        assert np.allclose(bonus[:j, j], 2 * odds[j - 1])
    hand = Composition(measures.StemCosine(), transforms.LocalRank(11), search(2.0))
    for k in (None, 2, 3):
        assert (
            create("u00_pr").segment_text(flat, k).boundaries
            == hand.segment_text(flat, k).boundaries
        )


def test_a_strong_cue_moves_the_cut(tmp_path):
    # A model whose only weight is on "f1=in" (a paragraph opening "In"): given two
    # segments, the search cuts before "In this section ..." (the fifth paragraph, the
    # ninth sentence), and the table it maximises gains the gap's log-odds in that column
    # only.
    bits = 18
    weights = np.zeros(1 << bits, dtype=np.float16)
    weights[feature_index("f1=in", bits)] = 50.0
    model = tmp_path / "in.npz"
    np.savez(model, weights=weights, intercept=0.0, base_logit=0.0, bits=bits)
    sentences = [TEXT[a:b] for a, b in split_sentences(TEXT)]
    starts = paragraph_starts(sentences)
    assert starts == list(range(0, 16, 2))

    def search(cue_weight: float) -> strategies.ExactDP:
        cost = costs.Sum([(1.0, costs.Multinomial()), (cue_weight, costs.SectionCues(model))])
        return strategies.ExactDP(1.1, 0.6, cost=cost, units="paragraphs", diagonal=False)

    rank = np.zeros((len(sentences), len(sentences)))
    plain = search(0.0).unit_scores(rank, sentences, False, starts, 2)
    cued = search(1.0).unit_scores(rank, sentences, False, starts, 2)
    finite = np.isfinite(plain)
    assert np.array_equal(finite, np.isfinite(cued))
    bonus = np.where(finite, cued, 0.0) - np.where(finite, plain, 0.0)
    assert np.allclose(bonus[:, 4][finite[:, 4]], 50.0)
    assert np.allclose(bonus[:, [1, 2, 3, 5, 6, 7, 8]], 0.0)
    segmenter = Composition(measures.StemCosine(), transforms.LocalRank(11), search(1.0))
    assert segmenter.segment(sentences, 2).boundaries == [8]


# --- properties ---------------------------------------------------------------------------
_word = st.sampled_from(["bees", "honey", "trains", "rails", "this", "note", "section", "the"])
_paragraph = st.lists(_word, min_size=1, max_size=12).map(
    lambda ws: " ".join(ws).capitalize() + "."
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_paragraph, min_size=2, max_size=12), st.data())
def test_a_gap_reads_only_its_neighbourhood(paragraphs, data):
    # Every gap has one feature of each kind, and changing a paragraph more than three
    # paragraphs away changes none of its features.
    gaps = gap_features(paragraphs)
    assert len(gaps) == len(paragraphs) - 1
    for features in gaps:
        kinds = [f.split("=")[0] for f in features if not f.startswith("b:")]
        assert kinds == ["f1", "f2", "f3", "lb", "ns", "l1", "l2", "pe", "la", "pos", "new"] + [
            "jac",
            "ov",
            "jac3",
            "new3",
        ]
    far = data.draw(st.integers(0, len(paragraphs) - 1))
    changed = list(paragraphs)
    changed[far] = "Zebras graze quietly everywhere today."
    for i, (before, after) in enumerate(zip(gaps, gap_features(changed)), 1):
        if far < i - 3 or far > i + 2:
            assert before == after


# Any text: letters of several scripts, digits that are and are not decimal, apostrophes,
# marks, white space of several kinds, and lone surrogates (text decoded with
# "surrogateescape").
_any_text = st.text(
    st.sampled_from(list("aZq'9٣𝟎²Ⅳé中.!?,-_ \t\n\u00a0\u2028\ud800\udfff")) | st.characters(),
    max_size=40,
)


# A line of words without an end mark, a title when it has at most TITLE_WORDS of them.
_title = st.lists(_word, min_size=1, max_size=14).map(lambda ws: " ".join(ws).capitalize())


@settings(max_examples=150, deadline=None)
@given(st.lists(_paragraph | _title | _any_text, min_size=0, max_size=10))
def test_the_log_odds_sum_the_weights_of_the_strings_training_reads(paragraphs):
    # Training hashes gap_features' strings; scoring sums each paragraph's own weights
    # once. The two must agree on every gap, with the shipped models (the paragraph
    # model reads titles, the sentence model does not).
    for model in (DEFAULT_MODEL, SENTENCE_MODEL):
        weights = np.load(model)
        bits = int(weights["bits"])
        w = weights["weights"].astype(np.float64)
        offset = float(weights["intercept"]) - float(weights["base_logit"])
        titles = model == DEFAULT_MODEL
        assert (int(weights["titles"]) if "titles" in weights.files else 0) == titles
        expected = [
            offset + sum(w[feature_index(f, bits)] for f in gap)
            for gap in gap_features(paragraphs, titles)
        ]
        np.testing.assert_allclose(gap_log_odds(paragraphs, model), expected, rtol=0, atol=1e-12)


# The definitions the compiled reader must follow, written plainly: the tokens, and the
# buckets of the features that compare a gap's two sides (cues._PAIR_FAMILIES).
_TOKEN = re.compile(r"[A-Za-z][A-Za-z']*|\d+|[^\sA-Za-z\d]")


def _plain_buckets(paragraphs: list[str]) -> list[tuple[int, ...]]:
    tokens = [_TOKEN.findall(p.strip().lower()) for p in paragraphs]
    content = [{t for t in ts if len(t) > 3} for ts in tokens]

    def overlap(a: set, b: set) -> float:
        return len(a & b) / max(1, len(a | b))

    out = []
    for i in range(1, len(paragraphs)):
        prev, cur = set(tokens[i - 1]), tokens[i]
        before = set().union(*content[max(0, i - 3) : i])
        after = set().union(*content[i : i + 3])
        shared = len(content[i - 1] & content[i])
        out.append(
            (
                min(5, int(6 * i / len(paragraphs))),
                int(5 * sum(t not in prev for t in cur) / max(1, len(cur))),
                int(10 * overlap(content[i - 1], content[i])),
                min(5, shared),
                int(20 * overlap(before, after)),
                int(5 * len(content[i] - before) / max(1, len(content[i]))),
            )
        )
    return out


@settings(max_examples=200, deadline=None)
@given(st.lists(_any_text, max_size=6))
def test_the_compiled_tokens_are_those_of_the_rule(texts):
    starts, ends, hashes, offsets = token_spans(texts)
    for p, text in enumerate(texts):
        spans = zip(starts[offsets[p] : offsets[p + 1]], ends[offsets[p] : offsets[p + 1]])
        assert [text[a:b] for a, b in spans] == _TOKEN.findall(text)
    # Equal tokens hash alike, wherever they are.
    by_token: dict[str, set[int]] = {}
    for p, text in enumerate(texts):
        for t in range(offsets[p], offsets[p + 1]):
            by_token.setdefault(text[starts[t] : ends[t]], set()).add(int(hashes[t]))
    assert all(len(h) == 1 for h in by_token.values())


@settings(max_examples=150, deadline=None)
@given(st.lists(_paragraph | _any_text, min_size=0, max_size=14))
def test_the_compiled_comparisons_are_those_of_their_definition(paragraphs):
    features = gap_features(paragraphs)
    names = [name for name, _ in _PAIR_FAMILIES]
    read = [
        tuple(int(f.split("=")[1]) for f in gap if f.split("=")[0] in names) for gap in features
    ]
    assert read == _plain_buckets(paragraphs)


def _tool(name: str):
    """A script of ``tools/`` as a module (they import each other by name)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
        tool = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(tool)
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return tool


def _planted_manual(folder: Path, seed: int = 0, pages: int = 6, titles: bool = False) -> None:
    """A manual whose sections all open "Zebras ..." (other paragraphs open with other
    words), as ``tools/train_cues.py build`` writes one: ``.txt`` + ``.words`` pages; with
    ``titles`` as it writes them again, each section opened by a title line."""
    folder.mkdir(parents=True)
    rng = np.random.default_rng(seed)
    for page in range(pages):
        paragraphs, starts, words = [], [], 0
        for section in range(4):
            if section:
                starts.append(words)
            if titles:
                title = f"Part {section} of the walk"
                paragraphs.append(title)
                words += len(title.split())
            for p in range(3):
                opener = "Zebras" if p == 0 else str(rng.choice(["Bees", "Trains", "Ovens"]))
                text = f"{opener} walk along. They rest by the water."
                paragraphs.append(text)
                words += len(text.split())
        (folder / f"p{page}.txt").write_text("\n\n".join(paragraphs) + "\n")
        (folder / f"p{page}.words").write_text(" ".join(map(str, starts)) + "\n")


@pytest.mark.slow  # trains and cross-fits models: seconds
def test_the_training_tool_learns_a_planted_cue_and_refuses_evaluated_manuals(tmp_path):
    tool = _tool("train_cues")
    for name in (
        "python-django-doc",
        "python-flask-restful-doc",
        "sphinx-doc",
        "python3.11-doc",
        "linux-doc-6.1",
        "manpages-de",
    ):
        assert tool.EVALUATED.search(name), name
    assert not tool.EVALUATED.search("python-sklearn-doc")
    # A set of one manual whose sections all open "Zebras ...": the word is learned.
    folder = tmp_path / "sets" / "python-zoo-doc"
    _planted_manual(folder)
    _planted_manual(tmp_path / "sets-titles" / "python-zoo-doc", titles=True)
    (folder / "VERSION").write_text("1.0-1\n")
    (folder / "COPYRIGHT").write_text("Files: *\nCopyright: nobody\nLicense: Expat\n")
    tool.train(tmp_path / "sets", tmp_path)
    odds = gap_log_odds(
        ["Bees walk along. They rest.", "Zebras walk along. They rest.", "Bees walk along."],
        tmp_path / "cues-en.npz",
    )
    assert odds[0] > 0 > odds[1] and odds[0] - odds[1] > 1.0
    # It reads titles, and learned from the pages with them that a section starts before
    # its title, not after it.
    odds = gap_log_odds(
        ["Bees walk along. They rest.", "Part 9 of the walk", "Zebras walk along. They rest."],
        tmp_path / "cues-en.npz",
    )
    assert odds[0] > 0 > odds[1]
    readme = (tmp_path / "cues-README.md").read_text()
    assert "at the title): 156 gaps, 36 section starts." in readme  # 66 + 90 gaps
    assert "| `python-zoo-doc` | 1.0-1 | 6 | Expat |" in readme


@pytest.mark.slow  # trains and cross-fits models: seconds
def test_the_cross_fitting_tool_scores_each_fold_with_the_other_folds_models(tmp_path, capsys):
    tool = _tool("crossfit_cues")
    sets = tmp_path / "sets"
    for i, name in enumerate(["python-a-doc", "python-b-doc", "python-c-doc"]):
        _planted_manual(sets / name, seed=i, pages=4)
        _planted_manual(tmp_path / "sets-titles" / name, seed=i, pages=4, titles=True)
    assert [[p.name for p in fold] for fold in tool.folds(sets)] == [
        ["python-a-doc", "python-c-doc"],
        ["python-b-doc"],
    ]
    tool.train(sets, tmp_path / "folds")
    # 88 gaps without titles and 88 + 32 with them (a title before each section's three
    # paragraphs); the sentence model reads the pages without titles alone.
    out = capsys.readouterr().out
    assert "fold 1: cues-en.npz from 208 gaps (48 section starts)" in out
    assert "fold 1: cues-en-sentences.npz from 184 gaps (24 section starts)" in out
    # Fold 0 is scored with what fold 1 (python-b) taught, and that is the planted cue.
    odds = gap_log_odds(
        ["Bees walk along. They rest.", "Zebras walk along. They rest.", "Bees walk along."],
        tmp_path / "folds" / "fold0" / "cues-en.npz",
    )
    assert odds[0] > 0 > odds[1]
    # With the shipped models, a setting of none of the numbers is the default itself.
    text = (ROOT / "examples" / "three-topics.txt").read_text()
    default = tool.segmenter(ROOT / "src" / "linseg" / "data", {})
    assert default.segment_text(text).boundaries == create("u00_pr").segment_text(text).boundaries
    with pytest.raises(SystemExit, match="not alpha"):
        tool.segmenter(ROOT / "src" / "linseg" / "data", {"alpha": 2.0})
    tool.evaluate(sets, tmp_path / "folds", [{}, {"penalty": 3.0}], flat=False)
    first, second = capsys.readouterr().out.splitlines()
    assert first.startswith("{}: Pk ") and "(12 pages; no boundary " in first
    assert second.startswith('{"penalty": 3.0}: Pk ') and "minus the first's" in second
    tool.evaluate(sets, tmp_path / "folds", [{}], flat=False, titles=True)
    assert "(12 pages; no boundary " in capsys.readouterr().out

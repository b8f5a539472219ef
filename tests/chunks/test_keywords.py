"""Keywords of segments: the log-odds score worked out by hand, surface forms, ties, and
where keywords appear (JSON, ``--keywords`` text headers, the HTML report)."""

from __future__ import annotations

import importlib
import json
import math
from pathlib import Path

import numpy as np
import pytest

from docgen import RECORD_KEYS, rejoins
from linseg.chunks.keywords import MIN_LENGTH, _z, keyword_processor, segment_keywords
from linseg.cli import main
from linseg.methods import create
from support import run_cli, unannotated

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "three-topics.txt"

# Segment A = sentences 0-1: apple 3, banana 1, cherry 1 (n = 5 stems).
# Segment B = sentence 2: cherry 2, banana 1 (n = 3). Whole: apple 3, banana 2, cherry 3
# (N = 8). With the prior a = C_w and a0 = N:
#   apple in A:  delta = ln(6/7) - ln(3/8) = ln(16/7), var = 1/6 + 1/3 = 1/2
#                z = sqrt(2) ln(16/7) = 1.16910
#   banana in A: delta = ln(3/10) - ln(3/8) = -ln(5/4) < 0: left out
#   cherry in A: delta = ln(4/9) - ln(5/6) = -ln(15/8) < 0: left out
#   cherry in B: delta = ln(5/6) - ln(4/9) = ln(15/8), var = 1/5 + 1/4 = 0.45
#                z = ln(15/8) / sqrt(0.45) = 0.93707
#   banana in B: delta = ln(3/8) - ln(3/10) = ln(5/4), var = 1/3 + 1/3
#                z = ln(5/4) / sqrt(2/3) = 0.27329
FRUIT = ["apple apple banana .", "apple cherry .", "cherry cherry banana ."]


def _zs(y, r, n, m, a, a0):
    arr = [np.array([v], dtype=float) for v in (y, r, n, m, a)]
    return float(_z(*arr, float(a0))[0])


def test_scores_worked_out_by_hand():
    assert _zs(3, 0, 5, 3, 3, 8) == pytest.approx(math.sqrt(2) * math.log(16 / 7), abs=1e-12)
    assert _zs(3, 0, 5, 3, 3, 8) == pytest.approx(1.16910, abs=1e-5)
    assert _zs(1, 1, 5, 3, 2, 8) == pytest.approx(-math.log(5 / 4) / math.sqrt(2 / 3))
    assert _zs(1, 2, 5, 3, 3, 8) == pytest.approx(-math.log(15 / 8) / math.sqrt(0.45))
    assert _zs(2, 1, 3, 5, 3, 8) == pytest.approx(0.93707, abs=1e-5)
    assert _zs(1, 1, 3, 5, 2, 8) == pytest.approx(0.27329, abs=1e-5)
    # A document of one stem: every odds is 0/0, the score 0.
    assert _zs(3, 1, 3, 1, 4, 4) == 0.0


def test_ranking_on_a_tiny_document():
    assert segment_keywords(FRUIT, [2], tokenized=True) == [["apple"], ["cherry", "banana"]]
    assert segment_keywords(FRUIT, [2], k=1, tokenized=True) == [["apple"], ["cherry"]]
    assert segment_keywords(FRUIT, [2], k=0, tokenized=True) == [[], []]
    # Tokenisation is guessed when not given (a stand-alone "." is tokenised text).
    assert segment_keywords(FRUIT, [2]) == [["apple"], ["cherry", "banana"]]


def test_one_segment_ranks_by_frequency_then_alphabet():
    # Every z is 0; counts decide (apple 3, cherry 3, banana 2), then the stem's order
    # ("appl" before "cherri").
    assert segment_keywords(FRUIT, [], tokenized=True) == [["apple", "cherry", "banana"]]


def test_ties_are_broken_the_same_way_every_time():
    sentences = ["zebra yak .", "yak zebra .", "owl newt .", "newt owl ."]
    first = segment_keywords(sentences, [2], tokenized=True)
    assert first == [["yak", "zebra"], ["newt", "owl"]]  # equal z and count: stem order
    assert all(segment_keywords(sentences, [2], tokenized=True) == first for _ in range(3))


def test_stopwords_short_tokens_and_numbers_are_skipped():
    sentences = ["The ox and the bee are in the hive. It is 42 km away."]
    words = segment_keywords(sentences, [])[0]
    assert words == ["away", "bee", "hive"]
    assert all(len(w) >= MIN_LENGTH for w in words)


def test_surface_forms_and_sentence_case():
    sentences = [
        "Bees make honey. The bees guard the bee hive.",
        "Python is a language. We write Python daily.",
    ]
    # "bees" twice (the sentence-initial "Bees" read in lower case) beats "bee" once;
    # "Python" keeps its capital: the document writes it so mid-sentence.
    kw = segment_keywords(sentences, [1])
    assert kw[0][0] == "bees" and "Bees" not in kw[0]
    assert kw[1][0] == "Python" and "python" not in kw[1]
    # A word with capitals of its own is not a sentence-case capital.
    assert segment_keywords(["NASA flies rockets. NASA plans more."], [])[0][0] == "NASA"


def test_sentence_initial_capital_kept_when_the_document_prefers_it():
    sentences = ["Paris is big. I like Paris.", "Paris has trains. Trains are fast."]
    assert segment_keywords(sentences, [])[0][0] == "Paris"


def test_segmenter_stopwords_and_stemmer_apply():
    sentences = ["honey honey bees .", "rails rails trains ."]
    seg = create("c99", stopwords=["honey", "rails"], stemmer=lambda w: w.rstrip("s"))
    kw = segment_keywords(sentences, [1], tokenized=True, processor=keyword_processor(seg))
    assert kw == [["bees"], ["trains"]]
    assert keyword_processor(seg) is keyword_processor(seg)  # kept with the segmenter
    seg.stopwords = ["bees"]  # a changed setting is seen
    assert keyword_processor(seg).stopwords == frozenset(["bees"])


@pytest.mark.parametrize("boundaries", [[0], [3], [2, 2], [2, 1]])
def test_bad_boundaries_are_refused(boundaries):
    with pytest.raises(ValueError, match="boundaries must increase"):
        segment_keywords(FRUIT, boundaries)


def test_bad_k_and_empty_documents():
    with pytest.raises(ValueError, match="k must be"):
        segment_keywords(FRUIT, [], k=-1)
    assert segment_keywords([], []) == [[]]
    assert segment_keywords(["... !!! 123 ."], []) == [[]]


def test_the_example_document():
    rec = json.loads(run_cli(["segment", str(EXAMPLE), "--output", "json"])[1])
    assert rec["boundaries"] == [7, 13]
    assert rec["keywords"] == [
        ["flowers", "bees", "colonies", "dance", "hive"],
        ["railway", "carried", "engineers", "locomotives", "rails"],
        ["dough", "gas", "kneading", "left", "rise"],
    ]
    assert rec["times"] is None
    assert set(rec) == RECORD_KEYS


def test_text_output_with_keyword_headers(tmp_path, capsys):
    text = EXAMPLE.read_text(encoding="utf-8")
    assert main(["segment", str(EXAMPLE), "--keywords"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines(keepends=True)
    heads = [ln for ln in lines if ln.startswith("# keywords: ")]
    assert heads == [
        "# keywords: flowers, bees, colonies, dance, hive\n",
        "# keywords: railway, carried, engineers, locomotives, rails\n",
        "# keywords: dough, gas, kneading, left, rise\n",
    ]
    assert lines[0] == heads[0]  # the first segment opens with its line too
    assert out.count("==========\n# keywords: ") == 2  # and each later one after its separator
    # Without the header lines, the output is the plain one: the input, cut.
    plain = "".join(ln for ln in lines if not ln.startswith("# keywords: "))
    assert rejoins(plain, text)
    assert main(["segment", str(EXAMPLE)]) == 0
    assert capsys.readouterr().out == plain


def test_keywords_option_where_it_has_no_place(tmp_path, capsys):
    ref = tmp_path / "s.ref"
    ref.write_text("==========\nbees make honey .\n==========\ntrains run .\n==========\n")
    assert main(["segment", str(ref), "--keywords"]) == 2  # choi output by default
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--keywords" in err and "--output choi" in err
    assert main(["segment", str(ref), "--keywords", "--output", "text"]) == 0
    assert "# keywords: bees, honey" in capsys.readouterr().out
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.txt").write_text("Bees make honey. Trains run on rails.\n")
    # Corpus runs pass --keywords on to every document.
    argv = ["segment", str(tmp_path / "d"), "--out", str(tmp_path / "o"), "--keywords"]
    assert main(argv) == 0
    assert "# keywords:" in (tmp_path / "o" / "a.txt").read_text()


def test_html_report_shows_keywords(tmp_path):
    from linseg.evaluation.reports import document_report
    from linseg.readers.document import read_document

    doc = read_document(str(EXAMPLE))
    seg = create("c99")
    res = seg.segment(doc.sentences)
    page = document_report(res, doc, segmenter=seg, figures=False)
    assert page.count('<p class="kw">keywords: <b>') == len(res.boundaries) + 1
    assert "keywords: <b>flowers, bees, colonies, dance, hive</b>" in page
    page = document_report(res, doc, segmenter=seg, figures=False, keywords=[["x&y"]])
    assert "keywords: <b>x&amp;y</b>" in page


@pytest.mark.parametrize("module", ["linseg.chunks.keywords", "linseg.readers.transcript"])
def test_public_api_is_annotated(module):
    mod = importlib.import_module(module)
    missing = [m for name in mod.__all__ for m in unannotated(getattr(mod, name), name)]
    assert missing == []


def test_keywords_in_the_texts_own_language_and_written_form():
    # No processor named: the language is detected, its stopwords left out, and each word
    # shown as the text writes it (German nouns with their capitals).
    de = [
        "Der Imker öffnet den Bienenstock am Morgen.",
        "Im Bienenstock arbeiten die Bienen und der Imker erntet den Honig.",
        "Die Eisenbahn fährt über die Brücke.",
        "Die Eisenbahn bringt den Honig in die Stadt, und die Brücke hält.",
    ]
    # Twice in its segment, then the words seen once, by their stems' order (arbeit,
    # bien; bring, fahrt): "Honig", in both, is no segment's.
    words = segment_keywords(de, [2], 3)
    assert words == [["Bienenstock", "Imker", "arbeiten"], ["Brücke", "Eisenbahn", "bringt"]]
    fr = ["Les abeilles et les ruches.", "Les abeilles dans les ruches.", "Le train et la gare."]
    assert not {"les", "et", "dans", "le", "la"} & set(segment_keywords(fr, [2], 5)[0])
    # Chinese and Japanese units are pairs of characters: they may be keywords.
    zh = ["蜜蜂采集花蜜。蜜蜂酿造蜂蜜。", "火车在铁轨上行驶。火车很快。"]
    assert segment_keywords(zh, [1], 1) == [["蜜蜂"], ["火车"]]

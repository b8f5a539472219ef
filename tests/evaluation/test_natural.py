"""Natural-document evaluation: word-offset mapping, metrics on words, B against segeval,
the tuning/test split, and the no-boundary figure of the data README."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import linseg
import linseg.methods
from linseg.base import Segmentation, Segmenter
from linseg.evaluation.metrics import boundary_edits, boundary_similarity, pk, windowdiff
from linseg.evaluation.natural import (
    NaturalDocument,
    char_to_word_offsets,
    evaluate_natural,
    even_split,
    find_natural_documents,
    format_intervals,
    hypothesis_words,
    load_document,
    load_documents,
    python_docs_halves,
    score_words,
    split_pages,
    summarize,
    word_starts,
)


def _has_python_docs() -> bool:
    from linseg.evaluation.corpora.data import locate

    try:
        return locate("python-docs") is not None
    except (FileNotFoundError, ValueError):
        return False


needs_data = pytest.mark.skipif(
    not _has_python_docs(),
    reason="no natural/python-docs in LINSEG_DATA nor registered (see 'linseg data status')",
)


# --- Metrics on tiny inputs, checked by hand ------------------------------------------


def test_pk_windowdiff_words_by_hand():
    # 6 words, sections [0,3) [3,6): k = round(3 / 2) = 2; probes (0,2) (1,3) (2,4) (3,5).
    # No boundary misses the two probes that straddle word 3.
    s = score_words([3], [], 6)
    assert s.pk == pytest.approx(0.5) and s.windowdiff == pytest.approx(0.5)
    assert s.b == 0.0 and s.found_true == 0.5
    # A boundary one word late: probes (1,3) wrong (hyp same), (3,5) wrong (hyp differs).
    s = score_words([3], [4], 6)
    assert s.pk == pytest.approx(0.5)
    assert s.pk == pk([3], [4], 6) and s.windowdiff == windowdiff([3], [4], 6)
    assert score_words([3], [3], 6).pk == 0.0


def test_boundary_similarity_by_hand():
    # One match (5) and a near miss (2 vs 3): a transposition weighing 1/2 -> 1 - 0.5/2.
    assert boundary_similarity([2, 5], [3, 5], 8) == pytest.approx(0.75)
    # Two positions apart: two full misses with n_t = 2 ...
    assert boundary_similarity([2], [4], 8) == 0.0
    # ... but a transposition of weight 2/3 with n_t = 3.
    assert boundary_similarity([2], [4], 8, n_t=3) == pytest.approx(1 / 3)
    # One match, one extra boundary.
    assert boundary_similarity([2], [2, 6], 8) == pytest.approx(0.5)
    # Greedy from the left: 2~3 transposed, 4 left as a miss: 1 - (1 + 0.5) / 2.
    assert boundary_edits([2, 4], [3], 8) == (0, 1, [(2, 3)])
    assert boundary_similarity([2, 4], [3], 8) == pytest.approx(0.25)
    assert boundary_similarity([], [], 8) == 1.0
    assert boundary_similarity([1, 7], [1, 7], 8) == 1.0


def test_even_split():
    assert even_split(10, 1) == []
    assert even_split(10, 2) == [5]
    assert even_split(10, 3) == [3, 7]  # 3.33 -> 3, 6.67 -> 7
    assert even_split(9, 2) == [5]  # 4.5 rounds up
    assert even_split(3, 3) == [1, 2]
    assert even_split(2, 5) == [1]  # never more sections than words


# --- Boundary Similarity against segeval ----------------------------------------------


def _masses(boundaries, n):
    cuts = [0, *boundaries, n]
    return tuple(b - a for a, b in zip(cuts, cuts[1:]))


@st.composite
def _pair(draw):
    n = draw(st.integers(2, 60))
    inner = st.integers(1, n - 1)
    ref = sorted(draw(st.sets(inner, max_size=n - 1)))
    hyp = sorted(draw(st.sets(inner, max_size=n - 1)))
    return n, ref, hyp


@settings(max_examples=400, deadline=None)
@given(_pair(), st.integers(2, 5))
def test_boundary_similarity_matches_segeval(pair, n_t):
    segeval = pytest.importorskip("segeval")
    n, ref, hyp = pair
    mine = boundary_similarity(ref, hyp, n, n_t=n_t)
    if not ref and not hyp:
        assert mine == 1.0  # segeval raises on two empty segmentations
        return
    theirs = float(segeval.boundary_similarity(_masses(hyp, n), _masses(ref, n), n_t=n_t))
    assert abs(mine - theirs) <= 1e-9
    assert abs(boundary_similarity(hyp, ref, n, n_t=n_t) - mine) <= 1e-9  # symmetric


def test_boundary_similarity_segeval_default():
    segeval = pytest.importorskip("segeval")
    rng = np.random.default_rng(7)
    for _ in range(50):
        n = int(rng.integers(20, 300))
        ref = sorted(set(rng.integers(1, n, size=int(rng.integers(1, 10))).tolist()))
        hyp = sorted(set(rng.integers(1, n, size=int(rng.integers(1, 10))).tolist()))
        theirs = float(segeval.boundary_similarity(_masses(hyp, n), _masses(ref, n)))
        assert abs(boundary_similarity(ref, hyp, n) - theirs) <= 1e-9


# --- Character offsets to word offsets ------------------------------------------------


def test_char_to_word_offsets_edge_cases():
    text = "ab cd  ef"  # words start at 0, 3, 7
    assert word_starts(text).tolist() == [0, 3, 7]
    assert char_to_word_offsets(text, [0]) == []  # word 0 cuts nothing
    assert char_to_word_offsets(text, [1]) == [1]  # inside a word: the next word
    assert char_to_word_offsets(text, [2, 3]) == [1]  # whitespace, start: merged
    assert char_to_word_offsets(text, [5, 6]) == [2]
    assert char_to_word_offsets(text, [8, 9, 100]) == []  # past the last word start
    assert char_to_word_offsets(text, [7, 3]) == [1, 2]  # sorted
    assert char_to_word_offsets("  a b", [0, 1, 2, 3]) == [1]  # leading whitespace
    assert char_to_word_offsets("", [0, 1]) == []
    assert char_to_word_offsets("a\n\nb c", [1, 2, 3]) == [1]


class _EverySentence(Segmenter):
    """A boundary before every sentence after the first."""

    def _run(self, sentences, n_segments, tokenized):
        return Segmentation(list(sentences), list(range(1, len(sentences))))


class _FirstSentences(Segmenter):
    """Given k segments, cuts before sentences 1 .. k - 1; without a count, none."""

    def _run(self, sentences, n_segments, tokenized):
        return Segmentation(list(sentences), list(range(1, n_segments or 1)), n_segments)


def test_known_count_gives_the_true_number_of_sections():
    # Sentences start at words 0, 3, 5, 8; the true sections start at words 2 and 5, so
    # three sections: given the count, cuts before sentences 1 and 2 (words 3 and 5).
    doc = NaturalDocument("t", "One two three. Four five.\n\nSix seven eight. Nine.", [2, 5])
    assert hypothesis_words(_FirstSentences(), doc) == []
    assert hypothesis_words(_FirstSentences(), doc, known_count=True) == [3, 5]
    res = evaluate_natural(_FirstSentences(), [doc], warm_up=False, known_count=True)[0]
    assert res.method.boundaries == [3, 5] and res.method.found_true == 1.0
    # .ref documents: their sentences, given the count too.
    ref = NaturalDocument("r", "a b c d e f", [2, 4], sentences=["a b", "c d", "e f"])
    assert hypothesis_words(_FirstSentences(), ref, known_count=True) == [2, 4]


def test_hypothesis_words_through_segment_text():
    doc = NaturalDocument("t", "One two three. Four five.\n\nSix seven eight. Nine.", [2, 5])
    hyp = hypothesis_words(_EverySentence(), doc)
    assert hyp == [3, 5, 8]
    res = evaluate_natural(_EverySentence(), [doc], warm_up=False)[0]
    assert res.method.boundaries == [3, 5, 8]
    assert res.no_boundary.boundaries == [] and res.even.boundaries == even_split(9, 3)
    assert res.method.found_true == pytest.approx(4 / 3)
    s = summarize([res])
    assert s["n"] == 1 and s["pk"] == res.method.pk and s["even_b"] == res.even.b
    assert (s["pk_low"], s["pk_high"]) == (res.method.pk, res.method.pk)
    assert s["pk_gain"] == res.no_boundary.pk - res.method.pk
    assert format_intervals("every", s) == (
        "every: Pk 42.9% on one document; no 95% interval from fewer than 10"
    )
    # Two documents: a resample's mean is one of three values, and the 95% interval runs
    # from the lower document's Pk to the higher one's (as for [0, 1] in test_paper).
    other = evaluate_natural(_EverySentence(), [NaturalDocument("u", "A b. C d.", [])])[0]
    two = summarize([res, other])
    pks = sorted([res.method.pk, other.method.pk])
    assert (two["pk_low"], two["pk_high"]) == pytest.approx(pks)
    # ... but from fewer than ten documents a bootstrap's interval is too narrow to give.
    assert format_intervals("every", two) == (
        f"every: Pk {100 * two['pk']:.1f}% on 2 documents; no 95% interval from fewer than 10"
    )
    ten = summarize([res, other] * 5)
    assert format_intervals("every", ten).startswith(
        f"every: Pk {100 * ten['pk']:.1f}% (95% interval over documents "
    )


# --- Reading documents ----------------------------------------------------------------


def test_load_txt_words_and_ref(tmp_path):
    (tmp_path / "a.txt").write_text(
        "Intro here.\n\nSecond part starts.\n\nThird.", encoding="utf-8"
    )
    (tmp_path / "a.words").write_text("2 5\n", encoding="utf-8")
    (tmp_path / "lonely.txt").write_text("no words file", encoding="utf-8")
    pairs = find_natural_documents(tmp_path)
    assert [(t.name, w.name) for t, w in pairs] == [("a.txt", "a.words")]
    doc = load_document(tmp_path / "a.txt")
    assert doc.reference == [2, 5] and doc.n_words == 6 and doc.n_sections == 3
    ref = tmp_path / "b.ref"
    ref.write_text("==========\nA b c.\nD e.\n==========\nF g h i.\n==========\n", encoding="utf-8")
    docs = load_documents([tmp_path, ref])
    assert [d.name for d in docs] == ["a", "b"]
    assert docs[1].reference == [5] and docs[1].n_words == 9
    res = evaluate_natural(_EverySentence(), [ref], warm_up=False)[0]
    assert res.method.boundaries == [3, 5]  # sentence starts as given, in words
    (tmp_path / "bad.txt").write_text("x y", encoding="utf-8")
    (tmp_path / "bad.words").write_text("2", encoding="utf-8")
    with pytest.raises(ValueError):
        load_document(tmp_path / "bad.txt")
    (tmp_path / "bad.words").write_text("1 1", encoding="utf-8")
    with pytest.raises(ValueError):
        load_document(tmp_path / "bad.txt")


def test_a_folder_of_ref_samples_reads_as_natural_documents(tmp_path):
    # A folder with no text pairs, as `linseg corpus brown` writes one: its .ref samples,
    # in natural order (2 before 10), each scored on word offsets.
    for n, words in ((10, "F g h i."), (2, "F g.")):
        (tmp_path / "3-5").mkdir(exist_ok=True)
        (tmp_path / "3-5" / f"{n}.ref").write_text(
            f"==========\nA b c.\nD e.\n==========\n{words}\n==========\n", encoding="utf-8"
        )
    docs = load_documents(tmp_path)
    assert [d.name for d in docs] == ["2", "10"]
    assert [d.reference for d in docs] == [[5], [5]] and [d.n_words for d in docs] == [7, 9]
    # Beside one text pair, the folder's .ref files are not read: the pair is the set.
    (tmp_path / "a.txt").write_text("Intro here.\n\nSecond part.", encoding="utf-8")
    (tmp_path / "a.words").write_text("2\n", encoding="utf-8")
    assert [d.name for d in load_documents(tmp_path)] == ["a"]


# --- The split ------------------------------------------------------------------------


def test_split_pages_rule():
    names = [f"fam{i % 3}--page{i}" for i in range(31)]
    tuning, test = split_pages(names)
    assert len(tuning) == 16 and len(test) == 15
    assert set(tuning) | set(test) == set(names) and not set(tuning) & set(test)
    assert split_pages(reversed([n + ".txt" for n in names])) == (tuning, test)
    order = sorted(names, key=lambda n: (n.split("--")[0], hashlib.sha256(n.encode()).hexdigest()))
    assert tuning == sorted(order[0::2])


@needs_data
def test_python_docs_split_is_fixed():
    halves = python_docs_halves()
    tuning = [p.stem for p in halves["tuning"]]
    test = [p.stem for p in halves["test"]]
    assert len(tuning) == 55 and len(test) == 55 and not set(tuning) & set(test)
    for name in ("c-api--init_config", "c-api--memory", "distutils--apiref", "whatsnew--3.7"):
        assert name in tuning
    for name in ("c-api--init", "c-api--intro", "distutils--examples", "whatsnew--3.9"):
        assert name in test
    digest = hashlib.sha256("\n".join(tuning).encode()).hexdigest()
    assert digest == "3ce45e6e71e0c980a67a3b234aa92a51d4fc744b98b53a4de8dab6e99ee34429"


@needs_data
def test_no_boundary_on_python_docs_matches_readme():
    halves = python_docs_halves()
    results = evaluate_natural("b_n", halves["tuning"] + halves["test"])
    s = summarize(results)
    assert s["n"] == 110
    assert abs(100 * s["pk"] - 37.8) <= 0.1
    assert s["no_boundary_pk"] == s["pk"] and s["b"] == 0.0
    assert s["even_found_true"] == 1.0


@needs_data
def test_the_default_on_both_halves_of_python_docs():
    # The default's three numbers and its cue model's regularisation were chosen on the
    # tuning half (27.3% word-level Pk); the test half was scored with them (33.2%, B 27.7%;
    # no boundary 36.9%, C99 42.5%), with the cue model that reads titles.
    halves = python_docs_halves()
    tuning = summarize(evaluate_natural(linseg.methods.DEFAULT_METHOD, halves["tuning"]))
    test = summarize(evaluate_natural(linseg.methods.DEFAULT_METHOD, halves["test"]))
    assert 100 * tuning["pk"] == pytest.approx(27.3, abs=0.05)
    assert 100 * tuning["b"] == pytest.approx(32.5, abs=0.05)
    assert 100 * test["pk"] == pytest.approx(33.2, abs=0.05)
    assert 100 * test["b"] == pytest.approx(27.7, abs=0.05)
    assert 0.7 <= test["found_true"] <= 1.4


def test_evaluate_cli_on_natural_documents(tmp_path, capsys):
    import json

    from linseg.cli import main

    # 18 words; the true sections start at words 6 and 12; b_a cuts at every sentence.
    (tmp_path / "doc.txt").write_text(
        "Bees make honey. Bees guard hives.\n\nTrains run fast. Rails join towns.\n\n"
        "Bread needs flour. Ovens bake bread.\n",
        encoding="utf-8",
    )
    (tmp_path / "doc.words").write_text("6 12\n", encoding="utf-8")
    jsonl = tmp_path / "r.jsonl"
    assert main(["evaluate", str(tmp_path), "--method", "b_n", "--jsonl", str(jsonl)]) == 0
    out = capsys.readouterr().out
    assert (
        "| b_n |" in out and "| *no boundary* |" in out and "| *even split (true count)* |" in out
    )
    assert "b_n: Pk 40.0% on one document; no 95% interval from fewer than 10" in out
    rec = json.loads(jsonl.read_text(encoding="utf-8"))
    assert rec["reference"] == [6, 12] and rec["method"]["boundaries"] == []
    assert rec["method"]["pk"] == rec["no_boundary"]["pk"]
    assert (
        main(["evaluate", str(tmp_path / "doc.txt"), "--method", "b_a", "--jsonl", str(jsonl)]) == 0
    )
    rec = json.loads(jsonl.read_text(encoding="utf-8"))
    assert rec["method"]["boundaries"] == [3, 6, 9, 12, 15]
    capsys.readouterr()
    assert main(["evaluate", str(tmp_path), "--method", "c99_b"]) == 2
    assert "add --known-count" in capsys.readouterr().err
    # Given the true count (3), b_e cuts the six sentences into pairs: words 6 and 12.
    args = ["evaluate", str(tmp_path), "--method", "b_e", "--known-count", "--jsonl", str(jsonl)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "| b_e, true count given | 0.0 | 0.0 | 100.0 | 1.00 |" in out and "| b_e |" not in out
    rec = json.loads(jsonl.read_text(encoding="utf-8"))
    assert rec["known_count"] is True and rec["method"]["boundaries"] == [6, 12]
    # A method that finds its own count is scored both ways, one JSON line each.
    args = ["evaluate", str(tmp_path), "--method", "b_a", "--known-count", "--jsonl", str(jsonl)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "| b_a | " in out and "| b_a, true count given | " in out
    recs = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    assert [r["known_count"] for r in recs] == [False, True]
    assert recs[0]["method"]["boundaries"] == [3, 6, 9, 12, 15]


def test_evaluate_cli_scores_several_paths_together(tmp_path, capsys):
    import json

    from linseg.cli import main

    # Two one-section documents of two sentences each, and a folder of .ref samples.
    for name in ("a", "b"):
        (tmp_path / f"{name}.txt").write_text(f"{name} one here. {name} two here.\n")
        (tmp_path / f"{name}.words").write_text("\n")
    (tmp_path / "refs").mkdir()
    (tmp_path / "refs" / "1.ref").write_text("==========\nA b .\nC d .\n==========\n")
    jsonl = tmp_path / "r.jsonl"
    paths = [str(tmp_path / "a.txt"), str(tmp_path / "b.words")]
    assert main(["evaluate", *paths, "--method", "b_a", "--jsonl", str(jsonl)]) == 0
    out = capsys.readouterr().out
    assert f"b_a on {paths[0]} and 1 more (2 documents, 6 words each" in out
    recs = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    assert [r["method"]["boundaries"] for r in recs] == [[3], [3]]
    assert main(["evaluate", paths[0], str(tmp_path / "refs"), "--method", "b_a"]) == 2
    assert "not both" in capsys.readouterr().err


def test_the_second_natural_set_bundled_with_the_benchmarks():
    # benchmarks/natural/django-docs, never tuned on: the default (U00 on paragraphs with
    # C99's rank evidence and section cues) 28.8% word-level Pk, U00 on paragraphs 33.8%,
    # C99 44.7%, no boundary 37.7% (figures in BENCHMARKS.md).
    root = Path(__file__).resolve().parents[2] / "benchmarks" / "natural" / "django-docs"
    docs = load_documents(root)
    assert len(docs) == 38
    u00_p = summarize(evaluate_natural("u00_p", docs))
    default = summarize(evaluate_natural(linseg.methods.DEFAULT_METHOD, docs))
    c99 = summarize(evaluate_natural("c99", docs))
    assert default["pk"] == pytest.approx(0.288, abs=0.002)
    assert u00_p["pk"] == pytest.approx(0.338, abs=0.002)
    assert c99["pk"] == pytest.approx(0.447, abs=0.002)
    assert u00_p["no_boundary_pk"] == pytest.approx(0.377, abs=0.002)


def _set_builder():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "build_natural_set",
        Path(__file__).resolve().parents[2] / "tools" / "build_natural_set.py",
    )
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_the_set_builder_on_a_small_page(tmp_path):
    tool = _set_builder()
    body = [
        '<div class="body" role="main"><h1>Title<a class="headerlink">¶</a></h1>',
        "<p>Intro one. Intro two. Intro three.</p>",
    ]
    for k in range(4):
        body += [
            f"<h2>Part {k}</h2>",
            f"<p>Part {k} a. Part {k} b. Part {k} c.</p>",
            "<pre>code. Not prose.</pre>",
            "<ul><li><p>A list item.</p></li></ul>",
            f"<h3>Sub {k}</h3>",
            f"<p>Sub {k} here. More of it.</p>",
        ]
    page = tool.HtmlPage()
    page.feed("".join(body) + "</div>")
    sections = tool.sections_of(page.events)
    assert [len(s) for s in sections] == [1, 2, 2, 2, 2]  # h2 is the level seen 3+ times
    assert tool.keep(sections) is False  # 30 sentences at least
    tool.write_document(sections, tmp_path, "page")
    words = (tmp_path / "page.txt").read_text(encoding="utf-8").split()
    starts = [int(w) for w in (tmp_path / "page.words").read_text().split()]
    assert [words[s] for s in starts] == ["Part"] * 4
    assert "code." not in words and "item." not in words and "¶" not in words
    # With headings kept: every heading a Markdown line, each section's offset its heading.
    kept = tool.sections_of(page.events, headings=True)
    assert kept[0][0] == "# Title" and kept[1][:1] == ["## Part 0"] and "### Sub 0" in kept[1]
    tool.write_document(kept, tmp_path, "kept")
    words = (tmp_path / "kept.txt").read_text(encoding="utf-8").split()
    starts = [int(w) for w in (tmp_path / "kept.words").read_text().split()]
    assert [words[s : s + 3] for s in starts] == [["##", "Part", str(k)] for k in range(4)]
    # As plain lines: the marks go, and each section starts at its title's first word.
    tool.write_document(kept, tmp_path, "plain", plain=True)
    text = (tmp_path / "plain.txt").read_text(encoding="utf-8")
    words = text.split()
    starts = [int(w) for w in (tmp_path / "plain.words").read_text().split()]
    assert text.startswith("Title\n\nIntro one.") and "#" not in text
    assert [words[s : s + 2] for s in starts] == [["Part", str(k)] for k in range(4)]


def test_the_set_builder_chooses_folders(tmp_path, monkeypatch, capsys):
    # --include and --exclude name top-level folders; Sphinx's own (_sources, _static) are
    # never pages of the manual, whatever the options.
    tool = _set_builder()
    sentences = " ".join(f"Sentence number {i} is here." for i in range(7))
    page = '<div class="body" role="main"><h1>T</h1>' + "".join(
        f"<h2>Part {k}</h2><p>{sentences}</p>" for k in range(5)
    )
    html = tmp_path / "html"
    for folder in ("guide", "translations", "_sources", "api"):
        (html / folder).mkdir(parents=True)
        (html / folder / "page.html").write_text(page + "</div>", encoding="utf-8")

    def built(*options):
        out = tmp_path / "out" / "-".join(options or ("all",))
        monkeypatch.setattr("sys.argv", ["build_natural_set.py", str(html), str(out), *options])
        tool.main()
        return sorted(p.name for p in out.glob("*.words"))

    assert built() == ["api--page.words", "guide--page.words", "translations--page.words"]
    assert built("--exclude", "translations") == ["api--page.words", "guide--page.words"]
    assert built("--include", "guide,translations", "--exclude", "translations") == [
        "guide--page.words"
    ]
    assert "1 pages written" in capsys.readouterr().out.splitlines()[-1]
    # From one parse, each kept page again with its headings as plain lines: the same pages,
    # the same words, and each section starting at its title.
    twin = tmp_path / "twin"
    kept = tool.build_set(html, tmp_path / "bare", include=["guide"], plain_headings_to=twin)
    assert kept == 1 and sorted(p.name for p in twin.iterdir()) == [
        "guide--page.txt",
        "guide--page.words",
    ]
    words = (twin / "guide--page.txt").read_text(encoding="utf-8").split()
    starts = [int(w) for w in (twin / "guide--page.words").read_text().split()]
    assert words[0] == "T" and [words[s : s + 2] for s in starts] == [
        ["Part", str(k)] for k in range(1, 5)
    ]


def _manpage_builder():
    import importlib.util
    import sys

    tools = Path(__file__).resolve().parents[2] / "tools"
    sys.path.insert(0, str(tools))  # it reuses build_natural_set's sections and writer
    try:
        spec = importlib.util.spec_from_file_location(
            "build_manpage_set", tools / "build_manpage_set.py"
        )
        tool = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(tool)
    finally:
        sys.path.remove(str(tools))
    return tool


_MANPAGE = r""".\" -*- coding: UTF-8 -*-
.TH TAR 1 "13. Juli 2020" TAR
.SH BEZEICHNUNG
tar \- ein Archivierungswerkzeug
.SH \(:UBERSICHT
\fBtar\fP \fB\-A\fP [\fIOPTIONEN\fP]
.SH BESCHREIBUNG
\fBtar\fP speichert Dateien.
Es liest sie auch\(em schnell.
.PP
Zweiter Absatz mit
.B fettem
Wort und
.BR tar (1).
.TP
\fB\-c\fP
Eine Option. Nicht Prosa.
.PP
Wieder Prosa:
.nf
code. Nicht Prosa.
.fi
.RS
Eingeruckt. Nicht Prosa.
.PP
Auch nicht.
.RE
.SS Unterabschnitt
Stra\(sse und Caf\('e.
.SH \(:UBERSETZUNG
Die deutsche \(:Ubersetzung stammt von jemandem.
"""


def test_the_manpage_parser_keeps_prose_and_headings_only():
    # Worked by hand from man(7): .TP items, .nf blocks and .RS blocks are not prose; a
    # paragraph ends at .PP or a heading; escapes become their characters; the
    # translators' colophon (UBERSETZUNG, with groff's composite U umlaut) is dropped.
    tool = _manpage_builder()
    assert list(tool.events(_MANPAGE)) == [
        ("heading", 1, "TAR"),
        ("heading", 2, "BEZEICHNUNG"),
        ("p", 0, "tar - ein Archivierungswerkzeug"),
        ("heading", 2, "\u00dcBERSICHT"),
        ("p", 0, "tar -A [OPTIONEN]"),
        ("heading", 2, "BESCHREIBUNG"),
        ("p", 0, "tar speichert Dateien. Es liest sie auch\u2014 schnell."),
        ("p", 0, "Zweiter Absatz mit fettem Wort und tar(1)."),
        ("p", 0, "Wieder Prosa:"),
        ("heading", 3, "Unterabschnitt"),
        ("p", 0, "Stra\u00dfe und Caf\u00e9."),
    ]
    # A paragraph that does not end as a sentence (the name line, the synopsis) is left
    # out, and so is a section of fewer than 3 sentences: here all but BESCHREIBUNG,
    # whose 5 sentences (Unterabschnitt's among them) make one section.
    found = tool.sections(_MANPAGE)
    assert found == [
        [
            "tar speichert Dateien. Es liest sie auch\u2014 schnell.",
            "Zweiter Absatz mit fettem Wort und tar(1).",
            "Wieder Prosa:",
            "Stra\u00dfe und Caf\u00e9.",
        ]
    ]
    assert tool.keep(found) is False  # one section, not 4-25
    # With headings, those of sections left without prose open the next one, as in
    # build_natural_set.py; the page's name is the title.
    assert tool.sections(_MANPAGE, headings=True) == [
        [
            "# TAR",
            "## BEZEICHNUNG",
            "## \u00dcBERSICHT",
            "## BESCHREIBUNG",
            *found[0][:3],
            "### Unterabschnitt",
            found[0][3],
        ]
    ]


def test_the_manpage_builder_reads_each_page_once(tmp_path, monkeypatch):
    import gzip

    tool = _manpage_builder()
    body = " ".join(f"Satz {i} steht hier." for i in range(8))
    page = ".TH SEITE 1\n" + "".join(f".SH TEIL{k}\n{body}\n" for k in range(4))
    man = tmp_path / "de" / "man1"
    man.mkdir(parents=True)
    (man / "seite.1.gz").write_bytes(gzip.compress(page.encode()))
    (man / "kopie.1").write_text(page, encoding="utf-8")  # the same page again
    (man / "verweis.1").write_text(".so man1/seite.1\n", encoding="utf-8")
    (man / "link.1.gz").symlink_to(man / "seite.1.gz")
    out = tmp_path / "out"
    monkeypatch.setattr("sys.argv", ["build_manpage_set.py", str(tmp_path / "de"), str(out)])
    tool.main()
    assert sorted(p.name for p in out.iterdir()) == ["man1--kopie.1.txt", "man1--kopie.1.words"]
    words = (out / "man1--kopie.1.txt").read_text(encoding="utf-8").split()
    assert (out / "man1--kopie.1.words").read_text().split() == ["32", "64", "96"]
    assert len(words) == 128


def test_the_manpage_sentence_rule_takes_capitals_of_any_script():
    tool = _manpage_builder()
    assert tool._sentences("Это первое. Это второе! И третье? да, нет.") == 3
    assert tool._sentences("Première phrase. Élan suit. z. B. klein") == 3


def test_the_headings_set_bundled_with_the_benchmarks():
    # benchmarks/natural/sphinx-headings, never tuned on: pages that keep their headings.
    # The default cuts only before headings there, weighing the outline's levels more
    # over longer sections: 9.6% word-level Pk (12.7% at 8 nats whatever the length,
    # 24.4% without the levels), against 15.0% on paragraphs alone (16.1%, 28.0%), C99
    # 42.6% and no boundary 40.3% (figures in BENCHMARKS.md).
    root = Path(__file__).resolve().parents[2] / "benchmarks" / "natural" / "sphinx-headings"
    docs = load_documents(root)
    assert len(docs) == 77
    default = summarize(evaluate_natural(linseg.methods.DEFAULT_METHOD, docs))
    paragraphs = summarize(evaluate_natural("u00_pr", docs, units="paragraphs"))
    assert default["pk"] == pytest.approx(0.096, abs=0.002)
    assert paragraphs["pk"] == pytest.approx(0.150, abs=0.002)
    fixed = summarize(evaluate_natural("u00_pr", docs, outline_section_words=None))
    assert fixed["pk"] == pytest.approx(0.127, abs=0.002)
    flat = summarize(evaluate_natural("u00_pr", docs, outline_weight=0.0))
    assert flat["pk"] == pytest.approx(0.244, abs=0.002)
    assert default["no_boundary_pk"] == pytest.approx(0.403, abs=0.002)


def _bench_titles_pages() -> list[Path]:
    """The headings set's pages, with ``benchmarks/`` importable (``bench_titles``)."""
    benchmarks = Path(__file__).resolve().parents[2] / "benchmarks"
    sys.path.insert(0, str(benchmarks))
    return sorted((benchmarks / "natural" / "sphinx-headings").glob("*.txt"))


def test_the_headings_set_with_one_heading_left():
    # benchmarks/bench_titles.py: each page of sphinx-headings with all its headings
    # but the title and one top-level heading taken out (391 variants). Such a text marks
    # fewer than three sections and is cut between paragraphs; the outline's one heading
    # still earns its 8 nats: 28.3% against 30.0% without the outline, and a boundary at
    # the heading in 84% of the variants against 58% (figures in docs/evaluate.md; the
    # section cues read both heading lines as titles).
    pages = _bench_titles_pages()
    from bench_titles import score

    rows = score(pages, "top")
    assert len(rows["u00_pr"]) == 391
    default, flat = (
        np.array([r[1:] for r in rows[k]], float) for k in ("u00_pr", "outline_weight=0")
    )
    assert 100 * default[:, 0].mean() == pytest.approx(28.3, abs=0.05)
    assert 100 * flat[:, 0].mean() == pytest.approx(30.0, abs=0.05)
    assert default[:, 2].mean() == pytest.approx(0.836, abs=0.0005)
    assert flat[:, 2].mean() == pytest.approx(0.575, abs=0.0005)


def test_the_headings_set_with_its_titles_as_plain_lines():
    # benchmarks/bench_titles.py --plain: each page of sphinx-headings (never trained or
    # tuned on) with its titles as plain lines, no marks. The section cues, which learned
    # from other manuals' pages with their titles so, cut before a title rather than
    # after it: 27.7% Pk and B 42.6%, against 31.8% and 30.8% with the titles taken out
    # (before they read titles: 34.1% and 18.5%). C99 39.5%, no boundary 40.2%.
    pages = _bench_titles_pages()
    from bench_titles import plain

    means = plain(pages)
    titled, untitled = means["plain titles", "u00_pr"], means["no titles", "u00_pr"]
    assert (titled["n"], untitled["n"]) == (77, 77)
    assert 100 * titled["pk"] == pytest.approx(27.7, abs=0.05)
    assert 100 * titled["b"] == pytest.approx(42.6, abs=0.05)
    assert 100 * untitled["pk"] == pytest.approx(31.8, abs=0.05)
    # C99 39.6%: one page's wall of contributors' names, 54% of its text, is one
    # "sentence" of hundreds of words, cut into windows of 15-25 words since issue 53.
    assert 100 * means["plain titles", "c99"]["pk"] == pytest.approx(39.58, abs=0.005)


def test_the_headings_set_with_its_headings_numbered():
    # benchmarks/bench_titles.py --numbered: each page of sphinx-headings (never trained
    # or tuned on) with its title a plain line and its headings numbered (1., 1.1., ...)
    # instead of marked. The default reads the numbers as the outline: 10.3% Pk and B
    # 74.8%, against 9.6% and 77.8% marked (13.1% and 69.9%, 12.7% and 71.6% with the
    # outline's 8 nats whatever the length; 26.3% and 47.1% before it read numbers).
    pages = _bench_titles_pages()
    from bench_titles import numbered

    means = numbered(pages)
    as_numbers, marked = means["numbered titles", "u00_pr"], means["marked", "u00_pr"]
    assert (as_numbers["n"], marked["n"]) == (77, 77)
    assert 100 * as_numbers["pk"] == pytest.approx(10.3, abs=0.05)
    assert 100 * as_numbers["b"] == pytest.approx(74.8, abs=0.05)
    assert 100 * marked["pk"] == pytest.approx(9.6, abs=0.05)
    # In capitals, level 1 each: 19.8% and B 54.6% (19.9% and 54.4% at 8 nats; 27.6%
    # and 42.3% before they were read).
    capitals = means["capital titles", "u00_pr"]
    assert 100 * capitals["pk"] == pytest.approx(19.8, abs=0.05)
    assert 100 * capitals["b"] == pytest.approx(54.6, abs=0.05)


def test_evaluation_runs_blas_on_one_thread_and_restores_it(tmp_path):
    # Many small matrices in one process: BLAS's threads would only spin (twice the CPU
    # time for consensus_dp). The limit holds while documents are segmented, then lifts.
    from threadpoolctl import threadpool_info

    from linseg.base import Segmentation, Segmenter
    from linseg.evaluation.evaluate import evaluate

    def blas_threads() -> set[int]:
        return {i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"}

    seen: list[set[int]] = []

    class Recording(Segmenter):
        name = "recording"

        def _run(self, sentences, n_segments, tokenized):
            seen.append(blas_threads())
            return Segmentation(sentences, [], n_segments)

    before = blas_threads()
    assert before, "threadpoolctl sees NumPy's BLAS"
    (tmp_path / "doc.txt").write_text("Bees make honey.\n\nShips sail the sea.\n")
    (tmp_path / "doc.words").write_text("3\n")
    evaluate_natural(Recording(), tmp_path, warm_up=False)
    ref = tmp_path / "doc.ref"
    ref.write_text("==========\nBees make honey .\n==========\nShips sail .\n==========\n")
    evaluate(Recording(), [ref], warm_up=False)
    assert seen and all(s <= {1} for s in seen)
    assert blas_threads() == before

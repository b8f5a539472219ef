"""The paper's evaluation (issue 6): corpus generator, baselines, analytic Pk, runner."""

from __future__ import annotations

import itertools
import json
import math
import zipfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg.cli import main
from linseg.evaluation.corpora import read_ref
from linseg.evaluation.corpora.brown import (
    SampleRange,
    brown_sentences,
    make_samples,
    parse_ranges,
    read_brown,
    write_corpus,
)
from linseg.evaluation.metrics import expected_pk_random, p_same_random, p_same_random_known, pk
from linseg.evaluation.paper import read_reference_table, run_paper, write_outputs
from linseg.evaluation.paper.reference import read_test_logs
from linseg.evaluation.significance import bootstrap_interval, compare
from linseg.methods import create, get

RANGES = ("3-11", "3-5", "6-8", "9-11")
PAPER_C99 = {"3-11": 0.13, "3-5": 0.18, "6-8": 0.10, "9-11": 0.10}  # Table 6
REFERENCE = {  # the author's C99 means, shared/README.md
    "C99": {"3-11": 0.129, "3-5": 0.177, "6-8": 0.099, "9-11": 0.099},
    "C99_b": {"3-11": 0.123, "3-5": 0.108, "6-8": 0.098, "9-11": 0.086},
}


# --- analytic Pk of the random baselines ---------------------------------------------------


def test_paper_equations_exact_values():
    assert p_same_random(0) == 1.0
    assert p_same_random(3) == 0.125
    assert p_same_random_known(2, 5, 2) == pytest.approx(3 / 10)  # C(3,2)/C(5,2)
    assert p_same_random_known(0, 9, 4) == 1.0
    assert p_same_random_known(3, 4, 2) == 0.0
    with pytest.raises(ValueError):
        p_same_random_known(5, 4, 1)


def _enumerate(ref, n, lengths, b=None):
    breaks = range(1, n)
    if b is None:
        hyps = [
            [i for i, bit in zip(breaks, bits) if bit]
            for bits in itertools.product([0, 1], repeat=n - 1)
        ]
    else:
        hyps = [list(c) for c in itertools.combinations(breaks, b)]
    return float(np.mean([pk(ref, h, n, lengths=lengths) for h in hyps]))


def test_analytic_equals_enumeration_hand_built():
    ref, n, lengths = [3, 5], 8, [2, 3, 1, 4, 2, 3, 2, 5]
    assert expected_pk_random(ref, n, lengths=lengths) == pytest.approx(
        _enumerate(ref, n, lengths), abs=1e-12
    )
    for b in range(0, n):
        assert expected_pk_random(ref, n, lengths=lengths, b=b) == pytest.approx(
            _enumerate(ref, n, lengths, b), abs=1e-12
        )
    # Sentence level, k = 2: both probes straddle the boundary; a miss is no break marked
    # among the two spanned (2^-2); with b = 1 of 3 breaks, C(1,1)/C(3,1) = 1/3.
    assert expected_pk_random([2], 4, k=2) == pytest.approx(0.25)
    assert expected_pk_random([2], 4, k=2, b=1) == pytest.approx(1 / 3)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(3, 9).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.integers(1, n - 1), unique=True, max_size=n - 1).map(sorted),
            st.lists(st.integers(1, 6), min_size=n, max_size=n),
            st.integers(0, n - 1),
        )
    )
)
def test_analytic_equals_enumeration_property(case):
    n, ref, lengths, b = case
    assert expected_pk_random(ref, n, lengths=lengths) == pytest.approx(
        _enumerate(ref, n, lengths), abs=1e-9
    )
    assert expected_pk_random(ref, n, lengths=lengths, b=b) == pytest.approx(
        _enumerate(ref, n, lengths, b), abs=1e-9
    )


# --- baselines ----------------------------------------------------------------------------

SENTS = [f"sentence number {i} ." for i in range(10)]


def test_baseline_boundaries_exact():
    assert create("b_n").segment(SENTS).boundaries == []
    assert create("b_a").segment(SENTS).boundaries == list(range(1, 10))
    assert create("b_e").segment(SENTS, 3).boundaries == [3, 6, 9]  # chunks of 10 // 3
    assert create("b_e").segment(SENTS, 5).boundaries == [2, 4, 6, 8]
    assert create("b_e").segment(SENTS, 20).boundaries == list(range(1, 10))
    for name in ("b_e", "b_rb"):
        assert get(name).needs_n_segments
        with pytest.raises(ValueError):
            create(name).segment(SENTS)
    rows = {get(n).paper_row for n in ("b_n", "b_a", "b_e", "b_r", "b_rb")}
    assert rows == {"B_n", "B_a", "B_e", "B_(r,?)", "B_(r,b)"}


def test_random_baselines_seeded_and_order_free():
    rb = create("b_rb", seed=3)
    first = rb.segment(SENTS, 4).boundaries
    assert len(first) == 3 and first == sorted(set(first)) and first[0] > 0 and first[-1] < 10
    rb.segment(list(reversed(SENTS)), 4)  # another sample in between changes nothing
    assert rb.segment(SENTS, 4).boundaries == first
    r = create("b_r", seed=3)
    assert r.segment(SENTS).boundaries == create("b_r", seed=3).segment(SENTS).boundaries
    draws = {tuple(create("b_r", seed=s).segment(SENTS).boundaries) for s in range(20)}
    assert len(draws) > 10
    with pytest.raises(ValueError):
        create("b_r", seed=-1)


def test_random_baselines_agree_with_equations(choi_docs):
    """Empirical B_(r,?) and B_(r,b) (five seeds) against equations (8) and (9)."""
    got = {k: {r: [] for r in RANGES} for k in ("r", "r_eq", "rb", "rb_eq")}
    for d in choi_docs:
        rng, n, lengths = Path(d.path).parent.name, len(d.sentences), d.word_lengths()
        for seed in range(5):
            h = create("b_r", seed=seed).segment(d.sentences).boundaries
            got["r"][rng].append(pk(d.boundaries, h, n, lengths=lengths))
            h = create("b_rb", seed=seed).segment(d.sentences, d.n_segments).boundaries
            got["rb"][rng].append(pk(d.boundaries, h, n, lengths=lengths))
        got["r_eq"][rng].append(expected_pk_random(d.boundaries, n, lengths=lengths))
        got["rb_eq"][rng].append(
            expected_pk_random(d.boundaries, n, lengths=lengths, b=d.n_segments - 1)
        )
    for rng in RANGES:
        for kind in ("r", "rb"):
            emp, ana = np.mean(got[kind][rng]), np.mean(got[kind + "_eq"][rng])
            assert abs(emp - ana) < 0.006, (kind, rng, emp, ana)


# --- Brown generator ------------------------------------------------------------------------

TAGGED = (
    "\n\n\tThe/at jury/nn said/vbd Atlanta's/np$ polls/nns didn't/dod* cost/vb $7/nns ./.\n"
    "Austin/np-hl ,/,-hl Texas/np-hl \n--/-- Prices/nns rose/vbd 15%/cd ''/'' ./.\n"
    "Who/wps cannot/md* see/vb it/ppo ?/.\n"
)


def test_brown_sentences_tokenised_as_the_paper():
    assert brown_sentences(TAGGED) == [
        "The jury said Atlanta 's polls did n't cost $ 7 .",
        "Austin , Texas -- Prices rose 15 % '' .",
        "Who can not see it ?",
    ]


def test_parse_ranges():
    assert parse_ranges("3-11:400, 3-5") == [SampleRange(3, 11, 400), SampleRange(3, 5, 100)]
    for bad in ("3", "5-3:10", "3-5:0", "3-5:x", "3-5,3-5", ""):
        with pytest.raises(ValueError):
            parse_ranges(bad)


def _fake_zip(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for g in "aj":
            for i in range(1, 13):
                lines = [f"Doc/np {g}{i}/cd line/nn {j}/cd ./." for j in range(14)]
                z.writestr(f"brown/c{g}{i:02d}", "\n".join(lines) + "\n")
        z.writestr("brown/cb01", "Other/np genre/nn ./.\n")
        z.writestr("brown/README", "readme")
    return path


def test_make_samples_structure_and_seed(tmp_path):
    docs = read_brown(_fake_zip(tmp_path / "b.zip"))
    assert sorted(docs)[:2] == ["ca01", "ca02"] and len(docs) == 24  # cb01 left out
    assert docs["cj03"][2] == "Doc j3 line 2 ."
    samples = make_samples(docs, SampleRange(3, 5, 20), segments=10, seed=1)
    for s in samples:
        assert len(s.boundaries) == 9
        cuts = [0, *s.boundaries, len(s.sentences)]
        assert all(3 <= b - a <= 5 for a, b in zip(cuts, cuts[1:]))
        for (name, taken), a in zip(s.sources, cuts):
            assert s.sentences[a : a + taken] == docs[name][:taken]  # the first n sentences
    again = make_samples(docs, SampleRange(3, 5, 20), segments=10, seed=1)
    assert [s.sentences for s in again] == [s.sentences for s in samples]
    other = make_samples(docs, SampleRange(3, 5, 20), segments=10, seed=2)
    assert [s.sentences for s in other] != [s.sentences for s in samples]
    distinct = make_samples(docs, SampleRange(3, 5, 20), segments=10, seed=1, distinct=True)
    assert all(len({n for n, _ in s.sources}) == 10 for s in distinct)


def test_corpus_cli_same_seed_same_files(tmp_path, capsys):
    z = _fake_zip(tmp_path / "b.zip")
    args = ["corpus", "brown", "--zip", str(z), "--ranges", "3-5:6,6-8:4", "--seed", "9"]
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    assert main([*args, "--out", str(tmp_path / "b")]) == 0
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.ref"))
    assert len(files) == 10 and Path("3-5/5.ref") in files
    for f in files:
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes()
    doc = read_ref(tmp_path / "a" / "6-8" / "0.ref")
    assert doc.n_segments == 10
    text = (tmp_path / "a" / "6-8" / "0.ref").read_text()
    assert text.startswith("==========\nDoc ") and text.endswith(". \n==========\n")
    # Refuses to mix with an earlier run, unless --force; bad input is one line, exit 2.
    assert main([*args, "--out", str(tmp_path / "a")]) == 2
    assert main([*args, "--out", str(tmp_path / "a"), "--force"]) == 0
    assert (
        main(["corpus", "brown", "--zip", str(z), "--out", str(tmp_path / "c"), "--ranges", "9-x"])
        == 2
    )
    assert (
        main(["corpus", "brown", "--zip", str(tmp_path / "none.zip"), "--out", str(tmp_path / "c")])
        == 2
    )
    err = capsys.readouterr().err
    assert "Traceback" not in err and "--force" in err


def test_fresh_brown_corpus_as_hard_as_the_papers(brown_zip, tmp_path):
    """The paper's settings (700 samples, genres a and j), another seed: C99 within 3
    points of the paper's Table 6 in every range."""
    out = tmp_path / "brown"
    write_corpus(out, brown_zip, seed=2024)
    run = run_paper(out, tmp_path / "run", jobs=1, only=["C99"], progress=False)
    assert len(run.samples) == 700
    for rng in RANGES:
        assert sum(1 for s in run.ranges.values() if s == rng) == (400 if rng == "3-11" else 100)
        value = run.mean(run.pk["C99"], rng)
        assert abs(value - PAPER_C99[rng]) < 0.03, (rng, value)


# --- significance -------------------------------------------------------------------------


def test_compare_exact():
    same = compare([0.1, 0.2, 0.3], [0.1, 0.2, 0.3])
    assert (same.t, same.t_p, same.ks, same.ks_p) == (0.0, 1.0, 0.0, 1.0)
    c = compare([0.1, 0.2, 0.3, 0.4], [0.2, 0.4, 0.5, 0.7])
    # differences -0.1, -0.2, -0.2, -0.3: mean -0.2, sd 0.08165, t = -0.2 / (0.08165 / 2)
    assert c.t == pytest.approx(-4.898979, rel=1e-5)
    assert c.ks == pytest.approx(0.5)


def test_bootstrap_interval_by_hand():
    # [0, 1]: a resample's mean is 0, 1/2 or 1 with probabilities 1/4, 1/2, 1/4; the
    # 2.5% and 97.5% quantiles fall inside the end masses.
    assert bootstrap_interval([0.0, 1.0]) == (0.0, 1.0)
    # [0, 0, 0, 1]: means j/4 with binomial(4, 1/4) masses; P(mean <= 1/2) = 0.949 and
    # P(mean <= 3/4) = 0.996, so the 97.5% quantile is 3/4.
    assert bootstrap_interval([0.0, 0.0, 0.0, 1.0]) == (0.0, 0.75)
    assert bootstrap_interval([0.3] * 5) == pytest.approx((0.3, 0.3))
    low, high = bootstrap_interval([])
    assert np.isnan(low) and np.isnan(high)
    for bad in ({"level": 1.0}, {"level": 0}, {"resamples": 0}, {"resamples": 2.5}):
        with pytest.raises(ValueError):
            bootstrap_interval([0.1, 0.2], **bad)


@given(
    st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=40),
    st.floats(-1, 1, allow_nan=False),
)
@settings(max_examples=60, deadline=None)
def test_bootstrap_interval_properties(values, shift):
    low, high = bootstrap_interval(values, resamples=500, seed=3)
    assert min(values) - 1e-12 <= low <= high <= max(values) + 1e-12
    # The same seed draws the same resamples: shifting the values shifts the interval.
    moved = bootstrap_interval([v + shift for v in values], resamples=500, seed=3)
    assert moved == pytest.approx((low + shift, high + shift), abs=1e-9)
    # A wider level never gives a narrower interval on the same resamples.
    wide = bootstrap_interval(values, level=0.99, resamples=500, seed=3)
    assert wide[0] <= low + 1e-12 and high <= wide[1] + 1e-12


# --- the runner on the paper's corpus --------------------------------------------------------


@pytest.fixture(scope="module")
def paper_run(choi_root, tmp_path_factory):
    out = tmp_path_factory.mktemp("paper")
    run = run_paper(choi_root, out, jobs=2, only=["table2", "table6", "table7"], progress=False)
    refs = {row: vals for row, vals in _author(choi_root).items()}
    write_outputs(run, out, refs)
    return out, run


def _author(choi_root):
    from linseg.evaluation.paper.output import reference_figures

    return reference_figures(choi_root)


def test_tables_json_shape(paper_run):
    out, run = paper_run
    tables = json.loads((out / "tables.json").read_text())
    assert set(tables) == {"table2", "table6", "table7", "speed"}
    assert list(tables["table2"]) == ["B_e", "B_n", "B_(r,b)", "B_a", "B_(r,?)"]
    assert list(tables["table6"]) == ["C99_b", "C99"]
    assert list(tables["table7"]) == [f"{m}x{m}" for m in range(1, 18, 2)]
    for table in ("table2", "table6", "table7"):
        for row in tables[table].values():
            assert list(row) == list(RANGES)
            assert all(0.0 < v < 1.0 for v in row.values())
    for name in ("C99", "C99_b", "B_e", "B_n", "11x11"):
        assert all(0.0 <= s < 0.5 for s in tables["speed"][name].values())
    for name in (
        "table2.md",
        "table2.tex",
        "table6.tex",
        "table7.md",
        "significance.md",
        "significance.json",
        "tables.md",
        "baselines.json",
    ):
        assert (out / name).is_file()
    assert "\\begin{tabular}" in (out / "table7.tex").read_text()
    assert "(12%, +0.2)" in (out / "table6.md").read_text()  # C99_b 3-11 beside the author's


def test_baselines_within_a_point_of_the_author(paper_run, choi_root):
    """Table 2 against the author's figures (Table.txt, two decimals). B_(r,b) is the
    exception: the author's per-sample values equal B_n's, his simulation put no boundary;
    equation (9) on word gaps gives 49%."""
    _, run = paper_run
    tables = json.loads((paper_run[0] / "tables.json").read_text())["table2"]
    author = _author(choi_root)
    for row in ("B_e", "B_n", "B_a", "B_(r,?)"):
        for rng in RANGES:
            assert abs(tables[row][rng] - author[row][rng]) <= 0.0055, (row, rng)
    for rng in RANGES:
        assert 0.48 < tables["B_(r,b)"][rng] < 0.50
    logs = read_test_logs(choi_root)
    assert all(abs(logs[4][k][0] - logs[1][k][0]) < 1e-6 for k in logs[4])


def test_baseline_samples_match_author_exactly(paper_run, choi_root):
    _, run = paper_run
    logs = read_test_logs(choi_root)
    by_key = {"/".join(s.split("#")[0].split("/")[-3:]): s for s in run.samples}
    for row, code in (("B_n", 1), ("B_e", 29)):
        hits = sum(abs(run.pk[row][by_key[k]] - v[0]) < 1e-6 for k, v in logs[code].items())
        assert hits == len(logs[code]), (row, hits)


def test_c99_within_half_a_point(paper_run):
    _, run = paper_run
    for row in ("C99", "C99_b"):
        for rng in RANGES:
            assert abs(run.mean(run.pk[row], rng) - REFERENCE[row][rng]) < 0.005, (row, rng)


def test_table7_within_a_point(paper_run, choi_root):
    _, run = paper_run
    acc = read_reference_table(choi_root)["Accuracy"]
    logs = read_test_logs(choi_root)
    for i, m in enumerate(range(1, 18, 2)):
        for rng in RANGES:
            ours = run.mean(run.pk[f"{m}x{m}"], rng)
            assert abs(ours - acc[30 + i][rng]) <= 0.0105, (m, rng)  # Table.txt, 2 decimals
            theirs = np.mean([v[0] for k, v in logs[30 + i].items() if k.split("/")[1] == rng])
            assert abs(ours - theirs) < 0.01, (m, rng)


def test_resume_reuses_cache(paper_run, choi_root):
    out, first = paper_run
    again = run_paper(choi_root, out, jobs=2, only=["table6"], progress=False)
    assert again.computed == 0 and again.reused == 2 * 700
    assert again.pk["C99"] == first.pk["C99"]


def test_reference_stems_exact(choi_root, tmp_path):
    run = run_paper(
        choi_root,
        tmp_path,
        jobs=1,
        only=["C99", "11x11"],
        progress=False,
        stems=str(choi_root / "reference-stems.tsv"),
    )
    logs = read_test_logs(choi_root)
    for row, code in (("C99", 26), ("11x11", 35)):
        for rng in RANGES:
            theirs = np.mean([v[0] for k, v in logs[code].items() if k.split("/")[1] == rng])
            assert abs(run.mean(run.pk[row], rng) - theirs) < 5e-4, (row, rng)


def test_paper_cli_errors(tmp_path, capsys):
    assert main(["paper", "--out", str(tmp_path), "--corpus", str(tmp_path / "nope")]) == 2
    (tmp_path / "c").mkdir()
    assert main(["paper", "--out", str(tmp_path), "--corpus", str(tmp_path / "c")]) == 2
    assert (
        main(["paper", "--out", str(tmp_path), "--corpus", str(tmp_path / "c"), "--only", "table9"])
        == 2
    )
    assert "Traceback" not in capsys.readouterr().err


def test_paper_cli_small_corpus(tmp_path, capsys):
    z = _fake_zip(tmp_path / "b.zip")
    assert (
        main(
            ["corpus", "brown", "--zip", str(z), "--ranges", "3-5:8", "--out", str(tmp_path / "c")]
        )
        == 0
    )
    assert (
        main(
            [
                "paper",
                "--corpus",
                str(tmp_path / "c"),
                "--out",
                str(tmp_path / "o"),
                "--jobs",
                "1",
                "--only",
                "table2,C99",
                "--report",
                str(tmp_path / "r.html"),
            ]
        )
        == 0
    )
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert (
        "<table" in page
        and "C99" in page
        and "http://" not in page.replace("http://www.w3.org", "")
    )  # self-contained: no external resources
    tables = json.loads((tmp_path / "o" / "tables.json").read_text())
    assert set(tables["table6"]) == {"C99"} and set(tables["table6"]["C99"]) == {"3-5"}
    assert math.isfinite(tables["table2"]["B_n"]["3-5"])
    assert capsys.readouterr().out == ""  # nothing on stdout, no progress when piped


def test_beyond_the_paper_table(choi_root, tmp_path):
    # Measured 3-11 word-level Pk: U00 given the count 10.1% (its paper: 10), C99's rank
    # by exact DP given the count 8.3%, linseg's consensus 7.9% with the count found.
    only = ["beyond:U00_b", "beyond:C99_DP_b", "beyond:Consensus"]
    run = run_paper(choi_root, tmp_path, jobs=1, only=only, progress=False)
    write_outputs(run, tmp_path)
    tables = json.loads((tmp_path / "tables.json").read_text())
    assert set(tables) == {"beyond", "speed"}  # the paper's tables are not touched
    beyond = tables["beyond"]
    assert list(beyond) == ["U00_b", "C99_DP_b", "Consensus"]
    for row, pk_311 in {"U00_b": 10.1, "C99_DP_b": 8.3, "Consensus": 7.93}.items():
        assert 100 * beyond[row]["3-11"] == pytest.approx(pk_311, abs=0.05)
    page = (tmp_path / "beyond.md").read_text()
    assert "| Consensus | 7.9% |" in page and "Bestgen" not in page  # C99_LSA not selected
    assert "Utiyama & Isahara 2001" in page
    # What each row was trained on is its method's registry entry.
    from linseg.methods import get

    assert f"| {get('consensus_dp').trained_on} | linseg's own |" in page
    assert get("c99_dp").trained_on.startswith("one length exponent")
    assert get("u00").trained_on == "nothing"


def test_a_worker_runs_blas_on_one_thread():
    # Pools run one process per core; BLAS threads on top of them would oversubscribe
    # (the LSA cosine took 39 ms a sample in `linseg paper --jobs 2`, 1 ms with this).
    import subprocess
    import sys

    code = (
        "from linseg.execution.workers import one_blas_thread; one_blas_thread(); "
        "from threadpoolctl import threadpool_info; "
        "print(sorted({i['num_threads'] for i in threadpool_info() if i['user_api'] == 'blas'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[1]"

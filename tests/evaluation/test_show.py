"""Figures and reports (linseg.evaluation.figures, linseg.evaluation.reports): checked by the data they draw, not only by existing."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg import C99
from linseg.base import Segmentation
from linseg.cli import main
from linseg.compose.strategies.divisive import divisive_clustering, sum_of_rank
from linseg.compose.transforms import rank_transform
from linseg.evaluation.paper.figures import CLUSTERING_EXAMPLE, RANK_EXAMPLE, local_rank, wave

mpl = pytest.importorskip("matplotlib", reason="figures need the plot extra (matplotlib)")

TOPICS = [
    "the cat sat on the mat and the cat purred at the dog",
    "a dog barked at the cat while the dog chased its tail",
    "the cat and the dog slept beside the warm fire",
    "stock markets fell sharply as investors sold shares",
    "shares of banks led the market decline in heavy trading",
    "investors fear the market will fall further as banks report losses",
    "the orchestra played a symphony by mozart in the concert hall",
    "the concert ended with a loud symphony and the orchestra bowed",
    "music lovers filled the hall for the mozart concert",
]


@pytest.fixture(scope="module")
def result():
    return C99(tokenized=True, keep_matrices=True).segment(TOPICS * 2)


def _gid(artists, gid):
    found = [a for a in artists if a.get_gid() == gid]
    assert found, f"no artist with gid {gid!r}"
    return found[0]


# -- the rank of the paper's figures --------------------------------------------------------


def test_local_rank_by_hand():
    r, lower, examined = local_rank(np.array([3.0, 1.0, 2.0]), 3)
    assert lower.tolist() == [1, 0, 1]
    assert examined.tolist() == [1, 2, 1]
    assert r.tolist() == [1.0, 0.0, 1.0]
    # A 1x1 mask examines nothing: r = 0 (the paper's Table 7, first row).
    assert local_rank(np.array([3.0, 1.0]), 1)[0].tolist() == [0.0, 0.0]
    with pytest.raises(ValueError):
        local_rank(np.zeros(4), 2)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12), st.sampled_from([1, 3, 5, 7]), st.integers(0, 2**31 - 1))
def test_local_rank_is_the_kernels_rank_on_symmetric_matrices(n, mask, seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 4, size=(n, n)).astype(np.float32) / 3
    sym = np.triu(a) + np.triu(a, 1).T
    np.testing.assert_array_equal(local_rank(sym, mask)[0], rank_transform(sym, mask))


def test_rank_example_figure_shows_counts_of_lower_neighbours():
    from linseg.evaluation.paper.figures import figure_rank_example

    fig = figure_rank_example()
    a_in, a_win, a_out = fig.axes
    np.testing.assert_array_equal(_gid(a_in.images, "matrix").get_array(), RANK_EXAMPLE)
    counts = np.asarray(_gid(a_out.images, "matrix").get_array())
    # Centre cell 5: neighbours 3 7 2 / 8 . 9 / 2 6 3 -> four are lower.
    assert counts[2, 2] == 4
    assert counts.max() <= 8 and counts.min() >= 0
    assert counts[2, 1] == 8  # the 8 beats all eight neighbours
    assert "r = 4/8 = 0.5" in a_win.get_title()


def test_wave_and_its_rank():
    assert wave(np.array([0.0]))[0] == pytest.approx(0.75)
    z = 2 * np.pi * 50 / 200
    expected = 0.5 * (np.exp(-z / 2) + 0.5 * np.exp(-z / 2) * (1 + np.sin(10 * z**0.7)))
    assert wave(np.array([50.0]))[0] == pytest.approx(expected)
    from linseg.evaluation.paper.figures import figure_rank_wave

    ax = figure_rank_wave().axes[0]
    x, f = _gid(ax.lines, "wave").get_data()
    _, r = _gid(ax.lines, "rank").get_data()
    np.testing.assert_array_equal(r, local_rank(wave(x), 11)[0])
    # Ranking flattens the decay: every interior peak of f ranks 1, every trough 0.
    peaks = [i for i in range(5, len(f) - 5) if f[i] == f[i - 5 : i + 6].max()]
    troughs = [i for i in range(5, len(f) - 5) if f[i] == f[i - 5 : i + 6].min()]
    assert len(peaks) >= 4 and len(troughs) >= 4
    assert all(r[i] == 1.0 for i in peaks) and all(r[i] == 0.0 for i in troughs)


def test_divisive_clustering_example():
    from linseg.evaluation.paper.figures import figure_divisive_clustering

    s = sum_of_rank(CLUSTERING_EXAMPLE)
    clustering = divisive_clustering(s)
    assert clustering.order[:2].tolist() == [3, 5]  # segments 1-3, 4-5, 6-7
    fig = figure_divisive_clustering()
    for m, ax in enumerate(fig.axes[:3], start=1):
        d = float(re.search(r"= ([0-9.]+)$", ax.get_title()).group(1))
        assert d == pytest.approx(float(clustering.density[m - 1]), abs=5e-4)
        assert len([p for p in ax.patches if p.get_gid() == "segment"]) == m
    assert fig.axes[0].get_title().startswith("1 segment: D = 172 / 49")


def test_sum_of_rank_example_matches_brute_force_sums():
    from linseg.evaluation.paper.figures import figure_sum_of_rank

    r = CLUSTERING_EXAMPLE
    s = sum_of_rank(r)
    n = r.shape[0]
    for i in range(n):
        for j in range(i, n):
            assert s[j, i] == r[i : j + 1, i : j + 1].sum()
    fig = figure_sum_of_rank()
    np.testing.assert_array_equal(_gid(fig.axes[1].images, "matrix").get_array(), s)
    assert fig.get_suptitle().endswith("= 2\u00b72 + 64 + 52 \u2212 30 = 90")


# -- figures of a run -----------------------------------------------------------------------


def test_matrices_are_the_runs_own_in_the_papers_orientation(result):
    from linseg.evaluation.figures import plot_rank, plot_similarity

    ax = plot_rank(result)
    img = _gid(ax.images, "matrix")
    np.testing.assert_array_equal(img.get_array(), result.rank)
    assert img.origin == "lower"  # sentence 1's cell at the bottom left
    assert "11\u00d711 mask" in ax.get_title()
    squares = _gid(ax.collections, "segments").get_paths()
    assert len(squares) == result.n_segments
    img = _gid(plot_similarity(result).images, "matrix")
    np.testing.assert_array_equal(img.get_array(), result.similarity)
    assert C99(mask_size=3, tokenized=True).segment(TOPICS) is not None
    ax3 = plot_rank(C99(mask_size=3, tokenized=True, keep_matrices=True).segment(TOPICS))
    assert "3\u00d73 mask" in ax3.get_title()


def test_gradient_threshold_is_mean_plus_c_sd_of_the_plotted_series(result):
    from linseg.evaluation.figures import plot_gradient

    for c in (1.2, 0.5):
        res = C99(c=c, tokenized=True).segment(TOPICS * 2)
        ax = plot_gradient(res)
        x, y = _gid(ax.lines, "smoothed").get_data()
        np.testing.assert_array_equal(y, res.termination.smoothed)
        assert x[0] == 2 and len(x) == len(res.sentences) - 1
        threshold = _gid(ax.lines, "threshold").get_ydata()[0]
        assert threshold == pytest.approx(np.mean(y) + c * np.std(y), rel=1e-12)
        chosen = _gid(ax.lines, "chosen").get_xdata()[0]
        assert chosen == res.termination.n_segments
        # The chosen n is the last of the leading run above the threshold.
        above = y > threshold
        assert above[: chosen - 1].all() and not above[chosen - 1]


def test_density_curve(result):
    from linseg.evaluation.figures import plot_density

    ax = plot_density(result)
    x, y = _gid(ax.lines, "density").get_data()
    np.testing.assert_array_equal(y, result.clustering.density.astype(np.float64))
    assert x.tolist() == list(range(1, len(result.sentences) + 1))
    assert _gid(ax.lines, "chosen").get_xdata()[0] == result.n_segments


def test_boundaries_against_reference(result):
    from linseg.evaluation.figures import plot_boundaries

    reference = [9, 12]
    ax = plot_boundaries(result, reference)
    hyp = _gid(ax.collections, "hypothesis-boundaries")
    ref = _gid(ax.collections, "reference-boundaries")
    assert [float(seg[0][0]) for seg in hyp.get_segments()] == [b + 0.5 for b in result.boundaries]
    assert [float(seg[0][0]) for seg in ref.get_segments()] == [9.5, 12.5]
    colours = [mpl.colors.to_hex(c) for c in hyp.get_colors()]
    expect = ["#009e73" if b in reference else "#d55e00" for b in result.boundaries]
    assert colours == expect
    assert "Pk = " in ax.get_title()
    # Any segmentation has boundaries; matrices need a C99 result.
    plain = Segmentation(list(TOPICS), [3, 6])
    assert len(plot_boundaries(plain).collections) >= 1
    from linseg.evaluation.figures import plot_rank

    with pytest.raises(ValueError, match="no rank matrix"):
        plot_rank(plain)


def test_plot_all_sheet(result):
    from linseg.evaluation.figures import plot_all

    fig = plot_all(result, [9])
    assert len(fig.axes) == 5
    titles = " | ".join(ax.get_title() for ax in fig.axes)
    for word in ("Similarity", "Rank", "density", "gradient", "segments found"):
        assert word in titles


def test_without_matplotlib(monkeypatch, tmp_path, capsys):
    from linseg.evaluation._mpl import MissingMatplotlib
    from linseg.evaluation.figures import plot_rank

    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(MissingMatplotlib, match=r"pip install 'linseg\[plot\]'"):
        plot_rank(C99(keep_matrices=True).segment(TOPICS))
    doc = tmp_path / "d.txt"
    doc.write_text("\n".join(s + " ." for s in TOPICS) + "\n")
    for argv in (
        ["plot", str(doc), "--out", str(tmp_path / "x.png")],
        ["figures", "--out", str(tmp_path / "f")],
        ["report", str(doc), "--out", str(tmp_path / "r.html")],
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "pip install 'linseg[plot]'" in err
    # The page without figures needs no matplotlib.
    assert main(["report", str(doc), "--out", str(tmp_path / "r.html"), "--no-figures"]) == 0
    assert 'class="segment"' in (tmp_path / "r.html").read_text()


# -- command line ---------------------------------------------------------------------------


@pytest.fixture()
def lines_doc(tmp_path):
    doc = tmp_path / "doc.txt"
    doc.write_text("\n".join(s + " ." for s in TOPICS * 2) + "\n")
    return doc


def test_cli_plot_png_and_svg(lines_doc, tmp_path):
    png = tmp_path / "all.png"
    assert main(["plot", str(lines_doc), "--method", "c99", "--out", str(png)]) == 0
    image = mpl.image.imread(str(png))
    assert image.shape[0] > 500 and image.shape[1] > 500 and image.std() > 0.05
    svg = tmp_path / "rank.svg"
    assert (
        main(
            [
                "plot",
                str(lines_doc),
                "--method",
                "c99",
                "--out",
                str(svg),
                "--kind",
                "rank",
                "--mask",
                "5",
            ]
        )
        == 0
    )
    text = svg.read_text()
    assert "<svg" in text
    assert 'id="matrix"' in text and 'id="segments"' in text


def test_cli_figures(tmp_path, capsys):
    assert main(["figures", "--out", str(tmp_path / "figs")]) == 0
    names = sorted(p.name for p in (tmp_path / "figs").iterdir())
    assert names == [
        "divisive-clustering.png",
        "rank-example.png",
        "rank-wave.png",
        "sum-of-rank.png",
    ]
    for p in (tmp_path / "figs").iterdir():
        assert mpl.image.imread(str(p)).std() > 0.05


@pytest.mark.parametrize(
    "argv, message",
    [
        (["plot", "missing.ref", "--out", "x.png"], "No such file"),
        (["plot", "{doc}", "--out", "x.pdf"], "--out must end in .png or .svg"),
        (["plot", "{doc}", "--out", "/no/such/dir/x.png"], "no such directory"),
        (["report", "{doc}", "--out", "x.txt"], "--out must end in .html"),
        (["plot", "{doc}", "--out", "x.png", "--kind", "nope"], "invalid choice"),
        (["plot", "{empty}", "--out", "x.png"], "no sentences"),
    ],
)
def test_cli_bad_input(argv, message, lines_doc, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    argv = [a.format(doc=lines_doc, empty=empty) for a in argv]
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse errors
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


# -- reports without a browser --------------------------------------------------------------


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.segments, self.sentences, self.srcs, self.links, self.scripts = [], [], [], [], 0
        self._in_s = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "article" and "segment" in a.get("class", ""):
            self.segments.append((int(a["data-start"]), int(a["data-end"])))
        if tag == "span" and a.get("class", "").split()[:1] == ["s"]:
            self._in_s = int(a["data-i"])
            self.sentences.append([self._in_s, ""])
        if "src" in a:
            self.srcs.append(a["src"])
        if "href" in a:
            self.links.append(a["href"])
        if tag == "script":
            self.scripts += 1

    def handle_endtag(self, tag):
        if tag == "span":
            self._in_s = None

    def handle_data(self, data):
        if self._in_s is not None:
            self.sentences[-1][1] += data


def test_document_report_is_self_contained_and_blocks_match(lines_doc):
    from linseg.evaluation.reports import document_report
    from linseg.readers.document import read_document

    doc = read_document(str(lines_doc))
    seg = C99(tokenized=doc.tokenized, keep_matrices=True)
    res = seg.segment(doc.sentences)
    page = document_report(res, doc, segmenter=seg, figure_format="png")
    p = _Page()
    p.feed(page)
    cuts = [0, *res.boundaries, len(doc.sentences)]
    assert p.segments == list(zip(cuts, cuts[1:]))
    assert "".join(t for _, t in p.sentences) == doc.text  # the text, exactly
    assert len(p.srcs) == 5 and all(s.startswith("data:image/png;base64,") for s in p.srcs)
    assert p.links == [] and p.scripts == 0
    assert "http://" not in page.replace("http://www.w3.org/", "")
    assert "mask_size" in page and "threshold" in page


def test_evaluation_report_beside_the_authors_logs(choi_root, tmp_path):
    from linseg.evaluation.evaluate import evaluate
    from linseg.evaluation.paper.reference import read_test_logs, reference_stemmer, sample_key
    from linseg.evaluation.reports import evaluation_report
    from linseg.readers.ref import find_ref_files

    files = find_ref_files(choi_root / "1" / "3-5")[:6]
    seg = C99(
        tokenized=True, stopwords=choi_root / "STOPWORD.list", stemmer=reference_stemmer(choi_root)
    )
    results = evaluate(seg, files)
    page = evaluation_report(
        results, method="c99", params=seg.get_params(), corpus=choi_root / "1" / "3-5"
    )
    # With the author's stems and stopwords linseg is the author's C99: the means agree.
    logs = read_test_logs(choi_root)
    author_auto = np.mean([logs[26][sample_key(f)][0] for f in files])
    ours_auto = np.mean([r.auto.pk_word for r in results])
    assert ours_auto == pytest.approx(author_auto, abs=1e-3)
    assert page.count(f"{100 * author_auto:.1f}%") >= 2  # ours and the author's column
    assert "18.0%" in page and "12.0%" in page  # the paper's C99 and C99_b for 3-5
    assert page.count('<details class="sample"') == 6
    for r in results:
        key = sample_key(r.path)
        m = re.search(
            rf'data-key="{re.escape(key)}" data-reference="([0-9 ]*)" '
            rf'data-auto="([0-9 ]*)" data-known="([0-9 ]*)"',
            page,
        )
        assert m, key
        assert [int(x) for x in m.group(1).split()] == r.reference
        assert [int(x) for x in m.group(2).split()] == r.auto.boundaries
        assert [int(x) for x in m.group(3).split()] == r.known.boundaries


def test_author_codes_follow_the_reference_codes():
    from linseg.evaluation.reports import author_codes

    assert author_codes("C99") == {"auto": 26, "known": 25}
    assert author_codes("C99_b") == {"known": 25}
    assert author_codes("H94") == {"auto": 27}
    assert author_codes("K98") == {"auto": 39}  # Kan's own program, K98_(p)
    assert author_codes("R98", known_only=True) == {"known": 21}
    assert author_codes("H97") == {} and author_codes(None) == {}


def test_dotplot_report_beside_the_authors_logs(choi_root):
    """R98 is exact with the author's stems: his column equals ours in the report."""
    from linseg.evaluation.evaluate import evaluate
    from linseg.evaluation.paper.reference import read_test_logs, reference_stemmer, sample_key
    from linseg.evaluation.reports import evaluation_report
    from linseg.methods import create
    from linseg.readers.ref import find_ref_files

    files = find_ref_files(choi_root / "1" / "6-8")[:4]
    seg = create("r98", tokenized=True, stemmer=reference_stemmer(choi_root))
    results = evaluate(seg, files, auto=False)
    page = evaluation_report(results, method="r98", corpus=choi_root / "1" / "6-8")
    logs = read_test_logs(choi_root)
    author = np.mean([logs[21][sample_key(f)][0] for f in files])
    assert np.mean([r.known.pk_word for r in results]) == pytest.approx(author, abs=1e-4)
    assert page.count(f"{100 * author:.1f}%") >= 2


def test_evaluate_cli_writes_a_report(choi_root, tmp_path, capsys):
    sample = tmp_path / "set" / "3-5"
    sample.mkdir(parents=True)
    for f in sorted((choi_root / "1" / "3-5").glob("*.ref"))[:3]:
        (sample / f.name).write_text(f.read_text())
    out = tmp_path / "eval.html"
    assert main(["evaluate", str(sample), "--report", str(out)]) == 0
    page = out.read_text()
    assert page.count('<details class="sample"') == 3 and "Error rate Pk" in page


def test_paper_run_report_tables():
    paper = pytest.importorskip("linseg.evaluation.paper")
    from linseg.evaluation.reports import paper_run_report

    run = paper.PaperRun(
        corpus="corpus",
        samples=["a", "b"],
        ranges={"a": "3-5", "b": "3-5"},
        pk={
            "C99": {"a": 0.1, "b": 0.2},
            "C99_b": {"a": 0.1, "b": 0.1},
            "H94": {"a": 0.4, "b": 0.5},
        },
        seconds={"C99": {"a": 0.001, "b": 0.003}},
    )
    refs = {"C99": {"3-5": 0.177}, "H94": {"3-5": 0.44}}
    page = paper_run_report(run, refs)
    rows = re.findall(r"<tr><th>(.*?)</th>(.*?)</tr>", page)
    cells: dict[str, list[str]] = {}
    for label, body in rows:  # the first table with the row: error rates, then times
        cells.setdefault(re.sub("<.*", "", label), re.findall(r"<td[^>]*>(.*?)</td>", body))
    assert cells["C99"][:3] == ["15.0%", "17.7%", "18.0%"]  # linseg, author, paper
    assert cells["C99_b"][:3] == ["10.0%", "\u2013", "12.0%"]
    assert cells["H94"] == ["45.0%", "44.0%", "44.0%"]  # printed as H94_(c,d)
    assert "2.00 ms" in page and "2.12 s" in page


def test_long_documents_are_drawn_max_pooled(result, monkeypatch):
    from linseg.evaluation import figures as F

    m = np.arange(25, dtype=np.float32).reshape(5, 5)
    np.testing.assert_array_equal(F.pool_max(m, 2), [[6, 8, 9], [16, 18, 19], [21, 23, 24]])
    monkeypatch.setattr(F, "MAX_PIXELS", 8)
    ax = F.plot_rank(result)  # 18 sentences -> blocks of 3
    img = _gid(ax.images, "matrix")
    np.testing.assert_array_equal(img.get_array(), F.pool_max(result.rank, 3))
    assert "max over 3\u00d73 blocks" in ax.get_title()
    assert ax.get_xlim() == (0.5, 18.5)


def test_plot_draws_what_segment_runs(lines_doc, tmp_path, capsys):
    # `linseg plot` runs what `linseg segment` does (u00_pr): its boundary strip; C99's
    # matrices only when C99 is named.
    out = tmp_path / "p.svg"
    assert main(["plot", str(lines_doc), "--out", str(out)]) == 0
    default = out.read_text()
    assert 'id="matrix"' not in default
    assert main(["plot", str(lines_doc), "--out", str(out), "--method", "c99"]) == 0
    assert 'id="matrix"' in out.read_text()
    assert main(["plot", str(lines_doc), "--out", str(out), "--kind", "rank"]) == 2
    assert "method 'u00_pr' keeps no data for --kind rank" in capsys.readouterr().err


def test_banded_runs_are_drawn_from_the_band(result, monkeypatch, lines_doc, tmp_path):
    from linseg.evaluation import figures as F

    sentences = result.sentences
    banded = C99(band=4, keep_matrices=True).segment(sentences)
    dense_band = banded.rank.toarray()
    ax = F.plot_rank(banded)
    np.testing.assert_array_equal(_gid(ax.images, "matrix").get_array(), dense_band)
    monkeypatch.setattr(F, "MAX_PIXELS", 8)  # 18 sentences -> blocks of 3, pooled from the band
    ax = F.plot_similarity(banded)
    np.testing.assert_array_equal(
        _gid(ax.images, "matrix").get_array(), F.pool_max(banded.similarity.toarray(), 3)
    )
    monkeypatch.undo()
    for argv in (
        [
            "plot",
            str(lines_doc),
            "--method",
            "c99",
            "--band",
            "3",
            "--out",
            str(tmp_path / "b.png"),
        ],
        [
            "report",
            str(lines_doc),
            "--method",
            "c99",
            "--band",
            "3",
            "--out",
            str(tmp_path / "b.html"),
        ],
    ):
        assert main(argv) == 0


def test_methods_without_matrices_draw_what_they_have(result):
    from linseg.evaluation.figures import available_kinds, plot_all

    bare = Segmentation(result.sentences, [9])
    assert available_kinds(bare) == ["boundaries"]
    assert available_kinds(result) == ["similarity", "rank", "density", "gradient", "boundaries"]
    fig = plot_all(bare, [9])
    assert [ax.get_title().split(",")[0] for ax in fig.axes] == ["2 segments found"]

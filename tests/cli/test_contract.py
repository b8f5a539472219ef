"""One contract for every command and method: a table of sub-command x method x output.

Each cell either works (exit 0, the output whole) or exits 2 with one line; never a
traceback. The table is built from the registry (and checked against ``linseg methods``),
so a new method is covered the day it is registered. After the table, one test per
clause of the contract (numbered as in docs: 1 exit status, 2 nothing lost, 3
deterministic, 4 needs --segments, 5 more segments than sentences, 6 the JSON record,
7 no sentences, 8 binary input, 9 format detection, 10 figures and baselines).
"""

from __future__ import annotations

import io
import json
import random
import shutil
import sys
from pathlib import Path

import pytest

from docgen import RECORD_KEYS, rejoins, strip_bom, text_output
from linseg.cli import main
from linseg.methods import available
from linseg.readers.ref import SEPARATOR

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "three-topics.txt"
METHODS = sorted(available())
NEEDS_COUNT = {name for name, info in available().items() if info.needs_n_segments}
DOCUMENTED_METHODS = [
    "b_a",
    "b_e",
    "b_n",
    "b_r",
    "b_rb",
    "c99",
    "c99_b",
    "r98",
    "r98_m_dot",
    "r98_m_sa",
    "r98_min",
    "r98_s_cos",
    "kan",
    "kan_a",
    "texttiling",
    "texttiling_94",
    "texttiling_94_r",
    "texttiling_r",
]
COMMANDS = (
    "segment",
    "evaluate",
    "methods",
    "corpus",
    "data",
    "paper",
    "plot",
    "figures",
    "report",
)
REF = (
    "==========\nBees make honey .\nBees guard the hive .\nThe queen lays eggs .\n"
    "==========\nTrains run on rails .\nSteam engines pull trains .\nRails join towns .\n"
    "==========\nBread needs flour .\nOvens bake bread .\nYeast makes dough rise .\n"
    "==========\n"
)


class FakeStdin:
    """Standard input as the CLI reads it (``sys.stdin.buffer``)."""

    def __init__(self, data: bytes):
        self.buffer = io.BytesIO(data)

    def read(self) -> str:  # pragma: no cover - the CLI reads .buffer
        return self.buffer.read().decode("utf-8")


def run(argv: list[str], capsys, monkeypatch=None, stdin: bytes | None = None):
    """Run the CLI in-process: (status, stdout, stderr), argparse's SystemExit included."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", FakeStdin(stdin))
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def cli(argv: list[str], capsys, monkeypatch=None, stdin: bytes | None = None):
    """Run the CLI and check clause 1: exit 0 or 2, no traceback, an error is one line."""
    code, out, err = run(argv, capsys, monkeypatch, stdin)
    assert code in (0, 2), (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    if code == 2:
        assert_one_line(err, argv)
    return int(code), out, err


def assert_one_line(err: str, what) -> None:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].strip() and err.endswith("\n"), (what, err)
    assert lines[0].startswith("linseg"), (what, err)


def with_output(argv: list[str], output: str) -> list[str]:
    i = argv.index("--output")
    return [*argv[:i], "--output", output, *argv[i + 2 :]]


def check_count_notes(rec: dict, asked: int) -> None:
    """Clause 5: a count above the sentences is capped, and a method that gives another
    number of segments than it was asked for (a baseline ignores the count or, like B_e,
    cuts regular chunks; TextTiling has fewer gaps than sentences; U00 on paragraphs cuts
    only between them) says so."""
    n = rec["n_sentences"]
    capped = min(asked, n)
    notes = " | ".join(rec["notes"])
    assert 1 <= rec["n_segments"] <= n, (rec["n_segments"], n, notes)
    if asked > n:
        assert f"{asked} segments asked for, but the document has {n} sentence" in notes
        assert f"at most {n} segment" in notes
    if rec["n_segments"] != capped:
        assert f"gave {rec['n_segments']} segments, not the {capped} asked for" in notes
    else:
        assert "segments, not the" not in notes


@pytest.fixture
def ref_file(tmp_path):
    path = tmp_path / "sample.ref"
    path.write_text(REF, encoding="utf-8")
    return path


def test_the_method_list_is_the_documented_one(capsys):
    code, out, _ = cli(["methods"], capsys)
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines() if line.strip()]
    assert listed == METHODS  # every registered method is listed, in order
    assert set(DOCUMENTED_METHODS) <= set(listed)
    marked = {line.split()[0] for line in out.splitlines() if "[needs --segments]" in line}
    assert marked == NEEDS_COUNT and marked


# --- the table: segment x method x output x input ----------------------------------


@pytest.mark.parametrize("output", ["text", "choi", "json"])
@pytest.mark.parametrize("segments", [None, 3, 50])
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("source", ["text", "ref", "stdin"])
def test_segment_every_method_and_output(
    method, output, segments, source, ref_file, capsys, monkeypatch
):
    path = {"text": str(EXAMPLE), "ref": str(ref_file), "stdin": "-"}[source]
    raw = EXAMPLE.read_bytes() if source != "ref" else ref_file.read_bytes()
    if source == "stdin":  # CRLF line endings and a byte-order mark, kept whole
        raw = b"\xef\xbb\xbf" + raw.replace(b"\n", b"\r\n")
    stdin = raw if source == "stdin" else None
    expected = strip_bom(raw.decode("utf-8"))
    argv = ["segment", path, "--method", method, "--output", output]
    if segments is not None:
        argv += ["--segments", str(segments)]
    code, out, err = cli(argv, capsys, monkeypatch, stdin)
    if method in NEEDS_COUNT and segments is None:
        assert code == 2 and "needs the number of segments" in err
        return
    assert code == 0, err
    assert out
    assert cli(argv, capsys, monkeypatch, stdin)[1] == out  # 3: deterministic
    json_argv = with_output(argv, "json")
    rec = json.loads(cli(json_argv, capsys, monkeypatch, stdin)[1])
    assert rec["method"] == method
    assert rec["n_segments_requested"] == segments
    assert len(rec["segments"]) == rec["n_segments"] == len(rec["boundaries"]) + 1
    n = rec["n_sentences"]
    if method in ("c99", "c99_b", "b_rb", "r98", "r98_min", "r98_s_cos") and segments:
        assert rec["n_segments"] == min(segments, n)
    if output == "json":
        assert out == cli(json_argv, capsys, monkeypatch, stdin)[1]
    elif output == "choi":
        assert out.count(SEPARATOR) == rec["n_segments"] + 1
    if source == "ref":
        assert rec["format"] == "choi" and rec["reference"] == [3, 6]
        assert set(rec) == RECORD_KEYS | {"reference"}
    else:
        assert set(rec) == RECORD_KEYS
        assert rec["format"] == "text"
        assert "".join(rec["segments"]) == expected  # 2: nothing lost, CRLF kept
        if output == "text":
            assert out == text_output(rec["segments"])
            assert rejoins(out, expected)
    if segments is not None:  # 5, last so that the rest is checked too
        check_count_notes(rec, segments)


# --- options x method --------------------------------------------------------------

OPTIONS = {
    "--mask": ["5"],
    "--c": ["0.5"],
    "--band": ["3"],
    "--stopwords": ["{stop}"],
    "--stems": ["{stems}"],
}


@pytest.mark.parametrize("option", sorted(OPTIONS))
@pytest.mark.parametrize("method", METHODS)
def test_every_option_works_or_is_refused_in_one_line(method, option, tmp_path, capsys):
    stop = tmp_path / "stop.txt"
    stop.write_text("the\na\n", encoding="utf-8")
    stems = tmp_path / "stems.tsv"
    stems.write_text("bees\tbee\nhoneybees\thoneybee\n", encoding="utf-8")
    values = [v.format(stop=stop, stems=stems) for v in OPTIONS[option]]
    count = ["--segments", "3"] if method in NEEDS_COUNT else []
    argv = ["segment", str(EXAMPLE), "--method", method, option, *values, *count]
    code, out, err = cli(argv, capsys)
    if code == 2:
        assert f"does not take {option}" in err, err
        assert method in err, err
        return
    assert out
    rec = json.loads(cli([*argv, "--output", "json"], capsys)[1])
    assert rec["method"] == method
    assert "".join(rec["segments"]) == EXAMPLE.read_text(encoding="utf-8")
    if option == "--band":
        assert rec["band"] == 3


# --- other sub-commands --------------------------------------------------------------


@pytest.mark.parametrize("method", ["c99", "b_n", "texttiling", "r98"])
def test_plot_and_report_per_method(method, tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="plot and report figures need matplotlib")
    count = ["--segments", "3"] if method in NEEDS_COUNT else []
    png = tmp_path / "p.png"
    code, _, err = cli(
        ["plot", str(EXAMPLE), "--method", method, "--out", str(png), *count], capsys
    )
    assert code == 0, err
    assert png.read_bytes().startswith(b"\x89PNG")
    page = tmp_path / "r.html"
    code, _, err = cli(
        ["report", str(EXAMPLE), "--method", method, "--out", str(page), *count], capsys
    )
    assert code == 0, err
    assert page.read_text(encoding="utf-8").count('class="segment') >= 1
    for kind in ("similarity", "rank", "density", "gradient", "boundaries"):
        svg = tmp_path / f"{kind}.svg"
        code, _, err = cli(
            ["plot", str(EXAMPLE), "--method", method, "--kind", kind, "--out", str(svg), *count],
            capsys,
        )
        assert code == 0 or f"keeps no data for --kind {kind}" in err, err
        if code == 0:
            assert svg.stat().st_size > 0


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_figures(fmt, tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="figures need matplotlib")
    out_dir = tmp_path / "figs"
    code, out, err = cli(["figures", "--out", str(out_dir), "--format", fmt], capsys)
    assert code == 0, err
    names = sorted(p.name for p in out_dir.iterdir())
    assert names == sorted(
        f"{n}.{fmt}" for n in ("rank-example", "rank-wave", "divisive-clustering", "sum-of-rank")
    )
    assert all((out_dir / n).stat().st_size > 0 for n in names)


def _choi_subset(tmp_path: Path) -> Path:
    from linseg.evaluation.corpora.data import DataNotFound, choi_dir

    try:
        choi = choi_dir()
    except DataNotFound as exc:
        pytest.skip(f"evaluate/paper need .ref samples: {exc}")
    sub = tmp_path / "corpus" / "3-5"
    sub.mkdir(parents=True)
    for name in ("1.ref", "2.ref"):
        shutil.copy(choi / "1" / "3-5" / name, sub / name)
    return tmp_path / "corpus"


@pytest.mark.parametrize("method", METHODS)
def test_evaluate_with_every_method(method, tmp_path, capsys):
    corpus = _choi_subset(tmp_path)
    jsonl = tmp_path / "r.jsonl"
    code, out, err = cli(
        ["evaluate", str(corpus), "--method", method, "--jsonl", str(jsonl)], capsys
    )
    assert code == 0, err
    assert "3-5" in out and len(jsonl.read_text(encoding="utf-8").splitlines()) == 2


@pytest.mark.parametrize("only", ["C99", "B_e"])
def test_paper_on_a_tiny_corpus(only, tmp_path, capsys):
    corpus = _choi_subset(tmp_path)
    out_dir = tmp_path / "paper"
    argv = ["paper", "--out", str(out_dir), "--corpus", str(corpus), "--only", only]
    code, _, err = cli([*argv, "--jobs", "1"], capsys)
    assert code == 0, err
    tables = (out_dir / "tables.md").read_text(encoding="utf-8")
    assert only in tables and "3-5" in tables
    assert json.loads((out_dir / "tables.json").read_text(encoding="utf-8"))
    code, _, err = cli([*argv[:-1], "bogus"], capsys)
    assert code == 2 and "bogus" in err


def test_corpus_brown_tiny(tmp_path, capsys):
    from linseg.evaluation.corpora.data import DataNotFound, brown_zip

    try:
        brown_zip()
    except DataNotFound as exc:
        pytest.skip(f"corpus brown needs the Brown corpus: {exc}")
    out_dir = tmp_path / "bc"
    argv = ["corpus", "brown", "--out", str(out_dir), "--ranges", "3-5:2", "--segments", "3"]
    code, _, err = cli(argv, capsys)
    assert code == 0, err
    refs = sorted((out_dir / "3-5").glob("*.ref"))
    assert len(refs) == 2
    assert refs[0].read_text(encoding="utf-8").count(SEPARATOR) == 4
    code, _, err = cli(argv, capsys)  # already there: refused in one line
    assert code == 2 and "--force" in err


# --- 1: exit status and one-line errors ----------------------------------------------


@pytest.mark.parametrize(
    "argv,message",
    [
        (["segment", "{missing}"], "No such file"),
        (["segment", "{ex}", "--method", "nope"], "unknown method"),
        (["segment", "{ex}", "--segments", "0"], "expected a positive integer"),
        (["segment", "{ex}", "--segments", "x"], "expected a positive integer"),
        (["segment", "{ex}", "--mask", "4"], "must be odd"),
        (["segment", "{ex}", "--band", "x"], "band width"),
        (["segment", "{ex}", "--c", "nan"], "finite number"),
        (["segment", "{ex}", "--output", "xml"], "invalid choice"),
        (["segment", "{ex}", "--stems", "{missing}"], "No such file"),
        (["segment", "{ex}", "--stopwords", "{missing}"], "No such file"),
        (["segment", "{ex}", "--stopwords", "{binary}"], "not a word list"),
        # An empty value (an unset shell variable) used to leave the default in force.
        (["segment", "{ex}", "--method", ""], "empty string"),
        (["segment", "{ex}", "--language", " "], "empty string"),
        (["segment", "{ex}", "--stems", ""], "empty string"),
        (["segment", "{ex}", "--bogus"], "unrecognized arguments"),
        (["segment", "{ex}", "-o", "{missing_dir}/x.json"], "No such file"),
        (["segment", "{ex}", "--encoding", "bogus"], "bogus"),
        (["segment", "{ex}", "--encoding", "rot13"], "rot13"),
        (["segment", "{ex}", "--encoding", "hex"], "hex"),
        (["evaluate", "{missing}"], "no such file"),
        (["evaluate", "{tmp}"], "no .ref files"),
        (["evaluate", "{ex}"], "has no three-topics.words beside it"),
        (["evaluate", "{binary}"], "holds no true boundaries"),
        (["plot", "{ex}"], "--out"),
        (["plot", "{ex}", "--out", "x.gif"], "--out must end in"),
        (["plot", "{ex}", "--out", "{missing_dir}/p.png"], "no such directory"),
        (["report", "{ex}", "--out", "x.txt"], "--out must end in"),
        (["paper", "--out", "{tmp}/p", "--corpus", "{tmp}"], "no .ref files"),
        (["corpus"], "corpus"),
        (["nope"], "invalid choice"),
        ([], "linseg"),
    ],
)
def test_usage_errors_are_one_line(argv, message, tmp_path, capsys):
    binary = tmp_path / "logo.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00")
    argv = [
        a.format(
            ex=EXAMPLE,
            binary=binary,
            missing=tmp_path / "missing.txt",
            missing_dir=tmp_path / "no" / "dir",
            tmp=tmp_path,
        )
        for a in argv
    ]
    code, out, err = run(argv, capsys)
    assert code == 2, (code, err)
    assert "Traceback" not in err, err
    assert_one_line(err, argv)
    assert message in err, err
    assert out == ""


def test_methods_and_help_exit_zero(capsys):
    code, out, _ = cli(["methods"], capsys)
    assert code == 0 and all(name in out for name in METHODS)
    assert cli(["--help"], capsys)[0] == 0
    for command in COMMANDS:
        code, out, _ = cli([command, "--help"], capsys)
        assert code == 0 and f"linseg {command}" in out


# --- 2: nothing lost ---------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["auto", "text", "lines"])
@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("bom", [False, True])
def test_nothing_lost_json_and_text(fmt, ending, bom, capsys, monkeypatch):
    text = EXAMPLE.read_text(encoding="utf-8").replace("\n", ending).rstrip(ending)
    raw = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    argv = ["segment", "-", "--format", fmt, "--output", "json", "--segments", "4"]
    code, out, err = cli(argv, capsys, monkeypatch, raw)
    assert code == 0, err
    rec = json.loads(out)
    assert rec["format"] in ("text", "lines")
    assert "".join(rec["segments"]) == text
    code, out, err = cli(with_output(argv, "text"), capsys, monkeypatch, raw)
    assert code == 0, err
    assert out == text_output(rec["segments"]) and rejoins(out, text)


# --- 4: methods that need --segments -------------------------------------------------


@pytest.mark.parametrize("method", sorted(NEEDS_COUNT))
def test_needs_segments(method, tmp_path, capsys):
    code, out, err = cli(["segment", str(EXAMPLE), "--method", method], capsys)
    assert code == 2 and "needs the number of segments" in err and out == ""
    code, out, err = cli(
        ["segment", str(EXAMPLE), "--method", method, "--segments", "3", "--output", "json"],
        capsys,
    )
    assert code == 0, err
    assert json.loads(out)["n_segments_requested"] == 3
    page = tmp_path / "r.html"
    code, _, err = cli(
        ["report", str(EXAMPLE), "--method", method, "--out", str(page), "--no-figures"], capsys
    )
    assert code == 2 and "needs the number of segments" in err
    png = tmp_path / "p.png"
    code, _, err = cli(["plot", str(EXAMPLE), "--method", method, "--out", str(png)], capsys)
    assert code == 2 and "needs the number of segments" in err
    assert not png.exists()


# --- 5: more segments than sentences ----------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
def test_more_segments_than_sentences(method, capsys):
    argv = ["segment", str(EXAMPLE), "--method", method, "--segments", "500", "--output", "json"]
    code, out, err = cli(argv, capsys)
    assert code == 0, err
    rec = json.loads(out)
    assert rec["n_segments_requested"] == 500
    assert rec["notes"] and all(isinstance(n, str) for n in rec["notes"])
    assert rec["n_sentences"] == 20
    check_count_notes(rec, 500)
    assert len(rec["segments"]) == rec["n_segments"]


# --- 6: the JSON record --------------------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
def test_json_record_keys(method, capsys):
    count = ["--segments", "3"] if method in NEEDS_COUNT else []
    argv = ["segment", str(EXAMPLE), "--method", method, "--output", "json", *count]
    code, out, err = cli(argv, capsys)
    assert code == 0, err
    rec = json.loads(out)
    assert set(rec) == RECORD_KEYS
    assert rec["method"] == method
    assert isinstance(rec["params"], dict) and isinstance(rec["format_detected"], bool)
    assert rec["format"] == "text" and rec["format_detected"] is True
    assert rec["band"] is None or isinstance(rec["band"], int)
    assert isinstance(rec["notes"], list) and all(isinstance(n, str) for n in rec["notes"])
    assert all(isinstance(b, int) for b in rec["boundaries"])
    assert rec["boundaries"] == sorted(set(rec["boundaries"]))
    assert all(0 < b < rec["n_sentences"] for b in rec["boundaries"])


@pytest.mark.parametrize("method", ["c99", "c99_b"])
@pytest.mark.parametrize("band", ["1", "3", "50"])
def test_band_is_reported(method, band, capsys):
    count = ["--segments", "3"] if method in NEEDS_COUNT else []
    argv = ["segment", str(EXAMPLE), "--method", method, "--band", band, "--output", "json"]
    code, out, err = cli([*argv, *count], capsys)
    assert code == 0, err
    rec = json.loads(out)
    assert rec["band"] == int(band)
    assert "".join(rec["segments"]) == EXAMPLE.read_text(encoding="utf-8")


@pytest.mark.parametrize("repeat", [1, 40])
def test_band_auto_is_reported(repeat, tmp_path, capsys):
    path = tmp_path / "doc.txt"
    path.write_text(EXAMPLE.read_text(encoding="utf-8") * repeat, encoding="utf-8")
    code, out, err = cli(
        ["segment", str(path), "--method", "c99", "--band", "auto", "--output", "json"], capsys
    )
    assert code == 0, err
    rec = json.loads(out)
    assert rec["band"] is None or (isinstance(rec["band"], int) and rec["band"] > 0)
    assert any("--band auto" in n for n in rec["notes"]), rec["notes"]
    assert rec["params"]["band"] == "auto"


# --- 7: no sentences -----------------------------------------------------------------

BLANK = ["", " ", "\n\n", "\t \r\n", "\r", "\u3000\n", "\ufeff", "\ufeff \n", "\u00a0\u2028"]


@pytest.mark.parametrize("command", ["segment", "plot", "report"])
@pytest.mark.parametrize("blank", BLANK, ids=[repr(b) for b in BLANK])
def test_no_sentences(command, blank, tmp_path, capsys, monkeypatch):
    path = tmp_path / "blank.txt"
    path.write_bytes(blank.encode("utf-8"))
    outs = {"segment": [], "plot": ["--out", str(tmp_path / "p.png")]}
    extra = outs.get(command, ["--out", str(tmp_path / "r.html")])
    for source, stdin in ((str(path), None), ("-", blank.encode("utf-8"))):
        code, out, err = cli([command, source, *extra], capsys, monkeypatch, stdin)
        assert code == 2 and "no sentences" in err, (source, err)
        assert out == ""


@pytest.mark.parametrize("fmt", ["choi", "lines", "text"])
def test_no_sentences_in_any_format(fmt, tmp_path, capsys):
    path = tmp_path / "blank.txt"
    path.write_text(" \n\n", encoding="utf-8")
    code, _, err = cli(["segment", str(path), "--format", fmt], capsys)
    assert code == 2 and "no sentences" in err


# --- 8: binary input -------------------------------------------------------------------

_RNG = random.Random(8)
BINARY = {
    "nul": b"Some text here.\x00\x00 More text.\n",
    "png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06",
    "png-signature": b"\x89PNG\r\n\x1a\n",
    "random": bytes(_RNG.randrange(256) for _ in range(300)),
    "random-no-nul": bytes(_RNG.randrange(1, 256) for _ in range(300)),
    "gzip": b"\x1f\x8b\x08\x00" + bytes(_RNG.randrange(256) for _ in range(200)),
}


@pytest.mark.parametrize("command", ["segment", "plot", "report"])
@pytest.mark.parametrize("encoding", ["utf-8", "latin-1"])
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_input_is_refused(name, encoding, command, tmp_path, capsys, monkeypatch):
    path = tmp_path / "blob.bin"
    path.write_bytes(BINARY[name])
    extra = {"segment": [], "plot": ["--out", str(tmp_path / "p.png")]}.get(
        command, ["--out", str(tmp_path / "r.html")]
    )
    for source, stdin in ((str(path), None), ("-", BINARY[name])):
        argv = [command, source, "--encoding", encoding, *extra]
        code, out, err = cli(argv, capsys, monkeypatch, stdin)
        assert code == 2, (source, out[:200])
        assert out == ""
        if name == "gzip":  # a gzip header over noise: a damaged archive, whatever the encoding
            assert "gzip-compressed but cannot be decompressed" in err, err
        elif encoding == "latin-1" or name == "nul":
            assert "binary" in err, err


# --- 9: format detection ------------------------------------------------------------------

NOT_REF = {
    "setext": "Title\n=====\n\nSome text here. More text.\n",
    "setext-long": "Install\n==========\n\nRun the installer. It asks.\n\nUsage\n-----\n\nDone.\n",
    "rest-title": "==========\nA title\n==========\n\nProse follows here. And more.\n",
    "banner": "==========\nBanner\n==========\nThen prose.\n",
    "rules": "First part. It ends.\n\n==========\n\nSecond part. It ends too.\n",
    "fence": "Text before. More.\n\n```\n==========\ncode = 1\n==========\n```\n\nAfter.\n",
    "empty-segment": "==========\nOne .\n==========\n==========\nTwo .\n==========\n",
    "trailing-prose": "==========\nOne .\n==========\nTrailing prose here.\n",
    "leading-prose": "Leading prose.\n==========\nOne .\n==========\n",
    "only-separators": "==========\n==========\n",
    "rest-literal": "Example::\n\n    ==========\n    x = 1\n\n.. note::\n\n   Mind it.\n",
    "crlf-markdown": "Title\r\n=====\r\n\r\nSome text here. More text.\r\n",
}


@pytest.mark.parametrize("name", sorted(NOT_REF))
def test_only_a_whole_ref_is_choi(name, capsys, monkeypatch):
    text = NOT_REF[name]
    argv = ["segment", "-", "--output", "json"]
    code, out, err = cli(argv, capsys, monkeypatch, text.encode("utf-8"))
    if code == 2:  # only a document without a sentence may be refused
        assert name == "only-separators" and "no sentences" in err, err
        return
    rec = json.loads(out)
    assert rec["format"] in ("text", "lines") and rec["format_detected"] is True
    assert "".join(rec["segments"]) == text
    code, out, _ = cli(with_output(argv, "text"), capsys, monkeypatch, text.encode("utf-8"))
    assert code == 0 and rejoins(out, text)


def test_printf_title_example_is_text(capsys, monkeypatch):
    text = "Title\n=====\n\nSome text here. More text.\n"
    code, out, err = cli(
        ["segment", "-", "--output", "json"], capsys, monkeypatch, text.encode("utf-8")
    )
    assert code == 0, err
    rec = json.loads(out)
    assert rec["format"] == "text" and "".join(rec["segments"]) == text


@pytest.mark.parametrize("ending", ["\n", "\r\n"])
@pytest.mark.parametrize("bom", [False, True])
def test_a_whole_ref_is_choi(ending, bom, capsys, monkeypatch):
    raw = ("\ufeff" if bom else "") + REF.replace("\n", ending)
    code, out, err = cli(
        ["segment", "-", "--output", "json"], capsys, monkeypatch, raw.encode("utf-8")
    )
    assert code == 0, err
    rec = json.loads(out)
    assert rec["format"] == "choi" and rec["n_sentences"] == 9
    assert rec["reference"] == [3, 6]


# --- 10: figures with --band, and the baselines -------------------------------------------


def test_plot_and_report_with_band(tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="plot and report figures need matplotlib")
    png = tmp_path / "p.png"
    code, _, err = cli(
        ["plot", str(EXAMPLE), "--method", "c99", "--band", "3", "--out", str(png)], capsys
    )
    assert code == 0, err
    assert png.read_bytes().startswith(b"\x89PNG")
    page = tmp_path / "r.html"
    code, _, err = cli(["report", str(EXAMPLE), "--out", str(page)], capsys)
    assert code == 0, err
    assert page.read_text(encoding="utf-8").count("<figure") == 1  # the default: boundaries
    c99 = ["--method", "c99"]  # a band is C99's
    code, _, err = cli(["report", str(EXAMPLE), *c99, "--out", str(page)], capsys)
    assert code == 0, err
    figures = page.read_text(encoding="utf-8").count("<figure")
    assert figures > 1  # C99's similarity, rank, density, gradient and boundaries
    code, _, err = cli(["report", str(EXAMPLE), *c99, "--band", "3", "--out", str(page)], capsys)
    assert code == 0, err
    html = page.read_text(encoding="utf-8")
    assert html.count("<figure") == figures and "data:image/svg+xml" in html


@pytest.mark.parametrize("baseline", [["b_n"], ["b_a"], ["b_e", "--segments", "3"]])
def test_baselines_segment_and_report(baseline, tmp_path, capsys):
    argv = ["segment", str(EXAMPLE), "--method", *baseline, "--output", "json"]
    code, out, err = cli(argv, capsys)
    assert code == 0, err
    rec = json.loads(out)
    assert rec["method"] == baseline[0]
    assert "".join(rec["segments"]) == EXAMPLE.read_text(encoding="utf-8")
    page = tmp_path / "r.html"
    code, _, err = cli(["report", str(EXAMPLE), "--method", *baseline, "--out", str(page)], capsys)
    assert code == 0, err
    assert page.read_text(encoding="utf-8").count('class="segment') >= 1


def test_plot_baseline(tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="plot needs matplotlib")
    png = tmp_path / "p.png"
    code, _, err = cli(["plot", str(EXAMPLE), "--method", "b_n", "--out", str(png)], capsys)
    assert code == 0, err
    assert png.read_bytes().startswith(b"\x89PNG")
    png.unlink()
    code, out, err = cli(
        ["plot", str(EXAMPLE), "--method", "b_n", "--kind", "rank", "--out", str(png)], capsys
    )
    assert code == 2 and "rank" in err and out == ""
    assert not png.exists()

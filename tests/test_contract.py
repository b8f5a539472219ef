"""One contract for every command and method: a table of sub-command x method x output.

Each cell either works (exit 0, the output whole) or exits 2 with one line; never a
traceback. The table is built from the registry, so a new method is covered the day it
is registered.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from linseg.cli import main
from linseg.corpus.ref import SEPARATOR
from linseg.methods import available

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "three-topics.txt"
METHODS = sorted(available())
NEEDS_COUNT = {name for name, info in available().items() if info.needs_n_segments}
REF = (
    "==========\nBees make honey .\nBees guard the hive .\nThe queen lays eggs .\n"
    "==========\nTrains run on rails .\nSteam engines pull trains .\nRails join towns .\n"
    "==========\nBread needs flour .\nOvens bake bread .\nYeast makes dough rise .\n"
    "==========\n"
)


def cli(argv: list[str], capsys) -> tuple[int, str, str]:
    """Run the CLI in-process and check the contract: (status, stdout, stderr)."""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code in (0, 2), (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    if code == 2:
        assert err.startswith("linseg") and err.count("\n") == 1, (argv, err)
    return int(code), out, err


@pytest.fixture
def ref_file(tmp_path):
    path = tmp_path / "sample.ref"
    path.write_text(REF, encoding="utf-8")
    return path


@pytest.mark.parametrize("output", ["text", "choi", "json"])
@pytest.mark.parametrize("segments", [None, 3, 50])
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("source", ["text", "ref"])
def test_segment_every_method_and_output(method, output, segments, source, ref_file, capsys):
    path = EXAMPLE if source == "text" else ref_file
    argv = ["segment", str(path), "--method", method, "--output", output]
    if segments is not None:
        argv += ["--segments", str(segments)]
    code, out, err = cli(argv, capsys)
    if method in NEEDS_COUNT and segments is None:
        assert code == 2 and "needs the number of segments" in err
        return
    assert code == 0, err
    assert cli(argv, capsys)[1] == out  # deterministic
    json_argv = [
        *argv[: argv.index("--output")],
        "--output",
        "json",
        *argv[argv.index("--output") + 2 :],
    ]
    rec = json.loads(cli(json_argv, capsys)[1])
    assert rec["method"] == method
    assert rec["n_segments_requested"] == segments
    n = rec["n_sentences"]
    if segments is not None and segments > n:
        assert rec["notes"] and f"{segments} segments asked for" in rec["notes"][-1]
    if method in ("c99", "c99_b", "b_rb", "r98", "r98_min", "r98_s_cos") and segments:
        assert rec["n_segments"] == min(segments, n)
    if output == "json":
        assert out == cli(json_argv, capsys)[1]
    elif output == "text":
        pieces = rec["segments"]
        assert out == f"{SEPARATOR}\n".join(p if p.endswith("\n") else p + "\n" for p in pieces)
    else:
        assert out.count(SEPARATOR) == rec["n_segments"] + 1
    if source == "text":
        assert "".join(rec["segments"]) == EXAMPLE.read_text(encoding="utf-8")
    else:
        assert rec["format"] == "choi" and rec["reference"] == [3, 6]


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
    stems.write_text("bees\tbee\n", encoding="utf-8")
    values = [v.format(stop=stop, stems=stems) for v in OPTIONS[option]]
    argv = ["segment", str(EXAMPLE), "--method", method, option, *values, "--segments", "3"]
    code, out, err = cli(argv, capsys)
    if code == 2:
        assert f"does not take {option}" in err
    else:
        assert json.loads(cli([*argv, "--output", "json"], capsys)[1])["method"] == method


@pytest.mark.parametrize("method", METHODS)
def test_plot_and_report_with_every_method(method, tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="plot and report figures need matplotlib")
    count = ["--segments", "3"] if method in NEEDS_COUNT else []
    png = tmp_path / "p.png"
    assert (
        cli(["plot", str(EXAMPLE), "--method", method, "--out", str(png), *count], capsys)[0] == 0
    )
    assert png.stat().st_size > 0
    page = tmp_path / "r.html"
    code, _, err = cli(
        ["report", str(EXAMPLE), "--method", method, "--out", str(page), *count], capsys
    )
    assert code == 0, err
    assert page.read_text(encoding="utf-8").count('class="segment') >= 1
    for kind in ("similarity", "rank", "density", "gradient", "boundaries"):
        code, _, err = cli(
            ["plot", str(EXAMPLE), "--method", method, "--kind", kind, "--out", str(png), *count],
            capsys,
        )
        assert code == 0 or f"keeps no data for --kind {kind}" in err


def _choi_subset(tmp_path: Path) -> Path:
    root = os.environ.get("LINSEG_DATA")
    if not root or not (Path(root) / "choi" / "1" / "3-5").is_dir():
        pytest.skip("LINSEG_DATA not set (or has no choi/): evaluate needs .ref samples")
    sub = tmp_path / "corpus" / "3-5"
    sub.mkdir(parents=True)
    for name in ("1.ref", "2.ref"):
        shutil.copy(Path(root) / "choi" / "1" / "3-5" / name, sub / name)
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


@pytest.mark.parametrize(
    "argv,message",
    [
        (["segment", "{missing}"], "No such file"),
        (["segment", "{ex}", "--method", "nope"], "unknown method"),
        (["segment", "{ex}", "--segments", "0"], "expected a positive integer"),
        (["segment", "{ex}", "--mask", "4"], "must be odd"),
        (["segment", "{ex}", "--band", "x"], "band width"),
        (["segment", "{ex}", "--c", "nan"], "finite number"),
        (["segment", "{ex}", "--stems", "{missing}"], "No such file"),
        (["evaluate", "{missing}"], "no such file"),
        (["plot", "{ex}", "--out", "x.gif"], "--out must end in"),
        (["report", "{ex}", "--out", "x.txt"], "--out must end in"),
        (["nope"], "invalid choice"),
    ],
)
def test_usage_errors_are_one_line(argv, message, tmp_path, capsys):
    argv = [a.format(ex=EXAMPLE, missing=tmp_path / "missing.txt") for a in argv]
    code, out, err = cli(argv, capsys)
    assert code == 2 and message in err, err
    assert out == ""


def test_methods_and_help_exit_zero(capsys):
    code, out, _ = cli(["methods"], capsys)
    assert code == 0 and all(name in out for name in METHODS)
    for command in (
        "segment",
        "evaluate",
        "methods",
        "corpus",
        "paper",
        "plot",
        "figures",
        "report",
    ):
        assert cli([command, "--help"], capsys)[0] == 0

"""The command line: formats, outputs, evaluation, and robustness to bad input."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from linseg.cli import main
from linseg.evaluation.corpora import parse_ref
from linseg.readers.document import check_text, detect_format, ref_problem
from support import run_cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "three-topics.txt"


def segment_json(tmp_path, text: str, *extra: str) -> dict:
    f = tmp_path / "in.txt"
    f.write_bytes(text.encode("utf-8"))
    out = tmp_path / "out.json"
    assert main(["segment", str(f), "--output", "json", "-o", str(out), *extra]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_example_text_segments_and_joins_back(tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8")
    rec = segment_json(tmp_path, text)
    assert rec["format"] == "text"
    assert rec["boundaries"] == [7, 13]
    assert "".join(rec["segments"]) == text
    assert rec["segments"][1].startswith("The first public railway")


def test_format_detection():
    assert detect_format("==========\na b .\n==========\n") == "choi"
    assert detect_format("The cat sat .\nIt ran away !\nA dog barked .\n") == "lines"
    assert detect_format("The cat sat. It ran away!\nA dog barked.\n") == "text"


@pytest.mark.parametrize(
    "text,problem",
    [
        ("==========\na b .\n==========\nc d .\n==========\n", None),
        ("Title\n=====\n\nSome text here. More text.\n", "its first line is not a separator"),
        ("==========\nBanner\n==========\nThen prose.\n", "its last line is not a separator"),
        ("==========\n==========\n", "it has no sentences"),
        ("===\na .\n===\n===\nb .\n===\n", "it has an empty segment (two separators in a row)"),
    ],
)
def test_only_a_whole_ref_sample_is_read_as_choi(text, problem):
    assert ref_problem(text) == problem
    assert (detect_format(text) == "choi") == (problem is None)


def test_markdown_with_rules_and_underlines_loses_nothing(tmp_path):
    text = (
        "Install\n=======\n\nRun the installer. It asks two questions.\n\n"
        "==========\n\n```\n$ make install\n```\n\nUsage\n-----\n\nCall it. Done.\n"
    )
    rec = segment_json(tmp_path, text)
    assert rec["format"] == "text" and rec["format_detected"] is True
    assert "".join(rec["segments"]) == text


def test_binary_input_is_refused_in_any_encoding(tmp_path, capsys):
    f = tmp_path / "image.png"
    f.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    assert main(["segment", str(f), "--encoding", "latin-1"]) == 2
    err = capsys.readouterr().err
    assert err == "linseg: error: input is binary, not text (a NUL character at offset 8)\n"
    with pytest.raises(ValueError, match="control characters"):
        check_text("\x01\x02\x03 text" * 10)
    check_text("Bell \x07 and escape \x1b[1m in a long enough line of ordinary text.")


def test_lines_format_keeps_blank_lines(tmp_path):
    text = "Bees make honey .\n\nBees guard the hive .\nTrains run on rails .\n\n\nRails join towns .\n"
    rec = segment_json(tmp_path, text, "--format", "lines", "--segments", "2")
    assert rec["n_sentences"] == 4
    assert rec["boundaries"] == [2]
    assert "".join(rec["segments"]) == text


def test_choi_input_and_output_roundtrip(tmp_path):
    ref = "==========\nBees make honey .\nBees guard the hive .\n==========\nTrains run on rails .\nRails join towns .\n==========\n"
    f = tmp_path / "s.ref"
    f.write_text(ref, encoding="utf-8")
    out = tmp_path / "o.ref"
    assert main(["segment", str(f), "--segments", "2", "-o", str(out)]) == 0
    doc = parse_ref(out.read_text(encoding="utf-8"))
    assert doc.sentences == parse_ref(ref).sentences and doc.boundaries == [2]
    rec = segment_json(tmp_path, ref)
    assert rec["format"] == "choi" and rec["reference"] == [2]


@pytest.mark.parametrize(
    "text,n_sentences",
    [
        ("Only one sentence here.", 1),
        ("... !!! ??? 123 456.", None),
        ("Same words here. " * 8, 8),
    ],
)
def test_degenerate_inputs_give_one_segment(tmp_path, text, n_sentences):
    rec = segment_json(tmp_path, text)
    if n_sentences is not None:
        assert rec["n_sentences"] == n_sentences
    assert rec["boundaries"] == []
    assert "".join(rec["segments"]) == text


@pytest.mark.parametrize("command", ["segment", "plot", "report"])
@pytest.mark.parametrize("text", ["", " \n\t\r\n"])
def test_a_document_without_sentences_is_an_input_error(tmp_path, capsys, command, text):
    f = tmp_path / "in.txt"
    f.write_text(text, encoding="utf-8")
    out = ["--out", str(tmp_path / ("o.png" if command == "plot" else "o.html"))]
    assert main([command, str(f), *(out if command != "segment" else [])]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no sentences in" in err


def test_mask_larger_than_document_and_too_many_segments(tmp_path):
    rec = segment_json(
        tmp_path,
        "Bees make honey. Trains run. Bread rises.",
        "--method",
        "c99",
        "--mask",
        "51",
        "--segments",
        "10",
    )
    assert rec["boundaries"] == [1, 2]
    assert rec["n_segments"] == 3 and rec["n_segments_requested"] == 10
    assert rec["notes"] == [
        "10 segments asked for, but the document has 3 sentences: at most 3 segments"
    ]


def test_text_output_separates_segments(tmp_path, capsys):
    assert main(["segment", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n==========\n") == 2


def test_stdin_and_errors_are_one_line():
    code, out, err = run_cli(["segment", "--output", "json"], stdin=b"Bees make honey. Trains run.")
    assert code == 0 and json.loads(out)["n_sentences"] == 2
    for args, stdin in [
        (["segment"], b"not utf-8 \xff\xfe \xc3"),
        (["segment", "--mask", "4"], b"a"),
        (["segment", "--segments", "0"], b"a"),
        (["segment", "/no/such/file"], None),
        (["segment", "--method", "nonesuch"], b"a"),
        (["evaluate", "/no/such/dir"], None),
        (["segment", "--stopwords", "/no/such/list"], b"a"),
    ]:
        code, out, err = run_cli(args, stdin=stdin)
        assert code == 2, (args, err)
        assert "Traceback" not in err
        assert len(err.strip().splitlines()) == 1, err
    code, out, err = run_cli(
        ["segment", "--encoding", "latin-1", "--output", "json"],
        stdin=b"Caf\xe9 au lait. Trains run.",
    )
    assert code == 0 and json.loads(out)["segments"] == ["Caf\u00e9 au lait. Trains run."]


def test_ten_megabyte_single_line(tmp_path):
    words = ("river stone market price engine rail honey bread " * 200_000).strip()
    assert len(words) > 9_000_000
    rec = segment_json(tmp_path, words)
    # No punctuation: windows of 15-25 words (one "sentence" of 1.6 million words was
    # one segment), whose segments U00 bounds to 1,000 units in a text this long.
    assert rec["n_sentences"] == 80_000 and len(rec["boundaries"]) == 79
    assert "".join(rec["segments"]) == words
    assert "segmented over windows of 15-25 words" in rec["notes"][0]


def _write_corpus(root: Path) -> None:
    topics = [
        ["bees honey hive", "honey bees nectar", "hive bees wax"],
        ["trains rails steam", "steam trains coal", "rails stations trains"],
        ["bread dough yeast", "yeast dough oven", "oven bread crust"],
    ]
    for rng in ("3-5", "6-8"):
        (root / rng).mkdir(parents=True)
        for k in range(2):
            parts = ["=========="]
            for topic in topics[k:] + topics[:k]:
                parts += [s + " ." for s in topic] + ["=========="]
            (root / rng / f"{k}.ref").write_text("\n".join(parts) + "\n", encoding="utf-8")


def test_evaluate_small_corpus(tmp_path, capsys):
    _write_corpus(tmp_path / "c")
    jl = tmp_path / "r.jsonl"
    assert main(["evaluate", str(tmp_path / "c"), "--jsonl", str(jl)]) == 0
    out = capsys.readouterr().out
    assert "3-5" in out and "6-8" in out and "all" in out
    rows = [json.loads(line) for line in jl.read_text().splitlines()]
    assert len(rows) == 4
    assert all(r["reference"] == [3, 6] for r in rows)
    assert all(r["known"]["boundaries"] == [3, 6] and r["known"]["pk_word"] == 0.0 for r in rows)


def test_evaluate_paper_corpus_subset(choi_root, capsys):
    assert main(["evaluate", str(choi_root / "1" / "3-5")]) == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if ln.startswith("3-5"))
    assert "   50 |" in line


def test_methods_lists_c99(capsys):
    assert main(["methods"]) == 0
    assert "c99" in capsys.readouterr().out


def test_band_auto_reports_the_band_it_used(tmp_path, monkeypatch):
    import linseg.compose.band as banded

    text = EXAMPLE.read_text(encoding="utf-8")
    rec = segment_json(tmp_path, text, "--method", "c99", "--band", "auto")
    assert rec["band"] is None
    assert rec["notes"] == ["--band auto chose the whole matrix (no band) for 20 sentences"]
    monkeypatch.setattr(banded, "AUTO_FULL_MAX", 10)  # as if the 20 sentences were 20,000
    rec = segment_json(tmp_path, text, "--method", "c99", "--band", "auto")
    assert rec["band"] == banded.DEFAULT_BAND
    assert rec["notes"] == [f"--band auto chose band {banded.DEFAULT_BAND} for 20 sentences"]
    assert segment_json(tmp_path, text, "--method", "c99", "--band", "3")["band"] == 3


def test_needs_count_methods_refuse_to_guess(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["segment", str(f), "--method", "c99_b"]) == 2
    assert capsys.readouterr().err == (
        "linseg: error: method 'c99_b' needs the number of segments (--segments N)\n"
    )
    rec = segment_json(
        tmp_path, f.read_text(encoding="utf-8"), "--method", "c99_b", "--segments", "3"
    )
    assert rec["method"] == "c99_b" and rec["n_segments"] == 3


def test_notes_go_to_a_terminal_only(tmp_path, capsys, monkeypatch):
    f = tmp_path / "in.txt"
    f.write_text("One bee. Two bees.", encoding="utf-8")
    assert main(["segment", str(f), "--segments", "5"]) == 0
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["segment", str(f), "--segments", "5"]) == 0
    assert capsys.readouterr().err == (
        "linseg: note: 5 segments asked for, but the document has 2 sentences: at most 2 segments\n"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Title\n=====\n\nSome text here. More text.\n",
        "Bees make\nhoney in hives. Trains run on rails.\n",
        "First part here.\n==========\nSecond part here. Third part.\n",
    ],
)
def test_choi_output_reads_back_as_the_same_segmentation(tmp_path, text):
    rec = segment_json(tmp_path, text, "--format", "text", "--segments", "2")
    out = tmp_path / "o.ref"
    f = tmp_path / "in.txt"
    assert (
        main(
            [
                "segment",
                str(f),
                "--format",
                "text",
                "--segments",
                "2",
                "--output",
                "choi",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    back = parse_ref(out.read_text(encoding="utf-8"))
    assert len(back.sentences) == rec["n_sentences"]
    assert back.boundaries == rec["boundaries"]

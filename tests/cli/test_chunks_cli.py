"""The command line's chunking features: offsets and forced cuts in the JSON record,
--output jsonl for corpus runs (resumable), and --stream."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

from linseg.cli import main
from linseg.readers.ref import SEPARATOR

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "three-topics.txt"


def test_json_offsets_cut_the_text_read(capsys):
    assert main(["segment", str(EXAMPLE), "--output", "json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    text = EXAMPLE.read_text()
    assert rec["path"] == str(EXAMPLE) and rec["forced_cuts"] == []
    assert [text[a:b] for a, b in rec["offsets"]] == rec["segments"]
    assert rec["offsets"][0][0] == 0 and rec["offsets"][-1][1] == len(text)


def test_forced_cuts_are_recorded_and_told_on_a_terminal(tmp_path, capsys, monkeypatch):
    doc = tmp_path / "speech.txt"
    prose = "We met at noon by the old bridge. The sky was clear and the water was high. " * 8
    doc.write_text(prose + "\n\n" + " ".join(["and then we went on"] * 24) + "\n")
    assert main(["segment", str(doc), "--max-size", "50", "--size-unit", "words",
                 "--output", "json"]) == 0  # fmt: skip
    rec = json.loads(capsys.readouterr().out)
    assert all(len(s.split()) <= 50 for s in rec["segments"])
    assert rec["forced_cuts"] and "over the limit of 50" in rec["notes"][0]
    starts = [a for a, _ in rec["offsets"]]
    assert set(rec["forced_cuts"]) & set(starts)  # some segments start at a forced cut
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["segment", str(doc), "--max-size", "50", "--size-unit", "words"]) == 0
    assert "linseg: note: sentence 17" in capsys.readouterr().err


def test_jsonl_corpus_run_resumes(tmp_path, capsys):
    src = tmp_path / "in"
    src.mkdir()
    for name in ("a", "b", "c"):
        (src / f"{name}.txt").write_text(EXAMPLE.read_text())
    out = tmp_path / "all.jsonl"
    assert main(["segment", str(src), "--output", "jsonl", "--out", str(out), "-j", "1"]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(Path(r["path"]).name for r in records) == ["a.txt", "b.txt", "c.txt"]
    assert all("".join(r["segments"]) == EXAMPLE.read_text() for r in records)
    # A run killed while writing its last record: the line cut short is dropped and the
    # document done again; the others are skipped.
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:2]) + lines[2][:40])
    capsys.readouterr()
    assert main(["segment", str(src), "--output", "jsonl", "--out", str(out), "-j", "1"]) == 0
    assert "2 already done" in capsys.readouterr().err
    again = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["path"] for r in again) == sorted(r["path"] for r in records)
    assert main(["segment", str(src), "--output", "jsonl", "--out", str(out),
                 "--method", "c99"]) == 2  # fmt: skip
    assert "other parameters" in capsys.readouterr().err
    # Without --out, the records go to standard output.
    assert main(["segment", str(src), "--output", "jsonl", "-j", "1"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3


def test_stream_text_and_jsonl(tmp_path, capsys):
    text = EXAMPLE.read_text() * 30
    doc = tmp_path / "long.txt.gz"
    doc.write_bytes(gzip.compress(text.encode()))
    assert main(["segment", str(doc), "--stream", "--output", "jsonl"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert "".join(r["text"] for r in records) == text
    assert all(text[r["start"] : r["end"]] == r["text"] for r in records)
    assert [r["index"] for r in records] == list(range(len(records)))
    assert main(["segment", str(doc), "--stream", "--keywords"]) == 0
    out = capsys.readouterr().out
    assert out.count(SEPARATOR + "\n") == len(records) - 1
    assert out.count("# keywords:") == len(records)


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--format", "html"], "--stream reads text or lines"),
        (["--output", "json"], "--stream writes text or jsonl"),
        (["--segments", "3"], "window by window"),
    ],
)
def test_stream_refusals_are_one_line(extra, message, capsys):
    assert main(["segment", str(EXAMPLE), "--stream", *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_transcripts_cut_sentence_shares_its_times(tmp_path, capsys):
    # One caption of 120 words without punctuation, 0 to 60 s: cut into pieces, each
    # piece's times a share of the sentence's, in order.
    words = " ".join(f"word{i}" for i in range(120))
    vtt = tmp_path / "talk.vtt"
    vtt.write_text(f"WEBVTT\n\n00:00:00.000 --> 00:01:00.000\n{words}\n")
    assert main(["segment", str(vtt), "--max-size", "30", "--size-unit", "words",
                 "--output", "json"]) == 0  # fmt: skip
    rec = json.loads(capsys.readouterr().out)
    assert all(len(s.split()) <= 30 for s in rec["segments"]) and len(rec["segments"]) >= 4
    starts = [a for a, _ in rec["times"]]
    assert starts == sorted(starts) and starts[0] == 0.0 and rec["times"][-1][1] == 60.0
    assert all(0 <= a < b <= 60 for a, b in rec["times"])

"""Plain text as people have it (issue 53): the API and the command line agree on every
input; Chinese read as Chinese; the first message says what is wrong; the Debian FAQ is cut
at its chapters."""

from __future__ import annotations

import gzip
import io
import json
import random
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import linseg
from docgen import document
from linseg.cli import main
from support import refused_in_one_line

pytestmark = pytest.mark.slow

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").iterdir())
CHINESE = (
    "第一章讲的是蜜蜂。蜜蜂采集花蜜，酿造蜂蜜。蜂巢里有蜂王和工蜂。\n\n"
    "第二章讲的是火车。火车在铁轨上行驶。铁轨是钢做的，火车跑得很快。\n\n"
    "蜜蜂在春天最忙碌。它们飞到花丛中。\n\n火车站里人很多。旅客们等待列车进站。\n"
)


def _cli(path: Path) -> tuple[int, dict | None]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["segment", str(path), "--output", "json"])
    return status, json.loads(out.getvalue()) if status == 0 else None


def _agree(path: Path) -> None:
    """segment_file(path) gives what `linseg segment path --output json` gives."""
    status, record = _cli(path)
    if status != 0:
        assert status == 2
        with pytest.raises((ValueError, UnicodeDecodeError)):
            linseg.segment_file(path)
        return
    assert record is not None
    found = linseg.segment_file(path)
    assert found.boundaries == record["boundaries"], path
    assert found.segments == record["segments"], path


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_the_api_and_the_command_line_agree_on_the_examples(path):
    _agree(path)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10**6), suffix=st.sampled_from([".txt", ".md", ".log", ""]))
def test_the_api_and_the_command_line_agree_on_any_input(tmp_path, seed, suffix):
    path = tmp_path / f"doc{suffix}"
    path.write_text(document(random.Random(seed)), encoding="utf-8", newline="")
    _agree(path)


def test_chinese_is_read_as_chinese_by_both(tmp_path, capsys):
    # Once, segment_file gave [] where the command line gave [11]: text whose sentences end
    # in no ASCII mark was taken for tokens (0 >= 0).
    path = tmp_path / "chinese.txt"
    path.write_text(CHINESE, encoding="utf-8")
    _agree(path)
    status, record = _cli(path)
    assert status == 0 and record is not None
    assert record["params"]["language"] == "zh" and record["tokenized"] is False
    assert "the language detected: Chinese (zh); --language CODE names it" in record["notes"]
    assert record["boundaries"] == [3, 6]
    for code in ("zh", "ja"):
        assert main(["segment", str(path), "--language", code, "--output", "json"]) == 0
        assert json.loads(capsys.readouterr().out)["params"]["language"] == code


def test_utf16_and_binary_input_are_named_in_the_first_message(tmp_path, capsys):
    text = "Caf\u00e9 au lait is a drink. It is good.\n" * 3
    for order in ("le", "be"):
        refused_in_one_line(
            tmp_path / "u.txt",
            text.encode(f"utf-16-{order}"),
            capsys,
            f"input looks like UTF-16 text without a byte-order mark; pass --encoding utf-16-{order}",
        )
    binary = bytes(range(256)) * 8
    refused_in_one_line(tmp_path / "b.dat", binary, capsys, "input is binary, not text")


def test_dask_and_jobs_on_one_file(tmp_path, capsys, monkeypatch):
    path = tmp_path / "a.txt"
    path.write_text("Bees make honey. Trains run on rails.\n")
    assert main(["segment", str(path), "--jobs", "4", "--output", "json"]) == 0
    notes = json.loads(capsys.readouterr().out)["notes"]
    assert notes[0] == (
        "--jobs 4 is for corpus runs (a folder, a glob or several files): one file runs in "
        "one process"
    )
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "distributed" else real(name, *a),
    )
    assert main(["segment", str(path), "--dask", "local"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--dask needs Dask: pip install 'linseg[dask]'" in err


def test_choi_format_only_with_its_own_separators(tmp_path, capsys):
    sample = "==========\nBees make honey .\n==========\nTrains run .\n==========\n"
    path = tmp_path / "s.txt"
    path.write_text(sample)
    assert main(["segment", str(path), "--output", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "choi"
    # A last rule of five "=" led by a space is prose's: read as a sample, it was lost.
    path.write_text(sample[: -len("==========\n")] + " =====\n")
    assert main(["segment", str(path), "--output", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["format"] == "text" and "".join(record["segments"]).endswith(" =====\n")


def test_report_names_the_method_that_ran(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("Bees make honey.\n")
    page = tmp_path / "a.html"
    assert main(["report", str(path), "--out", str(page), "--no-figures"]) == 0
    html = page.read_text()
    assert "1 sentence, 1 segment by u00_pr" in html
    assert "against the reference" not in html


def test_texinfo_navigation_is_left_out():
    page = (
        '<html><head><meta name="Generator" content="makeinfo"></head><body>'
        '<div class="header"><p>Next: <a href="b.html" rel="next">Trains</a>, Up: '
        '<a href="index.html" rel="up">Top</a></p></div><h3>Bees</h3><p>Bees make honey.</p>'
        '<div class="nav-panel"><p>Previous: <a href="a.html">Top</a></p></div></body></html>'
    )
    from linseg.readers.document import parse_document

    text = parse_document(page, "html").text
    assert "Next:" not in text and "Previous:" not in text and "Bees make honey." in text


FAQ = Path("/usr/share/doc/debian/FAQ/debian-faq.en.txt.gz")


@pytest.mark.skipif(
    not FAQ.is_file(),
    reason="Debian's debian-faq package is not installed (apt-get install debian-faq)",
)
def test_the_debian_faq_is_cut_at_its_chapter_lines(capsys):
    # Its table of contents lists the chapters and is left out of the similarity; every cut
    # falls on a "Chapter N." line (once: 5 segments, the second 87 KB long, from the
    # table of contents through chapter 6).
    assert main(["segment", str(FAQ), "--output", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert any(n.startswith("a table of contents (150 sentences)") for n in record["notes"])
    heads = [s.lstrip()[:8] for s in record["segments"][1:]]
    assert len(heads) >= 10 and all(h == "Chapter\u00a0" for h in heads), heads
    assert max(len(s) for s in record["segments"]) < 45_000  # two chapters at most
    text = gzip.decompress(FAQ.read_bytes()).decode("utf-8")
    assert "".join(record["segments"]) == text
    # Given the count, no cut falls on a footnote's rule or parts a chapter's title from
    # its text.
    assert main(["segment", str(FAQ), "--output", "json", "--segments", "17"]) == 0
    for segment in json.loads(capsys.readouterr().out)["segments"][1:]:
        assert not segment.startswith("-" * 20) or "^[" not in segment.split("\n\n")[1][:20]
        assert not segment.lstrip().startswith(("Chapter", "CHAPTER")) or "\n\n" in segment


def test_a_reference_caption_only_where_there_is_a_reference(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "a.txt"
    path.write_text(
        "Bees make honey. They guard the hive.\n\nTrains run on rails. Rails are steel.\n"
    )
    page = tmp_path / "a.html"
    assert main(["report", str(path), "--out", str(page)]) == 0
    html = page.read_text()
    assert "Boundaries found: where each segment begins" in html
    assert "against the reference" not in html
    ref = tmp_path / "a.ref"
    ref.write_text("==========\nBees make honey .\n==========\nTrains run .\n==========\n")
    assert main(["report", str(ref), "--out", str(page)]) == 0
    assert "against the reference (top)" in page.read_text()


GPL3 = Path("/usr/share/common-licenses/GPL-3")


@pytest.mark.skipif(
    not GPL3.is_file(), reason="no /usr/share/common-licenses/GPL-3 (Debian's base-files)"
)
def test_an_introduction_stays_with_the_list_it_introduces():
    segments = linseg.segment_file(GPL3).segments
    assert not any(s.rstrip().endswith("in one of these ways:") for s in segments)

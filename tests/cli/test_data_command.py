"""``linseg data``: status, fetch and add from the command line, and the commands that
read the corpora finding what it fetched or registered.

The Brown corpus is served by a threaded HTTP server on 127.0.0.1 (a small stand-in for
NLTK's brown.zip, its URL and sha256 given through LINSEG_BROWN_URL and
LINSEG_BROWN_SHA256); every place linseg looks is inside the test's folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from linseg.cli import main
from support import LocalServer, brown_archive, choi_layout, closed_port_url, isolate_data, listing


@pytest.fixture
def home(monkeypatch, tmp_path):
    return isolate_data(monkeypatch, tmp_path)


@pytest.fixture
def served(home, tmp_path, monkeypatch):
    """The stand-in brown.zip on a local server: (server, bytes); the environment points
    linseg's download at it."""
    path = tmp_path / "fixture-brown.zip"
    sha = brown_archive(path)
    body = path.read_bytes()
    with LocalServer({"brown.zip": body}) as server:
        monkeypatch.setenv("LINSEG_BROWN_URL", f"{server.url}/brown.zip")
        monkeypatch.setenv("LINSEG_BROWN_SHA256", sha)
        yield server, body


def run(argv, capsys) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if code == 2:  # one line on stderr, nothing on stdout
        assert len(err.splitlines()) == 1 and err.startswith("linseg: error: "), err
        assert out == ""
    return code, out, err


def test_status_lists_each_corpus_where_it_looks_its_source_and_licence(home, capsys):
    code, out, _ = run(["data", "status"], capsys)
    assert code == 0
    for name in ("choi", "brown", "python-docs", "django-docs", "sphinx-headings"):
        assert f"\n{name}: " in out
    assert out.count("licence:") == 5 and out.count("source:") == 5
    assert out.count("missing:") == 3  # choi, brown and python-docs: nothing registered here
    assert "get it with: linseg data fetch brown" in out
    assert "Choi's C99 release" in out and "LINSEG_DATA: unset" in out
    assert f"linseg's data folder: {home}" in out
    assert listing(home) == []  # status writes nothing

    code, out, _ = run(["data", "status", "--json"], capsys)
    record = json.loads(out)
    assert record["data_folder"] == str(home) and record["linseg_data"] is None
    brown = next(c for c in record["corpora"] if c["name"] == "brown")
    assert brown["present"] is False and brown["licence"]
    assert [p["where"] for p in brown["looks_in"]][-1] == "NLTK's data"


def test_status_shows_a_linseg_data_that_names_no_folder(home, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LINSEG_DATA", str(tmp_path / "typo"))
    code, out, _ = run(["data", "status"], capsys)
    assert code == 0 and "not a folder: commands stop with an error" in out
    code, _, err = run(["evaluate"], capsys)  # as it always did
    assert code == 2 and "data directory not found" in err and "typo" in err


def test_fetch_then_corpus_brown_uses_the_fetched_copy(served, home, tmp_path, capsys):
    server, body = served
    code, _, err = run(["data", "fetch", "brown"], capsys)
    assert code == 0, err
    fetched = home / "brown" / "brown.zip"
    assert fetched.read_bytes() == body and "sha256 checked" in err
    assert listing(home) == ["brown", "brown/brown.zip"]

    code, _, err = run(["data", "fetch", "brown"], capsys)  # there already: no download
    assert code == 0 and "nothing downloaded" in err and server.requests == 1

    out_dir = tmp_path / "samples"
    argv = ["corpus", "brown", "--out", str(out_dir), "--ranges", "3-5:2", "--segments", "3"]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    assert len(list((out_dir / "3-5").glob("*.ref"))) == 2
    manifest = json.loads((out_dir / "corpus.json").read_text(encoding="utf-8"))
    assert manifest["source"] == str(fetched) and manifest["documents"] == 6

    code, out, _ = run(["data", "status"], capsys)
    assert f"present:  {fetched}" in out


@pytest.mark.parametrize(
    "how,message",
    [
        ("mismatch", "checksum mismatch"),
        ("truncated", "truncated download"),
        ("no network", "could not download"),
    ],
)
def test_a_failed_fetch_is_one_line_and_leaves_nothing(
    served, home, how, message, monkeypatch, capsys
):
    server, _ = served
    if how == "mismatch":
        monkeypatch.setenv("LINSEG_BROWN_SHA256", "1" * 64)
    elif how == "truncated":
        monkeypatch.setenv("LINSEG_BROWN_URL", f"{server.url}/truncated/brown.zip")
    else:
        monkeypatch.setenv("LINSEG_BROWN_URL", closed_port_url())
    code, _, err = run(["data", "fetch", "brown"], capsys)
    assert code == 2 and message in err
    assert listing(home) == []


def test_fetch_url_option_is_a_mirror_with_the_checksum_still_pinned(
    served, home, monkeypatch, capsys
):
    server, _ = served
    monkeypatch.delenv("LINSEG_BROWN_SHA256")  # the real corpus's sha256 again
    monkeypatch.setenv("LINSEG_BROWN_URL", closed_port_url())
    code, _, err = run(["data", "fetch", "brown", "--url", f"{server.url}/brown.zip"], capsys)
    assert code == 2 and "checksum mismatch" in err and server.requests == 1
    assert listing(home) == []


def test_add_checks_before_registering(home, tmp_path, capsys):
    bad = tmp_path / "notes.zip"
    bad.write_bytes(b"not a zip")
    code, _, err = run(["data", "add", "brown", str(bad)], capsys)
    assert code == 2 and "is not NLTK's brown.zip" in err
    partial = tmp_path / "partial"
    choi_layout(partial, {("1", "3-5"): 3})
    code, _, err = run(["data", "add", "choi", str(partial)], capsys)
    assert code == 2 and "does not hold Choi's corpus" in err and "3-5: 3" in err
    code, _, err = run(["data", "add", "choi", str(tmp_path / "absent")], capsys)
    assert code == 2 and "is not a folder" in err
    assert listing(home) == []


def test_evaluate_finds_the_registered_corpus(home, tmp_path, capsys):
    corpus = tmp_path / "choi"
    choi_layout(corpus)
    code, _, err = run(["data", "add", "choi", str(corpus)], capsys)
    assert code == 0 and "registered choi" in err
    code, out, err = run(["evaluate", "--method", "c99"], capsys)
    assert code == 0, err
    assert f"on {corpus} (700 samples" in out


@pytest.mark.parametrize(
    "argv",
    [["evaluate"], ["paper", "--out", "{tmp}/p"], ["corpus", "brown", "--out", "{tmp}/b"]],
)
def test_commands_without_data_name_the_status_command(home, tmp_path, argv, capsys):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code, _, err = run(argv, capsys)
    assert code == 2 and "linseg data status" in err and "not found" in err


def test_fetch_and_add_say_where_the_other_corpora_come_from(home, capsys):
    code, _, err = run(["data", "fetch", "choi"], capsys)
    assert code == 2 and "Choi's C99 release" in err and "linseg data add choi PATH" in err
    code, _, err = run(["data", "fetch", "django-docs"], capsys)
    assert code == 2 and "benchmarks/natural/django-docs" in err.replace(os.sep, "/")
    code, _, err = run(["data", "fetch", "wsj"], capsys)
    assert code == 2 and "unknown corpus" in err
    code, _, err = run(["data"], capsys)
    assert code == 2 and "linseg data status" in err


def test_fetch_in_a_fresh_process(served, home, tmp_path):
    """The environment variables reach a new ``linseg`` process (NLTK's own folders are
    looked at there: HOME is moved into the test's folder, and a system copy of the real
    corpus has another sha256 than the stand-in)."""
    env = dict(os.environ, HOME=str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-m", "linseg", "data", "fetch", "brown"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert Path(home / "brown" / "brown.zip").is_file()
    env["LINSEG_BROWN_SHA256"] = "2" * 64
    proc = subprocess.run(
        [sys.executable, "-m", "linseg", "data", "fetch", "brown", "--force"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1, proc.stderr
    assert listing(home) == ["brown", "brown/brown.zip"]  # the good copy stays

"""Fuzz suite: random documents through the command line and the API.

Every document (see :mod:`docgen`) must give exit status 0 or 2, never a traceback; an
error is one line; the JSON segments join back to the input; the same input gives the
same bytes. The documents come from a fixed seed, so a failure names its document
number and reproduces.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import document
from linseg import segment_text
from linseg.cli import main
from linseg.corpus.document import ref_problem
from linseg.corpus.ref import SEPARATOR

N_DOCUMENTS = 500  # through the CLI, every run
N_API = 200  # of those, also through segment_text
BUDGET_SECONDS = 240  # a guard against a hang, far above the ~20 s this takes
SEED = 20261123


def _cli(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse
        code = exc.code
    out, err = capsys.readouterr()
    return int(code), out, err


def _check_contract(code: int, out: str, err: str, what: str) -> None:
    assert code in (0, 2), f"{what}: exit status {code}"
    assert "Traceback" not in err, f"{what}: {err}"
    if code == 2:
        assert err.startswith("linseg") and err.count("\n") == 1 and err.strip(), f"{what}: {err!r}"
        assert out == "", what


def _text_output(segments: list[str]) -> str:
    """What --output text prints for these segments."""
    return f"{SEPARATOR}\n".join(p if p.endswith("\n") else p + "\n" for p in segments)


def test_random_documents_through_the_cli(tmp_path, capsys):
    rng = random.Random(SEED)
    started = time.monotonic()
    ran = errors = 0
    for i in range(N_DOCUMENTS):
        assert time.monotonic() - started < BUDGET_SECONDS, f"budget spent after {i} documents"
        text = document(rng)
        path = tmp_path / "doc.txt"
        path.write_bytes(text.encode("utf-8"))
        expected = text[1:] if text.startswith("\ufeff") else text
        fmt = rng.choice(["auto", "auto", "auto", "text", "lines"])
        extra = ["--format", fmt]
        if rng.random() < 0.3:
            extra += ["--segments", str(rng.randint(1, 12))]
        what = f"document {i} (seed {SEED}) with {extra}"
        code, out, err = _cli(["segment", str(path), "--output", "json", *extra], capsys)
        _check_contract(code, out, err, what)
        ran += 1
        if code == 2:
            errors += 1
            assert not expected.strip() or "binary" in err, f"{what}: {err}"
            continue
        rec = json.loads(out)
        assert set(rec) >= {
            "method",
            "format",
            "format_detected",
            "n_segments",
            "band",
            "boundaries",
            "segments",
            "notes",
        }, what
        if rec["format"] == "choi":
            assert fmt == "auto" and ref_problem(expected) is None, what
        else:
            assert "".join(rec["segments"]) == expected, what
        assert len(rec["segments"]) == rec["n_segments"] == len(rec["boundaries"]) + 1, what
        again = _cli(["segment", str(path), "--output", "json", *extra], capsys)
        assert again[1] == out, f"{what}: not deterministic"
        text_out = _cli(["segment", str(path), "--output", "text", *extra], capsys)[1]
        assert text_out == _text_output(rec["segments"]), what
        if i < N_API:
            doc = segment_text(text)
            assert "".join(doc.segments) == text, what
            assert segment_text(text).boundaries == doc.boundaries, what
    assert ran == N_DOCUMENTS
    assert errors < N_DOCUMENTS // 5  # the generator makes mostly valid documents


def test_binary_documents_are_refused(tmp_path, capsys):
    rng = random.Random(SEED)
    for i in range(20):
        data = bytes(rng.randrange(256) for _ in range(rng.randint(1, 400))) + b"\x00"
        path = tmp_path / "blob.bin"
        path.write_bytes(data)
        for encoding in ("utf-8", "latin-1"):
            code, out, err = _cli(["segment", str(path), "--encoding", encoding], capsys)
            _check_contract(code, out, err, f"blob {i}, {encoding}")
            assert code == 2, f"blob {i}, {encoding}"


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300))
def test_segment_text_joins_back_on_any_text(text):
    try:
        doc = segment_text(text)
    except (ValueError, TypeError) as exc:  # pragma: no cover - must say why
        assert str(exc)
        return
    assert "".join(doc.segments) == text
    assert segment_text(text).boundaries == doc.boundaries


@pytest.mark.parametrize("method", ["texttiling", "segmenter", "b_r"])
def test_other_methods_on_random_documents(method, tmp_path, capsys):
    rng = random.Random(SEED + 1)
    for i in range(40):
        text = document(rng)
        path = tmp_path / "doc.txt"
        path.write_bytes(text.encode("utf-8"))
        code, out, err = _cli(
            ["segment", str(path), "--method", method, "--output", "json"], capsys
        )
        what = f"{method}, document {i}"
        _check_contract(code, out, err, what)
        if code == 0 and json.loads(out)["format"] != "choi":
            expected = text[1:] if text.startswith("\ufeff") else text
            assert "".join(json.loads(out)["segments"]) == expected, what

"""Fuzz suite: random documents through the command line and the API.

Every document (see :mod:`docgen`) must give exit status 0 or 2, never a traceback; an
error is one line; the JSON segments (and the ``--output text`` pieces) join back to
the input; the same input gives the same bytes. The documents come from a fixed seed,
so a failure names its document number and reproduces: ``docgen.document(rng)`` after
re-seeding ``random.Random(SEED)`` and drawing the same sequence.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import sys
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import RECORD_KEYS, blob, document, rejoins, strip_bom, text_output
from linseg import segment_text
from linseg.cli import main
from linseg.methods import DEFAULT_METHOD, available

N_DOCUMENTS = 1000  # through the CLI, every run
API_EVERY = 3  # every third document also goes through segment_text
HARD_LIMIT_SECONDS = 240  # a guard against a hang inside one document
SEED = int(os.environ.get("LINSEG_FUZZ_SEED", "20261123"))  # another seed explores more
METHODS = sorted(available())
NEEDS_COUNT = {name for name, info in available().items() if info.needs_n_segments}


class _Stdin:
    def __init__(self, data: bytes):
        self.buffer = io.BytesIO(data)


class _Hang(Exception):
    pass


@contextlib.contextmanager
def hard_limit(seconds: int):
    """Fail instead of hanging: SIGALRM interrupts a document that never finishes."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _raise(signum, frame):
        raise _Hang(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, _raise)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _cli(argv: list[str], capsys, monkeypatch, stdin: bytes | None = None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", _Stdin(stdin))
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def _check_contract(code, out: str, err: str, what: str) -> None:
    assert code in (0, 2), f"{what}: exit status {code}: {err[-2000:]}"
    assert "Traceback" not in err, f"{what}: {err}"
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("linseg") and lines[0].strip(), (
            f"{what}: {err!r}"
        )
        assert out == "", what


def is_whole_ref(text: str) -> bool:
    """A necessary condition for a .ref sample, written independently of linseg: the
    first and last non-blank lines are separators (``=`` only) and no two separators
    are adjacent (every segment has a non-blank line)."""
    lines = [ln for ln in text.splitlines() if ln.strip()]

    def sep(line: str) -> bool:
        return set(line.strip()) == {"="}

    if len(lines) < 3 or not sep(lines[0]) or not sep(lines[-1]):
        return False
    return not any(sep(a) and sep(b) for a, b in zip(lines, lines[1:]))


def _arguments(rng: random.Random) -> list[str]:
    extra = ["--format", rng.choice(["auto", "auto", "auto", "text", "lines"])]
    method = DEFAULT_METHOD if rng.random() < 0.85 else rng.choice(METHODS)
    if method != DEFAULT_METHOD or rng.random() < 0.1:
        extra += ["--method", method]
    if method in NEEDS_COUNT or rng.random() < 0.3:
        extra += ["--segments", str(rng.choice([1, 2, 3, 5, 12, 40]))]
    if method in ("c99", "c99_b") and rng.random() < 0.15:
        extra += ["--band", rng.choice(["auto", "1", "2", "5"])]
    return extra


def _check_document(i, text, rng, tmp_path, capsys, monkeypatch) -> None:
    raw = text.encode("utf-8")
    expected = strip_bom(text)
    extra = _arguments(rng)
    fmt = extra[1]
    via_stdin = rng.random() < 0.3
    if via_stdin:
        source, stdin = "-", raw
    else:
        path = tmp_path / f"doc{i % 7}.txt"
        path.write_bytes(raw)
        source, stdin = str(path), None
    output = "json" if rng.random() < 0.8 else "text"
    argv = ["segment", source, "--output", output, *extra]
    what = f"document {i} (seed {SEED}) {'stdin' if via_stdin else 'file'} {argv[2:]}"
    code, out, err = _cli(argv, capsys, monkeypatch, stdin)
    _check_contract(code, out, err, what)
    blank = not expected.strip()
    if blank:
        assert code == 2 and "no sentences" in err, f"{what}: {err!r}"
        return
    if code == 2:
        method = extra[extra.index("--method") + 1] if "--method" in extra else DEFAULT_METHOD
        refused = "binary" in err or (method not in NEEDS_COUNT and "does not take" in err)
        assert refused, f"{what}: refused a document with text in it: {err!r}"
        return
    again = _cli(argv, capsys, monkeypatch, stdin)
    assert again[0] == 0 and again[1] == out, f"{what}: not deterministic"
    if output == "text":
        if not (fmt == "auto" and is_whole_ref(expected)):
            assert rejoins(out, expected), f"{what}: --output text does not join back"
        return
    rec = json.loads(out)
    assert set(rec) - {"reference"} == RECORD_KEYS, what
    assert rec["method"] == (
        extra[extra.index("--method") + 1] if "--method" in extra else DEFAULT_METHOD
    )
    assert rec["format_detected"] is (fmt == "auto"), what
    assert len(rec["segments"]) == rec["n_segments"] == len(rec["boundaries"]) + 1, what
    if rec["format"] == "choi":
        assert fmt == "auto" and is_whole_ref(expected), f"{what}: read as choi"
    else:
        assert rec["format"] in ("text", "lines"), what
        assert "".join(rec["segments"]) == expected, f"{what}: segments do not join back"
    if "--segments" in extra:
        asked = int(extra[extra.index("--segments") + 1])
        assert rec["n_segments_requested"] == asked, what
        capped = min(asked, rec["n_sentences"])
        assert rec["n_segments"] <= rec["n_sentences"], what
        if asked > rec["n_sentences"]:
            assert any("segments asked for" in note for note in rec["notes"]), what
        if rec["n_segments"] != capped:
            wanted = f"gave {rec['n_segments']} segments, not the {capped} asked for"
            assert any(wanted in note for note in rec["notes"]), f"{what}: {rec['notes']}"
    else:
        assert rec["n_segments_requested"] is None, what
    if "--band" in extra:
        band = extra[extra.index("--band") + 1]
        if band == "auto":
            assert rec["band"] is None or isinstance(rec["band"], int), what
            assert any("--band auto" in note for note in rec["notes"]), f"{what}: {rec['notes']}"
        else:
            assert rec["band"] == int(band), what
    else:
        assert rec["band"] is None, what


def _check_api(i: int, text: str) -> None:
    what = f"document {i} (seed {SEED}) through segment_text"
    try:
        doc = segment_text(text)
    except (ValueError, TypeError) as exc:
        assert str(exc), what
        assert not text.strip() or "binary" in str(exc), f"{what}: {exc}"
        return
    assert "".join(doc.segments) == text, what
    assert segment_text(text).boundaries == doc.boundaries, f"{what}: not deterministic"


def test_random_documents_through_the_cli(tmp_path, capsys, monkeypatch):
    rng = random.Random(SEED)
    args_rng = random.Random(SEED + 7)
    ran = api = 0
    failures: list[str] = []  # every document runs; all the failures are reported
    with hard_limit(HARD_LIMIT_SECONDS):
        for i in range(N_DOCUMENTS):
            text = document(rng)
            try:
                _check_document(i, text, args_rng, tmp_path, capsys, monkeypatch)
            except AssertionError as exc:
                failures.append(str(exc).splitlines()[0][:400])
            if i % API_EVERY == 0:
                try:
                    _check_api(i, text)
                except AssertionError as exc:
                    failures.append(str(exc).splitlines()[0][:400])
                api += 1
            ran += 1
    assert ran == N_DOCUMENTS
    assert api >= N_DOCUMENTS // API_EVERY
    assert not failures, f"{len(failures)} of {ran} documents failed:\n" + "\n".join(failures)


def test_the_generator_makes_what_it_promises():
    """Not vacuous: the documents hold every kind of trouble the suite is about."""
    rng = random.Random(SEED)
    docs = [document(rng) for _ in range(N_DOCUMENTS)]
    joined = "".join(docs)
    for needle in (
        "\r\n",
        "\ufeff",
        "==========",
        "```",
        ".. note::",
        "\u200d",
        "\x1b",
        "\x07",
        "\u4eca",
        "\u05d6",
        "\u0647",
    ):
        assert needle in joined, repr(needle[:20])
    assert any(len(token) >= 10_000 for d in docs for token in d.split())
    assert any("\r" in d and "\r\n" not in d for d in docs)  # lone CR
    assert any(not strip_bom(d).strip() for d in docs)  # blank documents
    assert any(d == "" for d in docs)
    assert any(is_whole_ref(d) for d in docs)  # some are .ref samples
    assert max(len(d) for d in docs) < 100_000  # small enough to stay fast


@pytest.mark.parametrize("encoding", [None, "utf-8", "latin-1"])
def test_binary_documents_are_refused(encoding, tmp_path, capsys, monkeypatch):
    rng = random.Random(SEED)
    for i in range(30):
        data = blob(rng)
        path = tmp_path / "blob.bin"
        path.write_bytes(data)
        for source, stdin in ((str(path), None), ("-", data)):
            what = f"blob {i}, {encoding}, {source}"
            given = [] if encoding is None else ["--encoding", encoding]
            code, out, err = _cli(
                ["segment", source, *given, "--output", "json"],
                capsys,
                monkeypatch,
                stdin,
            )
            _check_contract(code, out, err, what)
            assert code == 2, f"{what}: {out[:200]!r}"
            if encoding == "latin-1":
                # A gzip header over noise is a damaged archive, and says so.
                damaged = data.startswith(b"\x1f\x8b") and "gzip-compressed" in err
                assert "binary" in err or damaged, f"{what}: {err!r}"


_FRAGMENTS = [
    "The cat sat. ",
    "Bees make honey!",
    "==========",
    "=====",
    "\n",
    "\r\n",
    "\r",
    "\n\n",
    "# Title",
    "```",
    "    indented",
    ".. note::",
    "::",
    "\ufeff",
    "\u200d",
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",
    "\u4eca\u65e5\u306f\u3002",
    "\u0647\u0630\u0627.",
    "\x07",
    "\x1b[1m",
    "\x0c",
    "\u2028",
    "\u00a0",
    "\udcff",  # a byte that was not UTF-8, decoded with "surrogateescape"
    "\ud800 ",
    "e.g.",
    "...",
    " ",
    "\t",
    "a" * 500,
]


@settings(max_examples=100, deadline=None)
@given(
    st.one_of(
        st.text(max_size=300),
        st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=20)), max_size=40).map(
            "".join
        ),
    ),
    st.one_of(st.none(), st.integers(min_value=1, max_value=12)),
)
def test_segment_text_joins_back_on_any_text(text, n_segments):
    try:
        doc = segment_text(text, n_segments=n_segments)
    except (ValueError, TypeError) as exc:
        assert str(exc)
        return
    assert "".join(doc.segments) == text
    assert segment_text(text, n_segments=n_segments).segments == doc.segments
    if n_segments is not None and text.strip():
        assert len(doc.segments) <= n_segments


@pytest.mark.parametrize("method", ["u00_pr", "c99", "texttiling", "consensus_dp"])
def test_lone_surrogates_are_text_like_any_other(method):
    # Text decoded with "surrogateescape" holds lone surrogates, which the sentence
    # splitter's Rust core and UTF-8 cannot take as they are; in paragraphs enough for the
    # section cues, and in one line, every method segments it and loses none of it.
    paragraph = "Bees make honey \udcff here. The hive \ud800 hums all day.\n\n"
    for text in (paragraph * 12, paragraph.replace("\n\n", " ") * 12):
        doc = segment_text(text, method=method)
        assert "".join(doc.segments) == text and len(doc.segments) >= 1


@pytest.mark.parametrize("method", ["texttiling", "kan", "b_r", "r98"])
def test_other_methods_on_random_documents(method, tmp_path, capsys, monkeypatch):
    rng = random.Random(SEED + 1)
    for i in range(40):
        text = document(rng)
        path = tmp_path / "doc.txt"
        path.write_bytes(text.encode("utf-8"))
        argv = ["segment", str(path), "--method", method, "--output", "json"]
        if method in NEEDS_COUNT:
            argv += ["--segments", "3"]
        code, out, err = _cli(argv, capsys, monkeypatch)
        what = f"{method}, document {i}"
        _check_contract(code, out, err, what)
        expected = strip_bom(text)
        if not expected.strip():
            assert code == 2 and "no sentences" in err, what
            continue
        assert code == 0, f"{what}: {err}"
        rec = json.loads(out)
        if rec["format"] != "choi":
            assert "".join(rec["segments"]) == expected, what
        assert (
            text_output(rec["segments"])
            == _cli([*argv[:4], "--output", "text", *argv[6:]], capsys, monkeypatch)[1]
        ), what


def _compositions():
    from linseg.compose import Composition, costs, measures, rows, strategies, transforms

    return [
        Composition(
            measures.StemCosine(),
            transforms.LocalRank(11),
            strategies.ExactDP(
                1.1, 0.6, cost=costs.Multinomial(), units="paragraphs", diagonal=False
            ),
        ),
        Composition(
            strategy=strategies.ExactDP(
                1.0, cost=costs.Multinomial(), similarity_weight=0, max_length=3
            )
        ),
        Composition(measures.DotDensity(), None, strategies.DepthScores()),
        Composition(
            measures.DotDensity(), None, strategies.DepthScores(), rows=rows.TokenSequences(5)
        ),
        Composition(
            measures.StemCosine(), None, strategies.ExactDP(penalty=0.5), rows=rows.Paragraphs()
        ),
        Composition(strategy=strategies.Baseline("random", seed=1)),
    ]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=20)), max_size=40).map(
        "".join
    ),
    st.one_of(st.none(), st.integers(min_value=1, max_value=6)),
)
def test_compositions_join_back_on_any_text(text, n_segments):
    for seg in _compositions():
        try:
            doc = seg.segment_text(text, n_segments)
        except ValueError as exc:  # no sentences, or more segments than max_length allows
            assert str(exc) and ("\n" not in str(exc))
            continue
        assert "".join(doc.segments) == text


# What a fuzz campaign of 2026-11-27 found (220,807 mutated documents of every format):
# a format, a file name, its bytes, and the error expected (None: read and segmented).
# The runs that were slow (quadratic in a run of blanks or of line breaks) are kept at a
# size they took 10-60 s at; they take well under a second now.
_TABS = "\t" * 100_000
_FOUND = {
    "JSON nested a thousand deep (Whisper)": (
        "whisper", "t.json", '{"segments": ' + "[" * 5000 + "]" * 5000 + "}",
        "nests its JSON too deeply",
    ),
    "JSON nested a thousand deep (notebook)": (
        "ipynb", "n.ipynb", '{"nbformat": 4, "cells": ' + "[" * 5000 + "]" * 5000 + "}",
        "nests its markup too deeply",
    ),
    "a time past a float's range (Whisper's JSON)": (
        "whisper", "t.json", '{"segments": [{"start": 1e999, "end": 1, "text": "Hi."}]}',
        "a time past a year",
    ),
    "an integer time past a float's range (whisper.cpp's JSON)": (
        "whisper", "t.json",
        '{"transcription": [{"offsets": {"from": 1' + "0" * 400 + ', "to": 1}, "text": "Hi."}]}',
        "a time past a year",
    ),
    "NaN as a time": (
        "whisper", "t.json", '{"segments": [{"start": NaN, "end": 1, "text": "Hi."}]}',
        "a time past a year",
    ),
    "a time of 400 digits (Whisper's TSV)": (
        "whisper", "t.tsv", "start\tend\ttext\n" + "9" * 400 + "\t1\tHi.\n", "a time past a year",
    ),
    "hours of 400 digits (SRT)": (
        "srt", "t.srt", "1\n" + "9" * 400 + ":00:00,000 --> 00:00:01,000\nHello.\n",
        "line 2: a time past a year",
    ),
    "hours of 300 digits in a cue that ends first (SBV)": (
        "sbv", "t.sbv", "9" * 300 + ":00:00.000,0:00:01.000\nHello.\n", "a time past a year",
    ),
    "formatting codes nested 3,000 deep (POD)": (
        "pod", "p.pod", "=pod\n\n" + "B<" * 3000 + "x" + ">" * 3000 + "\n",
        "nests its markup too deeply",
    ),
    "blocks nested 3,000 deep (Org)": (
        "org", "o.org", "#+BEGIN_QUOTE\n" * 3000 + "x\n" + "#+END_QUOTE\n" * 3000,
        "nests its markup too deeply",
    ),
    # Read since: notes past eight deep are read in place (each level used to read the
    # rest of the text again, 18 s for 1 MB never closed, before it was refused).
    "footnotes nested 3,000 deep (LaTeX)": (
        "tex", "l.tex",
        "\\documentclass{article}\\begin{document}" + "\\footnote{" * 3000 + "Bees fly."
        + "}" * 3000 + "\\end{document}\n",
        None,
    ),
    "footnotes nested 1,100 deep and never closed, before 200 KB (LaTeX)": (
        "tex", "l.tex",
        "\\documentclass{article}\\begin{document}" + "\\footnote{" * 1100
        + "Bees fly. " * 20_000 + "\\end{document}\n",
        None,
    ),
    # The third campaign (tools/fuzz_campaign.py): 40,000 tabs in a title took 25 s.
    "a section title with a run of 40,000 tabs (AsciiDoc)": (
        "asciidoc", "t.adoc", "= Bee" + "\t" * 40_000 + "keeping\n\nBees fly.\n", None,
    ),
    "an attribute value with a run of 40,000 tabs (AsciiDoc)": (
        "asciidoc", "v.adoc", ":x: a" + "\t" * 40_000 + "b\n\nBees fly.\n", None,
    ),
    "attributes that grow fourfold a line (AsciiDoc)": (
        "asciidoc", "a.adoc", "= T\n\n:x: ab\n" + ":x: {x}{x}{x}{x}\n" * 14 + "\nBees {x}.\n",
        "expand a line past 1,000,000 characters",
    ),
    "a content ID that is not ASCII (MHTML)": (
        "mhtml", "p.mhtml", b"Content-Type:start\nContent-ID:\xdd", "holds no HTML page",
    ),
    "a style's long name before its end (RTF)": (
        "rtf", "r.rtf", "{\\rtf1{\\stylesheet{\\s1 " + "a" * 40_000 + ";b" * 200 + "}}Hi.\\par}",
        None,
    ),
    "a headline with 100,000 tabs (Org)": ("org", "o.org", f"* a{_TABS}b\nBees fly.\n", None),
    "a table row with 100,000 tabs (AsciiDoc)": (
        "asciidoc", "a.adoc", f"= T\n\nBees.\n\n|===\n| a{_TABS}b\n|===\n", None,
    ),
    "a timed line with 100,000 tabs": (
        "timed", "t.txt",
        f"[00:00.000 --> 00:05.000]  Bees{_TABS}x\n[00:05.000 --> 00:09.000]  Honey.\n", None,
    ),
    "30,000 form feeds (text)": ("text", "t.txt", "Bees fly." + "\x0c" * 30_000 + "Honey.\n", None),
    "150,000 spaces in a paragraph (LaTeX)": (
        "tex", "l.tex",
        "\\documentclass{article}\\begin{document}Bees" + " " * 150_000 + "fly.\\end{document}\n",
        None,
    ),
    # A second campaign, aimed at the wikitext reader and at the ZIP formats' XML.
    "openings of footnotes never closed (wikitext)": (
        "mediawiki", "w.wikitext", "Bees fly. " + "<ref" * 25_000 + "\n", None,
    ),
    "100,000 tabs inside a line (wikitext)": (
        "mediawiki", "w.wikitext", "Bees a" + _TABS + "b fly.\n", None,
    ),
    "a link's target of 60,000 brackets (wikitext)": (
        "mediawiki", "w.wikitext", "Bees fly. [[" + "(" * 60_000 + "|]]\n", None,
    ),
    "a key combination of 60,000 keys (DocBook)": (
        "docbook", "k.dbk",
        '<article xmlns="http://docbook.org/ns/docbook"><para>Press <keycombo>'
        + "<keycap>A</keycap>" * 60_000 + "</keycombo>. Bees fly.</para></article>\n",
        None,
    ),
    "tags never closed (wikitext)": (
        "mediawiki", "w.wikitext", "Bees fly. " + "<b " * 60_000 + "\n", None,
    ),
    "character escapes never closed (manual page)": (
        "man", "m.1", ".TH M 1\n.SH NAME\nBees fly. " + "\\[" * 50_000 + "\n", None,
    ),
    "index terms never closed (AsciiDoc)": (
        "asciidoc", "a.adoc", "= T\n\nBees fly. " + "(" * 40_000 + "\n", None,
    ),
    "macros never closed (AsciiDoc)": (
        "asciidoc", "a.adoc", "= T\n\nBees fly. " + "pass:[" * 16_000 + "\n", None,
    ),
    "a fence's run of blanks before a backtick (AsciiDoc; 10 s at this size)": (
        "asciidoc", "a.adoc", "= T\n\nBees fly.\n\n```" + " " * 80_000 + "x`\n", None,
    ),
    "links never closed (Org)": ("org", "o.org", "Bees fly. " + "[[" * 50_000 + "\n", None),
    "a line of footnotes never closed, detected": (
        "auto", "t.txt", "Bees fly. " + "<ref>" * 13_000 + "\n", None,
    ),
    "15,000 headings between code blocks (text)": (
        "text", "t.txt", "Bees fly.\n\n" + "# h\n\np.\n\n```\nc\n```\n\n" * 15_000, None,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(_FOUND))
def test_what_a_fuzz_campaign_found(case, tmp_path, capsys, monkeypatch):
    fmt, name, data, error = _FOUND[case]
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    with hard_limit(60):
        code, out, err = _cli(
            [
                "segment",
                str(path),
                *(["--format", fmt] if fmt != "auto" else []),
                "--output",
                "json",
            ],
            capsys,
            monkeypatch,
        )
    _check_contract(code, out, err, case)
    if error is None:
        assert code == 0, err
        joined = "".join(json.loads(out)["segments"])
        assert joined == data if fmt in ("text", "auto") else "Bees" in joined or "Hi." in joined
    else:
        assert code == 2 and error in err, err


def test_a_source_that_includes_itself_into_megabytes_is_refused(tmp_path, capsys, monkeypatch):
    # Three includes of itself, eight deep, read 6,561 files: fewer than 10,000, but 65 MB
    # of a file of 10 KB.
    path = tmp_path / "self.org"
    path.write_text("Bees make honey.\n" * 600 + '#+INCLUDE: "self.org"\n' * 3)
    with hard_limit(60):
        code, out, err = _cli(["segment", str(path), "--output", "json"], capsys, monkeypatch)
    _check_contract(code, out, err, "self.org")
    assert code == 2 and "or 16 MB, through its includes" in err, err


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("self.org", "Bees make honey.\n" + '#+INCLUDE: "self.org"\n' * 6),
        ("self.adoc", "= T\n\nBees make honey.\n\n" + "include::self.adoc[]\n" * 6),
        (
            "self.dbk",
            '<?xml version="1.0"?>\n<article xmlns="http://docbook.org/ns/docbook" '
            'xmlns:xi="http://www.w3.org/2001/XInclude"><para>Bees make honey.</para>'
            + '<xi:include href="self.dbk"/>' * 6
            + "</article>\n",
        ),
    ],
)
def test_a_source_that_includes_itself_many_times_is_refused(
    name, body, tmp_path, capsys, monkeypatch
):
    # Six includes of itself, eight deep (each reader's limit), would read 1.7 million
    # files: the document is refused at 10,000.
    path = tmp_path / name
    path.write_text(body)
    with hard_limit(60):
        code, out, err = _cli(["segment", str(path), "--output", "json"], capsys, monkeypatch)
    _check_contract(code, out, err, name)
    assert code == 2 and "reads more than 10,000 files, or 16 MB, through its includes" in err, err

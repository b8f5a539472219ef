"""Transcripts: WebVTT and SRT parsing, sentence times, chapters, detection, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from docgen import RECORD_KEYS
from linseg.cli import main
from linseg.cli.output import render
from linseg.readers.clock import format_clock
from linseg.readers.document import decode_document, detect_format, parse_document
from linseg.readers.transcript import (
    Cue,
    join_cues,
    parse_cues,
    parse_sbv,
    parse_srt,
    parse_timed,
    parse_vtt,
    sniff_transcript,
    timed_line,
    timed_marks,
    without_labels,
)
from linseg.run import run_document
from support import run_cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "field-notes.vtt"

VTT = """WEBVTT - a header text
Kind: captions
Language: en

NOTE This is a comment,
over two lines.

STYLE
::cue { color: yellow }

REGION
id:fred width:40%

intro
00:01.000 --> 00:04.500 align:start position:10% line:0
<v Ann Lee>Bees live in hives.</v> They
make honey &amp; wax.

00:00:05.250 --> 00:00:08.000
<c.yellow.bg_blue>Trains</c> run on <i>rails</i>, <b>not</b> <u>roads</u>.

00:00:08.000 --> 00:00:09.000
<v.loud Bob>   </v>

101:02:03.004 --> 101:02:05.000
<ruby>漢<rt>kan</rt></ruby> &lt;3 &gt; <00:00:08.500>karaoke&nbsp;words
"""

SRT = """1
00:00:01,000 --> 00:00:04,500
{\\an8}<font color="#ffff00">Bees live</font> in hives.

2
0:00:05,250 --> 00:00:08,000  X1:40 X2:600 Y1:20 Y2:50
Trains run on rails, x < y.
3
00:00:08.100 --> 00:00:09,000
A missing blank line.
"""


def test_vtt_cues_timings_settings_blocks_tags_and_entities():
    cues = parse_vtt(VTT)
    assert [(c.start, c.end) for c in cues] == [
        (1.0, 4.5),
        (5.25, 8.0),
        (8.0, 9.0),
        (101 * 3600 + 2 * 60 + 3.004, 101 * 3600 + 2 * 60 + 5.0),
    ]
    assert [c.text for c in cues] == [
        "Bees live in hives. They make honey & wax.",
        "Trains run on rails, not roads.",
        "",
        "漢 <3 > karaoke words",
    ]
    assert [c.line for c in cues] == [15, 19, 22, 25]


def test_srt_cues():
    cues = parse_srt(SRT)
    assert [(c.start, c.end) for c in cues] == [(1.0, 4.5), (5.25, 8.0), (8.1, 9.0)]
    assert [c.text for c in cues] == [
        "Bees live in hives.",
        "Trains run on rails, x < y.",
        "A missing blank line.",
    ]


@pytest.mark.parametrize(
    "stamp,seconds",
    [
        ("00:00.000", 0.0),
        ("59:59.999", 3599.999),
        ("01:00:00.001", 3600.001),
        ("12:34:56.789", 45296.789),
        ("123:00:00.000", 442800.0),
    ],
)
def test_vtt_timestamps(stamp, seconds):
    (cue,) = parse_vtt(f"WEBVTT\n\n{stamp} --> 999:00:00.000\nx\n")
    assert cue.start == seconds


def test_format_clock():
    assert format_clock(0) == "00:00:00"
    assert format_clock(59.999) == "00:00:59"
    assert format_clock(3725.5) == "01:02:05"
    assert format_clock(3725.5, True) == "01:02:05.500"
    assert format_clock(400000) == "111:06:40"


def test_join_cues_and_the_offsets():
    t = join_cues([Cue(0, 1, "a b"), Cue(1, 2, ""), Cue(2, 3, "c.")])
    assert t.text == "a b c." and t.offsets == [0, 4] and len(t.cues) == 2
    assert [t.cue_at(i) for i in range(len(t.text))] == [0, 0, 0, 0, 1, 1]


TIMED = """WEBVTT

00:01.000 --> 00:03.000
Bees make honey. They

00:03.000 --> 00:06.000
live in hives. Trains

00:07.500 --> 00:09.000
run on rails.
"""


def test_sentence_times_are_the_times_of_their_cues():
    doc = parse_document(TIMED, "vtt")
    assert doc.text == "Bees make honey. They live in hives. Trains run on rails."
    assert doc.sentences == ["Bees make honey. ", "They live in hives. ", "Trains run on rails."]
    # A sentence starts when the cue it begins in starts, and ends with the cue it ends in.
    assert doc.times == [(1.0, 3.0), (1.0, 6.0), (3.0, 9.0)]
    assert doc.segment_times([1]) == [(1.0, 3.0), (1.0, 9.0)]
    assert doc.segment_times([]) == [(1.0, 9.0)]
    assert "".join(doc.segment_texts([1, 2])) == doc.text
    assert doc.format == "vtt" and not doc.tokenized
    assert parse_document("Some text.", "text").times is None


def test_captions_without_punctuation_are_cut_at_their_cues():
    words = ["so today we talk about bees", "and how they make honey", "in the hive"] * 8
    vtt = "WEBVTT\n\n" + "".join(
        f"00:00:{i:02d}.000 --> 00:00:{i + 1:02d}.000\n{w}\n\n" for i, w in enumerate(words)
    )
    doc = parse_document(vtt, "vtt")
    assert doc.sentences[:2] == ["so today we talk about bees ", "and how they make honey "]
    assert len(doc.sentences) == 24 and "".join(doc.sentences) == doc.text
    assert doc.times is not None and doc.times[5] == (5.0, 6.0)
    assert doc.notes == [
        "1 sentence was over 200 characters (captions with little punctuation): "
        "cut where their cues begin"
    ]
    # Punctuated captions keep the splitter's sentences, even across cues.
    assert parse_document(TIMED, "vtt").notes == []


THREE = """WEBVTT

00:00.000 --> 00:04.000
Bees live in a hive with their queen.

00:04.000 --> 00:08.500
The bees make honey from nectar.

00:08.500 --> 00:12.000
A hive of bees stores honey for winter.

00:12.000 --> 00:16.000
Trains run on steel rails between stations.

00:16.000 --> 00:20.250
Steam trains once pulled coal along the rails.

00:20.250 --> 00:25.000
Stations sell tickets for the trains.

01:00:25.000 --> 01:00:29.000
Bakers mix flour and yeast into dough.

01:00:29.000 --> 01:00:33.000
The dough rises before the bakers shape bread.

01:00:33.000 --> 01:00:37.500
Bread bakes in a hot oven until the crust browns.
"""


def test_three_chapters(tmp_path, capsys):
    path = tmp_path / "talk.vtt"
    path.write_text(THREE, encoding="utf-8")
    argv = ["segment", str(path), "--method", "c99", "--segments", "3"]
    assert main([*argv, "--output", "chapters"]) == 0
    # bees (3) before hive and honey (2 each, only here; tied, so in the stems' order);
    # the first line is 00:00:00, the others the start of the cue each segment begins in.
    assert capsys.readouterr().out == (
        "00:00:00 bees, hive, honey\n"
        "00:00:12 trains, rails, stations\n"
        "01:00:25 bakers, bread, dough\n"
    )
    assert main([*argv, "--output", "json"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert set(rec) == RECORD_KEYS
    assert rec["format"] == "vtt" and rec["format_detected"] is True
    assert rec["boundaries"] == [3, 6]
    assert rec["times"] == [[0.0, 12.0], [12.0, 25.0], [3625.0, 3637.5]]
    assert rec["keywords"][0][:3] == ["bees", "hive", "honey"]
    assert "".join(rec["segments"]) == parse_document(THREE, "vtt").text


def test_chapters_first_line_is_zero_even_when_speech_starts_later():
    doc = parse_document(TIMED, "vtt")
    run = run_document(doc, "c99", 2)
    lines = render(run, "chapters").splitlines()
    assert lines[0].startswith("00:00:00 ") and len(lines) == 2


def test_chapters_of_a_segment_without_keywords_use_its_first_words():
    text = "WEBVTT\n\n00:00.000 --> 00:01.000\nIt is 42.\n\n00:02.000 --> 00:03.000\nBees hum.\n"
    run = run_document(parse_document(text, "vtt"), "c99", 2)
    assert render(run, "chapters") == "00:00:00 It is 42.\n00:00:02 bees, hum\n"


def test_chapters_of_text_input_is_an_input_error(capsys):
    assert (
        main(["segment", str(EXAMPLE.with_name("three-topics.txt")), "--output", "chapters"]) == 2
    )
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--output chapters needs a transcript" in err and "read as text" in err


@pytest.mark.parametrize(
    "text,fmt,message",
    [
        ("Hello\n\n00:01.000 --> 00:02.000\nx\n", "vtt", "line 1: not a WebVTT file"),
        ("WEBVTTX\n", "vtt", "not a WebVTT file"),
        ("WEBVTT\n\n00:01.00 --> 00:02.000\nx\n", "vtt", "line 3: bad cue timing"),
        ("WEBVTT\n\n00:61.000 --> 00:62.000\nx\n", "vtt", "line 3: bad cue timing"),
        ("WEBVTT\n\n00:01,000 --> 00:02,000\nx\n", "vtt", "expected 'HH:MM:SS.mmm"),
        ("WEBVTT\n\n00:05.000 --> 00:02.000\nx\n", "vtt", "line 3: the cue ends (00:00:02.000)"),
        ("WEBVTT\n\nJust some text\nand more\n", "vtt", "line 3: text without a cue timing"),
        ("WEBVTT\n\n1\n00:01.000 -> 00:02.000\nx\n", "vtt", "line 3: text without a cue timing"),
        ("1\n00:00:01 --> 00:00:02\nx\n", "srt", "line 2: bad cue timing"),
        ("1\n00:00:01,000 --> 00:00:02,000\nx\n\nstray text\n", "srt", "line 5: text without"),
    ],
)
def test_malformed_transcripts_say_where(text, fmt, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_cues(text, fmt, None)


def test_malformed_transcript_on_the_command_line(tmp_path):
    bad = tmp_path / "talk.vtt"
    bad.write_text("WEBVTT\n\n00:05.000 --> 00:xx.000\nHello there.\n", encoding="utf-8")
    code, out, err = run_cli(["segment", str(bad)])
    assert code == 2 and out == ""
    assert err == (
        f"linseg: error: {bad}, line 3: bad cue timing '00:05.000 --> 00:xx.000'; expected "
        "'HH:MM:SS.mmm or MM:SS.mmm --> HH:MM:SS.mmm or MM:SS.mmm'\n"
    )
    code, _, err = run_cli(["segment", "--format", "srt"], stdin=b"Just prose. Nothing timed.\n")
    assert code == 2 and "line 1: text without a cue timing" in err and err.count("\n") == 1


def test_detection_by_content_and_by_name(tmp_path):
    srt = "1\n00:00:01,000 --> 00:00:02,000\nBees hum.\n"
    assert sniff_transcript(VTT) == "vtt" and detect_format(VTT) == "vtt"
    assert sniff_transcript("\ufeff" + VTT) == "vtt"
    assert sniff_transcript(srt) == "srt" and detect_format(srt) == "srt"
    assert sniff_transcript("\n\n" + srt.replace("\n", "\r\n")) == "srt"
    assert sniff_transcript("00:00:01,000 --> 00:00:02,000\nBees hum.\n") == "srt"
    # By name, whatever the content (so that a broken transcript is refused, not segmented).
    assert sniff_transcript("Bees hum.", "talk.VTT") == "vtt"
    assert sniff_transcript("Bees hum.", "dir.srt/talk.txt") is None
    assert detect_format("Bees hum.", "x/talk.srt") == "srt"
    # Not transcripts: prose that mentions the header, an arrow in an HTML comment.
    for text in ["Our WEBVTT files.", "WEBVTTX\n", "<!-- ========== -->\n", "1\nBees -->\n"]:
        assert sniff_transcript(text) is None, text
    assert detect_format("WEBVTT is a format. It has cues.\n") == "text"
    assert detect_format("WEBVTT\n") == "vtt"  # an empty transcript is still one


def test_a_corpus_run_names_a_transcripts_text_as_text(tmp_path, capsys):
    src = tmp_path / "talks"
    src.mkdir()
    (src / "field-notes.vtt").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["segment", str(src), "-o", str(tmp_path / "out")]) == 0
    capsys.readouterr()
    written = tmp_path / "out" / "field-notes.vtt.txt"
    assert [p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith(".")] == [
        written.name
    ]
    text = written.read_text(encoding="utf-8")
    assert "-->" not in text and "WEBVTT" not in text  # the cues' text, not a transcript


def test_detection_on_the_command_line(tmp_path):
    txt = tmp_path / "captions.txt"  # content says transcript, name does not
    txt.write_text(TIMED, encoding="utf-8")
    rec = json.loads(run_cli(["segment", str(txt), "--output", "json"])[1])
    assert rec["format"] == "vtt" and rec["format_detected"] is True
    assert rec["n_sentences"] == 3
    rec = json.loads(run_cli(["segment", "--output", "json"], stdin=SRT.encode())[1])
    assert rec["format"] == "srt" and rec["times"][0][0] == 1.0
    rec = json.loads(run_cli(["segment", str(txt), "--format", "text", "--output", "json"])[1])
    assert rec["format"] == "text" and rec["times"] is None
    assert "".join(rec["segments"]) == TIMED  # read as prose, nothing lost
    code, _, err = run_cli(["segment", str(EXAMPLE), "--format", "srt"])
    assert code == 2 and "line 1: text without a cue timing ('WEBVTT')" in err


def test_a_transcript_without_cues_has_no_sentences(tmp_path):
    empty = tmp_path / "empty.vtt"
    empty.write_text("WEBVTT\n\nNOTE nothing yet\n", encoding="utf-8")
    code, _, err = run_cli(["segment", str(empty)])
    assert code == 2 and "no sentences" in err


def test_the_example_transcript():
    data = EXAMPLE.read_bytes()
    doc = decode_document(data, path=str(EXAMPLE))
    assert doc.format == "vtt" and len(parse_vtt(data.decode())) == 60
    assert doc.times is not None and len(doc.times) == len(doc.sentences)
    starts = [a for a, _ in doc.times]
    assert starts == sorted(starts)
    code, out, _ = run_cli(["segment", str(EXAMPLE), "--output", "chapters"])
    assert code == 0
    # The host's greeting (17 s) is a chapter of its own, then the three questions.
    assert out == (
        "00:00:00 Cornwall, hello, host\n"
        "00:00:17 moon, tides, bulges\n"
        "00:02:13 magma, volcano, earthquakes\n"
        "00:03:56 starter, dough, bread\n"
    )
    rec = json.loads(run_cli(["segment", str(EXAMPLE), "--output", "json"])[1])
    assert "".join(rec["segments"]) == doc.text
    assert [t[0] for t in rec["times"]] == [0.0, 17.7, 133.3, 236.6]
    # The section cues, learned from written manuals, are off for speech, and the record
    # says so; the same sentences as plain text take them (and six segments).
    assert rec["params"]["cue_weight"] == 0.0
    assert rec["notes"] == [
        "a transcript: no section cues (they were learned from written manuals)"
    ]
    code, out, _ = run_cli(["segment", "-", "--output", "json"], stdin=doc.text.encode())
    plain = json.loads(out)
    assert plain["params"]["cue_weight"] == 2.0 and plain["n_segments"] == 6


# --- a property: whatever the cues, parsing gives back their times and their words --------

_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFG'", min_size=1, max_size=8)
_CUE = st.tuples(
    st.integers(0, 40_000_000),  # start, ms (up to 11 hours)
    st.integers(0, 10_000),  # duration, ms
    st.lists(
        st.tuples(_WORD, st.sampled_from(["", "", "", ",", ".", "!", "?"])),
        min_size=0,
        max_size=8,
    ),
    st.booleans(),  # break the text over two lines
    st.booleans(),  # an identifier line
)


def _stamp(ms: int, comma: bool) -> str:
    s, ms = divmod(ms, 1000)
    return f"{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}{',' if comma else '.'}{ms:03d}"


def _sbv_stamp(ms: int) -> str:
    s, ms = divmod(ms, 1000)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}.{ms:03d}"


def _write(cues, fmt: str, newline: str) -> str:
    out = ["WEBVTT", ""] if fmt == "vtt" else []
    for n, (start, length, words, split, ident) in enumerate(cues, 1):
        text = " ".join(w + p for w, p in words)
        lines = [text]
        if split and " " in text:
            a, b = text.split(" ", 1)
            lines = [a, b]
        if fmt == "sbv":  # H:MM:SS.mmm,H:MM:SS.mmm, and no identifiers
            out += [f"{_sbv_stamp(start)},{_sbv_stamp(start + length)}", *lines, ""]
            continue
        if fmt == "srt" or ident:
            out.append(str(n))
        timing = f"{_stamp(start, fmt == 'srt')} --> {_stamp(start + length, fmt == 'srt')}"
        out += [timing + (" align:start" if fmt == "vtt" and ident else ""), *lines, ""]
    return newline.join(out)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(_CUE, min_size=1, max_size=12),
    st.sampled_from(["vtt", "srt", "sbv"]),
    st.sampled_from(["\n", "\r\n"]),
    st.booleans(),
)
def test_parse_keeps_times_and_text(cues, fmt, newline, ordered):
    # Cues that open with the line the cue before ended with are captions that roll up,
    # read once (test_automatic_captions_are_read_once).
    shown = [" ".join(w + p for w, p in words) for _, _, words, _, _ in cues]
    assume(
        not any(
            a and b and (a == b or b.startswith(a.split(" ")[-1])) for a, b in zip(shown, shown[1:])
        )
    )
    if ordered:
        cues = sorted(cues, key=lambda c: c[0])
    text = _write(cues, fmt, newline)
    parsed = parse_cues(text, fmt)
    assert sniff_transcript(text) == fmt or not any(words for _, _, words, _, _ in cues)
    expected = [" ".join(w + p for w, p in words) for _, _, words, _, _ in cues]
    assert [c.text for c in parsed] == expected
    assert [round(c.start * 1000) for c in parsed] == [c[0] for c in cues]
    assert [round(c.end * 1000) for c in parsed] == [c[0] + c[1] for c in cues]
    doc = parse_document(text, fmt)
    assert doc.text == " ".join(t for t in expected if t)
    assert "".join(doc.sentences) == doc.text  # nothing lost
    assert doc.times is not None and len(doc.times) == len(doc.sentences)
    starts = {c.start for c in parsed}
    assert all(a in starts for a, _ in doc.times)
    if ordered:  # times go forward wherever the cues did
        firsts = [a for a, _ in doc.times]
        assert firsts == sorted(firsts)


# --- SubViewer, and text with timestamps -------------------------------------------------

SBV = """0:00:00.599,0:00:04.160
>> Hello and welcome
to the show.

0:00:04.160,0:00:06.770
Today: <i>bees</i> &amp; honey.
"""


def test_sbv_cues():
    cues = parse_sbv(SBV)
    assert cues == [
        Cue(0.599, 4.16, ">> Hello and welcome to the show.", 1),
        Cue(4.16, 6.77, "Today: bees & honey.", 5),
    ]
    assert sniff_transcript(SBV) == "sbv" and sniff_transcript("x", "talk.SBV") == "sbv"
    with pytest.raises(ValueError, match="line 1: text without a cue timing"):
        parse_sbv("Hello\n0:00:01.000,0:00:02.000\n")
    with pytest.raises(ValueError, match="line 1: the cue ends"):
        parse_sbv("0:00:05.000,0:00:02.000\nHello\n")


@pytest.mark.parametrize(
    "line, found",
    [
        ("0:03", (3.0, "")),
        ("  12:04  ", (724.0, "")),
        ("1:02:03", (3723.0, "")),
        ("[00:01:02] Hello there", (62.0, "Hello there")),
        ("(1:02.5)", (62.5, "")),
        ("00:00:05,200 text", (5.2, "text")),
        ("[00:01.000 --> 00:04.500]  And so my fellow", (1.0, "And so my fellow")),
        ("[01:00:02.000 --> 01:00:04.000]", (3602.0, "")),
        ("1:02 - text here", (62.0, "text here")),
        ("Jane Doe  0:03", (3.0, "")),
        ("Speaker 1 (00:01:02): Hello", (62.0, "Hello")),
        ("Speaker 1 [00:01]", (1.0, "")),
        ("the meeting at 10:30 was fine.", None),  # a time inside prose
        ("Ends at 10:30. Then lunch", None),
        ("1:60", None),
        ("Hello world", None),
    ],
)
def test_timed_lines(line, found):
    assert timed_line(line) == found


# A transcript as a video page's transcript panel copies it: each timestamp on its own
# line, the words under it; a title line first.
PANEL_COPY = """Field notes, episode 12
0:00
hello and welcome to field notes
0:04
today three questions from listeners
1:05
Jane Doe  1:10
why do tides come twice a day
"""


def test_text_with_timestamps():
    cues = parse_timed(PANEL_COPY)
    assert cues == [
        Cue(0.0, 0.0, "Field notes, episode 12", 1),
        Cue(0.0, 4.0, "hello and welcome to field notes", 2),
        Cue(4.0, 65.0, "today three questions from listeners", 4),
        Cue(65.0, 70.0, "", 6),
        Cue(70.0, 70.0, "why do tides come twice a day", 7),
    ]
    assert timed_marks(PANEL_COPY) == 4 and sniff_transcript(PANEL_COPY) == "timed"
    doc = parse_document(PANEL_COPY)
    assert doc.format == "timed" and doc.notes[0].startswith("read as a transcript")
    assert doc.text == (
        "Field notes, episode 12 hello and welcome to field notes today three questions "
        "from listeners why do tides come twice a day"
    )
    with pytest.raises(ValueError, match="has no timestamps"):
        parse_timed("No times here.\n")


@pytest.mark.parametrize(
    "text",
    [
        # Too few timestamps.
        "0:00\nhello\n0:04\nthere\n0:09\nfolks\n",
        # An agenda: it starts at 9:00, not at the start of a recording.
        "9:00 Welcome\n9:30 Keynote\n10:15 Coffee\n10:45 Talks\n12:00 Lunch\n",
        # Times that go back.
        "0:00\na\n0:10\nb\n0:05\nc\n0:20\nd\n0:30\ne\n",
        # The first timestamp too far down.
        "a\nb\nc\nd\ne\n0:00\nf\n0:10\ng\n0:20\nh\n0:30\ni\n",
        # Fewer than one line in four.
        "0:00 a\n" + "prose line\n" * 13 + "0:10 b\n0:20 c\n0:30 d\n",
    ],
)
def test_text_that_is_not_timed(text):
    assert timed_marks(text) == 0 and detect_format(text) != "timed"


def _timed_copy(cues) -> str:
    """The cues as a video page's transcript panel copies them."""
    lines = []
    for c in cues:
        s = int(c.start)
        lines += [f"{s // 60}:{s % 60:02d}", c.text]
    return "\n".join(lines) + "\n"


def test_the_example_transcript_as_sbv_and_as_text_with_timestamps(tmp_path):
    cues = parse_vtt(EXAMPLE.read_text(encoding="utf-8"))
    sbv = tmp_path / "field-notes.sbv"
    sbv.write_text(
        "\n".join(
            f"{_sbv_stamp(round(c.start * 1000))},{_sbv_stamp(round(c.end * 1000))}\n{c.text}\n"
            for c in cues
        ),
        encoding="utf-8",
    )
    timed = tmp_path / "field-notes.txt"
    timed.write_text(_timed_copy(cues), encoding="utf-8")
    vtt_chapters = run_cli(["segment", str(EXAMPLE), "--output", "chapters"])[1]
    for copy in (sbv, timed):
        code, out, err = run_cli(["segment", str(copy), "--output", "chapters"])
        assert code == 0, err
        # The same cues' words, at the same seconds: the same chapters.
        assert out == vtt_chapters


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 36_000), st.lists(_WORD, min_size=1, max_size=8)),
        min_size=1,
        max_size=12,
    ),
    st.sampled_from(
        ["{m}:{s:02d}\n{text}", "[{h:02d}:{m:02d}:{s:02d}] {text}", "Host  {m}:{s:02d}\n{text}"]
    ),
)
def test_timed_text_keeps_times_and_words(cues, layout):
    lines = []
    for start, words in cues:
        h, m, s = start // 3600, start // 60 % 60 if "{h" in layout else start // 60, start % 60
        lines.append(layout.format(h=h, m=m, s=s, text=" ".join(words)))
    parsed = parse_timed("\n".join(lines) + "\n")
    assert [c.start for c in parsed] == [float(start) for start, _ in cues]
    assert [c.text for c in parsed] == [" ".join(words) for _, words in cues]
    assert all(c.end >= c.start for c in parsed)


# --- automatic captions, which roll up -----------------------------------------------------

ROLLING = "\n".join(
    [
        "WEBVTT",
        "Kind: captions",
        "Language: en",
        "",
        "00:00:00.000 --> 00:00:02.879 align:start position:0%",
        " ",
        "hello<00:00:00.399><c> and</c><00:00:00.599><c> welcome</c>",
        "",
        "00:00:02.879 --> 00:00:02.889 align:start position:0%",
        "hello and welcome",
        " ",
        "",
        "00:00:02.889 --> 00:00:05.190 align:start position:0%",
        "hello and welcome",
        "to<00:00:03.100><c> the</c><00:00:03.300><c> show</c>",
        "",
        "00:00:05.190 --> 00:00:05.200 align:start position:0%",
        "to the show",
        " ",
        "",
        "00:00:05.200 --> 00:00:07.400 align:start position:0%",
        "to the show",
        "about<00:00:05.600><c> bees</c>",
        "",
    ]
)


def test_automatic_captions_are_read_once():
    # A cue opens with a line of one space, which does not end it (only an empty line
    # ends a WebVTT cue), and each cue shows again the line before it.
    cues = parse_vtt(ROLLING)
    assert [(c.start, c.text) for c in cues] == [
        (0.0, "hello and welcome"),
        (2.879, ""),
        (2.889, "to the show"),
        (5.19, ""),
        (5.2, "about bees"),
    ]
    assert parse_document(ROLLING, "vtt").text == "hello and welcome to the show about bees"
    srt = "".join(
        f"{n}\n{_stamp(round(c.start * 1000), True)} --> {_stamp(round(c.end * 1000), True)}\n"
        f"{text}\n\n"
        for n, (c, text) in enumerate(zip(cues, ["a b", "a b", "a b\nc d", "c d", "c d\ne f"]), 1)
    )
    assert [c.text for c in parse_srt(srt)] == ["a b", "", "c d", "", "e f"]


def test_a_line_said_twice_is_kept():
    # Cues that only say again what the cue before said are speech, not captions rolling
    # up (which show the line before above a new one).
    said = ["No.", "No.", "Stop.", "Stop.", "Go.", "Go."]
    text = "WEBVTT\n\n" + "".join(
        f"00:{s:02d}.000 --> 00:{s + 1:02d}.000\n{line}\n\n" for s, line in enumerate(said)
    )
    assert [c.text for c in parse_vtt(text)] == said


def _auto_captions(cues) -> str:
    """The cues as yt-dlp saves YouTube's automatic captions: lower case, no punctuation,
    each line shown with its words' times, then again above the next line."""

    def clock(t: float) -> str:
        return _stamp(round(t * 1000), False)

    out, before = ["WEBVTT", "Kind: captions", "Language: en", ""], " "
    for c in cues:
        words = "".join(ch for ch in c.text.lower() if ch.isalnum() or ch in " '").split()
        step = (c.end - c.start) / len(words)
        karaoke = words[0] + "".join(
            f"<{clock(c.start + i * step)}><c> {w}</c>" for i, w in enumerate(words[1:], 1)
        )
        out += [f"{clock(c.start)} --> {clock(c.end)} align:start position:0%", before, karaoke, ""]
        before = " ".join(words)
        out += [
            f"{clock(c.end)} --> {clock(c.end + 0.01)} align:start position:0%",
            before,
            " ",
            "",
        ]
    return "\n".join(out)


def test_the_example_transcript_as_automatic_captions(tmp_path):
    cues = parse_vtt(EXAMPLE.read_text(encoding="utf-8"))
    auto = tmp_path / "field-notes.en.vtt"
    auto.write_text(_auto_captions(cues), encoding="utf-8")
    rec = json.loads(run_cli(["segment", str(auto), "--output", "json"])[1])
    words = [w for c in cues for w in c.text.split()]
    assert len("".join(rec["segments"]).split()) == len(words) == 805  # each word once
    # Without capitals and punctuation, the same four chapters at the same times.
    assert [t[0] for t in rec["times"]] == [0.0, 17.7, 133.3, 236.6]


# --- speakers' labels ----------------------------------------------------------------------


def test_speakers_labels_are_left_out_as_voice_tags_are(tmp_path):
    # Meeting software writes who speaks as a label ("Host: ..."), where WebVTT has a
    # voice tag; left in, the speakers' names would cut the talk where they change.
    zoom = tmp_path / "field-notes.vtt"
    zoom.write_text(
        EXAMPLE.read_text(encoding="utf-8")
        .replace("<v Host>", "Host: ")
        .replace("<v Guest>", "Guest: "),
        encoding="utf-8",
    )
    vtt_chapters = run_cli(["segment", str(EXAMPLE), "--output", "chapters"])[1]
    assert run_cli(["segment", str(zoom), "--output", "chapters"])[1] == vtt_chapters
    rec = json.loads(run_cli(["segment", str(zoom), "--output", "json"])[1])
    assert rec["notes"][0] == (
        "the speakers' labels that open 60 cues ('Host: ...') are left out, as voice tags are"
    )
    assert "Host:" not in "".join(rec["segments"])


@pytest.mark.parametrize(
    "texts, kept",
    [
        # Most cues open with a label, and the labels recur: left out.
        (["ANN: Hi.", "BOB: Hello.", "ANN: Bees?", ">> BOB: Yes.", "Wax."], False),
        # Two labels only.
        (["Ann: Hi.", "Bob: Hello.", "Bees?", "Yes.", "Wax."], True),
        # Under half the cues.
        (["Ann: Hi.", "Bob: Hello.", "Ann: Bees?", "Yes.", "Wax.", "Comb.", "Cells."], True),
        # Labels that do not recur are no speakers ("Note: ...", "Step 2: ...").
        (["Note: a.", "Step 2: b.", "Tip: c.", "Warning: d."], True),
    ],
)
def test_which_labels_are_left_out(texts, kept):
    cues = [Cue(float(k), k + 1.0, t) for k, t in enumerate(texts)]
    out, dropped = without_labels(cues)
    if kept:
        assert out == cues and dropped == 0
    else:
        assert [c.text for c in out] == ["Hi.", "Hello.", "Bees?", "Yes.", "Wax."]
        assert dropped == 4


# --- a speech recogniser's output ----------------------------------------------------------


def _whisper_json(cues) -> str:
    """The cues as openai-whisper writes its JSON: the whole text first, then segments."""
    segments = [
        {"id": k, "seek": 0, "start": c.start, "end": c.end, "text": " " + c.text, "tokens": []}
        for k, c in enumerate(cues)
    ]
    return json.dumps(
        {"text": " ".join(c.text for c in cues), "segments": segments, "language": "en"}
    )


def test_whispers_outputs_give_the_example_its_chapters(tmp_path):
    cues = parse_vtt(EXAMPLE.read_text(encoding="utf-8"))
    files = {
        "talk.json": _whisper_json(cues),
        "talk.tsv": "start\tend\ttext\n"
        + "".join(f"{round(c.start * 1000)}\t{round(c.end * 1000)}\t{c.text}\n" for c in cues),
        "talk.cpp.json": json.dumps(
            {
                "systeminfo": "AVX = 1",
                "model": {"type": "base"},
                "transcription": [
                    {
                        "timestamps": {"from": "00:00:00,000", "to": "00:00:06,200"},
                        "offsets": {"from": round(c.start * 1000), "to": round(c.end * 1000)},
                        "text": " " + c.text,
                    }
                    for c in cues
                ],
            }
        ),
    }
    vtt_chapters = run_cli(["segment", str(EXAMPLE), "--output", "chapters"])[1]
    for name, text in files.items():
        f = tmp_path / name
        f.write_text(text, encoding="utf-8")
        assert detect_format(text) == "whisper", name
        code, out, err = run_cli(["segment", str(f), "--output", "chapters"])
        assert code == 0 and out == vtt_chapters, (name, err)


def test_whisper_output_that_is_not_is_refused():
    assert detect_format('{"cells": [], "nbformat": 4}') != "whisper"
    assert detect_format('{"text": "hello"}') == "text"  # no segments: no transcript
    with pytest.raises(ValueError, match="segment 2 has no numbers 'start' and 'end'"):
        parse_cues('{"segments": [{"start": 0, "end": 1, "text": "a"}, {"text": "b"}]}', "whisper")
    with pytest.raises(ValueError, match="line 2: not 'start<TAB>end<TAB>text'"):
        parse_cues("start\tend\ttext\n0.5\t1\thi\n", "whisper")
    with pytest.raises(ValueError, match="holds no transcript"):
        parse_cues('{"segments_v2": []}', "whisper")

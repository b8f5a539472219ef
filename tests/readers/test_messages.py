"""Text of one message a line (chat and IRC logs, exports, logs): a mode of ``lines``."""

from __future__ import annotations

import json

import pytest

from linseg.cli import main
from linseg.readers.document import parse_document
from linseg.readers.messages import message_kind, read_messages, sessions

IRC = """[09:21] <bob> did the hive survive the winter
[09:22] <alice> yes the bees clustered and ate their honey
[09:24] <bob> good, the queen is laying again
[09:25] <alice> I saw fresh brood in the comb
[09:40] <carol> the train to the city is late again
[09:41] <dave> the railway blamed the signals
[09:43] <carol> trains on that line are always late
[09:44] <dave> the timetable changes next week
"""


def test_an_irc_log_is_read_one_message_a_line():
    doc = parse_document(IRC)
    assert doc.format == "lines" and doc.format_detected
    assert doc.notes == [
        "read one message a line, as an IRC log: times and speakers stay in the text and "
        "are left out of the similarity (--format text reads prose)"
    ]
    # The text keeps every prefix; the similarity reads the messages alone.
    assert [doc.text[a:b] for a, b in doc.spans] == IRC.splitlines(keepends=True)
    assert doc.sentences[0] == "did the hive survive the winter"
    assert not any("<" in s or "09:" in s for s in doc.sentences)


@pytest.mark.parametrize(
    ("line", "kind", "speaker", "minutes"),
    [
        ("[09:21] <@bob> hi there", "an IRC log", "bob", 9 * 60 + 21),
        ("09:21 * bob waves at everyone", "an IRC log", "bob", 9 * 60 + 21),
        ("12/01/2024, 9:21 pm - Bob Smith: on my way", "a chat log", "Bob Smith", 21 * 60 + 21),
        ("[12/01/2024, 09:21:30] Bob: on my way", "a chat log", "Bob", 9 * 60 + 21.5),
        ("[2024-01-05 09:21] alice: it passed", "a chat log", "alice", 9 * 60 + 21),
        ("2024-01-05 09:21:33,120 INFO server started", "a log", None, 9 * 60 + 21.55),
    ],
)
def test_message_prefixes(line, kind, speaker, minutes):
    text = "\n".join([line] * 5) + "\n"
    assert message_kind(text) == kind
    messages = read_messages(text)
    assert messages is not None
    assert messages.speakers[0] == speaker
    assert messages.minutes[0] == pytest.approx(minutes)


def test_a_message_of_several_lines_and_text_that_is_not_a_log():
    log = "2024-01-05 09:21:33 ERROR request failed\n  at line 3\n" * 4
    messages = read_messages(log)
    assert messages is not None
    assert messages.bodies[0] == "request failed at line 3"
    assert len(messages.spans) == 4
    prose = "Note: this is prose.\nIt has lines.\nWarning: a word and a colon.\nBut few.\n"
    assert message_kind(prose) is None and parse_document(prose).format == "text"
    # A timed transcript's speakers ("[00:00:05] Host: ...") are not a chat's.
    transcript = "".join(f"[00:00:{s:02d}] Host: Bees make honey.\n" for s in range(5, 30, 5))
    assert parse_document(transcript).format == "timed"


def test_long_pauses_make_sessions():
    # Messages a minute apart, and two pauses of three hours: three sessions.
    minutes = [0, 1, 2, 3, 183, 184, 185, 186, 366, 367, 368]
    assert sessions(minutes) == [3, 7]
    # Past midnight the clock goes back; a day's gap is no pause of the messages.
    assert sessions([23 * 60 + 58, 23 * 60 + 59, 0, 1, 2]) == []
    assert sessions([None] * 6) == []
    lines = [f"[{m // 60:02d}:{m % 60:02d}] <bob> message {i}" for i, m in enumerate(minutes)]
    doc = parse_document("\n".join(lines) + "\n")
    assert [i for i, s in enumerate(doc.sentences) if s.endswith("\n\n")] == [3, 7]
    assert doc.notes[-1] == (
        "the conversation paused 2 times (at least 30 minutes, far longer than its usual "
        "gap): each session is read as a paragraph"
    )


def test_cuts_fall_between_messages_and_the_output_keeps_the_prefixes(tmp_path, capsys):
    path = tmp_path / "chat.log"
    path.write_text(IRC * 3)
    assert main(["segment", str(path), "--output", "json", "--segments", "3"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["format"] == "lines" and "".join(record["segments"]) == IRC * 3
    assert all(s.startswith("[09:") for s in record["segments"])
    assert not any(k in ("bob", "alice", "carol", "dave") for ks in record["keywords"] for k in ks)
    assert main(["segment", str(path), "--output", "choi"]) == 0
    assert "[09:21] <bob> did the hive survive the winter" in capsys.readouterr().out

"""Text of one message a line: chat and IRC logs, Slack, Discord and WhatsApp exports, logs
with timestamps. A mode of the ``lines`` format (:mod:`linseg.readers.document`).

A message line opens with what a chat client or a logger writes before the message: a time
(``[09:21]``, ``09:21:33``, ``2024-01-05 09:21``, ``12/01/2024, 9:21 pm``), a speaker
(``<bob>``, ``bob:``, ``Bob Smith:``), or both::

    [09:21] <bob> did the build pass?              IRC (irssi, WeeChat, ZNC)
    [2024-01-05 09:21] alice: it did               Slack, Discord, Mattermost exports
    12/01/2024, 09:21 - Bob: on my way             WhatsApp (Android)
    [12/01/2024, 09:21:33] Bob: on my way          WhatsApp (iOS)
    2024-01-05 09:21:33,120 INFO server started    a log

A text is read so when at least :data:`MIN_MESSAGES` of its non-blank lines, and
:data:`MIN_SHARE` of those at the margin (not indented), open with one such prefix; a line that opens with none goes on
the message before it (a message of several lines). Each message is a unit: a boundary
falls only between messages, and the prefix stays in the text, but the similarity reads the
message alone (a speaker's name is no evidence of topic, and would be, counted as a word).

Where the messages have times, a silence much longer than the log's usual one (at least
:data:`LONG_GAP_MINUTES` minutes and :data:`LONG_GAP_FACTOR` times the median gap) is
where a conversation paused; when such pauses cut the log into sessions of
:data:`SESSION_MESSAGES` messages or fewer on average, each session is read as a
paragraph, the unit the default method cuts between (:func:`sessions`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "Messages",
    "read_messages",
    "message_kind",
    "MIN_MESSAGES",
    "MIN_SHARE",
    "LONG_GAP_MINUTES",
    "LONG_GAP_FACTOR",
    "SESSION_MESSAGES",
]

#: The fewest message lines, and the least share of the non-blank lines, that make a log.
MIN_MESSAGES = 4
MIN_SHARE = 0.7
#: A pause is at least this long and this many times the median gap between messages.
LONG_GAP_MINUTES = 30
LONG_GAP_FACTOR = 10
#: Sessions of at most this many messages on average are read as paragraphs.
SESSION_MESSAGES = 40

_DATE = r"(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})"
_TIME = r"(?P<h>\d{1,2}):(?P<m>[0-5]\d)(?::(?P<s>[0-5]\d)(?:[.,]\d{1,6})?)?(?:[ \u202f]?(?P<ampm>[AaPp]\.?[Mm]\.?))?"
_STAMP = rf"(?:{_DATE}(?:,?[ T]|T))?{_TIME}(?:Z|[+-]\d{{2}}:?\d{{2}})?"
_NAME = r"[^\s:<>\[\]()][^:<>\[\]\n]{0,40}?"
_LEVEL = r"(?:TRACE|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERROR|ERR|CRITICAL|FATAL|SEVERE)"
# Each family: a message line's prefix; its groups give the time and the speaker.
_FAMILIES = (
    # IRC: "[09:21] <bob> hi", "09:21 <@bob> hi", "[09:21] * bob waves", "-!- bob joined".
    (
        "an IRC log",
        re.compile(
            rf"[ \t]*(?:[\[(]?{_STAMP}[\])]?[ \t]+)?(?:<[@+%&~ ]?(?P<who>[^\s<>]{{1,40}})>|\*[ \t]+(?P<act>\S{{1,40}})|-[!-]-)[ \t]+"
        ),
    ),
    # A time (and date), then a speaker and a colon: Slack, Discord, WhatsApp exports.
    (
        "a chat log",
        re.compile(
            rf"[ \t]*[\[(]?{_STAMP}[\])]?[ \t]*(?:[-\u2013\u2014|][ \t]*)?(?P<who>{_NAME}):[ \t]+"
        ),
    ),
    # A date and time, then a level or a source, as loggers write: a log.
    (
        "a log",
        re.compile(rf"[ \t]*[\[(]?{_STAMP}[\])]?(?:[ \t]+[\[(]?{_LEVEL}[\])]?:?)?[ \t]+"),
    ),
)


@dataclass
class Messages:
    """A text read one message a line.

    Attributes
    ----------
    kind:
        What it was recognised as (``"an IRC log"``, ``"a chat log"``, ``"a log"``).
    spans:
        ``(start, end)`` of each message, its prefix and its continuation lines
        included; the spans tile the text.
    bodies:
        Each message without its prefix: what the similarity reads.
    minutes:
        When each message was written, in minutes from the first day's midnight (None
        where a message has no time, and for all when most have none).
    speakers:
        Each message's speaker, or None.
    """

    kind: str
    spans: list[tuple[int, int]]
    bodies: list[str]
    minutes: list[float | None]
    speakers: list[str | None]

    def sessions(self) -> list[int]:
        """The messages after which the conversation paused (:func:`sessions`)."""
        return sessions(self.minutes)


def _minutes(m: re.Match[str]) -> float | None:
    if m.group("h") is None:
        return None
    hour, minute = int(m.group("h")), int(m.group("m"))
    ampm = (m.group("ampm") or "").lower().replace(".", "")
    if ampm == "pm" and hour < 12:
        hour += 12
    elif ampm == "am" and hour == 12:
        hour = 0
    seconds = int(m.group("s") or 0)
    return hour * 60 + minute + seconds / 60


def _match(line: str) -> tuple[int, re.Match[str]] | None:
    """The family whose prefix ``line`` opens with, and the match; None if none."""
    for k, (_, pattern) in enumerate(_FAMILIES):
        m = pattern.match(line)
        if m is not None and m.end() < len(line.rstrip()):
            return k, m
    return None


def message_kind(text: str) -> str | None:
    """What ``text`` is if it is one message a line (``"an IRC log"``, ``"a chat log"``,
    ``"a log"``; see the module), read from its first 200 non-blank lines at the margin;
    else None."""
    # Indented lines go on the message above them (a stack trace, a wrapped line): the
    # share is of the lines at the margin.
    lines = [ln for ln in text[:40_000].splitlines() if ln.strip() and ln[:1] not in " \t"]
    lines = lines[:200]
    families: dict[int, int] = {}
    for ln in lines:
        found = _match(ln)
        if found is not None:
            families[found[0]] = families.get(found[0], 0) + 1
    count = sum(families.values())
    if count < MIN_MESSAGES or count < MIN_SHARE * len(lines):
        return None
    return _FAMILIES[max(families, key=families.__getitem__)][0]


def read_messages(text: str) -> Messages | None:
    """``text`` read one message a line, or None if it is not such a text (see the
    module)."""
    if message_kind(text) is None:
        return None
    starts: list[int] = []
    bodies: list[list[str]] = []
    minutes: list[float | None] = []
    speakers: list[str | None] = []
    families: dict[int, int] = {}
    pos = 0
    for line in text.splitlines(keepends=True):
        found = _match(line)
        if found is None:
            if bodies and line.strip():
                bodies[-1].append(line.strip())
            elif not bodies and line.strip():  # text before the first message
                starts.append(pos)
                bodies.append([line.strip()])
                minutes.append(None)
                speakers.append(None)
        else:
            k, m = found
            families[k] = families.get(k, 0) + 1
            starts.append(pos)
            bodies.append([line[m.end() :].strip()])
            minutes.append(_minutes(m))
            who = m.groupdict().get("who") or m.groupdict().get("act")
            speakers.append(who.strip() if who else None)
        pos += len(line)
    if not starts:
        return None
    starts[0] = 0
    spans = list(zip(starts, [*starts[1:], len(text)]))
    kind = _FAMILIES[max(families, key=families.__getitem__)][0]
    if sum(t is not None for t in minutes) * 2 < len(minutes):
        minutes = [None] * len(minutes)
    return Messages(kind, spans, [" ".join(b) for b in bodies], minutes, speakers)


def sessions(minutes: list[float | None]) -> list[int]:
    """The indices of the messages after which the conversation paused: a gap of at least
    :data:`LONG_GAP_MINUTES` and :data:`LONG_GAP_FACTOR` times the median gap between
    messages (a clock that goes back has passed midnight). Empty when the messages
    have no times, or when the pauses would make sessions of more than
    :data:`SESSION_MESSAGES` messages on average (too few to be units)."""
    timed = [(i, t) for i, t in enumerate(minutes) if t is not None]
    if len(timed) < MIN_MESSAGES:
        return []
    gaps: list[tuple[int, float]] = []
    for (_, a), (j, b) in zip(timed, timed[1:]):
        # A clock that goes back has passed midnight.
        gaps.append((j - 1, b - a if b >= a else b - a + 24 * 60))
    ordered = sorted(g for _, g in gaps)
    typical = ordered[len(ordered) // 2] if ordered else 0.0  # the median (the upper one)
    limit = max(LONG_GAP_MINUTES, LONG_GAP_FACTOR * typical)
    pauses = [i for i, g in gaps if g >= limit]
    if not pauses or len(minutes) / (len(pauses) + 1) > SESSION_MESSAGES:
        return []
    return pauses

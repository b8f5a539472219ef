"""Subtitles and transcripts: WebVTT (``.vtt``), SubRip (``.srt``) and YouTube's SubViewer
(``.sbv``) files, and text with timestamps.

A transcript is read into its cues (:class:`Cue`: start and end in seconds, and the text
as plain words). The cues' text joined with single spaces is the document's text
(:func:`join_cues`); sentences are found in it by linseg's splitter (a "sentence" over
:data:`~linseg.text.sentences.LONG_PIECE` characters, which captions without punctuation make,
is cut where its cues begin: :meth:`Transcript.cut_long`), and each sentence takes the
start of the cue where it begins and the end of the cue where it ends
(:meth:`Transcript.times`).

What the parsers read:

- **WebVTT**: the ``WEBVTT`` header line (and the header block under it); ``NOTE``,
  ``STYLE`` and ``REGION`` blocks, skipped; cues with an optional identifier line, a
  timing line ``[HH:]MM:SS.mmm --> [HH:]MM:SS.mmm`` with any cue settings after it, and
  one or more lines of text.
- **SRT**: numbered cues: the number, a timing line ``HH:MM:SS,mmm --> HH:MM:SS,mmm``
  (one or more hour digits; a ``.`` before the milliseconds is accepted too, and the
  ``X1:... Y1:...`` box some files add after it is ignored) and the text.
- **SBV** (YouTube's SubViewer captions): cues of a timing line ``H:MM:SS.mmm,H:MM:SS.mmm``
  and the text under it.
- **Text with timestamps** (``timed``: a transcript copied from a video page's transcript
  panel, a transcription service's text export, or what Whisper prints): a timestamp
  (``1:02``, ``01:02:03``, ``[00:01:02]``, ``(1:02.5)``, ``[00:01.000 --> 00:04.000]``)
  starts a cue, alone on its line (the text follows on the lines under it), at the start
  of a line of text, or after a speaker's name (``Jane Doe  0:03``, ``Speaker 1
  (00:01:02): Hello``; the name, at most five words, is left out, as a WebVTT voice tag
  is). Text before the first timestamp is a cue at 0:00. A cue ends when the next one
  starts.
- **A speech recogniser's output** (``whisper``): Whisper's JSON (and faster-whisper's,
  WhisperX's) or TSV, or whisper.cpp's JSON (:func:`parse_whisper`).
- **Captions that roll up** (automatic captions, as ``yt-dlp`` saves YouTube's): where a
  quarter of the cues or more show again the line the cue before ended with, above a new
  one, each line is read once, at the cue where it first appears. In WebVTT only an empty
  line ends a cue: such captions open their cues with a line of one space.
- **Speakers' labels** that open most cues (``Jane Doe: ...``, ``>> ALICE: ...``) are
  left out by :func:`read_transcript`, as voice tags are (:func:`without_labels`).
- In the text of any: tags (``<v Speaker>``, ``<c.yellow>``, ``<i>``, ``<b>``,
  ``<font color=...>``, the timestamps of karaoke cues) are dropped, and so is ruby text
  (``<rt>``); entities (``&amp;``, ``&lt;``, ``&nbsp;`` ...) are decoded; SRT's
  ``{\an8}`` placement codes are dropped; the lines of a cue are joined with a space and
  runs of white space become one space. A cue with no text left is skipped.

Anything else is refused with a ValueError naming the line: a missing ``WEBVTT`` header,
a timing that is not a timestamp (minutes and seconds 00-59, three digits of
milliseconds), a cue that ends before it starts, a block of text with no timing line
(dropping it would lose text). Cues are kept in file order, even where their times go
back: the text is read in that order."""

from __future__ import annotations

import html
import json
import math
import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace

from linseg.readers.clock import format_clock
from linseg.readers.formats import named
from linseg.text.sentences import LONG_PIECE

__all__ = [
    "Cue",
    "Transcript",
    "TRANSCRIPT_FORMATS",
    "parse_vtt",
    "parse_srt",
    "parse_sbv",
    "parse_timed",
    "parse_whisper",
    "timed_line",
    "timed_marks",
    "parse_cues",
    "read_transcript",
    "join_cues",
    "without_labels",
    "sniff_transcript",
]

TRANSCRIPT_FORMATS = ("vtt", "srt", "sbv", "timed", "whisper")

_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # WebVTT's line terminators (not U+2028 and kin)
_VTT_TIME = r"(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})"
_SRT_TIME = r"(\d+):([0-5]\d):([0-5]\d)[,.](\d{3})"
_VTT_TIMING = re.compile(rf"^[ \t]*{_VTT_TIME}[ \t]*-->[ \t]*{_VTT_TIME}(?:[ \t]+.*)?[ \t]*$")
_SRT_TIMING = re.compile(rf"^[ \t]*{_SRT_TIME}[ \t]*-->[ \t]*{_SRT_TIME}(?:[ \t]+.*)?[ \t]*$")
_SBV_TIME = r"(\d+):([0-5]\d):([0-5]\d)\.(\d{3})"
_SBV_TIMING = re.compile(rf"^[ \t]*{_SBV_TIME},{_SBV_TIME}[ \t]*$")
# A timestamp of text with timestamps: [H:]MM:SS or M:SS, fractions of a second allowed.
_STAMP = r"(?:(\d{1,2}):([0-5]\d)|(\d{1,3})):([0-5]\d)(?:[.,](\d{1,3}))?"
_STAMP_ANY = rf"(?:\[{_STAMP}\]|\({_STAMP}\)|{_STAMP})"
_STAMP_CLOSED = rf"(?:\[{_STAMP}\]|\({_STAMP}\))"
_SPEAKER = r"[^\W\d][^\s.!?:]*(?:[ \t]+[^\s.!?:]+){0,4}:?"
# (A line's text is taken whole, its end's blanks stripped after: a lazy text before
# optional blanks would be tried again at every blank of a long run.)
_TIMED_LINES = (
    # A time range opening a line, as Whisper and whisper.cpp print their transcripts.
    re.compile(rf"^[ \t]*\[{_STAMP}[ \t]*-->[ \t]*{_STAMP}\](?:[ \t]+(?P<text>\S.*))?[ \t]*$"),
    # A timestamp alone, or opening a line of text.
    re.compile(rf"^[ \t]*{_STAMP_ANY}(?:[ \t]*[-\u2013\u2014:|]?[ \t]+(?P<text>\S.*))?[ \t]*$"),
    # A speaker's name, then a timestamp at the end of the line or one in brackets.
    re.compile(rf"^[ \t]*{_SPEAKER}[ \t]+{_STAMP_ANY}[ \t]*:?[ \t]*$"),
    re.compile(rf"^[ \t]*{_SPEAKER}[ \t]+{_STAMP_CLOSED}[ \t]*:?[ \t]*(?P<text>\S.*)[ \t]*$"),
)
_CLOCK = re.compile(r"\d:[0-5]\d")
# Whisper's JSON output opens with its text (the whole transcript, then its segments) or
# its segments (WhisperX); whisper.cpp's with its system information.
_WHISPER_JSON = re.compile(r'\s*\{\s*"(?:text|segments|language|systeminfo)"\s*:')
_WHISPER_LIST = re.compile(r'"(?:segments|transcription)"\s*:\s*\[')
_VTT_HEADER = re.compile(r"^WEBVTT(?:[ \t].*)?$")
_VTT_SKIPPED = re.compile(r"^(?:NOTE|STYLE|REGION)(?:[ \t].*)?$")
# A tag opens with a letter, "/" or a digit (a karaoke timestamp): "x < y" in an SRT
# file is text, not a tag.
_TAG = re.compile(r"</?(?:[A-Za-z][^<>]*|\d[\d:.]*)>")
_RUBY_TEXT = re.compile(r"<rt(?:[ .\t][^<>]*)?>.*?</rt>", re.S)
_SRT_CODE = re.compile(r"\{\\[^{}]*\}")


@dataclass(frozen=True)
class Cue:
    """One cue of a transcript.

    Attributes
    ----------
    start, end:
        When it is shown, in seconds from the start.
    text:
        Its words as plain text on one line (tags dropped, entities decoded).
    line:
        The line of its timing line in the file (counted from 1), for messages.
    """

    start: float
    end: float
    text: str
    line: int = 0


@dataclass
class Transcript:
    """A transcript's cues with text, and the text they make.

    Attributes
    ----------
    cues:
        The cues that hold text, in file order.
    text:
        Their text joined with single spaces.
    offsets:
        Where each cue's text starts in :attr:`text`.
    labels:
        How many speakers' labels were left out of the cues (:func:`without_labels`).
    """

    cues: list[Cue]
    text: str
    offsets: list[int]
    labels: int = 0  # the speakers' labels left out of the cues (see without_labels)

    def cue_at(self, offset: int) -> int:
        """The index of the cue whose text holds character ``offset`` of :attr:`text`
        (the space after a cue belongs to it)."""
        return max(0, bisect_right(self.offsets, offset) - 1)

    def cut_long(
        self, spans: Sequence[tuple[int, int]], longest: int = LONG_PIECE
    ) -> tuple[list[tuple[int, int]], int]:
        """``spans`` with each one longer than ``longest`` characters cut where the cues
        inside it begin, and how many were cut.

        Captions without punctuation (automatic captions) give the sentence splitter
        nothing to split on: a whole talk would be one sentence, which no method can cut.
        A cue is the next best unit, and its start time is exact. The pieces still tile
        the text (the space before a cue stays with the piece before it).
        """
        out: list[tuple[int, int]] = []
        cut = 0
        for a, b in spans:
            inside = self.offsets[bisect_right(self.offsets, a) : bisect_right(self.offsets, b - 1)]
            if b - a <= longest or not inside:
                out.append((a, b))
                continue
            cut += 1
            edges = [a, *inside, b]
            out.extend(zip(edges, edges[1:]))
        return out, cut

    def times(self, spans: Sequence[tuple[int, int]]) -> list[tuple[float, float]]:
        """``(start, end)`` in seconds of each span of :attr:`text`: the start of the cue
        where its first visible character is, the end of the cue of its last one."""
        out = []
        for a, b in spans:
            piece = self.text[a:b]
            first = a + (len(piece) - len(piece.lstrip()))
            last = a + len(piece.rstrip()) - 1
            if last < first:  # only white space: an instant at its start
                last = first
            out.append((self.cues[self.cue_at(first)].start, self.cues[self.cue_at(last)].end))
        return out


#: The latest time a transcript may give, in seconds: a year. A later one is junk, and
#: one past a float's range could not be read at all.
MAX_SECONDS = 366 * 24 * 3600


def _seconds(h: str | None, m: str, s: str, ms: str) -> float:
    """Seconds of a clock's fields, or infinity past :data:`MAX_SECONDS`."""
    if max(len(h or ""), len(m), len(s), len(ms)) > 15:  # digits for far more than a year
        return math.inf
    # From whole milliseconds, so 12.345 reads back as 12.345 and never 12.344999.
    total = ((int(h or 0) * 60 + int(m)) * 60 + int(s)) * 1000 + int(ms)
    return total / 1000 if total <= MAX_SECONDS * 1000 else math.inf


def _past_a_year(where: str) -> ValueError:
    return ValueError(f"{where}: a time past a year; is it a transcript's timestamp?")


def _timing(m: re.Match[str], n: int, path: str | None) -> tuple[float, float]:
    """The start and end of a timing line's match (four groups each), refused in a
    ValueError naming line ``n`` if the cue ends before it starts, or a time is past a
    year."""
    g = m.groups()
    start, end = _seconds(*g[:4]), _seconds(*g[4:8])
    if math.isinf(start) or math.isinf(end):
        raise _past_a_year(_where(path, n))
    if end < start:
        raise ValueError(
            f"{_where(path, n)}: the cue ends ({format_clock(end, True)}) before it "
            f"starts ({format_clock(start, True)})"
        )
    return start, end


def _where(path: str | None, line: int) -> str:
    return f"{path}, line {line}" if path else f"line {line}"


def _show(line: str, width: int = 60) -> str:
    line = line.strip()
    return repr(line if len(line) <= width else line[: width - 3] + "...")


def _clean(lines: Sequence[str], srt: bool) -> str:
    """A cue's lines as plain text on one line."""
    text = " ".join(lines)
    text = _TAG.sub("", _RUBY_TEXT.sub("", text))
    if srt:
        text = _SRT_CODE.sub("", text)
    return " ".join(html.unescape(text).split())


def _blocks(text: str, spaces_end: bool = True) -> list[list[tuple[int, str]]]:
    """The file's blocks: runs of lines that are not blank, with their line numbers. A
    line of spaces is blank only with ``spaces_end``: in WebVTT only an empty line ends a
    cue, and automatic captions open their cues with a line of one space."""
    blocks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for n, line in enumerate(_LINE_BREAK.split(text), 1):
        if (line.strip() if spaces_end else line) and (current or line.strip()):
            current.append((n, line))
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _cue_blocks(
    block: list[tuple[int, str]], timing: re.Pattern[str], srt: bool, path: str | None
) -> list[_Shown]:
    """The cues of one block. A line with ``-->`` inside a cue's text starts the next cue
    (as WebVTT's parser does), with the line before it as its identifier in SRT."""
    cues: list[_Shown] = []
    i = 0
    while i < len(block):
        if "-->" in block[i][1]:
            t = i
        elif i + 1 < len(block) and "-->" in block[i + 1][1]:
            t = i + 1  # block[i] is the cue's identifier (its number, in SRT)
        else:
            n, line = block[i]
            raise ValueError(
                f"{_where(path, n)}: text without a cue timing ({_show(line)}); a cue "
                f"needs a line 'start --> end' such as "
                f"{'00:00:01,000 --> 00:00:04,000' if srt else '00:00:01.000 --> 00:00:04.000'}"
            )
        n, line = block[t]
        m = timing.match(line)
        if m is None:
            example = "HH:MM:SS,mmm" if srt else "HH:MM:SS.mmm or MM:SS.mmm"
            raise ValueError(
                f"{_where(path, n)}: bad cue timing {_show(line)}; expected "
                f"'{example} --> {example}'"
            )
        start, end = _timing(m, n, path)
        j = t + 1
        while j < len(block) and "-->" not in block[j][1]:
            j += 1
        stop = j
        if srt and j < len(block) and stop - 1 > t and block[stop - 1][1].strip().isdigit():
            stop -= 1  # the next cue's number, not this cue's text
        cues.append(_Shown(start, end, [ln for _, ln in block[t + 1 : stop]], n))
        i = stop
    return cues


@dataclass(frozen=True)
class _Shown:
    """A cue as the file shows it: its times, its lines as written, its timing's line."""

    start: float
    end: float
    lines: list[str]
    line: int


#: Automatic captions roll up: a cue shows again the line the cue before it ended with,
#: and a new line under it. A file is read so when at least this share of its cues (and
#: two) do both; a cue that only says again what the cue before it said is speech.
ROLLING_SHARE = 0.25


def _unrolled(shown: Sequence[_Shown], srt: bool) -> list[Cue]:
    """The cues, each with its lines as plain text; in captions that roll up, without the
    lines a cue shows again from the cue before it (so that the text is read once).

    Whether they roll up is read from the lines as written: a cue that shows a line
    again repeats the one before it to the character (automatic captions write the
    karaoke-timed line, then that line plainly, which the next cue repeats). Only then is
    each line cleaned on its own, to compare it once its tags are gone."""
    if _rolling([[ln.strip() for ln in c.lines if ln.strip()] for c in shown]):
        lines = [[t for t in (_clean([ln], srt) for ln in c.lines) if t] for c in shown]
        again = [_overlap(before, after) for before, after in zip([[], *lines], lines)]
        return [
            Cue(c.start, c.end, " ".join(kept[k:]), c.line)
            for c, kept, k in zip(shown, lines, again)
        ]
    return [Cue(c.start, c.end, _clean(c.lines, srt), c.line) for c in shown]


def _rolling(lines: Sequence[Sequence[str]]) -> bool:
    """Whether enough cues (:data:`ROLLING_SHARE`, two at least) show the line the cue
    before ended with, and a new one under it."""
    again = (_overlap(before, after) for before, after in zip([[], *lines], lines))
    shown_again = sum(1 for kept, k in zip(lines, again) if 0 < k < len(kept))
    return shown_again >= max(2, ROLLING_SHARE * len(lines))


def _overlap(before: Sequence[str], after: Sequence[str]) -> int:
    """How many of ``after``'s first lines repeat ``before``'s last ones."""
    for k in range(min(len(before), len(after)), 0, -1):
        if list(before[-k:]) == list(after[:k]):
            return k
    return 0


def parse_vtt(text: str, path: str | None = None) -> list[Cue]:
    """The cues of a WebVTT file, in file order (see the module for what is read).

    Raises ValueError, naming the line, on a file that is not WebVTT or a malformed cue.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    first = _LINE_BREAK.split(text, maxsplit=1)[0]
    if not _VTT_HEADER.match(first):
        raise ValueError(
            f"{_where(path, 1)}: not a WebVTT file: it starts {_show(first)}, not 'WEBVTT' "
            "(--format srt reads SubRip, --format text reads prose)"
        )
    blocks = _blocks(text, spaces_end=False)
    # The first block is the header (WEBVTT and lines such as "Kind: captions"); a cue
    # written right under it, with no blank line between, is read rather than lost.
    header = blocks[0]
    arrow = next((k for k in range(1, len(header)) if "-->" in header[k][1]), None)
    blocks = ([header[arrow:]] if arrow is not None else []) + blocks[1:]
    shown: list[_Shown] = []
    for block in blocks:
        if _VTT_SKIPPED.match(block[0][1]) and "-->" not in block[0][1]:
            continue
        shown.extend(_cue_blocks(block, _VTT_TIMING, False, path))
    return _unrolled(shown, False)


def parse_srt(text: str, path: str | None = None) -> list[Cue]:
    """The cues of a SubRip file, in file order (see the module for what is read).

    Raises ValueError, naming the line, on a malformed cue.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    shown: list[_Shown] = []
    for block in _blocks(text):
        shown.extend(_cue_blocks(block, _SRT_TIMING, True, path))
    return _unrolled(shown, True)


def parse_sbv(text: str, path: str | None = None) -> list[Cue]:
    """The cues of a SubViewer (``.sbv``) file, in file order.

    Raises ValueError, naming the line, on a block that does not open with a timing line
    or a cue that ends before it starts.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    cues: list[Cue] = []
    for block in _blocks(text):
        n, line = block[0]
        m = _SBV_TIMING.match(line)
        if m is None:
            raise ValueError(
                f"{_where(path, n)}: text without a cue timing ({_show(line)}); an SBV cue "
                "opens with a line 'H:MM:SS.mmm,H:MM:SS.mmm' such as 0:00:01.000,0:00:04.000"
            )
        start, end = _timing(m, n, path)
        cues.append(Cue(start, end, _clean([ln for _, ln in block[1:]], False), n))
    return cues


def _stamp_seconds(groups: Sequence[str | None]) -> float:
    """Seconds of the first timestamp among ``groups`` (each :data:`_STAMP` has five:
    hours, minutes after hours, minutes alone, seconds, a fraction)."""
    for k in range(0, len(groups), 5):
        h, hm, m, sec, frac = groups[k : k + 5]
        if sec is not None:
            ms = int(((frac or "") + "000")[:3])
            return _seconds(h, hm or m or "0", sec, f"{ms:03d}")
    raise AssertionError("a timestamp pattern matched without its seconds")


def timed_line(line: str) -> tuple[float, str] | None:
    """``(seconds, text after the timestamp)`` when ``line`` holds a cue's timestamp, as
    text with timestamps writes it (see the module), else None."""
    for pattern in _TIMED_LINES:
        m = pattern.match(line)
        if m is not None:
            has_text = "text" in pattern.groupindex
            stamps = m.groups()[:-1] if has_text else m.groups()
            said = (m.group("text") or "").rstrip(" \t") if has_text else ""
            return _stamp_seconds(stamps), said
    return None


def parse_timed(text: str, path: str | None = None) -> list[Cue]:
    """The cues of text with timestamps, in file order (see the module).

    Raises ValueError when no line holds a timestamp."""
    if text.startswith("\ufeff"):
        text = text[1:]
    starts: list[tuple[float, int]] = []
    pieces: list[list[str]] = [[]]  # the text before the first timestamp, then each cue's
    for n, line in enumerate(_LINE_BREAK.split(text), 1):
        found = timed_line(line)
        if found is None:
            pieces[-1].append(line)
            continue
        if math.isinf(found[0]):
            raise _past_a_year(_where(path, n))
        starts.append((found[0], n))
        pieces.append([found[1]])
    if not starts:
        raise ValueError(
            f"{path or 'the text'} has no timestamps (lines such as '0:03', '[00:01:02] Hello' "
            "or 'Jane Doe  1:05'); --format text reads it as prose"
        )
    cues: list[Cue] = []
    opening = _clean(pieces[0], False)
    if opening:
        cues.append(Cue(0.0, max(0.0, starts[0][0]), opening, 1))
    for k, ((start, n), lines) in enumerate(zip(starts, pieces[1:])):
        following = starts[k + 1][0] if k + 1 < len(starts) else start
        cues.append(Cue(start, max(start, following), _clean(lines, False), n))
    return cues


def parse_whisper(text: str, path: str | None = None) -> list[Cue]:
    """The cues of a speech recogniser's JSON or TSV output, in file order: Whisper's
    (and faster-whisper's, WhisperX's) JSON ``{"segments": [{"start": 0.0, "end": 4.2,
    "text": ...}, ...]}`` in seconds, whisper.cpp's ``{"transcription": [{"offsets":
    {"from": 0, "to": 4200}, "text": ...}, ...]}`` in milliseconds, or Whisper's TSV
    (``start``, ``end`` and ``text`` columns, in milliseconds).

    Raises ValueError, saying what is missing, on anything else."""
    text = text.lstrip("\ufeff")
    if text.lstrip()[:1] != "{":
        return _whisper_tsv(text, path)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{path or 'the transcript'} is not valid JSON: {exc}") from None
    except RecursionError:  # arrays in arrays thousands deep: no transcript
        raise ValueError(f"{path or 'the transcript'} nests its JSON too deeply") from None
    cues: list[Cue] = []
    if isinstance(data, dict) and isinstance(data.get("segments"), list):
        for k, seg in enumerate(data["segments"], 1):
            start, end, said = _fields(seg, ("start", "end"), k, path)
            cues.append(Cue(start, max(start, end), _clean([said], False), k))
        return cues
    if isinstance(data, dict) and isinstance(data.get("transcription"), list):
        for k, seg in enumerate(data["transcription"], 1):
            offsets = seg.get("offsets") if isinstance(seg, dict) else None
            start, end, _ = _fields(offsets, ("from", "to"), k, path, text=False)
            said = seg.get("text") if isinstance(seg.get("text"), str) else ""
            cues.append(Cue(start / 1000, max(start, end) / 1000, _clean([said], False), k))
        return cues
    raise ValueError(
        f'{path or "the JSON"} holds no transcript: Whisper\'s has a list of "segments", '
        'whisper.cpp\'s a list named "transcription"'
    )


def _fields(
    item: object, names: tuple[str, str], k: int, path: str | None, text: bool = True
) -> tuple[float, float, str]:
    """A JSON segment's two times (``names``; in milliseconds when not ``text``) and its
    text, or a ValueError naming it."""
    where = f"{path or 'the transcript'}: segment {k}"
    if not isinstance(item, dict) or not all(
        isinstance(item.get(n), (int, float)) and not isinstance(item.get(n), bool) for n in names
    ):
        raise ValueError(f"{where} has no numbers {names[0]!r} and {names[1]!r}")
    limit = MAX_SECONDS * (1 if text else 1000)
    times = [item[n] for n in names]
    # Compared as they are: an integer past a float's range too, and Infinity and NaN
    # (which Python's JSON reads) fail.
    if not all(abs(t) <= limit for t in times):
        raise _past_a_year(where)
    said = item.get("text") if text else ""
    return float(times[0]), float(times[1]), said if isinstance(said, str) else ""


def _whisper_tsv(text: str, path: str | None) -> list[Cue]:
    """Whisper's TSV: a ``start``/``end``/``text`` header, then one cue a line."""
    lines = _LINE_BREAK.split(text)
    if not lines or lines[0].strip().split("\t") != ["start", "end", "text"]:
        raise ValueError(
            f"{path or 'the transcript'} is neither Whisper's JSON nor its TSV (a first "
            "line 'start<TAB>end<TAB>text')"
        )
    cues: list[Cue] = []
    for n, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        start, _, rest = line.partition("\t")
        end, _, said = rest.partition("\t")
        start, end = start.strip(), end.strip()
        if not (start.isascii() and start.isdigit() and end.isascii() and end.isdigit()):
            raise ValueError(f"{_where(path, n)}: not 'start<TAB>end<TAB>text' in milliseconds")
        a, b = _seconds(None, "0", "0", start), _seconds(None, "0", "0", end)
        if math.isinf(a) or math.isinf(b):
            raise _past_a_year(_where(path, n))
        cues.append(Cue(a, max(a, b), _clean([said], False), n))
    return cues


def parse_cues(text: str, fmt: str, path: str | None = None) -> list[Cue]:
    """The cues of a transcript in one of :data:`TRANSCRIPT_FORMATS`."""
    parsers = {
        "vtt": parse_vtt,
        "srt": parse_srt,
        "sbv": parse_sbv,
        "timed": parse_timed,
        "whisper": parse_whisper,
    }
    if fmt not in parsers:
        raise ValueError(
            f"unknown transcript format {fmt!r}; use one of: {', '.join(TRANSCRIPT_FORMATS)}"
        )
    return parsers[fmt](text, path)


def join_cues(cues: Sequence[Cue]) -> Transcript:
    """The cues that hold text, and their text joined with single spaces."""
    kept = [c for c in cues if c.text]
    offsets, pos = [], 0
    for c in kept:
        offsets.append(pos)
        pos += len(c.text) + 1
    return Transcript(kept, " ".join(c.text for c in kept), offsets)


def read_transcript(text: str, fmt: str, path: str | None = None) -> Transcript:
    """:func:`join_cues` of :func:`parse_cues`, without the speakers' labels that open
    most cues (:func:`without_labels`)."""
    cues, labels = without_labels(parse_cues(text, fmt, path))
    return replace(join_cues(cues), labels=labels)


#: A speaker's label opening a cue, as meeting software writes it ("Jane Doe: ...") and
#: broadcast captions (">> ALICE: ..."): one to four words, a colon, then the words said.
_LABEL = re.compile(r"^(?:>>[ \t]*)?[^\W\d][\w.'\-]*(?:[ \t][\w.'\-]+){0,3}:[ \t]+(?=\S)")
#: Labels are read as such when this share of the cues with text open with one (three at
#: least), and they recur: each label opens two of those cues on average, or more.
LABELLED_SHARE = 0.5


def without_labels(cues: Sequence[Cue]) -> tuple[list[Cue], int]:
    """The cues without the speakers' labels that open most of them, and how many were
    left out. A label is who speaks, as a WebVTT voice tag (``<v Host>``) is, not what is
    said: left in, a speaker's name would be a word of every cue they speak, and the
    topics would be cut where the speaker changes."""
    found = [(c, _LABEL.match(c.text)) for c in cues]
    labelled = [m.group(0).rstrip(": \t").lstrip("> \t").lower() for _, m in found if m]
    spoken = sum(1 for c in cues if c.text)
    recur = 2 * len(set(labelled)) <= len(labelled)
    if len(labelled) < max(3, LABELLED_SHARE * spoken) or not recur:
        return list(cues), 0
    return [replace(c, text=c.text[m.end() :]) if m else c for c, m in found], len(labelled)


def sniff_transcript(text: str, path: str | None = None) -> str | None:
    """``vtt``, ``srt``, ``sbv``, ``whisper`` or ``timed`` when ``text`` is a transcript,
    else None.

    By content first: a ``WEBVTT`` first line (alone, or followed by a cue timing
    somewhere); or a first cue as SRT writes it (a number on its own line, then a timing
    line; or a timing line with a comma before the milliseconds); or an SBV timing line
    first; or Whisper's JSON (an object whose first key is ``text``, ``segments``,
    ``language`` or, in whisper.cpp's, ``systeminfo``, holding a list of ``segments`` or
    a ``transcription``) or Whisper's TSV header. Then by the name: ``.vtt``, ``.srt`` or ``.sbv`` (case ignored), so that a
    malformed transcript is refused with its line rather than segmented as prose. Last,
    text with timestamps, by :func:`timed_marks`.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    head = _LINE_BREAK.split(text[:4096], maxsplit=40)
    # "WEBVTT is a format ..." is a valid header line too: prose that opens so is read
    # as prose unless a cue timing follows.
    if _VTT_HEADER.match(head[0]) and (head[0].rstrip() == "WEBVTT" or "-->" in text):
        return "vtt"
    lines = [ln for ln in head if ln.strip()][:2]
    if lines and "," in lines[0] and _SRT_TIMING.match(lines[0]):
        return "srt"
    if len(lines) == 2 and lines[0].strip().isdigit() and _SRT_TIMING.match(lines[1]):
        return "srt"
    if lines and _SBV_TIMING.match(lines[0]):
        return "sbv"
    if _WHISPER_JSON.match(text, 0, 4096) and _WHISPER_LIST.search(text):
        return "whisper"
    if lines and lines[0].strip() == "start\tend\ttext":
        return "whisper"
    fmt = named(path)
    if fmt in TRANSCRIPT_FORMATS:
        return fmt
    return "timed" if timed_marks(text) else None


#: What text with timestamps needs to be recognised by its content: this many timestamps
#: at least, one line in four or more, in order, the first within the first five lines
#: and under a minute (a transcript starts at its start; a day's agenda, at 9:00).
MIN_TIMESTAMPS = 4


def timed_marks(text: str) -> int:
    """How many timestamps ``text`` holds if it reads as text with timestamps (see
    :data:`MIN_TIMESTAMPS`), else 0. Only its first 64 KB are read."""
    head = text[:65536]
    opening = [ln for ln in _LINE_BREAK.split(head[:2048], maxsplit=40) if ln.strip()][:5]
    if not any(_CLOCK.search(ln) for ln in opening):  # the cheap test, for any text
        return 0
    lines = [ln for ln in _LINE_BREAK.split(head) if ln.strip()]
    marks = [(i, found[0]) for i, ln in enumerate(lines) if (found := timed_line(ln))]
    if len(marks) < MIN_TIMESTAMPS or len(marks) * 4 < len(lines):
        return 0
    if marks[0][0] >= 5 or marks[0][1] >= 60:
        return 0
    if any(b < a for (_, a), (_, b) in zip(marks, marks[1:])):
        return 0
    return len(marks)

"""Transcripts in the forms users bring them: do they give the same chapters, and is any
other text taken for one?

Usage::

    python benchmarks/bench_transcripts.py [FOLDER ...]

1. The example podcast (``examples/field-notes.vtt``, 60 cues) is written in each form a
   transcript comes in: WebVTT, SubRip, SubViewer (``.sbv``), a video page's transcript
   panel copied as text (a timestamp on a line, the words under it), Whisper's printed
   lines (``[00:00.000 --> 00:06.200]  Hello ...``) and its JSON, YouTube's automatic captions as
   ``yt-dlp`` saves them (lower case, no punctuation, each line shown twice as the
   captions roll up), and meeting software's labels (``Host: ...``) in place of WebVTT's
   voice tags. Each is segmented by ``linseg segment --output chapters`` (the default,
   format detected), and its chapters' times are printed beside the WebVTT file's.
2. Every text file under the FOLDERs (compressed ones read through; binary files and
   files that are not UTF-8 skipped) is given to the transcript recogniser
   (:func:`linseg.readers.transcript.sniff_transcript`), which every text without a
   format of its own meets: how many are taken for a transcript, and the mean time.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from linseg.readers.clock import format_clock
from linseg.readers.transcript import Cue, parse_vtt, sniff_transcript

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "field-notes.vtt"


def _clock(t: float, sep: str = ".") -> str:
    return format_clock(t, millis=True).replace(".", sep)


def forms(source: str) -> dict[str, tuple[str, str]]:
    """The example as each form: name -> (file name, text)."""
    cues = parse_vtt(source)
    words = [re.sub(r"[^\w' ]", "", c.text.lower()).split() for c in cues]

    def timed(c: Cue) -> str:
        s = int(c.start)
        return f"{s // 60}:{s % 60:02d}\n{c.text}"

    def auto(k: int, c: Cue) -> str:
        step = (c.end - c.start) / len(words[k])
        karaoke = words[k][0] + "".join(
            f"<{_clock(c.start + i * step)}><c> {w}</c>" for i, w in enumerate(words[k][1:], 1)
        )
        before = " ".join(words[k - 1]) if k else " "
        line = " ".join(words[k])
        return (
            f"{_clock(c.start)} --> {_clock(c.end)} align:start position:0%\n{before}\n"
            f"{karaoke}\n\n{_clock(c.end)} --> {_clock(c.end + 0.01)} align:start "
            f"position:0%\n{line}\n \n"
        )

    sbv = "\n".join(f"{_clock(c.start)[1:]},{_clock(c.end)[1:]}\n{c.text}\n" for c in cues)
    return {
        "WebVTT": ("talk.vtt", source),
        "SubRip": (
            "talk.srt",
            "\n".join(
                f"{k}\n{_clock(c.start, ',')} --> {_clock(c.end, ',')}\n{c.text}\n"
                for k, c in enumerate(cues, 1)
            ),
        ),
        "SubViewer": ("talk.sbv", sbv),
        "transcript panel, copied": ("talk.txt", "\n".join(timed(c) for c in cues) + "\n"),
        "Whisper's printed lines": (
            "whisper.txt",
            "".join(f"[{_clock(c.start)[3:]} --> {_clock(c.end)[3:]}]  {c.text}\n" for c in cues),
        ),
        "Whisper's JSON": (
            "talk.json",
            json.dumps(
                {
                    "text": " ".join(c.text for c in cues),
                    "segments": [
                        {"id": k, "start": c.start, "end": c.end, "text": " " + c.text}
                        for k, c in enumerate(cues)
                    ],
                    "language": "en",
                }
            ),
        ),
        "automatic captions (yt-dlp)": (
            "talk.en.vtt",
            "WEBVTT\nKind: captions\nLanguage: en\n\n"
            + "\n".join(auto(k, c) for k, c in enumerate(cues)),
        ),
        "speakers' labels (meeting software)": (
            "meeting.vtt",
            source.replace("<v Host>", "Host: ").replace("<v Guest>", "Guest: "),
        ),
    }


def chapters(path: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "linseg", "segment", path, "--output", "chapters"],
        capture_output=True,
        text=True,
    )
    if done.returncode:
        return [f"refused: {done.stderr.strip()}"]
    return [line.split(" ", 1)[0] for line in done.stdout.splitlines()]


def scan(folders: list[str]) -> None:
    texts = taken = 0
    seconds = 0.0
    found = []
    for folder in folders:
        for root, _, files in os.walk(folder):
            for name in files:
                path = os.path.join(root, name)
                try:
                    data = Path(path).read_bytes()
                    if data[:2] == b"\x1f\x8b":
                        data = gzip.decompress(data)
                    text = data.decode("utf-8")
                except (OSError, EOFError, UnicodeDecodeError, gzip.BadGzipFile):
                    continue
                if "\0" in text[:4096]:
                    continue
                texts += 1
                t0 = time.perf_counter()
                kind = sniff_transcript(text, path)
                seconds += time.perf_counter() - t0
                if kind:
                    taken += 1
                    found.append(f"{kind}: {path}")
    print(
        f"\n{texts} texts under {', '.join(folders)}: {taken} taken for a transcript, "
        f"{1000 * seconds / max(1, texts):.3f} ms a text"
    )
    for line in found[:20]:
        print("  " + line)


def main() -> None:
    source = EXAMPLE.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        reference = None
        for name, (file_name, text) in forms(source).items():
            path = os.path.join(tmp, file_name)
            Path(path).write_text(text, encoding="utf-8")
            got = chapters(path)
            reference = reference or got
            same = "same as WebVTT" if got == reference else "differs"
            print(f"{name:38s} {' '.join(got)}  ({same})")
    if sys.argv[1:]:
        scan(sys.argv[1:])


if __name__ == "__main__":
    main()

"""Writing a segmented document: the ``text``, ``choi``, ``json`` and ``chapters`` outputs.

``text``      each segment exactly as it stood in the input, with a line of ``==========``
              between segments (a newline is added to a segment that lacks one). With
              ``keywords=True`` (``--keywords``) each segment opens with a line
              ``# keywords: a, b, c``; off by default, so that the output stays the
              input cut into pieces and nothing else.
``choi``      the ``.ref`` format: one sentence a line, segments between separator lines.
``json``      one record: the method, its parameters, every automatic choice, the
              boundaries, the segments' text, which joined give the input back, each
              segment's ``[start, end)`` character offsets into the text read
              (``offsets``), its keywords, and for a transcript its times; where
              ``max_size`` cut sentences, the offsets of every cut (``forced_cuts``);
              which kernels ran (``compiled``, or ``pure``: linseg.kernels).
``jsonl``     the same record on one line: for batch runs, one line a document in one
              file, each with its ``path``.
``chapters``  for a transcript only: one line per segment, ``HH:MM:SS title``, the time
              where the segment begins (the first is always ``00:00:00``) and its top
              three keywords as the title: the chapter list video sites read.

The record reads only what every :class:`~linseg.base.Segmentation` has, so any method's
result can be written in any format.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any, TextIO

from linseg import kernels
from linseg.readers.clock import format_clock
from linseg.readers.document import Document
from linseg.readers.ref import SEPARATOR
from linseg.run import DocumentRun

__all__ = [
    "OUTPUTS",
    "render",
    "write",
    "write_json",
    "write_segment",
    "record",
    "chapters",
    "check_output",
    "KEYWORDS_HEADER",
    "CHAPTER_KEYWORDS",
]

OUTPUTS = ("text", "choi", "json", "jsonl", "chapters")
#: What opens a segment's keyword line in ``text`` output with ``keywords=True``.
KEYWORDS_HEADER = "# keywords:"
#: Keywords in a chapter's title.
CHAPTER_KEYWORDS = 3


def check_output(document: Document, output: str | None, keywords: bool = False) -> str:
    """The output format for ``document`` (None: ``choi`` for ``choi`` input, else
    ``text``), or a ValueError when it cannot be written: ``chapters`` without times,
    ``keywords`` in ``choi`` output (which has no place for them)."""
    output = output or ("choi" if document.format == "choi" else "text")
    if output not in OUTPUTS:
        raise ValueError(f"unknown output format {output!r}; use one of: {', '.join(OUTPUTS)}")
    if output == "chapters" and document.times is None:
        raise ValueError(
            "--output chapters needs a transcript with times (a .vtt, .srt or .sbv file, "
            "text with timestamps, Whisper's output, or --format vtt|srt|sbv|timed|whisper); "
            f"this input was read as {document.format}: --output json gives its segments' "
            "keywords"
        )
    if keywords and output == "choi":
        raise ValueError(
            "--keywords adds a line to --output text; the .ref format (--output choi) has "
            "no place for it, and --output json always has the keywords"
        )
    return output


def _fields(run: DocumentRun) -> Iterator[tuple[str, Any, bool]]:
    """The JSON record's fields in order, each as ``(key, value, long)``: a long value is
    an iterable of items, made one at a time (a million sentences' segments are not held
    twice, as text and as JSON)."""
    doc = run.document
    params = {
        k: v
        for k, v in run.segmenter.get_params().items()
        if isinstance(v, (int, float, str, bool, type(None)))
    }
    # The language the text was read in: the one named, or the one detected for "auto".
    params["language"] = run.language
    boundaries = run.boundaries
    cuts = _cuts(doc, boundaries)
    yield "path", doc.path, False
    yield "method", run.method, False
    yield "params", params, False
    yield "format", doc.format, False
    yield "format_detected", doc.format_detected, False
    yield "tokenized", doc.tokenized, False
    yield "n_sentences", len(doc.sentences), False
    yield "n_segments", len(cuts) - 1, False
    yield "n_segments_requested", run.n_segments_requested, False
    yield "band", run.band, False
    yield "boundaries", boundaries, True
    yield "segments", (doc.text[a:b] for a, b in zip(cuts, cuts[1:])), True
    yield "offsets", ([a, b] for a, b in zip(cuts, cuts[1:])), True
    yield "notes", list(run.notes), False
    splits = run.result.details.get("forced_splits", ())
    yield "forced_cuts", (c for s in splits for c in s.cuts), True
    yield "kernels", kernels.active(), False
    yield "keywords", run.keywords(), True
    times = run.times
    yield "times", None if times is None else [[a, b] for a, b in times], False
    if doc.reference is not None:
        yield "reference", doc.reference, False


def _cuts(doc: Document, boundaries: list[int]) -> list[int]:
    """Where each segment starts in the document's text, then where the text ends (no
    segment for an empty text)."""
    if doc.sentences:
        return [0, *(doc.spans[b][0] for b in boundaries), len(doc.text)]
    return [0, len(doc.text)] if doc.text else [0]


def record(run: DocumentRun) -> dict[str, Any]:
    """The JSON record of a run (see the module docstring)."""
    return {key: list(value) if long else value for key, value, long in _fields(run)}


def write_json(run: DocumentRun, out: TextIO) -> None:
    """:func:`record` as one line of JSON, written to ``out`` a piece at a time."""
    dumps = json.JSONEncoder(ensure_ascii=False).encode
    out.write("{")
    for i, (key, value, long) in enumerate(_fields(run)):
        out.write(f"{', ' if i else ''}{dumps(key)}: ")
        if not long:
            out.write(dumps(value))
            continue
        out.write("[")
        for j, item in enumerate(value):
            out.write(", " + dumps(item) if j else dumps(item))
        out.write("]")
    out.write("}\n")


def chapters(run: DocumentRun, k: int = CHAPTER_KEYWORDS) -> str:
    """The ``chapters`` output: ``HH:MM:SS title`` per segment (see the module)."""
    check_output(run.document, "chapters")  # a ValueError for input without times
    times = run.times or []
    pieces = run.document.segment_texts(run.boundaries)
    lines = []
    for i, (words, (start, _), piece) in enumerate(zip(run.keywords(), times, pieces)):
        title = ", ".join(words[:k]) or _first_words(piece)
        lines.append(f"{format_clock(0 if i == 0 else start)} {title}\n")
    return "".join(lines)


def _first_words(text: str, n: int = 6) -> str:
    """A title for a segment without keywords (only stopwords, numbers, short words)."""
    words = text.split()
    return " ".join(words[:n]) + (" ..." if len(words) > n else "")


def render(run: DocumentRun, output: str | None = None, keywords: bool = False) -> str:
    """The run in an output format (None: ``choi`` for ``choi`` input, else ``text``);
    ``keywords`` adds a keyword line to each segment of ``text`` output."""
    buffer = io.StringIO()
    write(run, buffer, output, keywords)
    return buffer.getvalue()


def write(run: DocumentRun, out: TextIO, output: str | None = None, keywords: bool = False) -> None:
    """:func:`render` written to ``out`` a segment at a time, so that the output of a long
    document is never held whole in memory."""
    doc = run.document
    output = check_output(doc, output, keywords)
    if output in ("json", "jsonl"):
        write_json(run, out)
        return
    if output == "choi":
        # One sentence a line: a line break inside a sentence would read back as two. The
        # text of each sentence's span: a chat message keeps its time and speaker.
        if not doc.sentences:
            return
        cuts = [0, *run.boundaries, len(doc.sentences)]
        out.write(SEPARATOR + "\n")
        for a, b in zip(cuts, cuts[1:]):
            out.write("".join(" ".join(doc.text[x:y].split()) + "\n" for x, y in doc.spans[a:b]))
            out.write(SEPARATOR + "\n")
        return
    if output == "chapters":
        out.write(chapters(run))
        return
    heads = run.keywords() if keywords else None
    cuts = _cuts(doc, run.boundaries)
    for i, (a, b) in enumerate(zip(cuts, cuts[1:])):
        write_segment(out, i, doc.text[a:b], None if heads is None else heads[i])


def write_segment(out: TextIO, index: int, text: str, keywords: list[str] | None = None) -> None:
    """Segment ``index`` of ``text`` output (``linseg segment``'s, and a stream's): a
    separator line before all but the first, its keyword line when ``keywords`` are
    given, and its text, a line break added where it lacks one."""
    if index:
        out.write(SEPARATOR + "\n")
    if keywords is not None:
        out.write(" ".join([KEYWORDS_HEADER, ", ".join(keywords)]).rstrip() + "\n")
    out.write(text if text.endswith("\n") else text + "\n")

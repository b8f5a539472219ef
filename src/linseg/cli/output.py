"""Writing a segmented document: the ``text``, ``choi``, ``json`` and ``chapters`` outputs.

``text``      each segment exactly as it stood in the input, with a line of ``==========``
              between segments (a newline is added to a segment that lacks one). With
              ``keywords=True`` (``--keywords``) each segment opens with a line
              ``# keywords: a, b, c``; off by default, so that the output stays the
              input cut into pieces and nothing else.
``choi``      the ``.ref`` format: one sentence a line, segments between separator lines.
``json``      one record: the method, its parameters, every automatic choice, the
              boundaries, the segments' text, which joined give the input back, each
              segment's keywords, for a transcript each segment's times, and which
              kernels ran (``compiled``, or ``pure``: linseg.kernels).
``chapters``  for a transcript only: one line per segment, ``HH:MM:SS title``, the time
              where the segment begins (the first is always ``00:00:00``) and its top
              three keywords as the title: the chapter list video sites read.

The record reads only what every :class:`~linseg.base.Segmentation` has, so any method's
result can be written in any format.
"""

from __future__ import annotations

import json
from typing import Any

from linseg import kernels
from linseg.readers.clock import format_clock
from linseg.readers.document import Document
from linseg.readers.ref import SEPARATOR, format_ref
from linseg.run import DocumentRun

__all__ = [
    "OUTPUTS",
    "render",
    "record",
    "chapters",
    "check_output",
    "KEYWORDS_HEADER",
    "CHAPTER_KEYWORDS",
]

OUTPUTS = ("text", "choi", "json", "chapters")
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


def record(run: DocumentRun) -> dict[str, Any]:
    """The JSON record of a run (see the module docstring)."""
    doc = run.document
    params = {
        k: v
        for k, v in run.segmenter.get_params().items()
        if isinstance(v, (int, float, str, bool, type(None)))
    }
    # The language the text was read in: the one named, or the one detected for "auto".
    params["language"] = run.language
    pieces = doc.segment_texts(run.boundaries)
    out: dict[str, Any] = {
        "method": run.method,
        "params": params,
        "format": doc.format,
        "format_detected": doc.format_detected,
        "tokenized": doc.tokenized,
        "n_sentences": len(doc.sentences),
        "n_segments": len(pieces),
        "n_segments_requested": run.n_segments_requested,
        "band": run.band,
        "boundaries": run.boundaries,
        "segments": pieces,
        "notes": list(run.notes),
        "kernels": kernels.active(),
    }
    out["keywords"] = run.keywords()
    times = run.times
    out["times"] = None if times is None else [[a, b] for a, b in times]
    if doc.reference is not None:
        out["reference"] = doc.reference
    return out


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
    doc = run.document
    output = check_output(doc, output, keywords)
    if output == "json":
        return json.dumps(record(run), ensure_ascii=False) + "\n"
    if output == "choi":
        # One sentence a line: a line break inside a sentence would read back as two. The
        # text of each sentence's span: a chat message keeps its time and speaker.
        lines = [" ".join(doc.text[a:b].split()) for a, b in doc.spans]
        return format_ref(lines, run.boundaries) if lines else ""
    if output == "chapters":
        return chapters(run)
    heads = run.keywords() if keywords else None
    out = []
    for i, piece in enumerate(doc.segment_texts(run.boundaries)):
        if i:
            out.append(SEPARATOR + "\n")
        if heads is not None:
            out.append(" ".join([KEYWORDS_HEADER, ", ".join(heads[i])]).rstrip() + "\n")
        out.append(piece if piece.endswith("\n") else piece + "\n")
    return "".join(out)

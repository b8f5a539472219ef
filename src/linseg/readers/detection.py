"""Which format a document is in, when it is not given: by its bytes (an archive, a PDF, a
saved page), then by its text, each format asked in the registry's order
(:mod:`linseg.readers.formats`), its reader imported only when its cheap test holds."""

from __future__ import annotations

from linseg.readers.catalogue import BUILT_IN, ZIP_MAGIC
from linseg.readers.formats import Format, installed_for, named, resolve
from linseg.readers.messages import message_kind
from linseg.readers.ref import SEPARATOR, is_separator
from linseg.text.processor import looks_tokenized

__all__ = ["detect_format", "ref_problem", "binary_candidates", "refuse_known_binary"]

#: The recogniser of the five transcript formats (one function tells them apart).
_TRANSCRIPT = "linseg.readers.transcript:sniff_transcript"


def binary_candidates(data: bytes, path: str | None) -> list[Format]:
    """The formats read from bytes that a file may be in, by its name or its cheap test
    (their recognisers are asked by :func:`linseg.readers.document.decode_document`)."""
    name = named(path)
    return [
        f
        for f in BUILT_IN
        if f.stage == "binary" and (f.name == name or (f.may_be is not None and f.may_be(data)))
    ] + [f for f in installed_for(path) if f.binary]


def refuse_known_binary(data: bytes) -> None:
    """Say what a file is, rather than only that it is not text, for a ZIP archive that is
    none of the formats linseg reads (a spreadsheet, a slide deck)."""
    if data.startswith(ZIP_MAGIC):
        raise ValueError(
            "input is a ZIP archive but not an EPUB, DOCX, ODT, PPTX or ODP file (--format "
            "epub, docx, odt, pptx or odp reads one whose name or content does not say so)"
        )


def detect_format(text: str, path: str | None = None) -> str:
    """The format of ``text`` (read from ``path``, if given): ``vtt``, ``srt``, ``sbv``,
    ``whisper`` or ``timed`` for a transcript, by its content or its name
    (:func:`~linseg.readers.transcript.sniff_transcript`); ``info``, ``man``, ``ipynb``,
    ``docbook``, ``rtf``, ``html`` or ``tex`` for a text in one of those markups, as its module's
    recogniser says (:func:`~linseg.readers.webpage.sniff_html` ...); ``choi`` only for a
    whole valid ``.ref`` sample (see :func:`ref_problem`); ``asciidoc``, ``pod`` or ``org``
    for a source in one of those; ``lines`` if its lines look like tokenised sentences;
    otherwise ``text``, from which nothing is dropped. (The formats read from bytes,
    ``epub``, ``docx``, ``odt``, ``pptx``, ``odp``, ``pdf`` and ``mhtml``, are recognised by
    :func:`~linseg.readers.document.decode_document`.) A format another package adds is
    tried for a file named with one of its suffixes that no built-in format has."""
    return _detect(text, path)[0]


def ref_problem(text: str) -> str | None:
    """Why ``text`` is not a valid ``.ref`` sample, or None if it is one.

    A sample opens and closes with a separator line, and every segment between two
    separators has a sentence. Anything less (a Markdown or reST title underline, a
    horizontal rule, a banner) is prose that happens to hold a line of ``=``.
    """
    return _ref_problem([ln for ln in text.splitlines() if ln.strip()])


def _ref_problem(lines: list[str]) -> str | None:
    """:func:`ref_problem` of the non-blank lines of a text."""
    if not lines or not is_separator(lines[0]):
        return "its first line is not a separator"
    if not is_separator(lines[-1]):
        return "its last line is not a separator"
    if len(lines) < 3:
        return "it has no sentences"
    for a, b in zip(lines, lines[1:]):
        if is_separator(a) and is_separator(b):
            return "it has an empty segment (two separators in a row)"
    inexact = next((ln for ln in lines if is_separator(ln) and not _exact_separator(ln)), None)
    if inexact is not None:
        return (
            f"a separator is not the format's ({inexact.strip()!r} where the format writes "
            f"{SEPARATOR!r} at a line's start)"
        )
    return None


def _exact_separator(line: str) -> bool:
    """Whether ``line`` is the ``.ref`` format's own separator: ten ``=`` from the line's
    start (white space may follow). A rule set otherwise (`` =====``, indented or of another
    length) is prose's, and a text of such rules is no sample: read as one, it would lose
    them."""
    return line.rstrip() == SEPARATOR


def _detect(text: str, path: str | None = None, info_tried: bool = False) -> tuple[str, str | None]:
    """The detected format's name and, where the choice was a close one, a note saying so
    (``info_tried``: the text is known to be no Info file)."""
    transcript = _sniff_transcript(text, path)
    messages = message_kind(text) if transcript in (None, "timed") else None
    # "[00:12] <bob> hi" is an IRC line whose clock reads as a cue's time; a timed
    # transcript's speakers ("[00:00:05] Host: Welcome") are not chat's.
    if messages is not None and (transcript is None or messages == "an IRC log"):
        return "lines", (
            f"read one message a line, as {messages}: times and speakers stay in the text "
            "and are left out of the similarity (--format text reads prose)"
        )
    if transcript == "timed":
        return "timed", (
            "read as a transcript: its timestamps start its cues and are left out of the "
            "text (--format text keeps them)"
        )
    if transcript is not None:
        return transcript, None
    for fmt in _stage("markup"):
        if (fmt.name != "info" or not info_tried) and fmt.recognises(text, path):
            return fmt.name, None
    lines = [ln for ln in text.splitlines() if ln.strip()]
    seps = sum(1 for ln in lines if is_separator(ln))
    problem = _ref_problem(lines) if seps else "no separator"
    if problem is None:
        return "choi", None
    for fmt in (*_stage("late_markup"), *(f for f in installed_for(path) if not f.binary)):
        if fmt.recognises(text, path):
            return fmt.name, None
    if len(lines) > 1 and looks_tokenized(lines) and _ends_with_mark(lines) * 2 > len(lines):
        return "lines", (
            "read one sentence a line, as the lines look tokenised (--format text reads prose)"
        )
    if seps >= 2 and is_separator(lines[0]):
        return "text", (
            f"read as text: lines of '=' but not a .ref sample ({problem}); "
            "--format choi reads it as one"
        )
    return "text", None


def _stage(stage: str) -> list[Format]:
    return [f for f in BUILT_IN if f.stage == stage]


def _sniff_transcript(text: str, path: str | None) -> str | None:
    """Which transcript format ``text`` is in, by its content or its name (one recogniser
    tells the five apart: :func:`~linseg.readers.transcript.sniff_transcript`)."""
    return resolve(_TRANSCRIPT)(text, path)


def _ends_with_mark(lines: list[str]) -> int:
    return sum(1 for ln in lines if ln.rstrip()[-1:] in (".", "!", "?", '"', "'"))

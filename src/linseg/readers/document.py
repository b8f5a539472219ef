"""Reading one document for segmentation, in any of the input formats.

``choi``  the ``.ref`` format: tokenised sentences, one a line, segments between lines
          of ``==========`` (the reference segmentation comes along).
``lines`` one sentence a line; blank lines are kept with the sentence before them.
``text``  raw prose; sentences are found by :func:`linseg.text.processor.split_sentences`.
``vtt``   a WebVTT transcript; ``srt`` a SubRip one; ``sbv`` a SubViewer one; ``timed``
          text with timestamps; ``whisper`` a speech recogniser's JSON or TSV
          (:mod:`linseg.readers.transcript`): the text is the cues' text joined with
          spaces, and every sentence keeps the times of its cues.
``html``  an HTML page (:mod:`linseg.readers.webpage`): the text is what a reader sees,
          its blocks separated by blank lines and its headings as Markdown ``#`` lines.
``tex``   a LaTeX source (:mod:`linseg.readers.latex`): the text of its body, its
          sectioning as Markdown ``#`` lines.
``epub``  an e-book (:mod:`linseg.readers.epub`): its pages read as HTML, in reading
          order.
``docx``, ``odt``  a word-processor document (:mod:`linseg.readers.office`): its
          paragraphs, lists and tables in order, headings as Markdown ``#`` lines.
``pdf``   a PDF (:mod:`linseg.readers.pdf`, with ``pypdf``): its text, with the
          paragraphs and headings its layout shows.
``mhtml`` a web page saved as one file (:mod:`linseg.readers.mhtml`): its page, read as
          ``html``.
``pptx``, ``odp``  a slide deck (:mod:`linseg.readers.slides`): its slides in order, their
          titles as headings, their points as list items, their speaker notes after them.
``man``   a manual page's source (:mod:`linseg.readers.manpage`): the text ``man``
          shows, its sections as Markdown ``#`` lines; a page that only includes another
          (``.so``) is read from it.
``info``  a GNU Info manual (:mod:`linseg.readers.info`): its nodes' text, without the
          node lines and menus; a split manual's parts are read from beside it.
``ipynb`` a Jupyter notebook (:mod:`linseg.readers.notebook`): its Markdown cells as
          written, its code cells fenced, its outputs left out.
``asciidoc`` an AsciiDoc source (:mod:`linseg.readers.asciidoc`): its text, its section
          titles as Markdown ``#`` lines and its listings fenced; the files it includes
          are read from beside it.
``pod``   Perl's POD (:mod:`linseg.readers.pod`): the text ``perldoc`` shows, its
          ``=head`` lines as Markdown ``#`` lines and its verbatim paragraphs fenced.
``org``   an Org document (:mod:`linseg.readers.org`): its text, its headlines as
          Markdown ``#`` lines, its source blocks fenced, its keywords and drawers left out.
``docbook`` a DocBook source (:mod:`linseg.readers.docbook`): the text a rendering shows,
          its section titles as Markdown ``#`` lines, its verbatim blocks fenced; the
          files it includes are read from beside it.
``rtf``   a Rich Text Format file (:mod:`linseg.readers.rtf`): its paragraphs, lists and
          tables, headings by their outline levels or styles.
``mediawiki`` wikitext, as Wikipedia's articles are written, or a MediaWiki export
          (:mod:`linseg.readers.mediawiki`): the text a reader sees, its headings as
          Markdown ``#`` lines, its templates and footnotes left out.

``epub``, ``docx``, ``odt``, ``pptx``, ``odp``, ``pdf`` and ``mhtml`` are read from bytes only
(:func:`decode_document`, :func:`read_document`). Bytes compressed by gzip, bzip2 or xz
(``README.gz``, ``sed.info.gz``) are decompressed first, whatever the format, and a file's
format is read from its name without the compression's suffix.

The formats, how each is recognised and which module reads it, are in one registry,
:mod:`linseg.readers.formats`; detection is :mod:`linseg.readers.detection`.

Whatever the format, :class:`Document` keeps character spans of its sentences that tile
the text, so segments cut at sentence boundaries join back to the text exactly (for a
transcript, the text of its cues; for a web page, an e-book or a word-processor document,
the text read from it).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from linseg.readers.compression import decompressed
from linseg.readers.detection import (
    _detect,
    binary_candidates,
    detect_format,
    ref_problem,
    refuse_known_binary,
)
from linseg.readers.encoding import check_text, decode, decode_error_message
from linseg.readers.formats import formats, get_format, resolve
from linseg.readers.includes import file_reader, guarded
from linseg.readers.messages import LONG_GAP_MINUTES, Messages, read_messages
from linseg.readers.ref import parse_ref
from linseg.text.processor import looks_tokenized, split_sentences
from linseg.text.sentences import LONG_PIECE
from linseg.text.units import prose_units

__all__ = [
    "Document",
    "read_document",
    "decode_document",
    "decode_error_message",
    "parse_document",
    "detect_format",
    "ref_problem",
    "check_text",
    "FORMATS",
]

#: The names of the built-in formats (``linseg.readers.formats.formats()`` has every one,
#: those other packages add included).
FORMATS = tuple(formats(installed=False))

_READ_TRANSCRIPT = "linseg.readers.transcript:read_transcript"


@dataclass
class Document:
    """A document ready to segment.

    Attributes
    ----------
    text:
        The input text (for ``choi``, the sentence lines joined by newlines; for a
        transcript, its cues' text; for ``html``, ``tex``, ``epub``, ``docx``, ``odt`` and
        ``pdf``, the text read from the page, the source, the book or the document).
    sentences:
        The sentences to segment.
    spans:
        ``(start, end)`` of each sentence's share of ``text``; the spans tile ``text``.
    format:
        The input format used.
    tokenized:
        Whether the sentences are pre-tokenised (punctuation split off by spaces).
    reference:
        Reference boundaries (``choi`` input only), else None.
    path:
        Where it was read from (None for standard input or a string).
    format_detected:
        Whether :attr:`format` was detected (``auto``) rather than given.
    notes:
        What the reader chose where the input left it unsure (one sentence each), for the
        user to see.
    times:
        For a transcript (``vtt``, ``srt``, ``sbv``, ``timed``, ``whisper``), ``(start,
        end)`` of each sentence in seconds: the start of the cue where it begins, the end of
        the cue where it ends. None for input without times.
    """

    text: str
    sentences: list[str]
    spans: list[tuple[int, int]]
    format: str
    tokenized: bool
    reference: list[int] | None = None
    path: str | None = None
    format_detected: bool = False
    notes: list[str] = field(default_factory=list)
    times: list[tuple[float, float]] | None = None

    def segment_times(self, boundaries: list[int]) -> list[tuple[float, float]] | None:
        """``(start, end)`` of each segment in seconds (its first sentence's start, its
        last sentence's end); None for a document without times."""
        if self.times is None:
            return None
        if not self.times:
            return []
        cuts = [0, *boundaries, len(self.times)]
        return [(self.times[a][0], self.times[b - 1][1]) for a, b in zip(cuts, cuts[1:])]

    def segment_texts(self, boundaries: list[int]) -> list[str]:
        """The text of each segment; joined, they give :attr:`text` back."""
        if not self.sentences:
            return [self.text] if self.text else []
        cuts = [0, *(self.spans[b][0] for b in boundaries), len(self.text)]
        return [self.text[a:b] for a, b in zip(cuts, cuts[1:])]


def _line_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the non-blank lines; blank lines join the sentence before them."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        end = pos + len(line)
        if line.strip():
            spans.append((pos, end))
        elif spans:
            spans[-1] = (spans[-1][0], end)
        pos = end
    if spans:
        spans[0] = (0, spans[0][1])
    return spans


def parse_document(
    text: str, fmt: str = "auto", path: str | None = None, language: str = "auto"
) -> Document:
    """Build a :class:`Document` from text in format ``fmt`` (``auto`` to detect).

    ``language`` (an ISO 639-1 code, or ``auto``, the default, to detect it) sets the
    sentence splitter's rules for raw text and transcripts."""
    detected, notes = fmt == "auto", []
    if detected:
        fmt, note = _detect(text, path)
        notes = [note] if note else []
    return _parsed(text, fmt, path, language, detected, notes)


def _parsed(
    text: str,
    fmt: str,
    path: str | None,
    language: str,
    detected: bool,
    notes: list[str],
    read_file: Callable[[str], str] | None = None,
) -> Document:
    """:func:`parse_document` of ``text`` in the format ``fmt`` (detected or not);
    ``read_file`` reads the other files it names (an Info manual's parts, the page a
    manual page includes, an AsciiDoc or Org source's includes)."""
    form = get_format(fmt)
    if fmt == "choi":
        ref = parse_ref(text, path)
        body = "\n".join(ref.sentences)
        spans, pos = [], 0
        for s in ref.sentences:
            spans.append((pos, pos + len(s)))
            pos += len(s) + 1
        spans = [(a, b + 1 if i < len(spans) - 1 else b) for i, (a, b) in enumerate(spans)]
        # The paper's samples are tokenised; a user's .ref may hold raw sentences.
        tokenized = looks_tokenized(ref.sentences)
        return Document(
            body, ref.sentences, spans, "choi", tokenized, ref.boundaries, path, detected, notes
        )
    if fmt == "lines":
        messages = read_messages(text)
        if messages is not None:
            return _messages_document(text, messages, path, detected, notes)
        spans = _line_spans(text)
        sentences = [text[a:b].strip() for a, b in spans]
        return Document(
            text, sentences, spans, "lines", looks_tokenized(sentences), None, path, detected, notes
        )
    if form.stage == "transcript":
        transcript = resolve(_READ_TRANSCRIPT)(text, fmt, path)
        body = transcript.text
        spans, cut = transcript.cut_long(split_sentences(body, language) if body else [])
        if transcript.labels:
            notes.append(
                f"the speakers' labels that open {transcript.labels} cues ('Host: ...') are "
                "left out, as voice tags are"
            )
        if cut:
            notes.append(
                f"{cut} sentence{' was' if cut == 1 else 's were'} over {LONG_PIECE} "
                "characters (captions with little punctuation): cut where their cues begin"
            )
        sentences = [body[a:b] for a, b in spans]
        return Document(
            body,
            sentences,
            spans,
            fmt,
            False,
            None,
            path,
            detected,
            notes,
            transcript.times(spans),
        )
    if form.binary:
        raise ValueError(f"{fmt} input is read from its bytes (read_document, decode_document)")
    if form.read is not None:
        reader = form.reader()
        with guarded(form.what):
            text = reader(text) if form.includes is None else reader(text, read_file)
        if not text:
            raise ValueError(f"the {form.what} shows no text")
        if fmt == "info":
            check_text(text)  # what its control characters hid (see decode_document)
    return _prose_document(text, fmt, path, detected, notes, language)


def _messages_document(
    text: str, messages: Messages, path: str | None, detected: bool, notes: list[str]
) -> Document:
    """A document of one message a line: each message a unit, read without its prefix
    (its time and speaker); the pauses of a conversation, where it has any, end
    paragraphs (:mod:`linseg.readers.messages`)."""
    if not detected:
        notes.append(
            f"read one message a line, as {messages.kind}: times and speakers stay in the "
            "text and are left out of the similarity"
        )
    sentences = list(messages.bodies)
    pauses = messages.sessions()
    for i in pauses:
        sentences[i] += "\n\n"
    if pauses:
        notes.append(
            f"the conversation paused {len(pauses)} time{'s' if len(pauses) != 1 else ''} "
            f"(at least {LONG_GAP_MINUTES} minutes, far longer than its usual gap): each "
            "session is read as a paragraph"
        )
    tokenized = looks_tokenized(sentences)
    return Document(
        text, sentences, messages.spans, "lines", tokenized, None, path, detected, notes
    )


def _prose_document(
    text: str, fmt: str, path: str | None, detected: bool, notes: list[str], language: str
) -> Document:
    """A document of prose (``text``, or what was read from a page or a book), split into
    sentences by linseg's splitter."""
    spans = split_sentences(text, language)
    # Text without punctuation (other units than its sentences), a table of contents.
    spans, sentences, read = prose_units(text, spans, language)
    notes.extend(read)
    return Document(text, sentences, spans, fmt, False, None, path, detected, notes)


def read_document(
    source: str | os.PathLike[str],
    fmt: str = "auto",
    encoding: str | None = None,
    language: str = "auto",
) -> Document:
    """Read a document from a file path, or from standard input when ``source`` is ``-``.

    ``encoding`` None reads UTF-8, or the encoding a byte-order mark or the document
    itself declares (:func:`linseg.readers.encoding.decode`). Raises
    ``UnicodeDecodeError`` on bytes that are not valid in the encoding used, rather than
    guessing: the output must join back to the input.
    """
    if str(source) == "-":
        return decode_document(sys.stdin.buffer.read(), fmt, encoding, None, language)
    with open(source, "rb") as fh:
        return decode_document(fh.read(), fmt, encoding, str(source), language)


def decode_document(
    data: bytes,
    fmt: str = "auto",
    encoding: str | None = None,
    path: str | None = None,
    language: str = "auto",
) -> Document:
    """:func:`parse_document` of raw bytes (decompressed first if gzip, bzip2 or xz
    compressed; a leading byte-order mark is dropped), or the text read from a binary
    format (``epub``, ``docx``, ``odt``, ``pptx``, ``odp``, ``pdf``, ``mhtml``, given or detected by their
    content or their name), from an Info manual (``info``; a split manual's parts are read from
    beside ``path``) or from a manual page (``man``; one that only includes another reads
    it from the manual's folders above ``path``).

    ``encoding`` is as for :func:`read_document`. Raises ``UnicodeDecodeError`` (see
    :func:`decode_error_message`) on invalid bytes.
    """
    data = decompressed(data)
    given = None if fmt == "auto" else get_format(fmt)
    candidates = (
        [given]
        if given is not None and given.binary
        else []
        if given
        else binary_candidates(data, path)
    )
    for form in candidates:
        if given is form or (form.sniff is not None and resolve(form.sniff)(data, path)):
            with guarded(form.what):
                text = form.reader()(data)
            if not text:
                raise ValueError(f"the {form.what} shows no text")
            return _prose_document(text, form.name, path, given is None, [], language)
    if fmt == "auto":
        refuse_known_binary(data)
    text, used, read_as = decode(data, encoding)
    detected, notes = fmt == "auto", []
    # An Info file holds control characters (its node separators, its tag table's marks)
    # that text does not: it is recognised before the check for binary input, and the
    # text read from it checked instead.
    if detected and get_format("info").recognises(text, path):
        fmt = "info"
    if fmt != "info":
        check_text(text)
    if fmt == "auto":
        fmt, note = _detect(text, path, info_tried=True)
        notes = [note] if note else []
    if read_as:
        notes.insert(0, read_as)
    form = get_format(fmt)
    read_file = (
        None
        if form.includes is None
        else file_reader(path, encoding, used, form.includes, form.include_parts)
    )
    return _parsed(text, fmt, path, language, detected, notes, read_file)

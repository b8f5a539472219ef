"""Reading one document for segmentation, in any of the input formats.

``choi``  the ``.ref`` format: tokenised sentences, one a line, segments between lines
          of ``==========`` (the reference segmentation comes along).
``lines`` one sentence a line; blank lines are kept with the sentence before them.
``text``  raw prose; sentences are found by :func:`linseg.text.split_sentences`.
``vtt``   a WebVTT transcript; ``srt`` a SubRip one; ``sbv`` a SubViewer one; ``timed``
          text with timestamps; ``whisper`` a speech recogniser's JSON or TSV
          (:mod:`linseg.corpus.transcript`): the text is the cues' text joined with
          spaces, and every sentence keeps the times of its cues.
``html``  an HTML page (:mod:`linseg.corpus.webpage`): the text is what a reader sees,
          its blocks separated by blank lines and its headings as Markdown ``#`` lines.
``tex``   a LaTeX source (:mod:`linseg.corpus.latex`): the text of its body, its
          sectioning as Markdown ``#`` lines.
``epub``  an e-book (:mod:`linseg.corpus.epub`): its pages read as HTML, in reading
          order.
``docx``, ``odt``  a word-processor document (:mod:`linseg.corpus.office`): its
          paragraphs, lists and tables in order, headings as Markdown ``#`` lines.
``pdf``   a PDF (:mod:`linseg.corpus.pdf`, with ``pypdf``): its text, with the
          paragraphs and headings its layout shows.
``mhtml`` a web page saved as one file (:mod:`linseg.corpus.mhtml`): its page, read as
          ``html``.
``pptx``, ``odp``  a slide deck (:mod:`linseg.corpus.slides`): its slides in order, their
          titles as headings, their points as list items, their speaker notes after them.
``man``   a manual page's source (:mod:`linseg.corpus.manpage`): the text ``man``
          shows, its sections as Markdown ``#`` lines; a page that only includes another
          (``.so``) is read from it.
``info``  a GNU Info manual (:mod:`linseg.corpus.info`): its nodes' text, without the
          node lines and menus; a split manual's parts are read from beside it.
``ipynb`` a Jupyter notebook (:mod:`linseg.corpus.notebook`): its Markdown cells as
          written, its code cells fenced, its outputs left out.
``asciidoc`` an AsciiDoc source (:mod:`linseg.corpus.asciidoc`): its text, its section
          titles as Markdown ``#`` lines and its listings fenced; the files it includes
          are read from beside it.
``pod``   Perl's POD (:mod:`linseg.corpus.pod`): the text ``perldoc`` shows, its
          ``=head`` lines as Markdown ``#`` lines and its verbatim paragraphs fenced.
``org``   an Org document (:mod:`linseg.corpus.org`): its text, its headlines as
          Markdown ``#`` lines, its source blocks fenced, its keywords and drawers left out.
``docbook`` a DocBook source (:mod:`linseg.corpus.docbook`): the text a rendering shows,
          its section titles as Markdown ``#`` lines, its verbatim blocks fenced; the
          files it includes are read from beside it.
``rtf``   a Rich Text Format file (:mod:`linseg.corpus.rtf`): its paragraphs, lists and
          tables, headings by their outline levels or styles.
``mediawiki`` wikitext, as Wikipedia's articles are written, or a MediaWiki export
          (:mod:`linseg.corpus.mediawiki`): the text a reader sees, its headings as
          Markdown ``#`` lines, its templates and footnotes left out.

``epub``, ``docx``, ``odt``, ``pptx``, ``odp``, ``pdf`` and ``mhtml`` are read from bytes only
(:func:`decode_document`, :func:`read_document`). Bytes compressed by gzip, bzip2 or xz
(``README.gz``, ``sed.info.gz``) are decompressed first, whatever the format, and a file's
format is read from its name without the compression's suffix.

Whatever the format, :class:`Document` keeps character spans of its sentences that tile
the text, so segments cut at sentence boundaries join back to the text exactly (for a
transcript, the text of its cues; for a web page, an e-book or a word-processor document,
the text read from it).
"""

from __future__ import annotations

import importlib
import io
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal, cast

from ..sentences import LONG_PIECE
from ..text import looks_tokenized, split_sentences
from .encoding import decode
from .ref import is_separator, parse_ref
from .suffixes import MAX_TEXT_BYTES, ZIP_MAGIC, compressed_or_not, named, opens_pdf
from .transcript import TRANSCRIPT_FORMATS, read_transcript, sniff_transcript

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

Format = Literal[
    "choi", "lines", "text", "vtt", "srt", "sbv", "timed", "whisper", "html", "tex", "man", "info", "ipynb",
    "asciidoc", "pod", "org", "docbook", "rtf", "mediawiki", "epub", "docx", "odt", "pptx", "odp", "pdf", "mhtml",
]  # fmt: skip
FORMATS = (
    "choi", "lines", "text", "vtt", "srt", "sbv", "timed", "whisper", "html", "tex", "man", "info", "ipynb",
    "asciidoc", "pod", "org", "docbook", "rtf", "mediawiki", "epub", "docx", "odt", "pptx", "odp", "pdf", "mhtml",
)  # fmt: skip


@dataclass(frozen=True)
class _Binary:
    """A format read from bytes."""

    module: str  # the corpus module that reads it
    sniff: str  # its function that recognises one: (bytes, path) to bool
    read: str  # its function that reads its text: bytes to text
    what: str  # what one is called in an error
    # A cheap test of the bytes that must hold (or the file be so named) before the module
    # is imported and asked: a plain-text run does not pay for zipfile, XML, HTML or
    # e-mail parsers, nor a PDF for the archives' readers.
    may_be: Callable[[bytes], bool]


def _opens_zip(data: bytes) -> bool:
    return data.startswith(ZIP_MAGIC)


_RELATED = re.compile(rb"multipart/related", re.IGNORECASE)

_BINARY = {
    "epub": _Binary("epub", "sniff_epub", "epub_text", "EPUB", _opens_zip),
    "docx": _Binary("office", "sniff_docx", "docx_text", "DOCX document", _opens_zip),
    "odt": _Binary("office", "sniff_odt", "odt_text", "ODT document", _opens_zip),
    "pptx": _Binary("slides", "sniff_pptx", "pptx_text", "PPTX deck", _opens_zip),
    "odp": _Binary("slides", "sniff_odp", "odp_text", "ODP deck", _opens_zip),
    "pdf": _Binary("pdf", "sniff_pdf", "pdf_text", "PDF", opens_pdf),
    # A saved page's MIME header says its parts are related (see mhtml.sniff_mhtml).
    "mhtml": _Binary(
        "mhtml", "sniff_mhtml", "mhtml_text", "MHTML page",
        lambda data: bool(_RELATED.search(data, 0, 4096)),
    ),
}  # fmt: skip


@dataclass(frozen=True)
class _Markup:
    """A text format read into text with its structure as Markdown."""

    module: str  # the corpus module that reads it
    read: str  # its function that reads one: text (and what reads other files) to text
    sniff: str  # its function that recognises one: (text, path) to bool
    what: str  # what one is called in an error
    # A cheap test of the text that must hold before the module is imported and asked:
    # a plain-text run imports none of the readers.
    may_be: Callable[[str], bool]
    by_name: bool = True  # whether a file so named (named()) is one, whatever it holds
    # Where the other files it names are looked for, in folders up from the file's own:
    # a split Info manual's parts and an AsciiDoc or Org source's includes beside it; the
    # page a manual page includes (".so man1/gzip.1") under its parent, then beside it.
    beside: tuple[int, ...] | None = None
    # How many parts such a name may have: a manual's ".so man1/gzip.1" two; a source's
    # includes any ("chapters/part1/intro.adoc"). None may leave the folders (no "..").
    name_parts: int | None = 2


_MAN_REQUEST = re.compile(r"^[.'][ \t]*(?:TH|Dd|Dt|so)[ \t]", re.MULTILINE)
# A line that opens as one of the marks only AsciiDoc makes (see sniff_asciidoc): a
# title's "=" and a space, "[", "|===" or a directive's name.
_ASCIIDOC_HINT = re.compile(r"^(?:=+[ \t]|\[|\|===|include::|ifn?def::)", re.MULTILINE)
# One of the marks only Org makes (see sniff_org): a keyword or block line, a headline of
# two stars or more, a property drawer, a link with a description.
_ORG_HINT = re.compile(r"^(?:#\+|\*\*+[ \t]|[ \t]*:PROPERTIES:)|\]\[", re.MULTILINE)

# What wikitext, or a MediaWiki export, writes (see sniff_mediawiki): a link, a template,
# bold, a table, a footnote or the export's root.
_MEDIAWIKI_HINT = re.compile(r"\[\[|\{\{|'''|^\{\||<ref|<mediawiki", re.MULTILINE)
# The word DocBook in a document type or a namespace (see sniff_docbook).
_DOCBOOK_HINT = re.compile("docbook", re.IGNORECASE)

_MARKUP = {
    # An Info file opens with makeinfo's line or holds a node separator early on; other
    # tools write files named .info too.
    "info": _Markup(
        "info", "info_text", "sniff_info", "Info file",
        lambda t: "\x1f" in t[:4096] or t.startswith("This is "), by_name=False, beside=(0,),
    ),
    "man": _Markup(
        "manpage", "man_text", "sniff_man", "manual page",
        lambda t: bool(_MAN_REQUEST.search(t[:8192])), by_name=False, beside=(1, 0),
    ),
    "ipynb": _Markup(
        "notebook", "notebook_text", "sniff_notebook", "notebook",
        lambda t: t[:4096].lstrip()[:1] == "{" and '"nbformat"' in t,
    ),
    "docbook": _Markup(
        "docbook", "docbook_text", "sniff_docbook", "DocBook source",
        lambda t: bool(_DOCBOOK_HINT.search(t, 0, 4096)), beside=(0,), name_parts=None,
    ),
    "rtf": _Markup(
        "rtf", "rtf_text", "sniff_rtf", "RTF document", lambda t: t[:64].lstrip()[:5] == "{\\rtf"
    ),
    "mediawiki": _Markup(
        "mediawiki", "mediawiki_text", "sniff_mediawiki", "MediaWiki page",
        lambda t: bool(_MEDIAWIKI_HINT.search(t, 0, 65536)),
    ),
    "html": _Markup(
        "webpage", "html_text", "sniff_html", "HTML page", lambda t: t[:4096].lstrip()[:1] == "<"
    ),
    "tex": _Markup("latex", "latex_text", "sniff_latex", "LaTeX source", lambda t: "\\" in t[:8000]),
    "asciidoc": _Markup(
        "asciidoc", "asciidoc_text", "sniff_asciidoc", "AsciiDoc source",
        lambda t: bool(_ASCIIDOC_HINT.search(t, 0, 65536)), beside=(0,), name_parts=None,
    ),
    "pod": _Markup(
        "pod", "pod_text", "sniff_pod", "POD document", lambda t: t[:4096].lstrip()[:1] == "="
    ),
    "org": _Markup(
        "org", "org_text", "sniff_org", "Org document",
        lambda t: bool(_ORG_HINT.search(t, 0, 65536)), beside=(0,), name_parts=None,
    ),
}  # fmt: skip
# The order they are tried in: these before Choi's format and the plain-text ones (a
# manual of LaTeX is an Info file first, and shows \documentclass lines early on) ...
_BEFORE_CHOI: tuple[Format, ...] = (
    "info", "man", "ipynb", "docbook", "rtf", "html", "tex", "mediawiki",
)  # fmt: skip
# ... and these after Choi's (whose separator lines are lines of "=") but before a text is
# taken for one sentence a line.
_AFTER_CHOI: tuple[Format, ...] = ("asciidoc", "pod", "org")


#: The most files, and characters, one document may read through its includes (a source
#: that includes itself six times, eight deep, would read 1.7 million files; one of 10 KB
#: that includes itself three times, 65 MB).
MAX_INCLUDED_FILES = 10_000
MAX_INCLUDED_CHARACTERS = 16 * 1024 * 1024


class _TooManyFiles(Exception):
    """A document read more than :data:`MAX_INCLUDED_FILES` files or
    :data:`MAX_INCLUDED_CHARACTERS` characters: not a ValueError, which a reader takes
    for one include that cannot be read, and reads on."""


@contextmanager
def _guarded(what: str) -> Iterator[None]:
    """Refuse, in a ValueError, a document whose markup nests past Python's recursion
    limit (lists in lists, blocks in blocks, a thousand deep: the readers walk trees by
    recursion, as the markup's own tools do), or whose includes multiply past
    :data:`MAX_INCLUDED_FILES`."""
    try:
        yield
    except RecursionError:
        raise ValueError(f"the {what} nests its markup too deeply to read") from None
    except _TooManyFiles:
        raise ValueError(
            f"the {what} reads more than {MAX_INCLUDED_FILES:,} files, or "
            f"{MAX_INCLUDED_CHARACTERS >> 20} MB, through its includes (a file that "
            "includes itself, or another, many times?)"
        ) from None


def _reader(module: str, name: str) -> Callable:
    """A function of one of the corpus package's readers, imported on first use."""
    return getattr(importlib.import_module(f"{__package__}.{module}"), name)


def _binary_candidates(data: bytes, path: str | None) -> list[str]:
    """The formats of :data:`_BINARY` that a file may be, by its name or its cheap test."""
    name = named(path)
    return [fmt for fmt, row in _BINARY.items() if fmt == name or row.may_be(data)]


def _is(fmt: str, text: str, path: str | None) -> bool:
    """Whether ``text`` (read from ``path``) is in the markup ``fmt``: so named, or its
    module's recogniser says so, asked only when the cheap test holds."""
    markup = _MARKUP[fmt]
    if markup.by_name and named(path) == fmt:
        return True
    return markup.may_be(text) and bool(_reader(markup.module, markup.sniff)(text, path))


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


def detect_format(text: str, path: str | None = None) -> Format:
    """The format of ``text`` (read from ``path``, if given): ``vtt``, ``srt``, ``sbv``,
    ``whisper`` or ``timed`` for a transcript, by its content or its name
    (:func:`~linseg.corpus.transcript.sniff_transcript`); ``info``, ``man``, ``ipynb``,
    ``docbook``, ``rtf``, ``html`` or ``tex`` for a text in one of those markups, as its module's
    recogniser says (:func:`~linseg.corpus.webpage.sniff_html` ...); ``choi`` only for a
    whole valid ``.ref`` sample (see :func:`ref_problem`); ``asciidoc``, ``pod`` or ``org``
    for a source in one of those; ``lines`` if its lines look like tokenised sentences;
    otherwise ``text``, from which nothing is dropped. (The formats read from bytes,
    ``epub``, ``docx``, ``odt``, ``pptx``, ``odp``, ``pdf`` and ``mhtml``, are recognised by
    :func:`decode_document`.)"""
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
    return None


def _detect(
    text: str, path: str | None = None, info_tried: bool = False
) -> tuple[Format, str | None]:
    """The detected format and, where the choice was a close one, a note saying so
    (``info_tried``: the text is known to be no Info file)."""
    transcript = sniff_transcript(text, path)
    if transcript == "timed":
        return "timed", (
            "read as a transcript: its timestamps start its cues and are left out of the "
            "text (--format text keeps them)"
        )
    if transcript is not None:
        return cast(Format, transcript), None
    for fmt in _BEFORE_CHOI:
        if (fmt != "info" or not info_tried) and _is(fmt, text, path):
            return fmt, None
    lines = [ln for ln in text.splitlines() if ln.strip()]
    seps = sum(1 for ln in lines if is_separator(ln))
    problem = _ref_problem(lines) if seps else "no separator"
    if problem is None:
        return "choi", None
    for fmt in _AFTER_CHOI:
        if _is(fmt, text, path):
            return fmt, None
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


def _ends_with_mark(lines: list[str]) -> int:
    return sum(1 for ln in lines if ln.rstrip()[-1:] in (".", "!", "?", '"', "'"))


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
    text: str, fmt: str = "auto", path: str | None = None, language: str = "en"
) -> Document:
    """Build a :class:`Document` from text in format ``fmt`` (``auto`` to detect).

    ``language`` (an ISO 639-1 code, or ``auto``) sets the sentence splitter's rules for
    raw text and transcripts."""
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
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; use one of: auto, {', '.join(FORMATS)}")
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
        spans = _line_spans(text)
        sentences = [text[a:b].strip() for a, b in spans]
        return Document(
            text, sentences, spans, "lines", looks_tokenized(sentences), None, path, detected, notes
        )
    if fmt in TRANSCRIPT_FORMATS:
        transcript = read_transcript(text, fmt, path)
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
    if fmt in _BINARY:
        raise ValueError(f"{fmt} input is read from its bytes (read_document, decode_document)")
    if fmt in _MARKUP:
        markup = _MARKUP[fmt]
        reader = _reader(markup.module, markup.read)
        with _guarded(markup.what):
            text = reader(text) if markup.beside is None else reader(text, read_file)
        if not text:
            raise ValueError(f"the {markup.what} shows no text")
        if fmt == "info":
            check_text(text)  # what its control characters hid (see decode_document)
    return _prose_document(text, fmt, path, detected, notes, language)


def _prose_document(
    text: str, fmt: str, path: str | None, detected: bool, notes: list[str], language: str
) -> Document:
    """A document of prose (``text``, or what was read from a page or a book), split into
    sentences by linseg's splitter."""
    spans = split_sentences(text, language)
    sentences = [text[a:b] for a, b in spans]
    return Document(text, sentences, spans, fmt, False, None, path, detected, notes)


def read_document(
    source: str | os.PathLike[str],
    fmt: str = "auto",
    encoding: str | None = None,
    language: str = "en",
) -> Document:
    """Read a document from a file path, or from standard input when ``source`` is ``-``.

    ``encoding`` None reads UTF-8, or the encoding a byte-order mark or the document
    itself declares (:func:`linseg.corpus.encoding.decode`). Raises
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
    language: str = "en",
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
    data = _decompressed(data)
    candidates = (
        [fmt] if fmt in _BINARY else _binary_candidates(data, path) if fmt == "auto" else []
    )
    for name in candidates:
        row = _BINARY[name]
        if fmt == name or _reader(row.module, row.sniff)(data, path):
            with _guarded(row.what):
                text = _reader(row.module, row.read)(data)
            if not text:
                raise ValueError(f"the {row.what} shows no text")
            return _prose_document(text, name, path, fmt == "auto", [], language)
    if fmt == "auto":
        _refuse_known_binary(data)
    text, used, read_as = decode(data, encoding)
    detected, notes = fmt == "auto", []
    # An Info file holds control characters (its node separators, its tag table's marks)
    # that text does not: it is recognised before the check for binary input, and the
    # text read from it checked instead.
    if detected and _is("info", text, path):
        fmt = "info"
    if fmt != "info":
        check_text(text)
    if fmt == "auto":
        fmt, note = _detect(text, path, info_tried=True)
        notes = [note] if note else []
    if read_as:
        notes.insert(0, read_as)
    markup = _MARKUP.get(fmt)
    read_file = (
        None
        if markup is None or markup.beside is None
        else _file_reader(path, encoding, used, markup.beside, markup.name_parts)
    )
    return _parsed(text, fmt, path, language, detected, notes, read_file)


# What each compression's stream opens with and its module. A bzip2 stream is told by
# its first block's magic number (or an empty stream's end), not by "BZh" alone, which a
# text may open with.
_COMPRESSIONS = (
    ("gzip", "gzip", (b"\x1f\x8b",)),
    ("bzip2", "bz2", (b"1AY&SY", b"\x17rE8P\x90")),
    ("xz", "lzma", (b"\xfd7zXZ\x00",)),
)


def _compression(data: bytes) -> tuple[str, str] | None:
    """What compressed ``data`` and the module that decompresses it, or None."""
    for what, module, magics in _COMPRESSIONS:
        head = data[4:10] if module == "bz2" and re.match(rb"BZh[1-9]", data[:4]) else data
        if any(head.startswith(m) for m in magics):
            return what, module
    return None


def _decompressed(data: bytes) -> bytes:
    """``data`` decompressed if gzip, bzip2 or xz compressed it, else ``data``. (Formats
    are read from a compressed file's name without its ending: :func:`named`.)"""
    found = _compression(data)
    if found is None:
        return data
    what, module = found
    try:
        with importlib.import_module(module).open(io.BytesIO(data)) as stream:
            # No more than the text a document may hold: a small file must not unpack
            # to gigabytes in memory.
            data = stream.read(MAX_TEXT_BYTES + 1)
    except Exception as exc:  # each module raises its own: OSError, EOFError, LZMAError
        raise ValueError(f"input is {what}-compressed but cannot be decompressed: {exc}") from None
    if len(data) > MAX_TEXT_BYTES:
        raise ValueError(
            f"input is {what}-compressed and unpacks to more than {MAX_TEXT_BYTES >> 20} MB"
        )
    return data


def _file_reader(
    path: str | None,
    encoding: str | None,
    used: str,
    ups: tuple[int, ...],
    name_parts: int | None,
) -> Callable[[str], str]:
    """What reads a file that the one read from ``path`` names (a split Info manual's
    part, the page a manual page includes, a source's include): the first found,
    compressed as it may be (``sed.info-1.gz``), under each folder ``ups`` levels above
    ``path``'s own, by a name of at most ``name_parts`` parts (None: any). It is read in
    ``encoding``, or as that file's bytes say, or else in ``used``, the encoding of the
    file that names it."""

    reads, characters = 0, 0

    def read(name: str) -> str:
        nonlocal reads, characters
        reads += 1
        if reads > MAX_INCLUDED_FILES:
            raise _TooManyFiles
        # Only a file of the manual's own folders: a document must not make linseg read
        # and show any file it names (".so /etc/passwd" in an uploaded page).
        parts = name.replace("\\", "/").split("/")
        too_deep = name_parts is not None and len(parts) > name_parts
        if os.path.isabs(name) or ".." in parts or too_deep:
            raise ValueError(f"the document names {name}, outside its manual's folders")
        if path is None:
            raise ValueError(
                f"the text is in {name}, another file; give the file's path, not standard input"
            )
        folders = []
        for up in ups:
            folder = os.path.dirname(os.path.abspath(path))
            for _ in range(up):
                folder = os.path.dirname(folder)
            folders.append(folder)
        for folder in folders:
            found = compressed_or_not(os.path.join(folder, name))
            if found is not None:
                with open(found, "rb") as fh:
                    text = decode(_decompressed(fh.read()), encoding, used)[0]
                characters += len(text)
                if characters > MAX_INCLUDED_CHARACTERS:
                    raise _TooManyFiles
                return text
        raise ValueError(
            f"{name}, which {path} reads, is not in {' or '.join(dict.fromkeys(folders))} "
            "(nor compressed as .gz, .bz2 or .xz)"
        )

    return read


def _refuse_known_binary(data: bytes) -> None:
    """Say what a file is, rather than only that it is not text, for a ZIP archive that is
    none of the formats linseg reads (a spreadsheet, a slide deck)."""
    if data.startswith(ZIP_MAGIC):
        raise ValueError(
            "input is a ZIP archive but not an EPUB, DOCX, ODT, PPTX or ODP file (--format "
            "epub, docx, odt, pptx or odp reads one whose name or content does not say so)"
        )


# Control characters that ordinary text does not hold: C0 and C1 controls less tab, line
# feed, vertical tab, form feed, carriage return, escape (terminal colours) and the ones
# Unicode counts as breaks (\x1c-\x1e, \x85).
_BINARY_CONTROLS = re.compile("[\x01-\x08\x0e-\x1a\x1f\x7f-\x84\x86-\x9f]")


def check_text(text: str) -> None:
    """Refuse decoded bytes that are not text, with a ValueError that says why.

    Any single-byte encoding (``--encoding latin-1``) decodes every file, so a binary
    file would otherwise be "segmented". A NUL character never occurs in text; in a
    file where more than a tenth of the first 64 KB are other control characters (two at
    least), the bytes are not text either.
    """
    nul = text.find("\x00")
    if nul >= 0:
        # Text in UTF-16 without a byte-order mark: Latin letters with a NUL after each
        # (little-endian) or before it (big-endian).
        head = text[:1000]
        for order, zeros in (("le", head[1::2]), ("be", head[::2])):
            if len(zeros) > 4 and zeros.count("\x00") * 10 >= len(zeros) * 9:
                raise ValueError(
                    "input looks like UTF-16 text without a byte-order mark; "
                    f"pass --encoding utf-16-{order}"
                )
        raise ValueError(f"input is binary, not text (a NUL character at offset {nul})")
    head = text[:65536]
    if head:
        controls = len(_BINARY_CONTROLS.findall(head))
        if controls >= 2 and controls * 10 > len(head):
            raise ValueError(
                f"input is binary, not text ({controls} control characters "
                f"in its first {len(head)})"
            )


def decode_error_message(exc: UnicodeDecodeError) -> str:
    """One line saying where the input stops being valid, and what to do.

    The encoding it suggests is Windows-1252 where that reads every byte: a file of
    Western European text that is not UTF-8 is most often Windows', and Latin-1 would read
    its quotes and dashes (0x80-0x9f) as invisible control characters."""
    try:
        bytes(exc.object).decode("cp1252")
        guess = "cp1252 (Windows' Western European)"
    except UnicodeDecodeError:
        guess = "latin-1"
    return (
        f"input is not valid {exc.encoding} (byte 0x{exc.object[exc.start]:02x} at offset "
        f"{exc.start}); pass --encoding, e.g. --encoding {guess}"
    )

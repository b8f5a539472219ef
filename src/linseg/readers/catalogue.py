"""What an input format is (the :class:`Format` record), and linseg's formats: one row
each, in the order detection tries them within each stage, with the cheap tests that must
hold before a reader is imported. A new format of linseg's is a row here and a module
beside this one (see docs/architecture.md); the registry that finds them, and the formats
other packages add, is :mod:`linseg.readers.formats`, which also offers ``Format``."""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Literal

from linseg.readers.suffixes import uncompressed

__all__ = ["Format", "BUILT_IN", "resolve", "ZIP_MAGIC", "opens_pdf"]

#: When a format is tried, as a format is detected: read from bytes (before decoding),
#: a transcript, a markup tried before Choi's ``.ref`` format (whose lines of ``=`` some
#: markups share) or after it, or one of the plain formats, chosen last.
Stage = Literal["binary", "transcript", "markup", "late_markup", "plain", "installed"]


@dataclass(frozen=True)
class Format:
    """An input format.

    Parameters
    ----------
    name:
        What ``--format`` calls it (lower case).
    summary:
        One line: what a document in it is, and what linseg reads of it.
    what:
        What one is called in an error ("HTML page").
    read:
        The function that reads one into text, or its ``"module:function"``, imported on
        first use: ``read(text) -> str`` (``read(data) -> str`` for a binary format); one
        that reads other files a document names (``includes``) takes a second argument,
        what reads them. None for the plain formats and transcripts, which
        :mod:`linseg.readers.document` reads itself.
    sniff:
        ``sniff(text_or_bytes, path) -> bool``, or its ``"module:function"``: whether a
        document is one. None: only its name or ``--format`` says so.
    suffixes:
        File-name endings (lower case) that mark one.
    binary:
        Whether it is read from bytes (a ZIP archive, a PDF) rather than decoded text.
    may_be:
        A cheap test of the text (or bytes) that must hold before ``sniff``'s module is
        imported and asked; None asks it always.
    by_name:
        Whether a file so named is one, whatever it holds (False: its content must say so
        too; ``.info`` files of other tools exist).
    includes:
        Where the files it names are looked for, in folders up from the document's own:
        ``(0,)`` beside it, ``(1, 0)`` under its parent, then beside it. None: it names
        none. ``include_parts`` is how many parts such a name may have (None: any).
    stage:
        When detection tries it (see :data:`Stage`), in the table's order.
    detected:
        When detection takes a document for one, in words (the documentation's table).
    section:
        The section of the guide (docs/segment.md) that says more, if one does.
    """

    name: str
    summary: str
    what: str
    read: str | Callable[..., str] | None = None
    sniff: str | Callable[..., bool] | None = None
    suffixes: tuple[str, ...] = ()
    binary: bool = False
    may_be: Callable[..., bool] | None = None
    by_name: bool = True
    includes: tuple[int, ...] | None = None
    include_parts: int | None = 2
    stage: Stage = "installed"
    detected: str = "--format NAME, or a file named with one of its suffixes"
    section: str | None = None

    def reader(self) -> Callable[..., str]:
        """:attr:`read`, imported."""
        if self.read is None:
            raise ValueError(f"{self.name} is read by linseg.readers.document itself")
        return resolve(self.read)

    def recognises(self, data: str | bytes, path: str | None) -> bool:
        """Whether ``data`` (read from ``path``) is in this format: so named, or its
        recogniser says so, asked only when the cheap test holds."""
        if self.by_name and path is not None and _suffix(path) in self.suffixes:
            return True
        if self.sniff is None or (self.may_be is not None and not self.may_be(data)):
            return False
        return bool(resolve(self.sniff)(data, path))


def resolve(target: str | Callable) -> Callable:
    """``target``, or the function its ``"module:name"`` names, imported."""
    if not isinstance(target, str):
        return target
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def _suffix(path: str | os.PathLike[str]) -> str:
    """A file's name's ending, lower case, without a compression's (``.html`` for
    ``page.HTML.gz``)."""
    return os.path.splitext(uncompressed(os.fspath(path)))[1].lower()


#: What a ZIP archive (an EPUB, a DOCX, an ODT) opens with.
ZIP_MAGIC = b"PK\x03\x04"


def opens_pdf(data: bytes) -> bool:
    """Whether ``data`` opens as a PDF: ``%PDF-``, after white space, in its first KB."""
    return data[:1024].lstrip(b" \t\r\n").startswith(b"%PDF-")


def _opens_zip(data: bytes) -> bool:
    return data.startswith(ZIP_MAGIC)


_RELATED = re.compile(rb"multipart/related", re.IGNORECASE)
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


def _r(module: str, function: str) -> str:
    return f"linseg.readers.{module}:{function}"


# Office Open XML and OpenDocument files of one kind are one to a reader: the same summary,
# the same detection (a ZIP archive, then its parts), the same section of the guide.
_word_processor_file = partial(
    Format,
    summary=(
        "a Word (Office Open XML) or OpenDocument text file: its paragraphs, lists and "
        "tables in order, headings by their styles"
    ),
    binary=True,
    may_be=_opens_zip,
    detected=(
        "a ZIP archive that holds `word/document.xml`, or whose first entry says "
        "`application/vnd.oasis.opendocument.text`, or one named `.docx` or `.odt`"
    ),
    section="word-processor-files",
    stage="binary",
)
_slide_deck = partial(
    Format,
    summary=(
        "a slide deck (PowerPoint, Impress): its slides in order, their titles as "
        "headings, their points as list items, their speaker notes after them"
    ),
    binary=True,
    may_be=_opens_zip,
    detected=(
        "a ZIP archive that holds `ppt/presentation.xml`, or whose first entry says "
        "`application/vnd.oasis.opendocument.presentation`, or one named `.pptx` or "
        "`.odp`"
    ),
    section="word-processor-files",
    stage="binary",
)

#: linseg's formats, in the order detection tries them within each stage.
BUILT_IN: tuple[Format, ...] = (
    # Read from bytes, before any decoding.
    Format(
        name="epub",
        summary="an e-book: its pages in reading order, each read as a web page",
        what="EPUB",
        read=_r("epub", "epub_text"),
        sniff=_r("epub", "sniff_epub"),
        suffixes=(".epub",),
        binary=True,
        may_be=_opens_zip,
        detected=(
            "it is a ZIP archive whose first entry says `application/epub+zip`, as EPUB "
            "requires, or one named `.epub`"
        ),
        section="e-books",
        stage="binary",
    ),
    _word_processor_file(
        name="docx",
        what="DOCX document",
        read=_r("office", "docx_text"),
        sniff=_r("office", "sniff_docx"),
        suffixes=(".docx",),
    ),
    _word_processor_file(
        name="odt",
        what="ODT document",
        read=_r("office", "odt_text"),
        sniff=_r("office", "sniff_odt"),
        suffixes=(".odt",),
    ),
    _slide_deck(
        name="pptx",
        what="PPTX deck",
        read=_r("slides", "pptx_text"),
        sniff=_r("slides", "sniff_pptx"),
        suffixes=(".pptx",),
    ),
    _slide_deck(
        name="odp",
        what="ODP deck",
        read=_r("slides", "odp_text"),
        sniff=_r("slides", "sniff_odp"),
        suffixes=(".odp",),
    ),
    Format(
        name="pdf",
        summary=(
            "a PDF: its text, with the paragraphs and headings its layout shows (`pip install"
            " 'linseg[pdf]'`)"
        ),
        what="PDF",
        read=_r("pdf", "pdf_text"),
        sniff=_r("pdf", "sniff_pdf"),
        suffixes=(".pdf",),
        binary=True,
        may_be=opens_pdf,
        detected="it opens with `%PDF-`, or its name ends in `.pdf`",
        section="pdf-files",
        stage="binary",
    ),
    # A saved page's MIME header says its parts are related (see mhtml.sniff_mhtml).
    Format(
        name="mhtml",
        summary="a web page saved as one file (`.mhtml`, `.mht`): its page, read as `html`",
        what="MHTML page",
        read=_r("mhtml", "mhtml_text"),
        sniff=_r("mhtml", "sniff_mhtml"),
        suffixes=(".mhtml", ".mht"),
        binary=True,
        may_be=lambda data: bool(_RELATED.search(data, 0, 4096)),
        detected=(
            "a MIME header that opens the file says `multipart/related`, or its name ends in "
            "`.mhtml` or `.mht`"
        ),
        section="web-pages",
        stage="binary",
    ),
    # Transcripts, told apart by transcript.sniff_transcript: the cues' text, with times.
    Format(
        name="vtt",
        summary="a WebVTT transcript",
        what="WebVTT file",
        suffixes=(".vtt",),
        detected=(
            "its first line is `WEBVTT` (alone, or with a cue timing in the file), or its "
            "name ends in `.vtt`"
        ),
        section="transcripts",
        stage="transcript",
    ),
    Format(
        name="srt",
        summary="a SubRip transcript",
        what="SubRip file",
        suffixes=(".srt",),
        detected=(
            "it opens with a cue number and an SRT timing line (`00:00:01,000 --> "
            "00:00:04,000`), or its name ends in `.srt`"
        ),
        stage="transcript",
    ),
    Format(
        name="sbv",
        summary="a SubViewer transcript (YouTube's `.sbv` captions)",
        what="SubViewer file",
        suffixes=(".sbv",),
        detected=(
            "it opens with an SBV timing line (`0:00:01.000,0:00:04.000`), or its name ends "
            "in `.sbv`"
        ),
        stage="transcript",
    ),
    Format(
        name="timed",
        summary=(
            "text with timestamps: a video's transcript copied from its page, a transcription"
            " service's text export"
        ),
        what="timed transcript",
        detected=(
            "of its non-blank lines, one in four or more, and four at least, hold a cue's "
            "timestamp (alone, opening the line, or after a speaker's name), in order; the "
            "first is within its first five lines and under a minute"
        ),
        section="transcripts",
        stage="transcript",
    ),
    Format(
        name="whisper",
        summary=(
            "a speech recogniser's output: Whisper's JSON (faster-whisper's, WhisperX's) or "
            "TSV, whisper.cpp's JSON"
        ),
        what="Whisper transcript",
        detected=(
            "a JSON object whose first key is `text`, `segments`, `language` or `systeminfo` "
            "and that holds a list of `segments` or a `transcription`, or a first line "
            "`start<TAB>end<TAB>text`"
        ),
        section="transcripts",
        stage="transcript",
    ),
    # Markups, tried before Choi's format. An Info file opens with makeinfo's line or holds
    # a node separator early on (other tools write files named .info too); a manual of
    # LaTeX is an Info file first, and shows \documentclass lines early on.
    Format(
        name="info",
        summary=(
            "a GNU Info manual: its nodes' text as `makeinfo --plaintext` prints it, without "
            "node lines and menus; a split manual's parts read from beside it"
        ),
        what="Info file",
        read=_r("info", "info_text"),
        sniff=_r("info", "sniff_info"),
        suffixes=(".info",),
        may_be=lambda t: "\x1f" in t[:4096] or t.startswith("This is "),
        by_name=False,
        includes=(0,),
        detected=(
            "it opens with makeinfo's `This is NAME.info, produced by makeinfo` line or with "
            "a node (`\\x1f` and a `File: ..., Node: ...` line) in its first 4 KB (a name "
            "ending in `.info` is not enough: other tools write such files)"
        ),
        section="info-manuals",
        stage="markup",
    ),
    Format(
        name="man",
        summary=(
            "a manual page's source (man(7) or mdoc(7) macros): the text `man` shows, its "
            "sections as headings"
        ),
        what="manual page",
        read=_r("manpage", "man_text"),
        sniff=_r("manpage", "sniff_man"),
        may_be=lambda t: bool(_MAN_REQUEST.search(t[:8192])),
        by_name=False,
        includes=(1, 0),
        detected=(
            "a `.TH` request (mdoc: `.Dd` or `.Dt`) in its first 8 KB and a section (`.SH`, "
            "`.Sh`), or a page that only includes another (`.so man1/gzip.1`)"
        ),
        section="manual-pages",
        stage="markup",
    ),
    Format(
        name="ipynb",
        summary=(
            "a Jupyter notebook: its Markdown cells as written, its code cells fenced, its "
            "outputs left out"
        ),
        what="notebook",
        read=_r("notebook", "notebook_text"),
        sniff=_r("notebook", "sniff_notebook"),
        suffixes=(".ipynb",),
        may_be=lambda t: t[:4096].lstrip()[:1] == "{" and '"nbformat"' in t,
        detected="it is a JSON object with an `nbformat` and cells, or its name ends in `.ipynb`",
        section="notebooks",
        stage="markup",
    ),
    Format(
        name="docbook",
        summary=(
            "a DocBook source (KDE's handbooks, many books and manuals): the text a rendering"
            " shows, its section titles as headings, its verbatim blocks fenced, the files it"
            " includes read from beside it"
        ),
        what="DocBook source",
        read=_r("docbook", "docbook_text"),
        sniff=_r("docbook", "sniff_docbook"),
        suffixes=(".docbook", ".dbk"),
        may_be=lambda t: bool(_DOCBOOK_HINT.search(t, 0, 4096)),
        includes=(0,),
        include_parts=None,
        detected=(
            "its first 4 KB declare a DocBook document type (`<!DOCTYPE book PUBLIC "
            "\"-//OASIS//DTD DocBook XML ...`) or open an element in DocBook 5's namespace, or"
            " its name ends in `.docbook` or `.dbk`"
        ),
        section="docbook-sources",
        stage="markup",
    ),
    Format(
        name="rtf",
        summary=(
            "a Rich Text Format file (WordPad's, TextEdit's, many programs' exports): its "
            "paragraphs, lists and tables, headings by their outline levels or styles"
        ),
        what="RTF document",
        read=_r("rtf", "rtf_text"),
        sniff=_r("rtf", "sniff_rtf"),
        suffixes=(".rtf",),
        may_be=lambda t: t[:64].lstrip()[:5] == "{\\rtf",
        detected="it opens with `{\\rtf`, or its name ends in `.rtf`",
        section="word-processor-files",
        stage="markup",
    ),
    Format(
        name="html",
        summary="a web page: the text it shows, its headings as Markdown lines",
        what="HTML page",
        read=_r("webpage", "html_text"),
        sniff=_r("webpage", "sniff_html"),
        suffixes=(".html", ".htm", ".xhtml"),
        may_be=lambda t: t[:4096].lstrip()[:1] == "<",
        detected=(
            "it opens with `<!DOCTYPE html>` or `<html>` (after white space, comments or an "
            "XML declaration), or its name ends in `.html`, `.htm` or `.xhtml`"
        ),
        section="web-pages",
        stage="markup",
    ),
    Format(
        name="tex",
        summary="a LaTeX source: the text of its body, its sectioning commands as headings",
        what="LaTeX source",
        read=_r("latex", "latex_text"),
        sniff=_r("latex", "sniff_latex"),
        suffixes=(".tex", ".latex", ".ltx"),
        may_be=lambda t: "\\" in t[:8000],
        detected=(
            "a `\\documentclass` or `\\begin{document}` line in its first 8,000 characters "
            "(comments aside), or its name ends in `.tex`, `.latex` or `.ltx`"
        ),
        section="latex-sources",
        stage="markup",
    ),
    Format(
        name="mediawiki",
        summary=(
            "wikitext, as Wikipedia's articles and any MediaWiki wiki's pages are written, or"
            " a MediaWiki export (`Special:Export`, a small dump): the text a reader of the "
            "page sees, its headings as headings, its templates, footnotes, files and "
            "categories left out"
        ),
        what="MediaWiki page",
        read=_r("mediawiki", "mediawiki_text"),
        sniff=_r("mediawiki", "sniff_mediawiki"),
        suffixes=(".mediawiki", ".wikitext"),
        may_be=lambda t: bool(_MEDIAWIKI_HINT.search(t, 0, 65536)),
        detected=(
            "its name ends in `.mediawiki` or `.wikitext`, or it is XML whose root is "
            "`<mediawiki>`, or its first 64 KB hold three marks or more, of two kinds or "
            "more, that only wikitext writes: links with a label, templates (`{{Infobox`), "
            "`'''bold'''`, tables, footnotes (`<ref>`), files (`[[File:`)"
        ),
        section="mediawiki-pages",
        stage="markup",
    ),
    # Markups tried after Choi's format (whose separator lines are lines of "="), but
    # before a text is taken for one sentence a line.
    Format(
        name="asciidoc",
        summary=(
            "an AsciiDoc source: its text, its section titles as headings, its listings "
            "fenced, the files it includes read from beside it"
        ),
        what="AsciiDoc source",
        read=_r("asciidoc", "asciidoc_text"),
        sniff=_r("asciidoc", "sniff_asciidoc"),
        suffixes=(".adoc", ".asciidoc"),
        may_be=lambda t: bool(_ASCIIDOC_HINT.search(t, 0, 65536)),
        includes=(0,),
        include_parts=None,
        detected=(
            "its name ends in `.adoc` or `.asciidoc`, or its first 64 KB hold three lines or "
            "more, of two kinds or more, that only AsciiDoc writes: a `= Title`, `==` section"
            " titles, anchors (`[[id]]`), block attributes (`[source,python]`), directives "
            "(`include::`, `ifdef::`), tables (`|===`), listings of two lines or more between"
            " `----` lines"
        ),
        section="asciidoc-sources",
        stage="late_markup",
    ),
    Format(
        name="pod",
        summary=(
            "Perl's POD (Plain Old Documentation): the text `perldoc` shows, its `=head` "
            "lines as headings, its verbatim paragraphs fenced; in a Perl module, its POD "
            "alone"
        ),
        what="POD document",
        read=_r("pod", "pod_text"),
        sniff=_r("pod", "sniff_pod"),
        suffixes=(".pod",),
        may_be=lambda t: t[:4096].lstrip()[:1] == "=",
        detected=(
            "its name ends in `.pod`, or it opens with a POD command (`=pod`, `=head1`, "
            "`=encoding` ...) and holds two `=head` lines or more (a module, which opens with"
            " code, is read as POD only with `--format pod`)"
        ),
        section="pod",
        stage="late_markup",
    ),
    Format(
        name="org",
        summary=(
            "an Org document (Emacs Org mode): its headlines as headings, its source blocks "
            "fenced, its keywords and drawers left out"
        ),
        what="Org document",
        read=_r("org", "org_text"),
        sniff=_r("org", "sniff_org"),
        suffixes=(".org",),
        may_be=lambda t: bool(_ORG_HINT.search(t, 0, 65536)),
        includes=(0,),
        include_parts=None,
        detected=(
            "its name ends in `.org`, or its first 64 KB hold three lines or more, of two "
            "kinds or more, that only Org writes: keyword lines (`#+TITLE:`), block markers "
            "(`#+BEGIN_SRC`), property drawers, headlines of two stars or more, links with a "
            "description (`[[target][text]]`)"
        ),
        section="org-documents",
        stage="late_markup",
    ),
    # The plain formats, read by linseg.readers.document itself.
    Format(
        name="choi",
        summary=(
            "the `.ref` format of Choi's corpus: one sentence a line, segments between lines "
            "of `==========`; the file's own segments are the reference"
        ),
        what=".ref sample",
        detected=(
            "the whole file is a valid sample: it opens and closes with a separator line, and"
            " no segment is empty"
        ),
        stage="plain",
    ),
    Format(
        name="lines",
        summary=(
            "one sentence a line, or one message a line (a chat or IRC log, a Slack, "
            "Discord or WhatsApp export, a log), its time and speaker kept in the text and "
            "left out of the similarity; blank lines stay with the line before"
        ),
        what="text of one sentence a line",
        detected=(
            "most lines look tokenised and end in a sentence mark, or most lines open with a "
            "message's time or speaker (`[09:21] <bob>`, `12/01/2024, 09:21 - Bob:`, a "
            "timestamped log line)"
        ),
        stage="plain",
    ),
    Format(
        name="text",
        summary="raw prose, split into sentences by linseg's splitter",
        what="text",
        detected="anything else",
        stage="plain",
    ),
)

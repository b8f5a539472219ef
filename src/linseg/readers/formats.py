"""The input formats: one record each, in one registry.

A :class:`Format` names a format, the file names that mark it, how one is recognised
(a cheap test of the first bytes, then its reader's own test) and the function that
reads it into text (its headings as Markdown ``#`` lines). Every reader is imported
through this table, and only when a document may be in its format: reading a plain text
file imports none of them. ``linseg segment --help`` and the documentation's list of
formats are written from it.

A format of one's own is a :class:`Format` that another package names in the
``linseg.formats`` entry-point group::

    [project.entry-points."linseg.formats"]
    troff = "mypackage.troff:FORMAT"

It is then read by ``--format troff`` (``segment_file(path, format="troff")``), and, when
the format is not given, for files named with one of its suffixes that no built-in
format claims (installed formats are looked up only then: listing them costs the
interpreter a tenth of a second).
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from linseg.readers.suffixes import uncompressed

__all__ = [
    "Format",
    "BUILT_IN",
    "ENTRY_POINTS",
    "formats",
    "get_format",
    "named",
    "format_table",
    "installed_for",
    "resolve",
    "ZIP_MAGIC",
    "opens_pdf",
]

#: The entry-point group through which other packages add formats.
ENTRY_POINTS = "linseg.formats"

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

    def reader(self) -> Callable[..., str]:
        """:attr:`read`, imported."""
        if self.read is None:
            raise ValueError(f"{self.name} is read by linseg.readers.document itself")
        return resolve(self.read)

    def recognises(self, data: str | bytes, path: str | None) -> bool:
        """Whether ``data`` (read from ``path``) is in this format: so named, or its
        recogniser says so, asked only when the cheap test holds."""
        if self.by_name and named(path) == self.name:
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


# --- the cheap tests ---------------------------------------------------------------------

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


# --- the built-in formats ------------------------------------------------------------------

#: linseg's formats, in the order detection tries them within each stage.
BUILT_IN: tuple[Format, ...] = (
    # Read from bytes, before any decoding.
    Format(
        "epub", "an e-book: its pages in reading order, read as web pages", "EPUB",
        _r("epub", "epub_text"), _r("epub", "sniff_epub"), (".epub",), True, _opens_zip,
        stage="binary",
    ),
    Format(
        "docx", "a Word file: paragraphs, lists and tables, headings by their styles",
        "DOCX document", _r("office", "docx_text"), _r("office", "sniff_docx"), (".docx",),
        True, _opens_zip, stage="binary",
    ),
    Format(
        "odt", "an OpenDocument text: paragraphs, lists and tables, headings by their styles",
        "ODT document", _r("office", "odt_text"), _r("office", "sniff_odt"), (".odt",), True,
        _opens_zip, stage="binary",
    ),
    Format(
        "pptx", "a PowerPoint deck: slides in order, titles as headings, points as list "
        "items, speaker notes after them", "PPTX deck", _r("slides", "pptx_text"),
        _r("slides", "sniff_pptx"), (".pptx",), True, _opens_zip, stage="binary",
    ),
    Format(
        "odp", "an Impress deck: slides in order, titles as headings, points as list items, "
        "speaker notes after them", "ODP deck", _r("slides", "odp_text"),
        _r("slides", "sniff_odp"), (".odp",), True, _opens_zip, stage="binary",
    ),
    Format(
        "pdf", "a PDF: paragraphs and headings rebuilt from the layout (needs 'linseg[pdf]')",
        "PDF", _r("pdf", "pdf_text"), _r("pdf", "sniff_pdf"), (".pdf",), True, opens_pdf,
        stage="binary",
    ),
    # A saved page's MIME header says its parts are related (see mhtml.sniff_mhtml).
    Format(
        "mhtml", "a web page saved as one file: its page, read as html", "MHTML page",
        _r("mhtml", "mhtml_text"), _r("mhtml", "sniff_mhtml"), (".mhtml", ".mht"), True,
        lambda data: bool(_RELATED.search(data, 0, 4096)), stage="binary",
    ),
    # Transcripts, told apart by transcript.sniff_transcript: the cues' text, with times.
    Format("vtt", "a WebVTT transcript: the cues' text, with their times", "WebVTT file",
           suffixes=(".vtt",), stage="transcript"),
    Format("srt", "a SubRip transcript: the cues' text, with their times", "SubRip file",
           suffixes=(".srt",), stage="transcript"),
    Format("sbv", "a SubViewer transcript: the cues' text, with their times", "SubViewer file",
           suffixes=(".sbv",), stage="transcript"),
    Format("timed", "text with timestamps (a video's transcript copied from its page): each "
           "line timed by the timestamp above it", "timed transcript", stage="transcript"),
    Format("whisper", "a speech recogniser's output: Whisper's JSON or TSV, whisper.cpp's JSON",
           "Whisper transcript", stage="transcript"),
    # Markups, tried before Choi's format. An Info file opens with makeinfo's line or holds
    # a node separator early on (other tools write files named .info too); a manual of
    # LaTeX is an Info file first, and shows \documentclass lines early on.
    Format(
        "info", "a GNU Info manual: its nodes' text without node lines and menus; a split "
        "manual's parts are read from beside it", "Info file", _r("info", "info_text"),
        _r("info", "sniff_info"), (".info",),
        may_be=lambda t: "\x1f" in t[:4096] or t.startswith("This is "), by_name=False,
        includes=(0,), stage="markup",
    ),
    Format(
        "man", "a manual page's source, man(7) or mdoc(7): the text man shows, its sections "
        "as headings", "manual page", _r("manpage", "man_text"), _r("manpage", "sniff_man"),
        may_be=lambda t: bool(_MAN_REQUEST.search(t[:8192])), by_name=False, includes=(1, 0),
        stage="markup",
    ),
    Format(
        "ipynb", "a Jupyter notebook: Markdown cells as written, code cells fenced, outputs "
        "left out", "notebook", _r("notebook", "notebook_text"),
        _r("notebook", "sniff_notebook"), (".ipynb",),
        may_be=lambda t: t[:4096].lstrip()[:1] == "{" and '"nbformat"' in t, stage="markup",
    ),
    Format(
        "docbook", "a DocBook source: the text a rendering shows, section titles as headings, "
        "verbatim blocks fenced, the files it includes read from beside it",
        "DocBook source", _r("docbook", "docbook_text"), _r("docbook", "sniff_docbook"),
        (".docbook", ".dbk"), may_be=lambda t: bool(_DOCBOOK_HINT.search(t, 0, 4096)),
        includes=(0,), include_parts=None, stage="markup",
    ),
    Format(
        "rtf", "a Rich Text Format file: paragraphs, lists and tables, headings by their "
        "outline levels or styles", "RTF document", _r("rtf", "rtf_text"),
        _r("rtf", "sniff_rtf"), (".rtf",), may_be=lambda t: t[:64].lstrip()[:5] == "{\\rtf",
        stage="markup",
    ),
    Format(
        "html", "a web page: the text it shows, headings as Markdown '#' lines", "HTML page",
        _r("webpage", "html_text"), _r("webpage", "sniff_html"), (".html", ".htm", ".xhtml"),
        may_be=lambda t: t[:4096].lstrip()[:1] == "<", stage="markup",
    ),
    Format(
        "tex", "a LaTeX source: its body's text, its sectioning as headings", "LaTeX source",
        _r("latex", "latex_text"), _r("latex", "sniff_latex"), (".tex", ".latex", ".ltx"),
        may_be=lambda t: "\\" in t[:8000], stage="markup",
    ),
    Format(
        "mediawiki", "wikitext, as Wikipedia's articles are written, or a MediaWiki export: "
        "the text a reader sees, templates and footnotes left out", "MediaWiki page",
        _r("mediawiki", "mediawiki_text"), _r("mediawiki", "sniff_mediawiki"),
        (".mediawiki", ".wikitext"), may_be=lambda t: bool(_MEDIAWIKI_HINT.search(t, 0, 65536)),
        stage="markup",
    ),
    # Markups tried after Choi's format (whose separator lines are lines of "="), but
    # before a text is taken for one sentence a line.
    Format(
        "asciidoc", "an AsciiDoc source: its text, section titles as headings, listings "
        "fenced, the files it includes read from beside it", "AsciiDoc source",
        _r("asciidoc", "asciidoc_text"), _r("asciidoc", "sniff_asciidoc"),
        (".adoc", ".asciidoc"), may_be=lambda t: bool(_ASCIIDOC_HINT.search(t, 0, 65536)),
        includes=(0,), include_parts=None, stage="late_markup",
    ),
    Format(
        "pod", "Perl's POD (a .pod file or a module's documentation): the text perldoc shows, "
        "=head lines as headings, verbatim paragraphs fenced", "POD document",
        _r("pod", "pod_text"), _r("pod", "sniff_pod"), (".pod",),
        may_be=lambda t: t[:4096].lstrip()[:1] == "=", stage="late_markup",
    ),
    Format(
        "org", "an Org document: headlines as headings, source blocks fenced, keywords and "
        "drawers left out", "Org document", _r("org", "org_text"), _r("org", "sniff_org"),
        (".org",), may_be=lambda t: bool(_ORG_HINT.search(t, 0, 65536)), includes=(0,),
        include_parts=None, stage="late_markup",
    ),
    # The plain formats, read by linseg.readers.document itself.
    Format("choi", "the .ref format of Choi's corpus: one sentence a line, segments between "
           "lines of '=' (chosen only when the whole file is a valid sample)", ".ref sample",
           stage="plain"),
    Format("lines", "one sentence a line", "text of one sentence a line", stage="plain"),
    Format("text", "raw prose, split into sentences by linseg", "text", stage="plain"),
)  # fmt: skip

# Listed (in help, errors and the documentation) plain formats first, binary ones last.
_LISTED = ("plain", "transcript", "markup", "late_markup", "binary")
_BY_NAME = {f.name: f for f in sorted(BUILT_IN, key=lambda f: _LISTED.index(f.stage))}
_BY_SUFFIX = {suffix: f.name for f in BUILT_IN for suffix in f.suffixes}


def named(path: str | os.PathLike[str] | None) -> str | None:
    """The built-in format a file's name says (``"html"`` for ``page.HTM`` and for
    ``page.html.gz``), or None."""
    if path is None:
        return None
    return _BY_SUFFIX.get(os.path.splitext(uncompressed(os.fspath(path)))[1].lower())


@lru_cache(maxsize=1)
def _installed() -> tuple[Format, ...]:
    """The formats other packages add through :data:`ENTRY_POINTS` (looked up once)."""
    from importlib.metadata import entry_points

    found = []
    for point in entry_points(group=ENTRY_POINTS):
        fmt = point.load()
        if not isinstance(fmt, Format):
            raise ValueError(
                f"the {ENTRY_POINTS} entry point {point.name!r} gives a "
                f"{type(fmt).__name__}, not a linseg.readers.formats.Format"
            )
        if fmt.name in _BY_NAME:
            raise ValueError(
                f"the {ENTRY_POINTS} entry point {point.name!r} redefines {fmt.name!r}"
            )
        if fmt.read is None:
            raise ValueError(f"format {fmt.name!r} (entry point {point.name!r}) has no reader")
        fmt = Format(**{**fmt.__dict__, "stage": "installed"})
        found.append(fmt)
    return tuple(found)


def formats(installed: bool = True) -> dict[str, Format]:
    """Every format by name: the built-in ones, then (``installed``) those other
    packages add."""
    out = dict(_BY_NAME)
    if installed:
        out.update((f.name, f) for f in _installed())
    return out


def get_format(name: str) -> Format:
    """The format called ``name``; a ValueError naming the known ones otherwise."""
    if name in _BY_NAME:
        return _BY_NAME[name]
    found = formats()
    if name not in found:
        raise ValueError(f"unknown format {name!r}; use one of: auto, {', '.join(found)}")
    return found[name]


def installed_for(path: str | None) -> list[Format]:
    """The installed formats a file may be in, by its name, when no built-in format's
    suffix claims it: none for the names text files have (looking installed formats up
    is not worth a tenth of a second on every text file)."""
    if path is None:
        return []
    suffix = os.path.splitext(uncompressed(os.fspath(path)))[1].lower()
    if suffix in _BY_SUFFIX or suffix in _TEXT_SUFFIXES:
        return []
    return [f for f in _installed() if suffix in f.suffixes]


# Names that plain text (and Markdown, reStructuredText) files have.
_TEXT_SUFFIXES = frozenset({"", ".txt", ".text", ".md", ".markdown", ".rst", ".ref", ".lines"})


def format_table(installed: bool = True) -> str:
    """The formats as a Markdown table (name, file names, what is read): the
    documentation's list, written from this registry."""
    rows = ["| format | file names | what linseg reads |", "| --- | --- | --- |"]
    for f in formats(installed).values():
        names = ", ".join(f"`{s}`" for s in f.suffixes) or "(by content)"
        rows.append(f"| `{f.name}` | {names} | {f.summary} |")
    return "\n".join(rows)

"""MediaWiki pages (wikitext): their text, with their headings as Markdown headings.

A Wikipedia article, or any page of a wiki that MediaWiki runs, is written in wikitext:
``== History ==`` lines for its sections, ``[[links]]``, ``{{templates}}``, ``<ref>``
footnotes, tables between ``{|`` and ``|}``. Read as plain text, the templates and
footnotes (often half of an article's bytes) are read as prose. :func:`mediawiki_text`
reads a page into the text a reader of the rendered page sees, as linseg reads Markdown:

- **Headings**: ``== Title ==`` lines as ``##`` lines, a level for each ``=``.
- **Left out**: templates (``{{Infobox ...}}``, ``{{cite web ...}}``), except a few that
  show words in the running text (``{{lang|fr|mot}}``, ``{{nowrap|...}}``,
  ``{{convert|5|km}}``, ``{{quote|...}}``); footnotes (``<ref>``) and their lists;
  comments; files and images (``[[File:...]]``, with their captions) and galleries;
  category links and links to the page in other languages (``[[de:Biene]]``); magic
  words (``__TOC__``); horizontal rules; ``<includeonly>`` parts.
- **Links** show their label (``[[Paris|the capital]]``: ``the capital``) or their target
  (``[[Paris]]``: ``Paris``), an external link its label or nothing.
- **Blocks**: ``<syntaxhighlight>``, ``<source>`` and ``<pre>`` blocks, and runs of lines
  that open with a space (preformatted), are kept between fences, one unit each. A
  table's rows are lines, their cells joined by ``" | "``; its caption a line above them.
  List items are Markdown list items (``*`` as ``-``, ``#`` as ``1.``); an indented line
  (``:``) or a term (``;``) a line of text.
- **Inline**: bold and italic quotes, and HTML tags, are left out (their text stays);
  character references are read (``&nbsp;``), ``<nowiki>`` and ``<math>`` text is kept as
  written.

A page exported as XML (``Special:Export``, or a dump of a few pages) is read page by
page: each page's title a ``#`` heading above its latest revision's text. Redirects are
left out where the export holds other pages.

Only the standard library is used.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Callable
from xml.etree import ElementTree

from linseg.readers.formats import named
from linseg.readers.markup import fenced, heading, holds_marks, written

__all__ = ["mediawiki_text", "sniff_mediawiki"]

# What only wikitext writes, each kind a group (see sniff_mediawiki): a heading line is
# no sign by itself (DokuWiki and AsciiDoc write "== Title ==" too), nor braces that do
# not open with a name (Jinja's and Django's "{{ name }}", a shell's "{{$a}}"), nor a
# footnote's tag alone (a usage line's "<ref>").
_WIKI_ONLY = re.compile(
    r"(?P<link>\[\[[^\[\]\n|]+\|[^\[\]\n]*\]\])"
    r"|(?P<template>\{\{[A-Za-z#][^{}\n|]*(?:\||\}\}))"
    r"|(?P<bold>'''[^'\n]+''')"
    r"|(?P<table>^\{\|)"
    r"|(?P<ref><ref\b[^<>\n]*>[^<\n]*</ref>|<ref name=)"
    r"|(?P<file>\[\[(?:File|Image):)",
    re.MULTILINE,
)
# A Special:Export file's root, after its XML declaration.
_EXPORT = re.compile(r"\s*(?:<\?xml[^>]*\?>\s*)?<mediawiki[\s>]")

_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
# The elements read before anything else, by name: code kept as written and fenced;
# verbatim text kept as written; and elements left out with all they hold (a footnote, a
# list of them, a gallery, what only a page that includes this one shows).
_CODE_ELEMENTS = ("pre", "syntaxhighlight", "source")
_VERBATIM_ELEMENTS = ("nowiki", "math", "chem", "ce")
_HIDDEN_ELEMENTS = (
    "ref", "references", "gallery", "timeline", "imagemap", "includeonly", "score", "graph",
    "mapframe", "templatedata", "categorytree",
)  # fmt: skip
_ELEMENT = re.compile(
    r"<(" + "|".join(_CODE_ELEMENTS + _VERBATIM_ELEMENTS + _HIDDEN_ELEMENTS) + r")\b([^<>]*)>",
    re.IGNORECASE,
)
_LANGUAGE = re.compile(r"""\blang\s*=\s*["']?([\w+#.-]+)""", re.IGNORECASE)
_BRACES = re.compile(r"\{\{|\}\}")
_BRACKETS = re.compile(r"\[\[|\]\]")
_HEADING = re.compile(r"(={1,6})(.+?)(={1,6})[ \t]*")
_LIST = re.compile(r"([*#:;]+)[ \t]*(.*)")
_RULE = re.compile(r"-{4,}[ \t]*")
_MAGIC = re.compile(r"__[A-Z]+__")
# (Bounded, so that a line of brackets never closed is not read again from each one; the
# tags below stop at the next "<", for the same reason.)
_EXTERNAL = re.compile(
    r"\[(?:https?:|ftp:|mailto:|//)[^\s\[\]]{0,2000}(?:[ \t]+([^\[\]\n]{0,1000}))?\]"
)
_EMPTY_BRACKETS = re.compile(r"(?<![ \t])[ \t]*\([\s,;]*\)")
_QUOTES = re.compile(r"'{2,5}")
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_TAG = re.compile(
    r"</?(?:span|div|small|big|sup|sub|center|font|u|s|del|ins|abbr|cite|blockquote|p|b|i|em"
    r"|strong|code|tt|kbd|var|q|poem|onlyinclude|noinclude|section|mark|bdi|dfn|samp|ruby"
    r"|rb|rt|rp|h[1-6]|table|tr|td|th|caption|tbody|thead|ol|ul|li|dl|dt|dd|hr|wbr)\b[^<>]*>",
    re.IGNORECASE,
)
# Link targets in these namespaces show nothing in the running text: a file or an image
# (in the wikis' larger languages too) and a category.
_UNSHOWN = re.compile(
    r"\s*(?:file|image|media|category|datei|bild|kategorie|fichier|catégorie|archivo"
    r"|imagen|categoría|immagine|categoria|ficheiro|bestand|categorie|plik|kategoria"
    r"|файл|изображение|категория|категорія|ファイル|画像|カテゴリ|文件|分类)\s*:",
    re.IGNORECASE,
)
# An interlanguage link ([[de:Biene]]): a language's code, in lower case, and the title
# of the page in that language's wiki, which MediaWiki lists beside the page, not in it.
# Interwiki prefixes of two or three letters that are no language show in the text.
_INTERLANGUAGE = re.compile(
    r"\s*(?!(?:mw|voy|wmf|doi|rfc|irc)\s*:)(?:[a-z]{2,3}|simple)(?:-[a-z]+)*\s*:"
)
# Templates that show (some of) their words in the running text, and which: the last
# argument, the first, or the first two (a number and its unit).
_SHOWN_LAST = frozenset(("lang", "nowrap", "nobr", "small", "smaller", "big", "em", "strong"))
_SHOWN_FIRST = frozenset(("abbr", "quote", "blockquote", "sic", "not a typo", "visible anchor"))
_SHOWN_SYMBOLS = {"nbsp": "\u00a0", "ndash": "\u2013", "mdash": "\u2014", "snd": " \u2013 "}


def sniff_mediawiki(text: str, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``text`` is wikitext or a MediaWiki export: named ``.mediawiki`` or
    ``.wikitext``, or an XML file whose root is ``<mediawiki>``, or holding (in its first
    64 KB) at least three marks, of two kinds or more, that only wikitext writes: links
    with a label (``[[target|label]]``), templates, ``'''bold'''``, tables (``{|``),
    footnotes (``<ref>``), files (``[[File:``)."""
    if named(path) == "mediawiki" or _EXPORT.match(text):
        return True
    return holds_marks(_WIKI_ONLY, text)


def mediawiki_text(source: str) -> str:
    """The text of the wikitext ``source``, or of the pages of a MediaWiki export (see the
    module), its blocks separated by blank lines; an empty string if it shows none."""
    if _EXPORT.match(source):
        return written([_page_text(title, text) for title, text in _export_pages(source)])
    return _wikitext(source)


def _export_pages(source: str) -> list[tuple[str, str]]:
    """Each page's title and latest text, from an export's XML; redirects left out unless
    every page is one."""
    if "<!ENTITY" in source:  # an export declares none: a file made to expand
        raise ValueError("the MediaWiki export declares entities, which exports never do")
    try:
        root = ElementTree.fromstring(source)
    except ElementTree.ParseError as exc:
        raise ValueError(f"the MediaWiki export is not well-formed XML: {exc}") from None
    pages = []
    for page in root:
        if _local(page.tag) != "page":
            continue
        title, texts = "", []
        for child in page.iter():
            name = _local(child.tag)
            if name == "title" and not title:
                title = child.text or ""
            elif name == "text":
                texts.append(child.text or "")
        pages.append((title, texts[-1] if texts else ""))
    shown = [p for p in pages if not p[1].lstrip()[:9].lower().startswith("#redirect")]
    return shown or pages


def _local(tag: object) -> str:
    """An element's name without its namespace."""
    return str(tag).rpartition("}")[2]


def _page_text(title: str, text: str) -> str:
    return written([heading(1, title), "", _wikitext(text)])


def _wikitext(source: str) -> str:
    """The text of one page's wikitext."""
    mark = _unused_character(source)
    kept: list[str] = []  # verbatim text, put back where the mark and its number stand

    def keep(text: str) -> str:
        kept.append(text)
        return f"{mark}{len(kept) - 1}{mark}"

    text = source.replace("\r\n", "\n").replace("\r", "\n")
    text = _COMMENT.sub("", text)
    text = _elements(text, keep)
    text = _templates(text)
    text = _links(text)
    text = _MAGIC.sub("", text)
    text = _blocks(text.split("\n"))
    # Kept text put back may leave a line empty (an empty <nowiki>): joined again.
    return written([_restore(text, mark, kept)])


def _unused_character(text: str) -> str:
    """A private-use character that ``text`` does not hold, nor writes as a character
    reference (``&#xE000;``, which the reading turns into the character), to mark kept
    text with."""
    # (Only a numeric reference can write one: the text is read again only if it has one.)
    shown = html.unescape(text) if "&#" in text else text
    for code in range(0xE000, 0xF900):
        if chr(code) not in text and chr(code) not in shown:
            return chr(code)
    raise ValueError("the wikitext uses every private-use character")  # 6,400 of them


def _restore(text: str, mark: str, kept: list[str]) -> str:
    if not kept:
        return text
    return re.sub(re.escape(mark) + r"(\d+)" + re.escape(mark), lambda m: kept[int(m[1])], text)


def _elements(text: str, keep: Callable[[str], str]) -> str:
    """``text`` with its code, verbatim and left-out elements read (see :data:`_ELEMENT`),
    what they hold kept by ``keep``. An element never closed is text, but a footnote left
    open, which hides the rest of its line."""
    out: list[str] = []
    at = 0
    unclosed: set[str] = set()  # names with no closing tag after the place last looked
    for m in _ELEMENT.finditer(text):
        if m.start() < at:
            continue
        name, attributes = m.group(1).lower(), m.group(2)
        out.append(text[at : m.start()])
        if attributes.endswith("/"):  # <ref name="a" />, <nowiki/>
            at = m.end()
            continue
        close = None if name in unclosed else _closing(text, name, m.end())
        if close is None:
            unclosed.add(name)
            if name == "ref":
                line_end = text.find("\n", m.end())
                at = len(text) if line_end < 0 else line_end
            else:
                out.append(m.group())
                at = m.end()
            continue
        inner, at = text[m.end() : close[0]], close[1]
        if name in _CODE_ELEMENTS:
            if name == "pre":  # a <pre> reads character references; the others do not
                inner = html.unescape(inner)
            language = _LANGUAGE.search(attributes)
            code = fenced(inner, language.group(1) if language else "")
            out.append("\n\n" + keep(code) + "\n\n" if code else "")
        elif name in _VERBATIM_ELEMENTS:
            out.append(keep(html.unescape(inner)))
    out.append(text[at:])
    return "".join(out)


def _closing(text: str, name: str, start: int) -> tuple[int, int] | None:
    """Where the first ``</name>`` after ``start`` begins and ends, or None."""
    m = re.compile(r"</" + name + r"\s*>", re.IGNORECASE).search(text, start)
    return None if m is None else (m.start(), m.end())


def _nested(text: str, pattern: re.Pattern[str], close: str, show: Callable[[str], str]) -> str:
    """``text`` with each group that ``pattern``'s opening token starts (``{{`` or ``[[``)
    and its closing token ``close`` ends replaced by ``show(inner)``, the innermost first;
    an opening token never closed, or a closing one never opened, is text. A group that
    opens a line and shows nothing takes the spaces after it along (else the line would
    open with a space: preformatted text)."""
    stack: list[tuple[str, list[str], bool]] = []
    out: list[str] = []
    at = 0
    for m in pattern.finditer(text):
        (stack[-1][1] if stack else out).append(text[at : m.start()])
        at = m.end()
        if m.group() != close:
            starts_line = m.start() == 0 or text[m.start() - 1] == "\n"
            stack.append((m.group(), [], starts_line))
        elif stack:
            _, inner, starts_line = stack.pop()
            shown = show("".join(inner))
            (stack[-1][1] if stack else out).append(shown)
            if starts_line and not shown:
                while at < len(text) and text[at] in " \t":
                    at += 1
        else:
            (stack[-1][1] if stack else out).append(m.group())
    for opening, inner, _ in stack:  # left open: MediaWiki shows them as written
        out.append(opening + "".join(inner))
    out.append(text[at:])
    return "".join(out)


def _templates(text: str) -> str:
    """``text`` with each template replaced by what it shows in the running text."""
    return _nested(text, _BRACES, "}}", _template_shows)


def _template_shows(inner: str) -> str:
    """What the template ``{{inner}}`` shows in the running text (see the module)."""
    inner = inner.lstrip("{").rstrip("}")  # a parameter's braces, {{{1}}}
    parts = _arguments(inner)
    name = parts[0].strip().lower().replace("_", " ")
    positional = [p for p in parts[1:] if "=" not in p.split("[[")[0]]
    if name in _SHOWN_SYMBOLS:
        return _SHOWN_SYMBOLS[name]
    if name in _SHOWN_LAST and positional:
        return positional[-1].strip()
    if (name in _SHOWN_FIRST or name.startswith("lang-")) and positional:
        return positional[0].strip()
    if name in ("quote", "blockquote"):
        for part in parts[1:]:
            key, _, value = part.partition("=")
            if key.strip() in ("text", "quote"):
                return value.strip()
    if name in ("convert", "cvt") and len(positional) >= 2:
        return f"{positional[0].strip()} {positional[1].strip()}"
    return ""


def _arguments(inner: str) -> list[str]:
    """A template's name and arguments, split at the bars outside its links."""
    parts, depth, start = [], 0, 0
    for m in re.finditer(r"\[\[|\]\]|\|", inner):
        if m.group() == "[[":
            depth += 1
        elif m.group() == "]]":
            depth = max(0, depth - 1)
        elif depth == 0:
            parts.append(inner[start : m.start()])
            start = m.end()
    parts.append(inner[start:])
    return parts


def _links(text: str) -> str:
    """``text`` with each internal link as what it shows, and external links too."""
    text = _nested(text, _BRACKETS, "]]", _link_shows)
    return _EXTERNAL.sub(lambda m: m.group(1) or "", text)


def _link_shows(inner: str) -> str:
    """What the link ``[[inner]]`` shows: nothing for a file or a category, else its label
    or its target."""
    if "\n" in inner.split("|")[0]:  # no target spans lines: brackets, not a link
        return f"[[{inner}]]"
    target, bar, label = inner.partition("|")
    if _UNSHOWN.match(target) or (not bar and _INTERLANGUAGE.match(target)):
        return ""
    if bar:
        if label.strip():
            return label
        # The pipe trick: [[Paris (band)|]] shows "Paris".
        shown = target.rpartition(":")[2].strip()
        opened = shown.rfind("(") if shown.endswith(")") else -1
        return (shown[:opened] if opened > 0 else shown).strip()
    return target.lstrip(":")


def _blocks(lines: list[str]) -> str:
    """The text of a page's lines, templates and links read: its headings, lists, tables,
    preformatted runs and paragraphs."""
    out: list[str] = []
    counters: list[int] = []  # the numbers of the open numbered lists' items, by depth
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        listed = stripped[:1] in ("*", "#", ":", ";")
        if not listed:
            counters.clear()  # any other line ends the lists
        if stripped.startswith("{|"):
            end = _table_end(lines, i)
            out.extend(("", _table(lines[i + 1 : end]), ""))
            i = end + 1
            continue
        if line.startswith(" ") and stripped:
            end = i
            while end < len(lines) and lines[end].startswith(" ") and lines[end].strip():
                end += 1
            code = "\n".join(ln[1:] for ln in lines[i:end])
            out.extend(("", fenced(html.unescape(_inline(code, keep_breaks=True))), ""))
            i = end
            continue
        title = _HEADING.fullmatch(stripped)
        if title is not None:
            level = min(len(title.group(1)), len(title.group(3)))
            words = title.group(1)[level:] + title.group(2) + title.group(3)[level:]
            out.extend(("", heading(level, _clean(words)), ""))
        elif _RULE.fullmatch(stripped):
            out.append("")
        else:
            out.append(_list_item(stripped, counters) if listed else _clean(line))
        i += 1
    return written(out)


def _list_item(line: str, counters: list[int]) -> str:
    """A list line as Markdown: ``*`` a bullet, ``#`` its number (``counters``: the
    numbers so far at each depth, which the line moves on), ``:`` and ``;`` a line."""
    m = _LIST.fullmatch(line)
    assert m is not None
    marks, words = m.group(1), m.group(2)
    del counters[len(marks) :]  # a deeper list ended
    counters.extend([0] * (len(marks) - len(counters)))
    if marks[-1] == "#":
        counters[-1] += 1
    if marks[-1] in ":;":
        term, _, definition = words.partition(" : ") if marks[-1] == ";" else (words, "", "")
        return _clean(f"{term}: {definition}" if definition else term)
    words = _clean(words)
    if not words:  # an item that held only a template or a file
        return ""
    return "  " * (len(marks) - 1) + ("- " if marks[-1] == "*" else f"{counters[-1]}. ") + words


def _table_end(lines: list[str], start: int) -> int:
    """The index of the ``|}`` line that closes the table opening at ``lines[start]``
    (tables nest), or the last line's."""
    depth = 0
    for j in range(start, len(lines)):
        stripped = lines[j].strip()
        if stripped.startswith("{|"):
            depth += 1
        elif stripped.startswith("|}"):
            depth -= 1
            if depth == 0:
                return j
    return len(lines) - 1 if lines else start


def _table(lines: list[str]) -> str:
    """A table's text: its caption, then a line for each row, its cells joined by
    ``" | "``; a table inside a cell adds its rows."""
    rows: list[list[str]] = [[]]
    caption = ""
    for line in lines:
        stripped = line.strip()
        if stripped.startswith(("{|", "|}")):
            continue
        if stripped.startswith("|+"):
            caption = _cell(stripped[2:])
        elif stripped.startswith("|-"):
            rows.append([])
        elif stripped[:1] in ("|", "!"):
            separator = r"\|\|" if stripped[0] == "|" else r"!!|\|\|"
            rows[-1].extend(_cell(c) for c in re.split(separator, stripped[1:]))
        elif stripped and rows[-1]:  # a cell's text goes on over lines
            rows[-1][-1] = f"{rows[-1][-1]} {_clean(stripped)}".strip()
        elif stripped:
            rows[-1].append(_clean(stripped))
    shown = [" | ".join(c for c in row if c) for row in rows]
    return "\n".join(line for line in [caption, *shown] if line)


def _cell(text: str) -> str:
    """A cell's text, without the attributes before its single bar (``style="..." |``)."""
    attributes, bar, content = text.partition("|")
    if bar and "=" in attributes and "[[" not in attributes:
        text = content
    return _clean(text).replace("\n", " ")


def _clean(text: str) -> str:
    """A line's inline markup read: quotes and tags left out, character references read,
    and brackets that held only a template (a pronunciation's, "Albedo ({{IPAc-en|...}})")
    left out."""
    return _EMPTY_BRACKETS.sub("", html.unescape(_inline(text))).strip()


def _inline(text: str, keep_breaks: bool = False) -> str:
    text = _QUOTES.sub("", text)
    text = _BREAK.sub("\n" if keep_breaks else " ", text)
    return _TAG.sub("", text)

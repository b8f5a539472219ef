"""Readers built on maintained parsers, to measure against linseg's own (issue 50).

Each function reads one format with a library made for it and writes what it finds as
linseg's reader of that format writes it (headings as ``#`` lines, list items as
Markdown items indented two spaces a level, a table's rows a line each, code between
fences), with the same choices of what a reader sees: so the figures of
``bench_formats.py --reader NAME`` and ``bench_parsers.py`` compare the parsers, not two
policies. None of them is imported by the library.

- ``mwparserfromhell`` (wikitext): the library's parse tree gives the templates, links,
  tags, headings, list markers and tables; what each shows is linseg's rule (a template
  its words only where it is one of those that show words, a link its label, a footnote
  nothing, an HTML tag MediaWiki does not allow its markup as written). Lines that open
  with a space (preformatted text) are not parsed by the library: they are read as
  linseg reads them. The library reads a table's caption (``|+``) as a cell.
- ``python-pptx`` (PPTX): its slides, shapes, placeholders, paragraphs and their levels,
  tables and notes; PowerPoint's automatic numbers (``a:buAutoNum``) are in no public
  API, so they are read from the paragraph's XML.
- ``mammoth`` (DOCX): the document as mammoth's HTML (its default style map, and
  pandoc's "Title" and "Source Code" styles as ``<h1>`` and ``<pre>``, as linseg's reader
  takes them), read by linseg's HTML reader. mammoth puts the notes in a list at the
  end, with a numbered link where each stands.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Callable, Iterator

from linseg.readers.markup import fenced, heading, written
from linseg.readers.mediawiki import _CODE_ELEMENTS as _CODE
from linseg.readers.mediawiki import (
    _EMPTY_BRACKETS,
    _INTERLANGUAGE,
    _MAGIC,
    _SHOWN_FIRST,
    _SHOWN_LAST,
    _UNSHOWN,
)
from linseg.readers.mediawiki import _HIDDEN_ELEMENTS as _HIDDEN
from linseg.readers.mediawiki import _SHOWN_SYMBOLS as _SYMBOLS
from linseg.readers.mediawiki import _VERBATIM_ELEMENTS as _VERBATIM
from linseg.readers.webpage import Block, blocks_text, html_text, list_item


def docx_mammoth(data: bytes) -> str:
    """A DOCX read by mammoth into HTML, and that HTML by linseg's HTML reader."""
    import mammoth

    # pandoc's styles for a title and for code, which mammoth's default map leaves as <p>.
    styles = (
        "p[style-name='Title'] => h1:fresh\np[style-name='Source Code'] => pre:separator('\\n')"
    )
    result = mammoth.convert_to_html(io.BytesIO(data), style_map=styles)
    return html_text(result.value)


# -- python-pptx --------------------------------------------------------------------------


def pptx_python_pptx(data: bytes) -> str:
    """A PPTX read by python-pptx, slide by slide (see the module)."""
    from pptx import Presentation

    deck = Presentation(io.BytesIO(data))
    blocks: list[Block] = []
    for slide in deck.slides:
        blocks += _slide(slide)
        if slide.has_notes_slide:
            frame = slide.notes_slide.notes_text_frame
            if frame is not None:
                blocks += [("p", 0, t) for p in frame.paragraphs if (t := _text(p)).strip()]
    return blocks_text(blocks)


def _slide(slide: object) -> Iterator[Block]:
    from pptx.enum.shapes import PP_PLACEHOLDER

    titles: list[tuple[int, str]] = []
    others: list[Block] = []
    for shape in _shapes(slide.shapes):  # type: ignore[attr-defined]
        kind = shape.placeholder_format.type if shape.is_placeholder else None
        if kind in (PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE):
            text = " ".join(t for p in shape.text_frame.paragraphs if (t := _text(p)))
            titles.append((1 if kind == PP_PLACEHOLDER.CENTER_TITLE else 2, text))
        elif shape.has_text_frame:
            others += _points(shape.text_frame.paragraphs)
        elif getattr(shape, "has_table", False) and shape.has_table:
            for row in shape.table.rows:
                for cell in row.cells:
                    others += _points(cell.text_frame.paragraphs)
    for level, title in titles[:1]:
        yield ("h", level, title)
    for _, title in titles[1:]:
        yield ("li", 0, title)
    yield from others


def _shapes(shapes: object) -> Iterator[object]:
    """The shapes, those in groups too, in order."""
    from pptx.enum.shapes import MSO_SHAPE_TYPE

    for shape in shapes:  # type: ignore[attr-defined]
        if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
            yield from _shapes(shape.shapes)
        else:
            yield shape


def _points(paragraphs: object) -> Iterator[Block]:
    numbers: dict[int, int] = {}
    for paragraph in paragraphs:  # type: ignore[attr-defined]
        text = _text(paragraph)
        if not text.strip():
            continue
        depth = min(paragraph.level, 8)
        properties = paragraph._p.pPr  # (numbering has no public API)
        numbered = None if properties is None else properties.find(_BU_AUTO_NUM)
        for deeper in [d for d in numbers if d > depth]:
            del numbers[deeper]
        if numbered is None:
            numbers.pop(depth, None)
            yield list_item(0, text, depth)
            continue
        start = int(numbered.get("startAt", "1") or 1)
        numbers[depth] = numbers.get(depth, start - 1) + 1
        yield list_item(numbers[depth], text, depth)


_BU_AUTO_NUM = "{http://schemas.openxmlformats.org/drawingml/2006/main}buAutoNum"


def _text(paragraph: object) -> str:
    return paragraph.text.replace("\v", "\n")  # type: ignore[attr-defined]


# -- mwparserfromhell ---------------------------------------------------------------------

# What linseg's reader leaves out, keeps as written or fences, and the templates and links
# that show, are the reader's own tables, imported above (not copies that could drift): the
# figures compare the parsers. The HTML tags MediaWiki allows, which show their text (the
# reader has them as a pattern); any other shows as written.
_ALLOWED = {
    "span", "div", "small", "big", "sup", "sub", "center", "font", "u", "s", "del", "ins",
    "abbr", "cite", "blockquote", "p", "b", "i", "em", "strong", "code", "tt", "kbd", "var",
    "q", "poem", "onlyinclude", "noinclude", "section", "mark", "bdi", "dfn", "samp", "ruby",
    "rb", "rt", "rp", "h1", "h2", "h3", "h4", "h5", "h6", "table", "tr", "td", "th",
    "caption", "tbody", "thead", "ol", "ul", "li", "dl", "dt", "dd", "hr", "wbr",
}  # fmt: skip
# Marks the walk writes at a line's start, read by _lines: a heading, list markers, a
# table's row, a block kept aside (code).
_MARK = "\ue000"


def mediawiki_mwparserfromhell(source: str) -> str:
    """Wikitext read with mwparserfromhell's parse tree (see the module)."""
    import mwparserfromhell

    kept: list[str] = []
    code = mwparserfromhell.parse(source.replace("\r\n", "\n").replace("\r", "\n"))
    return _lines(_nodes(code.nodes, kept).split("\n"), kept)


def _nodes(nodes: list, kept: list[str]) -> str:
    return "".join(_node(node, kept) for node in nodes)


def _node(node: object, kept: list[str]) -> str:
    from mwparserfromhell import nodes as n

    if isinstance(node, n.Text):
        return _MAGIC.sub("", node.value)
    if isinstance(node, n.Comment):
        return ""
    if isinstance(node, n.HTMLEntity):
        return node.normalize()
    if isinstance(node, n.Heading):
        return f"{_MARK}H{node.level}{_MARK}{_nodes(node.title.nodes, kept)}"
    if isinstance(node, n.Template):
        return _template(node, kept)
    if isinstance(node, n.Argument):
        return _nodes(node.default.nodes, kept) if node.default is not None else ""
    if isinstance(node, n.Wikilink):
        target = str(node.title)
        if _UNSHOWN.match(target) or (node.text is None and _INTERLANGUAGE.match(target)):
            return ""
        if node.text is not None:
            return _nodes(node.text.nodes, kept)
        return _nodes(node.title.nodes, kept).lstrip(":")
    if isinstance(node, n.ExternalLink):
        if not node.brackets:
            return str(node.url)
        return _nodes(node.title.nodes, kept) if node.title is not None else ""
    if isinstance(node, n.Tag):
        return _tag(node, kept)
    return str(node)


def _tag(node: object, kept: list[str]) -> str:
    name = str(node.tag).strip().lower()  # type: ignore[attr-defined]
    markup = node.wiki_markup  # type: ignore[attr-defined]
    contents = node.contents  # type: ignore[attr-defined]
    inner = "" if contents is None else _nodes(contents.nodes, kept)
    if markup and markup[0] in "*#:;" and name in ("li", "dt", "dd"):
        return f"{_MARK}L{markup}{_MARK}"
    if name == "hr":
        return "\n"
    if name == "br":
        return " "
    if name in _HIDDEN:
        return ""
    if name in _VERBATIM:
        return html.unescape(str(contents or ""))
    if name in _CODE:
        text = str(contents or "")
        if name == "pre":
            text = html.unescape(text)
        language = node.get("lang").value.strip() if node.has("lang") else ""  # type: ignore[attr-defined]
        kept.append(fenced(text, str(language)))
        return f"\n{_MARK}K{len(kept) - 1}{_MARK}\n"
    if name == "table":
        return "\n" + _table(contents.nodes if contents is not None else [], kept) + "\n"
    if name not in _ALLOWED and not markup:  # shown as written, what it holds read
        written_ = str(node)
        if contents is None:
            return written_
        opened, closed = written_.find(">") + 1, written_.rfind("</")
        return written_[:opened] + inner + (written_[closed:] if closed >= opened else "")
    return inner


def _table(nodes: list, kept: list[str]) -> str:
    """A table's rows, a line each (cells joined by " | "), the parser's rows and cells."""
    from mwparserfromhell import nodes as n

    rows: list[list[str]] = [[]]

    def cell(tag: object) -> str:
        text = _nodes(tag.contents.nodes, kept) if tag.contents is not None else ""  # type: ignore[attr-defined]
        return _clean(text.replace("\n", " "))

    for node in nodes:
        if isinstance(node, n.Tag) and str(node.tag).lower() == "tr":
            rows.append([])
            for inner in node.contents.nodes if node.contents is not None else []:
                if isinstance(inner, n.Tag) and str(inner.tag).lower() in ("td", "th"):
                    rows[-1].append(cell(inner))
        elif isinstance(node, n.Tag) and str(node.tag).lower() in ("td", "th", "caption"):
            rows[-1].append(cell(node))
    shown = [" | ".join(c for c in row if c) for row in rows]
    return "\n".join(f"{_MARK}T{_MARK}{line}" for line in shown if line)


def _template(node: object, kept: list[str]) -> str:
    name = str(node.name).strip().lower().replace("_", " ")  # type: ignore[attr-defined]
    params = node.params  # type: ignore[attr-defined]
    positional = [_nodes(p.value.nodes, kept) for p in params if not p.showkey]
    if name in _SYMBOLS:
        return _SYMBOLS[name]
    if name in _SHOWN_LAST and positional:
        return positional[-1].strip()
    if (name in _SHOWN_FIRST or name.startswith("lang-")) and positional:
        return positional[0].strip()
    if name in ("quote", "blockquote"):
        for p in params:
            if str(p.name).strip() in ("text", "quote"):
                return _nodes(p.value.nodes, kept).strip()
    if name in ("convert", "cvt") and len(positional) >= 2:
        return f"{positional[0].strip()} {positional[1].strip()}"
    return ""


def _lines(lines: list[str], kept: list[str]) -> str:
    """The page's blocks from the walked lines: headings, lists, tables, code kept aside,
    preformatted runs and paragraphs."""
    out: list[str] = []
    counters: list[int] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        marked = line.startswith(_MARK)
        kind = line[1:2] if marked else ""
        if kind != "L":
            counters.clear()
        if kind == "H":
            level, _, title = line[2:].partition(_MARK)
            out.extend(("", heading(int(level), _clean(title)), ""))
        elif kind == "L":
            marks, _, words = line[2:].partition(_MARK)
            while words.startswith(_MARK + "L"):  # "**": a marker each
                more, _, words = words[2:].partition(_MARK)
                marks += more
            out.append(_item(marks, words, counters))
        elif kind == "T":
            out.append(line[3:])
        elif kind == "K":
            out.extend(("", kept[int(line[2:].rstrip(_MARK))], ""))
        elif line.startswith(" ") and line.strip():
            end = i
            while end < len(lines) and lines[end].startswith(" ") and lines[end].strip():
                end += 1
            out.extend(("", fenced("\n".join(ln[1:] for ln in lines[i:end])), ""))
            i = end
            continue
        elif re.fullmatch(r"\s*\{\|.*", line) is None:
            out.append(_clean(line))
        i += 1
    return written(out)


def _item(marks: str, words: str, counters: list[int]) -> str:
    del counters[len(marks) :]
    counters.extend([0] * (len(marks) - len(counters)))
    if marks[-1] == "#":
        counters[-1] += 1
    if marks[-1] in ":;":
        return _clean(words)
    words = _clean(words)
    if not words:
        return ""
    return "  " * (len(marks) - 1) + ("- " if marks[-1] == "*" else f"{counters[-1]}. ") + words


def _clean(text: str) -> str:
    return _EMPTY_BRACKETS.sub("", text).strip()


#: Each parser's name: the format it reads, and its reader (bytes for the ZIP formats,
#: text for wikitext).
READERS: dict[str, tuple[str, Callable[[bytes], str]]] = {
    "mammoth": ("docx", docx_mammoth),
    "python-pptx": ("pptx", pptx_python_pptx),
    "mwparserfromhell": (
        "mediawiki",
        lambda data: mediawiki_mwparserfromhell(data.decode("utf-8", "replace")),
    ),
}

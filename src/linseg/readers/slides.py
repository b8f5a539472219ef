"""Slide decks (``--format pptx``, ``odp``): a talk's or a lecture's slides, in order.

A PowerPoint (``.pptx``) or Impress (``.odp``) deck is a ZIP archive of XML parts, read
with Python's own ``zipfile`` and XML parser (:mod:`linseg.readers.archive`), slide by
slide in the order the presentation lists them:

- a slide's **title** is a Markdown heading: ``#`` for a title slide's (PowerPoint's
  centred title; in Impress, a first slide that has a subtitle), ``##`` for the others;
- the text of its other shapes (its bullets, text boxes, tables' cells, a subtitle) is a
  list item for each paragraph, ``- point``, indented two spaces a level where the point
  is nested and numbered (``1. point``) where PowerPoint numbers it or the list's style
  in Impress does; an Impress item's later paragraphs go on under it;
- its **speaker notes**, where it has them, are paragraphs after it: they are often the
  words of the talk itself.

A slide without a title continues the one before. The default then reads the titles as
an outline, and joins slides into sections where their words go on (a deck's every
slide is a heading of one level, and the segmentation chooses among them).
"""

from __future__ import annotations

import os
import posixpath
import zipfile
from collections.abc import Iterable, Iterator
from xml.etree import ElementTree

from linseg.readers.archive import (
    ODF_OFFICE,
    ODF_TEXT,
    check_size,
    count_of,
    holds_part,
    odf_list_starts,
    odf_text,
    open_archive,
    outermost,
    read_xml,
    sniff_zip,
)
from linseg.readers.markup import ListNumbers
from linseg.readers.webpage import Block, blocks_text, list_continuation, list_item

__all__ = ["pptx_text", "odp_text", "sniff_pptx", "sniff_odp"]

_P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_NOTES = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesSlide"
_OFFICE = ODF_OFFICE
_DRAW = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
_TEXT = ODF_TEXT
_PRES = "{urn:oasis:names:tc:opendocument:xmlns:presentation:1.0}"
_ODP_MIMETYPE = b"application/vnd.oasis.opendocument.presentation"


def sniff_pptx(data: bytes, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``data`` is a PPTX: a ZIP archive named ``.pptx``, or one that holds
    ``ppt/presentation.xml``."""
    return sniff_zip(data, path, "pptx", None) or holds_part(data, "ppt/presentation.xml")


def sniff_odp(data: bytes, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``data`` is an ODP: a ZIP archive named ``.odp``, or one whose first entry
    is the ``mimetype`` of OpenDocument presentations."""
    return sniff_zip(data, path, "odp", _ODP_MIMETYPE)


def pptx_text(data: bytes) -> str:
    """The text of the PPTX ``data`` (see the module). Raises ValueError, saying why, for
    data that is not a readable PPTX."""
    with open_archive(data, "PPTX") as deck:
        slides = _pptx_slides(deck)
        check_size(deck, [path for path, _ in slides], "PPTX")
        blocks: list[Block] = []
        for path, notes in slides:
            blocks += _pptx_slide(read_xml(deck, path, "PPTX"))
            if notes is not None and notes in deck.namelist():
                blocks += _pptx_notes(read_xml(deck, notes, "PPTX"))
    return blocks_text(blocks)


def _pptx_slides(deck: zipfile.ZipFile) -> list[tuple[str, str | None]]:
    """Each slide's part, in the presentation's order, with its notes' part (or None)."""
    presentation = read_xml(deck, "ppt/presentation.xml", "PPTX")
    targets = _relations(deck, "ppt/_rels/presentation.xml.rels")
    order = presentation.find(f"{_P}sldIdLst")
    slides = []
    for sid in order if order is not None else []:
        target = targets.get(sid.get(f"{_R}id", ""), (None, ""))[0]
        if target is None:
            continue
        path = _part("ppt", target)
        rels = posixpath.join(posixpath.dirname(path), "_rels", posixpath.basename(path) + ".rels")
        notes = next((t for t, kind in _relations(deck, rels).values() if kind == _NOTES), None)
        if notes is not None:
            notes = _part(posixpath.dirname(path), notes)
        slides.append((path, notes))
    return slides


def _part(folder: str, target: str) -> str:
    """The part a relationship's target names: from the package's root if it opens with
    "/" (as some programs write them), else from the ``folder`` of the part that names it."""
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(folder, target))


def _relations(deck: zipfile.ZipFile, name: str) -> dict[str, tuple[str, str]]:
    """A relationships part: each ``Id``'s target and type ({} if there is no such part)."""
    if name not in deck.namelist():
        return {}
    root = read_xml(deck, name, "PPTX")
    return {
        rel.get("Id", ""): (rel.get("Target", ""), rel.get("Type", ""))
        for rel in root.iter(f"{_REL}Relationship")
    }


def _pptx_slide(slide: ElementTree.Element) -> Iterator[Block]:
    """A slide's title as a heading, then its other shapes' paragraphs as list items."""
    titles: list[tuple[int, str]] = []
    others: list[Block] = []
    for shape in outermost(slide, (f"{_P}sp", f"{_P}graphicFrame")):
        placeholder = shape.find(f"{_P}nvSpPr/{_P}nvPr/{_P}ph")
        kind = placeholder.get("type", "") if placeholder is not None else ""
        paragraphs = outermost(shape, (f"{_A}p",))
        if kind in ("title", "ctrTitle"):
            text = " ".join(t for t in map(_runs, paragraphs) if t)
            titles.append((1 if kind == "ctrTitle" else 2, text))
        else:
            others += _pptx_points(paragraphs)
    for level, title in titles[:1]:
        yield ("h", level, title)
    for _, title in titles[1:]:
        yield ("li", 0, title)
    yield from others


def _pptx_points(paragraphs: Iterable[ElementTree.Element]) -> Iterator[Block]:
    """A shape's paragraphs as list items, each at its level (``a:pPr lvl``, a nested
    list's depth) and numbered where PowerPoint numbers it (``a:buAutoNum``, from its
    ``startAt``), as a slide shows them."""
    numbers = ListNumbers()
    for paragraph in paragraphs:
        text = _runs(paragraph)
        if not text.strip():
            continue
        properties = paragraph.find(f"{_A}pPr")
        depth = start = 0
        if properties is not None:
            depth = min(count_of(properties.get("lvl")) or 0, 8)
            numbered = properties.find(f"{_A}buAutoNum")
            if numbered is not None:
                start = count_of(numbered.get("startAt")) or 1
        yield list_item(numbers.item(depth, start), text, depth)


def _pptx_notes(notes: ElementTree.Element) -> Iterator[Block]:
    """The speaker notes' paragraphs (not the slide image or number they also hold)."""
    for shape in outermost(notes, (f"{_P}sp",)):
        placeholder = shape.find(f"{_P}nvSpPr/{_P}nvPr/{_P}ph")
        if placeholder is None or placeholder.get("type") != "body":
            continue
        for paragraph in outermost(shape, (f"{_A}p",)):
            text = _runs(paragraph)
            if text.strip():
                yield ("p", 0, text)


def _runs(paragraph: ElementTree.Element) -> str:
    """A DrawingML paragraph's text: its runs and fields, its line breaks."""
    out = []
    for node in paragraph.iter():
        if node.tag == f"{_A}t" and node.text:
            out.append(node.text)
        elif node.tag == f"{_A}br":
            out.append("\n")
    return "".join(out)


def odp_text(data: bytes) -> str:
    """The text of the ODP ``data`` (see the module). Raises ValueError, saying why, for
    data that is not a readable ODP."""
    with open_archive(data, "ODP") as deck:
        content = read_xml(deck, "content.xml", "ODP")
    lists = odf_list_starts([content])
    body = content.find(f"{_OFFICE}body/{_OFFICE}presentation")
    if body is None:
        raise ValueError("not an ODP: content.xml has no office:presentation body")
    blocks: list[Block] = []
    for n, page in enumerate(body.iter(f"{_DRAW}page")):
        frames = [f for f in page if f.tag == f"{_DRAW}frame"]
        kinds = [f.get(f"{_PRES}class", "") for f in frames]
        title_level = 1 if n == 0 and "subtitle" in kinds else 2
        for frame, kind in zip(frames, kinds):
            if kind == "title":
                paragraphs = [odf_text(p) for p in outermost(frame, _ODP_PARAGRAPHS)]
                if any(p.strip() for p in paragraphs):
                    blocks.append(("h", title_level, " ".join(p for p in paragraphs if p.strip())))
            else:
                blocks += _odp_points(frame, lists)
        notes = page.find(f"{_PRES}notes")
        if notes is not None:
            for frame in outermost(notes, (f"{_DRAW}frame",)):
                if frame.get(f"{_PRES}class") == "notes":
                    blocks += [
                        ("p", 0, text)
                        for p in outermost(frame, _ODP_PARAGRAPHS)
                        if (text := odf_text(p)).strip()
                    ]
    return blocks_text(blocks)


_ODP_PARAGRAPHS = (f"{_TEXT}p", f"{_TEXT}h")


def _odp_points(frame: ElementTree.Element, lists: dict[str, dict[int, int]]) -> Iterator[Block]:
    """The paragraphs in ``frame`` as list items, each at the depth of the lists around
    it, as a slide shows them: numbered where the list's style (``lists``:
    :func:`~linseg.readers.archive.odf_list_starts`) numbers that level, counting on
    across lists that continue the numbering (Impress writes each item as a list of its
    own); in document order, without recursion (a file may nest its elements past
    Python's limit). An item's later paragraphs continue it."""
    numbers: dict[int, int] = {}  # the last number shown at each depth
    fresh: set[int] = set()  # the depths whose item has shown no paragraph yet
    stack = [(child, -1, "") for child in reversed(frame)]
    while stack:
        element, depth, style = stack.pop()
        if element.tag in _ODP_PARAGRAPHS:
            text = odf_text(element)
            if not text.strip():
                continue
            if depth >= 0 and depth not in fresh:  # an item's second paragraph, or later
                yield list_continuation(text, depth)
                continue
            start = lists.get(style, {}).get(depth + 1, 0) if depth >= 0 else 0
            if start:
                numbers[depth] = numbers.get(depth, start - 1) + 1
            fresh.discard(depth)
            yield list_item(numbers[depth] if start else 0, text, max(depth, 0))
            continue
        if element.tag == f"{_TEXT}list":
            depth += 1
            style = element.get(f"{_TEXT}style-name") or style
            if element.get(f"{_TEXT}continue-numbering") != "true":
                numbers.pop(depth, None)
        elif element.tag == f"{_TEXT}list-item":
            fresh.add(depth)
            for deeper in [d for d in numbers if d > depth]:
                del numbers[deeper]
            given = count_of(element.get(f"{_TEXT}start-value"))
            if given is not None:
                numbers[depth] = given - 1
        stack += [(child, depth, style) for child in reversed(element)]

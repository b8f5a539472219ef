"""What a PDF's lines make: its paragraphs, headings and code, read from their sizes,
faces, spacing and indents, without the furniture (running heads, page numbers)."""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterator

from linseg.readers.pdf_lines import (
    _DIGITS,
    _LAST_NUMBER,
    _PAGE_NUMBER,
    _SENTENCE_END,
    _bold_line,
    _joined,
    _Line,
)

__all__ = [
    "PARAGRAPH_GAP",
    "HEADING_SIZE",
    "HEADING_LINES",
    "HEADING_WORDS",
    "RUNNING_SHARE",
    "SHORT_LINE",
    "CODE_HEADING_SPACE",
    "PROSE_SHARE",
]

#: Space above a line, in usual line spacings, that starts a paragraph.
PARAGRAPH_GAP = 1.4
#: Font size, in body sizes, from which a short paragraph is a heading.
HEADING_SIZE = 1.15
#: The most lines and words a heading has.
HEADING_LINES = 3
HEADING_WORDS = 20

#: Share of the pages at whose top or bottom a line recurs to be a running header or
#: footer.
RUNNING_SHARE = 0.4
#: Space above a bold monospaced line in lower case, in usual line spacings, from which
#: it is a heading.
CODE_HEADING_SPACE = 2.1
#: Share of a document's characters that its prose (the lines not in a monospaced
#: font) must hold for the body's size to be read from it alone.
PROSE_SHARE = 0.25
#: The most spaces a code line is indented by (a line drawn far right of its block, as
#: only a damaged or made-up file draws one, had been a billion spaces): as many
#: monospaced characters as a line on a wide page holds in small type.
MAX_CODE_INDENT = 200
#: Share of the usual line's length below which a line that ends a sentence ends its
#: paragraph.
SHORT_LINE = 0.6
_BULLET = re.compile(r"[\u2022\u25e6\u25aa\u25cf\u2023\u2043\u2219\u00b7\u2013*-]\s")
_CONTENTS_ENTRY = re.compile(r"(?:\d{1,3}(?:\.\d{1,3})*|[A-Z])\.?\s+\D.*?\s\d{1,4}")
# A float's caption: "Figure 4:", "Table 10.2.:", "Fig. 3.", "Listing 2:".
_CAPTION = re.compile(r"(?:Figure|Fig\.|Table|Listing|Algorithm)\s*\d+(?:[.-]\d+)*\.?\s*[.:]")


def _without_furniture(lines: list[_Line]) -> list[_Line]:
    """``lines`` without the page's furniture: a page's top or bottom line that is a
    page number, or that recurs, digits aside, at the top or bottom of at least
    :data:`RUNNING_SHARE` of the pages (and of three), or of the pages of a stretch of
    them with its page's number (a book's running head, which names its chapter)."""
    pages: dict[int, list[int]] = {}
    for i, line in enumerate(lines):
        pages.setdefault(line.page, []).append(i)
    if len(pages) < 2:
        return lines
    edges: dict[int, str] = {}
    for members in pages.values():
        by_height = sorted(members, key=lambda i: lines[i].y)
        for i in by_height[:2] + by_height[-2:]:
            edges[i] = _DIGITS.sub("0", lines[i].text.lower())
    seen: dict[str, set[int]] = {}
    # For each line, the differences between its pages' indexes and the number it ends
    # with: one difference for a running head that prints its page's number.
    offsets: dict[str, set[int | None]] = {}
    for i, key in edges.items():
        seen.setdefault(key, set()).add(lines[i].page)
        number = _LAST_NUMBER.search(lines[i].text)
        offset = lines[i].page - int(number.group(1)) if number else None
        offsets.setdefault(key, set()).add(offset)
    least = max(3, RUNNING_SHARE * len(pages))
    # A recurring line is a running head only if it has a letter besides its digits: a
    # changelog's version headings ("3.3.0 (2023-09-30)"), one at the top of each page,
    # recur digits aside too. A book's running head names its chapter, and recurs on
    # the chapter's pages alone, with each page's number.
    furniture = {
        i
        for i, key in edges.items()
        if _PAGE_NUMBER.fullmatch(key)
        or (
            any(c.isalpha() for c in key)
            and (
                len(seen[key]) >= least
                or (
                    len(offsets[key]) == 1 and None not in offsets[key] and _runs_through(seen[key])
                )
            )
        )
    }
    return [line for i, line in enumerate(lines) if i not in furniture]


def _runs_through(pages: set[int]) -> bool:
    """Whether a line that recurs on ``pages`` recurs as a stretch's running head does:
    on three pages or more, and on at least :data:`RUNNING_SHARE` of those from the
    first to the last (a book sets its chapter's title atop every other page)."""
    return len(pages) >= 3 and len(pages) >= RUNNING_SHARE * (max(pages) - min(pages) + 1)


def _body_size(lines: list[_Line]) -> float:
    """The size most characters of prose are set in: of the lines that are not code,
    where they hold at least :data:`PROSE_SHARE` of the characters (a README's code,
    set smaller, can outweigh its prose, whose every line would then read as larger
    than the body: a heading); else of every line."""
    weight: dict[float, int] = {}
    prose: dict[float, int] = {}
    for line in lines:
        key = _size_key(line.size)
        weight[key] = weight.get(key, 0) + len(line.text)
        if not line.is_code:
            prose[key] = prose.get(key, 0) + len(line.text)
    if sum(prose.values()) >= PROSE_SHARE * sum(weight.values()):
        weight = prose
    return max(weight, key=lambda k: weight[k])


def _size_key(size: float) -> float:
    return round(size * 2) / 2


def _line_spacing(lines: list[_Line], body: float) -> float:
    """The usual drop from one line of body text to the next on a page."""
    drops = [
        a.y - b.y
        for a, b in zip(lines, lines[1:])
        if a.page == b.page
        and abs(a.size - body) < 0.5
        and abs(b.size - body) < 0.5
        and 0 < a.y - b.y < 4 * body
    ]
    return statistics.median(drops) if drops else 1.2 * body


def _measure(lines: list[_Line], body: float) -> float:
    """The usual length of a line of body text, in characters."""
    lengths = [len(x.text) for x in lines if abs(x.size - body) < 0.5 and not x.is_code]
    return statistics.median(lengths) if lengths else 0.0


def _left_edges(lines: list[_Line]) -> dict[int, list[float]]:
    """Each page's left margins (one a column): where at least a quarter of its lines
    start, to the nearest point."""
    starts: dict[int, dict[int, int]] = {}
    for line in lines:
        count = starts.setdefault(line.page, {})
        count[round(line.x)] = count.get(round(line.x), 0) + 1
    return {
        page: [x for x, n in count.items() if n >= 0.25 * sum(count.values())]
        for page, count in starts.items()
    }


def _indent(line: _Line, edges: list[float]) -> float:
    """How far ``line`` starts right of the nearest left margin clearly before it (a
    paragraph's first lines, if many, start at a margin of their own)."""
    before = [x for x in edges if x < line.x - 0.8 * line.size]
    return line.x - max(before) if before else 0.0


def _paragraphs(
    lines: list[_Line],
    spacing: float,
    edges: dict[int, list[float]],
    measure: float,
    body: float,
) -> Iterator[tuple[float, list[_Line]]]:
    """The lines grouped into paragraphs, each with its font size."""
    group = [lines[0]]
    for prev, line in zip(lines, lines[1:]):
        drop = prev.y - line.y if prev.page == line.page else 0.0
        # Larger type is set with more space between its lines.
        usual = spacing * max(prev.size, line.size) / body
        if (
            drop > PARAGRAPH_GAP * usual
            or abs(line.size - prev.size) > 0.1 * max(line.size, prev.size)
            or _BULLET.match(line.text)
            # (A float's caption atop a column or a page does not go on with the text.)
            or (drop <= 0 and _CAPTION.match(line.text))
            # (and ends where a sentence of it ends: a formula or text set after it
            # is no part of it.)
            or (_CAPTION.match(group[0].text) and prev.text[-1:] == ".")
            or (
                line.is_code != prev.is_code
                and not _wrapped(group, prev, drop, usual, measure, body)
            )
            or line.is_bold != prev.is_bold
            or (not line.is_code and _indented(prev, line, edges, drop))
            or (not line.is_code and _ended(prev, measure, body))
        ):
            yield max(x.size for x in group), group
            group = []
        group.append(line)
    yield max(x.size for x in group), group


def _wrapped(
    group: list[_Line], prev: _Line, drop: float, usual: float, measure: float, body: float
) -> bool:
    """Whether a line that is code where the line before is not (or the other way round)
    goes on with a paragraph of prose, ``group``: inline code that the paragraph wrapped
    onto a line of its own. The line before runs to the margin (0.7 of the usual line's
    characters: monospaced ones are wider) without ending a sentence, and the usual
    spacing, not a code block's space, is above the line."""
    return (
        not group[0].is_code
        and 0 < drop < 1.2 * usual
        and prev.text[-1:] not in _SENTENCE_END
        and len(prev.text) >= 0.7 * measure * body / prev.size
    )


def _indented(prev: _Line, line: _Line, edges: dict[int, list[float]], drop: float) -> bool:
    """Whether ``line`` opens a paragraph by its first-line indent (as LaTeX and many
    books set paragraphs, with no space between them): it starts 0.8-5 ems right of its
    margin, further right than the line before on the same column, which ended a
    sentence."""
    indent = _indent(line, edges[line.page])
    return (
        0.8 * line.size < indent < 5 * line.size
        and (drop <= 0 or line.x - prev.x > 0.8 * line.size)
        and prev.text[-1:] in _SENTENCE_END
    )


def _ended(line: _Line, measure: float, body: float) -> bool:
    """Whether ``line`` ends its paragraph by stopping short: it fills less than
    :data:`SHORT_LINE` of the usual line (fewer characters fit a line of larger type),
    and ends a sentence or is set in bold (a heading, which a next heading would
    otherwise join)."""
    return len(line.text) < SHORT_LINE * measure * body / line.size and (
        line.is_bold or line.text[-1:] in _SENTENCE_END
    )


def _is_heading(size: float, group: list[_Line], body: float) -> bool:
    return (
        size >= HEADING_SIZE * body
        and len(group) <= HEADING_LINES
        and sum(len(x.text.split()) for x in group) <= HEADING_WORDS
    )


def _is_bold_heading(
    size: float, group: list[_Line], text: str, measure: float, body: float
) -> bool:
    """A short paragraph set wholly in bold at about the body's size, whose last line
    stops short of the margin (a bold line that runs on opens a paragraph), and that
    neither ends like a sentence or a lead-in (``.``, ``:``) nor opens in lower case: a
    heading below those set larger. ``text``: the paragraph's, joined."""
    return (
        group[0].is_bold
        and 0.9 * body <= size < HEADING_SIZE * body
        and len(group[-1].text) < 0.9 * measure
        and len(group) <= HEADING_LINES
        and len(text.split()) <= HEADING_WORDS
        and text[-1] not in ".,;:"
        and not text[0].islower()
        and not _BULLET.match(text)
    )


def _in_contents(paragraphs: list[tuple[float, list[_Line]]], k: int, text: str) -> bool:
    """Whether paragraph ``k`` (its ``text``) is an entry of a table of contents, which
    LaTeX sets in bold for a chapter: a section's number, a title and a page's number
    (``6 Notes on Windows 21``), beside another entry (``6.1 Windows-specific features .
    . . 21``). A heading alone may end in a number (``3.2 Changes in Python 3``)."""
    if not _CONTENTS_ENTRY.fullmatch(text):
        return False
    return any(
        0 <= j < len(paragraphs) and _CONTENTS_ENTRY.fullmatch(_joined(paragraphs[j][1]))
        for j in (k - 1, k + 1)
    )


def _is_code_heading(
    size: float,
    group: list[_Line],
    before: _Line | None,
    after: _Line | None,
    spacing: float,
    body: float,
    code: float,
) -> bool:
    """One line wholly in bold monospaced type at about the body's size, or at the
    ``code``'s usual size if smaller (a word processor sets a heading that is all code
    so), in lower case too, which :func:`_is_bold_heading` does not take; with at least
    :data:`CODE_HEADING_SPACE` line spacings above it (from ``before``, the line before
    it on its page) and set apart from ``after`` as a heading is (:func:`_heads`): a
    heading that names a function (``### `resolver.cancel()` `` in LaTeX or a browser),
    not an API's signature, which has less space above it."""
    line = group[0]
    return (
        _bold_line(group)
        and line.is_code
        and 0.9 * min(body, code) <= size < HEADING_SIZE * body
        and before is not None
        and before.page == line.page
        # (Spacings of the line's own size, smaller type being set closer, when prose
        # follows; above more code, a highlighted first line of it ("import sys" in
        # bold) stands as far below the text before, so the body's spacings.)
        and before.y - line.y
        >= CODE_HEADING_SPACE
        * spacing
        * (1.0 if after and after.is_code else min(1.0, size / body))
        and (after is None or after.page != line.page or _heads(before, line, after, spacing))
        and len(line.text.split()) <= HEADING_WORDS
    )


def _within_code(before: _Line | None, line: _Line, after: _Line | None, spacing: float) -> bool:
    """Whether code stands close (less than 1.3 line spacings) above or below ``line``
    on its page: ``line`` is a line of that code block."""
    return any(
        other is not None
        and other.is_code
        and other.page == line.page
        and 0 < abs(other.y - line.y) < 1.3 * spacing
        for other in (before, after)
    )


def _heads(before: _Line, line: _Line, after: _Line, spacing: float) -> bool:
    """Whether ``line`` is set apart from ``after``, the line below it on its page, as a
    heading is: less space below than above, and not close above code, as a code
    block's first line is (in bold, as a highlighter sets ``class Fruit:``)."""
    return line.y - after.y < before.y - line.y and not _within_code(None, line, after, spacing)


def _code(group: list[_Line]) -> str:
    """A code block's lines, each indented by the spaces it draws and by how far it is
    drawn right of the block's leftmost line (in the width of a monospaced character,
    0.6 of the size; at most :data:`MAX_CODE_INDENT` of them)."""
    left = min(line.x for line in group)
    return "\n".join(
        " " * min(round((line.x - left) / (0.6 * line.size)), MAX_CODE_INDENT)
        + line.drawn().rstrip()
        for line in group
    )

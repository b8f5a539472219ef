"""An AsciiDoc source's lines before its blocks are read, as Asciidoctor's preprocessor
makes them: includes read in (tags and lines chosen), conditionals settled, attributes
recorded and their references put in, section levels offset, the header left out."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import NamedTuple

from linseg.readers.markup import (
    read_included,
)

# Built-in attributes that stand for characters (Asciidoctor's "character replacement
# attributes").
_BUILT_IN = {
    "empty": "", "blank": "", "sp": " ", "nbsp": "\u00a0", "zwsp": "\u200b",
    "wj": "\u2060", "apos": "'", "quot": '"', "lsquo": "\u2018", "rsquo": "\u2019",
    "ldquo": "\u201c", "rdquo": "\u201d", "deg": "\u00b0", "plus": "+", "brvbar": "\u00a6",
    "vbar": "|", "amp": "&", "lt": "<", "gt": ">", "startsb": "[", "endsb": "]",
    "caret": "^", "asterisk": "*", "tilde": "~", "backslash": "\\", "backtick": "`",
    "two-colons": "::", "two-semicolons": ";;", "cpp": "C++", "pp": "++",
}  # fmt: skip

_SECTION_MARKS = re.compile(r"(={1,6}|#{1,6})[ \t]+(?=[^\s=#])")
_UNDERLINE = re.compile(r"([=\-~^+])\1+[ \t]*")
_DELIMITER = re.compile(r"(-{4,}|\.{4,}|\+{4,}|/{4,}|={4,}|\*{4,}|_{4,}|--|[|,:!]={3,})[ \t]*")
# (Each run is taken whole, the backticks, the blanks and the language: shorter ones could
# only fail again, and on a fuzzed line of 240,000 characters, backticks and blanks, each
# split tried cost a scan of the rest, 17 s in all.)
_FENCE = re.compile(r"(`{3,})(?!`)[ \t]*(?![ \t])([\w+#.-]*)(?![\w+#.-])[^`]*")
# The value takes the line's trailing blanks, stripped where it is read: a lazy value
# before them took time that grew with the square of a run of blanks inside it.
_ATTRIBUTE_ENTRY = re.compile(r":(!?)([\w][\w-]*)(!?):(?:[ \t]+(.*))?")
# A tagged region's marker, in a comment of any language: "// tag::name[]", "# end::name[]".
_TAG_MARKER = re.compile(r"\b(tag|end)::([\w-]+)\[\]")
_DIRECTIVE = re.compile(r"(ifdef|ifndef|ifeval|endif|include)::([^\[]*)\[(.*)\][ \t]*")
_REFERENCE = re.compile(r"(?<!\\)\{([\w][\w-]*)\}")
_ANCHOR_LINE = re.compile(r"\[\[([\w:.-]+)(?:,[^\]]*)?\]\]|\[#([\w:-]+)[^\]]*\]")
_MAX_INCLUDE_DEPTH = 8


class _Section(NamedTuple):
    marks: str  # ``==`` for a title a level below the document's
    title: str


def _section(line: str) -> _Section | None:
    """The marks and the title of a section title line (``== Bees ==`` or ``## Bees``),
    or None. The closing marks, if any, must be the opening ones. (A regular expression
    that matched the whole line took time that grew with the square of a run of blanks
    in the title.)"""
    start = _SECTION_MARKS.match(line)
    if start is None:
        return None
    marks, title = start.group(1), line[start.end() :].rstrip(" \t")
    if title.endswith(marks) and title[: -len(marks)].endswith((" ", "\t")):
        title = title[: -len(marks)].rstrip(" \t")
    return _Section(marks, title)


def _preprocessed(
    lines: list[str],
    attributes: dict[str, str],
    read_file: Callable[[str], str] | None,
    folder: str,
    depth: int,
) -> list[str]:
    """``lines`` with their conditionals resolved and their includes read in; attribute
    entries are recorded in ``attributes`` as they come, so that a condition sees the
    ones above it."""
    kept: list[str] = []
    skipping: list[bool] = []  # for each open conditional, whether it drops its lines
    for line in lines:
        m = _DIRECTIVE.fullmatch(line)
        if m is None or line.startswith("\\"):
            if not any(skipping):
                entry = _ATTRIBUTE_ENTRY.fullmatch(line)
                if entry is not None:
                    _record(entry, attributes)
                kept.append(line)
            continue
        kind, target, content = m.groups()
        if kind == "endif":
            if skipping:
                skipping.pop()
            continue
        if kind in ("ifdef", "ifndef"):
            holds = _defined(target, attributes) == (kind == "ifdef")
            if content:  # the one-line form: ifdef::name[text]
                if holds and not any(skipping):
                    kept.append(content)
                continue
            skipping.append(not holds)
            continue
        if kind == "ifeval":
            skipping.append(False)
            continue
        if any(skipping):
            continue
        kept.extend(_included(target, content, attributes, read_file, folder, depth))
    return kept


def _record(entry: re.Match[str], attributes: dict[str, str]) -> None:
    unset_before, name, unset_after, value = entry.groups()
    if unset_before or unset_after:
        attributes.pop(name, None)
    else:
        attributes[name] = _references((value or "").rstrip(" \t"), attributes)


def _defined(target: str, attributes: dict[str, str]) -> bool:
    """Whether an ``ifdef`` target holds: ``a,b`` if any is defined, ``a+b`` if all are."""
    if "+" in target:
        return all(name in attributes for name in target.split("+"))
    return any(name in attributes for name in target.split(","))


def _included(
    target: str,
    options: str,
    attributes: dict[str, str],
    read_file: Callable[[str], str] | None,
    folder: str,
    depth: int,
) -> list[str]:
    """The lines of the file an ``include::`` names, preprocessed in turn (those of the
    ``tag=``/``tags=`` regions or ``lines=`` ranges its ``options`` name, its titles moved
    by ``leveloffset=``); none where it cannot be read (no reader, too deep, or outside
    the source's folders)."""
    name = _references(target, attributes).strip()
    read = read_included(name, folder, read_file) if depth < _MAX_INCLUDE_DEPTH else None
    if read is None:
        return []
    path, text = read
    named_options = _include_options(options)
    chosen = _chosen(text.splitlines(), named_options)
    lines = _preprocessed(chosen, attributes, read_file, os.path.dirname(path), depth + 1)
    offset = named_options.get("leveloffset", "")
    # As Asciidoctor does: the included lines between entries that move the levels and
    # move them back, which _level_offset reads once the whole source is preprocessed.
    if re.fullmatch(r"[+-]?\d+", offset) and int(offset):
        return [f":leveloffset: {int(offset):+d}", *lines, f":leveloffset: {-int(offset):+d}"]
    return lines


def _include_options(options: str) -> dict[str, str]:
    """An include's named options (``tag=compact,leveloffset=+1``), unquoted."""
    found: dict[str, str] = {}
    for part in options.split(","):
        key, eq, value = part.partition("=")
        if eq:
            found[key.strip()] = value.strip().strip('"')
    return found


def _chosen(lines: list[str], options: dict[str, str]) -> list[str]:
    """The lines an include takes: the regions between ``tag::NAME[]`` and
    ``end::NAME[]`` (the tag lines themselves left out) of the tags it names, or the
    ``lines=`` ranges (``1..10;15``, 1-based, ``-1`` for the last), or all."""
    names = [t for t in re.split(r"[;,]", options.get("tags", options.get("tag", ""))) if t]
    names = [t for t in names if not t.startswith("!") and t not in ("*", "**")]
    if names:
        kept: list[str] = []
        open_tags: set[str] = set()
        for line in lines:
            marker = _TAG_MARKER.search(line)
            if marker is None:
                if open_tags.intersection(names):
                    kept.append(line)
            elif marker.group(1) == "tag":
                open_tags.add(marker.group(2))
            else:
                open_tags.discard(marker.group(2))
        return kept
    ranges = options.get("lines", "")
    if not ranges:
        return [ln for ln in lines if not _TAG_MARKER.search(ln)]
    kept = []
    for part in re.split(r"[;,]", ranges):
        first, dots, last = (p.strip() for p in part.partition(".."))
        if not first.isdigit():
            continue
        if not dots:
            end = int(first)
        elif last in ("", "-1"):
            end = len(lines)
        elif last.isdigit():
            end = int(last)
        else:
            continue
        kept.extend(lines[int(first) - 1 : end])
    return kept


def _level_offset(lines: list[str]) -> list[str]:
    """``lines`` with their ``=`` section titles, outside delimited blocks, moved as the
    ``:leveloffset:`` entries above them say (``+1``, ``-1``: from the current offset; ``2``:
    to it; unset: to 0), and without those entries, which show nothing."""
    if not any(line.startswith(":leveloffset") for line in lines):
        return lines
    moved: list[str] = []
    offset = 0
    fence: str | None = None
    for line in lines:
        delimiter = _DELIMITER.fullmatch(line) or _FENCE.fullmatch(line)
        if delimiter is not None:
            mark = delimiter.group(1)
            fence = None if fence == mark else fence or mark
        entry = _ATTRIBUTE_ENTRY.fullmatch(line) if fence is None else None
        if entry is not None and entry.group(2) == "leveloffset":
            value = (entry.group(4) or "").strip()
            if entry.group(1) or entry.group(3):
                offset = 0
            elif re.fullmatch(r"[+-]\d+", value):
                offset += int(value)
            elif value.isdigit():
                offset = int(value)
            continue
        section = _section(line) if fence is None and offset else None
        if section is not None and section.marks[0] == "=":
            level = min(6, max(1, len(section.marks) + offset))
            line = "=" * level + line[len(section.marks) :]
        moved.append(line)
    return moved


def _without_header(lines: list[str]) -> list[str]:
    """``lines`` without the header's author and revision lines: those that follow a
    document title (``= Title``) before the first blank line, other than attribute
    entries and comments."""
    i = 0
    while i < len(lines) and (not lines[i].strip() or lines[i].startswith("//")):
        i += 1
    title = _section(lines[i]) if i < len(lines) else None
    if title is None or title.marks not in ("=", "#"):
        return lines
    j = i + 1
    header = [lines[i]]
    while j < len(lines) and lines[j].strip():
        if _ATTRIBUTE_ENTRY.fullmatch(lines[j]) or lines[j].startswith("//"):
            header.append(lines[j])
        j += 1
    return lines[:i] + header + lines[j:]


def _section_titles(lines: list[str]) -> dict[str, str]:
    """The title of each section by its ids: the anchor above it (``[[id]]``, ``[#id]``)
    and the id AsciiDoc makes of its title (``_visual_studio_code``)."""
    titles: dict[str, str] = {}
    anchor = None
    for i, line in enumerate(lines):
        section = _section(line)
        title = section.title if section else None
        if title is None and i + 1 < len(lines) and _is_underline(lines, i, lines[i + 1]):
            title = line.strip()
        if title is not None:
            titles.setdefault("_" + re.sub(r"\W+", "_", title.lower()).strip("_"), title)
            if anchor:
                titles.setdefault(anchor, title)
        m = _ANCHOR_LINE.fullmatch(line.strip())
        anchor = (m.group(1) or m.group(2)) if m else None
    return titles


#: The most characters a line, or an attribute's value, may hold once its attribute
#: references are replaced: attributes defined by references to themselves grow fourfold a
#: line with ":x: {x}{x}{x}{x}", past any memory in a few dozen lines.
MAX_EXPANDED = 1_000_000


def _references(text: str, attributes: dict[str, str]) -> str:
    """``text`` with its attribute references replaced (an unknown one is kept); a
    ValueError past :data:`MAX_EXPANDED` characters."""
    if "{" not in text:
        return text

    def value(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in attributes:
            return attributes[name]
        return _BUILT_IN.get(name, m.group(0))

    expanded = _REFERENCE.sub(value, text)
    if len(expanded) > max(MAX_EXPANDED, len(text)):
        raise ValueError(
            f"the AsciiDoc source's attribute references expand a line past "
            f"{MAX_EXPANDED:,} characters"
        )
    return expanded


def _is_underline(lines: list[str], i: int, underline: str) -> bool:
    """Whether ``underline`` is a two-line title's underline for ``lines[i]``: one mark
    repeated, within two characters of the title's length (as AsciiDoc reads them), under
    a line that is not itself a delimiter, a block line or a list item."""
    if i < 0 or not _UNDERLINE.fullmatch(underline):
        return False
    title = lines[i].rstrip()
    if not title.strip() or title[0] in " \t.[/*-+|<" or _DELIMITER.fullmatch(title):
        return False
    if _UNDERLINE.fullmatch(title) or _section(title) or title.endswith("::"):
        return False
    return abs(len(underline.rstrip()) - len(title)) <= 2 and len(underline.rstrip()) >= 2

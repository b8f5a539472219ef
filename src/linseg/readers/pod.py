"""Perl's POD (Plain Old Documentation): the text ``perldoc`` shows, its headings as headings.

POD (``.pod``; also the documentation inside Perl modules and scripts) is written in
paragraphs separated by blank lines, each a command (``=head1 NAME``), a verbatim
paragraph (indented: code) or an ordinary one. :func:`pod_text` reads a source into text
that linseg segments as it segments Markdown:

- **Headings**: ``=head1`` to ``=head6`` are ``#`` to ``######`` lines, so that the default
  cuts a page at its sections.
- **Lists**: ``=over`` ... ``=back`` hold items; ``=item *`` is a ``*`` item, ``=item 1.``
  a numbered one, and any other ``=item`` (an option's name, a function's signature) a
  line of its own above its text, as in a manual page.
- **Verbatim paragraphs** (indented) are code: consecutive ones are kept between fences,
  one unit, their common indentation taken off.
- **Formatting codes** show their text: ``B<bold>``, ``I<>``, ``C<>``, ``F<>``, ``S<>``
  (also ``C<< $a->b >>``); ``E<gt>`` and other escapes their character; a link ``L<text|
  name>`` its text, ``L<name>`` its name, ``L</"section">`` the section's name in quotes,
  ``L<"section"/name>`` ``"section" in name``; an index entry ``X<>`` and ``Z<>`` nothing.
- **Left out**: ``=pod``, ``=cut``, ``=encoding``, ``=begin`` ... ``=end`` and ``=for``
  blocks for other formatters (``html``, ``man``; those for ``text`` are kept), and in a
  Perl module or script, the code outside its POD.

Only the standard library is used.
"""

from __future__ import annotations

import html
import os
import re
import textwrap

from linseg.readers.formats import named
from linseg.readers.markup import fenced, heading, written

__all__ = ["pod_text", "sniff_pod"]

_COMMAND = re.compile(r"=([a-zA-Z]\w*)(?:[ \t]+|$)")
_HEAD = re.compile(r"head([1-6])")
# A paragraph is separated from the next by a line of white space at most.
_PARAGRAPHS = re.compile(r"\n[ \t]*\n(?:[ \t]*\n)*")
# The commands perlpod defines, for detection: a text that opens with one of them.
_OPENING = re.compile(r"\A(?:\s*\n)?=(?:pod|head[1-6]|encoding|over|begin|for)\b")
_HEADING_LINE = re.compile(r"^=head[1-6][ \t]+\S", re.MULTILINE)
_ITEM_BULLET = re.compile(r"(?:[*\u2022]|[o-](?= |$)) *(.*)")
_ITEM_NUMBER = re.compile(r"(\d+)\.?(?: +(.*))?")
_ESCAPES = {"lt": "<", "gt": ">", "verbar": "|", "sol": "/"}
_SNIFF_HEADINGS = 2


def sniff_pod(text: str, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``text`` is a POD document: named ``.pod``, or opening with a POD command
    (``=pod``, ``=head1``, ``=encoding`` ...) and holding two ``=head`` lines or more. (A
    Perl module's POD, after its code, is read with ``--format pod``.)"""
    if named(path) == "pod":
        return True
    if not _OPENING.match(text):
        return False
    return len(_HEADING_LINE.findall(text, 0, 65536)) >= _SNIFF_HEADINGS


def pod_text(source: str) -> str:
    """The text of the POD in ``source`` (see the module), its blocks separated by blank
    lines; an empty string if it holds none."""
    blocks: list[str] = []
    verbatim: list[str] = []  # consecutive verbatim paragraphs, one block of code
    in_pod = False
    skip_until: str | None = None  # the =end that closes a block for another formatter
    mark = ""  # an item's bullet or number, for the paragraph that holds its text
    for paragraph in _PARAGRAPHS.split(source.replace("\r\n", "\n")):
        paragraph = paragraph.lstrip("\n")
        if not paragraph.strip():
            continue
        command = _COMMAND.match(paragraph)
        if not in_pod:
            if command is None:
                continue  # code (a module's), or text before the POD starts
            in_pod = True
        if skip_until is not None:
            if command is not None and command.group(1) == "end":
                skip_until = (
                    None if paragraph[command.end() :].strip() == skip_until else skip_until
                )
            continue
        if verbatim and (command is not None or not paragraph[:1].isspace()):
            blocks.append(_code(verbatim))
            verbatim = []
        if command is None:
            if paragraph[:1].isspace():
                verbatim.append(paragraph)
            else:
                blocks.append(mark + _formatted(paragraph))
                mark = ""
            continue
        name, rest = command.group(1), paragraph[command.end() :]
        if name == "cut":
            in_pod = False
        elif name == "begin":
            target = rest.split()[0] if rest.split() else ""
            if target.lstrip(":") != "text":
                skip_until = target
        elif name == "for":
            target, _, text = rest.strip().partition(" ")
            if target.lstrip(":") == "text" and text.strip():
                blocks.append(_formatted(text.strip()))
        elif (head := _HEAD.fullmatch(name)) is not None:
            blocks.append(heading(int(head.group(1)), _formatted(rest)))
        elif name == "item":
            mark, text = _item(rest)
            if text:
                blocks.append(mark + text)
                mark = ""
        # =pod, =encoding, =over, =back, =end and unknown commands show nothing.
    if verbatim:
        blocks.append(_code(verbatim))
    return written([line for block in blocks if block.strip() for line in (block, "")])


def _item(rest: str) -> tuple[str, str]:
    """An ``=item``'s mark (``"* "``, ``"1. "``, or "" for a term) and its text."""
    text = " ".join(_formatted(rest).split())
    bullet = _ITEM_BULLET.fullmatch(text)
    if bullet is not None:
        return "* ", bullet.group(1)
    number = _ITEM_NUMBER.fullmatch(text)
    if number is not None:
        return number.group(1) + ". ", number.group(2) or ""
    return "", text


def _code(paragraphs: list[str]) -> str:
    """Verbatim paragraphs as one fenced block, their common indentation taken off (tabs
    read as spaces first, so that a tab and eight spaces count alike)."""
    return fenced(textwrap.dedent("\n\n".join(paragraphs).expandtabs()))


def _formatted(text: str) -> str:
    """``text`` with its formatting codes read (see the module)."""
    if "<" not in text:
        return text
    out, _ = _codes(text, 0, None)
    return out


_CODE_START = re.compile(r"([A-Z])(<+)(\s?)")


def _codes(text: str, i: int, closing: str | None) -> tuple[str, int]:
    """Read ``text`` from ``i`` up to ``closing`` (a run of ``>``, or the end): the text
    it shows and where it stops (after ``closing``)."""
    out: list[str] = []
    while i < len(text):
        # A code opened with "<< " closes at " >>": the space before is padding.
        padded = len(closing or "") > 1 and bool(out) and out[-1][-1:].isspace()
        if closing is not None and text.startswith(closing, i) and (len(closing) == 1 or padded):
            if padded:
                out[-1] = out[-1].rstrip()
            return "".join(out), i + len(closing)
        m = _CODE_START.match(text, i)
        if m is not None:
            letter, brackets = m.group(1), m.group(2)
            if len(brackets) > 1 and m.group(3):  # C<< code >>: closed by as many
                inner, i = _codes(text, m.end(), ">" * len(brackets))
            else:  # C<code>; C<<=> is C< with "<=" in it
                inner, i = _codes(text, m.start(2) + 1, ">")
            out.append(_shown(letter, inner))
            continue
        out.append(text[i])
        i += 1
    return "".join(out), i


def _shown(letter: str, inner: str) -> str:
    """What the formatting code ``letter<inner>`` shows."""
    if letter in "XZ":
        return ""
    if letter == "E":
        return _escape(inner.strip())
    if letter == "L":
        return _link(inner)
    return inner  # B, I, C, F, S and any other: their text


def _escape(name: str) -> str:
    if name in _ESCAPES:
        return _ESCAPES[name]
    try:
        if name.lower().startswith("0x"):
            return chr(int(name[2:], 16))
        if name.startswith("0") and name.isdigit() and len(name) > 1:
            return chr(int(name, 8))
        if name.isdigit():
            return chr(int(name))
    except (ValueError, OverflowError):
        return ""
    shown = html.unescape(f"&{name};")
    return "" if shown.startswith("&") else shown


def _link(inner: str) -> str:
    """What ``L<inner>`` shows: its text before ``|``, else its name and section."""
    text, bar, target = inner.partition("|")
    if bar:
        return text
    if "://" in inner or inner.startswith("mailto:"):
        return inner
    name, slash, section = inner.partition("/")
    if not slash:
        if inner.startswith('"') and inner.endswith('"'):
            return inner  # L<"section">, the old form
        return name
    section = section.strip('"')
    return f'"{section}" in {name}' if name else f'"{section}"'

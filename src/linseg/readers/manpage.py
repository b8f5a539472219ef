"""Manual pages: the text ``man`` shows of a page's source, with its sections as headings.

A manual page (``/usr/share/man/man1/tar.1.gz``) is written in troff with the man(7)
macros, or, for pages from the BSDs, the mdoc(7) macros. :func:`man_text` reads one into
text that linseg segments as it segments Markdown:

- **Headings**: the page's title (``.TH tar 1``: ``# tar(1)``), its sections (``.SH``,
  mdoc's ``.Sh``: ``## NAME``) and sub-sections (``.SS``, ``.Ss``: ``###``), so that the
  default cuts the page at its sections.
- **Paragraphs**: ``.PP``, ``.LP``, ``.P``, ``.sp``, mdoc's ``.Pp`` and blank lines end
  one; ``.br`` ends a line.
- **Lists**: a tagged or indented paragraph (``.TP``, ``.IP``, mdoc's ``.It``) is a block
  of its own: its tag (an option's name) on one line and its text below; one whose
  ``.IP`` tag is a list's mark (a bullet, ``1.``, ``(2)``) is a list item (``- text``,
  ``1. text``), indented two spaces for each ``.RS`` open around it, as a nested list.
- **Displays**: unfilled text (``.nf`` ... ``.fi``, ``.EX`` ... ``.EE``, mdoc's ``.Bd
  -literal``; a heading ends one too) is kept line for line between fences, one unit; a
  table's (``.TS`` ... ``.TE``) rows are lines, their cells joined by ``" | "``.
- **Inline**: fonts (``.B``, ``.BR``, ``\fB``), named characters (``\\(em``, ``\\[u00E9]``),
  strings the page defines (``.ds``) and common ones (``\\*(Aq``) are read as the text
  they show; comments, ignored blocks (``.ig``) and spacing requests are left out.
  mdoc's inline macros show their arguments (``.Fl v``: ``-v``; ``.Xr ls 1``:
  ``ls(1)``; ``.Op``: in brackets).
- **Conditions** (``.if``, ``.ie``, ``.el``) are taken as a terminal's formatter takes
  them: ``n`` holds and ``t`` does not, a number register is 0 until the page sets it
  (``.nr``; groff's ``.g`` is 1), and strings compare as they show (``"\\$1"unlimited"``).
- **Macros a page defines** (``.de``, ``.am``) are expanded where it calls them, their
  arguments put in (pod2man's ``.Vb`` and ``.Ve`` open and close a display, crypt(5)'s
  ``.hash`` writes a table), within a budget that stops a page calling them without end;
  a definition of a macro the reader knows (``.TQ``) is not used.
- **Input lines** are joined where one ends in an escaped newline (a backslash), as troff
  joins them, and a request's name ends at a blank or an escape (``.el\\{\\``).

A page that only points to another (``.so man1/gzip.1``) is read from that page, found by
``read_page`` (:func:`~linseg.readers.document.read_document` looks under the manual's
folder, then beside the page). Only the
standard library is used."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from linseg.readers.mdoc import (
    _HANDLED,
    _MDOC_TEXT,
    _REFERENCE_ORDER,
    _called,
    _MdocMacros,
)
from linseg.readers.roff import (
    _ALTERNATING,
    _COMMENT,
    _COMPARISON,
    _FONTS,
    _HEADINGS,
    _NAMED,
    _NUMERIC_CONDITION,
    _PARAGRAPH,
    _REGISTER,
    _SKIPPED,
    _STRING,
    _STRINGS,
    _block_text,
    _is_request,
    _joined_lines,
    _Macro,
    _request_parts,
    macro_arguments,
    plain,
)

if TYPE_CHECKING:
    from linseg.readers.webpage import Block

__all__ = ["man_text", "sniff_man", "included_page"]

# Greek letters: \(*a is alpha ... \(*W Omega, in groff's order of Latin names.
_NAMED.update(
    ("*" + latin, greek)
    for latin, greek in zip(
        "abgdezyhiklmncoprstufxqwABGDEZYHIKLMNCOPRSTUFXQW",
        "\u03b1\u03b2\u03b3\u03b4\u03b5\u03b6\u03b7\u03b8\u03b9\u03ba\u03bb\u03bc"
        "\u03bd\u03be\u03bf\u03c0\u03c1\u03c3\u03c4\u03c5\u03c6\u03c7\u03c8\u03c9"
        "\u0391\u0392\u0393\u0394\u0395\u0396\u0397\u0398\u0399\u039a\u039b\u039c"
        "\u039d\u039e\u039f\u03a0\u03a1\u03a3\u03a4\u03a5\u03a6\u03a7\u03a8\u03a9",
    )
)
#: What calls of a page's own macros may cost, in all (see ``_Reader._expand``): lines
#: moved, with a floor for each call, and characters written, twice the page's and 100,000
#: more (crypt(5), whose macros write most, gains a third); then it reads on without them.
EXPANSION_BUDGET = 50_000_000
EXPANSION_CALL_COST = 1_000
EXPANSION_GROWTH = 2
EXPANSION_CHARACTERS = 100_000
_HEAD_MACRO = re.compile(r"^[.'][ \t]*(TH|Dd|Dt)[ \t]", re.MULTILINE)
_SECTION_MACRO = re.compile(r"^[.'][ \t]*(SH|Sh)\b", re.MULTILINE)
_INCLUDE = re.compile(r"^[.'][ \t]*so[ \t]+(\S+)[ \t]*$")

# An .IP tag that is a list's mark: a bullet (\(bu, "*", "-", "o"), or a number ("1.",
# "2)", "(3)"), which it gives.
_LIST_MARK = re.compile(r"[\u2022\u00b7*o\u2013-]|\(?(\d{1,3})[.)]")
# Requests that name a macro anew (.als new old, .rn old new) or remove names (.rm).
_RENAMING = {"als", "rn", "rm"}


def sniff_man(text: str, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``text`` is a manual page's source: a ``.TH`` (man) or ``.Dd``/``.Dt``
    (mdoc) request in its first 8 KB and a section (``.SH``, ``.Sh``), or a page that
    only includes another (``.so``). ``path`` is not read (a page is known by what it
    holds, not by its name); it is taken as every format's recogniser takes it."""
    head = text[:8192]
    if _HEAD_MACRO.search(head):
        return bool(_SECTION_MACRO.search(text))
    return included_page(text) is not None


def included_page(text: str) -> str | None:
    """The page that ``text`` only points to (``.so man1/gzip.1``), or None."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not _COMMENT.match(ln)]
    if len(lines) == 1 and (m := _INCLUDE.match(lines[0])):
        return m.group(1)
    return None


def man_text(source: str, read_page: Callable[[str], str] | None = None) -> str:
    """The text of the manual page ``source`` (see the module), its blocks separated by
    blank lines and its headings as Markdown lines; an empty string if it shows none.

    A page that only includes another (``.so NAME``) is read from ``read_page(NAME)``;
    ValueError if there is none to ask.
    """
    from linseg.readers.webpage import blocks_text

    target = included_page(source)
    if target is not None:
        if read_page is None:
            raise ValueError(f"this manual page only includes {target}; read it from its file")
        return man_text(read_page(target))
    return blocks_text(_Reader(source).read())


class _Reader(_MdocMacros):
    """The page's blocks (``("h", level, text)``, ``("p", 0, text)``, ``("pre", 0,
    text)``, ``("tr", 0, cells)``), in order, one request or text line at a time."""

    def __init__(self, source: str) -> None:
        self.lines = _joined_lines(source)
        self.blocks: list[Block] = []
        self.paragraph: list[str] = []
        self.strings = dict(_STRINGS)
        self.name = ""  # the page's name, which mdoc's bare .Nm shows
        self.heading = 0  # the level of a heading whose text is on the next line
        self.tag = False  # whether the next line is a .TP's tag
        # The paragraph's number as a list item (0 a bullet's) when an .IP's tag is a
        # list's mark, -1 when an .IP has no tag, else None; and how many .RS indents
        # are open (a nested list's).
        self.item: int | None = None
        self.depth = 0
        # The depths of the list items still open: a paragraph indented below one (an
        # .RS inside its .IP) is its next paragraph, one at its depth or above closes it.
        self.items: list[int] = []
        self.spacing = True  # mdoc's .Sm: whether a line's words are spaced
        self.synopsis = False  # whether the text is mdoc's SYNOPSIS, which shows declarations
        self.condition = True  # whether the last .ie held (so that .el does not)
        self.registers: dict[str, int] = {".g": 1}  # number registers the page sets
        self.increments: dict[str, int] = {}  # their steps, for \n+[name] and \n-[name]
        self.bodies: dict[str, _Macro] = {}  # the macros it defines: their lines
        self.aliases: dict[str, str] = {}  # other names it gives the reader's macros
        self.link = ("", 0)  # an open link's address, and where its text starts
        # A page that calls its macros without end (or recursively) stops expanding them:
        # lines moved in all, and characters written, within a multiple of its own.
        self.expansion_budget = EXPANSION_BUDGET
        self.written_budget = EXPANSION_GROWTH * len(source) + EXPANSION_CHARACTERS

    def read(self) -> list[Block]:
        i = 0
        while i < len(self.lines):
            i = self._line(i)
        self._flush()
        return self.blocks

    # -- one line -------------------------------------------------------------------

    def _line(self, i: int) -> int:
        return self._interpret(self.lines[i], i)

    def _interpret(self, raw: str, i: int) -> int:
        """Read ``raw``, line ``i`` or what a condition on it runs; the next line's index."""
        if raw.startswith((".", "'")):
            return self._request(i, *_request_parts(raw))
        text = self._text(_COMMENT.sub(r"\1", raw) if "\\" in raw else raw)
        if self.heading:
            self._heading(self.heading, text)
        elif not raw.strip():
            self._flush()
        elif raw[:1] in (" ", "\t") and self.paragraph:
            self.paragraph.append("\n" + text)  # a line that opens with space breaks
        else:
            self._add(text)
            if self.tag:
                self.paragraph.append("\n")
        self.tag = False
        return i + 1

    def _request(self, i: int, name: str, rest: str) -> int:
        args = macro_arguments(rest)
        if name in self.aliases and name not in self.bodies:
            name = self.aliases[name]
        if self._calls_macro(name):
            return self._expand(i, name, args)
        if name in ("TH", "Dt"):
            self._flush()
            title = self._text(args[0]) if args else ""
            if title:
                number = self._text(args[1]) if len(args) > 1 else ""
                section = f"({number})" if number else ""  # '.TH "T" ""': no "()"
                self.blocks.append(("h", 1, title + section))
        elif name in ("SH", "SS", "Sh", "Ss"):
            self._flush()
            level = 2 if name in ("SH", "Sh") else 3
            if args:
                self._heading(level, self._text(" ".join(args)))
            else:
                self.heading = level
        elif name in ("if", "ie", "el"):
            return self._conditional(i, name, rest)
        elif name in _PARAGRAPH:
            self._flush()
        elif name in ("TP", "TQ"):
            self._flush()
            self.tag = True
        elif name in ("IP", "It", "RS", "RE"):
            self._list_request(name, args)
        elif name == "br":
            self.paragraph.append("\n")
        elif name in ("nf", "EX") or (name == "Bd" and ("-literal" in args or "-unfilled" in args)):
            return self._display(i, {"nf": "fi", "EX": "EE", "Bd": "Ed"}[name])
        elif name == "TS":
            return self._table(i)
        elif name in _SKIPPED or name in _RENAMING:
            return self._define(i, name, args)
        elif name == "nr" and len(args) >= 2 and re.fullmatch(r"[+-]?\d+", args[1]):
            self.registers[args[0]] = int(args[1])
            if len(args) > 2 and re.fullmatch(r"\d+", args[2]):
                self.increments[args[0]] = int(args[2])
        elif name == "nop":  # what follows is read as a line of its own
            return self._interpret(rest, i)
        elif name == "ds" and args:
            value = rest[len(args[0]) :].strip()
            # One leading quote opens the string (pod2man's nroff quotes, '.ds L" ""').
            self.strings[args[0]] = self._text(value[1:] if value[:1] == '"' else value)
        elif name in _FONTS:
            if args:
                self._add(self._font_text(name, args))
                if self.tag:
                    self.paragraph.append("\n")
                self.tag = False
        elif name in ("UR", "MT", "UE", "ME"):
            self._link(name, args)
        elif name in ("SY", "OP"):
            shown = " ".join(map(self._text, args))
            self._add(f"[{shown}]" if name == "OP" else shown)
        elif name == "Sm":
            self.spacing = args[:1] != ["off"] if args else not self.spacing
        elif name == "Nm" and args and not self.name:
            self.name = self._text(args[0])
            self._add(self._mdoc(["Nm", *args]))
        elif name in ("Ft", "Fn", "Fo", "In"):
            return self._declaration(i, name, args)
        elif name == "Rs":
            return self._reference(i)
        elif name in _MDOC_TEXT:
            self._add(self._mdoc([name, *args]))
        # Every other request (spacing, conditions, registers, lists' bounds ...) shows
        # no text of its own.
        return i + 1

    def _declaration(self, i: int, name: str, args: list[str]) -> int:
        """mdoc's macros of a C declaration at line ``i``: a function's type (``.Ft``),
        the function (``.Fn``, or ``.Fo``, its ``.Fa`` lines and ``.Fc``) and a header
        (``.In``). A SYNOPSIS shows each declaration as a paragraph that ends in ``;``, as
        groff does. The next line's index."""
        end = i + 1
        if name == "Fo":
            parameters: list[str] = []
            while end < len(self.lines) and _is_request(self.lines[end], "Fa"):
                parameters += macro_arguments(_request_parts(self.lines[end])[1])
                end += 1
            if end < len(self.lines) and _is_request(self.lines[end], "Fc"):
                parameters += macro_arguments(_request_parts(self.lines[end])[1])
                end += 1
            args = [*args[:1], *parameters]
        text = self._mdoc(["Fn" if name == "Fo" else name, *args])
        if not self.synopsis:
            self._add(text)
        elif name == "Ft":
            self._flush()
            self.paragraph.extend([text, "\n"])
        else:
            if name == "In":
                self._flush()
            self._add(text if name == "In" else text + ";")
            self._flush()
        return end

    def _define(self, i: int, name: str, args: list[str]) -> int:
        """A request at line ``i`` that defines a macro (``.de``, ``.am``: their lines up
        to the end they name, kept to be expanded), ignores lines (``.ig``), or names,
        renames or removes a macro or string (``.als``, ``.rn``, ``.rm``). The next
        line's index."""
        if name == "rm":
            for gone in args:
                self._forget(gone)
        elif name in _RENAMING and len(args) >= 2:
            new, old = args[:2] if name == "als" else args[1::-1]
            if old in self.bodies:
                self.bodies[new] = self.bodies[old]
            elif old in self.strings:
                self.strings[new] = self.strings[old]
            else:  # one of the reader's own macros, or a request
                self.aliases[new] = self.aliases.get(old, old)
            if name == "rn":
                self._forget(old)
        if name in _RENAMING:
            return i + 1
        end = args[0] if name == "ig" and args else args[1] if len(args) > 1 else "."
        after = self._skip(i, end)
        if name != "ig" and args:
            body = self.lines[i + 1 : min(after - 1, len(self.lines))]
            if name.startswith("am") and args[0] in self.bodies:
                body = self.bodies[args[0]].lines + body
            self.bodies[args[0]] = _Macro.of(body)
        return after

    def _link(self, name: str, args: list[str]) -> None:
        """man(7)'s links: ``.UR`` and ``.MT`` open one to an address, ``.UE`` and
        ``.ME`` close it, with what follows it (punctuation). groff shows the link's text
        and its address after it, or the address alone."""
        if name in ("UR", "MT"):
            self.link = (self._text(args[0]) if args else "", len(self.paragraph))
            return
        address, start = self.link
        self.link = ("", 0)
        if address:
            self._add(f"<{address}>" if len(self.paragraph) > start else address)
        if args and self.paragraph:
            self.paragraph[-1] += self._text(args[0])

    def _forget(self, name: str) -> None:
        for names in (self.bodies, self.strings, self.aliases):
            names.pop(name, None)

    def _reference(self, i: int) -> int:
        """mdoc's bibliographic reference at line ``i`` (``.Rs``, its ``.%A``, ``.%T`` ...
        fields, ``.Re``), written as groff writes it: the authors (``A and B``, or ``A,
        B, and C``), then the other fields in groff's order, after commas; a title in
        quotes when it stands in a book or journal. The next line's index."""
        fields: dict[str, list[str]] = {}
        end = i + 1
        # Its fields, up to .Re (or to a line that is none, where a page forgot .Re).
        while end < len(self.lines) and self.lines[end].startswith((".", "'")):
            name, rest = _request_parts(self.lines[end])
            if name[:1] != "%":
                end += name == "Re"
                break
            if rest:
                fields.setdefault(name[1:], []).append(self._mdoc(macro_arguments(rest)))
            end += 1
        authors = fields.pop("A", [])
        written = (
            [
                " and ".join(authors)
                if len(authors) < 3
                else ", ".join(authors[:-1]) + ", and " + authors[-1]
            ]
            if authors
            else []
        )
        if "T" in fields and ("B" in fields or "J" in fields):
            fields["T"] = [f"\u201c{title}\u201d" for title in fields["T"]]
        for field in _REFERENCE_ORDER:
            written += fields.get(field, [])
        self._add(", ".join(written) + "." if written else "")
        return end

    def _calls_macro(self, name: str) -> bool:
        """Whether a request calls a macro the page defines (and the reader does not
        read itself)."""
        return name in self.bodies and name not in _HANDLED

    def _expand(self, i: int, name: str, args: list[str]) -> int:
        """A call of a macro the page defines, at line ``i``: its lines, the arguments put
        in, take the call's place, to be read next (the index to read next)."""
        macro = self.bodies[name]
        if not macro.lines:
            return i + 1
        # What the call costs: the lines it moves (with a floor for every call), and at
        # most the characters it writes (each argument no longer than the call).
        size = macro.characters + len(self.lines[i]) * macro.arguments
        cost = len(self.lines) - i + EXPANSION_CALL_COST
        if cost > self.expansion_budget or size > self.written_budget:
            return i + 1
        self.expansion_budget -= cost
        self.written_budget -= size
        self.lines[i : i + 1] = [_called(line, name, args) for line in macro.lines]
        return i

    # -- blocks that run over several lines -----------------------------------------

    def _display(self, i: int, closing: str) -> int:
        """Unfilled lines up to ``closing``, kept as written: one ``pre`` block. A heading
        ends it too, as man(7)'s ``.SH`` turns filling back on."""
        self._flush()
        kept, i = [], i + 1
        while i < len(self.lines):
            line = self.lines[i]
            if line.startswith((".", "'")):
                name, rest = _request_parts(line)
                if name in ("if", "ie", "el"):  # what it runs, if on its line ('.if n .fi')
                    holds, body = self._condition(name, rest)
                    if not holds and body.startswith("\\{"):
                        i = self._skip_block(i, body)
                        continue
                    if not holds or body.startswith("\\{") or not body:
                        i += 1
                        continue
                    if not body.startswith((".", "'")):
                        kept.append(self._text(body))
                        i += 1
                        continue
                    name, rest = _request_parts(body)
                if name == closing:
                    i += 1
                    break
                if name in _HEADINGS:
                    break  # read next, as a heading
                if self._calls_macro(name):  # pod2man's .Ve is .fi
                    i = self._expand(i, name, macro_arguments(rest))
                    continue
                if name in ("ds", "nr") or name in _RENAMING:  # awk(1)'s .ds in an .nf
                    self._request(i, name, rest)
                elif name in _FONTS:
                    kept.append(self._font_text(name, macro_arguments(rest)))
                elif name in _MDOC_TEXT:
                    kept.append(self._text(" ".join(macro_arguments(rest))))
                elif name == "IP" and rest:  # its tag (tc-hfsc(8)'s grammar)
                    kept.append(self._text(macro_arguments(rest)[0]))
            else:
                kept.append(self._text(_COMMENT.sub(r"\1", line)))
            i += 1
        if any(k.strip() for k in kept):
            self.blocks.append(("pre", 0, "\n".join(kept)))
        return i

    def _table(self, i: int) -> int:
        """A table's rows up to ``.TE``, each a ``tr`` block of tab-separated cells. Its
        options (a line ending in ``;``) and formats (up to a line ending in ``.``, at
        the start and after each ``.T&``) are left out."""
        self._flush()
        i += 1
        tab = "\t"
        if i < len(self.lines) and self.lines[i].rstrip().endswith(";"):
            if m := re.search(r"tab\s*\((.)\)", self.lines[i]):
                tab = m.group(1)
            i += 1
        i = self._formats_end(i)
        row = ""  # the row read so far, its cells between tabs
        block: list[str] | None = None  # the lines of a text block (T{ ... T}) being read
        while i < len(self.lines) and not _is_request(self.lines[i], "TE"):
            line = self.lines[i]
            i += 1
            if block is not None:
                if not line.startswith("T}"):
                    block.append(self._block_line(line))
                    continue
                row += _block_text(block)
                block, line = None, line[2:]
            elif line.startswith((".", "'")) or line.strip() in ("_", "=", ""):
                if _is_request(line, "T&"):  # new formats for the rows after
                    i = self._formats_end(i)
                continue
            if line.rstrip().endswith("T{"):  # a cell's text goes on over lines
                row, block = row + line.rstrip()[:-2], []
                continue
            self._row(row + line, tab)
            row = ""
        if block is not None or row:  # a text block or a row the table never closed
            self._row(row + _block_text(block or []), tab)
        return i + 1

    def _formats_end(self, i: int) -> int:
        """The line after a table's formats that start at line ``i``: the first line
        ending in ``.``, or the table's ``.TE`` if none does (a table with no formats,
        jq(1)'s, whose text had run on to the next line ending in ``.``)."""
        while i < len(self.lines) and not self.lines[i].rstrip().endswith("."):
            if _is_request(self.lines[i], "TE"):
                return i
            i += 1
        return i + 1

    def _row(self, row: str, tab: str) -> None:
        cells = [self._text(c).strip() for c in row.split(tab)]
        if any(cells):
            self.blocks.append(("tr", 0, "\t".join(cells)))

    def _block_line(self, line: str) -> str:
        """The text of a line in a table's text block: a font macro's arguments, a text
        line's words; other requests show none."""
        if not line.startswith((".", "'")):
            return self._text(_COMMENT.sub(r"\1", line)).strip()
        name, rest = _request_parts(line)
        return self._font_text(name, macro_arguments(rest)) if name in _FONTS else ""

    def _font_text(self, name: str, args: list[str]) -> str:
        """The text of a font macro's arguments: an alternating one's (``.BR``) side by
        side, another's a word apart."""
        return ("" if name in _ALTERNATING else " ").join(map(self._text, args))

    def _conditional(self, i: int, name: str, rest: str) -> int:
        """``.if``, ``.ie`` and ``.el``, as a terminal's formatter (nroff) takes them
        (:meth:`_condition`). What a condition that holds runs is read; a block (``\\{``
        ... ``\\}``) that does not is skipped."""
        holds, body = self._condition(name, rest)
        if body.startswith("\\{"):
            if not holds:
                return self._skip_block(i, body)
            body = body[2:].strip()
            if body.endswith("\\") and not body.endswith("\\\\"):
                body = body[:-1].strip()
        if not holds or not body:
            return i + 1
        return self._interpret(body, i)

    def _condition(self, name: str, rest: str) -> tuple[bool, str]:
        """Whether the condition of ``.if``, ``.ie`` or ``.el`` holds (:meth:`_holds`),
        and what it runs; ``.ie`` keeps the answer for its ``.el``."""
        if name == "el":
            return not self.condition, rest.strip()
        if compared := _COMPARISON.match(rest):
            # Strings compared as they show ('"\\$1"unlimited"'), blanks and all.
            negated, _, first, second = compared.groups()
            holds = (self._text(first) == self._text(second)) != bool(negated)
            body = rest[compared.end() :]
        else:
            condition, _, body = rest.partition(" ")
            holds = self._holds(condition)
        if name == "ie":
            self.condition = holds
        return holds, body.strip()

    def _holds(self, condition: str) -> bool:
        """Whether a condition holds for nroff: ``n``, ``t``, ``rNAME`` (a register is
        set), ``dNAME`` (a string or macro is), a register (``\\n(zZ``, 0 unless the page
        sets it, groff's ``.g`` 1) or number compared with a number; any other is taken
        to hold. (Strings compared, ``"a"b"``, are read by :meth:`_conditional`.)"""
        negated = condition.startswith("!")
        condition = condition[1:] if negated else condition
        if condition in ("n", "t", "o", "e"):
            holds = condition in ("n", "o")
        elif condition[:1] in ("r", "d") and len(condition) > 1:
            defined = self.registers if condition[0] == "r" else self.strings.keys() | self.bodies
            holds = condition[1:] in defined
        elif m := _NUMERIC_CONDITION.fullmatch(condition):
            name = m.group(1) or m.group(2) or m.group(3)
            value = self.registers.get(name, 0) if name is not None else int(m.group(4))
            if m.group(5) is None:
                holds = value > 0
            else:
                other = int(m.group(6))
                holds = {"=": value == other, "==": value == other, ">": value > other,
                         "<": value < other, ">=": value >= other, "<=": value <= other}[m.group(5)]  # fmt: skip
        else:
            return True
        return holds != negated

    def _skip_block(self, i: int, opening: str) -> int:
        """Past a conditional block that does not run: to the ``\\}`` that closes it."""
        depth = opening.count("\\{") - opening.count("\\}")
        while depth > 0 and i + 1 < len(self.lines):
            i += 1
            depth += self.lines[i].count("\\{") - self.lines[i].count("\\}")
        return i + 1

    def _skip(self, i: int, end: str = ".") -> int:
        """Past a macro definition or an ignored block: to its ``..``, or to the request
        named ``end`` (``.ig zZ`` ends at ``.zZ``). Spaces may stand after the control
        character, as in ``.  .``."""
        i += 1
        while i < len(self.lines):
            line = self.lines[i]
            if line[:1] in (".", "'") and line[1:].split()[:1] == [end]:
                break
            i += 1
        return i + 1

    # -- text ----------------------------------------------------------------------

    def _text(self, raw: str) -> str:
        """``raw`` with the strings and number registers the page defines, then every
        other escape, read."""
        if "\\*" in raw:
            raw = _STRING.sub(
                lambda m: self.strings.get(m.group(1) or m.group(2) or m.group(3), ""), raw
            )
        if "\\n" in raw:
            raw = _REGISTER.sub(self._register, raw)
        return plain(raw)

    def _register(self, m: re.Match[str]) -> str:
        """A register's value, stepped first by ``\\n+`` or ``\\n-`` (sensible-editor(1)
        numbers its list so); a register the page does not set (groff's own, as the
        line length) shows nothing, as before."""
        if m.group() == "\\\\":
            return m.group()
        name = m.group(2) or m.group(3) or m.group(4)
        if name not in self.registers or name.startswith("."):
            return ""
        if m.group(1):
            step = self.increments.get(name, 0)
            self.registers[name] += step if m.group(1) == "+" else -step
        return str(self.registers[name])

    def _add(self, text: str) -> None:
        if text:
            self.paragraph.append(text)

    def _heading(self, level: int, text: str) -> None:
        self.heading = 0
        self.items.clear()  # a heading ends every list
        if level == 2:
            self.synopsis = text.strip() == "SYNOPSIS"
        if text.strip():
            self.blocks.append(("h", level, text))

    def _list_request(self, name: str, args: list[str]) -> None:
        """An indented paragraph (``.IP``, mdoc's ``.It``), its tag on a line of its own
        above its text, or its list's mark if the tag is one; or an indent opened or
        closed (``.RS``, ``.RE``), which nests the lists inside it."""
        self._flush()
        if name in ("RS", "RE"):
            self.depth = self.depth + 1 if name == "RS" else max(0, self.depth - 1)
            return
        tag = self._mdoc(args) if name == "It" else self._text(args[0]) if args else ""
        mark = _LIST_MARK.fullmatch(tag)
        if mark is not None:  # a list's bullet or number, not an option's name
            self.item = int(mark.group(1) or 0)
        elif tag:
            self.paragraph.extend([tag, "\n"])
        elif name == "IP":  # no tag: indented as the item before it, its next paragraph
            self.item = -1

    def _flush(self) -> None:
        text = " ".join(self.paragraph).replace(" \n ", "\n").replace("\n ", "\n")
        self.paragraph.clear()
        item, self.item = self.item, None
        if not text.strip():
            return
        # (Not imported at the top: detection reads this module.)
        from linseg.readers.webpage import list_continuation, list_item

        if item == -1 and self.items and self.items[-1] == self.depth:
            self.blocks.append(list_continuation(text, self.depth))
            return
        while self.items and self.items[-1] >= self.depth:
            self.items.pop()
        if item is not None and item >= 0:
            self.blocks.append(list_item(item, text, self.depth))
            self.items.append(self.depth)
        elif self.items:
            self.blocks.append(list_continuation(text, self.items[-1]))
        else:
            self.blocks.append(("p", 0, text))

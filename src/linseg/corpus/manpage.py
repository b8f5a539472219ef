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
- **Inline**: fonts (``.B``, ``.BR``, ``\\fB``), named characters (``\\(em``, ``\\[u00E9]``),
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
``read_page`` (:func:`~linseg.corpus.document.read_document` looks under the manual's
folder, then beside the page). Only the
standard library is used.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .webpage import Block

__all__ = ["man_text", "plain", "sniff_man", "macro_arguments", "included_page"]

# Named characters (groff_char(7)) that text uses; any other is dropped.
_NAMED = {
    "em": "\u2014", "en": "\u2013", "aq": "'", "dq": '"', "lq": "\u201c", "rq": "\u201d",
    "Fo": "\u00ab", "Fc": "\u00bb", "fo": "\u2039", "fc": "\u203a", "oq": "\u2018",
    "cq": "\u2019", "hy": "-", "co": "\u00a9", "bu": "\u2022", "mu": "\u00d7", "ti": "~",
    "ha": "^", "rs": "\\", "ss": "\u00df",
    # Letters that no accent makes (a name of an accent and a letter is read below).
    "oa": "\u00e5", "oA": "\u00c5", "/o": "\u00f8", "/O": "\u00d8", "/l": "\u0142",
    "/L": "\u0141", "ae": "\u00e6", "AE": "\u00c6", "oe": "\u0153", "OE": "\u0152",
    "-D": "\u0110", "Sd": "\u00f0", "TP": "\u00de", "Tp": "\u00fe", ".i": "\u0131",
    "ff": "ff", "fi": "fi", "fl": "fl", "Fi": "ffi", "Fl": "ffl", "IJ": "\u0132",
    "ij": "\u0133", "vs": "\u0161", "vS": "\u0160", "vz": "\u017e", "vZ": "\u017d",
    # Marks that stand for a word or join two ("user\(atexample.org").
    "at": "@", "sh": "#", "Do": "$", "sl": "/", "ba": "|", "or": "|", "br": "|", "bv": "|",
    "ul": "_", "ru": "_", "ga": "`", "aa": "\u00b4", "de": "\u00b0", "+-": "\u00b1",
    "pl": "+", "mi": "\u2212", "eq": "=", "<=": "\u2264", ">=": "\u2265", "!=": "\u2260",
    "==": "\u2261", "~~": "\u2248", "->": "\u2192", "<-": "\u2190", "<>": "\u2194",
    "rA": "\u21d2", "lA": "\u21d0", "hA": "\u21d4", "ua": "\u2191", "da": "\u2193",
    "dg": "\u2020", "dd": "\u2021", "sc": "\u00a7", "ps": "\u00b6", "tm": "\u2122",
    "rg": "\u00ae", "Eu": "\u20ac", "eu": "\u20ac", "Po": "\u00a3", "Ye": "\u00a5",
    "ct": "\u00a2", "12": "\u00bd", "14": "\u00bc", "34": "\u00be", "S1": "\u00b9",
    "S2": "\u00b2", "S3": "\u00b3", "fm": "\u2032", "sd": "\u2033", "r!": "\u00a1",
    "r?": "\u00bf", "pc": "\u00b7", "ci": "\u25cb", "sq": "\u25a1", "la": "\u27e8",
    "ra": "\u27e9", "lB": "[", "rB": "]", "lC": "{", "rC": "}", "if": "\u221e",
    "pd": "\u2202", "no": "\u00ac", "sr": "\u221a", "mc": "\u00b5", "ts": "\u03c2",
    "%0": "\u2030", "OK": "\u2713", "Bq": "\u201e", "bq": "\u201a",
}  # fmt: skip
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
_ESCAPE = re.compile(
    r"""\\(?:
        \((?P<two>..)              # \(xx: a named character
      | \[(?P<long>[^\]\\\n]*)\]   # \[name]: a named character
      | [fFmM](?:\(..|\[[^\]\\\n]*\]|.)  # a font, family or colour change
      | \*(?:\(..|\[[^\]\\\n]*\]|.)  # a string
      | n[+-]?(?:\(..|\[[^\]\\\n]*\]|.)  # a register
      | s[+-]?\d+                  # a size change
      | N'(?P<glyph>\d+)'          # a character by its number
      | [hvwlLDoXZ]'[^']*'         # motions and other escapes with a quoted argument
      | (?P<one>.)                 # any other one-character escape
    )""",
    re.VERBOSE,
)
# groff's accented letters (\(:u, \('e ...): the accent as a combining mark.
_ACCENTS = {
    ":": "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    ",": "\u0327",
}
# One-character escapes: \' and \` are accents to groff (´ and `), but pages write \' for
# an apostrophe ("it\'s", as ronn does): read as one.
_ONE = {"-": "-", "e": "\\", "\\": "\\", " ": " ", "~": " ", "0": " ", "|": "", "^": "", ".": ".",
        "'": "'", "`": "`"}  # fmt: skip


def plain(line: str) -> str:
    """``line`` with its troff escapes replaced by the text they stand for (fonts, sizes
    and strings by nothing; see :func:`man_text` for the strings a page defines)."""

    def text(m: re.Match[str]) -> str:
        name = m.group("two") or m.group("long")
        if name is not None:
            if len(name) == 2 and name[0] in _ACCENTS and name[1].isalpha():
                return name[1] + _ACCENTS[name[0]]
            return _named(name)
        if m.group("glyph") is not None:
            return chr(int(m.group("glyph"))) if int(m.group("glyph")) < 0x110000 else ""
        one = m.group("one")
        return _ONE.get(one, "") if one is not None else ""

    return unicodedata.normalize("NFC", _ESCAPE.sub(text, line))


_CODE_POINTS = re.compile(r"u[0-9A-Fa-f]{4,6}(?:_[0-9A-Fa-f]{4,6})*")
_CHAR_NUMBER = re.compile(r"char(\d{1,3})")


def _named(name: str) -> str:
    """The character groff names ``name`` (``\\[u00E5]``, ``\\[u0061_030A]`` and
    ``\\[char229]`` by their code points), or nothing."""
    if name in _NAMED:
        return _NAMED[name]
    if m := _CODE_POINTS.fullmatch(name):
        points = [int(p, 16) for p in m.group()[1:].split("_")]
        return "".join(map(chr, points)) if max(points) < 0x110000 else ""
    if m := _CHAR_NUMBER.fullmatch(name):
        return chr(int(m.group(1))) if int(m.group(1)) < 256 else ""
    return ""


def macro_arguments(rest: str) -> list[str]:
    """A macro's arguments: words, or double-quoted strings that may hold spaces (a
    quote never closed runs to the line's end, as troff reads it, and ``""`` in one is a
    quote). An escaped space
    (``\\ ``, ps(1)'s ``.BR lstart , \\ start``) is part of a word."""
    return [b or a.replace('""', '"') for a, b in _MACRO_ARGUMENT.findall(rest)]


_MACRO_ARGUMENT = re.compile(r'"((?:[^"]|"")*)(?:"|$)|((?:\\.|\\$|[^\s\\])+)')
# Strings that pages use without defining them (pod2man's and DocBook's quotes).
_STRINGS = {".T": "utf8", "Aq": "'", 'L"': "\u201c", 'R"': "\u201d", "C`": "\u2018", "C'": "\u2019",
            "lq": "\u201c", "rq": "\u201d", "R": "\u00ae", "Tm": "\u2122",
            # mdoc's (groff_mdoc(7), "Predefined strings"), as groff writes them in UTF-8.
            "q": '"', "Lq": "\u201c", "Rq": "\u201d", "Pi": "\u03c0", "Ne": "\u2260",
            "Le": "\u2264", "Ge": "\u2265", "Lt": "<", "Gt": ">", "Pm": "\u00b1",
            "If": "\u221e", "Na": "NaN", "Ba": "|", "Am": "&", "Px": "POSIX", "Ai": "ANSI"}  # fmt: skip
_STRING = re.compile(r"\\\*(?:\((..)|\[([^\]]*)\]|(.))")
# A register's value (\n[name], \n(xx, \nx, stepped with + or -); an escaped backslash
# first, so that "\\n" is a backslash and an n (makeindex(1)'s "\\n" strings).
_REGISTER = re.compile(r"\\\\|\\n([+-]?)(?:\((..)|\[([^\]]*)\]|(.))")
# A macro's argument in its definition: \\$1, \\$(12, \\$[12], \\$*, \\$@.
_ARGUMENT = re.compile(r"\\\\\$(?:(\d)|\((\d\d)|\[(\d+)\]|([*@]))")
#: What calls of a page's own macros may cost, in all (see ``_Reader._expand``): lines
#: moved, with a floor for each call, and characters written, twice the page's and 100,000
#: more (crypt(5), whose macros write most, gains a third); then it reads on without them.
EXPANSION_BUDGET = 50_000_000
EXPANSION_CALL_COST = 1_000
EXPANSION_GROWTH = 2
EXPANSION_CHARACTERS = 100_000
# A condition that compares two strings: 'a'b', "a"b" or with another delimiter, negated
# or not.
_COMPARISON = re.compile(r"""(!?)(["'|/])([^\n]*?)\2([^\n]*?)\2""")
_REQUEST_NAME = re.compile(r"([^ \t\\]*)(.*)", re.DOTALL)
_COMMENT = re.compile(r'^((?:[^\\]|\\.)*?)\\["#].*$')
_HEAD_MACRO = re.compile(r"^[.'][ \t]*(TH|Dd|Dt)[ \t]", re.MULTILINE)
_SECTION_MACRO = re.compile(r"^[.'][ \t]*(SH|Sh)\b", re.MULTILINE)
_INCLUDE = re.compile(r"^[.'][ \t]*so[ \t]+(\S+)[ \t]*$")

# man(7): macros that end a paragraph, and those whose arguments are text in fonts.
_PARAGRAPH = {"PP", "P", "LP", "sp", "Pp", "Lp", "HP", "PD", "ns"}
# An .IP tag that is a list's mark: a bullet (\(bu, "*", "-", "o"), or a number ("1.",
# "2)", "(3)"), which it gives.
_LIST_MARK = re.compile(r"[\u2022\u00b7*o\u2013-]|\(?(\d{1,3})[.)]")
_ALTERNATING = {"BR", "RB", "BI", "IB", "IR", "RI"}
_FONT = {"B", "I", "SM", "SB", "R"}
_FONTS = _FONT | _ALTERNATING
# Blocks whose lines are not text (macro definitions, ignored lines), which ".." closes
# (or the request their arguments name).
_SKIPPED = {"de", "de1", "am", "am1", "ig"}
# Requests that name a macro anew (.als new old, .rn old new) or remove names (.rm).
_RENAMING = {"als", "rn", "rm"}
# A condition on a number register (\n(xx, \n[name], \nx) or a number, compared or not.
_NUMERIC_CONDITION = re.compile(
    r"(?:\\n\((..)|\\n\[([^\]]+)\]|\\n(.)|(\d+))(?:(==|=|>=|<=|>|<)(-?\d+))?"
)
# mdoc(7): macros whose arguments are shown as they are, and those that enclose theirs.
_MDOC_TEXT = {
    "Ar", "Cm", "Ic", "Ev", "Va", "Em", "Sy", "Li", "Pa", "Dv", "Er", "Fa", "Ft", "Fn", "Vt",
    "Ad", "Ms", "No", "Tn", "Ux", "Bx", "At", "Lb", "An", "Cd", "Lk", "Mt", "In", "Ot",
    "Ns", "Sx", "St", "Nd", "Ql", "Aq", "Dq", "Qq", "Sq", "Pq", "Op", "Bq", "Brq", "Oo",
    "Oc", "Ao", "Ac", "Bo", "Bc", "Do", "Dc", "Po", "Pc", "Qo", "Qc", "So", "Sc", "Eo",
    "Ec", "Xo", "Xc", "Fl", "Xr", "Nm", "D1", "Dl", "Fo", "Fc", "Rs", "Re", "Ta", "Pf",
    "Rv", "Ex",
}  # fmt: skip
_HEADINGS = {"SH", "SS", "Sh", "Ss"}
# The fields of an mdoc reference after its authors, in the order groff writes them
# (groff_mdoc(7)): title, book, journal, report, number, volume, pages, issuer, city,
# date, optional information, address.
_REFERENCE_ORDER = ("T", "B", "J", "R", "N", "V", "P", "Q", "I", "C", "D", "O", "U")
# The requests and macros the reader reads itself: a page's own definition of one (an
# old page's ".de TQ" for formatters without it) is not expanded.
_HANDLED = (
    {"TH", "Dt", "if", "ie", "el", "TP", "TQ", "IP", "It", "br"}
    | {"nf", "fi", "EX", "EE", "Bd", "Ed", "TS", "TE", "nr", "ds", "UR", "UE", "MT", "ME"}
    | {"SY", "OP", "Sm", "Nm", "so"}
    | _HEADINGS | _PARAGRAPH | _ALTERNATING | _FONT | _SKIPPED | _MDOC_TEXT
)  # fmt: skip
_ENCLOSE = {"Dq": ("\u201c", "\u201d"), "Qq": ('"', '"'), "Sq": ("\u2018", "\u2019"),
            "Pq": ("(", ")"), "Op": ("[", "]"), "Bq": ("[", "]"), "Brq": ("{", "}"),
            "Aq": ("<", ">"), "Ql": ("\u2018", "\u2019")}  # fmt: skip
_OPEN = {"Oo": "[", "Ao": "<", "Bo": "[", "Do": "\u201c", "Po": "(", "Qo": '"', "So": "\u2018"}
_CLOSE = {"Oc": "]", "Ac": ">", "Bc": "]", "Dc": "\u201d", "Pc": ")", "Qc": '"', "Sc": "\u2019"}
_PUNCTUATION = re.compile(r"^[.,:;)\]?!|]+$")
_OPENING = {"[", "(", "<", "{", "\u201c", "\u2018"}
# mdoc macros that show a fixed text.
_SHOWN = {"Ux": "UNIX", "Bx": "BSD", "Nd": "\u2014", "At": "AT&T UNIX", "Bsx": "BSD/OS",
          "Fx": "FreeBSD", "Nx": "NetBSD", "Ox": "OpenBSD", "Dx": "DragonFly"}  # fmt: skip


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
    from .webpage import blocks_text

    target = included_page(source)
    if target is not None:
        if read_page is None:
            raise ValueError(f"this manual page only includes {target}; read it from its file")
        return man_text(read_page(target))
    return blocks_text(_Reader(source).read())


class _Reader:
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

    def _mdoc(self, args: list[str]) -> str:
        """The text of an mdoc line: its macros' arguments as they are shown."""
        args = list(args)
        words: list[str] = []  # what is shown, a word or a mark at a time
        glued: list[bool] = []  # whether each stands right after the one before
        closers: list[str] = []
        nospace = False

        def show(word: str, closes: bool = False, opens: bool = False) -> None:
            nonlocal nospace
            glue = closes or nospace or not self.spacing or not words or words[-1] in _OPENING
            words.append(word)
            glued.append(glue or bool(_PUNCTUATION.match(word)))
            nospace = opens

        # Marks that close a line stand after what its macros enclose: ".Op : port ."
        # shows "[:port]." (not "[:port.]").
        tail: list[str] = []
        if any(a in _ENCLOSE for a in args):
            while args and _PUNCTUATION.match(args[-1]):
                tail.insert(0, args.pop())
        i = 0
        while i < len(args):
            arg = args[i]
            following = args[i + 1] if i + 1 < len(args) else None
            if arg == "Fl":
                flag = following if following is not None and following not in _MDOC_TEXT else ""
                show("-" + self._text(flag))
                i += 2 if flag else 1
                continue
            if arg == "Xr" and i + 2 < len(args):
                show(f"{self._text(args[i + 1])}({self._text(args[i + 2])})")
                i += 3
                continue
            if (written := self._mdoc_written(args, i)) is not None:
                shown, i = written
                show(shown)
                continue
            if arg == "Pf" and following is not None:
                show(self._text(following))
                nospace = True
                i += 2
                continue
            if arg == "Ns":
                nospace = True
            elif arg == "Nm" and (following is None or following in _MDOC_TEXT):
                show(self.name)
            elif arg in _SHOWN:
                show(_SHOWN[arg])
            elif arg in _ENCLOSE:
                opening, closing = _ENCLOSE[arg]
                show(opening, opens=True)
                closers.append(closing)
            elif arg in _OPEN:
                show(_OPEN[arg], opens=True)
            elif arg in _CLOSE:
                show(_CLOSE[arg], closes=True)
            elif arg not in _MDOC_TEXT:
                show(self._text(arg))
            i += 1
        for closing in reversed(closers):
            show(closing, closes=True)
        for mark in tail:
            show(mark)
        return "".join(w if g else " " + w for w, g in zip(words, glued)).strip()

    def _mdoc_written(self, args: list[str], i: int) -> tuple[str, int] | None:
        """What the mdoc macro ``args[i]`` writes where groff writes more than its
        arguments (a standard sentence, an ``#include``, a prototype), and where the line
        goes on; None for any other."""
        arg = args[i]
        following = args[i + 1] if i + 1 < len(args) else None
        if arg in ("Rv", "Ex") and following == "-std":
            names = [self._text(a) for a in args[i + 2 :] if a not in _MDOC_TEXT]
            return _standard_sentence(arg, names, self.name), len(args)
        if arg == "In" and following is not None:
            return f"#include <{self._text(following)}>", i + 2
        if arg == "Fn" and following is not None:
            # A function and its parameters, up to the next macro or mark.
            end = i + 2
            while end < len(args) and not (
                args[end] in _MDOC_TEXT or _PUNCTUATION.match(args[end])
            ):
                end += 1
            parameters = ", ".join(self._text(a) for a in args[i + 2 : end])
            return f"{self._text(following)}({parameters})", end
        return None

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
        from .webpage import list_continuation, list_item

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


class _Macro(NamedTuple):
    """A macro a page defines: its lines, their characters, and how often they name an
    argument (what a call may write is bounded by these, counted once)."""

    lines: list[str]
    characters: int
    arguments: int

    @classmethod
    def of(cls, lines: list[str]) -> _Macro:
        return cls(
            lines,
            sum(map(len, lines)),
            sum(len(_ARGUMENT.findall(line)) for line in lines),
        )


def _block_text(lines: list[str]) -> str:
    """A table's text block, its lines read already, as a cell's raw text: its
    backslashes escaped (``\\e``), so that reading the row does not read them again (hd(1)'s
    ``\\(rs0``, read as ``\\0``, had then become a space)."""
    return " ".join(line for line in lines if line).replace("\\", "\\e")


def _standard_sentence(macro: str, names: list[str], page: str) -> str:
    """What mdoc's ``.Rv -std`` (return values) or ``.Ex -std`` (exit status) says of the
    functions or utilities ``names`` (the page's own name if none), as groff words it."""
    if macro == "Rv":
        tail = (
            "the value -1 is returned and the global variable errno is set to indicate the error."
        )
        if not names:
            return f"Upon successful completion, the value 0 is returned; otherwise {tail}"
        listed = _listed([f"{n}()" for n in names])
        verb = "function returns" if len(names) == 1 else "functions return"
        return f"The {listed} {verb} the value 0 if successful; otherwise {tail}"
    names = names or [page]
    verb = "utility exits" if len(names) == 1 else "utilities exit"
    return f"The {_listed(names)} {verb} 0 on success, and >0 if an error occurs."


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b, and c``."""
    if len(items) < 3:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def _called(line: str, name: str, args: list[str]) -> str:
    """A line of the macro ``name``'s definition as a call with ``args`` reads it: its
    arguments (``\\\\$1`` ... ``\\\\$9``, ``\\\\$*``, ``\\\\$@``, ``\\\\$0`` the name) put in, then
    each ``\\\\`` read as the one backslash it stands for (troff's copy mode)."""

    def argument(m: re.Match[str]) -> str:
        which = m.group(1) or m.group(2) or m.group(3) or m.group(4)
        if which == "*":
            return " ".join(args)
        if which == "@":
            return " ".join(f'"{a}"' for a in args)
        n = int(which)
        return name if n == 0 else args[n - 1] if n <= len(args) else ""

    return _ARGUMENT.sub(argument, line).replace("\\\\", "\\")


def _joined_lines(source: str) -> list[str]:
    """The source's input lines, each joined with the next where it ends in an escaped
    newline (an odd run of backslashes), as troff joins them: pod2man's preamble continues
    a condition on the next line (``.if \\n(.H>23 .if \\n(.V>19 \\`` and ``\\{\\``). A
    comment runs to the line's end, its last backslash with it."""
    lines: list[str] = []
    pending: list[str] = []  # the parts of a line that goes on (joined once: no quadratic)
    for line in source.splitlines():
        # The parts before end in an even run of backslashes: each line's own comment.
        if (len(line) - len(line.rstrip("\\"))) % 2 and not _COMMENT.match(line):
            pending.append(line[:-1])
        else:
            lines.append("".join(pending) + line)
            pending = []
    if pending:
        lines.append("".join(pending))
    return lines


def _request_parts(line: str) -> tuple[str, str]:
    """A request line's name and the rest, its comment left out. The name ends at a blank
    or an escape (pod2man's ``.el\\{\\``)."""
    named = _REQUEST_NAME.match(_COMMENT.sub(r"\1", line[1:]).strip())
    assert named is not None  # it matches any string
    name, rest = named.groups()
    return name, rest.strip()


def _is_request(line: str, name: str) -> bool:
    return line.startswith((".", "'")) and line[1:].split()[:1] == [name]

"""The troff language as manual pages use it: its escapes and named characters, its
macros' arguments, and its input lines joined where a backslash ends one."""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    pass

__all__ = ["plain", "macro_arguments"]

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
# A condition that compares two strings: 'a'b', "a"b" or with another delimiter, negated
# or not.
_COMPARISON = re.compile(r"""(!?)(["'|/])([^\n]*?)\2([^\n]*?)\2""")
_REQUEST_NAME = re.compile(r"([^ \t\\]*)(.*)", re.DOTALL)
_COMMENT = re.compile(r'^((?:[^\\]|\\.)*?)\\["#].*$')
# A condition on a number register (\n(xx, \n[name], \nx) or a number, compared or not.
_NUMERIC_CONDITION = re.compile(
    r"(?:\\n\((..)|\\n\[([^\]]+)\]|\\n(.)|(\d+))(?:(==|=|>=|<=|>|<)(-?\d+))?"
)


# man(7): macros that end a paragraph, and those whose arguments are text in fonts.
_PARAGRAPH = {"PP", "P", "LP", "sp", "Pp", "Lp", "HP", "PD", "ns"}

_ALTERNATING = {"BR", "RB", "BI", "IB", "IR", "RI"}

_FONT = {"B", "I", "SM", "SB", "R"}

_FONTS = _FONT | _ALTERNATING

# Blocks whose lines are not text (macro definitions, ignored lines), which ".." closes
# (or the request their arguments name).
_SKIPPED = {"de", "de1", "am", "am1", "ig"}

_HEADINGS = {"SH", "SS", "Sh", "Ss"}


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

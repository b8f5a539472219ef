"""The mdoc(7) macros of the BSDs' manual pages: what their inline macros show."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from linseg.readers.roff import _ALTERNATING, _ARGUMENT, _FONT, _HEADINGS, _PARAGRAPH, _SKIPPED

if TYPE_CHECKING:
    pass

# mdoc(7): macros whose arguments are shown as they are, and those that enclose theirs.
_MDOC_TEXT = {
    "Ar", "Cm", "Ic", "Ev", "Va", "Em", "Sy", "Li", "Pa", "Dv", "Er", "Fa", "Ft", "Fn", "Vt",
    "Ad", "Ms", "No", "Tn", "Ux", "Bx", "At", "Lb", "An", "Cd", "Lk", "Mt", "In", "Ot",
    "Ns", "Sx", "St", "Nd", "Ql", "Aq", "Dq", "Qq", "Sq", "Pq", "Op", "Bq", "Brq", "Oo",
    "Oc", "Ao", "Ac", "Bo", "Bc", "Do", "Dc", "Po", "Pc", "Qo", "Qc", "So", "Sc", "Eo",
    "Ec", "Xo", "Xc", "Fl", "Xr", "Nm", "D1", "Dl", "Fo", "Fc", "Rs", "Re", "Ta", "Pf",
    "Rv", "Ex",
}  # fmt: skip
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


class _MdocMacros:
    """What the reader does with mdoc(7)'s inline macros (a mixin of the manual page's
    reader, :class:`linseg.readers.manpage._Reader`, whose state it reads)."""

    spacing: bool  # mdoc's .Sm: whether a line's words are spaced
    name: str  # the page's name, which mdoc's bare .Nm shows

    def _text(self, raw: str) -> str:
        raise NotImplementedError  # the reader's: a text line's escapes read

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

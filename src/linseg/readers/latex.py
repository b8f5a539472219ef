"""LaTeX sources: the text a reader of the typeset paper sees, with its sectioning kept.

A paper, a thesis or a report written in LaTeX carries its outline in its sectioning
commands. :func:`latex_text` reads the body of a ``.tex`` file into text that linseg
segments as it segments Markdown:

- **Sectioning**: ``\\title`` and ``\\part`` become level-1 headings, ``\\chapter`` level
  2 ... ``\\subparagraph`` level 7 (written at 6), as Markdown heading lines (``## ...``);
  starred forms and short titles (``\\section[short]{long}``: the long one) are read.
  Only the relative levels matter: the default's outline takes the highest level used.
- **Paragraphs**: blank lines, as TeX reads them; ``\\\\`` ends a line.
- **Lists**: each ``\\item`` of ``itemize``, ``enumerate`` and ``description`` is a line
  ``- ...`` (with its ``[label]``), the items of a ``thebibliography`` too.
- **Displays**: ``equation``, ``align``, ``displaymath``, ``\\[ ... \\]``, ``verbatim``,
  ``lstlisting`` and ``minted`` are kept as written, between fences (one unit, never cut
  inside); a tabular's (``tabular``, ``longtable`` ...) rows are lines, their cells joined
  by ``" | "``.
- **Figures and tables**: their ``\\caption`` text is kept, and a ``table``'s tabulars'
  rows; the rest (graphics, placement) is left out.
- **Inline**: ``\\emph{x}``, ``\\textbf{x}`` and every other command's braced arguments
  keep their text; ``\\cite``, ``\\ref``, ``\\label`` and other commands that name
  rather than say are left out, and a link's address (``\\href{address}{text}``,
  hyperref's anchors) but for ``\\url{address}``, which shows it; inline math ``$...$``
  is kept as written (a ``$`` with no partner in its paragraph is a dollar); ``~`` is a
  space, ``--``/``---`` dashes, ``\\%`` and the other escaped characters themselves,
  accents (``\\'e``, ``\\c{c}``) and named characters (``\\textasciitilde``, ``\\ss``)
  the letters and marks they make. Comments (``%`` to the line's end) are left out.
- **Code**: pandoc's highlighted code (``Highlighting``) is read line for line, its
  commands for their text, between fences.

The preamble (before ``\\begin{document}``) is left out but for the title; a file without
``\\begin{document}`` (a chapter ``\\input`` by another) is read whole. Macros the file
defines are not expanded. Only the standard library is used.
"""

from __future__ import annotations

import os
import re
import unicodedata

from linseg.readers.formats import named
from linseg.readers.markup import braced

__all__ = ["latex_text", "sniff_latex"]

_LEVELS = {
    "title": 1,
    "part": 1,
    "chapter": 2,
    "section": 3,
    "subsection": 4,
    "subsubsection": 5,
    "paragraph": 6,
    "subparagraph": 7,
}
# Footnotes within footnotes deeper than this are read where they stand, their text in
# the running text: each level reads the rest of the text again to find its end, so that
# nested notes never closed took 18 s for 1 MB, 55 s for 3 MB, before they were refused.
_NOTE_DEPTH = 8
# Commands whose arguments name something (a key, a file, a length) rather than say it.
_SILENT = frozenset(
    {
        "cite", "citep", "citet", "citealt", "citeauthor", "citeyear", "nocite", "ref",
        "eqref", "pageref", "autoref", "cref", "Cref", "label", "includegraphics", "input",
        "include", "bibliography", "bibliographystyle", "vspace", "hspace", "setlength",
        "addtolength", "newcommand", "renewcommand", "usepackage", "documentclass",
        "pagestyle", "thispagestyle", "maketitle", "tableofcontents", "newpage",
        "clearpage", "centering", "noindent", "small", "footnotesize", "large", "Large",
        "it", "bf", "em", "rm", "tt", "sf", "sc", "normalsize", "hline", "cline", "toprule",
        "midrule", "bottomrule", "rule", "date", "author", "thanks", "keywords", "protect",
        "setcounter", "addtocounter", "stepcounter", "endhead", "endfirsthead", "endfoot",
        "endlastfoot", "raggedright", "raggedleft", "linewidth", "textwidth", "tightlist",
    }
)  # fmt: skip
# Commands whose first argument names (a link's address, an anchor) and whose second
# says: hyperref's.
_NAMING_FIRST = frozenset({"href", "hyperlink", "hypertarget"})
# Characters by name (LaTeX's text symbols and letters), which a "{}" may follow.
_SYMBOLS = {
    "textasciitilde": "~", "textasciicircum": "^", "textbackslash": "\\",
    "textbar": "|", "textless": "<", "textgreater": ">", "textquotesingle": "'",
    "textquotedbl": '"', "textunderscore": "_", "textbraceleft": "{",
    "textbraceright": "}", "textdollar": "$", "textbullet": "\u2022",
    "textendash": "\u2013", "textemdash": "\u2014", "textellipsis": "\u2026",
    "ldots": "\u2026", "dots": "\u2026", "textquoteleft": "\u2018",
    "textquoteright": "\u2019", "textquotedblleft": "\u201c", "textquotedblright": "\u201d",
    "textregistered": "\u00ae", "texttrademark": "\u2122", "textcopyright": "\u00a9",
    "copyright": "\u00a9", "textdegree": "\u00b0", "textperiodcentered": "\u00b7",
    "textsection": "\u00a7", "S": "\u00a7", "textparagraph": "\u00b6", "P": "\u00b6",
    "dag": "\u2020", "ddag": "\u2021", "pounds": "\u00a3", "euro": "\u20ac",
    "ss": "\u00df", "o": "\u00f8", "O": "\u00d8", "ae": "\u00e6", "AE": "\u00c6",
    "oe": "\u0153", "OE": "\u0152", "aa": "\u00e5", "AA": "\u00c5", "l": "\u0142",
    "L": "\u0141", "i": "\u0131", "j": "\u0237", "TeX": "TeX", "LaTeX": "LaTeX",
    "slash": "/", "quad": " ", "qquad": " ", "enspace": " ", "thinspace": " ",
}  # fmt: skip
# Accents written before a letter (\'e, \"{o}), as combining marks.
_ACCENTS = {
    "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303",
    "=": "\u0304", ".": "\u0307", "c": "\u0327", "v": "\u030c", "u": "\u0306",
    "H": "\u030b", "k": "\u0328", "r": "\u030a", "d": "\u0323", "b": "\u0331",
}  # fmt: skip
# One-character commands that show nothing (an italic correction, a hyphenation point,
# a spacing hint); the others but escaped characters (the thin and medium spaces, a
# control space) show a space.
_NOTHING = frozenset("/-@!")
# The dotless i and j (\i, \j) that an accent goes on, as the letters themselves.
_DOTLESS = {"\u0131": "i", "\u0237": "j"}
_DISPLAYS = frozenset(
    {
        "equation", "equation*", "align", "align*", "eqnarray", "eqnarray*", "gather",
        "gather*", "multline", "multline*", "displaymath", "math", "verbatim", "Verbatim",
        "lstlisting", "minted", "alltt",
    }
)  # fmt: skip
# Code that pandoc (and others through fancyvrb's commandchars) writes with commands for
# its highlighting: its lines are read, line for line, as code.
_HIGHLIGHTED = frozenset({"Highlighting"})
_LISTS = frozenset({"itemize", "enumerate", "description", "thebibliography"})
_DROPPED = frozenset(
    {"figure", "figure*", "table", "table*", "wrapfigure", "picture", "tikzpicture"}
)
# In a table float: a caption, or a tabular's start.
_TABLE_PART = re.compile(r"\\caption\b|\\begin\s*\{(tabular\*?|tabularx|tabulary)\}")
# Environments read to their \\end at once: displays, dropped floats, tables.
_TABULARS = frozenset({"tabular", "tabular*", "longtable", "tabularx", "tabulary"})
_READ_WHOLE = _DISPLAYS | _DROPPED | _TABULARS | _HIGHLIGHTED
_SIMPLE = {"~": " ", "--": "\u2013", "---": "\u2014", "``": "\u201c", "''": "\u201d"}

# Where a command that names was left out: the space before it goes too when punctuation
# follows ("as Reynar~\\cite{r98}." reads "as Reynar.").
_GAP = "\x00"
# (From a run of white space's start only: from each of its characters, a long run with
# no gap after it would be read again and again.)
_GAP_BEFORE_MARK = re.compile(r"(?<!\s)\s*\x00\s*(?=[.,;:!?)\]])|\x00")
_COMMENT = re.compile(r"(?<!\\)%.*")
# Where inline math that opened at a "$" ends: the next "$", unless a blank line (the
# paragraph's end) comes first, where the "$" was a dollar.
_MATH_END = re.compile(r"(?<!\\)\$|\n[ \t]*\n")
_BEGIN_DOCUMENT = re.compile(r"\\begin\s*\{document\}")
_END_DOCUMENT = re.compile(r"\\end\s*\{document\}")
_TOKEN = re.compile(
    r"\\(?:[A-Za-z@]+\*?|.)|\{|\}|\$\$|\$|---|--|``|''|~|\n[ \t]*\n\s*|[^\\{}$\-`'~\n]+|[\s\S]"
)


def sniff_latex(text: str, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``text`` is a LaTeX source: named ``.tex``, or with a line that opens with
    ``\\documentclass`` or ``\\begin{document}`` in its first 8,000 characters (not one
    that names them, such as a comment of a configuration file that is not LaTeX's)."""
    if named(path) == "tex":
        return True
    head = _COMMENT.sub("", text[:8000])
    return bool(
        re.search(r"^\s*\\(?:documentclass\b|documentstyle\b|begin\{document\})", head, re.M)
    )


def latex_text(source: str) -> str:
    """The text of the LaTeX ``source`` (see the module), its blocks separated by blank
    lines and its headings as Markdown lines; an empty string if it says nothing."""
    from linseg.readers.webpage import blocks_text

    lines = [_COMMENT.sub("", line) for line in source.splitlines()]
    text = "\n".join(lines)
    title = _argument_after(text, "title")
    begin = _BEGIN_DOCUMENT.search(text)
    if begin is not None:
        text = text[begin.end() :]
        end = _END_DOCUMENT.search(text)
        text = text[: end.start()] if end is not None else text
    reader = _Reader(text)
    blocks = reader.read()
    if title and begin is not None:
        blocks.insert(0, ("h", 1, title))
    return blocks_text(blocks)


def _argument_after(text: str, command: str, pos: int = 0) -> str:
    """The plain text of the first ``\\command{...}`` in ``text`` from ``pos`` ("" if
    none)."""
    m = re.compile(r"\\" + command + r"\s*(\[[^\]]*\])?\s*\{").search(text, pos)
    if m is None:
        return ""
    inner, _ = braced(text, m.end() - 1)
    return _words(inner)


def _words(latex: str, notes: int = 0) -> str:
    """An inline stretch's text on one line (inside ``notes`` footnotes)."""
    return " ".join(_GAP_BEFORE_MARK.sub("", _Reader(latex, notes).inline()).split())


class _Reader:
    """Reads a body of LaTeX into blocks (:data:`linseg.readers.webpage.Block`)."""

    def __init__(self, text: str, notes: int = 0) -> None:
        self.text = text
        self.notes = notes  # how many footnotes hold this text
        self.blocks: list[tuple[str, int, str]] = []
        self._paragraph: list[str] = []
        self._kind = "p"
        self._number = 0  # the list item's number, in an enumerate (0: none)
        self._counters: list[int] = []  # each open list's next number (0: not numbered)

    def read(self) -> list[tuple[str, int, str]]:
        text, pos = self.text, 0
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            assert m is not None  # the last alternative matches any character
            token, pos = m.group(0), m.end()
            name = token[1:].rstrip("*") if token.startswith("\\") else ""
            if token.count("\n") > 1:  # a blank line ends a paragraph
                self._flush()
            elif name in _LEVELS:
                pos = self._heading(name, pos)
            elif name in ("begin", "end") and text[pos : pos + 1] == "{":
                env, after = braced(text, pos)
                pos = self._environment(name == "begin", env.strip(), after)
            elif name in ("item", "bibitem"):
                pos = self._item(name, pos)
            elif token in ("\\[", "$$"):
                pos = self._display(pos, _until(text, pos, "\\]" if token == "\\[" else "$$"))
            else:
                piece, pos = self._inline_token(token, name, text, pos)
                self._paragraph.append(piece)
        self._flush()
        return self.blocks

    def _flush(self) -> None:
        """End the paragraph (or list item) read so far."""
        joined = _GAP_BEFORE_MARK.sub("", "".join(self._paragraph))
        body = "\n".join(" ".join(line.split()) for line in joined.split("\n")).strip("\n")
        if body.strip():
            self.blocks.append((self._kind, self._number, body))
        self._paragraph.clear()
        self._kind, self._number = self._next_kind(), 0

    def _next_kind(self) -> str:
        """The kind of the paragraph that follows the end of one: in a list, its item's
        next paragraph."""
        from linseg.readers.webpage import list_kind  # (imported where used, as blocks_text is)

        return list_kind(len(self._counters) - 1, continued=True) if self._counters else "p"

    def _heading(self, name: str, pos: int) -> int:
        self._flush()
        pos = _skip_optional(self.text, pos)
        if self.text[pos : pos + 1] == "{":
            inner, pos = braced(self.text, pos)
            words = _words(inner)
            if words:
                self.blocks.append(("h", min(_LEVELS[name], 6), words))
        return pos

    def _environment(self, begins: bool, env: str, after: int) -> int:
        """Read what an environment's ``\\begin`` or ``\\end`` (its name ends at
        ``after``) opens or closes; return where reading goes on."""
        text = self.text
        if begins and env in _READ_WHOLE:
            stop, resume = _until(text, after, r"\\end\s*\{" + re.escape(env) + r"\}", regex=True)
            inside = text[after:stop]
            if env in _DISPLAYS:
                return self._display(after, (stop, resume))
            self._flush()
            if env in _HIGHLIGHTED:
                self._highlighted(inside)
            elif env in _TABULARS:
                self._rows(inside, env)
            elif env.startswith("table"):
                self._table_float(inside)
            elif caption := _argument_after(inside, "caption"):
                self.blocks.append(("p", 0, caption))
            return resume
        if env in _LISTS or env in ("abstract", "quote", "quotation", "center"):
            self._flush()
            if env in _LISTS and begins:
                if not self._counters:
                    self._run_end()  # a list of its own, not one that follows another
                self._counters.append(1 if env == "enumerate" else 0)
            elif env in _LISTS and self._counters:
                self._counters.pop()
            self._kind = self._next_kind()
            if begins and env == "thebibliography":
                return _skip_group(text, after)
        return after  # any other environment: its text is read on

    def _rows(self, tabular: str, env: str = "tabular") -> None:
        """A tabular's rows (its body, after its column spec: ``tabular*``, ``tabularx``
        and ``tabulary`` give a width first, ``longtable`` an alignment) as lines of cells, a
        table of their own."""
        self._run_end()
        start = _skip_optional(tabular, 0) if env == "longtable" else 0
        if env in ("tabular*", "tabularx", "tabulary"):
            start = _skip_group(tabular, start)
        start = _skip_group(tabular, start)
        for row in re.split(r"\\\\", tabular[start:]):
            cells = [_words(cell) for cell in row.split("&")]
            if any(cells):
                self.blocks.append(("tr", 0, "\t".join(cells)))

    def _run_end(self) -> None:
        """End a run of list items or table rows, so that the list or table that opens
        next stays apart from one just before it."""
        from linseg.readers.webpage import RUN_END  # (imported where used, as blocks_text is)

        self.blocks.append(RUN_END)

    def _highlighted(self, inside: str) -> None:
        """A highlighted code block (pandoc's ``Highlighting``), one ``pre`` block: each
        line's commands read for their text, a ``$`` a dollar."""
        lines = inside[_skip_optional(inside, 0) :].strip("\n").split("\n")
        code = []
        for line in lines:
            escaped = re.sub(r"(?<!\\)\$", r"\\$", line)
            code.append(_GAP_BEFORE_MARK.sub("", _Reader(escaped, self.notes).inline()).rstrip())
        if any(code):
            self.blocks.append(("pre", 0, "\n".join(code)))

    def _table_float(self, inside: str) -> None:
        """A ``table`` float: its tabulars' rows and its caption, in the order written
        (a paper's caption often stands above its table)."""
        for m in _TABLE_PART.finditer(inside):
            if m.group(1) is None:
                if caption := _argument_after(inside, "caption", m.start()):
                    self.blocks.append(("p", 0, caption))
            else:
                stop, _ = _until(
                    inside, m.end(), r"\\end\s*\{" + re.escape(m.group(1)) + r"\}", True
                )
                self._rows(inside[m.end() : stop], m.group(1))

    def _item(self, name: str, pos: int) -> int:
        """A list's item: a block of its own, numbered in an ``enumerate`` (where
        ``\\setcounter{enumi}{n}`` makes the next ``n + 1``)."""
        from linseg.readers.webpage import list_kind  # (imported where used, as blocks_text is)

        self._flush()
        self._kind = list_kind(len(self._counters) - 1)
        if self._counters and self._counters[-1]:
            self._number = self._counters[-1]
            self._counters[-1] += 1
        text, label = self.text, ""
        if text[pos : pos + 1] == "[":
            close = text.find("]", pos)
            if close > 0:
                label, pos = text[pos + 1 : close], close + 1
        if name == "bibitem":
            pos = _skip_group(text, pos)
        if label:
            self._paragraph.append(_words(label) + " ")
        return pos

    def _display(self, start: int, span: tuple[int, int]) -> int:
        """Keep a display (math, code) as written, one block; go on after it."""
        self._flush()
        stop, resume = span
        lines = self.text[start:stop].split("\n")
        body = "\n".join(line.rstrip() for line in lines).strip("\n")
        if body.strip():
            self.blocks.append(("pre", 0, body))
        return resume

    def inline(self) -> str:
        """The text of an inline stretch (a heading, a caption, a cell)."""
        text, pos, out = self.text, 0, []
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            assert m is not None
            token, pos = m.group(0), m.end()
            name = token[1:].rstrip("*") if token.startswith("\\") else ""
            if token.count("\n") > 1:
                out.append(" ")
            else:
                piece, pos = self._inline_token(token, name, text, pos)
                out.append(piece)
        return "".join(out)

    def _inline_token(self, token: str, name: str, text: str, pos: int) -> tuple[str, int]:
        """What one token of running text says, and where reading goes on."""
        if token in _SIMPLE:
            return _SIMPLE[token], pos
        if token == "\n":  # a line break in the source is a space in the text
            return " ", pos
        if token == "$":  # inline math, kept as written, within its paragraph
            end = _MATH_END.search(text, pos)
            if end is None or end.group() != "$":
                return "$", pos  # a dollar, not math
            return "$" + text[pos : end.start()] + "$", end.end()
        if token in ("{", "}"):
            return "", pos
        if token == "\\\\":
            return "\n", _skip_optional(text, pos)
        if token[:1] == "\\" and token[1:] in _ACCENTS:
            return _accented(token[1:], text, pos)
        if token.startswith("\\") and not name[:1].isalpha():
            if token[1:] in _NOTHING:
                return "", pos
            return token[1:] if token[1:] in "%&$#_{}" else " ", pos
        if name:
            return self._command(name, text, pos)
        return token, pos

    def _command(self, name: str, text: str, pos: int) -> tuple[str, int]:
        """What a command named with letters says in running text (``name``: its name,
        its arguments from ``pos``), and where reading goes on: a character, a link's
        text, nothing, a footnote in brackets, or, for any other command, its braced
        arguments read on as text."""
        if name in _SYMBOLS:
            return _symbol(name, text, pos)
        if name in ("url", "nolinkurl") and text[pos : pos + 1] == "{":
            address, pos = braced(text, pos)  # shown as it is written
            return re.sub(r"\\([%#&_~{}$])", r"\1", address), pos
        if name in ("begin", "end") and text[pos : pos + 1] == "{":  # in a cell or a title
            env, pos = braced(text, pos)
            if name == "begin" and env.strip() in ("minipage", "tabular"):
                pos = _skip_group(text, _skip_optional(text, pos))  # a width, columns
            return " ", pos
        if name == "item":
            return " ", pos
        if name in _NAMING_FIRST:  # the address skipped, the text read on
            return "", _skip_group(text, _skip_optional(text, pos))
        if name == "texorpdfstring" and text[pos : pos + 1] == "{":
            inner, pos = braced(text, pos)  # the text, not the PDF bookmark's
            return _words(inner, self.notes), _skip_group(text, pos)
        if name == "setcounter" and self._counters and self._counters[-1]:
            counter, pos = braced(text, pos) if text[pos : pos + 1] == "{" else ("", pos)
            value, pos = braced(text, pos) if text[pos : pos + 1] == "{" else ("", pos)
            if counter.strip().startswith("enum") and value.strip().isdigit():
                self._counters[-1] = int(value) + 1
            return _GAP, pos
        if name in ("def", "let"):
            return _GAP, _definition_end(text, pos, name)
        if name in _SILENT:
            pos = _skip_optional(text, pos)
            while pos < len(text) and text[pos] == "{":
                pos = _skip_group(text, pos)
            return _GAP, pos
        if name == "footnote":
            pos = _skip_optional(text, pos)
            if self.notes >= _NOTE_DEPTH:
                return " ", pos  # its text read in place, a word apart
            if pos < len(text) and text[pos] == "{":
                inner, pos = braced(text, pos)
                return " (" + _words(inner, self.notes + 1) + ")", pos
        return "", _skip_optional(text, pos)  # its braced arguments are read as text


def _symbol(name: str, text: str, pos: int) -> tuple[str, int]:
    """A named character (``\\textbar``, ``\\ss``), the ``{}`` after it taken. A letter's
    command ends at a blank, which TeX drops ("Stra\\ss e"); after another ("\\LaTeX
    packages") the blank is kept, as its author meant."""
    shown = _SYMBOLS[name]
    if text[pos : pos + 2] == "{}":
        return shown, pos + 2
    if shown.isalpha() and len(shown) == 1:
        while text[pos : pos + 1] in (" ", "\t"):
            pos += 1
    return shown, pos


def _until(text: str, pos: int, closer: str, regex: bool = False) -> tuple[int, int]:
    """Where the first ``closer`` after ``pos`` starts and ends (the text's end if none)."""
    if regex:
        m = re.compile(closer).search(text, pos)
        return (m.start(), m.end()) if m else (len(text), len(text))
    at = text.find(closer, pos)
    return (at, at + len(closer)) if at >= 0 else (len(text), len(text))


def _accented(accent: str, text: str, pos: int) -> tuple[str, int]:
    """The letter an accent command (``\\'``, ``\\c`` ...) puts its accent on, from its
    argument (``{e}``, ``{\\i}``) or the next character (``\\'e``), and where reading goes
    on."""
    if text[pos : pos + 1] == "{":
        inner, end = braced(text, pos)
        letter = _words(inner)
    else:
        at = pos
        while accent.isalpha() and at < len(text) and text[at] == " ":
            at += 1  # "\\c c": a letter-named accent ends at a blank
        letter, end = text[at : at + 1], at + 1
    if not letter[:1].isalpha():
        return letter, end
    base = _DOTLESS.get(letter[0], letter[0])  # \\"{\\i}: an i's dot goes
    return unicodedata.normalize("NFC", base + _ACCENTS[accent]) + letter[1:], end


# The command a \def or \let defines, and what a \let makes it ("=" optional).
_DEFINED = re.compile(r"\s*(\\[A-Za-z@]+|\\.)")
_LET_VALUE = re.compile(r"\s*=?\s*(\\[A-Za-z@]+|\\.|.)")


def _definition_end(text: str, pos: int, name: str) -> int:
    """Past a ``\\def`` (its command, its parameters, its body) or a ``\\let`` (two
    commands), which show nothing."""
    m = _DEFINED.match(text, pos)
    if m is None:
        return pos
    if name == "let":
        after = _LET_VALUE.match(text, m.end())
        return after.end() if after else m.end()
    # Its parameters ("#1#2") are short: a body further on, or past a blank line, is not
    # its own (and looking no further keeps many \\def's without one from costing n²).
    body = text.find("{", m.end(), m.end() + 100)
    return _skip_group(text, body) if body >= 0 and "\n\n" not in text[m.end() : body] else m.end()


def _skip_optional(text: str, pos: int) -> int:
    """Past an optional argument ``[...]`` at ``pos`` (and white space before it)."""
    at = pos
    while at < len(text) and text[at] in " \t":
        at += 1
    if at < len(text) and text[at] == "[":
        close = text.find("]", at)
        return close + 1 if close >= 0 else pos
    return pos


def _skip_group(text: str, pos: int) -> int:
    """Past a braced group at ``pos``, if one opens there."""
    if pos < len(text) and text[pos] == "{":
        return braced(text, pos)[1]
    return pos

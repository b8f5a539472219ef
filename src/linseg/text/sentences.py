"""Sentence splitting for raw text: spans that tile the input exactly.

The rule-based ``sentencex`` splitter (no model, no download, many languages) does the
first pass. It has one failure that matters on real documents: it never splits between
a pair of matching delimiters, however far apart they are, so a stray bracket or quote
(``(see below`` ... a later ``)``, a backquoted word and a later apostrophe) silences
every boundary up to its partner, and a long paragraph comes back as a handful of
"sentences" tens of kilobytes long. Quotations and parentheticals that hold several
sentences are rare, so any sentence still longer than :data:`LONG_PIECE` characters is
split again by a plain rule (:func:`_rule_starts`): a sentence mark, closing quotes or
brackets, white space, opening quotes or brackets if any, then an upper-case letter (or
any letter of a script without case: Arabic, Devanagari) or a digit, unless the word
before the mark is a known abbreviation, an initial or an initialism (``U.S.``). CJK full
stops need no space after them; Greek's ``;`` is its question mark. A piece still longer
than :data:`LONG_LINES` has no sentence marks to cut at (a list, a table, a log), and each
of its lines becomes a sentence; a line still that long is cut after every sentence mark
(not an abbreviation's) and the white space after it, whatever follows.

Two smaller repairs: sentencex starts a sentence at a list marker in running text
(``the lines, (B) its points``), so a start right after a comma, colon, semicolon, digit
or cased letter on the same line is dropped (:func:`_may_start`); and a blank line, even
one holding spaces or inside a quotation, always ends a sentence. sentencex was kept,
rather than replaced, because it covers every language linseg stems and is the fastest;
nupunkt (English only) and segtok (16 times slower) were the closest by measurement
(``benchmarks/bench_sentences.py --others``).

Layout is kept whole around the sentences:

- a fenced code block (```` ``` ```` or ``~~~``) is one unit, never split inside by this
  splitter (under a ``max_size``, :mod:`linseg.chunks.split` cuts it at its line breaks);
  a fence that never closes is no block (CommonMark would run it to the end of the text), and a
  bare ``~~~~~`` under a line no longer than it, or over and under one, is a reST title's
  adornment;
- a heading (``# Title``, a line underlined or over- and underlined with ``=``, ``-``,
  ``~`` ...) or a rule on its own is joined to the sentence that follows it, so a
  boundary can fall before a heading but never between a heading and its section.

Every character belongs to exactly one span; white space between two sentences belongs
to the first, and leading white space to the first sentence. So ``"".join(text[a:b] for
a, b in split_sentences(text)) == text`` always holds."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

__all__ = ["split_sentences", "LONG_PIECE", "LONG_LINES"]

#: A sentence longer than this (in characters) after the sentencex pass is split again
#: by the plain rule. It bounds how many sentences a stray delimiter can hide (one or two);
#: the cost, a quotation of several sentences cut inside, is mild for segmentation. On
#: the paper's corpus, F1 is flat (within 0.3 points) from 100 to 400.
LONG_PIECE = 200
#: A piece still longer than this after the plain rule has no sentence marks to cut at: a
#: list, a table or a log, whose lines are then its sentences.
LONG_LINES = 2000
#: The most characters of a paragraph that sentencex reads at once (:func:`_windows`).
SENTENCEX_WINDOW = 20_000

# Closing quotes and brackets that may follow a sentence mark; opening ones that may
# precede the next sentence's first letter.
_CLOSERS = "\"'\u201d\u2019\u00bb\u203a)]}\u300d\u300f\uff09"
_OPENERS = "\"'\u201c\u2018\u00ab\u2039([{`*\u300c\u300e\uff08\u00bf\u00a1"
# Sentence marks of the scripts sentencex covers: Latin/Cyrillic, the ellipsis, Greek
# question mark (U+037E), Arabic question mark and full stop (Urdu), Devanagari dandas,
# Armenian, Ethiopic and Myanmar full stops, CJK full stops. Greek also writes its
# question mark as an ASCII ";" (:data:`_MARK_EL`).
_MARKS = ".!?\u2026\u037e\u061f\u06d4\u0964\u0965\u0589\u1362\u104b\u3002\uff01\uff1f\uff61"
_MARK = re.compile("[" + _MARKS + "]+[" + re.escape(_CLOSERS) + "]*")
_MARK_EL = re.compile("[" + _MARKS + ";]+[" + re.escape(_CLOSERS) + "]*")
_CJK_MARKS = frozenset("\u3002\uff01\uff1f\uff61")
_ABBREVIATIONS = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "dr",
        "prof",
        "sr",
        "jr",
        "st",
        "vs",
        "etc",
        "e.g",
        "i.e",
        "cf",
        "fig",
        "figs",
        "no",
        "nos",
        "vol",
        "vols",
        "eq",
        "eqs",
        "ch",
        "sec",
        "approx",
        "al",
        "inc",
        "ltd",
        "co",
        "corp",
        "dept",
        "est",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "mt",
        "ft",
        "op",
        "pp",
        "ed",
        "eds",
        "rev",
        "gen",
        "col",
        "lt",
        "sgt",
        "capt",
        "cmdr",
        "gov",
        "sen",
        "rep",
    ]
)
# A line break, one or more lines of white space only, and the indentation after them.
_BLANK_LINE = re.compile(r"(?:\r\n|\r|\n)(?:[^\S\r\n]*(?:\r\n|\r|\n))+[^\S\r\n]*")
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})", re.MULTILINE)
_RULE_LINE = re.compile(r"^\s*([=\-~^*+#_`:.'\"])\1{2,}\s*$")
_ATX_HEADING = re.compile(r"^#{1,6}[ \t]+\S")
# The same after a line break ("\n#" first: a literal prefix, which re finds fast).
_ATX_AFTER_BREAK = re.compile(r"\n#(?=#{0,5}[ \t]+\S)")
#: The marks a rule line (_RULE_LINE) or a "#" heading can open with.
_RULE_MARKS = "=-~^*+#_`:.'\""


def split_sentences(text: str, language: str = "en") -> list[tuple[int, int]]:
    """Sentence spans ``(start, end)`` of raw ``text`` that tile it exactly.

    ``language`` is an ISO 639-1 code, or ``"auto"`` to detect it in ``text``; a language
    linseg reads is handed to ``sentencex`` as the code whose rules sentencex really
    applies (:attr:`linseg.text.languages.Language.sentences`), any other code as it is. An
    empty text has no sentences; one of white space only is one.
    """
    if not text:
        return []
    if language != "en":
        language = _splitter_code(language, text)
    if not text.strip():
        return [(0, len(text))]
    starts: list[int] = []
    for a, b, is_code in _blocks(text):
        if is_code:
            starts.append(_first_visible(text, a, b))
        else:
            starts.extend(_prose_starts(text, a, b, language))
    starts = sorted(set(starts))
    starts[0] = 0
    starts = _join_headings(text, starts)
    ends = [*starts[1:], len(text)]
    return list(zip(starts, ends))


def _first_visible(text: str, a: int, b: int) -> int:
    """The offset of the first non-space character of ``text[a:b]`` (b if none)."""
    for i in range(a, b):
        if not text[i].isspace():
            return i
    return b


def _blocks(text: str) -> list[tuple[int, int, bool]]:
    """``text`` cut into prose and fenced-code blocks: ``(start, end, is_code)``."""
    blocks: list[tuple[int, int, bool]] = []
    pos = 0
    search = 0
    while True:
        m = _FENCE.search(text, search)
        if m is None:
            break
        fence = m.group(1)
        closing = re.compile(
            r"^[ \t]{0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$",
            re.MULTILINE,
        )
        line_end = text.find("\n", m.end())
        if line_end < 0:
            break
        close = closing.search(text, line_end + 1)
        # CommonMark runs an unclosed fence to the end of the document; in real text it
        # is far more often a reStructuredText transition or adornment, or a cut-off
        # paste, and a block to the end would hide every boundary after it.
        if close is None or _is_adornment(text, m, line_end, close):
            search = line_end + 1
            continue
        if m.start() > pos:
            blocks.append((pos, m.start(), False))
        blocks.append((m.start(), close.end(), True))
        pos = search = close.end()
    if pos < len(text):
        blocks.append((pos, len(text), False))
    return blocks


def _is_adornment(text: str, fence: re.Match[str], line_end: int, close: re.Match[str]) -> bool:
    """Whether the bare ``~`` fence line ``fence`` (nothing after its run) is a
    reStructuredText title's adornment rather than a code fence: an underline directly
    below a line of text no longer than it (``Title`` over ``~~~~~``, common in reST, would
    otherwise open a block that runs to the next such line), or the overline of a single
    title line whose underline ``close`` is the same."""
    if fence.group(1)[0] != "~" or text[fence.end() : line_end].strip():
        return False  # a backtick fence (reST titles take "~", rarely "`"), or an info string
    start = fence.start()  # a line's start: the text's, or just after a "\n"
    above = text[text.rfind("\n", 0, start - 1) + 1 : start - 1].strip() if start else ""
    run = len(fence.group(1))
    if above and len(above) <= run:
        return True
    if close.start() == line_end + 1:
        return False
    inside = text[line_end + 1 : close.start()].rstrip("\n")
    return (
        "\n" not in inside
        and 0 < len(inside.strip()) <= run
        and close.group(0).strip() == fence.group(0).strip()
    )


def _prose_starts(text: str, a: int, b: int, language: str) -> list[int]:
    """Sentence starts in the prose ``text[a:b]``, paragraph by paragraph.

    A blank line (white space only, spaces allowed) always ends a sentence: sentencex
    misses one that holds spaces or falls between a pair of delimiters.
    """
    starts: list[int] = []
    pos = a
    for m in _BLANK_LINE.finditer(text, a, b):
        starts.extend(
            _whole_headings(
                text, pos, m.start(), _starts_in_paragraph(text, pos, m.start(), language)
            )
        )
        pos = m.end()
    starts.extend(_whole_headings(text, pos, b, _starts_in_paragraph(text, pos, b, language)))
    return starts


def _whole_headings(text: str, a: int, b: int, starts: list[int]) -> list[int]:
    """The sentence ``starts`` of the paragraph ``text[a:b]``, with its heading lines whole.

    A start inside a title (``tornado.tcpclient --- ...`` over its underline: a sentence
    mark in the title) moves to the title's first line, so that the heading opens one
    sentence; and a ``#`` heading at the margin starts a sentence even with no blank line
    before it (CommonMark lets it interrupt a paragraph: a changelog's ``## 1.2.1`` right
    under a list item)."""
    # One line holds no underline: only a "#" heading can make it a heading line.
    one_line = text.find("\n", a, b) < 0
    if (one_line and not text.startswith("#", a)) or not _MAY_HOLD_HEADING.search(text, a, b):
        return starts
    spans = [m.span() for m in _LINE.finditer(text, a, b)]
    lines = [text[i:j] for i, j in spans]
    headings: list[tuple[int, int, bool]] = []  # first character, end, whether it must start
    k = 0
    while k < len(lines):
        found = _heading_at(lines, k)
        if found is None or found[0][0] == " #":  # an indented "#" line: maybe code
            k += 1
            continue
        (style, _), taken = found
        headings.append((spans[k][0], spans[k + taken - 1][1], style == "#"))
        k += taken
    if not headings:
        return starts
    kept = [s for s in starts if not any(h < s < e for h, e, _ in headings)]
    moved = [h for h, e, must in headings if must or any(h < s < e for s in starts)]
    return sorted(set(kept) | set(moved))


def _splitter_code(language: str, text: str) -> str:
    from linseg.text.identification import resolve_language
    from linseg.text.languages import language_info

    try:
        code = resolve_language(language, text)
    except ValueError:
        return language  # a code linseg has no stemmer for: sentencex's own fallback
    return language_info(code).sentences


def _hash_lines_are_comments(sentences: Sequence[str]) -> bool:
    """Whether the text's ``#`` lines at the margin, outside fenced code, are comments
    or prompts rather than Markdown headings: most of them stand right next to another
    (a shell session's ``# cp a b`` over ``# sync``, a configuration file's comment
    block), as headings, with their text between them, seldom do (a part's heading
    right over its first chapter's is one of the few)."""
    if not any("#" in s for s in sentences):
        return False
    # A sentence that ends in no white space ends a line of its own (one a line).
    text = "".join(s if s[-1:].isspace() else s + "\n" for s in sentences)
    lines = [m.start() + 1 for m in _ATX_AFTER_BREAK.finditer(text)]
    if _ATX_HEADING.match(text):
        lines.insert(0, 0)
    if len(lines) >= 2 and _FENCE.search(text):
        # A fenced code block's lines are code, whatever they hold.
        prose = [(a, b) for a, b, code in _blocks(text) if not code]
        starts = [a for a, _ in prose]
        # The prose block each line may be in: the last to start at or before it.
        lines = [p for p in lines if (k := bisect_right(starts, p) - 1) >= 0 and p < prose[k][1]]
    if len(lines) < 2:
        return False
    at = set(lines)
    together = 0
    for p in lines:
        above = text.rfind("\n", 0, p - 1) + 1 if p else -1  # the line before's start
        below = text.find("\n", p) + 1  # the next line's (0: none)
        together += above in at or (below and below in at)
    return 2 * together > len(lines)


def _heading_at(lines: list[str], i: int) -> tuple[tuple[str, str], int] | None:
    """The heading that ``lines[i]`` opens, as :func:`_heading_styles` names its style, and
    how many lines it takes; None if that line opens none."""
    line = lines[i]
    first = line.lstrip()
    if _ATX_HEADING.match(first) and not line.startswith(("    ", "\t")):
        marks = first[: len(first) - len(first.lstrip("#"))]
        return ("#" if first == line else " #", marks), 1
    # Three lines only: two at a text's end would be an underlined title read as an overline.
    if i + 3 <= len(lines) and _adorned_title(lines[i : i + 3]):
        return ("over", line.strip()[0]), 3
    if _adorned_title(lines[i : i + 2]):
        return ("under", lines[i + 1].strip()[0]), 2
    return None


def _adorned_title(lines: list[str]) -> bool:
    """Whether ``lines`` are a title and its underline (Markdown's setext ``=``/``-`` of
    any length, or reStructuredText's adornment at least as long as the title), or a title
    over- and underlined alike."""
    adornments = (lines[-1], *lines[:-2])
    if len(lines) < 2 or not all(_RULE_LINE.match(ln) for ln in adornments):
        return False
    # Indented by four spaces or a tab, a line of marks is code in Markdown, and in
    # reStructuredText not a title's (an underline starts where its title does): a rule
    # set in an indented block, such as the ones a text browser draws under footnotes.
    if any(ln.startswith(("    ", "\t")) for ln in adornments):
        return False
    title, rules = lines[-2].strip(), [ln.strip() for ln in (*lines[:-2], lines[-1])]
    if _RULE_LINE.match(title) or len(title) > 120:
        return False
    if len(rules) == 2 and rules[0] != rules[1]:
        return False
    return (len(rules) == 1 and rules[0][0] in "=-") or all(len(r) >= len(title) for r in rules)


# A paragraph that may hold a heading line: a "#" heading at a line's start, or a line of
# one repeated mark (an adornment) under or over a title.
_MAY_HOLD_HEADING = re.compile(
    r"^(?:#{1,6}[ \t]|([=\-~^*+#_`:.'\"])\1{2,}[ \t]*\r?$)", re.MULTILINE
)
# A line of text, without its line break.
_LINE = re.compile(r"[^\r\n]+")
# A numbered title's line: its number ("3", "3.", "3.2", "3.2.", "Chapter 3.") and its
# words, after a space or a no-break space (as DocBook's text output sets them); and a
# line that opens with a number, as a table of contents' lines do (a bullet may come
# first).
_NUMBER_NAMED = r"(?:(?:Chapter|Part|Section)[ \u00a0]+)?"  # "Chapter 3.", "Part 2"
_LINE_BREAK = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
# A sentence mark of any script, closing quotes or brackets, and the white space after:
# where a line too long for anything else is cut.
_ANY_MARK = re.compile(f"[.!?\u3002\uff01\uff1f\u0964\u061f][{re.escape(_CLOSERS)}]*\\s+")

# What sentencex is handed in place of characters it cannot take, one for one so that
# every offset holds: U+2028/U+2029 (see _starts_in_paragraph), and lone surrogates (text
# decoded with "surrogateescape"), which no Rust string can hold.
_LINE_SEPARATORS = str.maketrans(
    {"\u2028": "\n", "\u2029": "\n", **{chr(c): "\ufffd" for c in range(0xD800, 0xE000)}}
)


def _starts_in_paragraph(text: str, a: int, b: int, language: str) -> list[int]:
    """Sentence starts in the paragraph ``text[a:b]``: sentencex's that may stand
    (:func:`_may_start`), then every sentence still longer than :data:`LONG_PIECE`, or
    that absorbed a dropped start, split again by the plain rule (sentencex also misses
    the boundaries after a list marker it took for a start)."""
    import sentencex

    chunk = text[a:b]
    first = _first_visible(chunk, 0, len(chunk))
    if first == len(chunk):
        return []
    starts = [first]
    merged: set[int] = set()  # sentences that absorbed a dropped start
    pos = 0
    # sentencex 1.0 slices inside U+2028/U+2029 and panics; as line breaks they split
    # nothing here, and the one-for-one swap keeps every offset (as it does for lone
    # surrogates, which it cannot take at all).
    plain = chunk.translate(_LINE_SEPARATORS)
    windows = _windows(plain)
    # Where a window after the first begins is no sentence start of its own: the sentence
    # there goes on from the window before (and is split by the plain rule if long).
    cut_starts = {_first_visible(chunk, w, len(chunk)) for w, _ in windows[1:]}
    try:
        if len(windows) == 1:  # nearly every paragraph: no copy of it
            pieces = sentencex.segment(language, plain)
        else:
            pieces = [p for w, e in windows for p in sentencex.segment(language, plain[w:e])]
    except BaseException as exc:  # pyo3's PanicException derives from BaseException
        if not type(exc).__name__.endswith("PanicException"):
            raise
        # Whatever else makes the splitter panic, the plain rule still splits the paragraph.
        return [a + first, *(a + r for r in _rule_starts(chunk, first, len(chunk), language))]
    for piece in pieces:
        if not piece:
            continue
        at = plain.find(piece, pos)
        if at < 0:  # the splitter altered the piece; resynchronise on its stripped form
            piece = piece.strip()
            at = plain.find(piece, pos) if piece else -1
            if at < 0:
                continue
        end = at + len(piece)
        start = _first_visible(chunk, at, end)
        if start < end and start > starts[-1] and start not in cut_starts:
            if not _reference_number(chunk, start) and _may_start(chunk, start, language):
                starts.append(start)
            else:
                merged.add(starts[-1])
        pos = end
    out = []
    for s, e in zip(starts, [*starts[1:], len(chunk)]):
        sub = [s]
        if e - s > LONG_PIECE or s in merged:
            sub.extend(_rule_starts(chunk, s, e, language))
        for p, q in zip(sub, [*sub[1:], e]):
            out.append(a + p)
            if q - p > LONG_LINES:
                out.extend(a + r for r in _long_piece_starts(chunk, p, q))
    return out


def _windows(text: str) -> list[tuple[int, int]]:
    """``text`` cut into windows of at most :data:`SENTENCEX_WINDOW` characters, each
    ending after a line break (or a space, in a line longer than a window) where it can,
    for sentencex: its time grows faster than a paragraph's length (it looks for the
    partner of every bracket and quote), so that one paragraph of 7 MB (a JSON file, a
    log) took 30 s, against about a second in windows."""
    windows: list[tuple[int, int]] = []
    a = 0
    while len(text) - a > SENTENCEX_WINDOW:
        limit = a + SENTENCEX_WINDOW
        cut = text.rfind("\n", a, limit) + 1 or text.rfind(" ", a, limit) + 1 or limit
        if cut <= a:
            cut = limit
        windows.append((a, cut))
        a = cut
    windows.append((a, len(text)))
    return windows


def _long_piece_starts(text: str, a: int, b: int) -> list[int]:
    """Starts inside ``text[a:b]``, longer than :data:`LONG_LINES` after the plain rule:
    its lines; and in a line still that long, the end of the white space after every
    sentence mark but an abbreviation's or an initial's, whatever follows (in ``... ok.
    (c) the`` no rule may start, and a one-line list of such items was one sentence of
    250 KB)."""
    lines = _line_starts(text, a, b)
    out = []
    for p, q in zip([a, *lines], [*lines, b]):
        if p > a:
            out.append(p)
        if q - p > LONG_LINES:
            out.extend(
                m.end()
                for m in _ANY_MARK.finditer(text, p, q)
                if m.end() < q
                and not (text[m.start()] == "." and _is_abbreviation(text, p, m.start()))
            )
    return out


def _line_starts(text: str, a: int, b: int) -> list[int]:
    """The first visible character of every line of ``text[a:b]`` after its first, the
    lines ended by any line break (a lone carriage return too, as old Mac files have)."""
    out = []
    start = -1
    for brk in _LINE_BREAK.finditer(text, a, b):
        # The breaks of a run of blank lines share their next visible character: found
        # once, not again from each (form feeds by the thousand were quadratic).
        if start < brk.end():
            start = _first_visible(text, brk.end(), b)
        # Only the last break before a line's first character starts it (CRLF is two).
        if start < b and not _LINE_BREAK.search(text, brk.end(), start):
            out.append(start)
    return out


def _may_start(text: str, start: int, language: str) -> bool:
    """Whether sentencex's sentence start at ``start`` may stand.

    sentencex also starts a sentence at a list marker in running text (``the lines, (B)
    its points``, ``section 381 (c)``). A sentence cannot begin right after a comma,
    colon, semicolon, digit or cased letter on the same line, so such a start is dropped.
    Uncased scripts (Thai, CJK) and the Greek question mark ``;`` are left alone. Nor
    does one begin after a line's number (``1. Introduction``, ``3.1. What is it?``),
    which sentencex ends as a sentence of its own.
    """
    if _after_enumerator(text, start):
        return False
    i = start
    while i > 0 and text[i - 1].isspace():
        i -= 1
        if text[i] in "\n\r\u2028\u2029\x0b\x0c\x1c\x1d\x1e\x85":
            return True
    if i == 0:
        return True
    prev = text[i - 1]
    if prev in ",:" or (prev == ";" and language != "el"):
        return False
    return not (prev.isdigit() or prev.isupper() or prev.islower())


def _rule_starts(text: str, a: int, b: int, language: str = "en") -> list[int]:
    """Sentence starts inside ``text[a:b]`` by the plain rule (see the module docstring)."""
    out = []
    mark = _MARK_EL if language == "el" else _MARK
    for m in mark.finditer(text, a, b):
        nxt = m.end()
        cjk = text[m.start()] in _CJK_MARKS
        while nxt < b and text[nxt].isspace():
            nxt += 1
        if nxt >= b or (nxt == m.end() and not cjk):
            continue
        # Opening quotes or brackets, spaced or not (``( When``, ``"'The``), may come first.
        j = nxt
        while j + 1 < b and text[j] in _OPENERS:
            j += 1
            while j + 1 < b and text[j] in " \t":
                j += 1
        head = text[j]
        if not cjk and not (head.isdigit() or (head.isalpha() and not head.islower())):
            continue
        if text[m.start()] == "." and _is_abbreviation(text, a, m.start()):
            continue
        if _after_enumerator(text, nxt):
            continue
        out.append(nxt)
    return out


# A line's number, as a numbered heading or list item opens with: "1. ", "3.1. ",
# "Chapter 2. " (the space may be a no-break space).
_ENUMERATOR = re.compile(r"[ \t]*" + _NUMBER_NAMED + r"\d{1,3}(?:\.\d{1,3})*\.[ \t\u00a0]+")
_ENUMERATOR_PEEK = 24


def _after_enumerator(text: str, start: int) -> bool:
    """Whether only a number and white space stand before ``start`` on its line."""
    # Most sentences start after a word's full stop: a digit must stand before the mark.
    j = start
    while j > 0 and text[j - 1] in " \t\u00a0":
        j -= 1
    if j < 2 or text[j - 1] != "." or not text[j - 2].isdigit():
        return False
    head = max(0, start - _ENUMERATOR_PEEK)
    breaks = list(_LINE_BREAK.finditer(text, max(0, head - 1), start))
    line = breaks[-1].end() if breaks else 0
    if not breaks and head:
        return False  # the line opens further back than a number's reach
    return _ENUMERATOR.fullmatch(text, line, start) is not None


def _reference_number(text: str, start: int) -> bool:
    """Whether a piece starting at ``start`` is a number after an abbreviation
    (``Eq. 7``, ``No. 5``), which sentencex takes for a new sentence."""
    if not text[start].isdigit():
        return False
    dot = start - 1
    while dot > 0 and text[dot].isspace():
        dot -= 1
    return dot > 0 and text[dot] == "." and _is_abbreviation(text, 0, dot)


def _is_abbreviation(text: str, a: int, dot: int) -> bool:
    """Whether the word ending at the full stop ``text[dot]`` is an abbreviation, an
    initial or an initialism (``U.S.``, ``a.m.``), after which a capital letter does not
    start a sentence."""
    i = dot
    while i > a and not text[i - 1].isspace():
        i -= 1
    word = text[i:dot].lstrip(_OPENERS).lower()
    if len(word) == 1 and word.isalpha() or word in _ABBREVIATIONS:
        return True
    # Letters each followed by a full stop, the last one's being text[dot]: u.s, p.h.d
    return len(word) >= 3 and all(c.isalpha() for c in word[::2]) and set(word[1::2]) == {"."}


def _is_heading(piece: str) -> bool:
    """Whether a sentence is only a heading or a rule (Markdown or reStructuredText)."""
    piece = piece.strip()
    # Most sentences are one line of prose, which only a "#" or a rule's mark can open.
    if piece[:1] not in _RULE_MARKS and not _LINE_BREAK.search(piece):
        return False
    lines = [ln for ln in piece.splitlines() if ln.strip()]
    if not lines or len(lines) > 3:
        return False
    if all(_RULE_LINE.match(ln) for ln in lines):
        return True
    if len(lines) == 1:
        return bool(_ATX_HEADING.match(lines[0].lstrip()))
    # A title and its adornment, by the rule heading_starts reads them with: a short
    # code block between two fences ("~~~", "x = 1", "~~~") is no title.
    return _adorned_title(lines)


def _join_headings(text: str, starts: list[int]) -> list[int]:
    """``starts`` without the start of every sentence that follows a heading (a ``#``
    line is none in a text whose ``#`` lines are comments)."""
    keep = [starts[0]]
    comments: bool | None = None  # read at the first "#" heading, if there is one
    for a, b in zip(starts, starts[1:]):
        piece = text[a:b]
        if _is_heading(piece):
            line = piece.strip()
            if not _ATX_HEADING.match(line) or _LINE_BREAK.search(line):
                continue  # a rule, or a title and its adornment
            if comments is None:
                comments = _hash_lines_are_comments([text])
            if not comments:
                continue
        keep.append(b)
    return keep

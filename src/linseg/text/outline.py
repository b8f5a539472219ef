"""A document's own structure, read from its text: where its paragraphs start, which
sentences are headings (Markdown's, reStructuredText's, numbered titles, chapter lines,
titles on lines of their own) and at what level.

The sentence splitter (:mod:`linseg.text.sentences`) keeps a heading a sentence of its
own; this module reads those sentences back as an outline, for the strategies and costs
that cut only where the document's own sections begin."""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextvars import ContextVar, Token

from linseg.text.sentences import (
    _ATX_HEADING,
    _LINE_BREAK,
    _NUMBER_NAMED,
    _adorned_title,
    _hash_lines_are_comments,
    _heading_at,
)

__all__ = [
    "paragraph_starts",
    "heading_starts",
    "heading_levels",
    "title_lines",
    "contents_sentences",
    "document",
    "TITLE_WORDS",
    "CONTENTS_ENTRIES",
]

# A Markdown thematic break ("---", "* * *", "___") or a reStructuredText transition of
# "=", "~" or "+": a break the author put between topics.
_BREAK_LINE = re.compile(r"^[ ]{0,3}([-*_=~+])(?:[ \t]*\1){2,}[ \t]*$")


_PARAGRAPH_END = re.compile(r"\n[^\S\n]*\n\s*\Z")


def paragraph_starts(sentences: Sequence[str]) -> list[int]:
    """Indices of the sentences that start a paragraph (0 first): those after a
    sentence whose trailing white space holds a blank line, as :func:`split_sentences`
    and :func:`linseg.segment_text` keep it."""
    starts = [0]
    for i, s in enumerate(sentences[:-1]):
        if _PARAGRAPH_END.search(s):
            starts.append(i + 1)
    return starts


#: The document being segmented, and its heading starts once read (:func:`document`).
_DOCUMENT: ContextVar[tuple[Sequence[str], list[list[int]]] | None] = ContextVar(
    "linseg_outline_document", default=None
)


class document:
    """Within the block, :func:`heading_starts` of this very ``sentences`` object is read
    once, however many pieces of a segmenter ask for it (the search's units, the
    outline's cost): a :class:`~linseg.compose.Composition` opens one for each document,
    as it does for the words (:meth:`linseg.text.processor.TextProcessor.document`). A
    block on the same document inside it is the same block."""

    __slots__ = ("sentences", "_token")

    def __init__(self, sentences: Sequence[str]) -> None:
        self.sentences = sentences
        self._token: Token[tuple[Sequence[str], list[list[int]]] | None] | None = None

    def __enter__(self) -> None:
        current = _DOCUMENT.get()
        if current is None or current[0] is not self.sentences:
            self._token = _DOCUMENT.set((self.sentences, []))

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _DOCUMENT.reset(self._token)
            self._token = None


def heading_starts(sentences: Sequence[str]) -> list[int]:
    """Indices of the sentences that open with a heading or a rule (0 first): a Markdown
    ``#`` heading, a line underlined (or over- and underlined) with ``=``, ``-``, ``~``
    ..., or a thematic break (``---``, ``***``), as :func:`split_sentences` joins them to
    the sentence they introduce. These are where the document's author put its
    sections. A ``#`` that does not start a line opens none (``x = 1  # a comment``, cut
    after ``x = 1``), nor does a ``#`` line indented by four spaces or a tab (code), nor
    one indented at all in a text with no ``#`` heading at the margin (reStructuredText,
    where it is a comment in a code block), nor any in a text whose ``#`` lines mostly
    stand right next to another (a shell session's prompts, a configuration file's
    comments). The sentence before holds that indentation: white
    space between sentences belongs to the first.

    In a text that marks no heading so (rules at most), the titles of
    :func:`title_lines` (``2.1 Getting started``, ``SEE ALSO`` on a line of its own)
    open sections too."""
    current = _DOCUMENT.get()
    if current is None or current[0] is not sentences:
        return _read_heading_starts(sentences)
    if not current[1]:
        current[1].append(_read_heading_starts(sentences))
    return list(current[1][0])


def _read_heading_starts(sentences: Sequence[str]) -> list[int]:
    found = []  # (sentence, whether a "#" heading opens it, its indentation)
    for i, sentence in enumerate(sentences):
        if i and _opens_with_heading(sentence):
            indent = _heading_indent(sentences, i)
            if indent is not None:
                found.append((i, _opens_with_atx(sentence), indent))
    if any(atx for _, atx, _ in found) and _hash_lines_are_comments(sentences):
        found = [f for f in found if not f[1]]
    if not any(atx or _heading_styles(sentences[i], indent) for i, atx, indent in found):
        # No heading marked (rules at most): plain text may number its headings, or set
        # them in capitals, instead.
        return sorted({0, *(i for i, *_ in found), *title_lines(sentences)})
    markdown = any(atx and not indent for _, atx, indent in found)
    if sentences and not markdown:  # the text's first sentence: a "#" title at the margin
        first = sentences[0].lstrip("\r\n")
        markdown = _opens_with_atx(first) and first[:1] not in (" ", "\t")
    return [0, *(i for i, atx, indent in found if markdown or not (atx and indent))]


def title_lines(sentences: Sequence[str]) -> dict[int, int]:
    """The sentences after the first that open with a title that plain text sets on a
    line of its own, at the margin, where it cannot mark one (a report, a manual page, a
    PDF's text), and each title's depth:

    - a numbered title: ``3 Results``, ``3.2. Bees``, ``1.1. What is this FAQ?`` or
      ``Chapter 4. Tools`` (depth 1, 2, 2 and 1), at most :data:`TITLE_WORDS` words that
      open in upper case;
    - a book's division (:func:`_chapter_depth`): ``CHAPTER I.``, ``Chapter 12``,
      ``BOOK III``, a Roman numeral alone (depth 0 for a book, part, volume or act, 1
      for a chapter and the rest), its period allowed;
    - a title in capitals: ``DESCRIPTION``, ``SEE ALSO`` (depth 1), at most
      :data:`TITLE_WORDS` words, no letter in lower case, no column gap (two spaces),
      ``|`` or ``_`` in it (a table's header or a constant's name is none), in a text
      where such lines are three at least, and at least as many as its other lines shaped
      as titles (``Getting started``) and its numbered titles: among those, one in
      capitals is an acronym (``API``).

    The first and last end in none of ``.``, ``,``, ``;`` and ``:``. A title right after
    another of its depth or a higher one, with nothing between them (no more lines of its
    sentence, no sentence), is a list's item, not a section's title (nor is the text's last
    sentence, unless its section goes on in it), nor is one right before the entry that
    goes on with its numbering, title or not (``1. Overview`` over ``2. Prerequisites``
    in a table of contents, whose later entries are no titles); a numbered one whose
    lines below it in its sentence are mostly numbered, two or more or indented, is a
    table of contents' entry, and one whose sentence runs on below in lower case a
    wrapped item; and a text with fewer than two titles has none."""
    found: dict[int, int] = {}
    capitals: list[int] = []
    others = 0  # title-like lines that are neither: "Getting started"
    for i in range(1, len(sentences)):
        head = sentences[i][:1]
        depth = None
        if head in _NUMBERED_OPENERS and _NUMBER_START.match(sentences[i]):
            depth = _numbered_depth(sentences, i)
        if depth is None and head in _CHAPTER_OPENERS and _CHAPTER_START.match(sentences[i]):
            depth = _chapter_depth(sentences, i)
        if depth is not None:
            found[i] = depth
        elif head.isupper() and (line := _title_line(sentences, i)) is not None:
            if _in_capitals(line):
                capitals.append(i)
            else:
                others += 1
    # Capitals are the text's way of setting titles only where most of its title-like
    # lines are so (a manual page's); among titles in mixed case, or numbered ones, a
    # capital one is an acronym ("API"), and cutting only there would lose the others.
    # And three of them at least: two lines in capitals are as often two constants
    # (EOF, TIMEOUT) or states above their descriptions.
    if len(capitals) >= max(3, others + len(found)):
        found.update((i, 1) for i in capitals)
    titles = {
        i: depth
        for i, depth in found.items()
        if _LINE_BREAK.search(sentences[i].rstrip())  # its section goes on in its sentence
        or (
            i + 1 < len(sentences)
            and found.get(i + 1, depth + 1) > depth
            and not _numbering_goes_on(sentences, i)
        )
    }
    return titles if len(titles) >= 2 else {}


def _chapter_depth(sentences: Sequence[str], i: int) -> int | None:
    """The depth of the book's division that sentence ``i`` opens with, on a line at the
    margin: ``CHAPTER I.``, ``Chapter 12``, ``Chapter Two: The Sea``, ``BOOK III``,
    ``Article 5``, ``Appendix B`` or a Roman numeral alone (``IV.``), as books and legal
    texts set them in plain text (depth 0 for a book, part, volume or act, above the
    chapters; 1, a numbered chapter's, for a chapter, scene, canto, stave, article,
    appendix and a numeral alone); or
    None. What follows the number on its line is a title (at most :data:`TITLE_WORDS`
    words, opening in upper case; after a numeral alone, not a sentence's end), or
    nothing; a sentence that runs on below in lower case is prose that opens with the
    words (``Chapter 3`` over ``describes the API.``)."""
    if not _at_margin(sentences, i):
        return None
    line, *rest = _LINE_BREAK.split(sentences[i])
    m = _CHAPTER_LINE.fullmatch(line.rstrip())
    if m is None:
        return None
    title = m.group("title")
    division = (m.group("division") or m.group("appendix") or "").lower()
    if title and (
        not (title[0].isupper() or title[0] in "\"'\u201c\u2018")
        or len(title.split()) > TITLE_WORDS
        or title[-1] in ",;"
        # A play's scene is set so ("SCENE II. A room in the castle."); after a numeral
        # alone, a sentence is a point's ("I. The first point was that.").
        or (title[-1] == "." and not division and not title.isupper())
    ):
        return None
    if rest and rest[0].lstrip()[:1].islower():
        return None
    # A chapter stands where a numbered chapter does ("Chapter 4. Tools", depth 1), and
    # a book's parts above it.
    return 0 if division in ("book", "part", "volume", "act") else 1


def _numbering_goes_on(sentences: Sequence[str], i: int) -> bool:
    """Whether the sentence after ``i`` opens, at the margin, with the number that comes
    next after sentence ``i``'s (``1.`` then ``2.``, ``2.3`` then ``2.4`` or ``3``), as
    the next entry of a list or a table of contents does, title or not."""
    numbers = []
    for j in (i, i + 1):
        line = _LINE_BREAK.split(sentences[j], maxsplit=1)[0]
        m = _NUMBERED_TITLE.fullmatch(line) if _at_margin(sentences, j) else None
        if m is None:
            return False
        numbers.append([int(part) for part in m.group(1).split(".") if part])
    mine, after = numbers
    k = len(after) - 1
    return k < len(mine) and after == [*mine[:k], mine[k] + 1]


def _number_depth(line: str) -> int | None:
    """The depth of the section number that the title ``line`` opens with (``3 Results``
    1, ``3.2. Bees`` 2, ``Chapter 4. Tools`` 1), or None if it opens with none: how
    :func:`title_lines` ranks a numbered title, and a PDF's reader its headings."""
    m = _NUMBERED_TITLE.fullmatch(line)
    return None if m is None else m.group(1).count(".") + 1


def _at_margin(sentences: Sequence[str], i: int) -> bool:
    """Whether sentence ``i`` starts a line at the margin: the sentence before ends with
    a line break, or with no white space at all (sentences given one a line)."""
    before = sentences[i - 1]
    return bool(_LINE_BREAK.match(before[-1:]) or before[-1:].strip())


def _numbered_depth(sentences: Sequence[str], i: int) -> int | None:
    """The depth of the numbered title that opens sentence ``i`` (its number's parts),
    or None if none does (see :func:`title_lines`)."""
    if not _at_margin(sentences, i):
        return None
    line, *rest = _LINE_BREAK.split(sentences[i])
    m = _NUMBERED_TITLE.fullmatch(line)
    if m is None:
        return None
    title = m.group(2)
    if not title[0].isupper() or title[-1] in ".,;:" or len(title.split()) > TITLE_WORDS:
        return None
    # A sentence that runs on below, in lower case, is a numbered item's or a clause's,
    # wrapped ("4. You may not copy, modify, sublicense, or distribute the Program
    # except as" over "expressly provided under this License."), not a title.
    if rest and rest[0].lstrip()[:1].islower():
        return None
    # A table of contents' entry: half or more of the lines below it in the sentence are
    # numbered too (the others their titles run on), two or more, or indented under it.
    below = [ln for ln in rest if ln.strip()]
    numbered = [ln for ln in below if _NUMBERED_LINE.match(ln)]
    indented = any(ln[:1] in (" ", "\t") for ln in numbered)
    if 2 * len(numbered) >= len(below) > 0 and (len(numbered) >= 2 or indented):
        return None
    return m.group(1).count(".") + 1


def _in_capitals(line: str) -> bool:
    """Whether a title line is set in capitals: every letter in upper case, two at least,
    and no column gap (two spaces), ``|`` (a table's header) or ``_`` (a constant's name,
    ``KVM_REQUEST_WAIT``, above its description)."""
    # Every letter in upper case: a Japanese or Chinese sentence, whose letters have no
    # case, is not in capitals for the acronyms in it ("PAM と NSS ...").
    return (
        all(c.isupper() for c in line if c.isalpha())
        and sum(c.isupper() for c in line) >= 2
        and "  " not in line
        and "|" not in line
        and "_" not in line
    )


def _title_line(sentences: Sequence[str], i: int) -> str | None:
    """The first line of sentence ``i`` if it is shaped as a title on a line of its own
    (see :func:`title_lines`), else None."""
    sentence = sentences[i].rstrip()
    # Most sentences are one line of prose that ends so: the cheap test first.
    if sentence[-1:] in _NOT_TITLE_ENDS and "\n" not in sentence or not _at_margin(sentences, i):
        return None
    line = _LINE_BREAK.split(sentence, maxsplit=1)[0].rstrip()
    if not line or line[-1] in _NOT_TITLE_ENDS or len(line.split()) > TITLE_WORDS:
        return None
    return line


def _opens_with_atx(sentence: str) -> bool:
    """Whether ``sentence``'s first line is a Markdown ``#`` heading."""
    return bool(_ATX_HEADING.match(sentence.lstrip(" \t")))


def _heading_indent(sentences: Sequence[str], i: int) -> str | None:
    """The indentation of sentence ``i``'s first line, which may open a heading: the
    spaces and tabs that end the sentence before it after its last line break; None when
    it is indented as code (four spaces or a tab), or when sentence ``i`` opens with a
    ``#`` inside a line: the sentence before ends in white space after text on its last
    line (``x = 1  # a comment``, cut after ``x = 1``). A sentence before that ends in
    text, with no white space, ends a line of its own (sentences given one a line). A
    rule or a title found inside a line (after a splitter's cut at ``..``) still counts,
    as at the line's start."""
    if i == 0:
        return ""
    before = sentences[i - 1]
    tail = before[max(before.rfind("\n"), before.rfind("\r")) + 1 :]
    if tail.strip(" \t"):
        inside_line = tail[-1:] in (" ", "\t")
        return None if inside_line and sentences[i].lstrip(" \t").startswith("#") else ""
    return None if "\t" in tail or len(tail) >= 4 else tail


def _opens_with_heading(sentence: str) -> bool:
    head = sentence[:_HEADING_PEEK]
    # Most sentences are one line of prose: neither a "#" heading nor a break can open
    # them, and a title needs the line of its adornment.
    # (White space after the last line holds no heading.)
    if head.lstrip()[:1] not in _HEADING_OPENERS and not _LINE_BREAK.search(head.rstrip()):
        return False
    raw = head.splitlines()
    lines = [ln for ln in raw if ln.strip()][:3]
    # Four spaces or a tab of indentation make a Markdown code line: "    # a comment".
    if not lines or lines[0].startswith(("    ", "\t")):
        return False
    if _ATX_HEADING.match(lines[0].lstrip()):
        return True
    if _BREAK_LINE.match(lines[0]):
        # A rule over footnotes ("[1] ...", "^[2] ...") closes the section they annotate:
        # it opens none (a plain-text book writes one at the end of each chapter).
        if len(lines) > 1 and _FOOTNOTE.match(lines[1]):
            return False
        # A reStructuredText transition ("=", "~", "+") stands between blank lines; a
        # "~~~" with code right below it opens a fenced block, not a section.
        if lines[0].strip()[0] not in "=~+":
            return True
        after = raw[raw.index(lines[0]) + 1 :]
        if not after or not after[0].strip():
            return True
    # A line of other punctuation alone ("...", a '"""' of pasted code) opens nothing.
    return _adorned_title(lines[:2]) or _adorned_title(lines[:3])


def heading_levels(sentences: Sequence[str], starts: Sequence[int]) -> list[int | None]:
    """The outline level of the headings that open each sentence of ``starts`` (1 the
    highest), or None where none does (a rule on its own marks no level).

    A Markdown ``#`` heading's level is its number of ``#``; in a text that has any, a
    title underlined with ``=`` is level 1 and one underlined with ``-`` level 2, as
    Markdown reads them. reStructuredText gives its adornments no fixed levels: each
    style (its character, and whether it is also over the title) takes the next level
    when it first appears, as docutils reads them, below Markdown's six in a text that
    mixes the two. Headings with no text between them open one sentence
    (:func:`split_sentences` joins them to the text they introduce), whose level is
    the highest of theirs: ``## Part`` right above ``### Chapter`` opens a part. Where
    no unit opens with a heading so marked, a title on a line of its own has its depth
    for its level (:func:`title_lines`: a numbered title's number's, 1 in capitals).
    """
    # Most units open with no heading: the cheap test first, the indentation only then.
    styles = [
        _heading_styles(sentences[i], _heading_indent(sentences, i))
        if _opens_with_heading(sentences[i])
        else []
        for i in starts
    ]
    hashes = ("#", " #")
    if any(st[0] in hashes for found in styles for st in found) and _hash_lines_are_comments(
        sentences
    ):
        styles = [[st for st in found if st[0] not in hashes] for found in styles]
    if not any(styles):
        titles = title_lines(sentences)
        return [titles.get(i) for i in starts]
    markdown = any(style[0] == "#" for found in styles for style in found)
    first_seen: dict[tuple[str, str], int] = {}

    def level(style: tuple[str, str]) -> int | None:
        if style[0] == " #":
            # An indented "# line" outside Markdown is a comment in a code block (reST's
            # literal blocks are indented): it opens a unit but marks no level.
            return len(style[1]) if markdown else None
        if style[0] == "#":
            return len(style[1])
        if markdown and style[0] == "under" and style[1] in "=-":
            return 1 if style[1] == "=" else 2
        return first_seen.setdefault(style, (7 if markdown else 1) + len(first_seen))

    levels = [[lv for lv in map(level, found) if lv is not None] for found in styles]
    return [min(found) if found else None for found in levels]


def _heading_styles(sentence: str, indent: str | None) -> list[tuple[str, str]]:
    """How each heading that opens ``sentence`` (one that :func:`_opens_with_heading`
    accepts) is marked, in order: ``("#", "##")`` for
    a Markdown ``##`` heading (``(" #", "##")`` when it is indented), ``("under", "~")``
    for a title underlined with ``~``, ``("over", "=")`` for one over- and underlined with
    ``=``. Rules alone mark none. ``indent``: the indentation of the sentence's first
    line, which the sentence before holds (None: it can open no heading)."""
    if indent is None:
        return []
    lines = [ln for ln in sentence[:_HEADING_BLOCK_PEEK].splitlines() if ln.strip()]
    found: list[tuple[str, str]] = []
    i = 0
    while i < len(lines):
        heading = _heading_at(lines, i)
        if heading is not None:
            style, taken = heading
            # The first line's indentation is in the sentence before.
            found.append((" #", style[1]) if i == 0 and indent and style[0] == "#" else style)
            i += taken
        elif _BREAK_LINE.match(lines[i]):
            i += 1
        else:
            break
    return found


# A footnote's mark opening a line: "[1]", "^[2]" (lynx, w3m), "(3)", "*".
_FOOTNOTE = re.compile(r"[ \t\u00a0]*(?:\^?\[\d{1,3}\]|\(\d{1,3}\)|\*{1,3}[ \t])")
# A heading is at most three lines of at most about 120 characters each.
_HEADING_PEEK = 600
# Headings with no text between them are joined into one sentence: as many as this much
# text holds are read for their levels.
_HEADING_BLOCK_PEEK = 4000
# What a one-line heading or break starts with ("" too: no visible character), and every
# line break str.splitlines knows.
_HEADING_OPENERS = "#-*_=~+"
#: The most words a title on a line of its own has (:func:`title_lines`).
TITLE_WORDS = 12
# (A title ends in none of these, in any script: CJK's full stop and commas too.)
_NOT_TITLE_ENDS = frozenset(".,;:\u3002\u3001\uff0c\uff1b\uff1a")
_NUMBERED_TITLE = re.compile(
    _NUMBER_NAMED + r"(\d{1,2}(?:\.\d{1,2})*)\.?[ \t\u00a0]+(\S[^\r\n]*?)[ \t]*"
)
_NUMBERED_OPENERS = frozenset("0123456789CPS")  # a digit, Chapter, Part, Section
_NUMBER_START = re.compile(_NUMBER_NAMED + r"\d")  # the cheap test, before the line's

# A book's division as plain text sets it on a line of its own: a name and a number (in
# figures, Roman numerals or words), then a title or nothing; or a Roman numeral alone.
_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    "fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|"
    "eighty|ninety|hundred|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|"
    "tenth|last"
)
_CHAPTER_LINE = re.compile(
    r"(?:(?P<division>(?i:chapter|book|part|volume|act|scene|canto|stave|article))[ \u00a0]+"
    rf"(?:\d{{1,3}}|[IVXLCDM]{{1,8}}|(?i:(?:the[ \u00a0]+)?(?:{_NUMBER_WORDS})(?:-(?:{_NUMBER_WORDS}))?))"
    r"|(?P<appendix>(?i:appendix))[ \u00a0]+(?:[A-Z]|\d{1,2})"
    r"|[IVXLC]{1,7})"
    r"\.?(?:[ \t\u00a0]*[:.\u2014\u2013-][ \t\u00a0]*|[ \t\u00a0]+|$)(?P<title>[^\r\n]*)"
)
_CHAPTER_OPENERS = frozenset("CBPVASIXLcbpvas")  # the divisions' and numerals' first letters
# The cheap test, before the line's: a division's name and a space, or a Roman numeral
# that ends its word.
_CHAPTER_START = re.compile(
    r"(?i:chapter|book|part|volume|act|scene|canto|stave|article|appendix)[ \u00a0]"
    r"|[IVXLC]{1,7}\.?(?:\s|$)"
)

_NUMBERED_LINE = re.compile(r"[ \t]*[*-]?[ \t]*\d{1,2}(?:\.\d{1,2})*\.?[ \t\u00a0]+\S")


#: The fewest entries a table of contents lists (:func:`contents_sentences`).
CONTENTS_ENTRIES = 5
# A table of contents' entry: a number (or a division's name and a number), then a title.
_ENTRY = re.compile(
    r"[ \t]*(?:[*-][ \t]+)?(?:(?:Chapter|Part|Section|Appendix)[ \u00a0]+)?"
    r"([0-9]{1,3}(?:\.[0-9]{1,3})*|[A-Z])\.?[ \t\u00a0]+(\S[^\r\n]*)"
)


# What a sentence whose first line is an entry opens with, white space before it included:
# the cheap test, which most sentences fail at their first letter, before their lines are
# split (:func:`contents_sentences`).
_ENTRY_OPENING = re.compile(
    r"\s*(?:[*-][ \t]+)?(?:(?:Chapter|Part|Section|Appendix)[ \u00a0]+)?"
    r"(?:[0-9]{1,3}(?:\.[0-9]{1,3})*|[A-Z])\.?[ \t\u00a0]+\S"
)


def _entry_key(line: str) -> tuple[str, str] | None:
    """An entry's number and the first words of its title, white space made single."""
    m = _ENTRY.fullmatch(line.rstrip())
    if m is None:
        return None
    return m.group(1), " ".join(m.group(2).split())[:24].lower()


def contents_sentences(sentences: Sequence[str]) -> list[int]:
    """The sentences of the text's table of contents, or none: a block of lines with no
    blank line inside (sentences up to the first that ends a paragraph), that opens with a
    numbered entry (``1. Definitions and overview``, ``1.1. What is this FAQ?``,
    ``Chapter 2. Tools``), lists at least :data:`CONTENTS_ENTRIES` of them, and holds
    nothing else but the wrapped rest of their titles (sentences of at most twice
    :data:`TITLE_WORDS` words); and at least half of whose entries come back later, at a
    line's start, as the titles of the sections they list (the same number and first
    words). A numbered list whose items do not come back is no table of contents. Only
    the first such block counts."""
    n = len(sentences)
    i = 0
    last: dict[tuple[str, str], int] | None = None  # each title's last sentence, when needed
    while i < n:
        if _ENTRY_OPENING.match(sentences[i]) is None:
            i += 1
            continue
        first = next((ln for ln in _LINE_BREAK.split(sentences[i]) if ln.strip()), "")
        if _entry_key(first) is None:
            i += 1
            continue
        listed: set[tuple[str, str]] = set()
        j = i
        while j < n:
            lines = [ln for ln in _LINE_BREAK.split(sentences[j]) if ln.strip()]
            keys = [key for ln in lines if (key := _entry_key(ln)) is not None]
            if not keys and len(sentences[j].split()) > 2 * TITLE_WORDS:
                break  # prose: the block ended at the sentence before
            listed.update(keys)
            j += 1
            if _PARAGRAPH_END.search(sentences[j - 1]):
                break
        if len(listed) >= CONTENTS_ENTRIES:
            if last is None:
                last = _entries_last_seen(sentences)
            # An entry comes back later when its title opens a sentence after the block.
            if 2 * sum(last.get(key, -1) >= j for key in listed) >= len(listed):
                return list(range(i, j))
        i = j
    return []


def _entries_last_seen(sentences: Sequence[str]) -> dict[tuple[str, str], int]:
    """Each entry key (:func:`_entry_key`) that one of the first two lines of a sentence
    holds at the margin, and the last sentence that holds it: read once, however many
    numbered lists a text has before its table of contents."""
    last: dict[tuple[str, str], int] = {}
    for k, s in enumerate(sentences):
        for ln in _LINE_BREAK.split(s, 2)[:2]:
            if ln[:1] not in (" ", "\t") and (key := _entry_key(ln)) is not None:
                last[key] = k
    return last

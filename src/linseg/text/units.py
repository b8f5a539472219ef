"""Units for text without sentences: lines, or windows of words cut at a likely pause.

Speech recognition writes no punctuation; a chat export or a log writes none at its lines'
ends. The sentence splitter then finds "sentences" of hundreds or thousands of words, and
a segmenter that cuts between sentences can only return one segment. Where most of a
text (by characters) stands in sentences far longer than sentences are (more than
:data:`LONG_SENTENCE_WORDS` words), :func:`text_units` segments over other units, which
tile the text as sentences do:

- the text's **lines**, where its long sentences hold line breaks and their lines are
  short (at most :data:`SHORT_LINE_WORDS` words at the median): captions pasted one a
  line, a list, a log;
- otherwise **windows** of :data:`WINDOW_WORDS` words (about 15-25), each cut where a
  pause is likeliest (:func:`pause_scores`): after a comma or a similar mark if any is
  left, and before a function word that follows a content word (``... the river`` |
  ``and then we``), rather than after a function word (``of`` | ``the``). Which words are
  function words is the language's stopword list.

Sentences of ordinary length are kept as they are, and a text whose words stand mostly in
such sentences is not touched: English prose, the paper's corpus and the python-docs
pages never reach the fallback. Words are counted as white-space separated tokens, so
text in a script written without spaces (Chinese, Japanese) is left to its sentence
marks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from linseg.text.identification import resolve_language
from linseg.text.languages import LANGUAGES

__all__ = [
    "prose_units",
    "text_units",
    "window_starts",
    "pause_scores",
    "LONG_SENTENCE_WORDS",
    "SHORT_LINE_WORDS",
    "WINDOW_WORDS",
]

#: A "sentence" of more words than this is far longer than sentences are (English
#: sentences average 20-25 words; one of 80 is rare, and several in a row never are).
LONG_SENTENCE_WORDS = 80
#: Lines of at most this many words at the median are short enough to be units.
SHORT_LINE_WORDS = 40
#: The fewest, likeliest and most words of a window.
WINDOW_WORDS = (15, 20, 25)

_WORD = re.compile(r"\S+")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")
# Marks that end a clause, where a speaker pauses: what punctuation a recogniser keeps.
_CLAUSE_END = re.compile(r"[,;:.!?\u2026\u2014\u3001\u3002\uff0c\uff1b\uff1a)\"\u201d]$")


def text_units(
    text: str, spans: Sequence[tuple[int, int]], language: str = "en"
) -> tuple[list[tuple[int, int]], str | None]:
    """The units to segment ``text`` over, given its sentence ``spans`` (which tile it),
    and a note saying which units replaced the sentences (None when the sentences stay).

    The spans returned tile the text too. ``language`` (a supported code) chooses the
    function words a pause is likeliest before (:func:`pause_scores`)."""
    # A sentence of more than LONG_SENTENCE_WORDS words has at least three characters a
    # word (two letters and a space, at the fewest): most prose is passed over on lengths.
    shortest = 3 * LONG_SENTENCE_WORDS
    if 2 * sum(b - a for a, b in spans if b - a > shortest) <= len(text):
        return list(spans), None
    counts = [_count_words(text, a, b) if b - a > shortest else 0 for a, b in spans]
    long_chars = sum(b - a for (a, b), c in zip(spans, counts) if c > LONG_SENTENCE_WORDS)
    if 2 * long_chars <= len(text):
        return list(spans), None
    if language not in LANGUAGES:
        language = resolve_language(language, text)
    out: list[tuple[int, int]] = []
    used_lines = used_windows = False
    for (a, b), count in zip(spans, counts):
        if count <= LONG_SENTENCE_WORDS:
            out.append((a, b))
            continue
        lines = _line_spans(text, a, b)
        line_words = [_count_words(text, p, q) for p, q in lines]
        if len(lines) > 1 and sorted(line_words)[len(lines) // 2] <= SHORT_LINE_WORDS:
            used_lines = True
            for (p, q), words in zip(lines, line_words):
                if words > LONG_SENTENCE_WORDS:
                    used_windows = True
                    out.extend(_windows(text, p, q, language))
                else:
                    out.append((p, q))
        else:
            used_windows = True
            out.extend(_windows(text, a, b, language))
    low, mid, high = WINDOW_WORDS
    share = round(100 * long_chars / len(text))
    what = (
        "its lines" + (f", and long lines as windows of {low}-{high} words" if used_windows else "")
        if used_lines
        else f"windows of {low}-{high} words, each cut where a pause is likeliest"
    )
    note = (
        f"{share}% of the text stands in sentences of over {LONG_SENTENCE_WORDS} words "
        f"(text without punctuation, such as a speech recogniser's): segmented over {what}"
    )
    return out, note


def prose_units(
    text: str, spans: Sequence[tuple[int, int]], language: str = "en"
) -> tuple[list[tuple[int, int]], list[str], list[str]]:
    """The units of raw prose, given its sentence ``spans``: ``(spans, sentences, notes)``.

    The spans are :func:`text_units`'; each unit's text is what a segmenter reads, but a
    table of contents (:func:`linseg.text.outline.contents_sentences`) is read as white
    space: it names every section, and its words, alike to all of them, would hold the
    sections it lists together. The notes say what was done."""
    from linseg.text.outline import contents_sentences

    spans, note = text_units(text, spans, language)
    notes = [note] if note else []
    sentences = [text[a:b] for a, b in spans]
    contents = contents_sentences(sentences) if len(sentences) > CONTENTS_MIN_SENTENCES else []
    if contents:
        for i in contents:
            sentences[i] = "".join(ch for ch in sentences[i] if ch.isspace()) or " "
        notes.append(
            f"a table of contents ({len(contents)} sentences) lists the text's own titles: "
            "it is left out of what the segments are compared by"
        )
    return spans, sentences, notes


#: Texts of at most this many sentences have no table of contents worth leaving out.
CONTENTS_MIN_SENTENCES = 50


def _count_words(text: str, a: int, b: int) -> int:
    # The matches of _WORD: str.split's white space is the same (Unicode's), counted in C.
    return len(text[a:b].split())


def _line_spans(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """The lines of ``text[a:b]`` that hold text, each with the blank lines after it
    (the first takes any before it): spans that tile ``text[a:b]``."""
    starts = []
    for m in _LINE.finditer(text, a, b):
        if m.start() == m.end():
            break
        if text[m.start() : m.end()].strip():
            starts.append(m.start())
    if not starts:
        return [(a, b)]
    starts[0] = a
    return list(zip(starts, [*starts[1:], b]))


def _windows(text: str, a: int, b: int, language: str) -> list[tuple[int, int]]:
    """``text[a:b]`` cut into windows (:func:`window_starts`), as spans that tile it."""
    words = list(_WORD.finditer(text, a, b))
    cuts = window_starts([m.group() for m in words], language)
    starts = [a, *(words[c].start() for c in cuts)]
    return list(zip(starts, [*starts[1:], b]))


def window_starts(words: Sequence[str], language: str = "en") -> list[int]:
    """Where each window after the first begins, as indices into ``words``: every window
    holds :data:`WINDOW_WORDS` words (15-25), and is cut at the likeliest pause in that
    range (:func:`pause_scores`; ties go to the cut nearest 20 words, then the earlier).
    A text of at most 25 words is one window."""
    low, mid, high = WINDOW_WORDS
    scores = pause_scores(words, language)
    cuts: list[int] = []
    start = 0
    n = len(words)
    while n - start > high:
        # The last window must keep `low` words: stop the range short of the end.
        last = min(start + high, n - low)
        if last < start + low:
            break
        best = max(
            range(start + low, last + 1),
            key=lambda j: (scores[j], -abs(j - start - mid), -j),
        )
        cuts.append(best)
        start = best
    return cuts


def pause_scores(words: Sequence[str], language: str = "en") -> list[int]:
    """How likely a pause is before each word (higher: likelier; the first word's is 0):
    +2 after a word that ends in a clause's mark (a comma, a full stop), +1 before a
    function word (the language's stopwords) that follows a content word, -1 after a
    function word (a clause seldom ends in ``the`` or ``of``)."""
    from linseg.text.words import stopwords

    stop = stopwords(language)
    plain = [w.strip("\"'()[]{}.,;:!?").lower() for w in words]
    function = [w in stop for w in plain]
    scores = [0] * len(words)
    for j in range(1, len(words)):
        score = 0
        if _CLAUSE_END.search(words[j - 1]):
            score += 2
        if function[j] and not function[j - 1]:
            score += 1
        if function[j - 1]:
            score -= 1
        scores[j] = score
    return scores

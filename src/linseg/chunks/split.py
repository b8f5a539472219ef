"""Units longer than ``max_size``, cut before segmenting, so that no segment is ever larger.

A segmenter places boundaries between units (sentences, lines, a transcript's pieces);
a unit larger than ``max_size`` would be a segment larger than ``max_size`` whatever the
placement. Such units are real: a paragraph without punctuation (a transcript), a
30,000-word code block, a caret line (``~~~~^~~``) read as a code fence that swallows the
licence after it. :func:`split_units` cuts each of them at the best places inside it:

1. after clause punctuation (``.`` ``!`` ``?`` ``;`` ``:`` ``,`` and their Chinese and
   Japanese forms) and the white space after it; not inside a code block (a unit that
   opens with a ``` or ~~~ fence), where punctuation is code;
2. else after a line break (a code block's lines);
3. else after white space;
4. else between characters (a 10,000-character token), never before a combining mark.

At each level the pieces are gathered, in order, into parts of up to half of
``max_size`` (so that the segmenter still chooses where, among them, segments end);
a part still over ``max_size`` is cut at the next level. Cuts at characters fill parts
up to ``max_size`` itself. Every piece is measured on its own text with the size unit's
own counter, so a tokenizer's count is honoured too.

Each cut unit is reported (:class:`ForcedSplit`) with where its cuts fell, and
:func:`split_notes` says so in one sentence per unit.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from linseg.chunks.bounds import own_count

__all__ = [
    "ForcedSplit",
    "split_units",
    "split_spans",
    "split_texts",
    "split_notes",
    "LEVELS",
    "NOTE_CUTS",
]

#: What the levels of cut are called in the notes, best first.
LEVELS = ("clause punctuation", "line breaks", "white space", "characters")
#: The most cut positions a note lists (all are in :attr:`ForcedSplit.cuts`).
NOTE_CUTS = 20

_CLOSERS = "\"')\\]}\u201d\u2019\u00bb\u300d\u300f\uff09"
# A clause mark followed by white space, or a Chinese or Japanese one (no space follows
# those); the cut falls after the white space.
_CLAUSE = re.compile(
    "(?:[.!?;:,\u2026\u037e\u061f\u060c\u061b\u0964\u0965]+[" + _CLOSERS + "]*\\s+"
    "|[\u3001\u3002\uff01\uff0c\uff1a\uff1b\uff1f\uff61\uff64]+[" + _CLOSERS + "]*\\s*)"
)
_LINE = re.compile(r"\n\s*")
_SPACE = re.compile(r"\s+")
_FENCE = re.compile(r"\s*(```|~~~)")


@dataclass(frozen=True)
class ForcedSplit:
    """A unit that was larger than the limit, and where it was cut.

    Attributes
    ----------
    unit:
        Its index among the units given.
    start, end:
        Its character span.
    size:
        Its size, in the size unit.
    cuts:
        The character offsets where the pieces after the first begin.
    level:
        The finest level of cut used (one of :data:`LEVELS`).
    """

    unit: int
    start: int
    end: int
    size: int
    cuts: tuple[int, ...]
    level: str


def split_units(
    text: str,
    spans: Sequence[tuple[int, int]],
    limit: int,
    size: Callable[[str], int],
) -> tuple[list[tuple[int, int]], list[int], list[ForcedSplit]]:
    """``spans`` (tiling ``text``) with every span larger than ``limit`` (by ``size``, on
    its own text) cut into pieces that are not.

    Returns the new spans (they tile the same text), the index of the span each came from,
    and a :class:`ForcedSplit` per span that was cut. Units within the limit are kept as
    they are, so a text with none over it comes back unchanged.
    """
    out: list[tuple[int, int]] = []
    origin: list[int] = []
    splits: list[ForcedSplit] = []
    # Characters, words and sentences never count more than a text's length: a unit no
    # longer than the limit in characters fits without being measured.
    by_length = own_count(size)
    for i, (a, b) in enumerate(spans):
        unit_size = 0 if by_length and b - a <= limit else size(text[a:b])
        if unit_size <= limit:
            out.append((a, b))
            origin.append(i)
            continue
        first = 1 if _FENCE.match(text, a, b) else 0  # a code block: no clause marks
        cuts, level = _cut(text, a, b, limit, size, first)
        edges = [a, *cuts, b]
        out.extend(zip(edges, edges[1:]))
        origin.extend([i] * (len(edges) - 1))
        splits.append(ForcedSplit(i, a, b, unit_size, tuple(cuts), LEVELS[level]))
    return out, origin, splits


def split_spans(
    text: str,
    spans: Sequence[tuple[int, int]],
    units: Sequence[str],
    limit: int,
    size: Callable[[str], int],
) -> tuple[list[tuple[int, int]], list[str], list[ForcedSplit]]:
    """:func:`split_units` of a document whose units are read as ``units`` (each span's
    text, or that text stripped or tokenised by a reader): the new spans, what is read of
    each piece (its text, stripped where the unit was not its span's text as it stands),
    and the splits."""
    new_spans, origin, splits = split_units(text, spans, limit, size)
    if not splits:
        return list(spans), list(units), []
    out = []
    for (a, b), i in zip(new_spans, origin):
        whole = spans[i]
        if (a, b) == whole:
            out.append(units[i])
        else:
            piece = text[a:b]
            out.append(piece if units[i] == text[whole[0] : whole[1]] else piece.strip())
    return new_spans, out, splits


def split_texts(
    texts: Sequence[str], limit: int, size: Callable[[str], int]
) -> tuple[list[str], list[ForcedSplit], list[int]]:
    """Each of ``texts`` (independent sentences) cut where it is larger than ``limit``:
    the pieces in order, the splits (offsets within each sentence), and the index of the
    sentence each piece came from."""
    pieces: list[str] = []
    splits: list[ForcedSplit] = []
    origin: list[int] = []
    by_length = own_count(size)
    for i, t in enumerate(texts):
        if by_length and len(t) <= limit:
            pieces.append(t)
            origin.append(i)
            continue
        spans, _, found = split_units(t, [(0, len(t))], limit, size)
        pieces.extend(t[a:b] for a, b in spans)
        origin.extend([i] * len(spans))
        splits.extend(ForcedSplit(i, f.start, f.end, f.size, f.cuts, f.level) for f in found)
    return pieces, splits, origin


def _cut(
    text: str, a: int, b: int, limit: int, size: Callable[[str], int], level: int
) -> tuple[list[int], int]:
    """Cut positions inside ``[a, b)`` that leave every piece within ``limit``, and the
    finest level used."""
    if size(text[a:b]) <= limit:
        return [], level
    while level < 3:
        pattern = (_CLAUSE, _LINE, _SPACE)[level]
        places = [m.end() for m in pattern.finditer(text, a, b) if a < m.end() < b]
        if places:
            break
        level += 1
    if level == 3:
        return _cut_characters(text, a, b, limit, size), 3
    cuts: list[int] = []
    finest = level
    for x, y in _gather(text, [a, *places, b], limit, size):
        if x > a:
            cuts.append(x)
        inner, used = _cut(text, x, y, limit, size, level + 1)
        if inner:
            cuts.extend(inner)
            finest = max(finest, used)
    return cuts, finest


def _gather(
    text: str, edges: list[int], limit: int, size: Callable[[str], int]
) -> list[tuple[int, int]]:
    """Consecutive pieces between ``edges`` gathered into parts of up to half of
    ``limit`` (a piece larger than that is a part of its own)."""
    target = max(1, limit // 2)
    parts: list[tuple[int, int]] = []  # first and last edge index of each part
    first, total = 0, 0
    for k in range(len(edges) - 1):
        n = size(text[edges[k] : edges[k + 1]])
        if total and total + n > target:
            parts.append((first, k))
            first, total = k, 0
        total += n
    parts.append((first, len(edges) - 1))
    out: list[tuple[int, int]] = []
    for i, j in parts:
        # The pieces were added up; a part whose own text counts more than the limit (a
        # tokenizer's count need not add up) goes back to its pieces.
        if j - i > 1 and size(text[edges[i] : edges[j]]) > limit:
            out.extend(zip(edges[i:j], edges[i + 1 : j + 1]))
        else:
            out.append((edges[i], edges[j]))
    return out


def _cut_characters(text: str, a: int, b: int, limit: int, size: Callable[[str], int]) -> list[int]:
    """Cuts between characters: each piece the longest that fits (by bisection, as a
    longer text never counts less), never starting with a combining mark."""
    cuts = []
    x = a
    while size(text[x:b]) > limit:
        lo, hi = x + 1, b  # the longest piece [x, y) with y in lo..hi that fits
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if size(text[x:mid]) <= limit:
                lo = mid
            else:
                hi = mid - 1
        y = lo
        while x + 1 < y < b and unicodedata.combining(text[y]):
            y -= 1  # keep an accent with its letter
        cuts.append(y)
        x = y
    return cuts


def split_notes(
    splits: Sequence[ForcedSplit], limit: int, unit_name: str, what: str = "sentence"
) -> list[str]:
    """One sentence per cut unit: which, how large, where it was cut."""
    notes = []
    for s in splits:
        shown = ", ".join(f"{c:,}" for c in s.cuts[:NOTE_CUTS])
        more = f" and {len(s.cuts) - NOTE_CUTS:,} more" if len(s.cuts) > NOTE_CUTS else ""
        n = len(s.cuts)
        notes.append(
            f"{what} {s.unit + 1:,} (characters {s.start:,}-{s.end:,}) has {s.size:,} "
            f"{unit_name}, over the limit of {limit:,}: cut in {n:,} place{'s' if n != 1 else ''} "
            f"at {s.level}, at characters {shown}{more}"
        )
    return notes

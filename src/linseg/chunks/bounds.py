"""Size bounds on segments: every segment between ``min_size`` and ``max_size``.

Retrieval pipelines need chunks of bounded size; a topic segmenter gives segments of
whatever size the topics have. :func:`bound_boundaries` reconciles the two. It keeps the
segmenter's boundaries where the bounds allow, adds boundaries inside oversized segments
where the topic structure is weakest, and drops boundaries of undersized segments on the
side of the more similar neighbour. It solves this exactly, by dynamic programming over
boundary positions, rather than greedily.

Sizes are counted in ``size_unit``: ``"sentences"``, ``"words"`` (:func:`count_words`:
whitespace-separated, each Chinese or Japanese character a word of its own), ``"chars"``,
or any callable giving the size of a piece of text (a tokenizer's length function, say).
The placement below adds up its units' sizes. Sentences, words and characters never
count more joined than apart (:func:`own_count`), so the sums bound each segment's own
text; a callable's count need not (a tokenizer's), and :func:`fit_segments` then measures
every segment on its own text and cuts again any that a join made larger. Units longer
than ``max_size`` are cut
before any of this (:mod:`linseg.chunks.split`), so no segment is ever over ``max_size``.

The objective. Let ``M`` be the segmenter's boundaries and ``g_j`` in [0, 1] the topic
break at position ``j``: one minus the cosine of the stem counts of the ``window``
sentences before and after it (a block comparison, as in Hearst's TextTiling; the cosine
over ``sqrt(window)``, as it was tuned: :func:`topic_breaks`). Among the segmentations
whose segments all respect the bounds, the one chosen maximises::

    sum over its boundaries j of  KEEP [j in M] + g_j - COST

with ``KEEP = 2`` and ``COST = 1.5``: a boundary of the segmenter is worth keeping
(``0.5 <= 2 + g - 1.5``) and any other costs something (``g - 1.5 < 0``), so boundaries are
added only where a bound needs them, at the strongest breaks available. The best
segmentation is found in O(n) by a sliding-window maximum, since the predecessors
allowed for position ``j`` form a window that only moves forward as ``j`` grows.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from linseg.checks import check_int

if TYPE_CHECKING:
    from linseg.text.processor import TextProcessor

__all__ = [
    "SIZE_UNITS",
    "SizeUnit",
    "check_bounds",
    "count_words",
    "size_function",
    "own_count",
    "sentence_sizes",
    "fit_segments",
    "topic_breaks",
    "bound_boundaries",
]

#: How segment sizes are counted: "sentences", "words", "chars", or a callable giving the
#: size of a sentence's text (a tokenizer's length function, say).
SizeUnit = str | Callable[[str], int]
SIZE_UNITS = ("sentences", "words", "chars")
KEEP = 2.0
COST = 1.5


def check_bounds(
    max_size: int | None, min_size: int | None, size_unit: SizeUnit
) -> tuple[int | None, int | None, SizeUnit]:
    """Validated bounds: positive integers (or None), ``min_size <= max_size``, a known unit."""
    if max_size is not None:
        max_size = check_int("max_size", max_size)
    if min_size is not None:
        min_size = check_int("min_size", min_size)
    if max_size is not None and min_size is not None and min_size > max_size:
        raise ValueError(f"min_size ({min_size}) must not exceed max_size ({max_size})")
    if not callable(size_unit) and size_unit not in SIZE_UNITS:
        raise ValueError(
            f"size_unit must be one of {', '.join(SIZE_UNITS)} or a callable, got {size_unit!r}"
        )
    return max_size, min_size, size_unit


# Chinese and Japanese write words without spaces between them: each Han character, kana
# and (half-width) katakana counts as a word. Their punctuation (U+3000-303F, the
# full-width forms' punctuation) is no word, and it separates the runs of other
# characters around it as white space does.
_CJK_CHAR = (
    "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
    "\U00020000-\U0003134f"
)
_CJK_PUNCT = "\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
_WORD = re.compile(f"[{_CJK_CHAR}]|[^\\s{_CJK_CHAR}{_CJK_PUNCT}]+")


def count_words(text: str) -> int:
    """The words of ``text``: runs of characters between white space, with each Chinese or
    Japanese character (Han, kana) a word of its own and their punctuation a separator.

    A text without those scripts counts as ``len(text.split())``. Because a Han character
    is a word whatever stands next to it, the count of two texts joined is the sum of
    their counts wherever a sentence of Chinese ends (``\u3002``): the bounds of a segment
    made of such sentences hold on its own text.

    >>> count_words("Bees make honey.")
    3
    >>> count_words("\u871c\u8702\u91c7\u871c\u3002Python 3\u3002")
    6
    """
    if text.isascii():
        return len(text.split())
    return sum(1 for _ in _WORD.finditer(text))


def _checked(size_unit: Callable[[str], int]) -> Callable[[str], int]:
    def size(text: str) -> int:
        value = size_unit(text)
        if isinstance(value, bool) or not hasattr(value, "__index__") or int(value) < 0:
            raise ValueError(f"size_unit must return a non-negative integer, got {value!r}")
        return int(value)

    return size


def _one(text: str) -> int:
    return 1


def own_count(size: Callable[[str], int]) -> bool:
    """Whether ``size`` is one of linseg's counters (:func:`size_function` of
    ``"sentences"``, ``"words"`` or ``"chars"``). Those never count more than a text's
    length, and never more for texts joined than the sum of their counts (a join can only
    glue two words into one): a piece no longer than a limit, or made of pieces whose
    sizes add up to at most it, fits without being measured. A tokenizer's count may do
    neither."""
    return size is len or size is count_words or size is _one


def size_function(size_unit: SizeUnit) -> Callable[[str], int]:
    """The size of a piece of text in ``size_unit`` (a piece of a sentence is one
    sentence)."""
    if size_unit == "sentences":
        return _one
    if size_unit == "words":
        return count_words
    if size_unit == "chars":
        return len
    if not callable(size_unit):
        raise ValueError(f"unknown size_unit {size_unit!r}")
    return _checked(size_unit)


def sentence_sizes(sentences: Sequence[str], size_unit: SizeUnit = "sentences") -> np.ndarray:
    """The size of each sentence in ``size_unit`` (int64)."""
    if size_unit == "sentences":
        return np.ones(len(sentences), dtype=np.int64)
    size = size_function(size_unit)
    return np.fromiter(map(size, sentences), dtype=np.int64, count=len(sentences))


def fit_segments(
    texts: Sequence[str],
    boundaries: Sequence[int],
    breaks: np.ndarray | None,
    max_size: int,
    size_unit: SizeUnit,
) -> tuple[list[int], list[str]]:
    """``boundaries`` with every segment that is over ``max_size`` on its own text (the
    units' ``texts`` joined, measured with ``size_unit``'s counter) cut again, at its
    strongest topic break (``breaks``) among the places that leave both sides within
    ``max_size``, or at the place nearest its middle where none does, until all fit.

    The placement adds up unit sizes; sentences, words and characters never count more
    joined than apart (:func:`own_count`), so for them the boundaries come back as they
    are, without a segment measured; a tokenizer's counts need not add up. No unit is
    over ``max_size`` on its own (:mod:`linseg.chunks.split`), so this ends. Returns the
    boundaries and a note when it cut anything.
    """
    size = size_function(size_unit)
    if own_count(size):
        return list(boundaries), []
    g = np.zeros(len(texts) + 1) if breaks is None else np.asarray(breaks, dtype=float)
    edges = [0, *boundaries, len(texts)]
    out: list[int] = []
    added = 0
    for a, b in zip(edges, edges[1:]):
        if a:
            out.append(a)
        extra = _fit(texts, a, b, g, max_size, size)
        added += len(extra)
        out.extend(extra)
    if not added:
        return out, []
    s = "s" if added != 1 else ""
    return sorted(out), [
        f"{added} segment{s} measured over max_size ({max_size}) on {'their' if s else 'its'} "
        f"own text (sizes in {_unit_name(size_unit)} do not add up across a join): cut again"
    ]


def _fit(
    texts: Sequence[str], a: int, b: int, g: np.ndarray, max_size: int, size: Callable[[str], int]
) -> list[int]:
    """The cuts that bring units ``a .. b - 1`` within ``max_size`` (none if they fit)."""
    if b - a < 2 or size("".join(texts[a:b])) <= max_size:
        return []
    # A longer text never counts less: the cuts whose left side fits end at ``hi``, those
    # whose right side fits start at ``lo``; each is found by bisection.
    lo, hi = (
        _first(a + 1, b, lambda j: size("".join(texts[j:b])) <= max_size),
        (_first(a + 1, b, lambda j: size("".join(texts[a:j])) > max_size) - 1),
    )
    if lo <= hi:
        j = max(range(lo, hi + 1), key=lambda j: (g[j], -abs(2 * j - a - b)))
    else:
        j = (a + b) // 2
    return [*_fit(texts, a, j, g, max_size, size), j, *_fit(texts, j, b, g, max_size, size)]


def _first(lo: int, hi: int, test: Callable[[int], bool]) -> int:
    """The first ``j`` in ``lo .. hi - 1`` where ``test`` holds (``test`` false, then
    true), or ``hi``."""
    while lo < hi:
        mid = (lo + hi) // 2
        if test(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def _unit_name(size_unit: SizeUnit) -> str:
    return size_unit if isinstance(size_unit, str) else "the size_unit's count"


def topic_breaks(
    sentences: Sequence[str],
    processor: TextProcessor,
    tokenized: bool = False,
    window: int = 5,
) -> np.ndarray:
    """``g[j]`` for positions ``j = 0 .. n``: one minus the cosine of the stem counts of the
    ``window`` sentences before ``j`` and the ``window`` from ``j`` on (clipped at the
    ends), that cosine divided by ``sqrt(window)`` (see the comment below). Windows without
    a content word count as unrelated (``g = 1``); ``g[0]`` and ``g[n]`` are 0 (they are
    not boundaries)."""
    n = len(sentences)
    g = np.zeros(n + 1)
    if n < 2:
        return g
    ids, offsets = processor.ids(list(sentences), tokenized)
    dots = _band_dots(ids, offsets, n, 2 * window)
    j = np.arange(1, n)
    cross = np.zeros(n - 1)
    left_sq = np.zeros(n - 1)
    right_sq = np.zeros(n - 1)
    # Window dot products from sentence dot products: (sum_a x_a) . (sum_b y_b) is the sum
    # of x_a . y_b over the pairs, each read off the band of offsets below 2 * window.
    for a in range(1, window + 1):
        for b in range(window):
            left, right = j - a, j + b
            ok = (left >= 0) & (right < n)
            cross[ok] += dots[left[ok], a + b]
        for a2 in range(1, window + 1):
            x, y = j - a, j - a2
            ok = (x >= 0) & (y >= 0)
            left_sq[ok] += dots[np.minimum(x, y)[ok], abs(a - a2)]
    for b2 in range(window):
        for b in range(window):
            x, y = j + b, j + b2
            ok = (x < n) & (y < n)
            right_sq[ok] += dots[np.minimum(x, y)[ok], abs(b - b2)]
    # The right window's square used to be summed inside the loop over a, window times:
    # the breaks the placement was tuned and measured with are 1 - cosine / sqrt(window).
    # The factor keeps them to the bit (the sums are of whole numbers, exact); dropping it
    # would move bounded boundaries.
    right_sq *= window
    norm = np.sqrt(left_sq * right_sq)
    cosine = np.divide(cross, norm, out=np.zeros_like(cross), where=norm > 0)
    g[1:n] = 1.0 - np.clip(cosine, 0.0, 1.0)
    return g


def _band_dots(ids: np.ndarray, offsets: np.ndarray, n: int, width: int) -> np.ndarray:
    """``dots[i, d]`` = stem-count dot product of sentences ``i`` and ``i + d``, d < width."""
    counts_of = np.diff(offsets)
    sent = np.repeat(np.arange(n), counts_of)
    keep = ids >= 0
    sent, stem = sent[keep], ids[keep]
    dots = np.zeros((n, width))
    if stem.size == 0:
        return dots
    # One entry per (stem, sentence) with its count; keys sort stems, then sentences.
    key, count = np.unique(stem.astype(np.int64) * (n + 1) + sent, return_counts=True)
    owner = key % (n + 1)
    weight = count.astype(float)
    dots[:, 0] = np.bincount(owner, weights=weight * weight, minlength=n)
    # The entry of the same stem d sentences on, if any, is at most d entries further
    # (one entry per sentence): pairs k entries apart whose keys differ by d < width, for
    # k < width, are all the pairs, each found once. A key d further with owner + d >= n
    # is another stem's. Comparing neighbours k apart replaces a binary search per d.
    flat = dots.reshape(-1)
    for k in range(1, min(width, key.size)):
        d = key[k:] - key[:-k]
        hit = np.flatnonzero((d < width) & (owner[:-k] + d < n))
        flat += np.bincount(
            owner[hit] * width + d[hit], weight[hit] * weight[hit + k], minlength=n * width
        )
    return dots


def bound_boundaries(
    sizes: Sequence[int] | np.ndarray,
    boundaries: Sequence[int],
    breaks: np.ndarray | None = None,
    max_size: int | None = None,
    min_size: int | None = None,
) -> tuple[list[int], list[str]]:
    """Boundaries whose segments respect the bounds, closest to ``boundaries`` (see the
    module docstring for the objective). Returns the boundaries and notes for the user
    (empty when the bounds held without relaxing anything)."""
    size = np.asarray(sizes, dtype=np.int64)
    n = size.size
    if n == 0 or (max_size is None and min_size is None):
        return list(boundaries), []
    g = np.zeros(n + 1) if breaks is None else np.asarray(breaks, dtype=float)
    score = g - COST
    score[list(boundaries)] += KEEP
    total = int(size.sum())
    if min_size is not None and total < min_size:
        return [], [f"the whole text ({total}) is smaller than min_size ({min_size}): one segment"]
    found = _best_segmentation(size, score, max_size, min_size)
    notes = []
    if found is None:
        # Sentence sizes can leave no segmentation inside both bounds (sentences of 6
        # words, bounds 7 to 10, say); the upper bound wins, as chunks must fit.
        found = _best_segmentation(size, score, max_size, None)
        notes.append(
            f"no segmentation keeps every segment within {min_size}-{max_size}; "
            "max_size was kept and some segments are smaller than min_size"
        )
    assert found is not None  # without a lower bound every position is reachable
    return found, notes


# Why this is long: one pass of the sliding-window maximum, with the window's two ends and
# the back-pointers kept together; split up, each piece would need all of that state.
def _best_segmentation(
    size: np.ndarray, score: np.ndarray, max_size: int | None, min_size: int | None
) -> list[int] | None:
    """Best boundaries with every segment in the bounds, or None if there is none.

    Position ``i`` may precede ``j`` when ``min_size <= P[j] - P[i] <= max_size``
    (``P`` the prefix sums of sizes), or ``i = j - 1`` whatever its size (the placement
    cannot cut a unit; segmenters cut those over ``max_size`` before it,
    :mod:`linseg.chunks.split`). Both ends of that window of ``i`` move forward with ``j``.
    """
    n = size.size
    prefix = np.concatenate(([0], np.cumsum(size))).tolist()
    best = [-np.inf] * (n + 1)
    back = [-1] * (n + 1)
    best[0] = 0.0
    window: deque[int] = deque()  # positions, their best values decreasing
    lo = 0  # first position whose segment to j is not above max_size
    hi = 0  # next position not yet added to the window
    for j in range(1, n + 1):
        while hi < j and (min_size is None or prefix[j] - prefix[hi] >= min_size):
            if best[hi] > -np.inf:
                while window and best[window[-1]] <= best[hi]:
                    window.pop()
                window.append(hi)
            hi += 1
        if max_size is not None:
            while lo < j - 1 and prefix[j] - prefix[lo] > max_size:
                lo += 1
        while window and window[0] < lo:
            window.popleft()
        if not window:
            continue
        i = window[0]
        best[j] = best[i] + (float(score[j]) if j < n else 0.0)
        back[j] = i
    if best[n] == -np.inf:
        return None
    out = []
    j = back[n]
    while j > 0:
        out.append(j)
        j = back[j]
    return out[::-1]

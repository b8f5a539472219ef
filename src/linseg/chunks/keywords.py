"""The most distinctive words of each segment, as the reader wrote them.

:func:`segment_keywords` scores every stem of a segment against the rest of the same
document with the log-odds ratio of Monroe, Colaresi and Quinn ("Fightin' Words", 2008,
eqs. 16-22), the document itself serving as the informative Dirichlet prior. For segment
``s`` and stem ``w``::

    y  = count of w in s             n = stems in s
    r  = count of w elsewhere        m = stems elsewhere (N - n)
    a  = C_w, the count of w in the whole document, and a0 = N, all its stems

    delta = log((y + a) / (n + a0 - y - a)) - log((r + a) / (m + a0 - r - a))
    z     = delta / sqrt(1 / (y + a) + 1 / (r + a))

``z`` is large for a stem much more frequent in the segment than elsewhere *and* frequent
enough for that to be more than chance: a word seen once is never sure, a word spread
evenly over the document scores zero, however common. Stems with ``z < 0`` (rarer here
than elsewhere) are left out. Ties (``z`` to 9 decimals) go to the stem counted more often
in the segment, then to the stem that sorts first, so the same input gives the same words.
With one segment every ``z`` is 0 and the words come out by frequency.

Words are found as C99 finds them (:class:`linseg.text.processor.TextProcessor`: letters and ``-``,
lower-cased, stopwords out, Porter stems by default; in the text's own language, detected
when no processor is given), so ``--stopwords`` and ``--stems`` apply to keywords too;
words shorter than :data:`MIN_LENGTH` characters are skipped (a pair of Chinese or
Japanese characters is not). Each stem is shown by its most frequent form in the segment,
as the text writes it (German nouns keep their capitals; ties: the form that sorts first).
A capital on the first word of a sentence says nothing about the word, so such a word is
shown in lower case unless the document writes it with that capital mid-sentence more
often than without (``Python`` stays ``Python``, ``Bees`` becomes ``bees``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from linseg.chunks.forms import BATCH, Forms, read_forms
from linseg.text.processor import TextProcessor, looks_tokenized, processor_for

__all__ = ["segment_keywords", "keyword_processor", "MIN_LENGTH", "TIE_DIGITS"]

#: Tokens shorter than this (in characters) are never keywords: initials, "ok", "id".
MIN_LENGTH = 3
#: Scores equal to this many decimals are ties, so that rounding noise in the logarithms
#: never decides an order.
TIE_DIGITS = 9
# Entries scored at once.
_Z_CHUNK = 1 << 20


#: The processor with a segmenter's stopwords, stemmer and language, kept with the segmenter
#: (:func:`linseg.text.processor.processor_for`): keywords find words as the segmenter does.
keyword_processor = processor_for


def segment_keywords(
    sentences: Sequence[str],
    boundaries: Sequence[int],
    k: int = 5,
    *,
    tokenized: bool | None = None,
    processor: TextProcessor | None = None,
) -> list[list[str]]:
    """The ``k`` most distinctive words of each segment, best first (see the module).

    Parameters
    ----------
    sentences:
        The document's sentences.
    boundaries:
        Indices of the sentences that start a new segment (increasing, each in
        ``1 .. len(sentences) - 1``), as in :attr:`linseg.base.Segmentation.boundaries`.
    k:
        Words per segment at most (fewer where a segment has fewer distinctive ones).
    tokenized:
        Whether the sentences are pre-tokenised (split on spaces); None guesses
        (:func:`linseg.text.processor.looks_tokenized`).
    processor:
        Decides what a word is and its stem (default: C99's in the language the
        sentences are written in, detected, with that language's stopwords and stemmer).

    Returns
    -------
    list of list of str
        One list of words per segment: ``len(boundaries) + 1`` lists (one empty list
        for a document without sentences).
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise ValueError(f"k must be a non-negative integer, got {k!r}")
    n = len(sentences)
    cuts = [0, *(int(b) for b in boundaries), n]
    if not n and not boundaries:
        return [[]]
    if any(a >= b for a, b in zip(cuts, cuts[1:])):
        raise ValueError(
            f"boundaries must increase within 1..{n - 1}, got {[int(b) for b in boundaries]}"
        )
    text = processor or text_processor(sentences)
    if tokenized is None:
        tokenized = looks_tokenized(sentences)
    ids, offsets, forms = read_forms(sentences, tokenized, text)
    _undo_sentence_case(ids, offsets, forms)

    # Each distinct form is judged once: its stem, or none (stopword, not a word, short).
    stem_id: dict[str, int] = {}
    stems: list[str] = []
    stem_of_form = np.full(len(forms.strings), -1, dtype=np.int64)
    for i, t in enumerate(forms.strings):
        stem = text.stem_token(t) if long_enough(t) else None
        if stem is not None:
            if stem not in stem_id:
                stem_id[stem] = len(stems)
                stems.append(stem)
            stem_of_form[i] = stem_id[stem]
    n_segments = len(cuts) - 1
    if not stems:
        return [[] for _ in range(n_segments)]
    tokens = _Tokens(ids, offsets, np.repeat(np.arange(n_segments), np.diff(cuts)), stem_of_form)
    # One entry per (segment, stem) that occurs: its count y.
    pairs, y = tokens.entries(len(stems))
    seg, w = pairs // len(stems), pairs % len(stems)
    chosen = _rank(seg, w, y.astype(np.float64), n_segments, stems, k)  # entries, best first
    return _best_forms(chosen, pairs, tokens, len(stems), forms.strings)


class _Tokens:
    """The counted tokens (those with a stem) of a document, read a batch of sentences at
    a time: each with its segment, stem and form."""

    def __init__(
        self,
        ids: np.ndarray,
        offsets: np.ndarray,
        seg_of_sentence: np.ndarray,
        stem_of_form: np.ndarray,
    ) -> None:
        self.ids, self.offsets = ids, offsets
        self.seg_of_sentence = seg_of_sentence.astype(np.int64)
        self.stem_of_form = stem_of_form.astype(np.int32)

    def batches(self) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """``(segment, stem, form)`` arrays of the counted tokens, batch after batch, in
        the document's order."""
        n = self.seg_of_sentence.size
        for a in range(0, n, BATCH):
            b = min(n, a + BATCH)
            lo, hi = int(self.offsets[a]), int(self.offsets[b])
            form = self.ids[lo:hi]
            stem = self.stem_of_form[form]
            keep = stem >= 0
            seg = np.repeat(self.seg_of_sentence[a:b], np.diff(self.offsets[a : b + 1]))
            yield seg[keep], stem[keep].astype(np.int64), form[keep].astype(np.int64)

    def entries(self, n_stems: int) -> tuple[np.ndarray, np.ndarray]:
        """The ``(segment, stem)`` pairs that occur, as ``segment * n_stems + stem``
        (ascending), and how often each does."""
        parts = ((seg * n_stems + stem, seg) for seg, stem, _ in self.batches())
        return _counted(parts)


def _counted(parts: Iterator[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """The distinct keys (ascending) and how often each occurs, over batches of
    ``(keys, segments)`` (a token's key and its segment), the keys ordered as the
    segments are. A batch's last segment may go on in the next: its counts wait for it,
    so that the result is made sorted, batch by batch, without a sort of the whole."""
    keys: list[np.ndarray] = []
    counts: list[np.ndarray] = []
    held_key = np.zeros(0, dtype=np.int64)
    held_count = np.zeros(0, dtype=np.int64)
    held_seg = -1
    for key, seg in parts:
        if not key.size:
            continue
        last = int(seg[-1])
        # The tokens of the held segment, then this batch's.
        both, inverse = np.unique(np.concatenate((held_key, key)), return_inverse=True)
        weight = np.concatenate((held_count, np.ones(key.size, dtype=np.int64)))
        count = np.bincount(inverse.reshape(-1), weights=weight, minlength=both.size)
        # Keys of the last segment are a suffix (keys are ordered as segments are).
        of_last = np.zeros(both.size, dtype=bool)
        of_last[inverse.reshape(-1)[held_key.size :][seg == last]] = True
        if held_seg == last:
            of_last[inverse.reshape(-1)[: held_key.size]] = True
        cut = int(np.argmax(of_last)) if of_last.any() else both.size
        keys.append(both[:cut])
        counts.append(count[:cut].astype(np.int64))
        held_key, held_count, held_seg = both[cut:], count[cut:].astype(np.int64), last
    keys.append(held_key)
    counts.append(held_count)
    return np.concatenate(keys), np.concatenate(counts)


def _undo_sentence_case(ids: np.ndarray, offsets: np.ndarray, forms: Forms) -> None:
    """Read the first word of each sentence in lower case (in ``ids``, adding the
    lower-case form where it is new) unless the rest of the document writes it with its
    capital more often than without."""
    strings = forms.strings
    has_letter = np.fromiter(
        (any(ch.isalpha() for ch in t) for t in strings), dtype=bool, count=len(strings)
    )
    # The first token of each sentence with a letter in it (quotes, dashes and numbers
    # come first): every sentence's first token is tried, then the next token of those
    # whose token had none, and so on (most sentences stop at their first token).
    ends = offsets[1:]
    at = offsets[:-1].copy()
    trying = np.flatnonzero(at < ends)
    found = []
    while trying.size:
        letter = has_letter[ids[at[trying]]]
        found.append(trying[letter])
        trying = trying[~letter]
        at[trying] += 1
        trying = trying[at[trying] < ends[trying]]
    firsts = np.sort(at[np.concatenate(found)]) if found else np.zeros(0, dtype=np.int64)
    first_form = ids[firsts].astype(np.int64)
    # Counted over every token, less the sentence-initial ones.
    mid = np.bincount(ids, minlength=len(strings)) - np.bincount(first_form, minlength=len(strings))
    lower = np.full(len(strings), -1, dtype=np.int64)
    for f in np.unique(first_form).tolist():
        t = strings[f]
        if not _ambiguous_capital(t):
            continue
        low_id = forms.add(t.lower())
        if (mid[low_id] if low_id < mid.size else 0) >= mid[f]:
            lower[f] = low_id
    swap = lower[first_form] >= 0
    ids[firsts[swap]] = lower[first_form[swap]]


def _ambiguous_capital(token: str) -> bool:
    # ``Bees``, ``Well-known``: a capital that sentence case alone explains. ``NASA`` and
    # ``McDonald`` carry capitals of their own and are kept.
    return token[:1].isupper() and token[1:] == token[1:].lower() and token[1:] != ""


def _best_forms(
    chosen: list[list[int]], pairs: np.ndarray, tokens: _Tokens, n_stems: int, forms: list[str]
) -> list[list[str]]:
    """Each chosen entry's word as written: the most frequent of its tokens' forms; ties:
    the form that sorts first.

    The forms of every chosen entry are counted in one pass over the tokens: counting
    each entry's forms in an array as long as the vocabulary, once per keyword, made the
    output of a million sentences take minutes."""
    wanted = np.unique(np.asarray([e for top in chosen for e in top], dtype=np.int64))
    if not wanted.size:
        return [[] for _ in chosen]
    wanted_keys = pairs[wanted]
    n_forms = max(len(forms), 1)

    def parts() -> Iterator[tuple[np.ndarray, np.ndarray]]:
        for seg, stem, form in tokens.batches():
            key = seg * n_stems + stem
            at = np.minimum(np.searchsorted(wanted_keys, key), wanted.size - 1)
            hit = wanted_keys[at] == key
            yield wanted[at[hit]] * n_forms + form[hit], seg[hit]

    key, count = _counted(parts())
    entry, form = key // n_forms, key % n_forms
    # The forms used, ranked as Python sorts strings.
    used = np.unique(form)
    rank = np.empty(n_forms, dtype=np.int64)
    rank[used[sorted(range(used.size), key=lambda i: forms[used[i]])]] = np.arange(used.size)
    order = np.lexsort((rank[form], -count, entry))
    first = order[np.r_[True, entry[order][1:] != entry[order][:-1]]] if order.size else order
    best = dict(zip(entry[first].tolist(), form[first].tolist()))
    return [[forms[best[e]] for e in top] for top in chosen]


def _rank(
    seg: np.ndarray, w: np.ndarray, y: np.ndarray, n_segments: int, stems: list[str], k: int
) -> list[list[int]]:
    """Each segment's ``k`` best entries with ``z >= 0`` (the module's formula), as
    indices into the entries: ``y`` counts stem ``w`` in segment ``seg``."""
    n_stems = len(stems)
    total = np.bincount(w, weights=y, minlength=n_stems)  # C_w
    size = np.bincount(seg, weights=y, minlength=n_segments)  # n
    big_n = float(total.sum())
    z = np.empty(y.size)
    for a in range(0, y.size, _Z_CHUNK):  # in slices: the arithmetic's temporaries stay small
        b = a + _Z_CHUNK
        c_w, n_s = total[w[a:b]], size[seg[a:b]]
        z[a:b] = np.round(_z(y[a:b], c_w - y[a:b], n_s, big_n - n_s, c_w, big_n), TIE_DIGITS)
    # Only the entries that can be among a segment's k best are sorted: those with z at
    # least its k-th highest (ties included). Sorting all of them took seconds on a
    # million sentences, and most are never shown.
    keep = np.flatnonzero((z >= 0) & _top_z(seg, z, k))
    seg, w, y, z = seg[keep], w[keep], y[keep], z[keep]
    alphabetical = np.empty(n_stems, dtype=np.int64)
    alphabetical[sorted(range(n_stems), key=stems.__getitem__)] = np.arange(n_stems)
    # Best first within each segment: higher z, then more occurrences, then the stem
    # that sorts first; stems rarer here than elsewhere (z < 0) are left out.
    order = np.lexsort((alphabetical[w], -y, -z, seg))
    # The first k of each segment's run, then one list per segment.
    of_seg = seg[order]
    starts = np.searchsorted(of_seg, np.arange(n_segments + 1))
    top = order[np.arange(order.size) - starts[of_seg] < k]
    cuts = np.searchsorted(seg[top], np.arange(1, n_segments))
    return [keep[part].tolist() for part in np.split(top, cuts)]


def _top_z(seg: np.ndarray, z: np.ndarray, k: int) -> np.ndarray:
    """Whether each entry's ``z`` is at least the ``k``-th highest of its segment's
    (``seg`` ascending); every entry of a segment with fewer than ``k``. Found in ``k``
    passes of a per-segment maximum, each taking out the entries at the maximum."""
    if not z.size or not k:
        return np.zeros(z.size, dtype=bool)
    new_run = np.r_[True, seg[1:] != seg[:-1]]
    starts = np.flatnonzero(new_run)
    run = np.cumsum(new_run) - 1
    left = np.where(z >= 0, z, -np.inf)
    threshold = np.full(starts.size, -np.inf)
    taken = np.zeros(starts.size, dtype=np.int64)
    done = np.zeros(starts.size, dtype=bool)
    for _ in range(k):
        best = np.maximum.reduceat(left, starts)
        hit = (left == best[run]) & (left > -np.inf)
        taken += np.bincount(run[hit], minlength=starts.size)
        now = ~done & (taken >= k)
        threshold[now] = best[now]
        done |= now
        left[hit] = -np.inf
    return z >= threshold[run]


def _z(
    y: np.ndarray, r: np.ndarray, n: np.ndarray, m: np.ndarray, a: np.ndarray, a0: float
) -> np.ndarray:
    """The z-score of the log-odds ratio (module docstring); 0 where a stem is the whole
    document (every odds is then 0/0)."""
    whole = a >= a0
    a = np.where(whole, 1.0, a)  # any value that keeps the arithmetic finite
    inside = (y + a) / np.maximum(n + a0 - y - a, 1e-300)
    outside = (r + a) / np.maximum(m + a0 - r - a, 1e-300)
    delta = np.log(inside) - np.log(outside)
    z = delta / np.sqrt(1.0 / (y + a) + 1.0 / (r + a))
    return np.where(whole, 0.0, z)


def text_processor(sentences: Sequence[str]) -> TextProcessor:
    """The processor for keywords when none is given: the default one of the language the
    sentences are written in (:func:`linseg.text.identification.detect_language`), so that a
    text's own stopwords are left out."""
    from linseg.text.identification import detect_language

    return TextProcessor(language=detect_language(sentences))


def long_enough(token: str) -> bool:
    """Whether a token may be a keyword: :data:`MIN_LENGTH` characters at least, or a unit
    of a script written without spaces (two Han or kana characters say as much as a word
    of three letters)."""
    if len(token) >= MIN_LENGTH:
        return True
    from linseg.text.words import is_unspaced

    return len(token) == 2 and is_unspaced(token)

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
lower-cased, stopwords out, Porter stems by default), so ``--stopwords`` and ``--stems``
apply to keywords too; words shorter than :data:`MIN_LENGTH` characters are skipped. Each
stem is shown by its most frequent form in the segment (ties: the form that sorts first).
A capital on the first word of a sentence says nothing about the word, so such a word is
shown in lower case unless the document writes it with that capital mid-sentence more
often than without (``Python`` stays ``Python``, ``Bees`` becomes ``bees``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

import numpy as np

from linseg.text.processor import TextProcessor, looks_tokenized, processor_for

__all__ = ["segment_keywords", "keyword_processor", "MIN_LENGTH", "TIE_DIGITS"]

#: Tokens shorter than this (in characters) are never keywords: initials, "ok", "id".
MIN_LENGTH = 3
#: Scores equal to this many decimals are ties, so that rounding noise in the logarithms
#: never decides an order.
TIE_DIGITS = 9


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
        Decides what a word is and its stem (default: C99's, with the shipped stopwords
        and the Porter stemmer).

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
    text = processor or TextProcessor()
    if tokenized is None:
        tokenized = looks_tokenized(sentences)
    tokens = [text.tokens(s, tokenized) for s in sentences]
    flat = list(chain.from_iterable(tokens))
    forms = list(dict.fromkeys(flat))  # distinct tokens, in order of first use
    form_id = {t: i for i, t in enumerate(forms)}
    ids = np.fromiter(map(form_id.__getitem__, flat), dtype=np.int64, count=len(flat))
    _undo_sentence_case(tokens, ids, forms, form_id)

    # Each distinct form is judged once: its stem, or none (stopword, not a word, short).
    stem_id: dict[str, int] = {}
    stems: list[str] = []
    stem_of_form = np.full(len(forms), -1, dtype=np.int64)
    for i, t in enumerate(forms):
        stem = text.stem_token(t) if len(t) >= MIN_LENGTH else None
        if stem is not None:
            if stem not in stem_id:
                stem_id[stem] = len(stems)
                stems.append(stem)
            stem_of_form[i] = stem_id[stem]
    n_segments = len(cuts) - 1
    if not stems:
        return [[] for _ in range(n_segments)]
    seg_of_sentence = np.repeat(np.arange(n_segments), np.diff(cuts))
    seg_of_token = np.repeat(seg_of_sentence, [len(row) for row in tokens])
    sid = stem_of_form[ids]
    keep = sid >= 0
    seg_k, sid_k, form_k = seg_of_token[keep], sid[keep], ids[keep]
    # One entry per (segment, stem) that occurs: its count y.
    pairs, pair_of_token = np.unique(seg_k * len(stems) + sid_k, return_inverse=True)
    pair_of_token = pair_of_token.reshape(-1)
    y = np.bincount(pair_of_token).astype(np.float64)
    seg, w = pairs // len(stems), pairs % len(stems)
    chosen = _rank(seg, w, y, n_segments, stems, k)  # entry indices, best first
    return _best_forms(chosen, pair_of_token, len(pairs), form_k, forms)


def _undo_sentence_case(
    tokens: list[list[str]], ids: np.ndarray, forms: list[str], form_id: dict[str, int]
) -> None:
    """Read the first word of each sentence in lower case (in ``ids``, adding the
    lower-case form where it is new) unless the rest of the document writes it with its
    capital more often than without."""
    mid = np.bincount(ids, minlength=len(forms))
    pos, firsts = 0, []
    for row in tokens:
        for j, t in enumerate(row):
            if any(ch.isalpha() for ch in t):  # quotes, dashes and numbers come first
                firsts.append(pos + j)
                break
        pos += len(row)
    for p in firsts:  # counted over every token, less the sentence-initial ones
        mid[ids[p]] -= 1
    for p in firsts:
        t = forms[ids[p]]
        if not _ambiguous_capital(t):
            continue
        low = t.lower()
        low_id = form_id.get(low)
        if low_id is None:
            low_id = form_id[low] = len(forms)
            forms.append(low)
        if (mid[low_id] if low_id < len(mid) else 0) >= mid[form_id[t]]:
            ids[p] = low_id


def _ambiguous_capital(token: str) -> bool:
    # ``Bees``, ``Well-known``: a capital that sentence case alone explains. ``NASA`` and
    # ``McDonald`` carry capitals of their own and are kept.
    return token[:1].isupper() and token[1:] == token[1:].lower() and token[1:] != ""


def _best_forms(
    chosen: list[list[int]],
    pair_of_token: np.ndarray,
    n_entries: int,
    form_k: np.ndarray,
    forms: list[str],
) -> list[list[str]]:
    """Each chosen entry's word as written: the most frequent of its tokens' forms
    (``form_k``, one per counted token, whose entry is ``pair_of_token``); ties: the form
    that sorts first.

    One pass over the tokens for every entry at once: counting each entry's forms in an
    array as long as the vocabulary, once per keyword, made the output of a million
    sentences take minutes (the vocabulary grows with the text, and so do the keywords).
    """
    wanted = np.zeros(n_entries, dtype=bool)
    for top in chosen:
        wanted[top] = True
    keep = wanted[pair_of_token]
    entry_of, form_of = pair_of_token[keep].astype(np.int64), form_k[keep].astype(np.int64)
    n_forms = max(len(forms), 1)
    # One key per (entry, form) used, with its count.
    key, count = np.unique(entry_of * n_forms + form_of, return_counts=True)
    entry, form = key // n_forms, key % n_forms
    # The forms used, ranked as Python sorts strings (the tie-break of the old min()).
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
    z = np.round(_z(y, total[w] - y, size[seg], big_n - size[seg], total[w], big_n), TIE_DIGITS)
    alphabetical = np.empty(n_stems, dtype=np.int64)
    alphabetical[sorted(range(n_stems), key=stems.__getitem__)] = np.arange(n_stems)
    # Best first within each segment: higher z, then more occurrences, then the stem
    # that sorts first; stems rarer here than elsewhere (z < 0) are left out.
    order = np.lexsort((alphabetical[w], -y, -z, seg))
    order = order[z[order] >= 0]
    starts = np.searchsorted(seg[order], np.arange(n_segments))
    out = []
    for s in range(n_segments):
        end = starts[s + 1] if s + 1 < n_segments else len(order)
        out.append([int(e) for e in order[starts[s] : min(end, starts[s] + k)]])
    return out


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

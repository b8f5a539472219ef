"""Pure Python twin of ``_cues.pyx`` (reading section cues: the tokens of each paragraph,
the features that compare the two sides of each gap, and the summed weights of each
paragraph's own features); see linseg.compose.costs.cues and linseg.kernels.

Identical results: the tokens are the compiled rule's, which is this regular expression
as Python's ``re`` reads it, hashed by the same FNV-1a; the comparisons are counts of the
same sets (Python's sets of the same values), turned into buckets by the same float64
divisions and truncations; each paragraph's weights are looked up at the CRC-32 (zlib's)
of the feature strings the compiled kernel hashes on the fly, and added in the same order
(float64, left to right).
"""

from __future__ import annotations

import re
import zlib
from functools import lru_cache

import numpy as np

from linseg.text._text_py import _spans, fnv1a

# The token rule, each token with the white space before it.
_GAP_TOKEN = re.compile(r"(\s*)([A-Za-z][A-Za-z']*|\d+|[^\sA-Za-z\d])")
# A sentence's end mark and the white space after it.
_SENTENCE_END = re.compile(r"[.!?]\s")


def token_spans(texts: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The tokens of each of ``texts`` by the rule ``[A-Za-z][A-Za-z']*|\\d+|[^\\sA-Za-z\\d]``:
    ``(starts, ends, hashes, offsets)``, where the tokens of text ``p`` are ``offsets[p]``
    to ``offsets[p + 1]``, each spanning ``starts[t]:ends[t]`` of its text, and ``hashes``
    is each token's FNV-1a hash."""
    # Every character not in a token is white space: each text is (gap, token) pairs,
    # found in one call, and the spans follow from their lengths.
    pieces = [_GAP_TOKEN.findall(text) for text in texts]
    counts = [len(p) for p in pieces]
    offsets = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    start, end = _spans(pieces, counts)
    points = np.frombuffer("".join(texts).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    base = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum([len(t) for t in texts], out=base[1:])
    which = np.repeat(np.arange(len(texts)), np.diff(offsets))
    hashes = fnv1a(points, base[which] + start, base[which] + end)
    return start, end, hashes, offsets


def _share(scale: int, part: int, whole: int) -> int:
    # int(scale * part / max(1, whole)): the integer product, one division, truncation.
    return int(float(scale * part) / float(whole if whole > 1 else 1))


def _overlap(scale: float, shared: int, pooled: int) -> int:
    # int(scale * (shared / max(1, pooled))): the division, then the product.
    return int(scale * (float(shared) / float(pooled if pooled > 1 else 1)))


def pair_buckets(
    hashes: np.ndarray, offsets: np.ndarray, content: np.ndarray, window: int
) -> np.ndarray:
    """For the gap before each paragraph after the first, the bucket of each comparison
    family (linseg.compose.costs.cues._PAIR_FAMILIES), from the tokens' hashes, each
    paragraph's token range (``offsets``) and which tokens are content words."""
    offsets = np.asarray(offsets, dtype=np.int64)
    n = offsets.shape[0] - 1
    out = np.zeros((max(n - 1, 0), 6), dtype=np.int64)
    if n < 2:
        return out
    # Bit 0 of each hash says whether the token is a content word.
    marked = (
        (np.asarray(hashes, dtype=np.uint64) & ~np.uint64(1)) | (np.asarray(content) != 0)
    ).tolist()
    bounds = offsets.tolist()
    tokens = [marked[a:b] for a, b in zip(bounds, bounds[1:])]
    distinct = [set(t) for t in tokens]
    contents = [{h for h in d if h & 1} for d in distinct]
    for i in range(1, n):
        n_tokens = len(tokens[i])
        before_set = distinct[i - 1]
        seen = sum(1 for t in tokens[i] if t in before_set)
        shared = len(contents[i - 1] & contents[i])
        before = set().union(*contents[max(0, i - window) : i])
        after = set().union(*contents[i : min(n, i + window)])
        across = len(before & after)
        cur_content = len(contents[i])
        cur_before = len(contents[i] & before)
        row = out[i - 1]
        row[0] = min((6 * i) // n, 5)
        row[1] = _share(5, n_tokens - seen, n_tokens)
        row[2] = _overlap(10.0, shared, len(contents[i - 1]) + cur_content - shared)
        row[3] = min(shared, 5)
        row[4] = _overlap(20.0, across, len(before) + len(after) - across)
        row[5] = _share(5, cur_content - cur_before, cur_content)
    return out


@lru_cache(maxsize=1 << 16)
def _crc(feature: str) -> int:
    # zlib's CRC-32 of the UTF-8 (a lone surrogate as its three bytes), as training hashes.
    return zlib.crc32(feature.encode("utf-8", "surrogatepass"))


def paragraph_weights(
    texts: list[str],
    lowers: list[str],
    starts: np.ndarray,
    ends: np.ndarray,
    hashes: np.ndarray,
    offsets: np.ndarray,
    weights: np.ndarray,
    first_words: int,
    title_words: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Each paragraph's summed weights as the paragraph after a gap (``opening``) and as
    the one before (``closing``), in a model of ``len(weights)`` (a power of two) hashed
    weights; see ``_cues.pyx`` for the features."""
    n = len(texts)
    mask = weights.shape[0] - 1
    s, e, o = np.asarray(starts).tolist(), np.asarray(ends).tolist(), np.asarray(offsets).tolist()
    # Each paragraph's features (their slots), opening ones then closing ones; the weights
    # are gathered at once and summed in that order.
    slots: list[int] = []
    split: list[int] = []  # where each paragraph's opening slots end, then its closing
    for p in range(n):
        text, lower = texts[p], lowers[p]
        a, b = o[p], o[p + 1]
        toks = [lower[x:y] for x, y in zip(s[a:b], e[a:b])]
        # Words as str.split() counts them; a title is one line ("\n" only).
        words = min(len(lower.split()), 127)
        title = bool(
            title_words
            and "\n" not in lower
            and 0 < words <= title_words
            and text[-1] not in ".:;,"
        )
        length = min((words + 1).bit_length() - 1, 6)
        # The first sentence ends at the first ".", "!" or "?" followed by white space;
        # up to two more such ends are counted.
        marks = 0
        first_end = -1
        for m in _SENTENCE_END.finditer(lower):
            if first_end < 0:
                first_end = m.start() + 1
            marks += 1
            if marks == 3:
                break
        limit = b
        if first_end >= 0:
            limit = a
            while limit < b and e[limit] <= first_end:
                limit += 1
        limit = min(limit, a + first_words)
        features = [f"f{k + 1}=" + " ".join(toks[: k + 1]) for k in range(3)]
        features += [f"lb={length}", f"ns={1 + marks}"]
        # Each distinct word of the first sentence's first tokens, once, in order.
        features += ["b:" + tok for tok in dict.fromkeys(toks[: limit - a])]
        if title:
            features.append("ot=1")
        slots.extend(_crc(f) & mask for f in features)
        split.append(len(slots))
        features = [f"l{k + 1}=" + " ".join(toks[max(len(toks) - k - 1, 0) :]) for k in range(2)]
        features += ["pe=" + (text[-1] if text else "_"), f"la={length}"]
        if title:
            features.append("pt=1")
        slots.extend(_crc(f) & mask for f in features)
        split.append(len(slots))
    values = np.asarray(weights, dtype=np.float64)[slots].tolist()
    sums = []
    at = 0
    for stop in split:
        total = 0.0
        for v in values[at:stop]:
            total += v  # left to right, as the compiled kernel adds them
        sums.append(total)
        at = stop
    opening = np.array(sums[0::2], dtype=np.float64)
    closing = np.array(sums[1::2], dtype=np.float64)
    return opening, closing

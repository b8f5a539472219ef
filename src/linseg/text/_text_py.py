"""Pure NumPy twin of ``_text.pyx`` (the token look-up of linseg.text.processor); see
linseg.kernels.

Identical results: the tokens are the compiled kernel's (white space as ``str.split()``
reads ASCII, or the raw-prose rule, which is :data:`linseg.text.words` 's regular
expression as Python's ``re`` reads it); each is hashed by the same FNV-1a over its code
points, in uint64 arithmetic that wraps as C's does, and the hash table is the same open
addressing with linear probing, filled in the same order, so its slots are the same.
"""

from __future__ import annotations

import re

import numpy as np

# A slot whose value is UNKNOWN is empty; a token not in the table gets UNKNOWN as its id.
UNKNOWN_ID = -2
_UNKNOWN = UNKNOWN_ID

FNV_OFFSET = np.uint64(14695981039346656037)
FNV_PRIME = np.uint64(1099511628211)

# The bytes that str.split() treats as white space within ASCII.
_SPACE = np.zeros(256, dtype=bool)
_SPACE[[32, *range(9, 14), *range(28, 32)]] = True

# linseg.text.words.raw_word_tokens' rule.
_RAW_WORD = re.compile(r"[^\W_]+(?:[-'\u2019][^\W_]+)*|[^\w\s-]|_")


def fnv1a(units: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """FNV-1a (64 bits) of each span ``units[starts[t]:ends[t]]`` of code units (the
    bytes of ASCII text, or a text's code points)."""
    units = np.asarray(units)
    starts = np.asarray(starts, dtype=np.int64)
    lengths = np.asarray(ends, dtype=np.int64) - starts
    out = np.full(starts.shape[0], FNV_OFFSET, dtype=np.uint64)
    if not starts.size:
        return out
    # Longest first, so that the spans still going at each position are a prefix.
    order = np.argsort(-lengths, kind="stable")
    first = starts[order]
    sorted_lengths = lengths[order]
    h = out[order]
    live = int(np.count_nonzero(sorted_lengths > 0))
    k = 0
    while live:
        h[:live] ^= units[first[:live] + k].astype(np.uint64)
        h[:live] *= FNV_PRIME
        k += 1
        while live and sorted_lengths[live - 1] <= k:
            live -= 1
    out[order] = h
    return out


def _find(keys: np.ndarray, vals: np.ndarray, hashes: np.ndarray) -> np.ndarray:
    """The id kept under each hash, or UNKNOWN (linear probing from ``h & mask``)."""
    mask = np.uint64(keys.shape[0] - 1)
    h = np.where(hashes == 0, np.uint64(1), hashes)  # a hash of 0 is kept as 1
    slot = (h & mask).astype(np.int64)
    out = np.empty(h.shape[0], dtype=np.int64)
    pending = np.arange(h.shape[0])
    while pending.size:
        v = vals[slot]
        done = (v == _UNKNOWN) | (keys[slot] == h)
        out[pending[done]] = v[done]
        keep = ~done
        pending, h = pending[keep], h[keep]
        slot = (slot[keep] + 1) & int(mask)
    return out


def _put(keys: list[int] | np.ndarray, vals: list[int] | np.ndarray, h: int, value: int) -> bool:
    """Store ``value`` under ``h`` (linear probing from ``h & mask``, as the compiled
    ``put``); whether the slot was new."""
    mask = len(keys) - 1
    if h == 0:
        h = 1
    slot = h & mask
    while vals[slot] != _UNKNOWN and keys[slot] != h:
        slot = (slot + 1) & mask
    new = vals[slot] == _UNKNOWN
    keys[slot] = h
    vals[slot] = value
    return bool(new)


def _put_all(keys: np.ndarray, vals: np.ndarray, hashes: list[int], values: list[int]) -> int:
    """Store each value under its hash, in order; how many slots were new."""
    if 16 * len(hashes) < keys.shape[0]:
        # A few entries in a large table: probe the arrays themselves.
        return sum(_put(keys, vals, h, v) for h, v in zip(hashes, values))
    # Many: probe Python lists (faster to read), written back at the end.
    k, v = keys.tolist(), vals.tolist()
    new = sum(_put(k, v, h, value) for h, value in zip(hashes, values))
    keys[:] = k
    vals[:] = v
    return new


def rehash(old_keys: np.ndarray, old_vals: np.ndarray, keys: np.ndarray, vals: np.ndarray) -> None:
    """Move every entry of the old table into the new (larger) one."""
    full = np.flatnonzero(np.asarray(old_vals) != _UNKNOWN)
    _put_all(keys, vals, np.asarray(old_keys)[full].tolist(), np.asarray(old_vals)[full].tolist())


def hash_put_many(
    keys: np.ndarray, vals: np.ndarray, hashes: np.ndarray, values: np.ndarray
) -> int:
    """Store each ``values[i]`` under ``hashes[i]`` (the table must have room for them);
    returns how many slots were new."""
    return _put_all(keys, vals, np.asarray(hashes).tolist(), np.asarray(values).tolist())


def lookup_tokens(
    data: np.ndarray, n_sentences: int, keys: np.ndarray, vals: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Split ``data`` (one sentence a line) into tokens and look each up.

    Returns ``(ids, offsets, hashes, starts, ends)``: the id of every token (UNKNOWN when
    the table lacks it), sentence offsets into the tokens, and each token's hash and byte
    span, so that the caller can learn the unknown ones.
    """
    data = np.asarray(data, dtype=np.uint8)
    space = _SPACE[data]
    word = ~space
    edges = np.diff(np.concatenate(([False], word, [False])).view(np.int8))
    starts = np.flatnonzero(edges == 1)
    ends = np.flatnonzero(edges == -1)
    # A token's sentence: the line breaks before it.
    breaks = np.flatnonzero(data == 10)
    sentence = np.searchsorted(breaks, starts)
    offsets = np.zeros(n_sentences + 1, dtype=np.int64)
    offsets[1:] = np.searchsorted(sentence, np.arange(1, n_sentences + 1))
    hashes = fnv1a(data, starts, ends)
    ids = _find(keys, vals, hashes)
    return ids, offsets, hashes, starts.astype(np.int64), ends.astype(np.int64)


def lookup_raw_words(
    sentences: list[str], keys: np.ndarray, vals: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The tokens of raw English sentences that linseg.text.words.raw_word_tokens finds,
    each hashed (FNV-1a of its code points) and looked up.

    Returns ``(ids, offsets, hashes, sentence, starts, ends)``: as lookup_tokens's, with
    each token's sentence, and its span within that sentence.
    """
    starts: list[int] = []
    ends: list[int] = []
    offsets = np.zeros(len(sentences) + 1, dtype=np.int64)
    counts = []
    for text in sentences:
        before = len(starts)
        for m in _RAW_WORD.finditer(text):
            starts.append(m.start())
            ends.append(m.end())
        counts.append(len(starts) - before)
    np.cumsum(counts, out=offsets[1:])
    which = np.repeat(np.arange(len(sentences), dtype=np.int64), counts)
    start = np.array(starts, dtype=np.int64)
    end = np.array(ends, dtype=np.int64)
    # The code points of every sentence, one after another.
    points = np.frombuffer("".join(sentences).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    base = np.zeros(len(sentences) + 1, dtype=np.int64)
    np.cumsum([len(t) for t in sentences], out=base[1:])
    hashes = fnv1a(points, base[which] + start, base[which] + end)
    ids = _find(keys, vals, hashes)
    return ids, offsets, hashes, which, start, end

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

# linseg.text.words.raw_word_tokens' rule, each token with the gap before it.
_RAW_GAP_WORD = re.compile(r"([\s-]*)([^\W_]+(?:[-'\u2019][^\W_]+)*|[^\w\s-]|_)")


def _spans(pieces: list[list[tuple[str, str]]], counts: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """(starts, ends) of the tokens of each text, from its (gap, token) pairs: each
    within its own text."""
    lengths = np.array(
        [len(part) for text in pieces for pair in text for part in pair], dtype=np.int64
    ).reshape(-1, 2)
    ends = np.cumsum(lengths.sum(axis=1))
    # The running position restarts at each text: take off what the texts before it held.
    first = np.zeros(len(counts), dtype=np.int64)
    np.cumsum(counts[:-1], out=first[1:])
    held = np.concatenate(([0], ends))[first]
    ends = ends - np.repeat(held, counts)
    return ends - lengths[:, 1], ends


def fnv1a(units: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """FNV-1a (64 bits) of each span ``units[starts[t]:ends[t]]`` of code units (the
    bytes of ASCII text, or a text's code points): one pass per position, over the spans
    still going (uint64 arithmetic wraps as C's does)."""
    units = np.asarray(units)
    starts = np.asarray(starts, dtype=np.int64)
    lengths = np.asarray(ends, dtype=np.int64) - starts
    out = np.full(starts.shape[0], FNV_OFFSET, dtype=np.uint64)
    if not starts.size:
        return out
    # Longest first, so that the spans still going at each position are a prefix.
    order = np.argsort(-lengths, kind="stable")
    first = starts[order]
    h = out[order]
    # live[k]: how many spans are longer than k.
    live = np.cumsum(np.bincount(lengths, minlength=1)[::-1])[::-1][1:]
    for k, m in enumerate(live.tolist()):
        h[:m] ^= units[first[:m] + k].astype(np.uint64)
        h[:m] *= FNV_PRIME
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
    # Every character not in a token is white space or a lone "-": each sentence is
    # (gap, token) pairs, found in one call, and the spans follow from their lengths.
    pieces = [_RAW_GAP_WORD.findall(text) for text in sentences]
    counts = [len(p) for p in pieces]
    offsets = np.zeros(len(sentences) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    start, end = _spans(pieces, counts)
    which = np.repeat(np.arange(len(sentences), dtype=np.int64), counts)
    # The code points of every sentence, one after another.
    points = np.frombuffer("".join(sentences).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    base = np.zeros(len(sentences) + 1, dtype=np.int64)
    np.cumsum([len(t) for t in sentences], out=base[1:])
    hashes = fnv1a(points, base[which] + start, base[which] + end)
    ids = _find(keys, vals, hashes)
    return ids, offsets, hashes, which, start, end

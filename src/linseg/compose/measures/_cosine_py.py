"""Pure NumPy twin of ``_cosine.pyx`` (the cosine of stem counts, equation 1); see
linseg.compose.measures.cosine and linseg.kernels.

Identical results: a dot product of two count vectors is an integer, the same whatever
order its terms are added in (here in float64 by ``np.bincount``, exact below 2^53), and
each cosine is then the compiled kernel's float32 expression, ``float32(dot) /
float32(sqrt(float64(|a|^2 |b|^2)))`` (IEEE square roots and divisions round alike
everywhere). Stems get local ids in order of first appearance, and each sentence lists
its stems in that order, as there.
"""

from __future__ import annotations

import numpy as np

#: Pairs of co-occurrences summed per batch (bounds the scratch memory).
_BATCH_PAIRS = 1 << 22


def sentence_vectors(
    ids: np.ndarray, offsets: np.ndarray, n_vocab: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """Each sentence as a sparse stem-count vector: (ustem, ucount, ustart, sq, owner, v)."""
    ids = np.asarray(ids, dtype=np.int64)
    offsets = np.asarray(offsets, dtype=np.int64)
    n = offsets.shape[0] - 1
    sentence = np.repeat(np.arange(n, dtype=np.int64), np.diff(offsets))
    kept = np.flatnonzero(ids[: offsets[-1]] >= 0) if n > 0 else np.zeros(0, dtype=np.int64)
    stems = ids[kept]
    # Local stem ids, in order of first appearance in the document.
    uniq, first, inverse = np.unique(stems, return_index=True, return_inverse=True)
    rank = np.empty(uniq.size, dtype=np.int64)
    rank[np.argsort(first, kind="stable")] = np.arange(uniq.size)
    local = rank[inverse.reshape(-1)]
    v = int(uniq.size)
    # Each sentence's distinct stems, in order of first appearance in it.
    owner_of = sentence[kept]
    pairs, at, counts = np.unique(
        owner_of * max(v, 1) + local, return_index=True, return_counts=True
    )
    order = np.argsort(at, kind="stable")
    ustem = local[at[order]]
    owner = owner_of[at[order]]
    ucount = counts[order].astype(np.int64)
    ustart = np.zeros(n + 1, dtype=np.int64)
    ustart[1:] = np.cumsum(np.bincount(owner, minlength=n))[:n] if n else 0
    sq = np.zeros(n, dtype=np.int64)
    np.add.at(sq, owner, ucount * ucount)
    return ustem, ucount, ustart, sq, owner, v


def _band_dots(
    ustem: np.ndarray, ucount: np.ndarray, owner: np.ndarray, n: int, w: int
) -> np.ndarray:
    """``dots[i, d]``: the dot product of sentence i with sentence i - d, for d <= w."""
    dots = np.zeros(n * (w + 1), dtype=np.float64)
    if not ustem.size:
        return dots.reshape(n, w + 1)
    # Entries by stem, then sentence: a stem's entries within w sentences pair up.
    order = np.lexsort((owner, ustem))
    stem, sent, count = ustem[order], owner[order], ucount[order].astype(np.float64)
    key = stem * (n + w + 1) + sent
    reach = np.searchsorted(key, key + w, side="right")  # past the last partner of each entry
    partners = reach - np.arange(key.size)
    total = np.cumsum(partners)
    # Entries in batches of about _BATCH_PAIRS pairs each.
    first = 0
    while first < key.size:
        done = total[first - 1] if first else 0
        last = int(np.searchsorted(total, done + _BATCH_PAIRS, side="right"))
        last = max(last, first + 1)
        reps = partners[first:last]
        a = np.repeat(np.arange(first, last), reps)
        # Each entry's partners: itself and the following ones, up to its reach.
        b = a + (np.arange(a.size) - np.repeat(np.cumsum(reps) - reps, reps))
        later, earlier = sent[b], sent[a]
        dots += np.bincount(
            later * (w + 1) + (later - earlier), weights=count[a] * count[b], minlength=dots.size
        )
        first = last
    return dots.reshape(n, w + 1)


def _cosines(dots: np.ndarray, sq_later: np.ndarray, sq_earlier: np.ndarray) -> np.ndarray:
    """float32 cosines of the non-zero ``dots``, 0 elsewhere (the compiled expression)."""
    out = np.zeros(dots.shape, dtype=np.float32)
    nz = dots > 0
    den = np.sqrt((sq_later[nz] * sq_earlier[nz]).astype(np.float64)).astype(np.float32)
    out[nz] = dots[nz].astype(np.float32) / den
    return out


def cosine_band(ids: np.ndarray, offsets: np.ndarray, n_vocab: int, w: int) -> np.ndarray:
    """The float32 cosine of every pair of sentences within ``w`` of each other, as
    ``out[i, d]`` = cell (i, i - d) (the compiled ``_banded._cosine_band``)."""
    ustem, ucount, _, sq, owner, _ = sentence_vectors(ids, offsets, n_vocab)
    n = sq.shape[0]
    dots = _band_dots(ustem, ucount, owner, n, w)
    i = np.arange(n)[:, None]
    j = np.maximum(i - np.arange(w + 1)[None, :], 0)
    return _cosines(dots, np.broadcast_to(sq[:, None], dots.shape), sq[j])


def cosine_ids(ids: np.ndarray, offsets: np.ndarray, n_vocab: int) -> np.ndarray:
    """The float32 cosine matrix of the sentences' stem counts, from stem ids."""
    ustem, ucount, _, sq, owner, _ = sentence_vectors(ids, offsets, n_vocab)
    n = sq.shape[0]
    out = np.zeros((n, n), dtype=np.float32)
    if n == 0:
        return out
    dots = _band_dots(ustem, ucount, owner, n, n - 1)
    # dots[i, d] is cell (i, i - d): unfold the band into the square, both triangles.
    rows, d = np.nonzero(dots)
    cols = rows - d
    den = np.sqrt((sq[rows] * sq[cols]).astype(np.float64)).astype(np.float32)
    val = dots[rows, d].astype(np.float32) / den
    out[rows, cols] = val
    out[cols, rows] = val
    return out

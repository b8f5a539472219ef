"""Pure NumPy twin of ``_lsa.pyx`` (the sentence vectors of the LSA cosine); see
linseg.compose.measures.LsaCosine and linseg.kernels.

Identical results: each sentence's vector is summed in float32, term by term, its stems'
rows in increasing order, as the compiled kernel (and a canonical CSR product) sums
them: here the k-th term of every sentence is added at once, k = 0, 1, ..., so each
sentence still sees its terms in that order. A term is the float32 product of the weight
and the row; ``log(1 + f)`` is Python's ``math.log1p`` (C's), rounded to float32.
"""

from __future__ import annotations

import math

import numpy as np


def sentence_vectors(
    ids: np.ndarray,
    offsets: np.ndarray,
    row_of: np.ndarray,
    space: np.ndarray,
    local: int,
    out: np.ndarray,
) -> None:
    """Add to ``out[i]`` the vectors of sentence ``i``'s stems: for each distinct row
    ``r = row_of[id] >= 0`` of its tokens (ids < 0 skipped), in increasing ``r``,
    ``weight(f) * space[r]``, where ``f`` counts the tokens of row ``r`` and the weight
    is ``f`` (``local`` 0), 1 (``local`` 1) or ``log(1 + f)`` rounded to float32
    (``local`` 2)."""
    ids = np.asarray(ids, dtype=np.int64)
    offsets = np.asarray(offsets, dtype=np.int64)
    row_of = np.asarray(row_of, dtype=np.int64)
    n = offsets.shape[0] - 1
    if n <= 0:
        return
    sentence = np.repeat(np.arange(n, dtype=np.int64), np.diff(offsets))
    tokens = ids[: offsets[-1]]
    keep = tokens >= 0
    rows = row_of[tokens[keep]]
    sentence = sentence[keep]
    keep = rows >= 0
    rows, sentence = rows[keep], sentence[keep]
    if not rows.size:
        return
    top = int(rows.max()) + 1
    # Distinct (sentence, row) pairs, by sentence and then row, with their counts.
    pairs, counts = np.unique(sentence * top + rows, return_counts=True)
    owner, row = pairs // top, pairs % top
    if local == 0:
        weight = counts.astype(np.float32)
    elif local == 1:
        weight = np.ones(counts.size, dtype=np.float32)
    else:
        table = {int(c): math.log1p(float(c)) for c in np.unique(counts)}
        weight = np.array([table[int(c)] for c in counts]).astype(np.float32)
    # Each pair's place among its sentence's pairs.
    first = np.searchsorted(owner, owner, side="left")
    place = np.arange(owner.size) - first
    space = np.asarray(space, dtype=np.float32)
    for k in range(int(place.max()) + 1):
        at = np.flatnonzero(place == k)
        out[owner[at]] += weight[at][:, None] * space[row[at]]

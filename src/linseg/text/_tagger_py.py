"""Pure NumPy twin of ``_tagger.pyx`` (Viterbi decoding of the part-of-speech tagger);
see linseg.text.tagger and linseg.kernels.

Identical results: each path score is the same float64 sum, ``previous + transition``,
then ``+ emission``; for each tag the best previous tag is the first best in increasing
order (the compiled scan's strict ``>`` from -inf: a NaN never wins, and a tag whose
candidates are all -inf or NaN keeps the first previous tag and -inf); the last tag is
numpy's argmax, as the compiled kernel's copy of it.
"""

from __future__ import annotations

import numpy as np


def viterbi(emit: np.ndarray, log_trans: np.ndarray) -> np.ndarray:
    """The most probable tag ids of one sentence: ``emit`` is tokens x tags, ``log_trans``
    (tags + 1) x tags, its last row the start."""
    emit = np.asarray(emit, dtype=np.float64)
    log_trans = np.asarray(log_trans, dtype=np.float64)
    n, k = emit.shape
    out = np.empty(n, dtype=np.int64)
    if n == 0:
        return out
    if k == 0:
        raise ValueError("attempt to get argmax of an empty sequence")
    if log_trans.shape[0] < k or log_trans.shape[1] < k:
        raise ValueError("log_trans must be (tags + 1) x tags")
    start = log_trans.shape[0] - 1
    trans = log_trans[:k, :k]
    score = log_trans[start, :k] + emit[0]
    back = np.zeros((n, k), dtype=np.int64)
    cols = np.arange(k)
    for i in range(1, n):
        v = score[:, None] + trans  # v[s, t]: from tag s to tag t
        v[np.isnan(v)] = -np.inf
        arg = v.argmax(axis=0)
        top = v[arg, cols]
        back[i] = arg
        score = top + emit[i]
    out[n - 1] = int(np.argmax(score))
    for i in range(n - 1, 0, -1):
        out[i - 1] = back[i, out[i]]
    return out

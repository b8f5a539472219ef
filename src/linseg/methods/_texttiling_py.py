"""Pure NumPy twin of ``_texttiling.pyx`` (TextTiling's block comparison on
token-sequences); see linseg.methods.texttiling and linseg.kernels.

Identical results: the two blocks' term counts, their dot product and squared norms are
integers (the same whatever order they are summed in, here by NumPy over a chunk of gaps
at a time); each cosine is then the compiled float64 expression, ``dot / sqrt(|l|^2
|r|^2)``, 0 where a block has no terms.
"""

from __future__ import annotations

import numpy as np

#: Gaps compared per chunk (bounds the scratch memory).
_CHUNK = 256


def block_cosines(
    terms: np.ndarray, starts: np.ndarray, n_seq: int, k: int, n_terms: int
) -> np.ndarray:
    """The cosine of the two blocks at each of the ``n_seq - 1`` gaps (0 where a block
    has no terms); ``terms[starts[s]:starts[s + 1]]`` are sequence ``s``'s dense ids."""
    out = np.zeros(n_seq - 1, dtype=np.float64)
    starts = np.asarray(starts, dtype=np.int64)
    if n_terms < 0 or starts.shape[0] < n_seq + 1:
        raise ValueError("block_cosines: n_terms < 0, or fewer than n_seq + 1 starts")
    terms = np.asarray(terms, dtype=np.int64)
    for g0 in range(0, n_seq - 1, _CHUNK):
        g = np.arange(g0, min(n_seq - 1, g0 + _CHUNK))
        b = np.minimum(np.minimum(k, g + 1), n_seq - 1 - g)
        lo = int((g - b + 1).min())
        hi = int((g + 1 + b).max())
        chunk = terms[starts[lo] : starts[hi]]
        seq = np.repeat(np.arange(hi - lo), np.diff(starts[lo : hi + 1]))
        local, inverse = np.unique(chunk, return_inverse=True)
        v = max(local.size, 1)
        counts = np.bincount(seq * v + inverse.reshape(-1), minlength=(hi - lo) * v)
        prefix = np.zeros((hi - lo + 1, v), dtype=np.int64)
        np.cumsum(counts.reshape(hi - lo, v), axis=0, out=prefix[1:])
        left = prefix[g + 1 - lo] - prefix[g - b + 1 - lo]
        right = prefix[g + 1 + b - lo] - prefix[g + 1 - lo]
        dot = (left * right).sum(axis=1)
        ss_l = (left * left).sum(axis=1)
        ss_r = (right * right).sum(axis=1)
        ok = (ss_l > 0) & (ss_r > 0)
        out[g[ok]] = dot[ok].astype(np.float64) / np.sqrt(
            ss_l[ok].astype(np.float64) * ss_r[ok].astype(np.float64)
        )
    return out

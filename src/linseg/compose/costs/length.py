"""A prior on segment lengths."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["LengthPrior"]


class LengthPrior:
    """A prior on segment lengths in the manner of Fragkou et al. (2004): a segment of L
    sentences costs ``((L - mu) / mu) ** 2``, where ``mu = n / k`` is the mean length that
    ``k`` segments of ``n`` sentences imply. It needs the count (``n_segments``), so it
    serves a search that is given one or finds one (``ExactDP(count=...)``)."""

    def __call__(
        self,
        sentences: Sequence[str],
        tokenized: bool,
        starts: Sequence[int] | None = None,
        n_segments: int | None = None,
    ) -> np.ndarray:
        if n_segments is None:
            raise ValueError(
                "LengthPrior needs the number of segments: give a count, or ExactDP(count=...)"
            )
        n = len(sentences)
        at = (
            np.arange(n + 1, dtype=np.float64)
            if starts is None
            else np.array([*starts, n], dtype=np.float64)
        )
        mu = n / n_segments
        out = np.square((at[None, :] - at[:, None] - mu) / mu)
        out[at[None, :] <= at[:, None]] = np.inf
        return out

    def boundary_cost(self, sentences: Sequence[str], tokenized: bool) -> float:
        """0: the prior is on lengths, not on the count."""
        return 0.0

"""The paper's degenerate baselines (Experiment 1, Table 2) as strategies."""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import numpy as np

from linseg.checks import check_choice, check_int

__all__ = ["Baseline"]


class Baseline:
    """The paper's degenerate baselines (Experiment 1, Table 2) as strategies: they read
    no matrix, only how many sentences there are. They show what an error rate means on
    a corpus (equation 6 rewards neither silence nor a boundary everywhere).

    Parameters
    ----------
    kind:
        ``"none"`` (B_n: no boundary), ``"all"`` (B_a: every sentence break),
        ``"regular"`` (B_e: a boundary every ``floor(n / k)`` sentences, so the last chunk
        may be short and there may be a segment or two more than ``k``: how the author's
        B_e cut his samples; needs the count), ``"random"`` (B_(r,?): each break with
        probability 1/2) or ``"random_count"`` (B_(r,b): ``k - 1`` breaks drawn at
        random without replacement; needs the count).
    seed:
        For the random kinds. The draw depends only on the seed and the sentences, so a
        sample's result is the same whatever order, or process, the samples run in.
    """

    KINDS = ("none", "all", "regular", "random", "random_count")
    #: Only the sentences are read: no matrix is computed.
    needs_matrix = False
    needs_text = True

    def __init__(self, kind: str = "none", seed: int = 0) -> None:
        self.kind = check_choice("kind", kind, self.KINDS)
        self.seed = check_int("seed", seed, minimum=0)

    def __call__(
        self,
        matrix: object,
        n_segments: int | None,
        *,
        sentences: Sequence[str] | None = None,
        tokenized: bool = False,
    ) -> list[int]:
        if sentences is None:
            raise ValueError("Baseline needs the sentences: use it in a Composition")
        n = len(sentences)
        if self.kind == "none":
            return []
        if self.kind == "all":
            return list(range(1, n))
        if self.kind == "random":
            marks = self._rng(sentences).random(max(n - 1, 0)) < 0.5
            return [i + 1 for i in np.flatnonzero(marks).tolist()]
        if n_segments is None:
            label = "B_e" if self.kind == "regular" else "B_(r,b)"
            raise ValueError(f"{label} needs the number of segments (n_segments)")
        if self.kind == "regular":
            size = max(1, n // n_segments)
            return list(range(size, n, size))
        breaks = max(n - 1, 0)
        b = min(n_segments - 1, breaks)
        chosen = self._rng(sentences).choice(breaks, size=b, replace=False) if b else ()
        return sorted(int(i) + 1 for i in chosen)

    def _rng(self, sentences: Sequence[str]) -> np.random.Generator:
        digest = zlib.crc32("\n".join(sentences).encode("utf-8", "surrogatepass"))
        return np.random.default_rng([self.seed, digest, len(sentences)])

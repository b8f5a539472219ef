"""A weighted sum of measures, each with its own transform if wished."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from linseg.compose.measures import Measure

__all__ = ["Sum"]


class Sum:
    """A weighted sum of measures, each with its own transform: evidence from several
    kinds of similarity in one matrix, ``sum_i w_i T_i(M_i)``.

    ``parts`` holds ``(weight, measure, transform)`` triples; a transform may be None.
    For example C99's rank plus a quarter of the rank of an LSA cosine, the matrix of
    ``consensus_dp``::

        Sum([(1.0, StemCosine(), LocalRank(11)), (0.25, LsaCosine(keep=0.2), LocalRank(11))])

    Use it with ``transform=None`` in the :class:`~linseg.compose.Composition`.
    """

    def __init__(
        self, parts: Iterable[tuple[float, Measure, Callable[[np.ndarray], np.ndarray] | None]]
    ) -> None:
        self.parts = [(float(w), m, t) for w, m, t in parts]
        if not self.parts:
            raise ValueError("Sum needs at least one (weight, measure, transform) part")
        for w, m, t in self.parts:
            if not (np.isfinite(w) and w >= 0):
                raise ValueError(f"a Sum's weights must be finite and >= 0, got {w}")
            if not callable(m) or (t is not None and not callable(t)):
                raise TypeError("a Sum's parts are (weight, measure, transform or None)")

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        total: np.ndarray | None = None
        for weight, measure, transform in self.parts:
            matrix = measure(sentences, tokenized)
            if transform is not None:
                matrix = transform(matrix)
            matrix = np.asarray(matrix)
            # The first part unscaled when its weight is 1, and each further part added
            # as weight x matrix + total: the order of operations consensus_dp has always
            # used, so its sums stay the same to the bit.
            if total is None:
                total = matrix if weight == 1.0 else matrix * weight
            else:
                total = matrix * weight + total
        assert total is not None
        return total

"""Sum of rank, inside density and divisive clustering (the paper's sections 3.3 and 3.4).

A text segment ``[i, j]`` (inclusive) is a square on the diagonal of the rank matrix.
With ``s_k`` its sum of rank and ``a_k = (j - i + 1)^2`` its area, the inside density of
a segmentation ``B = {b_1 .. b_m}`` is (equation 3)::

    D = sum_k s_k / sum_k a_k

Divisive clustering starts from the whole document as one segment and, at each step,
splits the segment whose best split raises ``D`` the most. Run to the end it yields an
ordered list of split points and the densities ``D(1) .. D(n)``, from which
:mod:`linseg.compose.strategies.termination` picks the number of segments.

Everything here is float32, following the reference implementation: the float32
rounding of the sums decides which of two near-equal split points wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from linseg import kernels
from linseg.checks import check_number
from linseg.compose.band import BandMatrix, _chunked_ids, banded_cosine_from_ids
from linseg.compose.strategies.termination import automatic_termination
from linseg.compose.transforms import banded_rank_transform

if TYPE_CHECKING:
    from linseg.text.processor import TextProcessor

_banded = kernels.load("linseg.compose._banded")
_density = kernels.load("linseg.compose.strategies._density")
_band_cumsums, _cluster = _banded._band_cumsums, _banded._cluster
divisive, _sum_of_rank = _density.divisive, _density.sum_of_rank

__all__ = [
    "sum_of_rank",
    "divisive_clustering",
    "Clustering",
    "DivisiveDensity",
    "banded_clustering",
    "banded_c99",
]


def sum_of_rank(rank: np.ndarray) -> np.ndarray:
    """The sum-of-rank matrix ``S`` of equation (5): ``S[j, i]`` = sum of ``rank`` over the
    square ``[i..j] x [i..j]``.

    Computed along the diagonals by the paper's three-step recurrence (about 1.5 n^2
    operations) in float32, in the same order of operations as the reference, so that
    densities round exactly as there. ``S`` is symmetric.
    """
    rank = np.ascontiguousarray(rank, dtype=np.float32)
    if rank.ndim != 2 or rank.shape[0] != rank.shape[1]:
        raise ValueError(f"sum_of_rank needs a square matrix, got shape {rank.shape}")
    return _sum_of_rank(rank)


@dataclass(frozen=True)
class Clustering:
    """The full run of divisive clustering.

    Attributes
    ----------
    order:
        Split points in the order they were chosen; ``order[t]`` is the index of the
        first sentence after the boundary made at step ``t + 1``.
    density:
        Inside density ``D(m)`` of equation (3) for ``m = 1 .. len(order) + 1`` segments.
    gain:
        ``dD(m) = D(m) - D(m-1)`` for ``m = 2 .. len(order) + 1``, as the reference
        computes it (float32, the density of a step with no positive candidate floored
        at the smallest positive float).
    """

    order: np.ndarray
    density: np.ndarray
    gain: np.ndarray

    def boundaries(self, n_segments: int) -> list[int]:
        """Boundaries of the first ``n_segments`` segments, ascending."""
        k = max(0, min(n_segments - 1, len(self.order)))
        return sorted(int(b) for b in self.order[:k])


def divisive_clustering(sum_rank: np.ndarray, steps: int | None = None) -> Clustering:
    """Run divisive clustering on a sum-of-rank matrix (section 3.3).

    Parameters
    ----------
    sum_rank:
        The matrix from :func:`sum_of_rank`.
    steps:
        Number of splits to make; default ``n - 1``, i.e. down to single sentences.
    """
    s = np.ascontiguousarray(sum_rank, dtype=np.float32)
    n = s.shape[0]
    if n == 0:
        empty = np.zeros(0, dtype=np.int64)
        return Clustering(empty, np.zeros(0, dtype=np.float32), np.zeros(0, dtype=np.float32))
    steps = n - 1 if steps is None else max(0, min(int(steps), n - 1))
    order, gain, density = divisive(s, steps)
    return Clustering(order, density, gain)


class DivisiveDensity:
    """C99's clustering (sections 3.3-3.4): divisive clustering that greedily maximises
    the inside density ``D = sum s_k / sum a_k`` (equation 3), run to the end; without a
    count, the number of segments comes from the gradient threshold ``mean + c * sd`` of
    the smoothed density gains (section 3.3). Sums are float32, as the author's.

    Given a :class:`~linseg.compose.band.BandMatrix` narrower than the document, it runs the
    banded C99 of :func:`linseg.compose.strategies.divisive.banded_clustering` (the paper's section 5), with
    the band's sums in float64; a band that covers the document gives full C99."""

    def __init__(self, c: float = 1.2) -> None:
        self.c = check_number("c", c)

    def cluster(self, matrix: np.ndarray | BandMatrix, steps: int | None = None) -> Clustering:
        """The run of the divisive clustering (the splits in order, the densities): all of
        it, or its first ``steps`` splits (the greedy run's prefix, for a known count)."""
        return self._cluster(matrix, steps)[0]

    def _cluster(
        self, matrix: np.ndarray | BandMatrix, steps: int | None = None
    ) -> tuple[Clustering, np.ndarray | None]:
        """:meth:`cluster`, and the sum-of-rank matrix (equation 5) it read, None on a band
        narrower than the document."""
        if isinstance(matrix, BandMatrix) and matrix.width < matrix.n - 1:
            # Banded C99 (linseg.compose.band): sums over the band, a bounding-tree search.
            return banded_clustering(rank=matrix, steps=steps), None
        if isinstance(matrix, BandMatrix):
            matrix = matrix.toarray()  # the band covers the document: full C99
        sum_rank = sum_of_rank(matrix)
        return divisive_clustering(sum_rank, steps=steps), sum_rank

    def trace(
        self, matrix: np.ndarray | BandMatrix, n_segments: int | None, keep: bool = False
    ) -> dict[str, Any]:
        """The boundaries, the whole clustering and the automatic termination (computed
        even with a count, so that both can be compared); with ``keep``, the sum-of-rank
        matrix too."""
        clustering, sum_rank = self._cluster(matrix)
        termination = automatic_termination(clustering.gain, self.c)
        k = termination.n_segments if n_segments is None else n_segments
        if n_segments is None and not np.any(clustering.density > 0):
            # All ranks are zero (identical or wordless sentences, or a 1x1 mask): no split
            # raises the density, so there is no structure to find. The reference still
            # reports splits here, driven only by its Float.MIN_VALUE floor.
            k = 1
        found = {"boundaries": clustering.boundaries(k), "clustering": clustering}
        found["termination"] = termination
        # The splits chosen, in order, with the density after each (as Reynar's searches).
        found["order"] = [int(b) for b in clustering.order[: max(0, k - 1)]]
        found["objective"] = np.asarray(clustering.density[1:k], dtype=np.float64)
        if keep:
            found["sum_rank"] = sum_rank
        return found

    def __call__(self, matrix: np.ndarray | BandMatrix, n_segments: int | None) -> list[int]:
        return list(self.trace(matrix, n_segments)["boundaries"])


# --- divisive clustering with a bounding tree ---------------------------------------------
def banded_clustering(
    rank: BandMatrix | None = None,
    sum_rank: np.ndarray | None = None,
    steps: int | None = None,
) -> Clustering:
    """Divisive clustering (section 3.3) in O(n log n)-ish steps.

    Give either ``rank`` (a :class:`BandMatrix`: sums are taken over the band in
    float64) or ``sum_rank`` (the full float32 matrix of
    :func:`linseg.compose.strategies.divisive.sum_of_rank`: the result is then identical to
    :func:`linseg.compose.strategies.divisive.divisive_clustering`, which it replaces for long documents).
    """
    if (rank is None) == (sum_rank is None):
        raise ValueError("give exactly one of rank (banded) or sum_rank (full)")
    if sum_rank is not None:
        s = np.ascontiguousarray(sum_rank, dtype=np.float32)
        n = s.shape[0]
        mode, dtype = 0, np.float32
        diag = np.zeros(1, dtype=np.float32)
        left = right = np.zeros((1, 1), dtype=np.float32)
    else:
        assert rank is not None  # exactly one of the two was given (checked above)
        data = np.ascontiguousarray(rank.data, dtype=np.float32)
        n = data.shape[0]
        mode, dtype = 1, np.float64
        s = np.zeros((1, 1), dtype=np.float32)
        diag = np.ascontiguousarray(data[:, 0])
        left, right = _band_cumsums(data)
    if n == 0:
        empty = np.zeros(0, dtype=np.int64)
        return Clustering(empty, np.zeros(0, dtype=dtype), np.zeros(0, dtype=dtype))
    steps = n - 1 if steps is None else max(0, min(int(steps), n - 1))
    rsum = np.zeros(n, dtype=dtype)
    lsum = np.zeros(n, dtype=dtype)
    rtsum = np.zeros(n, dtype=dtype)
    order, gain, density = _cluster(mode, s, diag, left, right, n, steps, rsum, lsum, rtsum)
    return Clustering(order, density, gain)


def banded_c99(
    text: TextProcessor,
    sentences: Sequence[str],
    tokenized: bool,
    band: int,
    mask_size: int = 11,
    keep: bool = True,
) -> tuple[BandMatrix | None, BandMatrix | None, np.ndarray | None, Clustering]:
    """Similarity, rank, sum of rank and clustering of banded C99.

    ``text`` is the :class:`~linseg.text.processor.TextProcessor`. Returns ``(similarity, rank,
    sum_rank, clustering)``: the first two as :class:`BandMatrix`; ``sum_rank`` is the
    dense float32 matrix when the band covers the document (the result is then
    identical to full C99) and None otherwise. ``keep`` False keeps none of the three
    (None in their place): the similarity band is let go as soon as the rank band is
    made, so that a run that only wants boundaries holds one band fewer at its peak.
    """
    n = len(sentences)
    ids, offsets = _chunked_ids(text, sentences, tokenized)
    sim: BandMatrix | None = banded_cosine_from_ids(ids, offsets, band, len(text.vocabulary))
    del ids, offsets
    assert sim is not None
    rank = banded_rank_transform(sim, mask_size)
    if not keep:
        sim = None
    if rank.width >= n - 1:
        srank = sum_of_rank(rank.toarray())
        clustering = banded_clustering(sum_rank=srank)
        return (sim, rank, srank, clustering) if keep else (None, None, None, clustering)
    clustering = banded_clustering(rank=rank)
    return (sim, rank, None, clustering) if keep else (None, None, None, clustering)

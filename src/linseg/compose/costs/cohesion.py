"""Block comparison at each gap (Hearst's cohesion, as a cost): a boundary where the
words on either side differ is cheap."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

import numpy as np

from linseg.checks import check_int
from linseg.compose.costs.gaps import _GapCost
from linseg.compose.costs.units import UnitCounts, _UnitStems
from linseg.text.processor import Stemmer

__all__ = ["BlockCohesion"]


class BlockCohesion(_GapCost, _UnitStems):
    """A cost on where a segment ends, from Hearst's (1997) block comparison: at each gap
    between units, the cosine of the stem counts of the ``window`` units before it and the
    ``window`` units after it (fewer at the document's ends), standardised over the
    document's gaps to mean 0 and standard deviation 1. A segment that ends at a gap pays
    that gap's standardised cosine: a boundary where the words on both sides are the same
    costs more, one where they change costs less. The last segment, which ends with the
    document, pays nothing; so does every segment of a document with fewer than two gaps,
    or with the same cosine at all of them (to within rounding).

    Parameters
    ----------
    window:
        Units on each side of a gap, >= 1.
    stopwords, stemmer, language:
        Which words count, as for :class:`~linseg.compose.measures.StemCosine`.
    """

    def __init__(
        self,
        window: int = 3,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        language: str = "en",
    ) -> None:
        window = check_int("window", window)
        super().__init__(stopwords, stemmer, language)
        self.window = window

    def gap_scores(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """``z[j]`` for ``j = 0 .. m``: the standardised block cosine at the gap before unit
        ``j`` (0 at ``j = 0`` and ``j = m``, the document's ends)."""
        m = len(sentences) if starts is None else len(starts)
        z = np.zeros(m + 1, dtype=np.float64)
        if m < 3:
            return z
        dots, left, right = _block_products(
            self.unit_counts(sentences, tokenized, starts), self.window
        )
        norms = np.sqrt(left * right)
        cos = np.divide(dots, norms, out=np.zeros_like(dots), where=norms > 0)
        # Cosines equal but for rounding (1 and 1 - 2^-53) have no spread to standardise:
        # divided by it, the rounding would become costs of +-1.
        spread = cos.std()
        if spread > _FLAT:
            z[1:m] = (cos - cos.mean()) / spread
        return z


#: A spread of cosines (which lie in [0, 1]) below this is rounding, not a difference.
_FLAT = 1e-9


def _block_products(units: UnitCounts, window: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """At each gap ``g = 1 .. m - 1`` between the ``m`` units, the block comparison's
    three sums: ``L . R``, ``L . L`` and ``R . R`` for the summed stem counts ``L`` of the
    ``window`` units before the gap and ``R`` of the ``window`` after it (fewer at the
    ends), as float64 (integers, so exact).

    Each unit's counts are added into the blocks of the gaps they lie next to, so the work
    and memory grow with the document's (unit, stem) pairs times ``window``, not with
    ``m^2``: a long document costs no more per unit than a short one."""
    m, v = units.n, max(units.vocabulary, 1)
    unit = np.repeat(np.arange(m, dtype=np.int64), np.diff(units.indptr))
    stem, count = units.stems.astype(np.int64), units.counts.astype(np.float64)
    # Unit u is in the left block of gaps u + 1 .. u + window and in the right block of
    # gaps u - window + 1 .. u; gaps run from 1 to m - 1.
    sides = []
    for offsets in (np.arange(1, window + 1), -np.arange(window)):
        gap = (unit[None, :] + offsets[:, None]).ravel()
        keep = (gap >= 1) & (gap <= m - 1)
        sides.append((gap[keep] * v + np.tile(stem, window)[keep], np.tile(count, window)[keep]))
    (left_keys, left_counts), (right_keys, right_counts) = sides
    keys, cell = np.unique(np.concatenate([left_keys, right_keys]), return_inverse=True)
    cell = cell.reshape(-1)
    left = np.bincount(cell[: left_keys.size], left_counts, keys.size)
    right = np.bincount(cell[left_keys.size :], right_counts, keys.size)
    gap_of = keys // v

    def per_gap(values: np.ndarray) -> np.ndarray:
        # float64 even with no stems at all (bincount of nothing counts in integers)
        return np.bincount(gap_of, values, m)[1:].astype(np.float64, copy=False)

    return per_gap(left * right), per_gap(left * left), per_gap(right * right)

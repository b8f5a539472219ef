"""Banded C99: the paper's "linear time ... version of the algorithm" (section 5).

Full C99 keeps three n x n matrices. Here the similarity and rank matrices are kept
only within a band of ``w`` sentences of the diagonal; a cell further away counts as
similarity 0. Banded C99 is therefore full C99 applied to the band-masked similarity
matrix::

    sim_w(x, y) = sim(x, y) if |x - y| <= w else 0

Because cosines are never negative, a masked cell also has rank 0 (nothing in its
window is strictly lower), so the rank matrix of equation (2) is banded too and is
computed exactly, window clipping and float32 ratio included. Time and memory are
O(n w) for similarity and rank.

The sum of rank over a square ``[a, b] x [a, b]`` (equation 5) cannot be tabulated for
every square in O(n w); it is read off the band instead: the inside density of a
region's candidate split needs the sums of the squares ``[a, k]`` and ``[k + 1, b]``,
which grow row by row (prefix sums over the band, in float64). When the band covers
the whole document (``w >= n - 1``) the sums come from the paper's float32 recurrence
instead, exactly as in full C99, and the result is identical to it bit for bit.

Divisive clustering keeps its meaning: at each step the region split is the one whose
split maximises the overall inside density D (equation 3), each region splitting where
its own inside density is highest; ties and degenerate cases follow the reference. What
changes is how the region is found: rather than scanning every region at each of the
n - 1 steps (O(n^2)), regions sit in a tree whose nodes bound, for any density, the best
density their regions can give, and a branch-and-bound search visits O(log n) nodes in
practice. All n - 1 steps run, so automatic termination sees the whole gradient."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from linseg import kernels
from linseg.checks import check_int
from linseg.compose.memory import (
    ALWAYS_FITS,
    available_memory,
    banded_c99_bytes,
    check_fits,
    full_c99_bytes,
)

if TYPE_CHECKING:
    pass

_banded = kernels.load("linseg.compose._banded")
_cosine_band = _banded._cosine_band
_dots_band = _banded._dots_band

__all__ = [
    "CountBand",
    "BandMatrix",
    "check_band",
    "banded_cosine_from_ids",
    "banded_dots_from_ids",
    "resolve_band",
    "DEFAULT_BAND",
    "AUTO_FULL_MAX",
]


def check_band(band: object) -> int:
    """Validate a band width ``w`` (cells with ``|x - y| <= w`` are kept)."""
    if isinstance(band, bool) or not isinstance(band, (int, np.integer)):
        raise TypeError(f"band must be a positive integer, 'auto' or None, got {band!r}")
    if band < 1:
        raise ValueError(f"band must be >= 1, got {band}")
    return int(band)


@dataclass(frozen=True)
class BandMatrix:
    """A symmetric n x n matrix kept within ``width`` of the diagonal.

    ``data[i, d]`` is the cell ``(i, i - d)`` for ``d = 0 .. width``; cells with
    ``i - d < 0`` are zero. Every cell further from the diagonal is zero.
    """

    data: np.ndarray

    @property
    def n(self) -> int:
        return int(self.data.shape[0])

    @property
    def width(self) -> int:
        return int(self.data.shape[1]) - 1

    @property
    def shape(self) -> tuple[int, int]:
        return (self.n, self.n)

    @property
    def nbytes(self) -> int:
        return int(self.data.nbytes)

    def diagonal(self, offset: int = 0) -> np.ndarray:
        """The cells ``(i, i - offset)``, i.e. the ``offset``-th sub-diagonal."""
        offset = abs(int(offset))
        if offset > self.width:
            return np.zeros(max(self.n - offset, 0), dtype=self.data.dtype)
        return self.data[offset:, offset].copy()

    def toarray(self) -> np.ndarray:
        """The dense n x n matrix (for small n: inspection and tests)."""
        n, w = self.n, self.width
        out = np.zeros((n, n), dtype=self.data.dtype)
        for d in range(min(w, n - 1) + 1):
            rows = np.arange(d, n)
            out[rows, rows - d] = self.data[d:, d]
            out[rows - d, rows] = self.data[d:, d]
        return out

    @classmethod
    def from_dense(cls, dense: np.ndarray, width: int) -> BandMatrix:
        """The band of a dense symmetric matrix (its lower triangle is read)."""
        dense = np.asarray(dense)
        n = dense.shape[0]
        w = min(check_band(width), max(n - 1, 0))
        data = np.zeros((n, w + 1), dtype=dense.dtype)
        for d in range(w + 1):
            rows = np.arange(d, n)
            data[d:, d] = dense[rows, rows - d]
        return cls(data)


# --- similarity ---------------------------------------------------------------------------
def banded_cosine_from_ids(
    ids: np.ndarray, offsets: np.ndarray, band: int, n_vocab: int | None = None
) -> BandMatrix:
    """The cosine similarity of equation (1) within ``band`` of the diagonal.

    Takes the stem ids of :meth:`linseg.text.processor.TextProcessor.ids`. Every kept cell equals
    the corresponding cell of :func:`linseg.compose.measures.cosine.cosine_from_ids` bit for bit.
    O(n w) memory; time proportional to the stem co-occurrences within the band.
    """
    return BandMatrix(_cosine_band(*_band_arguments(ids, offsets, band, n_vocab)))


def banded_dots_from_ids(
    ids: np.ndarray, offsets: np.ndarray, band: int, n_vocab: int | None = None
) -> BandMatrix:
    """The dot products of the stem counts (Reynar's dots, the numerator of equation 1)
    within ``band`` of the diagonal, as float64: every kept cell equals the corresponding
    cell of :func:`linseg.compose.measures.dots.dots` (integers, so exactly). O(n w)
    memory; time proportional to the stem co-occurrences within the band."""
    return BandMatrix(_dots_band(*_band_arguments(ids, offsets, band, n_vocab)))


def _band_arguments(
    ids: np.ndarray, offsets: np.ndarray, band: int, n_vocab: int | None
) -> tuple[np.ndarray, np.ndarray, int, int]:
    """A banded kernel's arguments: the stem ids and sentence offsets as int64, the
    vocabulary's size, and the band's width on a document of this length."""
    band = check_band(band)
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    if n_vocab is None:
        n_vocab = int(ids.max()) + 1 if ids.size else 0
    return ids, offsets, int(n_vocab), min(band, max(len(offsets) - 2, 0))


# --- the banded C99 pipeline --------------------------------------------------------------
DEFAULT_BAND = 64
"""The band ``auto`` uses, in sentences each side of the diagonal (see the README's
scale section for how it was chosen)."""

AUTO_FULL_MAX = 5000
"""``band="auto"`` runs full C99 up to this many sentences, memory permitting."""

_TEXT_CHUNK = 1 << 16


def resolve_band(band: int | str | None, n: int) -> int | None:
    """The band a run on ``n`` sentences uses (None: full C99), after the memory check.

    ``None`` asks for full C99 and ``auto`` for full C99 while its matrices fit
    comfortably (at most :data:`AUTO_FULL_MAX` sentences and a quarter of the available
    memory), :data:`DEFAULT_BAND` otherwise. Raises
    :class:`~linseg.compose.memory.MemoryLimitError` when the run would not fit.
    """
    if band == "auto":
        need = 4 * full_c99_bytes(n)
        if n <= AUTO_FULL_MAX and (need <= ALWAYS_FITS or need <= available_memory()):
            return None
        band = DEFAULT_BAND
    if band is None:
        check_fits(
            full_c99_bytes(n),
            f"full C99 on {n:,} sentences",
            "use banded C99: --band auto, or --band N for a band of N sentences "
            "(C99(band='auto') in Python)",
        )
        return None
    band = check_band(band)
    check_fits(
        banded_c99_bytes(n, band),
        f"C99 with a band of {band:,} on {n:,} sentences",
        "use a narrower --band",
    )
    return band


def _chunked_ids(text, sentences, tokenized: bool) -> tuple[np.ndarray, np.ndarray]:
    # The text stage's buffers grow with its input; chunks keep them small. Ids are
    # fixed per processor, so chunking does not change them. Not text.ids on the whole
    # document: that memoises the document's ids, which then live beside the band for the
    # whole run (1,000,000 sentences, c99 --band auto: a 1.61 GB peak against 1.39 GB).
    if len(sentences) <= _TEXT_CHUNK:
        return text.ids(sentences, tokenized)
    id_parts, off_parts, base = [], [np.zeros(1, dtype=np.int64)], 0
    for start in range(0, len(sentences), _TEXT_CHUNK):
        ids, offsets = text.ids(sentences[start : start + _TEXT_CHUNK], tokenized)
        id_parts.append(np.asarray(ids, dtype=np.int64))
        off_parts.append(np.asarray(offsets[1:], dtype=np.int64) + base)
        base += len(ids)
    return np.concatenate(id_parts), np.concatenate(off_parts)


class CountBand:
    """A band chosen for each document from its length ``n`` and its count ``k`` (a
    :class:`~linseg.compose.Composition`'s ``band``, for an exact search given a count):
    with ``width="auto"``, the whole matrix up to ``dense_max`` sentences (None), and
    beyond, ``w = max(min_width, ceil(lengths * n / k))`` sentences each side of the
    diagonal (segments of ``lengths`` mean lengths fit whole); with an integer, that
    width; with None, always the whole matrix. Never wider than ``n - 1``."""

    def __init__(
        self,
        width: int | str | None = "auto",
        min_width: int = 149,
        dense_max: int = 1000,
        lengths: int = 3,
    ) -> None:
        if width is not None and width != "auto":
            check_band(width)
        self.width = width
        self.min_width = check_int("min_width", min_width)
        self.dense_max = check_int("dense_max", dense_max)
        self.lengths = check_int("lengths", lengths)

    def __call__(self, n: int, k: int | None) -> int | None:
        if self.width is None or (self.width == "auto" and n <= self.dense_max):
            return None
        if self.width == "auto":
            count = max(1, min(k or 1, n))
            return min(n - 1, max(self.min_width, -(-self.lengths * n // count)))
        return min(n - 1, int(self.width))

"""Automatic termination: choosing the number of segments (the paper's section 3.3).

"An unusually large reduction in dD suggests the optimal clustering has been obtained.
... convolution (mask {1,2,4,8,4,2,1}) is first applied to dD to smooth out sharp local
changes. Let mu and nu be the mean and variance of dD(n), n in {2..b+1}. m is obtained
by applying the threshold mu + c sqrt(nu) to dD (c = 1.2 works well in practice)."
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from linseg import kernels
from linseg.checks import check_number

terminate = kernels.load("linseg.compose.strategies._termination").terminate


if TYPE_CHECKING:
    from linseg.base import Segmenter

__all__ = ["SMOOTHING_MASK", "smooth", "Termination", "automatic_termination", "MeanCount"]

SMOOTHING_MASK = np.array([1.0, 2.0, 4.0, 8.0, 4.0, 2.0, 1.0])


def smooth(series: np.ndarray, mask: np.ndarray = SMOOTHING_MASK) -> np.ndarray:
    """Centred convolution with ``mask``; at the ends the mask is cut to the series and the
    remaining weights are renormalised (so a constant series stays constant)."""
    x = np.asarray(series, dtype=np.float64)
    if x.size == 0:
        return x.copy()
    w = np.asarray(mask, dtype=np.float64)
    num = np.convolve(x, w, mode="same") if x.size >= w.size else _convolve_short(x, w)
    den = (
        np.convolve(np.ones_like(x), w, mode="same")
        if x.size >= w.size
        else _convolve_short(np.ones_like(x), w)
    )
    return num / den


def _convolve_short(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    # np.convolve(mode="same") returns max(len) elements; centre it on x by hand.
    full = np.convolve(x, w, mode="full")
    off = (w.size - 1) // 2
    return full[off : off + x.size]


@dataclass(frozen=True)
class Termination:
    """The automatic choice of the number of segments.

    Attributes
    ----------
    smoothed:
        The smoothed gradient series, ``smoothed[t]`` for ``dD(t + 2)``.
    threshold:
        ``mean + c * sd`` of ``smoothed`` (population standard deviation).
    n_boundaries:
        Length of the leading run of ``smoothed`` strictly above ``threshold``.
    """

    smoothed: np.ndarray
    threshold: float
    n_boundaries: int

    @property
    def n_segments(self) -> int:
        return self.n_boundaries + 1


def automatic_termination(gain: np.ndarray, c: float = 1.2) -> Termination:
    """Pick the number of boundaries from the gradient ``gain`` of divisive clustering.

    Smooths ``gain`` with :data:`SMOOTHING_MASK` (cut and renormalised at the ends), sets
    the threshold at mean + ``c`` x standard deviation (population form) of the smoothed
    series, and counts the leading run of values strictly above it: the first value at
    or below the threshold stops the count, as in the reference implementation.
    """
    g = np.ascontiguousarray(gain, dtype=np.float64)
    if g.size == 0:
        return Termination(g.copy(), float("nan"), 0)
    sm, threshold, count = terminate(g, SMOOTHING_MASK, float(c))
    return Termination(sm, float(threshold), int(count))


class MeanCount:
    """A count rule made of other segmenters: the rounded weighted mean of the numbers of
    segments each finds by its own stopping rule, ``floor(sum_i w_i k_i + 1/2)`` (a tie
    goes to the larger count), and at least one. ``consensus_dp``'s count is
    ``MeanCount([(0.7, U00(penalty=0.8)), (0.3, C99(band="auto"))])``: C99's gradient
    threshold cuts too often where segments are short, U00's prior too rarely where they
    are long. A rule for :class:`~linseg.compose.strategies.ExactDP`'s ``count``.

    The segmenters read the very list of sentences the composition reads, so that the
    pieces that count the same stems read its words once (they share the composition's
    text processors).
    """

    def __init__(self, parts: Iterable[tuple[float, Segmenter]]) -> None:
        self.parts = [(check_number("a count's weight", w, minimum=0), s) for w, s in parts]
        if not self.parts:
            raise ValueError("MeanCount needs at least one (weight, segmenter) part")
        for _, segmenter in self.parts:
            if not callable(getattr(segmenter, "_run", None)):
                raise TypeError(
                    f"MeanCount's parts are (weight, segmenter) pairs, got {segmenter!r}"
                )

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> int:
        # The very list the composition reads (a copy would be read again).
        listed = sentences if isinstance(sentences, list) else list(sentences)
        total = 0.0
        for weight, segmenter in self.parts:
            total += weight * segmenter._run(listed, None, tokenized).n_segments
        return max(1, math.floor(total + 0.5))

"""Exact search: the segmentation that maximises a score over every segmentation
(dynamic programming), given a count of segments or a penalty per segment, with a
segment cost and units other than sentences if wished."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import as_strided

from linseg import kernels
from linseg.base import check_n_segments
from linseg.checks import check_choice, check_int, check_number
from linseg.compose.band import BandMatrix
from linseg.compose.costs import SegmentCost
from linseg.text.outline import heading_starts, paragraph_starts

_exact = kernels.load("linseg.compose.strategies._exact")

__all__ = [
    "ExactDP",
    "bounded_search",
    "segment_scores",
    "unit_starts",
    "resolve_units",
    "best_with_count",
    "best_with_penalty",
]

#: The units :class:`ExactDP` may cut between.
UNITS = ("sentences", "paragraphs", "headings")
#: With ``units="headings"``, the fewest sections (the text before its first heading
#: counting as one) a text needs for its headings to be the units.
MIN_HEADING_UNITS = 3


class ExactDP:
    """Exact segmentation by dynamic programming of a per-segment score.

    A segment ``[a, b)`` scores ``S(a, b) / (b - a) ** exponent``, its matrix mass over a
    power of its length. With ``exponent`` 1 that is the mean similarity of a sentence to
    its segment, summed over the segment's sentences; 2 would be C99's density of the
    segment (equation 3 for one segment), which favours short segments; lower exponents
    favour long ones. With ``n_segments`` the segmentation of that many segments with the
    highest total is found exactly (O(k n^2) time, O(n^2) memory). Without it,
    ``penalty`` is subtracted per segment and the best segmentation of any count is found
    (a penalised, model-selection criterion; O(n^2)). The penalty is in the score's units
    and has no default: choose it on data of your own.

    Long documents: ``max_length`` = L bounds every segment to at most L sentences, and
    the search is then exact among the segmentations that respect the bound, in O(n L)
    memory, O(n L) time with a penalty and O(k n L) time with a count (the dynamic
    programme of optimal partitioning, Jackson et al. 2005, with the segment's length
    bounded: only the L predecessors of each sentence are candidates). The segment
    masses are read off the band of the matrix within L - 1 of the diagonal, so the
    matrix may be a :class:`~linseg.compose.band.BandMatrix` (what ``Composition(band=...)``
    gives): its cells beyond its width count as zero, as that class defines, so the
    search is exact for the band-masked matrix whatever L is; only with ``width >=
    L - 1`` does no segment reach past the band. Ties go to the earliest cut, as in the
    unbounded search, which the bounded one equals whenever ``L >= n``.

    Parameters
    ----------
    penalty:
        Subtracted per segment when no count is given; None: a count is required.
    exponent:
        The length exponent of the segment score, in (0, 2].
    max_length:
        None: segments of any length (a dense matrix only: the score table is n x n).
        An integer L >= 1: segments of at most L sentences; a count k with ``k L < n``
        has no segmentation and is refused. ``"auto"``: as long as the matrix allows --
        unbounded for a dense matrix, ``width + 1`` for a band (the longest segment
        whose every cell the band holds). For the search of a cost alone, in units, it
        may also be a callable of the number of units m giving one of those (U00's
        ``max_units="auto"``: unbounded up to 2,000 units, 1,000 beyond).
    mean_lengths:
        With ``max_length="auto"`` on a band and a count k of n sentences, segments may
        be at least ``ceil(mean_lengths * n / k)`` long whatever the band's width, its
        cells beyond the band counting as 0 (C99DP's 3, for a narrow band of the user's).
        In the search of a cost alone, likewise: a bound on the length gives way to
        ``ceil(mean_lengths * m / k)`` units (1: k segments can always cover the m
        units, as U00's search has it). None: the bound as it is.
    cost:
        A segment cost (:mod:`linseg.compose.costs`), subtracted from every segment's
        score: ``score(a, b) = similarity_weight * S(a, b) / (b - a) ** exponent -
        cost(a, b)``. ``penalty`` is then counted in the cost's ``boundary_cost`` (for
        :class:`~linseg.compose.costs.Multinomial`, ``log n`` for n words: 1 is
        Utiyama and Isahara's prior). The cost needs the sentences, which
        :class:`Composition` passes. The search then runs over tables of every segment,
        (m + 1) x (m + 1) for m units, with ``max_length`` None -- except with
        ``similarity_weight=0`` and a cost that has its own ``search``, which runs in
        O(m) memory with any ``max_length``.
    similarity_weight:
        The weight of the matrix's term when a cost is given (0: the cost alone, and
        no matrix is computed).
    units:
        ``"sentences"``, or ``"paragraphs"``: boundaries only where a paragraph starts
        (a blank line in the sentence's trailing white space, as
        :func:`linseg.segment_text` keeps it). A document with fewer than two
        paragraphs, or fewer than the segments asked for, is searched by sentences.
        ``"headings"``: boundaries only before a heading (Markdown or reStructuredText,
        see :func:`linseg.text.outline.heading_starts`), for documents whose author marked
        the sections; as ``"paragraphs"`` where the text has fewer than
        :data:`MIN_HEADING_UNITS` sections or fewer than the segments asked for.
        Lengths in the score stay in sentences.
    diagonal:
        Whether a sentence's similarity to itself counts towards its segment's mass
        (with units or a cost; the plain search always counts it). Without it a
        single sentence has no mass, so a matrix term does not pay for cutting a
        short document into single sentences.
    count:
        Where the number of segments comes from when none is given: a callable
        ``count(sentences, tokenized) -> int`` (another termination: for example
        :class:`~linseg.compose.strategies.termination.MeanCount`, the count C99 and U00
        agree on in ``consensus_dp``). It wins over ``penalty``. A
        :class:`~linseg.compose.Composition` asks it before anything else, so that a band
        chosen by the count sees it.
    gaps:
        Costs on where a segment ends (:mod:`linseg.compose.costs` with ``gap_costs``:
        ``SectionCues``, ``Outline``, ``BlockCohesion``), as ``(weight, cost)`` pairs, or
        ``(weight, cost, units)`` with the kinds of units (of :data:`UNITS`) the cost is
        read at, all when left out. A segment that ends at the gap before unit j pays
        ``weight * cost.gap_costs(...)[j]``. They are read as vectors, not tables: the
        table search subtracts them from its columns, one after another in the order
        given, after the cost's table (a gap cost all zeros in a document is left out);
        the search of a cost alone adds them to the boundaries' costs. A gap cost summed
        into ``cost`` instead is subtracted with it, as one table.

    Examples
    --------
    Utiyama and Isahara's model with C99's evidence, the learned section cues and the
    outline, on headings or paragraphs (the default method, ``u00_pr``, composed by
    hand)::

        ExactDP(1.1, 0.6, cost=Multinomial(), units="headings", diagonal=False,
                gaps=[(2.0, SectionCues(), ("paragraphs", "sentences")), (8.0, Outline())])
    """

    def __init__(
        self,
        penalty: float | None = None,
        exponent: float = 1.0,
        max_length: int | str | Callable[[int], int | None] | None = None,
        *,
        cost: SegmentCost | None = None,
        similarity_weight: float = 1.0,
        units: str = "sentences",
        diagonal: bool = True,
        count: Callable[[Sequence[str], bool], int] | None = None,
        mean_lengths: int | None = None,
        gaps: Iterable[tuple[Any, ...]] = (),
    ) -> None:
        self.mean_lengths = (
            None if mean_lengths is None else check_int("mean_lengths", mean_lengths)
        )
        if (
            isinstance(exponent, bool)
            or not isinstance(exponent, (int, float))
            or not (0 < exponent <= 2)
        ):
            raise ValueError(f"exponent must be a number in (0, 2], got {exponent!r}")
        self.exponent = float(exponent)
        # A number, finite and >= 0 (TypeError for a word, ValueError out of range).
        self.penalty = None if penalty is None else check_number("penalty", penalty, minimum=0)
        self.max_length = _check_max_length(max_length)
        if cost is not None and not (callable(cost) and hasattr(cost, "boundary_cost")):
            raise TypeError(
                "cost must be a segment cost (callable, with a boundary_cost method; see "
                f"linseg.compose.costs), got {type(cost).__name__}"
            )
        self.cost = cost
        if (
            isinstance(similarity_weight, bool)
            or not isinstance(similarity_weight, (int, float))
            or not (0 <= similarity_weight < math.inf)
        ):
            raise ValueError(
                f"similarity_weight must be a non-negative number, got {similarity_weight!r}"
            )
        if similarity_weight == 0 and cost is None:
            raise ValueError("similarity_weight=0 leaves nothing to search without a cost")
        self.similarity_weight = float(similarity_weight)
        self.units = check_choice("units", units, UNITS)
        self.diagonal = bool(diagonal)
        if count is not None and not callable(count):
            raise TypeError(f"count must be callable or None, got {type(count).__name__}")
        self.count = count
        self.gaps = [_check_gap(part) for part in gaps]

    @property
    def needs_text(self) -> bool:
        """Whether the search needs the sentences (a count to find, or a search over
        units); :class:`Composition` passes them as ``sentences`` and ``tokenized``."""
        return self.count is not None or self.searches_units

    @property
    def searches_units(self) -> bool:
        """Whether the search is over units, with tables of every segment or the cost's
        own search (a cost, gap costs, units other than sentences, or the diagonal left
        out), rather than over the matrix alone."""
        return (
            self.cost is not None
            or self.units != "sentences"
            or not self.diagonal
            or bool(self.gaps)
        )

    @property
    def needs_matrix(self) -> bool:
        """Whether the search reads the matrix (not with a cost alone)."""
        return self.similarity_weight != 0

    def __call__(
        self,
        matrix: np.ndarray | BandMatrix | None,
        n_segments: int | None,
        *,
        sentences: Sequence[str] | None = None,
        tokenized: bool = False,
    ) -> list[int]:
        found = self.trace(matrix, n_segments, sentences=sentences, tokenized=tokenized)
        return list(found["boundaries"])

    def trace(
        self,
        matrix: np.ndarray | BandMatrix | None,
        n_segments: int | None,
        keep: bool = False,
        *,
        sentences: Sequence[str] | None = None,
        tokenized: bool = False,
    ) -> dict[str, Any]:
        """The boundaries; searched over units (with a cost, units, gaps or the diagonal
        left out) also the first sentence of each unit (``units``), the cost of the
        segmentation found (``cost``: its segments' costs and gap costs, less the matrix's
        term, plus the penalty of each boundary), and a note when the units are a text's
        headings."""
        if n_segments is None and self.penalty is None and self.count is None:
            raise ValueError("ExactDP needs n_segments, a penalty per segment or a count")
        if self.needs_text:
            if sentences is None:
                raise ValueError(
                    "ExactDP with a cost, paragraph units, diagonal=False, a count or gap "
                    "costs needs the sentences: use it in a Composition"
                )
            # The very list, not a copy: the cost finds what the measure read of it
            # (TextProcessor.document).
            listed = sentences if isinstance(sentences, list) else list(sentences)
            if n_segments is None and self.count is not None:
                n_segments = self.count(listed, tokenized)
            if self.searches_units:
                return self._search_units(matrix, n_segments, listed, tokenized)
        if matrix is None:
            raise ValueError("ExactDP needs a matrix")
        n = matrix.n if isinstance(matrix, BandMatrix) else np.shape(matrix)[0]
        k = None if n_segments is None else min(check_n_segments(n_segments) or 1, n)
        if n == 0:
            return {"boundaries": []}
        length = self._resolve_max_length(matrix, k)
        if length is None:
            # The unbounded search. segment_scores sums in float64 whatever it is given,
            # so a float32 rank needs no float64 copy first.
            score = segment_scores(np.asarray(matrix), self.exponent)
            if k is None:
                assert self.penalty is not None  # checked above
                return {"boundaries": best_with_penalty(score, self.penalty)}
            return {"boundaries": best_with_count(score, k)}
        found = bounded_search(matrix, min(length, n), self.exponent, k, self.penalty)
        return {"boundaries": found}

    def _search_units(
        self,
        matrix: np.ndarray | BandMatrix | None,
        n_segments: int | None,
        sentences: list[str],
        tokenized: bool,
    ) -> dict[str, Any]:
        """The search over units, with the cost's table and the gap costs subtracted (the
        class's ``cost``, ``gaps``, ``units`` and ``diagonal``), and what it found."""
        n = len(sentences)
        if n == 0:
            return {"boundaries": [], "units": []}
        asked = check_n_segments(n_segments)
        used, starts = resolve_units(sentences, self.units, asked)
        m = len(starts)
        k = None if asked is None else min(asked, n, m)
        found: dict[str, Any] = {"units": starts}
        if used == "headings":
            found["notes"] = [f"boundaries only before headings: the text marks {m} sections"]
        gaps = self._gap_costs(sentences, tokenized, starts, used)
        cost = self.cost
        if not self.needs_matrix and callable(getattr(cost, "search", None)):
            assert cost is not None
            length = self._unit_length(m, k)
            if k is not None and length is not None:
                _check_coverage(m, k, length, "units")
            # Counted in boundary costs. A given count makes it the same for every
            # segmentation, but U00's search adds it all the same, so its sums (and near
            # ties) are these.
            penalty = 0.0 if self.penalty is None else self.penalty
            on_gaps = None
            for costs in gaps:
                on_gaps = costs if on_gaps is None else on_gaps + costs
            cuts, total = cost.search(sentences, tokenized, starts, penalty, k, length, on_gaps)  # type: ignore[attr-defined]
            return {**found, "boundaries": [starts[c] for c in cuts], "cost": float(total)}
        if isinstance(matrix, BandMatrix) or self.max_length not in (None, "auto"):
            raise ValueError(
                "ExactDP with a cost, paragraph units or diagonal=False searches tables of "
                "every segment: it needs the dense matrix and max_length=None"
            )
        score = self.unit_scores(matrix, sentences, tokenized, starts, k)
        for costs in gaps:
            # A segment that ends at the gap before unit j (the column j) pays its cost;
            # the rows where no segment ends there are -inf and stay so.
            score[:, 1:-1] -= costs[1:-1]
        # The penalty is counted in the cost's boundary cost (1 without a cost).
        unit = 1.0 if cost is None else cost.boundary_cost(sentences, tokenized)
        penalty = 0.0 if self.penalty is None else self.penalty * unit
        if k is None:
            cuts = best_with_penalty(score, penalty)
        else:
            cuts = best_with_count(score, k)
        total = -_total(score, cuts) + penalty * len(cuts)
        return {**found, "boundaries": [starts[c] for c in cuts], "cost": total}

    def _gap_costs(
        self, sentences: list[str], tokenized: bool, starts: list[int], used: str
    ) -> list[np.ndarray]:
        """Each gap cost read at the units ``starts`` (of the kind ``used``), weighted: the
        ``m + 1`` costs at the gaps before the units, in the order given (one all zeros
        left out)."""
        out = []
        for weight, cost, kinds in self.gaps:
            if used not in kinds:
                continue
            costs = weight * np.asarray(cost.gap_costs(sentences, tokenized, starts))
            if costs.any():
                out.append(costs)
        return out

    def _unit_length(self, m: int, k: int | None) -> int | None:
        """The longest segment, in units, of the search of a cost alone over ``m`` units."""
        length = self.max_length(m) if callable(self.max_length) else self.max_length
        if length is None or length == "auto":
            return None
        length = int(length)
        if k is not None and self.mean_lengths is not None:
            length = max(length, -(-self.mean_lengths * m // k))
        return length

    def unit_scores(
        self,
        matrix: np.ndarray | None,
        sentences: list[str],
        tokenized: bool,
        starts: Sequence[int],
        n_segments: int | None,
    ) -> np.ndarray:
        """The table the search over units maximises, ``score[i, j]`` for the segment of
        units ``i .. j - 1`` (units begin at the sentences ``starts``): the matrix's term
        (``similarity_weight`` x mass / length ** ``exponent``, the diagonal left out
        unless ``diagonal``) less the cost's table, ``-inf`` unless ``i < j``. A method that
        reports its score, as :class:`~linseg.methods.u00.U00` does, reads it here."""
        n = len(sentences)
        m = len(starts)
        edges = np.array([*starts, n])
        if self.needs_matrix:
            if matrix is None:
                raise ValueError("ExactDP needs a matrix (or similarity_weight=0 and a cost)")
            dense = np.asarray(matrix)
            if dense.shape != (n, n):
                raise ValueError(f"ExactDP got a {dense.shape} matrix for {n} sentences")
            # Every sentence a unit: the whole table, without gathering its cells.
            at = None if m == n else edges
            score = segment_scores(dense, self.exponent, at, self.diagonal)
            score *= self.similarity_weight
        else:
            score = np.zeros((m + 1, m + 1))
            score[edges[None, :] <= edges[:, None]] = -np.inf
        if self.cost is not None:
            # The costs are +inf exactly where the score is -inf (a >= b): -inf - inf
            # stays -inf, so the whole table subtracts in place.
            score -= self.cost(sentences, tokenized, starts, n_segments)
        return score

    def _resolve_max_length(
        self, matrix: np.ndarray | BandMatrix, k: int | None = None
    ) -> int | None:
        max_length = self.max_length
        if callable(max_length):
            max_length = max_length(matrix.n if isinstance(matrix, BandMatrix) else len(matrix))
        if isinstance(matrix, BandMatrix):
            if max_length is None:
                raise ValueError(
                    "ExactDP on a BandMatrix needs max_length (an integer, or 'auto' for "
                    "the band's width + 1): an unbounded search needs the n x n matrix"
                )
            if max_length != "auto":
                return int(max_length)
            if k is None or self.mean_lengths is None:
                return matrix.width + 1
            # A band narrower than a few mean lengths would leave the count no room.
            return max(matrix.width + 1, -(-self.mean_lengths * matrix.n // k))
        return None if max_length == "auto" else max_length  # type: ignore[return-value]


def _total(table: np.ndarray, cuts: list[int]) -> float:
    """The total score of the segments between ``cuts`` (in order, from the first)."""
    edges = [0, *cuts, table.shape[0] - 1]
    return float(sum(table[a, b] for a, b in zip(edges, edges[1:])))


def _check_gap(part: tuple[Any, ...]) -> tuple[float, Any, tuple[str, ...]]:
    """A ``gaps`` entry as ``(weight, cost, units)``."""
    if not isinstance(part, tuple) or len(part) not in (2, 3):
        raise TypeError(f"gaps holds (weight, cost) or (weight, cost, units) tuples, got {part!r}")
    weight = check_number("a gap cost's weight", part[0], minimum=0)
    cost = part[1]
    if not callable(getattr(cost, "gap_costs", None)):
        raise TypeError(
            "a gap cost has gap_costs(sentences, tokenized, starts) (see linseg.compose.costs), "
            f"got {type(cost).__name__}"
        )
    kinds = tuple(part[2]) if len(part) == 3 else UNITS
    unknown = [kind for kind in kinds if kind not in UNITS]
    if unknown:
        raise ValueError(f"a gap cost's units are among {', '.join(UNITS)}, got {unknown[0]!r}")
    return weight, cost, kinds


def _check_max_length(max_length: object) -> int | str | Callable[[int], int | None] | None:
    if max_length is None or max_length == "auto" or callable(max_length):
        return max_length
    if isinstance(max_length, bool) or not isinstance(max_length, (int, np.integer)):
        raise TypeError(
            f"max_length must be a positive integer, 'auto', a callable or None, got {max_length!r}"
        )
    if max_length < 1:
        raise ValueError(f"max_length must be >= 1, got {max_length}")
    return int(max_length)


def _check_coverage(n: int, k: int, length: int, units: str) -> None:
    """Refuse a count of segments no longer than ``length`` that cannot cover ``n`` units."""
    if k * length < n:
        segments = "segment" if k == 1 else "segments"
        raise ValueError(
            f"no segmentation of {n} {units} into {k} {segments} of at most {length} "
            f"{units}: raise max_length to at least {-(-n // k)} or the number of segments"
        )


def _check_finite(values: np.ndarray, strategy: str = "ExactDP") -> None:
    # A NaN would win numpy's argmax but lose every comparison in the kernels: refuse it.
    if not np.all(np.isfinite(values)):
        raise ValueError(f"{strategy} needs a finite matrix (it has NaN or infinite cells)")


def _band_increments(matrix: np.ndarray | BandMatrix, length: int) -> tuple[np.ndarray, float]:
    """``(c, off)``: sentence r adds ``c[r, 0]`` = m[r, r] and, for the sentence d before
    it (d = 1 .. min(length - 1, width)), ``off * c[r, d]`` = m[r, r - d] + m[r - d, r]
    to a segment's mass; 0 where r - d < 0. A band is read as it is (float32 or float64,
    ``off`` 2: both triangles hold its cell); a dense matrix gives its two triangles
    summed in float64 (``off`` 1). O(n L)."""
    if isinstance(matrix, BandMatrix):
        data = matrix.data
        if data.dtype != np.float32:
            data = np.asarray(data, dtype=np.float64)
        width = min(matrix.width, length - 1)
        c = np.ascontiguousarray(data[:, : width + 1])
        _check_finite(c)
        return c, 2.0
    m = np.asarray(matrix)
    if m.ndim != 2 or m.shape[0] != m.shape[1]:
        raise ValueError(f"ExactDP needs a square matrix, got shape {m.shape}")
    n = m.shape[0]
    width = min(length - 1, n - 1)
    rows = np.arange(n)[:, None]
    cols = rows - np.arange(width + 1)[None, :]
    inside = cols >= 0
    cols = np.where(inside, cols, 0)
    # Only the n L cells read are widened to float64, not the whole matrix.
    lower = m[rows, cols].astype(np.float64)
    upper = m[cols, rows].astype(np.float64)
    _check_finite(lower)
    _check_finite(upper)
    c = np.where(inside, lower + upper, 0.0)
    c[:, 0] = np.diagonal(m)
    return np.ascontiguousarray(c), 1.0


#: Bytes of score table the count search keeps in cache per block of ends (one core's L2).
_CACHE_BYTES = 1 << 18


def bounded_search(
    matrix: np.ndarray | BandMatrix,
    length: int,
    exponent: float,
    n_segments: int | None,
    penalty: float | None,
) -> list[int]:
    """The exact search of :class:`ExactDP` over segments of at most ``length`` sentences.

    With ``n_segments`` = k: the k-segment segmentation of the highest total score, or
    ValueError when ``k * length < n``; otherwise the best total minus ``penalty`` per
    segment. O(n L) memory (the score table, plus two bytes per state for a count).
    """
    if (matrix.n if isinstance(matrix, BandMatrix) else np.shape(matrix)[0]) == 0:
        return []
    c, off = _band_increments(matrix, length)
    n = c.shape[0]
    # The same power as the dense search's, elementwise: its table is this one, shifted.
    den = np.power(np.arange(length + 1, dtype=np.float64), exponent)
    table = _exact._score_table(c, off, den, length)
    del c
    if n_segments is None:
        assert penalty is not None
        return _cuts(_exact._best_with_penalty(table, penalty))
    k = min(n_segments, n)  # more segments than sentences: one sentence each
    _check_coverage(n, k, length, "sentences")
    # States (l + 1 segments covering [0, j)) that can start and still finish: l + 1 <=
    # j <= (l + 1) L, and the k - 1 - l segments left need n - j in [k - 1 - l, (k-1-l) L].
    level = np.arange(k, dtype=np.int64)
    left = k - 1 - level
    lo = np.maximum(level + 1, n - left * length)
    hi = np.minimum((level + 1) * length, n - left)
    base = np.concatenate([[0], np.cumsum(hi - lo + 1)[:-1]]).astype(np.int64)
    offsets = np.zeros(int((hi - lo + 1).sum()), dtype=np.uint16 if length < 1 << 16 else np.int32)
    # Ends in blocks whose rows of the score table fit a core's L2 cache.
    block = max(1, _CACHE_BYTES // (8 * (length + 1)))
    found = _exact._best_with_count(table, k, lo, hi, base, offsets, block)
    return [int(b) for b in found]


def unit_starts(sentences: Sequence[str], units: str, n_segments: int | None = None) -> list[int]:
    """The first sentence of each unit the search cuts between (see :func:`resolve_units`)."""
    return resolve_units(sentences, units, n_segments)[1]


def resolve_units(
    sentences: Sequence[str],
    units: str,
    n_segments: int | None = None,
    headings: list[int] | None = None,
) -> tuple[str, list[int]]:
    """The units the search cuts between, and the first sentence of each.

    Every sentence; with ``units="paragraphs"`` each paragraph's
    (:func:`linseg.text.outline.paragraph_starts`), or sentences when the text has fewer
    than two paragraphs or fewer than ``n_segments``; with ``units="headings"`` each
    section's that a heading opens (:func:`linseg.text.outline.heading_starts`; ``headings``,
    when the caller has read them already), or paragraphs as above when the text has
    fewer than :data:`MIN_HEADING_UNITS` sections or fewer than ``n_segments``. The first
    value names the units used.
    """
    if units == "headings":
        starts = heading_starts(sentences) if headings is None else headings
        if len(starts) >= MIN_HEADING_UNITS and (n_segments is None or n_segments <= len(starts)):
            return "headings", starts
        units = "paragraphs"
    if units == "paragraphs":
        starts = paragraph_starts(sentences)
        if len(starts) >= 2 and (n_segments is None or n_segments <= len(starts)):
            return "paragraphs", starts
    return "sentences", list(range(len(sentences)))


def segment_scores(
    m: np.ndarray, exponent: float = 1.0, at: np.ndarray | None = None, diagonal: bool = True
) -> np.ndarray:
    """``score[a, b]`` = mass of ``m`` over ``[a, b) x [a, b)`` / (b - a) ** exponent, and
    -inf unless a < b: the table :class:`ExactDP` searches, which a method may add other
    per-segment evidence to before :func:`best_with_count`.

    ``at``: the rows of ``m`` where units begin (ascending, 0 first, ``n`` last), for a
    table over units (paragraphs) instead of rows; lengths stay in rows. The same cells as
    the full table at ``np.ix_(at, at)``, without computing the others. Without
    ``diagonal`` the mass leaves out each row's cell with itself (``m`` is not changed).
    A matrix with NaN or infinite cells is refused (ValueError).
    """
    n = m.shape[0]
    # Summed in float64 whatever ``m`` holds, in place: one (n + 1)^2 table, no copies.
    prefix = np.zeros((n + 1, n + 1))
    inner = prefix[1:, 1:]
    np.cumsum(m, axis=0, dtype=np.float64, out=inner)
    np.cumsum(inner, axis=1, out=inner)
    # A NaN or an infinity anywhere reaches the total (a NaN would win numpy's argmax but
    # lose every comparison in the kernels): one check instead of a pass over the matrix.
    if not math.isfinite(prefix[n, n]):
        raise ValueError("ExactDP needs a finite matrix (it has NaN or infinite cells)")
    rows = np.arange(n + 1) if at is None else np.asarray(at, dtype=np.int64)
    a = rows[:, None]
    b = rows[None, :]
    # mass[a, b] = P[b, b] - P[a, b] - P[b, a] + P[a, a], in that order, from the units'
    # corner of the prefix table and its diagonal: broadcast, not gathered cell by cell.
    corner = prefix if at is None else prefix[np.ix_(rows, rows)]
    ends = np.diagonal(corner)
    mass = ends[None, :] - corner
    mass -= corner.T
    mass += ends[:, None]
    # The prefix table is read no more: let it go before the tables below are made.
    del corner, ends, inner, prefix
    if not diagonal:
        # Float32 cells (a rank) sum exactly in float64, so this is the mass of the matrix
        # with its diagonal zeroed, to the bit, without an n x n copy.
        on_diagonal = np.concatenate(([0.0], np.cumsum(np.diagonal(m), dtype=np.float64)))
        mass -= on_diagonal[b] - on_diagonal[a]
    # Lengths b - a lie in [-n, n]: each one's power once, looked up (the cells where
    # b <= a, NaN or infinite here, become -inf below).
    with np.errstate(divide="ignore", invalid="ignore"):
        powers = np.power(np.arange(-n, n + 1, dtype=np.float64), exponent)
        if at is None:
            # Row a divides by powers[n - a + b]: a window of the powers that slides back
            # a cell a row, as a view rather than an (n + 1)^2 gather.
            step = powers.strides[0]
            lengths = as_strided(
                powers[n:], shape=(n + 1, n + 1), strides=(-step, step), writeable=False
            )
        else:
            lengths = powers[(b + n) - a]
        mass /= lengths
    mass[b <= a] = -np.inf
    return mass


def best_with_count(score: np.ndarray, k: int) -> list[int]:
    """The boundaries of the ``k`` segments with the highest total ``score[a, b]`` (an
    (n + 1) x (n + 1) table of segment scores, -inf where a segment is not allowed; the
    cells with ``a >= b`` are no segment and are not read), exactly, in O(k n^2); ties go
    to the earliest cut (numpy's first argmax over the starts, level by level). A table
    holding NaN or +inf is refused (ValueError)."""
    if k < 1:
        raise ValueError(f"best_with_count needs at least one segment, got k={k}")
    score = np.ascontiguousarray(score, dtype=np.float64)
    n = score.shape[0] - 1
    # One pass: the maximum is NaN if any cell is, +inf if any cell is.
    if n >= 0 and not score.max() < np.inf:
        raise ValueError("best_with_count needs scores that are finite or -inf")
    # Ends in blocks whose columns of the table (one row's stretch each) fit a core's L2.
    back = _exact._dense_back(score, k, max(1, _CACHE_BYTES // (8 * (n + 1))))
    cuts, j = [], n
    for level in range(k - 1, 0, -1):
        j = int(back[level, j])
        cuts.append(j)
    return sorted(cuts)


def best_with_penalty(score: np.ndarray, penalty: float) -> list[int]:
    """The segmentation of any count with the highest total ``score[a, b]`` minus
    ``penalty`` per segment, exactly, in O(n^2); ties go to the earliest cut."""
    # In compiled code: a loop of numpy calls over the ends was a tenth of u00_pr's time.
    table = np.ascontiguousarray(score, dtype=np.float64)
    return _cuts(_exact._dense_best_with_penalty(table, float(penalty)))


def _cuts(back: np.ndarray) -> list[int]:
    """The cuts of a penalised search, from ``back[j]``: where the best segmentation of
    ``[0, j)`` starts its last segment."""
    cuts, j = [], len(back) - 1
    while j > 0:
        j = int(back[j])
        if j:
            cuts.append(j)
    return sorted(cuts)

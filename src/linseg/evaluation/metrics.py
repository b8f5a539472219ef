"""Segmentation error metrics: Pk (Beeferman et al. 1999) and WindowDiff (Pevzner & Hearst 2002).

Both slide a probe of width ``k`` over the document. Pk (the paper's equation 6) counts
the probes whose ends fall in the same segment in one segmentation but not in the other;
WindowDiff counts the probes that hold a different number of boundaries. Units are
sentences by default; give ``lengths`` (the number of words of each sentence) to score at
word level, as the paper does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

__all__ = ["pk", "windowdiff", "default_k", "positions", "pk_from_labels", "windowdiff_from_labels"]


def _check_boundaries(name: str, boundaries: Sequence[int], n: int) -> np.ndarray:
    b = np.asarray(list(boundaries), dtype=np.int64)
    if b.ndim != 1:
        raise ValueError(f"{name} must be a flat list of boundary indices")
    if b.size and (b.min() <= 0 or b.max() >= n or np.any(np.diff(b) <= 0)):
        raise ValueError(f"{name} boundaries must be strictly increasing within (0, {n})")
    return b


def positions(
    boundaries: Sequence[int], n: int, lengths: Sequence[int] | None = None
) -> np.ndarray:
    """Segment number of every unit: of each sentence, or of each word if ``lengths``."""
    b = _check_boundaries("boundaries", boundaries, n)
    labels = np.zeros(n, dtype=np.int64)
    if b.size:
        labels[b] = 1
        labels = np.cumsum(labels)
    if lengths is None:
        return labels
    counts = np.asarray(lengths, dtype=np.int64)
    if counts.size != n or (counts.size and counts.min() < 0):
        raise ValueError("lengths must give a non-negative count for every sentence")
    return np.repeat(labels, counts)


def default_k(reference_labels: np.ndarray) -> int:
    """Half the mean reference segment length, rounded half up (at least 1)."""
    n_units = reference_labels.size
    n_segments = int(reference_labels[-1]) + 1 if n_units else 1
    return max(1, int(math.floor(n_units / n_segments / 2.0 + 0.5)))


def _prepare(reference, hypothesis, n, lengths, k):
    if n is None:
        if lengths is None:
            raise ValueError("give n (the number of sentences) or lengths")
        n = len(lengths)
    ref = positions(reference, n, lengths)
    hyp = positions(hypothesis, n, lengths)
    if k is None:
        k = default_k(ref)
    if isinstance(k, bool) or int(k) != k or k < 1:
        raise ValueError(f"k must be a positive integer, got {k!r}")
    k = int(k)
    if ref.size <= k:
        raise ValueError(f"the document has {ref.size} units, too few for a probe of k={k}")
    return ref, hyp, k


def pk(
    reference: Sequence[int],
    hypothesis: Sequence[int],
    n: int | None = None,
    *,
    lengths: Sequence[int] | None = None,
    k: int | None = None,
) -> float:
    """Beeferman's Pk: the probability that a probe of width ``k`` is judged wrongly.

    Parameters
    ----------
    reference, hypothesis:
        Boundary indices (first sentence of every segment after the first).
    n:
        Number of sentences (may be omitted when ``lengths`` is given).
    lengths:
        Words per sentence; scores at word level, each word a position.
    k:
        Probe width in units; default: half the mean reference segment length, rounded.

    Notes
    -----
    The probes are the pairs ``(i, i + k)`` for ``i = 0 .. N - k - 1``.
    """
    ref, hyp, k = _prepare(reference, hypothesis, n, lengths, k)
    return pk_from_labels(ref, hyp, k)


def windowdiff(
    reference: Sequence[int],
    hypothesis: Sequence[int],
    n: int | None = None,
    *,
    lengths: Sequence[int] | None = None,
    k: int | None = None,
) -> float:
    """Pevzner and Hearst's WindowDiff: the share of probes whose boundary counts differ.

    Arguments as for :func:`pk`.
    """
    ref, hyp, k = _prepare(reference, hypothesis, n, lengths, k)
    return windowdiff_from_labels(ref, hyp, k)


def pk_from_labels(ref: np.ndarray, hyp: np.ndarray, k: int) -> float:
    """Pk from the segment number of every unit (see :func:`positions`); no checks."""
    return float(np.count_nonzero((ref[:-k] == ref[k:]) != (hyp[:-k] == hyp[k:]))) / (ref.size - k)


def windowdiff_from_labels(ref: np.ndarray, hyp: np.ndarray, k: int) -> float:
    """WindowDiff from the segment number of every unit; no checks."""
    return float(np.count_nonzero((ref[k:] - ref[:-k]) != (hyp[k:] - hyp[:-k]))) / (ref.size - k)


# --- The random baselines, analytically (the paper's section 4.2) -------------------------
# Added for the evaluation (issue 6); nothing above depends on it.

__all__ += ["p_same_random", "p_same_random_known", "expected_pk_random"]


def p_same_random(k: int) -> float:
    """p(same|k, B_(r,?)) = 2^(m-k) / 2^m = 2^-k (the paper's equation 8).

    The chance that a hypothesis which marks each of the ``m`` potential boundaries
    independently with probability 1/2 puts none among the ``k`` that a probe spans.
    """
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    return 2.0**-k


def p_same_random_known(k: int, m: int, b: int) -> float:
    """p(same|k, m, B_(r,b)) = C(m-k, b) / C(m, b) (the paper's equation 9).

    The chance that ``b`` boundaries drawn without replacement from ``m`` potential ones
    all avoid the ``k`` that a probe spans.
    """
    if not 0 <= k <= m or not 0 <= b <= m:
        raise ValueError(f"need 0 <= k <= m and 0 <= b <= m, got k={k}, m={m}, b={b}")
    return math.comb(m - k, b) / math.comb(m, b)


def expected_pk_random(
    reference: Sequence[int],
    n: int | None = None,
    *,
    lengths: Sequence[int] | None = None,
    k: int | None = None,
    b: int | None = None,
) -> float:
    """The expected Pk of a random hypothesis, exactly: B_(r,?) or, with ``b``, B_(r,b).

    Equation (6) with the hypothesis random: a probe whose ends lie in the same reference
    segment is wrong when the hypothesis puts a boundary between them (a false alarm,
    ``1 - p(same|k)``), one whose ends differ is wrong when it puts none (a miss,
    ``p(same|k)``), where ``k`` here is the number of potential boundaries (sentence
    breaks) the probe spans, so equations (8) and (9) apply probe by probe. The mean over
    the probes is the expectation of :func:`pk` over the random hypotheses, with the same
    probes and probe width.
    """
    if n is None:
        if lengths is None:
            raise ValueError("give n (the number of sentences) or lengths")
        n = len(lengths)
    ref, _, width = _prepare(reference, [], n, lengths, k)
    # The sentence of each position: a probe spans the sentence breaks between its ends.
    sentence = positions(list(range(1, n)), n, lengths)
    spans = sentence[width:] - sentence[:-width]
    m = n - 1
    if b is None:
        p_same = np.power(0.5, spans.astype(np.float64))
    else:
        if not 0 <= b <= m:
            raise ValueError(f"b must be between 0 and {m}, got {b}")
        table = np.array([p_same_random_known(j, m, b) for j in range(m + 1)])
        p_same = table[spans]
    same_ref = ref[:-width] == ref[width:]
    return float(np.mean(np.where(same_ref, 1.0 - p_same, p_same)))


# --- Boundary Similarity B (Fournier 2013), as segeval computes it -------------------------
# Added for the evaluation on natural documents; nothing above depends on it.

__all__ += ["boundary_edits", "boundary_similarity"]


def boundary_edits(
    reference: Sequence[int], hypothesis: Sequence[int], n: int, *, n_t: int = 2
) -> tuple[int, int, list[tuple[int, int]]]:
    """Boundary edit distance between two segmentations of ``n`` units (one boundary type).

    Returns ``(matches, additions, transpositions)``: the boundaries both place, the
    boundaries only one places that no transposition explains (segeval's additions and
    deletions), and the transpositions as ``(i, j)`` pairs of boundary positions.

    Exactly segeval's (2.0) search: for each span ``s = 1 .. n_t - 1`` in turn and each
    position ``i`` from left to right, a boundary that only one segmentation places at
    ``i`` and one that only the other places at ``j = i + s`` form a transposition, unless
    either position already belongs to one (a greedy, non-overlapping choice). With a
    single boundary type there are no substitutions.
    """
    ref = set(int(x) for x in _check_boundaries("reference", reference, n))
    hyp = set(int(x) for x in _check_boundaries("hypothesis", hypothesis, n))
    if n_t < 1:
        raise ValueError(f"n_t must be >= 1, got {n_t}")
    matches = len(ref & hyp)
    mismatched = ref ^ hyp
    ordered = sorted(mismatched)
    used: set[int] = set()
    transpositions: list[tuple[int, int]] = []
    for span in range(1, n_t):
        for i in ordered:
            j = i + span
            if j in mismatched and (i in ref) != (j in ref) and i not in used and j not in used:
                transpositions.append((i, j))
                used.add(i)
                used.add(j)
    additions = len(mismatched) - len(used)
    return matches, additions, sorted(transpositions)


def boundary_similarity(
    reference: Sequence[int], hypothesis: Sequence[int], n: int, *, n_t: int = 2
) -> float:
    """Fournier's (2013) Boundary Similarity B with segeval's defaults.

    ``B = 1 - (A + w_t) / (A + T + M)``, where ``A`` counts additions and deletions
    (each weight 1), ``T`` transpositions, each weighted by the distance it spans over
    ``n_t`` (``w_t`` is the sum of those weights; with the default ``n_t = 2`` every
    transposition spans one position and weighs 1/2), and ``M`` the boundaries both
    segmentations place. Two segmentations without any boundary score 1. Boundaries are
    unit indices, as for :func:`pk`; ``n`` is the number of units. The result equals
    ``segeval.boundary_similarity(hyp_masses, ref_masses)`` (B is symmetric).
    """
    matches, additions, transpositions = boundary_edits(reference, hypothesis, n, n_t=n_t)
    denominator = additions + len(transpositions) + matches
    if denominator == 0:
        return 1.0
    w_t = sum(j - i for i, j in transpositions) / n_t
    return 1.0 - (additions + w_t) / denominator

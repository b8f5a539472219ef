"""Significance of the difference between two methods over the same samples.

The paper's summary (section 4.6) says its results were "confirmed by both t-test and
KS-test"; Table 2's note uses the Kolmogorov-Smirnov test to call two baselines alike.
Both are run here on the per-sample Pk of two methods over the samples they share: the
paired t-test on the differences, and the two-sample KS test on the two distributions.

A mean over a few dozen real documents is uncertain too: :func:`bootstrap_interval` gives
the percentile bootstrap interval of a mean (Efron and Tibshirani 1993, section 13.3),
resampling documents, which ``linseg evaluate`` prints for natural documents.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["Comparison", "bootstrap_interval", "compare", "compare_all"]

#: Resamples of :func:`bootstrap_interval` by default.
RESAMPLES = 10_000


@dataclass
class Comparison:
    """Two methods over ``n`` shared samples: means, paired t-test and KS test."""

    a: str
    b: str
    group: str
    n: int
    mean_a: float
    mean_b: float
    t: float
    t_p: float
    ks: float
    ks_p: float

    def to_dict(self) -> dict:
        return asdict(self)


def bootstrap_interval(
    values: ArrayLike, level: float = 0.95, resamples: int = RESAMPLES, seed: int = 0
) -> tuple[float, float]:
    """The percentile bootstrap interval of the mean of ``values`` at ``level``.

    ``resamples`` samples of ``len(values)`` values are drawn with replacement (a
    generator seeded with ``seed``, so the interval is reproducible); the interval runs
    between the ``(1 - level) / 2`` and ``(1 + level) / 2`` quantiles of their means. For
    paired scores (a method and a baseline on the same documents) pass the differences.
    No values give ``(nan, nan)``.
    """
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1), got {level!r}")
    if isinstance(resamples, bool) or not isinstance(resamples, int) or resamples < 1:
        raise ValueError(f"resamples must be a positive integer, got {resamples!r}")
    x = np.asarray(values, dtype=np.float64)
    if x.ndim != 1:
        raise ValueError("values must be one-dimensional")
    if x.size == 0:
        return math.nan, math.nan
    rng = np.random.default_rng(seed)
    means = np.empty(resamples)
    # Blocks of resamples bound the memory of the index table on long corpora.
    block = max(1, 4_000_000 // x.size)
    for start in range(0, resamples, block):
        stop = min(resamples, start + block)
        means[start:stop] = x[rng.integers(0, x.size, size=(stop - start, x.size))].mean(axis=1)
    low, high = np.quantile(means, [(1 - level) / 2, (1 + level) / 2])
    return float(low), float(high)


def compare(
    a: Sequence[float], b: Sequence[float], name_a: str = "a", name_b: str = "b", group: str = "all"
) -> Comparison:
    """Paired t-test and two-sample KS test of per-sample scores ``a`` and ``b``.

    With identical pairs the t statistic is undefined; it is reported as t = 0, p = 1
    (no evidence of a difference), as the author's significance tables do.
    """
    from scipy import stats

    x = np.asarray(a, dtype=np.float64)
    y = np.asarray(b, dtype=np.float64)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError("the two methods must be scored on the same samples")
    n = int(x.size)
    if n < 2:
        return Comparison(
            name_a,
            name_b,
            group,
            n,
            float(np.mean(x)) if n else math.nan,
            float(np.mean(y)) if n else math.nan,
            math.nan,
            math.nan,
            math.nan,
            math.nan,
        )
    diff = x - y
    if np.allclose(diff, diff[0], rtol=0.0, atol=1e-12):
        t, tp = (0.0, 1.0) if abs(diff[0]) <= 1e-12 else (math.copysign(math.inf, diff[0]), 0.0)
    else:
        res = stats.ttest_rel(x, y)
        t, tp = float(res.statistic), float(res.pvalue)
    ks = stats.ks_2samp(x, y)
    return Comparison(
        name_a,
        name_b,
        group,
        n,
        float(np.mean(x)),
        float(np.mean(y)),
        t,
        tp,
        float(ks.statistic),
        float(ks.pvalue),
    )


def compare_all(
    scores: Mapping[str, Mapping[str, float]],
    groups: Mapping[str, str] | None = None,
) -> list[Comparison]:
    """Every pair of methods, over the samples both scored, per group and over ``all``.

    ``scores`` maps a method to ``{sample: pk}``; ``groups`` maps a sample to its group
    (its range). Pairs are taken in the order the methods are given.
    """
    names = list(scores)
    groups = groups or {}
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            shared = [s for s in scores[a] if s in scores[b]]
            by_group: dict[str, list[str]] = {}
            for s in shared:
                by_group.setdefault(groups.get(s, "all"), []).append(s)
            if len(by_group) > 1 or "all" not in by_group:
                by_group["all"] = shared
            for g, samples in by_group.items():
                out.append(
                    compare(
                        [scores[a][s] for s in samples], [scores[b][s] for s in samples], a, b, g
                    )
                )
    return out

"""Significance of the difference between two methods over the same samples.

The paper's summary (section 4.6) says its results were "confirmed by both t-test and
KS-test"; Table 2's note uses the Kolmogorov-Smirnov test to call two baselines alike.
Both are run here on the per-sample Pk of two methods over the samples they share: the
paired t-test on the differences, and the two-sample KS test on the two distributions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

import numpy as np

__all__ = ["Comparison", "compare", "compare_all"]


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

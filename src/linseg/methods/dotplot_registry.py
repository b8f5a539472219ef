"""Registers Reynar's dot-plotting and the paper's variants of it (Table 4).

All take the reference number of segments, as in the paper's Experiment 3.
"""

from . import register
from .dotplot import R98, DotPlot

register(
    "r98",
    R98,
    "Reynar 1998, exact: word-repetition dot-plot, greedy inside-density maximisation",
    needs_n_segments=True,
    paper_row="R98",
    strategy="maximise",
)
register(
    "r98_min",
    R98,
    "Reynar 1998, exact: word-repetition dot-plot, greedy outside-density minimisation",
    needs_n_segments=True,
    paper_row="R98_min",
    strategy="minimise",
)
register(
    "r98_s_cos",
    DotPlot,
    "dot-plotting with cosine similarity, C99's sum precomputation and divisive clustering",
    needs_n_segments=True,
    paper_row="R98_s_cos",
    similarity="cosine",
    strategy="divisive",
)
register(
    "r98_m_dot",
    DotPlot,
    "modular dot-plotting (pluggable similarity), dot density",
    needs_n_segments=True,
    paper_row="R98_m_dot",
    similarity="dots",
    strategy="maximise",
)
register(
    "r98_m_sa",
    DotPlot,
    "modular dot-plotting with spread-activation word "
    "similarity, as the author's program ran it (t^1..t^6, repeated stems)",
    needs_n_segments=True,
    paper_row="R98_m_sa",
    similarity="spread",
    strategy="maximise",
    steps=6,
    min_count=2,
    reference=True,
)

"""Registers C99 and its known-count variant C99_b."""

from . import register
from .c99 import C99

register(
    "c99",
    C99,
    "Choi 2000: cosine, 11x11 rank, divisive clustering, automatic stop",
    paper_row="C99",
)
register(
    "c99_b",
    C99,
    "C99 given the reference number of segments (the paper's C99_b)",
    needs_n_segments=True,
    paper_row="C99_b",
)

"""Registers Utiyama and Isahara's (2001) segmenter: as published, on sentences, and on
paragraphs for documents that have them (see :mod:`.u00`)."""

from . import register
from .u00 import U00

register(
    "u00",
    U00,
    "Utiyama & Isahara 2001: most probable segmentation (multinomial, Laplace), exact DP",
)
register(
    "u00_p",
    U00,
    "U00 on paragraphs: boundaries only at blank lines, 1.5 log n per boundary "
    "(tuned on the python-docs tuning half)",
    trained_on="one penalty, chosen on the python-docs tuning half",
    units="paragraphs",
    penalty=1.5,
)
register(
    "u00_pr",
    U00,
    "U00 on paragraphs (on headings where the text has them, on sentences where it has "
    "neither) with C99's rank evidence, the outline of its headings and, in English, "
    "learned section cues in its exact search: 1.1 log n per boundary, rank weight 1, cue "
    "weight 2 (tuned on the python-docs tuning half; the cues learned from other manuals), "
    "outline weight 8 for every 200 words of a top-level section",
    trained_on="a penalty, a rank weight and a cue weight, chosen on the python-docs tuning "
    "half; the cue models (data/cues-en*.npz) on 1,186 pages of 340 other Debian manuals, "
    "their L2 penalties chosen on that half and on those pages cross-fitted",
    units="headings",
    penalty=1.1,
    rank_weight=1.0,
    cue_weight=2.0,
    outline_weight=8.0,
)

"""Registers TextTiling twice over: Hearst's 1997 boundary rule (linseg's recommended
``texttiling``) and the rule without a minimum distance between boundaries, which is what
the paper's Table 3 rows H94_(c,d) and H94_(c,r) measured (see :mod:`.texttiling`)."""

from . import register
from .texttiling import TextTiling

register(
    "texttiling",
    TextTiling,
    "Hearst 1997 TextTiling: block comparison (w=20, k=10), depth > mean - sd/2, "
    "boundaries at least 4 token-sequences apart",
    paper_row="H97",
)
register(
    "texttiling_r",
    TextTiling,
    "TextTiling (1997 rule) with the parameters recommended in Hearst's paper, k=6, w=20",
    paper_row="H97_r",
    w=20,
    k=6,
)
register(
    "texttiling_94",
    TextTiling,
    "TextTiling as the paper ran it (row H94): every gap deeper than the cut-off is a "
    "boundary, w=20, k=10",
    paper_row="H94",
    min_separation=1,
)
register(
    "texttiling_94_r",
    TextTiling,
    "TextTiling as the paper ran it with k=6, w=20 (row H94_r)",
    paper_row="H94_r",
    w=20,
    k=6,
    min_separation=1,
)

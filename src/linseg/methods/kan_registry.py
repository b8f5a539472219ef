"""Registers Kan et al.'s Segmenter: fixed link distances (K98) and adaptive (K98_a)."""

from . import register
from .kan import KanSegmenter

register(
    "segmenter",
    KanSegmenter,
    "Kan et al. 1998 Segmenter: noun-phrase/pronoun term links, fixed link distances",
    paper_row="K98",
)
register(
    "segmenter_a",
    KanSegmenter,
    "Segmenter breaking links longer than mean + 1 x sd of the document's link distances",
    paper_row="K98_a",
    adaptive=True,
    c=1.0,
)

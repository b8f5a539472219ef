"""Registers Kan et al.'s Segmenter: fixed link distances (K98) and adaptive (K98_a)."""

from . import register
from .kan import KanSegmenter

#: Kan's Segmenter finds noun phrases with a tagger of linseg's (linseg/data/brown-tagger).
TAGGER_TRAINING = "POS tagger trained on Brown genres other than a and j"

register(
    "segmenter",
    KanSegmenter,
    "Kan et al. 1998 Segmenter: noun-phrase/pronoun term links, fixed link distances",
    paper_row="K98",
    trained_on=TAGGER_TRAINING,
)
register(
    "segmenter_a",
    KanSegmenter,
    "Segmenter breaking links longer than mean + 1 x sd of the document's link distances",
    paper_row="K98_a",
    trained_on=TAGGER_TRAINING,
    adaptive=True,
    c=1.0,
)

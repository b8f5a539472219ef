"""A document's own outline as a cost: a boundary before a top-level heading is cheap,
one inside a long top-level section dear."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import numpy as np

from linseg.compose.costs.gaps import _GapCost
from linseg.text.outline import heading_levels, heading_starts

__all__ = ["Outline"]

#: The fewest units after the first that a level's headings must open to be an outline's
#: top level (:class:`Outline`): with the first, the three sections that
#: ``ExactDP(units="headings")`` asks for.
OUTLINE_TOP_UNITS = 2
#: :class:`Outline`'s default ``section_words``: the median words per section of the
#: development pages on which ``u00_pr``'s outline weight (8 nats) was chosen (80 pages
#: of seven Sphinx manuals, docs/evaluate.md), so that pages like them keep that weight.
OUTLINE_SECTION_WORDS = 200


class Outline(_GapCost):
    """A cost on where a segment ends, from the levels of the headings that open the units:
    the outline an author gave a Markdown or reStructuredText document
    (:func:`linseg.text.outline.heading_levels`).

    The outline's top level is the highest one that opens at least two units after the
    first (so at least three sections, as ``ExactDP(units="headings")`` asks of headings
    before it cuts at them), or the level of the only heading that opens one: a text that
    marks only two sections (``ExactDP`` then cuts between paragraphs) still has its
    author's one cut. At the gap before a unit that opens with a heading, a segment that
    ends there pays -1 if the heading is at the top level, and ``d`` if it is ``d`` levels
    below it (1, 2, ...: the levels the text uses, not their numbers). A heading
    above the top level (one part heading over the sections), units that open with no
    heading, and every unit of a text with no top level pay 0. In a
    :class:`Sum` with weight ``w``, a boundary at a top-level heading so costs ``w`` nats
    less than elsewhere, and one at a sub-section's heading ``w`` nats more for each level
    down. It has no boundary cost of its own (``boundary_cost`` is 0).

    The words' evidence for or against a boundary grows with the words of the sections
    on either side of it, so a fixed weight would say less and less the longer the
    sections are: over a book's chapters of thousands of words, 8 nats is nothing. With
    ``section_words`` s, the costs are therefore multiplied by ``max(1, W / (t + 1) /
    s)`` for a text of ``W`` words (whitespace-separated) whose top level opens ``t``
    units after the first: a weight counts once for every ``s`` words of the outline's
    mean top-level section, and at least once. A text whose outline is its one heading
    keeps the costs as they are, as does ``section_words=None``.
    """

    def __init__(self, section_words: float | None = OUTLINE_SECTION_WORDS) -> None:
        if section_words is not None:
            if isinstance(section_words, bool) or not isinstance(section_words, (int, float)):
                raise TypeError(f"section_words must be a number or None, got {section_words!r}")
            if not math.isfinite(section_words) or section_words <= 0:
                raise ValueError(f"section_words must be finite and > 0, got {section_words}")
        self.section_words = section_words

    def gap_costs(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """``c[j]`` for ``j = 0 .. m``: -1, 0 or the depth below the top level of the heading
        that opens unit ``j`` (0 at the document's ends), times the scale for the length
        of the sections (``section_words``)."""
        units = list(range(len(sentences))) if starts is None else list(starts)
        costs = np.zeros(len(units) + 1, dtype=np.float64)
        if len(heading_starts(sentences)) <= 1:
            # No heading, rule or title opens a sentence after the first (most prose): no
            # unit can open with one. The search that cut at headings has read them for
            # this document already (linseg.text.outline.document), so this costs nothing.
            return costs
        # The first unit's heading (a title) takes part in reStructuredText's order of
        # styles, but opens no boundary.
        levels = heading_levels(sentences, units)[1:]
        opened = Counter(level for level in levels if level is not None)
        need = min(OUTLINE_TOP_UNITS, sum(opened.values()))
        top = min((lv for lv, n in opened.items() if n >= need), default=None)
        if top is None:
            return costs
        depth = {lv: d for d, lv in enumerate(sorted(lv for lv in opened if lv > top), 1)}
        for j, level in enumerate(levels, start=1):
            if level == top:
                costs[j] = -1.0
            elif level is not None and level > top:
                costs[j] = depth[level]
        # One heading is too thin an outline to say more for its length: it may be any
        # level's, not a section's (on the development pages, cut at it as surely as
        # at a chapter, it helped no more than no outline at all).
        if self.section_words is not None and opened[top] >= OUTLINE_TOP_UNITS:
            words = sum(len(s.split()) for s in sentences)
            costs *= max(1.0, words / (opened[top] + 1) / self.section_words)
        return costs

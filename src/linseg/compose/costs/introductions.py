"""A boundary right after an introduction (a line that ends in ``:``) as a cost."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from linseg.compose.costs.gaps import _GapCost
from linseg.text.outline import heading_levels

__all__ = ["Introductions"]

# A list item's marker opening a unit: "- ", "* ", "• ", "a) ", "(2) ", "3. ", "iv) ".
_ITEM = re.compile(r"(?:[-*\u2022\u2023\u25e6]|\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,5})[.)])[ \t]")
# White space that ends with a line's indentation: what the unit after it is set in.
_INDENTED = re.compile(r"\n[ \t\u00a0]+\Z")


class Introductions(_GapCost):
    """A cost on ending a segment right after a unit whose text ends in ``:`` (white space
    aside) before what it introduces: ``... in one of these ways:`` over a list, an
    indented example or a quotation. A section seldom ends on its introduction. A segment
    that ends at the gap before unit ``j`` pays 1 if unit ``j - 1`` so ends and unit ``j``
    opens with a list item's marker (``-``, ``*``, ``a)``, ``(2)``, ``3.``) or is indented,
    and with no heading (a numbered title is no list's item), else 0 (a colon over plain prose is as often a text whose example was left out): in a
    :class:`~linseg.compose.costs.Sum` with weight ``w``, such a boundary costs ``w``
    nats more than another, which the words can still overrule (a cost, not a ban). It has
    no boundary cost of its own."""

    def gap_costs(
        self, sentences: Sequence[str], tokenized: bool, starts: Sequence[int] | None = None
    ) -> np.ndarray:
        """``c[j]`` for ``j = 0 .. m``: 1 where the unit before gap ``j`` introduces the one
        after it (see the class)."""
        units = list(range(len(sentences))) if starts is None else list(starts)
        costs = np.zeros(len(units) + 1, dtype=np.float64)
        found = []
        for j, start in enumerate(units[1:], start=1):
            before = sentences[start - 1]
            if not before.rstrip().endswith((":", "\uff1a")):
                continue
            # The indentation of the unit's first line is in the white space before it.
            if _INDENTED.search(before) or _ITEM.match(sentences[start]):
                found.append(j)
        if found:
            # A heading opens a section, whatever stood before it: "2. Installing" is a
            # numbered title, not the item of a list.
            levels = heading_levels(sentences, [units[j] for j in found])
            for j, level in zip(found, levels):
                costs[j] = 1.0 if level is None else 0.0
        return costs

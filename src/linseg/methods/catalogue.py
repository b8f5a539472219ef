"""The named methods: one table, a row each.

A row names a method, the class that runs it (``module:Class``, imported only when the
method is used), the parameters that make it this method, a one-line summary, whether it
needs the number of segments, its row in the paper's tables, and what its chosen or
learned parts came from. ``linseg methods``, ``linseg evaluate`` and ``linseg paper`` read
this table; :func:`linseg.methods.register` adds rows of one's own.

A new method of linseg's is one row here (and, if no class runs it yet, a module beside
this one); see docs/architecture.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from linseg.base import Segmenter

__all__ = ["MethodInfo", "CATALOGUE", "RENAMED", "DEFAULT_METHOD"]

#: The method ``linseg segment`` and :func:`linseg.segment_text` use when none is named:
#: U00 on paragraphs with C99's rank evidence, the method that does best on real documents
#: with sections of their own (Python and Django documentation pages; see the evaluation
#: guide), and better than C99 on the paper's corpus (8.2% Pk on 3-11 against 12.8%).
#: ``c99`` is the author's algorithm, exact.
DEFAULT_METHOD = "u00_pr"

#: Old names kept for one release (linseg 0.2.x), with a DeprecationWarning: Kan et al.'s
#: Segmenter was registered as ``segmenter``, the name of every method's base class.
RENAMED = {"segmenter": "kan", "segmenter_a": "kan_a"}

# What the learned parts of several rows came from.
_TAGGER = "POS tagger trained on Brown genres other than a and j"
_LSA = "LSA space from WordNet 3.0 glosses (linseg/data/lsa-README.md)"


@dataclass(frozen=True)
class MethodInfo:
    """A named method: a row of :data:`CATALOGUE`.

    ``target`` is the class (or any callable returning a segmenter) that runs it, or its
    ``"module:name"``, imported on first use (:attr:`factory`); ``defaults`` the
    parameters that make this method of it.
    """

    name: str
    target: str | Callable[..., Segmenter]
    summary: str
    needs_n_segments: bool = False  # True for methods that only run with a known count
    paper_row: str | None = None  # the row name in the paper's tables, e.g. "C99_b"
    defaults: tuple[tuple[str, Any], ...] = ()
    # What the method's learned or chosen parts came from ("nothing": nothing was fitted);
    # the README's table of every method and linseg paper's beyond table print it.
    trained_on: str = "nothing"

    @property
    def factory(self) -> Callable[..., Segmenter]:
        """The class (or callable) that makes the method's segmenter."""
        if not isinstance(self.target, str):
            return self.target
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)


def _row(
    name: str,
    target: str,
    summary: str,
    *,
    needs_n_segments: bool = False,
    paper_row: str | None = None,
    trained_on: str = "nothing",
    **defaults: Any,
) -> MethodInfo:
    return MethodInfo(
        name,
        f"linseg.methods.{target}",
        summary,
        needs_n_segments,
        paper_row,
        tuple(defaults.items()),
        trained_on,
    )


#: Every named method, in the order ``linseg methods`` lists them (by name).
CATALOGUE: tuple[MethodInfo, ...] = (
    # The paper's baselines (Table 2).
    _row("b_a", "baselines:AllBoundaries", "Baseline B_a: a boundary at every sentence break", paper_row="B_a"),
    _row("b_e", "baselines:EqualSegments", "Baseline B_e: regular chunks of the reference's mean segment length", paper_row="B_e", needs_n_segments=True),
    _row("b_n", "baselines:NoBoundary", "Baseline B_n: no boundary at all", paper_row="B_n"),
    _row("b_r", "baselines:RandomBoundaries", "Baseline B_(r,?): each sentence break with p = 1/2 (seed)", paper_row="B_(r,?)"),
    _row("b_rb", "baselines:RandomKnownBoundaries", "Baseline B_(r,b): the reference's number of boundaries at random (seed)", paper_row="B_(r,b)", needs_n_segments=True),
    # C99 and its variants.
    _row("c99", "c99:C99", "Choi 2000: cosine, 11x11 rank, divisive clustering, automatic stop", paper_row="C99"),
    _row("c99_b", "c99:C99", "C99 given the reference number of segments (the paper's C99_b)", paper_row="C99_b", needs_n_segments=True),
    _row("c99_dp", "c99_dp:C99DP", "C99's cosine and 11x11 rank, exact DP of sum of rank / length^0.7 per segment", trained_on="one length exponent, chosen on Brown genres other than a and j", needs_n_segments=True),
    _row("c99_lsa", "c99_lsa:C99LSA", "C99 with LSA similarity (English space from WordNet glosses), Choi et al. 2001", trained_on=_LSA + "; keep share chosen on Brown genres other than a and j"),
    _row("c99_lsa_mix", "c99_lsa:C99LSA", "C99 with 0.7 x stem cosine + 0.3 x LSA cosine (English, WordNet glosses)", trained_on="as c99_lsa; mixture weight chosen on Brown genres other than a and j", stem_weight=0.7),
    _row("consensus_dp", "consensus:ConsensusDP", "linseg's own: C99 and U00 agree on the count; one exact DP weighs five kinds of evidence", trained_on=_LSA + "; eight numbers (count and score weights) chosen on Brown genres other than a and j"),
    # Kan et al.'s Segmenter (Table 3).
    _row("kan", "kan:KanSegmenter", "Kan et al. 1998 Segmenter: noun-phrase/pronoun term links, fixed link distances", paper_row="K98", trained_on=_TAGGER),
    _row("kan_a", "kan:KanSegmenter", "Kan's Segmenter, links longer than mean + 1 x sd of the document's distances broken", paper_row="K98_a", trained_on=_TAGGER, adaptive=True, c=1.0),
    # Reynar's dot-plotting and the paper's variants of it (Table 4).
    _row("r98", "dotplot:R98", "Reynar 1998, exact: word-repetition dot-plot, greedy inside-density maximisation", paper_row="R98", strategy="maximise", needs_n_segments=True),
    _row("r98_m_dot", "dotplot:DotPlot", "modular dot-plotting (pluggable similarity), dot density", paper_row="R98_m_dot", similarity="dots", strategy="maximise", needs_n_segments=True),
    _row("r98_m_sa", "dotplot:DotPlot", "modular dot-plotting with spread activation, as the author ran it (t^1..t^6, repeated stems)", paper_row="R98_m_sa", similarity="spread", strategy="maximise", steps=6, min_count=2, reference=True, needs_n_segments=True),
    _row("r98_min", "dotplot:R98", "Reynar 1998, exact: word-repetition dot-plot, greedy outside-density minimisation", paper_row="R98_min", strategy="minimise", needs_n_segments=True),
    _row("r98_s_cos", "dotplot:DotPlot", "dot-plotting with cosine similarity, C99's sum precomputation and divisive clustering", paper_row="R98_s_cos", similarity="cosine", strategy="divisive", needs_n_segments=True),
    # Hearst's TextTiling (Table 3): her 1997 rule, and the rule the paper ran.
    _row("texttiling", "texttiling:TextTiling", "Hearst 1997 TextTiling: w=20, k=10, depth > mean - sd/2, boundaries 4 sequences apart", paper_row="H97"),
    _row("texttiling_94", "texttiling:TextTiling", "TextTiling as the paper ran it (row H94): every gap deeper than the cut-off, w=20, k=10", paper_row="H94", min_separation=1),
    _row("texttiling_94_r", "texttiling:TextTiling", "TextTiling as the paper ran it with k=6, w=20 (row H94_r)", paper_row="H94_r", w=20, k=6, min_separation=1),
    _row("texttiling_r", "texttiling:TextTiling", "TextTiling (1997 rule) with the parameters Hearst's paper recommends, k=6, w=20", paper_row="H97_r", w=20, k=6),
    # Utiyama and Isahara's segmenter, as published and on a document's own units.
    _row("u00", "u00:U00", "Utiyama & Isahara 2001: most probable segmentation (multinomial, Laplace), exact DP"),
    _row("u00_p", "u00:U00", "U00 on paragraphs: boundaries only at blank lines, 1.5 log n per boundary", trained_on="one penalty, chosen on the python-docs tuning half", units="paragraphs", penalty=1.5),
    _row(
        DEFAULT_METHOD, "u00:U00",
        "U00 on paragraphs or headings, with C99's rank evidence, the outline, introductions and learned section cues",
        trained_on="a penalty, a rank weight and a cue weight, chosen on the python-docs tuning "
        "half; the cue models (data/cues-en*.npz) on 1,186 pages of 340 other Debian manuals, "
        "their L2 penalties chosen on that half and on those pages cross-fitted",
        units="headings", penalty=1.1, rank_weight=1.0, cue_weight=2.0, outline_weight=8.0,
        colon_weight=8.0,
    ),
)  # fmt: skip

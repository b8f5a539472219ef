"""The one pipeline every named method runs (linseg.compose.Composition): its extension
points, each checked on a small case, and that the named methods use no other."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from linseg.base import Segmentation
from linseg.compose import Composition, measures, rows, strategies
from linseg.compose.band import CountBand
from linseg.methods import available
from linseg.text import outline

BEES = ["Bees make honey.", "The hive holds bees.", "Honey feeds the hive.", "Bees dance."]
SHIPS = ["Ships sail at sea.", "The sea moves ships.", "Sailors steer ships.", "The sea is deep."]
DOC = BEES + SHIPS + BEES
EXAMPLE = Path(__file__).parents[2] / "examples" / "three-topics.txt"

#: The steps of the pipeline: a named method configures pieces and overrides none.
STEPS = ("_run", "_segment", "_products", "_search", "_split", "_result", "_matrices")


def test_the_named_methods_run_the_one_pipeline():
    # Every registered method but Kan's Segmenter is a Composition, and no class between
    # it and Composition defines a step of the pipeline of its own.
    for name, info in available().items():
        cls = info.factory
        if name in ("kan", "kan_a"):
            assert not issubclass(cls, Composition)  # term chains: no sentence x sentence matrix
            continue
        assert issubclass(cls, Composition), name
        own = [
            s for k in cls.__mro__[: cls.__mro__.index(Composition)] for s in STEPS if s in vars(k)
        ]
        assert not own, f"{name} ({cls.__name__}) overrides {own}"


class Refuse:
    """A measure that must not be read."""

    def __call__(self, sentences, tokenized):
        raise AssertionError("the matrix was computed")


def test_one_segment_of_a_long_document_searches_nothing():
    # Beyond 8 sentences the composition would search with a measure that must not be
    # read; asked for one segment, a plain result is no boundary, found without it.
    never = Composition(Refuse(), None, strategies.DivisiveDensity())
    seg = Composition(strategy=strategies.Baseline("none"), beyond=(8, never))
    assert seg.segment(DOC, 1).boundaries == []
    with pytest.raises(AssertionError, match="computed"):
        seg.segment(DOC, 2)
    # Up to 8 sentences, and in a composition with no beyond, the strategy runs.
    assert seg.segment(DOC[:8], 1).boundaries == []
    with pytest.raises(AssertionError, match="computed"):
        never.segment(DOC, 1)


def test_the_strategys_count_rule_comes_before_the_band():
    # A band chosen by the count sees the count the strategy's rule found: 12 sentences
    # and 3 segments give a band of ceil(12 / 3) = 4 (CountBand, one mean length).
    seen: list[tuple[int, int | None]] = []
    widths = CountBand("auto", min_width=1, dense_max=5, lengths=1)

    def policy(n: int, k: int | None) -> int | None:
        seen.append((n, k))
        return widths(n, k)

    strategy = strategies.ExactDP(exponent=0.7, max_length="auto", count=lambda s, t: 3)
    assert Composition(band=policy, strategy=strategy).segment(DOC).n_segments == 3
    assert seen == [(12, 3)] and widths(12, 3) == 4
    # Without a rule, the band sees no count.
    seen.clear()
    Composition(band=policy, strategy=strategies.ExactDP(penalty=1.0, max_length=5)).segment(DOC)
    assert seen == [(12, None)]


def test_long_documents_go_beyond():
    # Beyond 8 sentences, a composition that cuts at every sentence; up to it, this one.
    every = Composition(strategy=strategies.Baseline("all"))
    seg = Composition(strategy=strategies.Baseline("none"), beyond=(8, every))
    assert seg.segment(DOC[:8]).boundaries == []
    assert seg.segment(DOC).boundaries == list(range(1, 12))
    # The count found by the strategy's rule is passed on.
    counted = strategies.ExactDP(exponent=0.7, count=lambda s, t: 2)
    long = Composition(strategy=strategies.ExactDP(exponent=0.7))
    assert Composition(strategy=counted, beyond=(8, long)).segment(DOC).n_segments == 2
    for bad in ((8,), (0, every), (8, "c99")):
        with pytest.raises((TypeError, ValueError), match="beyond"):
            Composition(beyond=bad)  # type: ignore[arg-type]


def test_a_band_of_rows_is_the_whole_matrix_of_rows():
    # TextTiling's way: the dot products of token-sequences within 2 block - 1 of each
    # other are all that depth scores read, so the band gives the dense matrix's series.
    from linseg import segment_text

    sentences = segment_text(EXAMPLE.read_text(), method="b_n").result.sentences
    depth = strategies.DepthScores(block=3, min_separation=2)

    def tiling(band: int | None) -> Composition:
        return Composition(
            measures.DotDensity(), None, depth, band=band, rows=rows.TokenSequences(8)
        )

    dense = tiling(None)
    split = rows.TokenSequences(8)(sentences, False)
    assert len(split.texts) > 10  # rows, not sentences
    banded = measures.DotDensity().banded(split.texts, True, 5)
    full = measures.DotDensity()(list(split.texts), True)
    width = np.abs(np.subtract.outer(np.arange(len(full)), np.arange(len(full)))) <= 5
    np.testing.assert_array_equal(banded.toarray(), np.where(width, full, 0))
    for k in (None, 2, 4):
        assert tiling(5).segment(sentences, k).boundaries == dense.segment(sentences, k).boundaries
    with pytest.raises(ValueError, match="band holds 4"):
        tiling(4).segment(sentences)


def test_a_one_sentence_document_is_one_segment_whatever_its_rows():
    long_sentence = [" ".join(["bees honey hive"] * 20 + ["ships sea sail"] * 20)]
    tiling = Composition(
        measures.DotDensity(), None, strategies.DepthScores(block=2), rows=rows.TokenSequences(5)
    )
    assert tiling.segment(long_sentence).boundaries == []
    assert tiling.segment(long_sentence, 3).boundaries == []


def test_the_outline_is_read_once_a_document(monkeypatch):
    # The search's units and the outline's cost both ask for the heading starts.
    from linseg.methods import create

    calls = []
    read = outline._read_heading_starts

    def counted(sentences):
        calls.append(1)
        return read(sentences)

    monkeypatch.setattr(outline, "_read_heading_starts", counted)
    text = "# Bees\n\nBees make honey.\n\n# Ships\n\nShips sail.\n\n# Rocks\n\nRocks rest.\n"
    found = create("u00_pr").segment_text(text)
    assert len(calls) == 1
    assert found.result.notes and "headings" in found.result.notes[0]
    # Outside a document block, each call reads.
    sentences = found.result.sentences
    outline.heading_starts(sentences)
    outline.heading_starts(sentences)
    assert len(calls) == 3
    with outline.document(sentences):
        with outline.document(sentences):  # the same block
            first = outline.heading_starts(sentences)
        assert outline.heading_starts(sentences) == first
    assert len(calls) == 4


def test_a_result_type_is_filled_from_the_trace_and_the_parameters():
    from dataclasses import dataclass

    @dataclass
    class Traced(Segmentation):
        cutoff: float = 0.0
        gap_scores: np.ndarray | None = None
        chosen_gaps: list[int] | None = None

    class Tiling(Composition):
        result_type = Traced

    found = Tiling(measures.DotDensity(), None, strategies.DepthScores(block=2)).segment(DOC)
    assert isinstance(found, Traced)
    assert found.gap_scores is not None and len(found.gap_scores) == len(DOC) - 1
    assert found.chosen_gaps and found.cutoff != 0.0

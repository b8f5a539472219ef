"""Every registered method keeps the contract of a segmenter (check_segmenter), and the
contract's checks catch segmenters that break it."""

from __future__ import annotations

import numpy as np
import pytest

from linseg import Composition
from linseg.base import Segmentation, Segmenter, clone
from linseg.compose import strategies
from linseg.methods import create
from linseg.methods.catalogue import CATALOGUE
from linseg.methods.contract import (
    check_bad_params,
    check_deterministic,
    check_joins_back,
    check_params,
    check_segmenter,
    contract_text,
)


@pytest.mark.parametrize("name", [info.name for info in CATALOGUE])
def test_every_registered_method_keeps_the_contract(name):
    check_segmenter(create(name))


def test_a_composition_of_ones_own_keeps_it():
    def shared_words(sentences, tokenized):
        words = [set(s.lower().split()) for s in sentences]
        return np.array([[len(a & b) for b in words] for a in words], dtype=float)

    check_segmenter(Composition(shared_words, None, strategies.DivisiveDensity()), long=False)


def test_params_round_trip_and_set_params_rebuilds():
    seg = create("c99", mask_size=7)
    assert seg.get_params()["mask_size"] == 7
    assert seg.set_params(mask_size=9) is seg and seg.get_params()["mask_size"] == 9
    assert seg._transform.mask_size == 9  # the pieces are made again from the parameters
    with pytest.raises(ValueError, match="mask_size must be an odd integer"):
        seg.set_params(mask_size=4)
    assert seg.get_params()["mask_size"] == 9  # a refused change leaves it as it was
    copy = clone(seg)
    assert copy is not seg and copy.get_params() == seg.get_params()
    with pytest.raises(TypeError, match="clone takes a segmenter"):
        clone(42)


def test_contract_text_has_three_topics():
    text, sentences = contract_text(9)
    assert len(sentences) == 9 and text.count("\n\n") == 8
    bees = {"bees", "hive", "queen", "honey", "nectar", "flowers", "wax", "colony", "swarm"}
    bread = {"bread", "flour", "oven", "dough", "yeast", "crust", "loaf", "baker"}
    assert set(sentences[0].rstrip(".").split()) & bees
    assert not set(sentences[0].rstrip(".").split()) & bread
    assert set(sentences[-1].rstrip(".").split()) & bread


# --- segmenters that break the contract are caught ------------------------------------------


class _Loses(Segmenter):
    """Cuts before the first sentence: an empty segment."""

    def _run(self, sentences, n_segments, tokenized):
        return Segmentation(sentences, [0], n_segments)


class _Flaky(Segmenter):
    """Remembers how many documents it read, and cuts there."""

    def __init__(self, *, language: str = "en") -> None:
        super().__init__(language=language)
        self._seen = 0

    def _run(self, sentences, n_segments, tokenized):
        self._seen += 1
        cut = 1 + self._seen % max(1, len(sentences) - 1)
        return Segmentation(sentences, [cut] if len(sentences) > 2 else [], n_segments)


class _Lax(Segmenter):
    """Accepts a word where a number is wanted."""

    def __init__(self, weight: float = 1.0, *, language: str = "en") -> None:
        super().__init__(language=language)
        self.weight = weight

    def _run(self, sentences, n_segments, tokenized):
        return Segmentation(sentences, [], n_segments)


class _Hidden(Segmenter):
    """Keeps a parameter changed (doubled): the class cannot be made again from it."""

    def __init__(self, size: int = 3, *, language: str = "en") -> None:
        super().__init__(language=language)
        self.size = 2 * size


def test_the_checks_catch_what_breaks_the_contract():
    with pytest.raises(AssertionError, match="boundary outside"):
        check_joins_back(_Loses())
    with pytest.raises(AssertionError, match="not deterministic"):
        check_deterministic(_Flaky())
    with pytest.raises(AssertionError, match="accepts a word where a number is wanted for weight"):
        check_bad_params(_Lax())
    with pytest.raises(AssertionError, match=r"\['size'\] change"):
        check_params(_Hidden(size=5))

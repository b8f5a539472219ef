"""The contract every segmenter keeps, checked by :func:`check_segmenter` (as
scikit-learn's ``check_estimator`` checks an estimator).

Every registered method passes it in the tests; a segmenter of one's own (a
:class:`~linseg.compose.Composition` of one's own pieces, a subclass of
:class:`~linseg.base.Segmenter`) can be checked the same way::

    from linseg.methods.contract import check_segmenter
    check_segmenter(my_segmenter)

The checks, each a function of this module that raises AssertionError naming what failed:

- :func:`check_params`: ``get_params``, ``set_params`` and :func:`~linseg.base.clone`
  round-trip, and an unknown parameter is refused in one line;
- :func:`check_bad_params`: a parameter of the wrong type (a word where a number or a yes
  or no is wanted) or an unknown choice is refused at construction, in one line;
- :func:`check_joins_back`: the segments of a text, joined, give the text back, and the
  boundaries ascend inside the document;
- :func:`check_deterministic`: the same input gives the same output, from the segmenter
  and from a clone of it;
- :func:`check_known_count`: a known number of segments is honoured, for a segmenter that
  takes one;
- :func:`check_edge_inputs`: no sentences, one sentence, and a long document.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from linseg.base import Segmenter, clone

__all__ = [
    "check_segmenter",
    "check_params",
    "check_bad_params",
    "check_joins_back",
    "check_deterministic",
    "check_known_count",
    "check_edge_inputs",
    "contract_text",
    "LONG_SENTENCES",
]

#: The length of the long document :func:`check_edge_inputs` reads, in sentences.
LONG_SENTENCES = 1500

# Three topics, each a small vocabulary of English words: the contract's documents are
# made of sentences drawn from them, the topics in turn.
_TOPICS = (
    (
        ("bees", "hive", "queen", "honey", "nectar", "flowers", "wax", "colony", "swarm"),
        ("gather", "guard", "store", "carry", "build", "feed"),
    ),
    (
        ("trains", "rails", "station", "engine", "carriages", "timetable", "signal", "track"),
        ("pull", "cross", "leave", "reach", "stop", "share"),
    ),
    (
        ("bread", "flour", "oven", "dough", "yeast", "crust", "loaf", "baker"),
        ("knead", "bake", "rise", "shape", "slice", "warm"),
    ),
)


def contract_text(
    n_sentences: int = 24, paragraphs: bool = True, seed: int = 0
) -> tuple[str, list[str]]:
    """A document of three topics (``n_sentences`` sentences, a third of them on each):
    its text (a blank line between sentences when ``paragraphs``) and its sentences."""
    rng = np.random.default_rng(seed)
    sentences = []
    for i in range(n_sentences):
        nouns, verbs = _TOPICS[min(2, 3 * i // max(1, n_sentences))]
        a, b = rng.choice(len(nouns), 2, replace=False)
        verb = verbs[int(rng.integers(len(verbs)))]
        sentences.append(
            f"The {nouns[a]} {verb} the {nouns[b]} near the {nouns[(a + b) % len(nouns)]}."
        )
    text = ("\n\n" if paragraphs else " ").join(sentences) + "\n"
    return text, sentences


def check_segmenter(segmenter: Segmenter, long: bool = True) -> None:
    """Check every part of the contract on ``segmenter`` (see the module); raises
    AssertionError, naming the check and what failed, at the first that does not hold.
    ``long=False`` leaves out the long document, the slowest check."""
    if not isinstance(segmenter, Segmenter):
        raise TypeError(f"check_segmenter takes a segmenter, got {type(segmenter).__name__}")
    check_params(segmenter)
    check_bad_params(segmenter)
    check_joins_back(segmenter)
    check_deterministic(segmenter)
    check_known_count(segmenter)
    check_edge_inputs(segmenter, long=long)


def _same(a: Any, b: Any) -> bool:
    """Whether two parameter values are the same: equal, or the same object."""
    if a is b:
        return True
    try:
        equal = a == b
    except Exception:  # an object whose == raises compares by identity only
        return False
    if isinstance(equal, np.ndarray):
        return bool(equal.all())
    return bool(equal)


def _name(segmenter: Segmenter) -> str:
    return type(segmenter).__name__


def check_params(segmenter: Segmenter) -> None:
    """``get_params`` gives ``__init__``'s parameters, from which the class makes an equal
    segmenter; ``set_params`` of them changes nothing and returns the segmenter;
    :func:`~linseg.base.clone` copies them into a new object; an unknown parameter name is
    refused with a ValueError of one line."""
    name = _name(segmenter)
    params = segmenter.get_params()
    signature = [p for p in inspect.signature(type(segmenter).__init__).parameters if p != "self"]
    assert set(params) <= set(signature), (
        f"{name}.get_params() names {set(params) - set(signature)}"
    )
    again = type(segmenter)(**params).get_params()
    differ = [k for k in params if not _same(params[k], again[k])]
    assert not differ, f"{name}: {differ} change when the segmenter is made from its own params"
    copy = clone(segmenter)
    assert copy is not segmenter and type(copy) is type(segmenter), f"clone({name}) is not a copy"
    differ = [k for k, v in copy.get_params().items() if not _same(v, params[k])]
    assert not differ, f"clone({name}) changes {differ}"
    assert copy.set_params(**params) is copy, f"{name}.set_params does not return the segmenter"
    differ = [k for k, v in copy.get_params().items() if not _same(v, params[k])]
    assert not differ, f"{name}.set_params(**get_params()) changes {differ}"
    try:
        copy.set_params(no_such_parameter=1)
    except ValueError as exc:
        assert "\n" not in str(exc) and "no_such_parameter" in str(exc), str(exc)
    else:
        raise AssertionError(f"{name}.set_params accepts an unknown parameter")


def _wrong_values(annotation: Any) -> list[tuple[str, Any]]:
    """Values of the wrong type for a parameter so annotated, with what they test."""
    words = str(annotation).replace("typing.", "")
    wrong: list[tuple[str, Any]] = []
    if ("int" in words or "float" in words) and "Callable" not in words:
        wrong.append(("a word where a number is wanted", "not a number"))
    if words.strip() == "bool":
        wrong.append(("a word where True or False is wanted", "yes"))
    return wrong


def check_bad_params(segmenter: Segmenter) -> None:
    """Each parameter given a value of the wrong type for its annotation (a word where a
    number, or True or False, is wanted) is refused at construction with a TypeError or
    ValueError of one line; so is an unknown language."""
    name = _name(segmenter)
    params = segmenter.get_params()
    signature = inspect.signature(type(segmenter).__init__)
    trials: list[tuple[str, str, Any]] = []
    for key, parameter in signature.parameters.items():
        if key not in params:
            continue
        for what, value in _wrong_values(parameter.annotation):
            trials.append((key, what, value))
    if "language" in params:
        trials.append(("language", "an unknown language", "no such language"))
    for key, what, value in trials:
        try:
            type(segmenter)(**{**params, key: value})
        except (TypeError, ValueError) as exc:
            message = str(exc)
            assert message and "\n" not in message, f"{name}({key}=...): {message!r}"
        else:
            raise AssertionError(f"{name} accepts {what} for {key} ({value!r})")


def _check_boundaries(name: str, boundaries: Sequence[int], n: int) -> None:
    assert all(isinstance(b, int) for b in boundaries), f"{name}: boundaries are not ints"
    assert list(boundaries) == sorted(set(boundaries)), f"{name}: boundaries do not ascend"
    assert all(0 < b < n for b in boundaries), f"{name}: a boundary outside 1..{n - 1}"


def _takes_count(segmenter: Segmenter) -> bool:
    return bool(getattr(segmenter, "takes_count", True))


def _needs_count(segmenter: Segmenter) -> bool:
    return bool(getattr(segmenter, "needs_count", False))


def _count(segmenter: Segmenter, k: int) -> int | None:
    """The count to give a segmenter in the checks: ``k`` for one that needs one."""
    return k if _needs_count(segmenter) else None


def check_joins_back(segmenter: Segmenter) -> None:
    """Raw texts (prose with paragraphs, prose without, text without punctuation) come
    back whole when their segments are joined, and the boundaries ascend inside each."""
    name = _name(segmenter)
    prose, _ = contract_text(24)
    run_on, _ = contract_text(24, paragraphs=False, seed=1)
    bare = run_on.replace(".", "").lower()
    for text in (prose, run_on, bare, "  \n" + prose + "\n\n  "):
        result = segmenter.segment_text(text, _count(segmenter, 3))
        assert "".join(result.segments) == text, f"{name}: the segments do not join to the text"
        _check_boundaries(name, result.boundaries, len(result.sentence_spans))


def check_deterministic(segmenter: Segmenter) -> None:
    """The same sentences give the same boundaries twice, and from a clone."""
    name = _name(segmenter)
    _, sentences = contract_text(30, seed=2)
    count = _count(segmenter, 3)
    first = segmenter.segment(sentences, count).boundaries
    assert segmenter.segment(sentences, count).boundaries == first, f"{name}: not deterministic"
    assert clone(segmenter).segment(sentences, count).boundaries == first, (
        f"{name}: a clone segments otherwise (state kept between documents?)"
    )


def check_known_count(segmenter: Segmenter) -> None:
    """Given ``n_segments`` k (1 to 4) on a document of 36 sentences, each a paragraph,
    a segmenter that takes a count gives k segments; one that needs a count refuses to
    run without one, with a ValueError of one line."""
    name = _name(segmenter)
    _, sentences = contract_text(36, seed=3)
    paragraphs = [s + "\n\n" for s in sentences]
    if _needs_count(segmenter):
        try:
            segmenter.segment(paragraphs)
        except ValueError as exc:
            assert "\n" not in str(exc), str(exc)
        else:
            raise AssertionError(f"{name} needs a count and runs without one")
    if not _takes_count(segmenter):
        return
    for k in (1, 2, 3, 4):
        result = segmenter.segment(paragraphs, k)
        assert result.n_segments == k, f"{name}: {result.n_segments} segments asked {k}"
        _check_boundaries(name, result.boundaries, len(paragraphs))


def check_edge_inputs(segmenter: Segmenter, long: bool = True) -> None:
    """No sentences give no segments; one sentence, one segment; a long document (of
    :data:`LONG_SENTENCES` sentences) valid boundaries."""
    name = _name(segmenter)
    count: Callable[[int], int | None] = lambda k: _count(segmenter, k)  # noqa: E731
    empty = segmenter.segment([], count(2))
    assert empty.boundaries == [] and empty.n_segments == 0, f"{name}: segments of nothing"
    assert segmenter.segment_text("", count(2)).segments == [], f"{name}: segments of ''"
    one = segmenter.segment(["The bees gather the honey."], count(1))
    assert one.boundaries == [] and one.n_segments == 1, f"{name}: one sentence cut"
    if long:
        _, sentences = contract_text(LONG_SENTENCES, seed=4)
        result = segmenter.segment(sentences, count(10))
        _check_boundaries(name, result.boundaries, len(sentences))

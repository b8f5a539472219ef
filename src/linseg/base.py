"""What every segmenter shares: the result types and the ``Segmenter`` base class.

Following scikit-learn, a segmenter takes all its parameters in ``__init__``, keeps them
as given (:meth:`Segmenter.get_params`, :meth:`Segmenter.set_params`, :func:`clone`) and
does its work in one method, :meth:`Segmenter.segment`. Plain prose goes through
:meth:`Segmenter.segment_text`, which splits sentences, segments them and maps the
boundaries back onto the original characters. The parameters every segmenter may take
(language, stopwords, stemmer, tokenized and the size bounds) are checked and documented
here, once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, wraps
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from linseg.checks import check_int, check_stemmer, check_stopwords, check_tokenized

if TYPE_CHECKING:
    from linseg.chunks.bounds import SizeUnit

#: A stemmer: a lower-cased word to its stem.
Stemmer = Callable[[str], str]

__all__ = [
    "Segmentation",
    "TextSegmentation",
    "Segmenter",
    "clone",
    "check_int",
    "check_n_segments",
    "check_sentences",
    "segments_from_boundaries",
    "serial",
]

_P = ParamSpec("_P")
_R = TypeVar("_R")
_S = TypeVar("_S", bound="Segmenter")


def serial(method: Callable[Concatenate[_S, _P], _R]) -> Callable[Concatenate[_S, _P], _R]:
    """Run a segmenter's method holding the segmenter's own lock.

    A segmenter learns as it reads (its text processors' vocabularies, the words of the
    document being read), so two threads must not run one segmenter at once: they would
    see each other's half-read documents. Every public method that reads text is
    wrapped, so a segmenter shared by threads (a web server's, a multi-threaded Dask
    worker's) serves them one at a time, with the boundaries each would get alone. For
    work in parallel, give each thread or process its own segmenter.
    """

    @wraps(method)
    def locked(self: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with self._lock():
            return method(self, *args, **kwargs)

    return locked


def check_n_segments(n_segments: int | None) -> int | None:
    """Validate a requested number of segments (None means: decide automatically)."""
    return None if n_segments is None else check_int("n_segments", n_segments)


def check_sentences(sentences: Sequence[str]) -> list[str]:
    """The sentences as a list of strings; a bare string is refused (it is not a list)."""
    if isinstance(sentences, str):
        raise TypeError("segment() takes a list of sentences; use segment_text() for a string")
    sentences = list(sentences)
    for s in sentences:
        if not isinstance(s, str):
            raise TypeError(f"sentences must be strings, got {type(s).__name__}")
    return sentences


def segments_from_boundaries(items: Sequence[Any], boundaries: Sequence[int]) -> list[list[Any]]:
    """Cut ``items`` before each boundary index; an empty input gives no segments."""
    if not items:
        return []
    cuts = [0, *boundaries, len(items)]
    return [list(items[a:b]) for a, b in zip(cuts, cuts[1:])]


@dataclass
class Segmentation:
    """A segmentation of a list of sentences.

    Attributes
    ----------
    sentences:
        The input sentences.
    boundaries:
        Ascending indices of the first sentence of every segment after the first.
    n_segments_requested:
        The ``n_segments`` passed to ``segment`` (None when chosen automatically).
    details:
        Method-specific intermediate results, for inspection.
    notes:
        The choices the method made by itself, one sentence each (the band that
        ``band="auto"`` picked, say), for the user to see.
    """

    sentences: list[str]
    boundaries: list[int]
    n_segments_requested: int | None = None
    details: dict[str, Any] = field(default_factory=dict, repr=False)
    notes: list[str] = field(default_factory=list, repr=False)

    @property
    def segments(self) -> list[list[str]]:
        """The sentences of each segment."""
        return segments_from_boundaries(self.sentences, self.boundaries)

    @property
    def n_segments(self) -> int:
        return len(self.boundaries) + 1 if self.sentences else 0

    def labels(self) -> list[int]:
        """Segment number of each sentence (0-based)."""
        out, seg, bset = [], 0, set(self.boundaries)
        for i in range(len(self.sentences)):
            if i in bset:
                seg += 1
            out.append(seg)
        return out


@dataclass
class TextSegmentation:
    """A segmentation of raw text.

    ``segments`` are substrings of ``text`` that, joined, give ``text`` back exactly.
    ``sentence_spans`` are the character spans of the detected sentences and ``result`` the
    underlying sentence-level :class:`Segmentation`.
    """

    text: str
    sentence_spans: list[tuple[int, int]]
    result: Segmentation

    @property
    def boundaries(self) -> list[int]:
        return self.result.boundaries

    @property
    def char_boundaries(self) -> list[int]:
        """Character offsets at which each segment after the first begins."""
        return [self.sentence_spans[b][0] for b in self.result.boundaries]

    @property
    def segments(self) -> list[str]:
        if not self.text:
            return []
        cuts = [0, *self.char_boundaries, len(self.text)]
        return [self.text[a:b] for a, b in zip(cuts, cuts[1:])]


class Segmenter:
    """Base class: a similarity measure plus a clustering strategy.

    Subclasses implement :meth:`_run`, which receives checked sentences, a checked
    ``n_segments`` and whether the sentences are pre-tokenised (None: guess, see
    :meth:`_resolve_tokenized`). Parameters are set in ``__init__`` and read back by
    :meth:`get_params`, so a segmenter can be described, copied and logged.

    The parameters that segmenters share are checked here, and mean the same in every
    segmenter that takes them (each names them in its own ``__init__``, scikit-learn's
    rule):

    language:
        ISO 639-1 code of the text's language (``"en"``), or ``"auto"`` to detect it in
        each text.
    stopwords:
        Words to remove: an iterable of words, a path to a word-list file (one word a
        line), or None for the language's shipped list.
    stemmer:
        Callable from a lower-cased word to its stem; None for the language's Snowball
        stemmer (Porter's for English).
    tokenized:
        Whether input sentences are already tokenised (punctuation split off by spaces,
        as in the paper's corpus). None guesses per document; raw prose given to
        :meth:`segment_text` is always tokenised by linseg.
    max_size, min_size, size_unit:
        Bounds on every segment's size (None: unbounded), counted in ``size_unit``:
        ``"sentences"``, ``"words"``, ``"chars"`` or a callable giving a sentence's
        size. See :mod:`linseg.chunks.bounds`: the method's boundaries are kept where the bounds
        allow; oversized segments are cut where the topic breaks most, undersized ones
        joined to their more similar neighbour. A sentence is never split.
    """

    name: str = "segmenter"
    #: Whether the segmenter runs only given the number of segments (R98, C99_b's kin).
    needs_count: bool = False
    #: Whether a number of segments, given, is what it finds (a baseline may ignore it).
    takes_count: bool = True
    tokenized: bool | None = None
    language: str = "en"
    max_size: int | None = None
    min_size: int | None = None
    size_unit: SizeUnit = "sentences"

    def __init__(
        self,
        *,
        language: str = "en",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
        stopwords: Any = None,
        stemmer: Stemmer | None = None,
        tokenized: bool | None = None,
    ) -> None:
        from linseg.chunks.bounds import check_bounds

        self.stopwords = check_stopwords(stopwords)
        self.stemmer = check_stemmer(stemmer)
        self.tokenized = check_tokenized(tokenized)

        if not isinstance(language, str):
            raise TypeError(f"language must be an ISO 639-1 code or 'auto', got {language!r}")
        if language != "en":
            from linseg.text.languages import AUTO, resolve_language

            language = AUTO if language.strip().lower() == AUTO else resolve_language(language)
        self.language = language
        self.max_size, self.min_size, self.size_unit = check_bounds(max_size, min_size, size_unit)

    def _lock(self) -> threading.RLock:
        """The lock :func:`serial` holds, made on first use (a lock does not pickle:
        :meth:`__getstate__` leaves it out)."""
        lock = self.__dict__.get("_serial")
        if lock is None:
            # setdefault is atomic: two threads that both miss get the same lock.
            lock = self.__dict__.setdefault("_serial", threading.RLock())
        return lock

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_serial", None)
        return state

    @serial
    def segment(self, sentences: Sequence[str], n_segments: int | None = None) -> Segmentation:
        """Segment a list of sentences (``n_segments``: a known number of segments)."""
        sentences = check_sentences(sentences)
        if self.language == "auto":
            return self.for_text(sentences).segment(sentences, n_segments)
        result = self._run(sentences, check_n_segments(n_segments), self.tokenized)
        return self._bounded(result, self.tokenized)

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> Segmentation:
        raise NotImplementedError(f"{type(self).__name__} must implement _run")

    def _bounded(self, result: Segmentation, tokenized: bool | None) -> Segmentation:
        """``result`` with its boundaries moved into the size bounds, if any are set."""
        if self.max_size is None and self.min_size is None:
            return result
        from dataclasses import replace

        from linseg.chunks.bounds import bound_boundaries, sentence_sizes, topic_breaks
        from linseg.text.processor import processor_for

        sentences = result.sentences
        sizes = sentence_sizes(sentences, self.size_unit)
        breaks = topic_breaks(
            sentences,
            processor_for(self),
            self._resolve_tokenized(sentences, tokenized),
        )
        boundaries, notes = bound_boundaries(
            sizes, result.boundaries, breaks, self.max_size, self.min_size
        )
        return replace(result, boundaries=boundaries, notes=[*result.notes, *notes])

    def _resolve_tokenized(self, sentences: Sequence[str], tokenized: bool | None) -> bool:
        """``tokenized`` if given, else the segmenter's setting, else a guess from the text."""
        if tokenized is None:
            tokenized = self.tokenized
        if tokenized is None:
            from linseg.text.processor import looks_tokenized

            tokenized = looks_tokenized(sentences)
        return tokenized

    @serial
    def segment_text(self, text: str, n_segments: int | None = None) -> TextSegmentation:
        """Split raw ``text`` into sentences, segment them, and cut the text to match."""
        from linseg.text.processor import split_sentences

        if not isinstance(text, str):
            raise TypeError(f"text must be str, got {type(text).__name__}")
        if self.language == "auto":
            return self.for_text(text).segment_text(text, n_segments)
        spans = split_sentences(text, self.language)
        sentences = [text[a:b] for a, b in spans]
        # Raw prose: segmenters that tokenise must not expect pre-tokenised input.
        result = self._bounded(self._run(sentences, check_n_segments(n_segments), False), False)
        return TextSegmentation(text, spans, result)

    @property
    def text_language(self) -> str:
        """The language the segmenter's own text processing is set up for. With
        ``language="auto"`` that is English, and unused: :meth:`segment` hands each text
        to a copy set to the language found in it (:meth:`for_text`)."""
        return "en" if self.language == "auto" else self.language

    def for_text(self, text: str | Sequence[str]) -> Segmenter:
        """The segmenter that reads ``text`` (a string, or a document's sentences): this
        one, or for ``language="auto"`` a copy set to the language found in the text (one
        copy per language met, kept)."""
        if self.language != "auto":
            return self
        from linseg.text.languages import resolve_language

        code = resolve_language("auto", text if isinstance(text, str) else " ".join(text))
        return self._variant(language=code)

    def _variant(self, **changes: Any) -> Segmenter:
        """A copy of this segmenter with the parameters ``changes`` (as ``__init__`` takes
        them), made once per set of changes and kept."""
        key = tuple(sorted(changes.items()))
        copies: dict[tuple, Segmenter] = self.__dict__.setdefault("_variants", {})
        if key not in copies:
            copies[key] = type(self)(**{**self.get_params(), **changes})
        return copies[key]

    @classmethod
    def _param_names(cls) -> list[str]:
        return list(_init_params(cls.__init__))

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        """The parameters of ``__init__``, as given (``deep`` is scikit-learn's argument;
        a segmenter's parameters hold no segmenters whose own would be listed)."""
        return {name: getattr(self, name) for name in self._param_names()}

    def set_params(self, **params: Any) -> Segmenter:
        """Set parameters by name and return the segmenter (scikit-learn's convention).

        The segmenter is made again from all its parameters, as ``__init__`` makes it:
        each is checked again (a bad one raises, and the segmenter is left as it was),
        and nothing read from earlier documents is kept."""
        if not params:
            return self
        names = self._param_names()
        unknown = [name for name in params if name not in names]
        if unknown:
            raise ValueError(
                f"{type(self).__name__} has no parameter {unknown[0]!r}; "
                f"its parameters: {', '.join(names)}"
            )
        fresh = type(self)(**{**self.get_params(), **params})
        with self._lock():
            lock = self.__dict__.get("_serial")
            self.__dict__.clear()
            self.__dict__.update(fresh.__dict__)
            if lock is not None:
                self.__dict__["_serial"] = lock
        return self

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items())
        return f"{type(self).__name__}({args})"


@cache
def _init_params(init: Callable[..., None]) -> tuple[str, ...]:
    """The parameters an ``__init__`` names, read once per function: every result of a
    composition is filled from its segmenter's parameters, and reading a signature costs
    more than segmenting a short document does."""
    import inspect

    sig = inspect.signature(init)
    # A segmenter without an __init__ of its own (a baseline) has object's
    # ``*args, **kwargs``, which are not parameters.
    variadic = (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL)
    return tuple(
        name for name, p in sig.parameters.items() if name != "self" and p.kind not in variadic
    )


_S2 = TypeVar("_S2", bound=Segmenter)


def clone(segmenter: _S2) -> _S2:
    """A new segmenter of the same class with the same parameters, and nothing else:
    no document read, no words learnt (scikit-learn's ``clone``). A parameter that is
    itself a segmenter is cloned too; other objects (a measure, a stemmer, a word list)
    are passed as they are, as scikit-learn passes them."""
    if not isinstance(segmenter, Segmenter):
        raise TypeError(f"clone takes a segmenter, got {type(segmenter).__name__}")
    params: dict[str, Any] = {
        name: clone(value) if isinstance(value, Segmenter) else value
        for name, value in segmenter.get_params().items()
    }
    return type(segmenter)(**params)

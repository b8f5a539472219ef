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
from functools import wraps
from typing import TYPE_CHECKING, Any, ClassVar, Concatenate, ParamSpec, TypeVar

from linseg.checks import check_int, check_stemmer, check_stopwords, check_tokenized

if TYPE_CHECKING:
    from linseg.chunks.bounds import SizeUnit
    from linseg.chunks.overlap import Chunk

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

    @property
    def input_boundaries(self) -> list[int]:
        """The boundaries as indices of the sentences given to ``segment``. They are
        :attr:`boundaries` unless ``max_size`` cut sentences into pieces (then
        :attr:`sentences` are the pieces): a boundary between two pieces of one sentence
        is left out, as no index of the sentences given can say where it falls."""
        pieces_of = self.details.get("sentence_of_piece")
        if pieces_of is None:
            return list(self.boundaries)
        return [pieces_of[b] for b in self.boundaries if pieces_of[b] != pieces_of[b - 1]]

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
    ``sentence_spans`` are the character spans of the detected sentences (of their pieces,
    where ``max_size`` cut one) and ``result`` the underlying sentence-level
    :class:`Segmentation`. ``chunks``, when an ``overlap`` was asked for, are the segments
    with the overlap before each (:class:`linseg.chunks.overlap.Chunk`); else None.
    """

    text: str
    sentence_spans: list[tuple[int, int]]
    result: Segmentation
    chunks: list[Chunk] | None = None

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


# Each segmenter class's parameter names: reading a signature costs more than a C99 run's
# whole bookkeeping, and a result is filled from the parameters at every call.
_PARAM_NAMES: dict[type, tuple[str, ...]] = {}


def _under_min(sizes: Any, boundaries: list[int], min_size: int) -> list[str]:
    """A note when cutting segments again for ``max_size`` left some under ``min_size``."""
    cuts = [0, *boundaries, len(sizes)]
    small = sum(1 for a, b in zip(cuts, cuts[1:]) if int(sizes[a:b].sum()) < min_size)
    if not small:
        return []
    return [f"max_size wins over min_size: {small} segment(s) cut again are smaller than min_size"]


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
        ISO 639-1 code of the text's language, or ``"auto"`` (the default) to detect it
        in each text (:func:`linseg.text.identification.detect_language`: by script, then an
        identifier that must be sure, English otherwise).
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
        joined to their more similar neighbour. No segment is ever larger than
        ``max_size``: a sentence larger than it is cut first, at clause punctuation, line
        breaks, white space or, last, characters (:mod:`linseg.chunks.split`), and the
        notes say where. Where both bounds cannot hold, ``max_size`` wins.
    """

    name: str = "segmenter"
    #: Whether the segmenter runs only given the number of segments (R98, C99_b's kin).
    needs_count: bool = False
    #: Whether a number of segments, given, is what it finds (a baseline may ignore it).
    takes_count: bool = True
    #: Weights of evidence learned from written text, each with what it weighs: a
    #: transcript's run (:func:`linseg.run.run_document`) sets them to 0 and says so.
    written_only: ClassVar[dict[str, str]] = {}
    tokenized: bool | None = None
    language: str = "auto"
    max_size: int | None = None
    min_size: int | None = None
    size_unit: SizeUnit = "sentences"

    def __init__(
        self,
        *,
        language: str = "auto",
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
        if language not in ("en", "auto"):
            from linseg.text.identification import resolve_language
            from linseg.text.languages import AUTO

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
        """Segment a list of sentences (``n_segments``: a known number of segments).

        With ``max_size`` set, a sentence larger than it is cut into pieces first
        (:mod:`linseg.chunks.split`): the result's ``sentences`` are then those pieces,
        and its ``notes`` say which sentences were cut and where."""
        sentences = check_sentences(sentences)
        if self.language == "auto" and (reader := self.for_text(sentences)) is not self:
            return reader.segment(sentences, n_segments)
        notes: list[str] = []
        if self._cuts_units():
            from linseg.chunks.split import split_notes, split_texts

            sentences, splits, pieces_of = split_texts(
                sentences, self._size_limit(0), self._size_counter()
            )
            notes = split_notes(splits, self._size_limit(0), self._size_unit_name())
        result = self._run(sentences, check_n_segments(n_segments), self.tokenized)
        result = self._bounded(result, self.tokenized, notes=notes)
        if notes:
            result.details["sentence_of_piece"] = pieces_of
        return result

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> Segmentation:
        raise NotImplementedError(f"{type(self).__name__} must implement _run")

    def _cuts_units(self) -> bool:
        """Whether units larger than ``max_size`` can exist (and must be cut)."""
        return self.max_size is not None and self.size_unit != "sentences"

    def _size_limit(self, reserve: int) -> int:
        assert self.max_size is not None
        return self.max_size - reserve

    def _size_counter(self) -> Callable[[str], int]:
        from linseg.chunks.bounds import size_function

        return size_function(self.size_unit)

    def _size_unit_name(self) -> str:
        return self.size_unit if isinstance(self.size_unit, str) else "units (size_unit)"

    def _bounded(
        self,
        result: Segmentation,
        tokenized: bool | None,
        texts: Sequence[str] | None = None,
        reserve: int = 0,
        notes: Sequence[str] = (),
    ) -> Segmentation:
        """``result`` with its boundaries moved into the size bounds, if any are set.

        ``texts`` are the units as the segments will hold them (default: the sentences),
        on which sizes are measured; ``reserve`` is taken off ``max_size`` (room for the
        overlap of :meth:`segment_spans`); ``notes`` (the cuts made before) go first."""
        from dataclasses import replace

        if self.max_size is None and self.min_size is None:
            return replace(result, notes=[*notes, *result.notes]) if notes else result
        from linseg.chunks.bounds import (
            bound_boundaries,
            fit_segments,
            sentence_sizes,
            topic_breaks,
        )
        from linseg.text.processor import processor_for

        sentences = result.sentences
        texts = sentences if texts is None else texts
        max_size = None if self.max_size is None else self._size_limit(reserve)
        sizes = sentence_sizes(texts, self.size_unit)
        breaks = topic_breaks(
            sentences,
            processor_for(self),
            self._resolve_tokenized(sentences, tokenized),
        )
        boundaries, more = bound_boundaries(
            sizes, result.boundaries, breaks, max_size, self.min_size
        )
        if max_size is not None:
            boundaries, fitted = fit_segments(texts, boundaries, breaks, max_size, self.size_unit)
            more = [*more, *fitted]
            if fitted and self.min_size is not None:
                more.extend(_under_min(sizes, boundaries, self.min_size))
        return replace(result, boundaries=boundaries, notes=[*notes, *result.notes, *more])

    def _resolve_tokenized(self, sentences: Sequence[str], tokenized: bool | None) -> bool:
        """``tokenized`` if given, else the segmenter's setting, else a guess from the text."""
        if tokenized is None:
            tokenized = self.tokenized
        if tokenized is None:
            from linseg.text.processor import looks_tokenized

            tokenized = looks_tokenized(sentences)
        return tokenized

    @serial
    def segment_text(
        self,
        text: str,
        n_segments: int | None = None,
        *,
        overlap: int | None = None,
        n_keywords: int = 5,
    ) -> TextSegmentation:
        """Split raw ``text`` into sentences, segment them, and cut the text to match.

        ``overlap`` (in ``size_unit``) adds :attr:`TextSegmentation.chunks`: each segment
        with up to ``overlap`` of the text before it, in whole sentences (see
        :meth:`segment_spans`)."""
        from linseg.text.processor import split_sentences
        from linseg.text.units import prose_units

        if not isinstance(text, str):
            raise TypeError(f"text must be str, got {type(text).__name__}")
        if self.language == "auto" and (reader := self.for_text(text)) is not self:
            return reader.segment_text(text, n_segments, overlap=overlap, n_keywords=n_keywords)
        spans = split_sentences(text, self.text_language)
        # Text without punctuation (other units than its sentences), a table of contents.
        spans, sentences, notes = prose_units(text, spans, self.text_language)
        # Raw prose: segmenters that tokenise must not expect pre-tokenised input.
        done = self._segment_spans(text, spans, sentences, n_segments, False, overlap, n_keywords)
        done.result.notes[:0] = notes
        return done

    @serial
    def segment_spans(
        self,
        text: str,
        spans: Sequence[tuple[int, int]],
        sentences: Sequence[str] | None = None,
        n_segments: int | None = None,
        *,
        tokenized: bool | None = None,
        overlap: int | None = None,
        n_keywords: int = 5,
    ) -> TextSegmentation:
        """Segment a text whose units are given: ``spans`` (``(start, end)``, tiling
        ``text``) and what the method reads of each, ``sentences`` (default: the spans'
        text; a reader may give them stripped, or tokenised).

        With ``max_size`` set, units larger than it are cut first
        (:mod:`linseg.chunks.split`) and sizes are measured on each segment's own text, so
        no segment is larger. ``overlap`` (a number of ``size_unit``, smaller than
        ``max_size``) adds :attr:`TextSegmentation.chunks`: each segment with the whole
        units before it that fit in ``overlap``, as LangChain's ``chunk_overlap``; as
        there, ``max_size`` includes the overlap, so segments are kept within
        ``max_size - overlap``. Chunks carry their segment's ``n_keywords`` keywords.
        """
        reader = self.for_text(text if sentences is None else sentences)
        return reader._segment_spans(
            text, spans, sentences, n_segments, tokenized, overlap, n_keywords
        )

    def _segment_spans(
        self,
        text: str,
        spans: Sequence[tuple[int, int]],
        sentences: Sequence[str] | None,
        n_segments: int | None,
        tokenized: bool | None,
        overlap: int | None,
        n_keywords: int,
    ) -> TextSegmentation:
        """:meth:`segment_spans` by this segmenter, whatever the text's language."""
        n_segments = check_n_segments(n_segments)
        reserve = self._check_overlap(overlap)
        spans = list(spans)
        units = [text[a:b] for a, b in spans] if sentences is None else check_sentences(sentences)
        notes: list[str] = []
        splits: list[Any] = []
        if self._cuts_units():
            from linseg.chunks.split import split_notes, split_spans

            limit = self._size_limit(reserve)
            spans, units, splits = split_spans(text, spans, units, limit, self._size_counter())
            notes = split_notes(splits, limit, self._size_unit_name())
        tokenized = self.tokenized if tokenized is None else tokenized
        result = self._run(units, n_segments, tokenized)
        texts = None
        if self.max_size is not None or self.min_size is not None:
            texts = units if sentences is None else [text[a:b] for a, b in spans]
        result = self._bounded(result, tokenized, texts, reserve, notes)
        if splits:
            result.details["forced_splits"] = splits
        chunks = None
        if overlap is not None:
            from linseg.chunks.overlap import overlapping_chunks

            chunks = overlapping_chunks(
                text,
                spans,
                result.boundaries,
                overlap,
                self._size_counter(),
                None if self.max_size is None else self.max_size,
                self._segment_keywords(result, tokenized, n_keywords),
            )
        return TextSegmentation(text, spans, result, chunks)

    def _check_overlap(self, overlap: int | None) -> int:
        """The room ``overlap`` takes off ``max_size`` (0 without either)."""
        if overlap is None:
            return 0
        overlap = check_int("overlap", overlap, minimum=0)
        if self.max_size is None:
            return 0
        if overlap >= self.max_size:
            raise ValueError(
                f"overlap ({overlap}) must be smaller than max_size ({self.max_size}), "
                "which includes it"
            )
        return overlap

    def _segment_keywords(
        self, result: Segmentation, tokenized: bool | None, k: int
    ) -> list[list[str]]:
        from linseg.chunks.keywords import segment_keywords
        from linseg.text.processor import processor_for

        if not k or not result.sentences:
            return [[] for _ in range(max(result.n_segments, 1))]
        return segment_keywords(
            result.sentences,
            result.boundaries,
            k,
            tokenized=self._resolve_tokenized(result.sentences, tokenized),
            processor=processor_for(self),
        )

    @property
    def text_language(self) -> str:
        """The language the segmenter's own text processing is set up for. With
        ``language="auto"`` that is English: :meth:`segment` reads English text itself and
        hands any other to a copy set to the language found in it (:meth:`for_text`)."""
        return "en" if self.language == "auto" else self.language

    def language_of(self, text: str | Sequence[str]) -> str:
        """The language this segmenter reads ``text`` (a string, or a document's sentences)
        in: its ``language``, or for ``"auto"`` the one detected in the text
        (:func:`linseg.text.identification.detect_language`)."""
        if self.language != "auto":
            return self.language
        from linseg.text.identification import detect_language

        return detect_language(text)

    def for_text(self, text: str | Sequence[str]) -> Segmenter:
        """The segmenter that reads ``text`` (a string, or a document's sentences): this
        one, or for ``language="auto"`` and a text not in English a copy set to the language
        found in it (one copy per language met, kept). English text is read by this one,
        whose own processing is English's."""
        if self.language != "auto":
            return self
        return self.for_language(self.language_of(text))

    def for_language(self, code: str) -> Segmenter:
        """The segmenter that reads text in the language ``code`` (as :meth:`language_of`
        gives it): this one, or for ``language="auto"`` and a language other than English a
        copy set to it (one copy per language, kept). A text already detected need not be
        detected again."""
        if self.language != "auto" or code == self.text_language:
            return self
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
    def _param_names(cls) -> tuple[str, ...]:
        """The names of ``__init__``'s parameters (read once per class)."""
        names = _PARAM_NAMES.get(cls)
        if names is None:
            import inspect

            sig = inspect.signature(cls.__init__)
            # A segmenter without an __init__ of its own (a baseline) has object's
            # ``*args, **kwargs``, which are not parameters.
            variadic = (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL)
            names = tuple(
                name
                for name, p in sig.parameters.items()
                if name != "self" and p.kind not in variadic
            )
            _PARAM_NAMES[cls] = names
        return names

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

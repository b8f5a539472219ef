"""Segmenting one document as ``linseg segment`` does, with every choice on record.

:func:`run_document` is the one path from a :class:`~linseg.readers.document.Document` to
its segmentation for the command line, the batch workers, the figures and the reports.
It refuses what cannot be honoured (no sentences; a method that needs a known number of
segments without one) and records every automatic choice as a note: the format detected
where the guess was a close one, a requested number of segments capped at the number of
sentences, the band that ``band="auto"`` picked. Nothing is chosen silently.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from linseg.base import Segmentation, Segmenter
from linseg.chunks.keywords import keyword_processor, segment_keywords
from linseg.readers.document import Document
from linseg.text.languages import AUTO, language_info

if TYPE_CHECKING:
    from linseg.methods import MethodInfo

__all__ = ["DocumentRun", "run_document", "check_request", "KEYWORDS"]

#: Keywords per segment in the JSON record and the ``--keywords`` header lines.
KEYWORDS = 5


@dataclass
class DocumentRun:
    """A document, the method run on it, its segmentation and the choices made.

    Attributes
    ----------
    document:
        The document segmented.
    method:
        The registered method name asked for (``c99_b``, not the class's ``c99``).
    segmenter:
        The segmenter that ran.
    result:
        Its segmentation.
    n_segments_requested:
        The number of segments asked for, before any cap (None: chosen automatically).
    notes:
        The automatic choices, one sentence each, in the order they were made.
    language:
        The language the document was read in: the one named, or the one detected.
    """

    document: Document
    method: str
    segmenter: Segmenter
    result: Segmentation
    n_segments_requested: int | None = None
    notes: list[str] = field(default_factory=list)
    language: str = "en"
    _keywords: dict[int, list[list[str]]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def boundaries(self) -> list[int]:
        return list(self.result.boundaries)

    def keywords(self, k: int = KEYWORDS) -> list[list[str]]:
        """The ``k`` most distinctive words of each segment, found with the segmenter's
        stopwords and stemmer (:func:`linseg.chunks.keywords.segment_keywords`); computed once
        per ``k``."""
        if k not in self._keywords:
            doc = self.document
            segmenter = self.segmenter.for_language(self.language)
            self._keywords[k] = segment_keywords(
                doc.sentences,
                self.boundaries,
                k,
                tokenized=doc.tokenized,
                processor=keyword_processor(segmenter),
            )
        return self._keywords[k]

    @property
    def times(self) -> list[tuple[float, float]] | None:
        """``(start, end)`` of each segment in seconds, for a transcript; else None."""
        return self.document.segment_times(self.boundaries)

    @property
    def band(self) -> int | None:
        """The band of a banded run (None: full matrices, or a method without bands)."""
        band = getattr(self.result, "band", None)
        return None if band is None else int(band)


def _with_units(document: Document, spans: list[tuple[int, int]], sentences: list[str]) -> Document:
    """``document`` with its sentences cut into the pieces ``spans`` (each inside one of
    its spans); a transcript's pieces share their sentence's time in proportion to their
    characters."""
    times = None
    if document.times is not None:
        times, k = [], 0
        for a, b in spans:
            while document.spans[k][1] <= a:
                k += 1
            (s0, s1), (t0, t1) = document.spans[k], document.times[k]
            share = (t1 - t0) / max(s1 - s0, 1)
            times.append((round(t0 + (a - s0) * share, 3), round(t0 + (b - s0) * share, 3)))
    return replace(document, spans=list(spans), sentences=list(sentences), times=times)


def check_request(method: str, n_segments: int | None) -> MethodInfo:
    """The method's registration; a ValueError if it needs ``n_segments`` and has none."""
    from linseg.methods import get

    info = get(method)
    if info.needs_n_segments and n_segments is None:
        raise ValueError(f"method {info.name!r} needs the number of segments (--segments N)")
    return info


def run_document(
    document: Document,
    method: str | None = None,
    n_segments: int | None = None,
    options: Mapping[str, Any] | None = None,
    segmenter: Segmenter | None = None,
    keep_matrices: bool = False,
) -> DocumentRun:
    """Segment ``document`` with ``method`` (default: :data:`linseg.methods.DEFAULT_METHOD`).

    ``options`` are command-line style settings (:func:`linseg.methods.from_options`);
    a ready ``segmenter`` may be passed instead, for instance one kept across documents.
    ``keep_matrices`` asks a method that has matrices (C99's, Reynar's) to keep them on
    its result, for figures and reports.
    Raises ValueError, with one sentence that says what to do, for a document with no
    sentences or a method that needs ``n_segments`` without it.
    """
    from linseg.methods import DEFAULT_METHOD, from_options

    info = check_request(DEFAULT_METHOD if method is None else method, n_segments)
    if not document.sentences or document.text.isspace():
        where = f" in {document.path}" if document.path else ""
        raise ValueError(f"no sentences{where}: the input is empty or only white space")
    if segmenter is None:
        extra: dict[str, Any] = {"tokenized": document.tokenized}
        if keep_matrices:
            extra["keep_matrices"] = True
        segmenter = from_options(info.name, options or {}, **extra)
    elif segmenter.tokenized is None and "tokenized" in segmenter.get_params():
        # What the reader knows of the text (raw prose, or tokens), as the command line
        # tells the segmenter it makes: a guess from the sentences could differ.
        segmenter = segmenter._variant(tokenized=document.tokenized)
    notes = list(document.notes)
    language = segmenter.language_of(document.sentences)
    # The JSON record's params always name the language; a note says when detection read
    # the text in another than English, the reading linseg always had.
    if segmenter.language == AUTO and language != "en":
        notes.append(
            f"the language detected: {language_info(language).name} ({language}); "
            "--language CODE names it"
        )
    if document.times is not None:
        params = segmenter.get_params()
        off = {name: what for name, what in segmenter.written_only.items() if params[name]}
        if off:
            segmenter = segmenter._variant(**dict.fromkeys(off, 0.0))
            notes.extend(f"a transcript: no {what}" for what in off.values())
    n = len(document.sentences)
    run_with = n_segments
    if n_segments is not None and n_segments > n:
        run_with = n
        notes.append(
            f"{n_segments} segments asked for, but the document has {n} "
            f"sentence{'s' if n != 1 else ''}: at most {n} segment{'s' if n != 1 else ''}"
        )
    # The language found above, not found again (it costs a millisecond in most languages).
    reader = segmenter.for_language(language)
    segmented = reader.segment_spans(document.text, document.spans, document.sentences, run_with)
    result = segmented.result
    if len(segmented.sentence_spans) != len(document.spans):
        # max_size cut sentences into pieces: the document's units are now the pieces.
        document = _with_units(document, segmented.sentence_spans, result.sentences)
    found = result.n_segments
    if run_with is not None and found != run_with:
        # Baselines ignore the count, TextTiling has fewer gaps than sentences, U00 on
        # paragraphs cuts only between paragraphs: say so rather than let it pass.
        notes.append(f"method {info.name!r} gave {found} segments, not the {run_with} asked for")
    notes.extend(result.notes)
    return DocumentRun(document, info.name, segmenter, result, n_segments, notes, language)

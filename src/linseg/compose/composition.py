"""A segmenter made of a measure, an optional transform and a strategy: the one pipeline
every named composition runs (C99, Reynar's dot-plots, TextTiling, U00 ... are
configurations of it)."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, ClassVar

import numpy as np

from linseg.base import Segmentation, Segmenter, check_n_segments
from linseg.checks import check_flag, check_int
from linseg.chunks.bounds import SizeUnit
from linseg.compose.band import BandMatrix, check_band, resolve_band
from linseg.compose.measures import Measure, StemCosine
from linseg.compose.memory import check_fits, dense_matrix_bytes
from linseg.compose.rows import Split
from linseg.compose.strategies import DivisiveDensity, Strategy
from linseg.compose.transforms import LocalRank
from linseg.text import outline
from linseg.text.processor import Stemmer, share_processors

__all__ = ["Composition"]

# The fields every result has; a result type's others are the pipeline's to fill.
_BASE_FIELDS = frozenset({"sentences", "boundaries", "n_segments_requested", "details", "notes"})


_OWN_FIELDS: dict[type, tuple[str, ...]] = {}


def _own_fields(result_type: type[Segmentation]) -> tuple[str, ...]:
    """The fields of a result type the pipeline fills (read once per type)."""
    own = _OWN_FIELDS.get(result_type)
    if own is None:
        fields = dataclasses.fields(result_type)
        own = _OWN_FIELDS[result_type] = tuple(f.name for f in fields if f.name not in _BASE_FIELDS)
    return own


class _Blocks:
    """Blocks entered in order and left in reverse, as an ExitStack would, without its
    bookkeeping (a fifth of a short document's pipeline overhead)."""

    __slots__ = ("blocks", "entered")

    def __init__(self, blocks: list[Any]) -> None:
        self.blocks = blocks
        self.entered: list[Any] = []

    def __enter__(self) -> None:
        try:
            for block in self.blocks:
                block.__enter__()
                self.entered.append(block)
        except BaseException:
            self.__exit__()
            raise

    def __exit__(self, *exc: object) -> None:
        while self.entered:
            self.entered.pop().__exit__(None, None, None)


class Composition(Segmenter):
    """A segmenter as the paper concludes one is: a similarity measure plus a clustering
    strategy, with an optional transform between them.

    Parameters
    ----------
    measure:
        Sentences to a sentence x sentence matrix (:mod:`linseg.compose.measures`), for
        instance ``Embedding(model.encode)`` for a sentence-embedding model of your own.
        None: C99's :class:`~linseg.compose.measures.StemCosine` in ``language``.
    transform:
        Applied to the matrix before the strategy (:mod:`linseg.compose.transforms`);
        ``"rank"`` (the default) is ``LocalRank(11)``; None for none.
    strategy:
        The matrix and a count (or None) to boundaries (:mod:`linseg.compose.strategies`).
    tokenized:
        Whether sentences are pre-tokenised; None guesses, as C99.
    band:
        None (the default): the dense n x n matrix, as always. A callable of the
        document's length and count gives the band for each document (None: the whole
        matrix; :class:`~linseg.compose.band.CountBand`). An integer w keeps the
        matrix within w sentences of the diagonal, as C99's ``band`` does
        (:mod:`linseg.compose.band`): the measure and the transform are computed on the band
        only and the strategy receives a :class:`~linseg.compose.band.BandMatrix`, so a long
        document never builds an n x n matrix. ``"auto"``: the dense matrix while it
        fits comfortably, else the default band (:func:`linseg.compose.band.resolve_band`).
        A band needs a measure with a banded form -- C99's ``StemCosine``, or any
        measure with a method ``banded(sentences, tokenized, band) -> BandMatrix`` --
        and a transform that keeps the band (``LocalRank``, ``NoTransform`` or None);
        anything else is refused with a ValueError rather than silently densified.
        The strategies that take a band are :class:`~linseg.compose.strategies.ExactDP`
        (with ``max_length``), :class:`~linseg.compose.strategies.DivisiveDensity`
        (banded C99) and :class:`~linseg.compose.strategies.DepthScores`. With ``rows``
        the band is one of rows (TextTiling's: ``2 k - 1`` token-sequences).
    keep_matrices:
        Whether the result keeps the pipeline's matrices (the measure's, the
        transform's, the strategy's sum of rank), for figures and reports. False, the
        default: a segmentation holds no n x n matrix longer than it needs one.
    stopwords, stemmer:
        Those of the default measure (None: C99's ``StemCosine``), and of the measures a
        named composition builds (see :class:`~linseg.base.Segmenter`).
    rows:
        None (the default): the matrix has a row per sentence. Otherwise what its rows
        are (:mod:`linseg.compose.rows`): ``Paragraphs()``, or ``TokenSequences(w)``,
        Hearst's runs of ``w`` words; the boundaries found between rows are mapped to
        sentence boundaries (several may map to one). A strategy that reads the
        sentences themselves or their positions is refused. A document of one sentence
        is one segment, however many rows it makes.
    beyond:
        None (the default), or ``(n, composition)``: documents of more than ``n``
        sentences are segmented by ``composition`` instead, for pieces whose matrices or
        tables grow as the square of the length (``consensus_dp`` hands long documents to
        ``C99DP``'s banded search, ``u00_pr`` to U00's own search without the rank
        evidence). The count a strategy's count rule found is passed on; the result is
        this composition's type, filled from the other's products. One segment of such a
        document, in a plain :class:`~linseg.base.Segmentation`, is no boundary: nothing
        is searched.

    Notes
    -----
    The defaults compose C99: ``StemCosine()``, ``LocalRank(11)`` and
    ``DivisiveDensity(c=1.2)`` give the boundaries of :class:`~linseg.methods.c99.C99`
    (and, with a band, those of ``C99(band=...)``). With a band covering the document
    (``w >= n - 1``) the matrices are the dense ones bit for bit.

    Exact search on a long document, with a penalty or a count::

        Composition(strategy=ExactDP(penalty=2.0, max_length=150), band=149)
        Composition(strategy=ExactDP(exponent=0.7, max_length="auto"), band=64)

    The pipeline (:meth:`_products`), for a document of n sentences: the count (given,
    or the strategy's own rule's, ``ExactDP(count=...)``); ``beyond``; the rows; the
    band (for the count); the measure and the transform (unless the strategy
    reads no matrix: ``needs_matrix`` false); the strategy, or its ``trace(matrix,
    n_segments, keep=..., **extra) -> dict`` when the result has fields to fill. A
    strategy says what else it reads: ``needs_positions`` (``positions``),
    ``needs_counts`` (``counts``), ``needs_text`` (``sentences`` and ``tokenized``),
    ``takes_snap`` (with rows, ``snap``: it maps row gaps to sentence boundaries itself).
    """

    name = "composition"
    #: The result's type: :class:`~linseg.base.Segmentation`, or a subclass whose further
    #: fields the pipeline fills by name, from what it computed (the matrices, the band
    #: used, the strategy's trace) and from the segmenter's parameters.
    result_type: ClassVar[type[Segmentation]] = Segmentation
    #: What the pipeline keeps only with ``keep_matrices``: n x n matrices, or their band.
    MATRICES: ClassVar[tuple[str, ...]] = ("similarity", "rank", "sum_rank")

    def __init__(
        self,
        measure: Measure | None = None,
        transform: object | None = "rank",
        strategy: Strategy | None = None,
        tokenized: bool | None = None,
        band: int | str | None = None,
        rows: Callable[[Sequence[str], bool], Split] | None = None,
        beyond: tuple[int | Callable[[Sequence[str], int | None], int], Composition] | None = None,
        *,
        language: str = "auto",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        keep_matrices: bool = False,
    ) -> None:
        super().__init__(
            language=language,
            max_size=max_size,
            min_size=min_size,
            size_unit=size_unit,
            stopwords=stopwords,
            stemmer=stemmer,
            tokenized=tokenized,
        )
        # Parameters are kept as given (scikit-learn's rule), the parts built from them.
        self.keep_matrices = check_flag("keep_matrices", keep_matrices)
        self.measure = measure
        self.transform = transform
        self.strategy = strategy
        if rows is not None and not callable(rows):
            raise TypeError(f"rows must be callable or None, got {type(rows).__name__}")
        self.rows = rows
        if band is not None and band != "auto" and not callable(band):
            check_band(band)
        self.band = band
        if beyond is not None:
            if not (isinstance(beyond, tuple) and len(beyond) == 2):
                raise TypeError(f"beyond must be (n, composition) or None, got {beyond!r}")
            if not callable(beyond[0]):
                check_int("beyond's length", beyond[0])
            if not isinstance(beyond[1], Composition):
                raise TypeError(
                    f"beyond's segmenter must be a Composition, got {type(beyond[1]).__name__}"
                )
        self.beyond = beyond
        self._measure = self._default_measure() if measure is None else measure
        self._transform = LocalRank(11) if transform == "rank" else transform
        self._strategy = DivisiveDensity() if strategy is None else strategy
        for label, part in (("measure", self._measure), ("strategy", self._strategy)):
            if not callable(part):
                raise TypeError(f"{label} must be callable, got {type(part).__name__}")
        if self._transform is not None and not callable(self._transform):
            raise TypeError(f"transform must be callable, 'rank' or None, got {transform!r}")
        self._share_readers()

    def _share_readers(self) -> None:
        """Hand the pieces that count the same stems one processor, so that they read a
        document's words once (:meth:`_run`'s block): every piece :meth:`_word_readers`
        finds, those of the compositions among them included (a count rule's segmenters,
        ``beyond``'s composition), which then read through these processors too. A
        subclass that builds pieces after ``__init__`` calls it again."""
        readers = list(self._word_readers())
        self._texts = share_processors(readers)
        for piece in readers:
            if isinstance(piece, Composition):
                # Its pieces now read through this composition's processors: its own
                # document block opens those (a block already open on them is kept).
                piece._texts = share_processors(piece._word_readers())

    def _word_readers(self) -> Iterator[object]:
        """The pieces that may read words: the measure, the strategy and what it holds
        (its ``cost``, its ``count`` rule, the parts of its ``gaps``), ``beyond``'s
        composition, the parts of any piece that is a sum, and the readers of any that
        is a composition (each piece once)."""
        pending: list[object] = [self._measure, self._strategy]
        if self.beyond is not None:
            pending.append(self.beyond[1])
        seen: set[int] = set()
        while pending:
            piece = pending.pop(0)
            if piece is None or id(piece) in seen:
                continue
            seen.add(id(piece))
            yield piece
            if isinstance(piece, Composition):
                pending.extend(piece._word_readers())
                continue
            pending.extend(getattr(piece, name, None) for name in ("cost", "count"))
            for group in ("parts", "gaps"):
                for part in getattr(piece, group, None) or ():
                    # A sum's parts are (weight, piece[, transform]), a count rule's
                    # (weight, segmenter): the weights are numbers.
                    pending.extend(p for p in part if callable(p) or isinstance(p, Segmenter))

    def _default_measure(self) -> Measure:
        """The measure when none is given: C99's, in the segmenter's language, with its
        ``stopwords`` and ``stemmer``. One whose measure is another overrides this."""
        return StemCosine(self.stopwords, self.stemmer, language=self.text_language)

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> Segmentation:
        if not sentences:
            return self._result(sentences, n_segments, {"boundaries": []})
        tokenized = self._resolve_tokenized(sentences, tokenized)
        # A result with fields beyond the boundaries asks the strategy for its trace.
        trace = self.result_type is not Segmentation
        return self._result(
            sentences, n_segments, self._products(sentences, n_segments, tokenized, trace)
        )

    def _reading(self, sentences: list[str], tokenized: bool) -> _Blocks:
        """The document blocks in which every piece reads ``sentences`` once: the words
        (each processor's) and the outline (its headings)."""
        return _Blocks(
            [outline.document(sentences), *(t.document(sentences, tokenized) for t in self._texts)]
        )

    def _products(
        self, sentences: list[str], n_segments: int | None, tokenized: bool, trace: bool
    ) -> dict[str, Any]:
        """The pipeline (see the class): what it computed for a document, by name, the
        boundaries among them; with ``trace``, the strategy's own products too."""
        with self._reading(sentences, tokenized):
            if n_segments is None and self.needs_count:
                raise ValueError(f"{self.name} needs the number of segments (n_segments)")
            strategy = self._strategy
            count = n_segments
            rule = getattr(strategy, "count", None)
            if count is None and callable(rule):
                # The strategy's own rule for the count, asked first: a band chosen by the
                # count, and a composition for long documents, see it.
                count = check_n_segments(rule(sentences, tokenized))
            if self.rows is not None and len(sentences) < 2:
                count = 1  # no sentence boundary, however many rows the sentence makes
            limit = None if self.beyond is None else self.beyond[0]
            if callable(limit):
                limit = limit(sentences, count)
            if self.beyond is not None and limit is not None and len(sentences) > limit:
                if count == 1 and not trace:
                    # One segment of a long document: no boundary, and nothing to search.
                    return {"boundaries": [], "notes": []}
                return self.beyond[1]._products(sentences, count, tokenized, trace)
            return self._search(sentences, count, tokenized, trace)

    def _search(
        self, sentences: list[str], count: int | None, tokenized: bool, trace: bool
    ) -> dict[str, Any]:
        """The rows, the band, the matrices and the strategy, for ``count`` segments (or
        the strategy's stopping rule)."""
        strategy = self._strategy
        products: dict[str, Any] = {"notes": []}
        texts: Sequence[str] = sentences
        texts_tokenized = tokenized
        split = None
        if self.rows is not None:
            split = self._split(sentences, tokenized)
            texts, texts_tokenized = split.texts, split.tokenized
            products.update(split.products)
            if len(texts) < 2 and not trace:
                return {**products, "boundaries": []}
        band = self._band_for(len(texts), count)
        products["band"] = band
        if self.band == "auto" and not callable(self._band_policy()):
            used = f"band {band}" if band is not None else "the whole matrix (no band)"
            products["notes"].append(f"--band auto chose {used} for {len(sentences)} sentences")
        # A cost alone (ExactDP(similarity_weight=0)) reads no matrix: none is computed.
        reads_matrix = getattr(strategy, "needs_matrix", True)
        matrix = None
        if reads_matrix or self.keep_matrices:
            similarity, matrix = self._matrices(texts, texts_tokenized, band)
            if self.keep_matrices:
                products["similarity"] = similarity
                products["rank"] = matrix if self._transform is not None else None
            del similarity  # the transformed matrix is what the strategy reads
        extra: dict[str, object] = {}
        if getattr(strategy, "needs_positions", False):
            extra["positions"] = products["weights"] = self._positions(sentences, tokenized)
        if getattr(strategy, "needs_counts", False):
            extra["counts"] = self._counts(sentences, tokenized)
        if getattr(strategy, "needs_text", False):
            extra.update(sentences=sentences, tokenized=tokenized)
        snaps = split is not None and getattr(strategy, "takes_snap", False)
        if snaps:
            assert split is not None
            extra["snap"] = split.snap
        if not reads_matrix:
            matrix = None
        tracer = getattr(strategy, "trace", None)
        if trace and callable(tracer):
            # The strategy's own products (a clustering, its termination, the order it
            # chose in, its series, its units and cost) for the result; the matrices only
            # when they are to be kept.
            found = dict(tracer(matrix, count, keep=self.keep_matrices, **extra))
            products["notes"].extend(found.pop("notes", ()))
            products.update(found)
        else:
            products["boundaries"] = strategy(matrix, count, **extra)  # type: ignore[arg-type]
        if split is not None and not snaps:
            # Boundaries between rows, as the sentences that start after those gaps.
            at = {split.snap(int(b) - 1) for b in products["boundaries"]}
            products["boundaries"] = sorted(b for b in at if 0 < b < len(sentences))
        return products

    def _band_policy(self) -> int | str | Callable[[int, int | None], int | None] | None:
        """What ``band`` says: a width, ``"auto"``, None, or a callable of the length and
        the count. A named composition whose ``band`` means more says so here (C99DP's
        :class:`~linseg.compose.band.CountBand`)."""
        return self.band

    def _band_for(self, n: int, n_segments: int | None) -> int | None:
        """The band a document of ``n`` sentences is read within (None: the whole
        matrix), after the memory check."""
        policy = self._band_policy()
        if callable(policy):
            width = policy(n, n_segments)
            return None if width is None else resolve_band(width, n)
        return None if policy is None else resolve_band(policy, n)

    def _result(
        self, sentences: list[str], n_segments: int | None, products: dict[str, Any]
    ) -> Segmentation:
        """A :attr:`result_type` of ``products``: its fields filled by name from them, or
        else from the segmenter's parameters (``mask_size``, ``c`` ...)."""
        result_type = self.result_type
        values: dict[str, Any] = {}
        for name in _own_fields(result_type):
            if name in self.MATRICES and not self.keep_matrices:
                continue
            if name in products:
                values[name] = products[name]
            elif name in self._param_names():
                values[name] = getattr(self, name)
        return result_type(
            sentences,
            [int(b) for b in products["boundaries"]],
            n_segments,
            notes=list(products.get("notes", ())),
            **values,
        )

    def _split(self, sentences: list[str], tokenized: bool) -> Split:
        """The document cut into the composition's rows (the strategy must not read the
        sentences themselves)."""
        strategy = self._strategy
        if any(getattr(strategy, f, False) for f in ("needs_text", "needs_positions")):
            raise ValueError(
                f"{type(strategy).__name__} reads the sentences themselves or their positions; "
                "it works on sentences: use rows=None"
            )
        assert self.rows is not None  # the caller's condition
        return self.rows(sentences, tokenized)

    def _positions(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        """Each sentence's positions on the plot, from the measure, for a strategy that
        measures areas in them (``ReynarGreedy(areas="words")``)."""
        positions = getattr(self._measure, "positions", None)
        if not callable(positions):
            raise ValueError(
                f"{type(self._strategy).__name__} needs each sentence's positions on the "
                f"plot, and {type(self._measure).__name__} has no positions() method: use a "
                "measure that counts stems, or areas='sentences'"
            )
        return np.asarray(positions(sentences, tokenized), dtype=np.float64)

    def _counts(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        """The sentence x stem counts, from the measure, for a strategy that reads them
        (:class:`~linseg.compose.strategies.ReynarExact`)."""
        counts = getattr(self._measure, "counts", None)
        if not callable(counts):
            raise ValueError(
                f"{type(self._strategy).__name__} reads the stem counts, and "
                f"{type(self._measure).__name__} has no counts() method: use a measure that "
                "counts stems"
            )
        return np.asarray(counts(sentences, tokenized))

    def _matrix(
        self, sentences: Sequence[str], tokenized: bool, band: int | None
    ) -> np.ndarray | BandMatrix:
        """The measure, then the transform: the whole matrix, or within ``band``."""
        return self._matrices(sentences, tokenized, band)[1]

    def _matrices(
        self, sentences: Sequence[str], tokenized: bool, band: int | None
    ) -> tuple[np.ndarray | BandMatrix, np.ndarray | BandMatrix]:
        """The measure's matrix and the transform's of it (the same when there is no
        transform): whole, or within ``band``."""
        if band is not None:
            return self._banded_matrices(sentences, tokenized, band)
        n = len(sentences)
        name = type(self._measure).__name__
        check_fits(
            dense_matrix_bytes(n),
            lambda: f"the {n:,} x {n:,} similarity matrix of {name}",
            lambda: (
                "use a band (--band auto; band='auto' in Python)"
                if callable(getattr(self._measure, "banded", None))
                else f"{name} has no banded form: segment the text in parts, or use a method "
                "that takes a band (c99 --band auto)"
            ),
        )
        similarity = self._measure(sentences, tokenized)
        if self._transform is None:
            return similarity, similarity
        return similarity, self._transform(similarity)  # type: ignore[operator]

    def _banded_matrices(
        self, sentences: Sequence[str], tokenized: bool, band: int
    ) -> tuple[BandMatrix, BandMatrix]:
        """The measure and the transform within ``band`` of the diagonal, in O(n w)."""
        measure = self._measure
        if not callable(getattr(measure, "banded", None)):
            raise ValueError(
                f"band={self.band!r} needs a measure with a banded form (StemCosine, or one "
                f"with a banded(sentences, tokenized, band) method); "
                f"{type(measure).__name__} has none: use band=None"
            )
        sim = measure.banded(sentences, tokenized, band)  # type: ignore[attr-defined]
        if not isinstance(sim, BandMatrix):
            raise TypeError(f"{type(measure).__name__}.banded must return a BandMatrix")
        transform = self._transform
        if transform is None:
            return sim, sim
        banded = getattr(transform, "banded", None)
        if not callable(banded):
            raise ValueError(
                f"band={self.band!r} needs a transform with a banded form (LocalRank, "
                f"NoTransform, None, or one with a banded(BandMatrix) method), got "
                f"{type(transform).__name__}: use band=None"
            )
        out = banded(sim)
        if not isinstance(out, BandMatrix):
            raise TypeError(f"{type(transform).__name__}.banded must return a BandMatrix")
        return sim, out

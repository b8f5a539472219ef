"""A segmenter made of a measure, an optional transform and a strategy."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack

import numpy as np

from linseg.base import Segmentation, Segmenter
from linseg.chunks.bounds import SizeUnit
from linseg.compose.band import BandMatrix, check_band, resolve_band
from linseg.compose.measures import Measure, StemCosine
from linseg.compose.memory import check_fits, dense_matrix_bytes
from linseg.compose.rows import Split
from linseg.compose.strategies import DivisiveDensity, Strategy
from linseg.compose.transforms import LocalRank
from linseg.text.processor import share_processors

__all__ = ["Composition"]


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
        None (the default): the dense n x n matrix, as always. An integer w keeps the
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
        (banded C99) and :class:`~linseg.compose.strategies.DepthScores`.
    rows:
        None (the default): the matrix has a row per sentence. Otherwise what its rows
        are (:mod:`linseg.compose.rows`): ``Paragraphs()``, or ``TokenSequences(w)``,
        Hearst's runs of ``w`` words; the boundaries found between rows are mapped to
        sentence boundaries (several may map to one). A strategy that reads the
        sentences themselves or their positions is refused.

    Notes
    -----
    The defaults compose C99: ``StemCosine()``, ``LocalRank(11)`` and
    ``DivisiveDensity(c=1.2)`` give the boundaries of :class:`~linseg.methods.c99.C99`
    (and, with a band, those of ``C99(band=...)``). With a band covering the document
    (``w >= n - 1``) the matrices are the dense ones bit for bit.

    Exact search on a long document, with a penalty or a count::

        Composition(strategy=ExactDP(penalty=2.0, max_length=150), band=149)
        Composition(strategy=ExactDP(exponent=0.7, max_length="auto"), band=64)
    """

    name = "composition"

    def __init__(
        self,
        measure: Measure | None = None,
        transform: object | None = "rank",
        strategy: Strategy | None = None,
        tokenized: bool | None = None,
        band: int | str | None = None,
        rows: Callable[[Sequence[str], bool], Split] | None = None,
        *,
        language: str = "auto",
        max_size: int | None = None,
        min_size: int | None = None,
        size_unit: SizeUnit = "sentences",
    ) -> None:
        super().__init__(
            language=language, max_size=max_size, min_size=min_size, size_unit=size_unit
        )
        # Parameters are kept as given (scikit-learn's rule), the parts built from them.
        self.measure = measure
        self.transform = transform
        self.strategy = strategy
        self.tokenized = tokenized
        if rows is not None and not callable(rows):
            raise TypeError(f"rows must be callable or None, got {type(rows).__name__}")
        self.rows = rows
        if band is not None and band != "auto":
            check_band(band)
        self.band = band
        self._measure = self._default_measure() if measure is None else measure
        self._transform = LocalRank(11) if transform == "rank" else transform
        self._strategy = DivisiveDensity() if strategy is None else strategy
        for label, part in (("measure", self._measure), ("strategy", self._strategy)):
            if not callable(part):
                raise TypeError(f"{label} must be callable, got {type(part).__name__}")
        if self._transform is not None and not callable(self._transform):
            raise TypeError(f"transform must be callable, 'rank' or None, got {transform!r}")
        self._share_readers()

    def _share_readers(self, *more: object) -> None:
        """Hand the pieces that count the same stems one processor, so that they read a
        document's words once (:meth:`_run`'s block): the measure, the strategy's cost and
        ``more`` pieces, with their parts; a piece that is itself a composition (a method
        this one runs) with its own. A subclass that builds further pieces after
        ``__init__`` calls it again with them."""
        self._more_readers = more
        self._texts = share_processors(self._word_readers())
        for piece in more:
            if isinstance(piece, Composition):
                # Its pieces now read through this composition's processors: its own
                # document block opens those (a block already open on them is kept).
                piece._share_readers(*piece._more_readers)

    def _word_readers(self) -> Iterator[object]:
        """The measure, the strategy's cost, the further pieces :meth:`_share_readers` was
        given, the parts of any that is a sum and the readers of any that is a
        composition."""
        pending = [self._measure, getattr(self._strategy, "cost", None), *self._more_readers]
        while pending:
            piece = pending.pop(0)
            if piece is None:
                continue
            yield piece
            if isinstance(piece, Composition):
                pending.extend(piece._word_readers())
            for part in getattr(piece, "parts", ()):
                # A sum's parts are (weight, piece[, transform]): the weights are numbers.
                pending.extend(p for p in part if callable(p))

    def _default_measure(self) -> Measure:
        """The measure when none is given: C99's, in the segmenter's language, with the
        ``stopwords`` and ``stemmer`` of a named composition that takes them. One whose
        measure is another overrides this."""
        return StemCosine(
            getattr(self, "stopwords", None),
            getattr(self, "stemmer", None),
            language=self.text_language,
        )

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> Segmentation:
        if not sentences:
            return Segmentation(sentences, [], n_segments)
        tokenized = self._resolve_tokenized(sentences, tokenized)
        with ExitStack() as reading:
            for text in self._texts:
                reading.enter_context(text.document(sentences, tokenized))
            return self._segment(sentences, n_segments, tokenized)

    def _segment(
        self, sentences: list[str], n_segments: int | None, tokenized: bool
    ) -> Segmentation:
        if self.rows is not None:
            return Segmentation(
                sentences, self._run_rows(sentences, n_segments, tokenized), n_segments
            )
        band = None if self.band is None else resolve_band(self.band, len(sentences))
        strategy = self._strategy
        # A cost alone (ExactDP(similarity_weight=0)) reads no matrix: none is computed.
        needs_matrix = getattr(strategy, "needs_matrix", True)
        matrix = self._matrix(sentences, tokenized, band) if needs_matrix else None
        extra: dict[str, object] = {}
        if getattr(strategy, "needs_positions", False):
            extra["positions"] = self._positions(sentences, tokenized)
        if getattr(strategy, "needs_text", False):
            extra.update(sentences=sentences, tokenized=tokenized)
        boundaries = strategy(matrix, n_segments, **extra)  # type: ignore[arg-type]
        return Segmentation(sentences, [int(b) for b in boundaries], n_segments)

    def _run_rows(self, sentences: list[str], n_segments: int | None, tokenized: bool) -> list[int]:
        """The boundaries found between rows other than sentences, as sentence
        boundaries."""
        strategy = self._strategy
        if any(getattr(strategy, f, False) for f in ("needs_text", "needs_positions")):
            raise ValueError(
                f"{type(strategy).__name__} reads the sentences themselves or their positions; "
                "it works on sentences: use rows=None"
            )
        if self.band is not None:
            raise ValueError("rows and band do not go together: use band=None")
        assert self.rows is not None  # the caller's condition
        if len(sentences) < 2:
            return []
        split = self.rows(sentences, tokenized)
        if len(split.texts) < 2:
            return []
        matrix = self._matrix(split.texts, split.tokenized, None)
        if getattr(strategy, "takes_snap", False):
            # The strategy counts the sentence boundaries as it picks (Hearst's rule).
            return sorted(int(b) for b in strategy(matrix, n_segments, snap=split.snap))  # type: ignore[call-arg, arg-type]
        found = {split.snap(int(b) - 1) for b in strategy(matrix, n_segments)}  # type: ignore[arg-type]
        return sorted(b for b in found if 0 < b < len(sentences))

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

    def _matrix(
        self, sentences: Sequence[str], tokenized: bool, band: int | None
    ) -> np.ndarray | BandMatrix:
        """The measure, then the transform: the whole matrix, or within ``band``."""
        if band is not None:
            return self._banded_matrix(sentences, tokenized, band)
        n = len(sentences)
        name = type(self._measure).__name__
        check_fits(
            dense_matrix_bytes(n),
            f"the {n:,} x {n:,} similarity matrix of {name}",
            "use a band (--band auto; band='auto' in Python)"
            if callable(getattr(self._measure, "banded", None))
            else f"{name} has no banded form: segment the text in parts, or use a method "
            "that takes a band (c99 --band auto)",
        )
        matrix = self._measure(sentences, tokenized)
        if self._transform is not None:
            matrix = self._transform(matrix)  # type: ignore[operator]
        return matrix

    def _banded_matrix(self, sentences: Sequence[str], tokenized: bool, band: int) -> BandMatrix:
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
            return sim
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
        return out

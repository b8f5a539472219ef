"""A segmenter made of a measure, an optional transform and a strategy."""

from __future__ import annotations

from ..base import Segmentation, Segmenter
from ..bounds import SizeUnit
from .measures import Measure, StemCosine
from .strategies import DivisiveDensity, Strategy
from .transforms import LocalRank

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

    Notes
    -----
    The defaults compose C99: ``StemCosine()``, ``LocalRank(11)`` and
    ``DivisiveDensity(c=1.2)`` give the boundaries of :class:`~linseg.methods.c99.C99`.
    """

    name = "composition"

    def __init__(
        self,
        measure: Measure | None = None,
        transform: object | None = "rank",
        strategy: Strategy | None = None,
        tokenized: bool | None = None,
        *,
        language: str = "en",
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
        self._measure = StemCosine(language=self.text_language) if measure is None else measure
        self._transform = LocalRank(11) if transform == "rank" else transform
        self._strategy = DivisiveDensity() if strategy is None else strategy
        for label, part in (("measure", self._measure), ("strategy", self._strategy)):
            if not callable(part):
                raise TypeError(f"{label} must be callable, got {type(part).__name__}")
        if self._transform is not None and not callable(self._transform):
            raise TypeError(f"transform must be callable, 'rank' or None, got {transform!r}")

    def _run(
        self, sentences: list[str], n_segments: int | None, tokenized: bool | None
    ) -> Segmentation:
        if not sentences:
            return Segmentation(sentences, [], n_segments)
        matrix = self._measure(sentences, self._resolve_tokenized(sentences, tokenized))
        if self._transform is not None:
            matrix = self._transform(matrix)  # type: ignore[operator]
        boundaries = self._strategy(matrix, n_segments)
        return Segmentation(sentences, [int(b) for b in boundaries], n_segments)

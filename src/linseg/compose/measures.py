"""Similarity measures: sentences -> a sentence x sentence matrix (section 3.1 of the paper).

Each measure is a callable ``measure(sentences, tokenized) -> ndarray`` of shape (n, n),
symmetric. ``tokenized`` says whether the sentences are split on spaces already (the
paper's corpus) or raw prose.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from ..similarity import cosine_from_ids, dots, spread_activation
from ..text import Stemmer, TextProcessor

__all__ = ["Measure", "StemCosine", "TfIdfCosine", "DotDensity", "SpreadActivation", "Embedding"]

#: What a measure is: the sentences and whether they are tokenised, to an (n, n) matrix.
Measure = Callable[[Sequence[str], bool], np.ndarray]


class _Stems:
    """The shared text processing of the measures that count stems."""

    def __init__(
        self,
        stopwords: Iterable[str] | None = None,
        stemmer: Stemmer | None = None,
        language: str = "en",
    ) -> None:
        self.stopwords = stopwords
        self.stemmer = stemmer
        self.language = language
        self._text = TextProcessor(stopwords, stemmer, language=language)

    def _counts(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        return self._text.counts(sentences, tokenized)[0]


class StemCosine(_Stems):
    """C99's measure: the cosine of stem-count vectors (equation 1), float32 as the
    author computes it. Stopwords and stemmer default to the language's."""

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        ids, offsets = self._text.ids(sentences, tokenized)
        return cosine_from_ids(ids, offsets, len(self._text.vocabulary))


class TfIdfCosine(_Stems):
    """Cosine of tf-idf weighted stem counts: ``f_ij * log(n / df_j)``, with the sentences
    of the document as the collection, so that stems in every sentence weigh nothing."""

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        f = self._counts(sentences, tokenized).astype(np.float64)
        n = f.shape[0]
        if f.size == 0:
            return np.zeros((n, n))
        df = np.count_nonzero(f, axis=0)
        weighted = f * np.log(n / np.maximum(df, 1))
        return _cosine_rows(weighted)


class DotDensity(_Stems):
    """Reynar's dot-plot: ``sim[x, y]`` counts the word repetitions between sentences x and
    y (:func:`linseg.similarity.dots`)."""

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        return dots(self._counts(sentences, tokenized))


class SpreadActivation(_Stems):
    """Word repetition through ``steps`` rounds of spread activation over the document's
    co-occurrence graph (Kozima's measure, as the paper's Experiment 3 uses it)."""

    def __init__(
        self,
        steps: int = 5,
        stopwords: Iterable[str] | None = None,
        stemmer: Stemmer | None = None,
        language: str = "en",
    ) -> None:
        super().__init__(stopwords, stemmer, language)
        self.steps = steps

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        return spread_activation(self._counts(sentences, tokenized), self.steps)


class Embedding:
    """The cosine of sentence vectors from a function the user supplies.

    ``encode`` takes the list of sentences and returns an array of shape (n, d), for
    example ``SentenceTransformer(...).encode``. linseg never downloads a model; the
    function is called once per document. Negative cosines are set to 0 so that the rank
    transform and the densities read a similarity, as with word counts.
    """

    def __init__(self, encode: Callable[[list[str]], np.ndarray]) -> None:
        if not callable(encode):
            raise TypeError(f"encode must be callable, got {type(encode).__name__}")
        self.encode = encode

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        vectors = np.asarray(self.encode(list(sentences)), dtype=np.float64)
        if vectors.ndim != 2 or vectors.shape[0] != len(sentences):
            raise ValueError(
                f"encode returned shape {vectors.shape} for {len(sentences)} sentences; "
                "expected (n_sentences, dimensions)"
            )
        return np.clip(_cosine_rows(vectors), 0.0, None)


def _cosine_rows(x: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(x, axis=1)
    out = x @ x.T
    scale = np.outer(norms, norms)
    return np.divide(out, scale, out=np.zeros_like(out), where=scale > 0)

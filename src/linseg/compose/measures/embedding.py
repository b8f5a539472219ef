"""The cosine of sentence embeddings from an encoder of the user's own."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from linseg.compose.measures.cosine import _cosine_rows

__all__ = ["Embedding"]


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

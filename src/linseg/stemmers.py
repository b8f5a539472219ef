"""Stemmers that pickle: PyStemmer's algorithms as plain callables."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["SnowballStemmer"]


class SnowballStemmer:
    """One of PyStemmer's algorithms (``"porter"``, ``"english"``, ``"french"`` ...) as a
    plain callable from a word to its stem. It pickles by the algorithm's name -- a
    PyStemmer object does not pickle at all -- so segmenters can go to worker processes.
    Like the PyStemmer object it wraps, one must not be used by two threads at once."""

    __slots__ = ("algorithm", "_stem")

    def __init__(self, algorithm: str) -> None:
        import Stemmer as _pystemmer

        self.algorithm = algorithm
        self._stem: Callable[[str], str] = _pystemmer.Stemmer(algorithm).stemWord

    def __call__(self, word: str) -> str:
        return self._stem(word)

    def __eq__(self, other: object) -> bool:
        # Two wrappers of one algorithm stem every word alike: processors that hold them
        # read alike (TextProcessor.reads_like).
        if not isinstance(other, SnowballStemmer):
            return NotImplemented
        return self.algorithm == other.algorithm

    def __hash__(self) -> int:
        return hash((SnowballStemmer, self.algorithm))

    def __reduce__(self) -> tuple[type[SnowballStemmer], tuple[str]]:
        return SnowballStemmer, (self.algorithm,)

    def __repr__(self) -> str:
        return f"SnowballStemmer({self.algorithm!r})"

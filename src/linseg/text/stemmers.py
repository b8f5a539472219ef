"""Stemmers that pickle: PyStemmer's algorithms as plain callables."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["SnowballStemmer", "unchanged"]


class SnowballStemmer:
    """One of PyStemmer's algorithms (``"porter"``, ``"english"``, ``"french"`` ...) as a
    plain callable from a word to its stem. It pickles by the algorithm's name -- a
    PyStemmer object does not pickle at all -- so segmenters can go to worker processes.
    Like the PyStemmer object it wraps, one must not be used by two threads at once."""

    __slots__ = ("algorithm", "_stem", "_stem_words")

    def __init__(self, algorithm: str) -> None:
        import Stemmer as _pystemmer

        self.algorithm = algorithm
        stemmer = _pystemmer.Stemmer(algorithm)
        self._stem: Callable[[str], str] = stemmer.stemWord
        self._stem_words: Callable[[list[str]], list[str]] = stemmer.stemWords

    def __call__(self, word: str) -> str:
        return self._stem(word)

    def stem_words(self, words: list[str]) -> list[str]:
        """The stem of each of ``words``, in one call."""
        return self._stem_words(words)

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


def unchanged(word: str) -> str:
    """The stemmer of a language Snowball has none for (Chinese, Japanese): every word is
    its own stem. A function of the module, so it pickles, and one object, so that two
    processors that use it read alike."""
    return word

"""A document's words cut into rows other than its sentences.

Hearst's TextTiling compares token-sequences of ``w`` words, cut whatever the sentences
(:class:`linseg.compose.rows.TokenSequences`). A :class:`WordRows` holds such rows as the
words one text processor read: to any reader it is a sequence of strings, each row's words
joined by spaces; to a :class:`~linseg.text.processor.TextProcessor` it is the words
themselves, which it looks up word by word (each distinct word once for good) instead of
reading strings made of them again. Either way a row counts the stems of its words, so a
measure gives the same matrix of the rows whichever way it reads them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

import numpy as np

if TYPE_CHECKING:
    from linseg.text.processor import TextProcessor

__all__ = ["WordRows"]


class WordRows(Sequence[str]):
    """Rows of a document's words, as ``reader`` read them.

    Parameters
    ----------
    reader:
        The text processor that read the words: one with no stop list whose stemmer keeps
        each word as it is (``TextProcessor((), str)``), so that its :attr:`vocabulary
        <linseg.text.processor.TextProcessor.vocabulary>` holds the words.
    ids:
        The reader's id of each word, in the document's order (no -1: only words).
    offsets:
        Row ``r`` holds ``ids[offsets[r]:offsets[r + 1]]`` (ascending, 0 first).
    """

    def __init__(self, reader: TextProcessor, ids: np.ndarray, offsets: np.ndarray) -> None:
        self.reader = reader
        self.ids = np.ascontiguousarray(ids, dtype=np.int64)
        self.offsets = np.ascontiguousarray(offsets, dtype=np.int64)
        self._texts: list[str] | None = None

    def __len__(self) -> int:
        return len(self.offsets) - 1

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return [self[i] for i in range(start, stop, step)]
            stop = max(start, stop)
            a, b = int(self.offsets[start]), int(self.offsets[stop])
            return WordRows(self.reader, self.ids[a:b], self.offsets[start : stop + 1] - a)
        return self.texts()[index]

    def __iter__(self) -> Iterator[str]:
        return iter(self.texts())

    def texts(self) -> list[str]:
        """Each row as a string, its words joined by spaces (made on first use)."""
        if self._texts is None:
            vocabulary = self.reader.vocabulary
            words = [vocabulary[i] for i in self.ids.tolist()]
            bounds = self.offsets.tolist()
            self._texts = [" ".join(words[a:b]) for a, b in zip(bounds, bounds[1:])]
        return self._texts

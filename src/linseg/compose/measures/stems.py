"""What the measures that count stems share: a text processor (the paper's section 3.1,
sentences to stem counts) set up from a segmenter's options."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

import numpy as np

from linseg.text.processor import Stemmer, TextProcessor


class _Stems:
    """The shared text processing of the measures that count stems. ``hyphens``: whether
    hyphenated tokens count as words (C99 keeps them; the author's dot-plot program did
    not)."""

    def __init__(
        self,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        language: str = "en",
        hyphens: bool = True,
    ) -> None:
        self.stopwords = stopwords
        self.stemmer = stemmer
        self.language = language
        self.hyphens = bool(hyphens)
        # A segmenter's options, as C99 takes them: a stopword list may be a file.
        self._text = TextProcessor.from_options(stopwords, stemmer, hyphens, language)

    def counts(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        """The sentence x stem count matrix f the measure reads (equation 1's f)."""
        return self._text.counts(sentences, tokenized)[0]

    def positions(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        """The positions each sentence takes on a dot-plot's axes: its counted words
        (float64). What :class:`~linseg.compose.strategies.ReynarGreedy` measures areas
        in with ``areas="words"``."""
        return self.counts(sentences, tokenized).sum(axis=1).astype(np.float64)

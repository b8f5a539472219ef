"""Text: what a segmenter reads before it measures anything.

- :mod:`~linseg.text.sentences` -- where sentences start in raw text;
- :mod:`~linseg.text.outline` -- a document's own structure in its text: paragraphs,
  headings and their levels, title lines;
- :mod:`~linseg.text.words` -- what a word is (the author's test: letters and ``-``);
- :mod:`~linseg.text.languages` -- the languages linseg reads: stopwords, stemmers,
  detection;
- :mod:`~linseg.text.stemmers`, :mod:`~linseg.text.tagger` -- stemmers that pickle, and the
  part-of-speech tagger Kan's Segmenter needs;
- :mod:`~linseg.text.processor` -- sentences to stems to counts (the paper's section 3.1),
  the front half of every similarity measure.

The names of :mod:`linseg.text.processor` can be imported from here, as in linseg 0.1.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from linseg.text.processor import (
        SnowballStemmer,
        Stemmer,
        TextProcessor,
        default_stopwords,
        is_word,
        load_stopwords,
        looks_tokenized,
        porter_stemmer,
        processor_for,
        share_processors,
        split_sentences,
        table_stemmer,
        tokenize_raw,
    )

__all__ = [
    "Stemmer",
    "TextProcessor",
    "processor_for",
    "share_processors",
    "default_stopwords",
    "load_stopwords",
    "SnowballStemmer",
    "porter_stemmer",
    "table_stemmer",
    "split_sentences",
    "tokenize_raw",
    "is_word",
    "looks_tokenized",
]


def __getattr__(name: str) -> Any:
    # Loaded on first use: a reader that needs only the sentence splitter does not load the
    # text processor (NumPy, the stemmers).
    if name in __all__:
        value = getattr(importlib.import_module("linseg.text.processor"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'linseg.text' has no attribute {name!r}")

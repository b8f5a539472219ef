"""Long test documents cut from the Brown corpus, for the scale experiments.

The paper's samples concatenate ten segments, each "the first n sentences of a randomly
selected document from the Brown corpus". Books and transcripts are far longer, so the
scale experiments build the same kind of document with many more segments: 100
segments for segmentation quality on long documents, and any number of sentences for
time and memory.

Sentences are read from the tagged ``brown.zip`` (``word/tag`` tokens, one sentence a
line) with the tags dropped, so they are tokenised like the paper's corpus.
"""

from __future__ import annotations

import os

import numpy as np

from linseg.evaluation.corpora.brown import GENRES, read_brown
from linseg.readers.ref import RefDocument

__all__ = ["brown_documents", "long_document", "document_of_length"]


def brown_documents(
    path: str | os.PathLike[str], genres: str | None = None
) -> dict[str, list[str]]:
    """The sentences of every Brown file (``ca01`` ...), tokenised as the paper's corpus.

    ``genres``: letters of the files to keep (``"aj"``: press reportage and learned,
    the paper's choice); None keeps all.
    """
    return read_brown(path, genres or GENRES)


def long_document(
    files: dict[str, list[str]],
    n_segments: int,
    low: int = 3,
    high: int = 11,
    seed: int = 0,
) -> RefDocument:
    """A reference document of ``n_segments`` segments, each the first ``n`` sentences of
    a random Brown file, ``n`` uniform in ``[low, high]``; no file twice in a row."""
    rng = np.random.default_rng(seed)
    names = sorted(files)
    sentences: list[str] = []
    boundaries: list[int] = []
    previous = ""
    for k in range(n_segments):
        name = previous
        while name == previous:
            name = names[int(rng.integers(len(names)))]
        previous = name
        size = int(rng.integers(low, high + 1))
        if k:
            boundaries.append(len(sentences))
        sentences.extend(files[name][:size])
    return RefDocument(sentences, boundaries)


def document_of_length(
    files: dict[str, list[str]], n_sentences: int, low: int = 20, high: int = 120, seed: int = 0
) -> RefDocument:
    """A document of exactly ``n_sentences`` sentences: segments of ``low`` to ``high``
    sentences from the start of random Brown files (book-chapter-like sections)."""
    rng = np.random.default_rng(seed)
    names = sorted(files)
    sentences: list[str] = []
    boundaries: list[int] = []
    previous = ""
    while len(sentences) < n_sentences:
        name = previous
        while name == previous:
            name = names[int(rng.integers(len(names)))]
        previous = name
        size = min(int(rng.integers(low, high + 1)), n_sentences - len(sentences))
        if sentences:
            boundaries.append(len(sentences))
        sentences.extend(files[name][:size])
    return RefDocument(sentences, boundaries)

"""Similarity measures: sentences -> a sentence x sentence matrix (section 3.1 of the paper).

Each measure is a callable ``measure(sentences, tokenized) -> ndarray`` of shape (n, n),
symmetric. ``tokenized`` says whether the sentences are split on spaces already (the
paper's corpus) or raw prose.

One module per measure, its kernels beside it:

- :mod:`~.cosine` -- C99's cosine of stem counts (equation 1), and its tf-idf form;
- :mod:`~.dots` -- Reynar's dot density (word repetitions);
- :mod:`~.spread` -- spread activation (word similarity through co-occurrence);
- :mod:`~.lsa` -- the cosine of sentence vectors in a latent semantic space;
- :mod:`~.embedding` -- the cosine of any sentence embedding a user supplies;
- :mod:`~.sum` -- a weighted sum of measures;
- :mod:`~.stems` -- what the measures that count stems share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from linseg._imports import lazy

if TYPE_CHECKING:
    from linseg.compose.measures.cosine import StemCosine, TfIdfCosine
    from linseg.compose.measures.dots import DotDensity
    from linseg.compose.measures.embedding import Embedding
    from linseg.compose.measures.lsa import (
        LSA_LANGUAGES,
        LsaCosine,
        LsaSpace,
        SpaceLike,
        load_lsa_space,
    )
    from linseg.compose.measures.spread import SpreadActivation
    from linseg.compose.measures.sum import Sum

#: What a measure is: the sentences and whether they are tokenised, to an (n, n) matrix.
Measure = Callable[[Sequence[str], bool], np.ndarray]

_NAMES = {
    "StemCosine": "cosine",
    "TfIdfCosine": "cosine",
    "DotDensity": "dots",
    "SpreadActivation": "spread",
    "Embedding": "embedding",
    "Sum": "sum",
    "LsaCosine": "lsa",
    "LsaSpace": "lsa",
    "SpaceLike": "lsa",
    "LSA_LANGUAGES": "lsa",
    "load_lsa_space": "lsa",
}
__all__ = [
    "Measure",
    "StemCosine",
    "TfIdfCosine",
    "DotDensity",
    "SpreadActivation",
    "Embedding",
    "Sum",
    "LsaCosine",
    "LsaSpace",
    "SpaceLike",
    "LSA_LANGUAGES",
    "load_lsa_space",
]
__getattr__, __dir__ = lazy(__name__, _NAMES)

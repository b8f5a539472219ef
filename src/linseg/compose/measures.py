"""Similarity measures: sentences -> a sentence x sentence matrix (section 3.1 of the paper).

Each measure is a callable ``measure(sentences, tokenized) -> ndarray`` of shape (n, n),
symmetric. ``tokenized`` says whether the sentences are split on spaces already (the
paper's corpus) or raw prose.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Union

import numpy as np

from ..banded import BandMatrix, _chunked_ids, banded_cosine_from_ids
from ..checks import check_int
from ..similarity import (
    PRODUCT_ROWS,
    cooccurrence_totals,
    cosine,
    cosine_from_ids,
    dots,
    self_products,
    spread_activation_dots,
)
from ..text import Stemmer, TextProcessor
from ._lsa import sentence_vectors

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
    "load_lsa_space",
]

#: What a measure is: the sentences and whether they are tokenised, to an (n, n) matrix.
Measure = Callable[[Sequence[str], bool], np.ndarray]


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


class StemCosine(_Stems):
    """C99's measure: the cosine of stem-count vectors (equation 1), float32 as the
    author computes it. Stopwords and stemmer default to the language's."""

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        ids, offsets = self._text.ids(sentences, tokenized)
        return cosine_from_ids(ids, offsets, len(self._text.vocabulary))

    def from_counts(self, counts: np.ndarray) -> np.ndarray:
        """Equation 1 for a sentence x stem count matrix (the same float32 cells)."""
        from scipy import sparse  # loaded only by the measures that need it

        return cosine(sparse.csr_matrix(counts))

    def banded(self, sentences: Sequence[str], tokenized: bool, band: int) -> BandMatrix:
        """Equation 1 for the pairs within ``band`` sentences of each other, in O(n w)
        (:mod:`linseg.banded`); its cells are the dense matrix's, bit for bit."""
        ids, offsets = _chunked_ids(self._text, sentences, tokenized)
        return banded_cosine_from_ids(ids, offsets, band, len(self._text.vocabulary))


class TfIdfCosine(_Stems):
    """Cosine of tf-idf weighted stem counts: ``f_ij * log(n / df_j)``, with the sentences
    of the document as the collection, so that stems in every sentence weigh nothing."""

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        f = self.counts(sentences, tokenized).astype(np.float64)
        n = f.shape[0]
        if f.size == 0:
            return np.zeros((n, n))
        df = np.count_nonzero(f, axis=0)
        weighted = f * np.log(n / np.maximum(df, 1))
        return _cosine_rows(weighted)


class DotDensity(_Stems):
    """Reynar's dot-plot: ``sim[x, y]`` counts the word repetitions between sentences x and
    y (:func:`linseg.similarity.dots`). With ``ReynarGreedy(areas="words")`` and
    ``hyphens=False`` it composes R98_(m,dot)."""

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        return self.from_counts(self.counts(sentences, tokenized))

    def from_counts(self, counts: np.ndarray) -> np.ndarray:
        """The dot mass for a sentence x stem count matrix."""
        return dots(counts)


class SpreadActivation(_Stems):
    """Word repetition through spread activation over the document's co-occurrence graph
    (Kozima's measure, as the paper's Experiment 3 uses it): the dot of two words weighs
    their similarity ``s`` (equation spread, ``steps`` activation steps), so
    ``sim = f (s + s^T) f^T`` (:func:`linseg.similarity.spread_activation_dots`).

    Parameters
    ----------
    steps:
        Activation steps x: the powers t^1..t^x summed in equation (spread). The paper
        says 5; the author's program summed t^1..t^6 (``r98_m_sa`` does the same).
    min_count:
        Stems seen fewer times than this in the document are left out of the measure and
        off the plot (2: the author's "informative" stems; a word seen once links no two
        sentences by repetition).
    reference:
        Reproduce the author's program where it departs from the equations: a stopword
        token counts when its stem is a kept stem, and if a kept stem never shares a
        sentence with another token, the matrix is all zeros (his normalisation divided
        0 by 0 and the NaN spread through it). See
        :class:`~linseg.methods.dotplot.DotPlot`.
    stopwords, stemmer, language, hyphens:
        As for every measure that counts stems.
    """

    def __init__(
        self,
        steps: int = 5,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        language: str = "en",
        hyphens: bool = True,
        min_count: int = 2,
        reference: bool = False,
    ) -> None:
        super().__init__(stopwords, stemmer, language, hyphens)
        self.steps = check_int("steps", steps)
        self.min_count = check_int("min_count", min_count)
        self.reference = bool(reference)
        # Every token's stem, stopwords included: the reference counts (only they).
        self._every_token = (
            TextProcessor((), self._text.stemmer, True, language) if self.reference else None
        )

    def counts(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        """The sentence x stem counts of the stems seen at least ``min_count`` times."""
        f, labels = self._text.counts(sentences, tokenized)
        keep = f.sum(axis=0) >= self.min_count
        if self._every_token is None:
            return f[:, keep]
        column = {stem: j for j, stem in enumerate(np.asarray(labels, dtype=object)[keep])}
        ids, offsets = self._every_token.ids(sentences, tokenized)
        rows = np.repeat(np.arange(len(sentences)), np.diff(offsets))
        words = self._every_token.vocabulary
        present = np.unique(ids[ids >= 0])
        lookup = np.full(int(present.max()) + 1 if present.size else 1, -1, dtype=np.int64)
        lookup[present] = [column.get(words[i], -1) for i in present]
        cols = np.where(ids >= 0, lookup[np.maximum(ids, 0)], -1)
        out = np.zeros((len(sentences), len(column)), dtype=np.int32)
        np.add.at(out, (rows[cols >= 0], cols[cols >= 0]), 1)
        return out

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        return self.from_counts(self.counts(sentences, tokenized))

    def from_counts(self, counts: np.ndarray) -> np.ndarray:
        """The sentence x sentence matrix for the counts of :meth:`counts`."""
        if self.reference and counts.size and not cooccurrence_totals(counts).all():
            # A stem with no neighbour has no transition row: the author's program divided
            # 0 by 0, the NaN filled his matrix, and every dot read as 0.
            return np.zeros((counts.shape[0],) * 2)
        return spread_activation_dots(counts, self.steps)


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


class Sum:
    """A weighted sum of measures, each with its own transform: evidence from several
    kinds of similarity in one matrix, ``sum_i w_i T_i(M_i)``.

    ``parts`` holds ``(weight, measure, transform)`` triples; a transform may be None.
    For example C99's rank plus a quarter of the rank of an LSA cosine, the matrix of
    ``consensus_dp``::

        Sum([(1.0, StemCosine(), LocalRank(11)), (0.25, LsaCosine(keep=0.2), LocalRank(11))])

    Use it with ``transform=None`` in the :class:`~linseg.compose.Composition`.
    """

    def __init__(
        self, parts: Iterable[tuple[float, Measure, Callable[[np.ndarray], np.ndarray] | None]]
    ) -> None:
        self.parts = [(float(w), m, t) for w, m, t in parts]
        if not self.parts:
            raise ValueError("Sum needs at least one (weight, measure, transform) part")
        for w, m, t in self.parts:
            if not (np.isfinite(w) and w >= 0):
                raise ValueError(f"a Sum's weights must be finite and >= 0, got {w}")
            if not callable(m) or (t is not None and not callable(t)):
                raise TypeError("a Sum's parts are (weight, measure, transform or None)")

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        total: np.ndarray | None = None
        for weight, measure, transform in self.parts:
            matrix = measure(sentences, tokenized)
            if transform is not None:
                matrix = transform(matrix)
            matrix = np.asarray(matrix)
            # The first part unscaled when its weight is 1, and each further part added
            # as weight x matrix + total: the order of operations consensus_dp has always
            # used, so its sums stay the same to the bit.
            if total is None:
                total = matrix if weight == 1.0 else matrix * weight
            else:
                total = matrix * weight + total
        assert total is not None
        return total


#: What ``LsaCosine(space=...)`` takes: a mapping from stem to vector, a ``(stems,
#: vectors)`` pair, an :class:`LsaSpace`, or the path of an ``.npz`` laid out as the shipped
#: one (``tools/train_lsa.py`` writes them).
SpaceLike = Union["LsaSpace", Mapping[str, Sequence[float]], tuple, str, "os.PathLike[str]"]


@dataclass(frozen=True, eq=False)
class LsaSpace:
    """A latent semantic space: one vector per stem (row ``index[stem]`` of ``vectors``)."""

    stems: tuple[str, ...]
    vectors: np.ndarray  # (n_stems, dims) float32
    index: Mapping[str, int]

    @classmethod
    def from_pairs(cls, stems: Iterable[str], vectors: object) -> LsaSpace:
        """A space from its stems and a matching (n_stems, dims) array of vectors."""
        stems = tuple(stems)
        # A copy in row order, whatever the layout given: the kernel reads rows.
        v = np.array(vectors, dtype=np.float32, order="C")
        if v.ndim != 2 or v.shape[0] != len(stems):
            raise ValueError(
                f"an LSA space needs one vector per stem: {len(stems)} stems, "
                f"vectors of shape {v.shape}"
            )
        if not np.all(np.isfinite(v)):
            raise ValueError("the LSA space has non-finite vector entries")
        for stem in stems:
            if not isinstance(stem, str):
                raise TypeError(f"LSA stems must be strings, got {type(stem).__name__}")
        index = {stem: i for i, stem in enumerate(stems)}
        if len(index) != len(stems):
            raise ValueError("the LSA space lists a stem twice")
        return cls(stems, v, index)

    @classmethod
    def load(cls, path: str | os.PathLike[str] | object) -> LsaSpace:
        """Read an ``.npz`` with ``stems`` (UTF-8, one a line, as uint8) and ``vectors``."""
        with np.load(path, allow_pickle=False) as data:  # type: ignore[arg-type]
            stems = bytes(data["stems"]).decode("utf-8").split("\n")
            return cls.from_pairs(stems, data["vectors"])

    @classmethod
    def of(cls, space: SpaceLike) -> LsaSpace:
        """``space`` as an :class:`LsaSpace` (see :data:`SpaceLike`)."""
        if isinstance(space, LsaSpace):
            return space
        if isinstance(space, (str, os.PathLike)):
            return cls.load(space)
        if isinstance(space, Mapping):
            return cls.from_pairs(space.keys(), [space[k] for k in space])
        if isinstance(space, tuple) and len(space) == 2:
            return cls.from_pairs(space[0], space[1])
        raise TypeError(
            "space must be a mapping stem -> vector, a (stems, vectors) pair, an LsaSpace "
            f"or the path of an .npz, got {type(space).__name__}"
        )


# The local weights of LsaCosine, as sentence_vectors numbers them.
_LOCAL_WEIGHTS = {"count": 0, "binary": 1, "log": 2}

_SHIPPED: dict[str, LsaSpace] = {}
_SHIPPED_LOCK = threading.Lock()
#: Languages with a space in the package (``data/lsa-<code>.npz``).
LSA_LANGUAGES = frozenset({"en"})


def load_lsa_space(language: str = "en") -> LsaSpace:
    """The LSA space shipped for ``language``, read from the package on first use and kept
    for the life of the process (reading it takes a fraction of a second; importing linseg
    does not). Only English has one: WordNet 3.0 glosses, see ``data/lsa-README.md``."""
    if language not in LSA_LANGUAGES:
        raise ValueError(
            f"linseg ships an LSA space for English only, not for language {language!r}; "
            "give one of your own with space= (tools/train_lsa.py shows how to train one)"
        )
    with _SHIPPED_LOCK:
        space = _SHIPPED.get(language)
        if space is None:
            from importlib import resources

            ref = resources.files("linseg").joinpath(f"data/lsa-{language}.npz")
            with ref.open("rb") as fh:
                space = _SHIPPED[language] = LsaSpace.load(fh)
        return space


class LsaCosine(_Stems):
    """The cosine of sentence vectors in a latent semantic space (LSA, Deerwester et al.
    1990), the measure of Choi, Wiemer-Hastings and Moore (2001).

    A sentence's vector is the sum of the LSA vectors of its stems, one per occurrence
    (``local="count"``), once per distinct stem (``"binary"``) or ``log(1 + tf)`` times
    (``"log"``): the fold-in of a pseudo-document, whose global term weights the shipped
    space has folded into its vectors. ``sim[x, y]`` is the cosine of the vectors of x and
    y; a sentence none of whose stems is in the space has a zero vector and similarity 0
    to every sentence, itself included (as equation 1 treats a sentence without words).
    Cosines can be negative; the rank transform reads them as they are.

    Parameters
    ----------
    space:
        None for the space shipped for ``language`` (English only: WordNet 3.0's glosses,
        trained by ``tools/train_lsa.py``; read on first use and shared by the process),
        or one of the user's (:data:`SpaceLike`). Stems are looked up as
        :class:`~linseg.text.TextProcessor` makes them (Porter stems, stopwords removed),
        as the shipped space was built; a space of one's own must use the same stems.
    local:
        How often a stem counts in its sentence's vector: ``"count"``, ``"binary"``,
        ``"log"``.
    stem_weight:
        A mixture: ``w * C99's stem cosine (equation 1) + (1 - w) * the LSA cosine``.
        0 (the default) is the LSA cosine alone.
    keep:
        None, or the share (0, 1] of the document's off-diagonal cells to keep: the
        others, all below the ``1 - keep`` quantile, are set to 0. LSA cosines are dense,
        every pair of sentences a little similar, where word overlap leaves most pairs at
        exactly 0; C99's rank transform and gradient threshold rely on those zeros (with
        the dense matrix the threshold stops the clustering at once). ``c99_lsa`` keeps
        0.2, chosen on Brown genres other than the paper's.
    """

    def __init__(
        self,
        space: SpaceLike | None = None,
        local: str = "count",
        stem_weight: float = 0.0,
        keep: float | None = None,
        stopwords: Iterable[str] | str | os.PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        language: str = "en",
    ) -> None:
        if local not in ("count", "binary", "log"):
            raise ValueError(f"local must be 'count', 'binary' or 'log', got {local!r}")
        if not _is_number(stem_weight) or not 0 <= stem_weight <= 1:
            raise ValueError(f"stem_weight must be a number in [0, 1], got {stem_weight!r}")
        if keep is not None and (not _is_number(keep) or not 0 < keep <= 1):
            raise ValueError(f"keep must be None or a number in (0, 1], got {keep!r}")
        if space is None and language not in LSA_LANGUAGES:
            load_lsa_space(language)  # raises the ValueError that explains it
        super().__init__(stopwords, stemmer, language)
        self.space = space
        self.local = local
        self.stem_weight = float(stem_weight)
        self.keep = None if keep is None else float(keep)
        self._space: LsaSpace | None = None if space is None else LsaSpace.of(space)
        # Row in the space of each of the processor's stem ids (-1: not in the space),
        # grown as the processor meets new stems.
        self._row_of = np.zeros(0, dtype=np.int64)

    def _rows(self) -> tuple[LsaSpace, np.ndarray]:
        space = self._space
        if space is None:
            space = self._space = load_lsa_space(self.language)
        vocabulary = self._text.vocabulary
        known = self._row_of.size
        if known < len(vocabulary):
            new = [space.index.get(stem, -1) for stem in vocabulary[known:]]
            self._row_of = np.concatenate([self._row_of, np.asarray(new, dtype=np.int64)])
        return space, self._row_of

    def _vectors(self, ids: np.ndarray, offsets: np.ndarray) -> np.ndarray:
        space, row_of = self._rows()
        out = np.zeros((len(offsets) - 1, space.vectors.shape[1]), dtype=np.float32)
        # Summed in float32, as the space is stored, each sentence's distinct stems in the
        # order of their rows: the product of a sparse matrix of the weights with the
        # space, to the bit, without building one (a sentence holds a few of the
        # document's stems: the dense product multiplied mostly zeros).
        sentence_vectors(
            np.ascontiguousarray(ids, dtype=np.int64),
            np.ascontiguousarray(offsets, dtype=np.int64),
            row_of,
            space.vectors,
            _LOCAL_WEIGHTS[self.local],
            out,
        )
        return out.astype(np.float64)

    def vectors(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        """The (n, dims) sentence vectors, float64."""
        return self._vectors(*self._text.ids(sentences, tokenized))

    def __call__(self, sentences: Sequence[str], tokenized: bool) -> np.ndarray:
        ids, offsets = self._text.ids(sentences, tokenized)
        vectors = self._vectors(ids, offsets)
        # Every step works in place on this call's own n x n array: on a long document
        # each copy would be gigabytes.
        sim = _cosine_rows(vectors)
        np.clip(sim, -1.0, 1.0, out=sim)
        # A vector's cosine with itself is 1, not 1 - 1e-16: the rank transform compares.
        nonzero = np.flatnonzero(np.any(vectors != 0, axis=1))
        sim[nonzero, nonzero] = 1.0
        if self.stem_weight:
            stems = cosine_from_ids(ids, offsets, len(self._text.vocabulary))
            stems *= self.stem_weight
            sim *= 1.0 - self.stem_weight
            sim += stems
            del stems
        if self.keep is not None and self.keep < 1 and sim.shape[0] > 1:
            off = sim[~np.eye(sim.shape[0], dtype=bool)]
            floor = np.quantile(off, 1.0 - self.keep, overwrite_input=True)
            del off
            dropped = sim < floor
            np.fill_diagonal(dropped, False)  # a sentence's similarity to itself is no pair
            sim[dropped] = 0.0
        return sim


def _is_number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and np.isfinite(x)


def _cosine_rows(x: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(x, axis=1)
    out = self_products(x)
    # In blocks of rows: the outer product of the norms whole would be a second n x n
    # matrix.
    for start in range(0, len(out), PRODUCT_ROWS):
        rows = out[start : start + PRODUCT_ROWS]
        scale = np.outer(norms[start : start + PRODUCT_ROWS], norms)
        scaled = scale > 0
        np.divide(rows, scale, out=rows, where=scaled)
        rows[~scaled] = 0.0
    return out

"""The cosine of sentence vectors in a latent semantic space (Choi, Wiemer-Hastings and
Moore 2001): the space, the shipped English one, and the measure."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Union

import numpy as np

from linseg import kernels
from linseg.compose.measures.cosine import _cosine_rows, cosine_from_ids
from linseg.compose.measures.stems import _Stems
from linseg.text.processor import Stemmer

sentence_vectors = kernels.load("linseg.compose.measures._lsa").sentence_vectors

__all__ = ["LsaCosine", "LsaSpace", "load_lsa_space"]

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
        :class:`~linseg.text.processor.TextProcessor` makes them (Porter stems, stopwords removed),
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

"""The words of a document as written, read once into an array of ids.

Keywords are shown as the reader wrote them (``Python``, ``bees``), so they are counted
by form, not by stem. :func:`read_forms` gives every token of every sentence the id of
its form, in one ``int32`` array, with the sentences' offsets into it: a million
sentences take about 100 MB, where lists of token strings took gigabytes.

The tokens are those of :meth:`linseg.text.processor.TextProcessor.tokens`: split on
white space for pre-tokenised text, the language's word rule for raw text. Pre-tokenised
ASCII text and raw English are read by the processor's compiled tokenizers
(:mod:`linseg.text._text`), which look each token's 64-bit FNV-1a hash up in a table of
the forms met: a form is decoded once, the first time its hash is met. Other text is read token by token in
Python. Either way the sentences are read in batches, so what is held besides the ids is
one batch's worth.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from linseg import kernels
from linseg.text.processor import TextProcessor

_text = kernels.load("linseg.text._text")
UNKNOWN_ID = _text.UNKNOWN_ID
_hash_put_many = _text.hash_put_many
_lookup_raw_words = _text.lookup_raw_words
_lookup_tokens = _text.lookup_tokens
_rehash = _text.rehash

__all__ = ["Forms", "read_forms", "BATCH"]

#: Sentences read at once.
BATCH = 1 << 16


class Forms:
    """The distinct forms met, in order of first use: ``strings[i]`` is form ``i``.

    Forms read by the compiled tokenizers are also kept in an open-addressing table of
    their hashes (that of :class:`linseg.text.processor.TextProcessor`), so that each
    token is looked up in compiled code and only forms not met before reach Python."""

    def __init__(self) -> None:
        self.strings: list[str] = []
        self.id_of: dict[str, int] = {}
        self.keys = np.zeros(1 << 12, dtype=np.uint64)
        self.values = np.full(1 << 12, UNKNOWN_ID, dtype=np.int64)
        self._count = 0

    def add(self, form: str) -> int:
        """The id of ``form``, new if it was not met before."""
        i = self.id_of.get(form)
        if i is None:
            i = self.id_of[form] = len(self.strings)
            self.strings.append(form)
        return i

    def of_strings(self, tokens: list[str]) -> np.ndarray:
        """The ids of ``tokens``."""
        add = self.add
        return np.fromiter((add(t) for t in tokens), dtype=np.int64, count=len(tokens))

    def learn(
        self, ids: np.ndarray, hashes: np.ndarray, text_at: Callable[[np.ndarray], list[str]]
    ) -> np.ndarray:
        """``ids`` as the compiled tokenizers found them in :attr:`keys`, with the
        tokens they did not find (``UNKNOWN_ID``) given theirs; ``text_at(places)`` gives
        the text of the tokens at some places, once per form not met before."""
        missing = np.flatnonzero(ids == UNKNOWN_ID)
        if not missing.size:
            return ids
        _, first, inverse = np.unique(hashes[missing], return_index=True, return_inverse=True)
        first = missing[first]
        order = np.argsort(first, kind="stable")  # in order of first use
        found = np.empty(first.size, dtype=np.int64)
        found[order] = [self.add(t) for t in text_at(first[order])]
        self._insert(hashes[first], found)
        ids[missing] = found[inverse.reshape(-1)]
        return ids

    def _insert(self, hashes: np.ndarray, values: np.ndarray) -> None:
        size = self.keys.size
        while 2 * (self._count + hashes.size) > size:
            size *= 2
        if size > self.keys.size:
            keys, vals = self.keys, self.values
            self.keys = np.zeros(size, dtype=np.uint64)
            self.values = np.full(size, UNKNOWN_ID, dtype=np.int64)
            _rehash(keys, vals, self.keys, self.values)
        self._count += _hash_put_many(self.keys, self.values, hashes, values)


def read_forms(
    sentences: Sequence[str], tokenized: bool, processor: TextProcessor
) -> tuple[np.ndarray, np.ndarray, Forms]:
    """Every token's form id (``int32``), the sentences' offsets into them (``int64``,
    ``n + 1``: sentence ``i``'s tokens are ``ids[offsets[i]:offsets[i + 1]]``), and the
    forms."""
    forms = Forms()
    n = len(sentences)
    parts = []
    counts = np.zeros(n, dtype=np.int64)
    for a in range(0, n, BATCH):
        batch = list(sentences[a : a + BATCH])
        ids, offsets = _read_batch(batch, tokenized, processor, forms)
        parts.append(ids.astype(np.int32))
        counts[a : a + len(batch)] = np.diff(offsets)
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    ids = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)
    return ids, offsets, forms


def _read_batch(
    batch: list[str], tokenized: bool, processor: TextProcessor, forms: Forms
) -> tuple[np.ndarray, np.ndarray]:
    if tokenized:
        joined = "\n".join(batch)
        if joined.isascii() and joined.count("\n") == len(batch) - 1:
            buf = joined.encode("ascii")
            ids, offsets, hashes, starts, ends = _lookup_tokens(
                np.frombuffer(buf, dtype=np.uint8), len(batch), forms.keys, forms.values
            )

            def ascii_at(places: np.ndarray) -> list[str]:
                return [buf[a:b].decode("ascii") for a, b in zip(starts[places], ends[places])]

            return forms.learn(ids, hashes, ascii_at), offsets
    elif processor.language == "en":
        # English prose: the compiled reading of linseg.text.words.raw_word_tokens.
        ids, offsets, hashes, which, starts, ends = _lookup_raw_words(
            batch, forms.keys, forms.values
        )

        def raw_at(places: np.ndarray) -> list[str]:
            spans = zip(which[places].tolist(), starts[places].tolist(), ends[places].tolist())
            return [batch[s][a:b] for s, a, b in spans]

        return forms.learn(ids, hashes, raw_at), offsets
    # As the text writes them: German nouns keep their capitals (tokens() lower-cases).
    tokens = [processor.written_tokens(s, tokenized) for s in batch]
    offsets = np.zeros(len(batch) + 1, dtype=np.int64)
    np.cumsum([len(t) for t in tokens], out=offsets[1:])
    return forms.of_strings([t for row in tokens for t in row]), offsets

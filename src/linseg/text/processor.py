"""Text processing: sentences -> words -> stems -> a sentence x stem count matrix.

This is the front half of the paper's *similarity measure* (section 3.1): "Punctuation
and uninformative words are removed from each sentence using a simple regular expression
pattern matcher and a stopword list. A stemming algorithm (Porter 1980) is then applied
to the remaining tokens to obtain the word stems."

The word test follows the author's implementation: a token is a word when every
character is a letter or ``-``; it is lower-cased, dropped if it is a stopword, and
replaced by its stem.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache, partial
from importlib import resources
from itertools import chain
from os import PathLike
from typing import Any, TypeVar, cast

import numpy as np

from linseg import kernels
from linseg.text.rows import WordRows
from linseg.text.stemmers import SnowballStemmer
from linseg.text.words import is_word, raw_word_tokens, tokenize_raw

_text = kernels.load("linseg.text._text")
_UNKNOWN = _text.UNKNOWN_ID
_hash_put_many = _text.hash_put_many
_lookup_raw_words = _text.lookup_raw_words
_lookup_tokens = _text.lookup_tokens
_rehash = _text.rehash

Stemmer = Callable[[str], str]

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

# Sentence marks, CJK's full-width ones included (raw Chinese and Japanese attach them to
# the last word, as raw English does).
_SENTENCE_FINAL = frozenset(".!?\u3002\uff01\uff1f")
_T = TypeVar("_T")


def _english_word(token: str, hyphens: bool = True) -> str | None:
    return token.lower() if is_word(token, hyphens) else None


def looks_tokenized(sentences: Sequence[str]) -> bool:
    """Guess whether ``sentences`` are already tokenised (punctuation set off by spaces).

    Tokenised text, like the paper's corpus, ends its sentences with a stand-alone
    ``.``, ``!`` or ``?`` token; raw prose attaches the mark to the last word. The
    document counts as tokenised when most sentences that end in such a mark have it
    as a token of its own; a document none of whose sentences ends in a mark (a
    transcript, Chinese with only commas) is raw text, not tokens.
    """
    detached = attached = 0
    for s in sentences:
        s = s.rstrip()
        if not s or s[-1] not in _SENTENCE_FINAL:
            continue
        if len(s) == 1 or s[-2].isspace() or s[-2] in _SENTENCE_FINAL:
            detached += 1
        else:
            attached += 1
    return detached >= attached and detached > 0


def _read_word_list(lines: Iterable[str]) -> frozenset[str]:
    words = set()
    for line in lines:
        word = line.split("#", 1)[0].strip().lower()
        if word:
            words.add(word)
    return frozenset(words)


@lru_cache(maxsize=1)
def default_stopwords() -> frozenset[str]:
    """The stopword list shipped with linseg (the Glasgow list plus yes/no/said)."""
    text = resources.files("linseg").joinpath("data/stopwords-en.txt").read_text("utf-8")
    return _read_word_list(text.splitlines())


def load_stopwords(path: str | PathLike[str]) -> frozenset[str]:
    """Read a stopword list: one word a line, ``#`` starts a comment, case ignored. A
    file holding a NUL character is binary, not a list: ValueError."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    if "\x00" in text:
        raise ValueError(f"{path}: a binary file, not a word list (it holds a NUL character)")
    # Text mode has read every line break as "\n".
    return _read_word_list(text.split("\n"))


def porter_stemmer() -> Stemmer:
    """The original Porter (1980) stemmer, from the C-backed PyStemmer package."""
    return SnowballStemmer("porter")


def table_stemmer(path: str | PathLike[str], fallback: Stemmer | None = None) -> Stemmer:
    """A stemmer that looks words up in a ``word<TAB>stem`` file.

    Words missing from the table go to ``fallback`` (default: the Porter stemmer). With
    the author's ``reference-stems.tsv`` this reproduces his stemmer on his corpus.
    """
    table: dict[str, str] = {}
    with open(path, encoding="utf-8", errors="replace") as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\r\n")
            if not line or line.startswith("#"):
                continue
            word, tab, stem = line.partition("\t")
            if not tab:
                raise ValueError(f"{path}:{n}: expected word<TAB>stem, got {line[:40]!r}")
            table[word] = stem
    backup = fallback or porter_stemmer()

    def lookup(word: str) -> str:
        found = table.get(word)
        return backup(word) if found is None else found

    return lookup


class TextProcessor:
    """Turns sentences into a sentence x stem count matrix.

    Parameters
    ----------
    stopwords:
        Words to drop (lower case). ``None`` uses the language's list
        (:func:`default_stopwords` for English).
    stemmer:
        Callable from a lower-cased word to its stem. ``None`` uses the language's
        Snowball stemmer (the original Porter stemmer for English).
    hyphens:
        Whether ``-`` counts as a letter in the English word test (the author's C99
        counts it; his dot-plot program does not).
    language:
        ISO 639-1 code (:mod:`linseg.text.languages`). Outside English, words, elision and
        scripts without spaces follow :func:`linseg.text.words.tokenize`.

    Notes
    -----
    The processor memoises the verdict for every distinct token it meets, so a corpus
    costs one dictionary look-up per token once its vocabulary has been seen. Processors
    with a Snowball stemmer that read words alike share that memo within a process.
    """

    def __init__(
        self,
        stopwords: Iterable[str] | None = None,
        stemmer: Stemmer | None = None,
        hyphens: bool = True,
        language: str = "en",
    ) -> None:
        self.hyphens = bool(hyphens)
        self.language = language
        default_stop: Callable[[], frozenset[str]]
        default_stem: Callable[[], Stemmer]
        # The word rules are bound once: stem_token and tokens run for every new token.
        self._word_of: Callable[[str], str | None]
        self._raw_tokens: Callable[[str], list[str]]
        if language == "en":
            default_stop, default_stem = default_stopwords, porter_stemmer
            self._word_of = partial(_english_word, hyphens=self.hyphens)
            self._raw_tokens = raw_word_tokens
        else:
            from linseg.text import languages, words

            languages.language_info(language)  # a clear error for an unknown code
            default_stop = partial(words.stopwords, language)
            default_stem = partial(words.stem_function, language)
            self._word_of = partial(words.token_word, language=language)
            self._raw_tokens = partial(words.tokenize, language=language)
        self.stopwords = (
            default_stop() if stopwords is None else frozenset(w.lower() for w in stopwords)
        )
        self.stemmer = default_stem() if stemmer is None else stemmer
        self._stem_of_token = _verdicts(self.language, self.hyphens, self.stopwords, self.stemmer)
        self._id_of_token: dict[str, int] = {}
        self._id_of_stem: dict[str, int] = {}
        self.vocabulary: list[str] = []
        self._hkeys = np.zeros(1 << 12, dtype=np.uint64)
        self._hvals = np.full(1 << 12, _UNKNOWN, dtype=np.int64)
        self._hcount = 0
        # The document being read in a document() block, and what was read of it.
        self._document: tuple[Sequence[str], bool | None] | None = None
        self._read: dict[object, Any] = {}
        # For each processor whose words this one has looked up (WordRows), the stem id
        # of each of its words, by the word's id there.
        self._word_ids: weakref.WeakKeyDictionary[TextProcessor, np.ndarray]
        self._word_ids = weakref.WeakKeyDictionary()

    @classmethod
    def from_options(
        cls,
        stopwords: Iterable[str] | str | PathLike[str] | None = None,
        stemmer: Stemmer | None = None,
        hyphens: bool = True,
        language: str = "en",
    ) -> TextProcessor:
        """A processor from a segmenter's options: ``stopwords`` may also be a word-list file."""
        if isinstance(stopwords, (str, PathLike)):
            stopwords = load_stopwords(stopwords)
        return cls(stopwords, stemmer, hyphens, language)

    def __getstate__(self) -> dict[str, Any]:
        # The memo of verdicts may be shared by every processor of the process; a copy
        # sent to a worker finds its own process's memo again (__setstate__).
        state = dict(self.__dict__)
        state["_stem_of_token"] = None
        state["_word_ids"] = None  # weak references do not pickle: looked up again
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._stem_of_token = _verdicts(self.language, self.hyphens, self.stopwords, self.stemmer)
        self._word_ids = weakref.WeakKeyDictionary()

    def reads_like(self, other: TextProcessor) -> bool:
        """Whether ``other`` turns every text into the same stems: the same language, word
        rule, stop list and stemmer (equal stemmers, such as two wrappers of one Snowball
        algorithm, count as the same)."""
        return (
            self.language == other.language
            and self.hyphens == other.hyphens
            and self.stopwords == other.stopwords
            and (self.stemmer is other.stemmer or self.stemmer == other.stemmer)
        )

    def stem_token(self, token: str) -> str | None:
        """The stem a token contributes, or None if it is not a word or is a stopword."""
        try:
            return self._stem_of_token[token]
        except KeyError:
            pass
        return self._judge([token])[0]

    def _judge(self, tokens: list[str]) -> list[str | None]:
        """The verdict on each of ``tokens`` (distinct, none judged), also kept in the memo:
        the words stemmed in one call where the stemmer takes many (a Snowball stemmer)."""
        if not tokens:
            return []
        memo = self._stem_of_token
        if len(memo) + len(tokens) > _VERDICT_LIMIT:
            memo.clear()
        stop = self.stopwords
        words = [self._word_of(t) for t in tokens]
        kept = [w for w in words if w is not None and w not in stop]
        if isinstance(self.stemmer, SnowballStemmer):
            stems = iter(self.stemmer.stem_words(kept))
        else:
            stems = map(self.stemmer, kept)
        verdicts = [next(stems) if w is not None and w not in stop else None for w in words]
        memo.update(zip(tokens, verdicts))
        return verdicts

    def tokens(self, sentence: str, tokenized: bool) -> list[str]:
        """The tokens of one sentence: split on spaces when ``tokenized``, else found in raw
        text by the language's rules (:func:`linseg.text.words.raw_word_tokens` in English, which
        leaves out dashes; :func:`linseg.text.words.tokenize` elsewhere)."""
        return sentence.split() if tokenized else self._raw_tokens(sentence)

    def written_tokens(self, sentence: str, tokenized: bool) -> list[str]:
        """The tokens of one sentence as it writes them (:meth:`tokens` lower-cases the
        words of languages other than English): for showing a word as its writer did,
        German nouns with their capitals. :meth:`stem_token` judges them as it does
        :meth:`tokens`' (:func:`linseg.text.words.written_words`)."""
        if tokenized or self.language == "en":
            return self.tokens(sentence, tokenized)
        from linseg.text.words import written_words

        return written_words(sentence, self.language)

    def stems(self, sentences: Sequence[str], tokenized: bool | None = None) -> list[list[str]]:
        """The stems of each sentence, in order (stopwords and non-words removed)."""
        if tokenized is None:
            tokenized = looks_tokenized(sentences)
        out = []
        for s in sentences:
            row = [self.stem_token(t) for t in self.tokens(s, tokenized)]
            out.append([st for st in row if st is not None])
        return out

    @contextmanager
    def document(self, sentences: Sequence[str], tokenized: bool | None) -> Iterator[None]:
        """Within the block, :meth:`ids` of this very ``sentences`` object (and anything
        kept with :meth:`remember`) is computed once, however many of the parts that share
        this processor read it: a segmenter made of several parts reads a document's words
        once. What was read is dropped when the block ends."""
        document = self._document
        if document is not None and document[0] is sentences and document[1] == tokenized:
            yield  # a part's own block inside its owner's, on the same document
            return
        outer = document, self._read
        self._document, self._read = (sentences, tokenized), {}
        try:
            yield
        finally:
            self._document, self._read = outer

    def remember(
        self,
        sentences: Sequence[str],
        tokenized: bool | None,
        key: object,
        compute: Callable[[], _T],
    ) -> _T:
        """``compute()``, kept under ``key`` while a :meth:`document` block of these
        ``sentences`` lasts (computed every time outside one)."""
        document = self._document
        if document is None or document[0] is not sentences or document[1] != tokenized:
            return compute()
        if key not in self._read:
            self._read[key] = compute()
        return cast(_T, self._read[key])

    def ids(
        self, sentences: Sequence[str], tokenized: bool | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Stem ids of every token, sentence after sentence, and the sentence offsets.

        Returns ``(ids, offsets)``: the tokens of sentence ``i`` are
        ``ids[offsets[i]:offsets[i + 1]]``; a token that is not a word, or is a stopword,
        has id -1. Ids index :attr:`vocabulary` and stay fixed for this processor.

        Every distinct token is judged (word test, stopword, stem) once per processor.
        Pre-tokenised ASCII text, the common case, is then split and looked up in
        compiled code through a hash table of the tokens' 64-bit FNV-1a hashes.

        ``sentences`` may be a :class:`~linseg.text.rows.WordRows`, rows of words another
        processor read: their words are then looked up as they are, not read again from
        strings (``tokenized`` plays no part), each distinct word judged once for good.
        """
        if isinstance(sentences, WordRows):
            return self._ids_of_words(sentences)
        return self.remember(
            sentences, tokenized, "ids", lambda: self._read_ids(sentences, tokenized)
        )

    def _ids_of_words(self, rows: WordRows) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`ids` of rows of words: each word's stem id, by its id in the processor
        that read it, learnt once for every word that processor has met."""
        source = rows.reader
        table = self._word_ids.get(source)
        if table is None:
            table = np.zeros(0, dtype=np.int64)
        words = source.vocabulary
        if len(words) > table.size:
            new = words[table.size :]
            self._learn(new)
            learnt = np.fromiter(map(self._id_of_token.__getitem__, new), np.int64, len(new))
            table = np.concatenate((table, learnt))
            self._word_ids[source] = table
        return table[rows.ids], rows.offsets

    def _read_ids(
        self, sentences: Sequence[str], tokenized: bool | None
    ) -> tuple[np.ndarray, np.ndarray]:
        if tokenized is None:
            tokenized = looks_tokenized(sentences)
        if len(sentences) <= _READ_CHUNK:
            return self._read_ids_at_once(sentences, tokenized)
        # A long document is read in parts: the compiled tokenizers' buffers and the
        # learning of new tokens grow with what is read at once (a million sentences
        # at once took 2 GB more than the ids themselves).
        id_parts, off_parts, base = [], [np.zeros(1, dtype=np.int64)], 0
        for start in range(0, len(sentences), _READ_CHUNK):
            ids, offsets = self._read_ids_at_once(sentences[start : start + _READ_CHUNK], tokenized)
            id_parts.append(np.asarray(ids, dtype=np.int64))
            off_parts.append(np.asarray(offsets[1:], dtype=np.int64) + base)
            base += len(ids)
        return np.concatenate(id_parts), np.concatenate(off_parts)

    def _read_ids_at_once(
        self, sentences: Sequence[str], tokenized: bool
    ) -> tuple[np.ndarray, np.ndarray]:
        if tokenized:
            joined = "\n".join(sentences)
            if joined.isascii() and joined.count("\n") == len(sentences) - 1:
                return self._ids_ascii(joined.encode("ascii"), len(sentences))
        elif self._raw_tokens is raw_word_tokens:
            return self._ids_raw(list(sentences))
        per_sentence = [self.tokens(s, tokenized) for s in sentences]
        flat = list(chain.from_iterable(per_sentence))
        table = self._id_of_token
        try:
            ids = list(map(table.__getitem__, flat))
        except KeyError:
            self._learn(flat)
            ids = list(map(table.__getitem__, flat))
        offsets = np.zeros(len(per_sentence) + 1, dtype=np.int64)
        np.cumsum([len(t) for t in per_sentence], out=offsets[1:])
        return np.array(ids, dtype=np.int64), offsets

    def _ids_ascii(self, buf: bytes, n_sentences: int) -> tuple[np.ndarray, np.ndarray]:
        data = np.frombuffer(buf, dtype=np.uint8)
        ids, offsets, hashes, starts, ends = _lookup_tokens(
            data, n_sentences, self._hkeys, self._hvals
        )

        def tokens_at(new: np.ndarray) -> list[str]:
            return [buf[a:b].decode("ascii") for a, b in zip(starts[new], ends[new])]

        self._learn_unknown(ids, hashes, tokens_at)
        return ids, offsets

    def _ids_raw(self, sentences: list[str]) -> tuple[np.ndarray, np.ndarray]:
        # English prose: raw_word_tokens' tokens, found and looked up in compiled code.
        ids, offsets, hashes, which, starts, ends = _lookup_raw_words(
            sentences, self._hkeys, self._hvals
        )

        def tokens_at(new: np.ndarray) -> list[str]:
            spans = zip(which[new].tolist(), starts[new].tolist(), ends[new].tolist())
            return [sentences[s][a:b] for s, a, b in spans]

        self._learn_unknown(ids, hashes, tokens_at, in_order=True)
        return ids, offsets

    def _learn_unknown(
        self,
        ids: np.ndarray,
        hashes: np.ndarray,
        tokens_at: Callable[[np.ndarray], list[str]],
        in_order: bool = False,
    ) -> None:
        """Fill in the ids the hash table lacked (:data:`_UNKNOWN`; ``tokens_at`` gives the
        tokens at some of their places), learning each new token once, not once per
        occurrence (a fresh processor meets every token of a long document as new): in the
        order met when ``in_order``, else in the order of their hashes (the pre-tokenised
        path's, which the paper's figures were made with)."""
        missing = np.flatnonzero(ids == _UNKNOWN)
        if not missing.size:
            return
        _, first, inverse = np.unique(hashes[missing], return_index=True, return_inverse=True)
        order = np.argsort(first, kind="stable") if in_order else np.arange(first.size)
        new = missing[first[order]]
        tokens = tokens_at(new)
        self._learn(tokens)
        found = np.empty(first.size, dtype=np.int64)
        found[order] = [self._id_of_token[t] for t in tokens]
        self._hash_insert(hashes[new], found[order])
        ids[missing] = found[inverse.reshape(-1)]

    def _hash_insert(self, hashes: np.ndarray, values: np.ndarray) -> None:
        size = self._hkeys.size
        while 2 * (self._hcount + hashes.size) > size:
            size *= 2
        if size > self._hkeys.size:
            keys, vals = self._hkeys, self._hvals
            self._hkeys = np.zeros(size, dtype=np.uint64)
            self._hvals = np.full(size, _UNKNOWN, dtype=np.int64)
            _rehash(keys, vals, self._hkeys, self._hvals)
        self._hcount += _hash_put_many(self._hkeys, self._hvals, hashes, values)

    def id_of(self, token: str) -> int:
        """The stem id of one token (-1 if it is not a word or is a stopword)."""
        self._learn((token,))
        return self._id_of_token[token]

    def _learn(self, tokens: Iterable[str]) -> None:
        """Give each of ``tokens`` not yet met its stem's id, new stems the next ids in the
        order met."""
        table, of_stem, vocabulary = self._id_of_token, self._id_of_stem, self.vocabulary
        new = [t for t in dict.fromkeys(tokens) if t not in table]
        # Each memo entry is read once: another processor may empty the shared memo.
        memo = self._stem_of_token
        stems = [memo.get(t, _UNJUDGED) for t in new]
        unjudged = [k for k, stem in enumerate(stems) if stem is _UNJUDGED]
        for k, stem in zip(unjudged, self._judge([new[k] for k in unjudged])):
            stems[k] = stem
        for token, stem in zip(new, stems):
            if stem is None:
                table[token] = -1
                continue
            sid = of_stem.get(stem)
            if sid is None:
                sid = of_stem[stem] = len(vocabulary)
                vocabulary.append(stem)
            table[token] = sid

    def counts(
        self, sentences: Sequence[str], tokenized: bool | None = None
    ) -> tuple[np.ndarray, list[str]]:
        """The sentence x stem frequency matrix f of equation (1), and its stem labels.

        Returns a dense ``int32`` array of shape (n_sentences, n_stems); columns are
        the stems of this document in order of first appearance.
        """
        ids, offsets = self.ids(sentences, tokenized)
        n = len(offsets) - 1
        rows = np.repeat(np.arange(n), np.diff(offsets))
        keep = ids >= 0
        rows, ids = rows[keep], ids[keep]
        uniq, first = np.unique(ids, return_index=True)
        order = np.argsort(first, kind="stable")
        local = np.empty(len(self.vocabulary) + 1, dtype=np.int64)
        local[uniq[order]] = np.arange(uniq.size)
        cols = local[ids]
        v = int(uniq.size)
        labels = [self.vocabulary[i] for i in uniq[order]]
        if v == 0 or n == 0:
            return np.zeros((n, v), dtype=np.int32), labels
        flat = np.bincount(rows * v + cols, minlength=n * v)
        return flat.reshape(n, v).astype(np.int32, copy=False), labels


#: What a memo of verdicts gives for a token it has not judged.
_UNJUDGED = "\x00unjudged"
#: Token verdicts kept per way of reading before a memo starts afresh (a bound on memory).
_VERDICT_LIMIT = 1 << 18
# Sentences :meth:`TextProcessor.ids` reads at once (a longer document is read in parts).
_READ_CHUNK = 1 << 16
#: Ways of reading words (language, word rule, stop list, stemmer) whose memos are kept.
_VERDICT_MEMOS = 16
_VERDICTS: dict[tuple[object, ...], dict[str, str | None]] = {}


def _verdicts(
    language: str, hyphens: bool, stopwords: frozenset[str], stemmer: Stemmer
) -> dict[str, str | None]:
    """The memo of each token's stem (None: not a word, or a stopword) for one way of
    reading words. Processors with a Snowball stemmer share it by their settings, so that
    a fresh segmenter for each document (what :func:`linseg.segment_text` builds) does not
    judge the same words again; a stemmer of the user's own keeps a memo of its own, since
    nothing says two such callables stem alike."""
    if not isinstance(stemmer, SnowballStemmer):
        return {}
    key = (language, hyphens, stopwords, stemmer)
    memo = _VERDICTS.get(key)
    if memo is None:
        if len(_VERDICTS) >= _VERDICT_MEMOS:
            _VERDICTS.clear()  # processors keep the memos they hold
        # Each entry is a pure function of the key, so two threads that fill one memo at
        # once can only write the same verdict twice.
        memo = _VERDICTS.setdefault(key, {})
    return memo


def share_processors(readers: Iterable[object]) -> list[TextProcessor]:
    """Give the pieces of one segmenter that read words alike one processor.

    A piece that reads a document's words (a measure or a cost that counts stems) keeps its
    :class:`TextProcessor` in ``_text``. Each piece here whose processor
    :meth:`~TextProcessor.reads_like` an earlier piece's is handed that earlier processor,
    so that inside a :meth:`~TextProcessor.document` block the words are read once however
    many pieces look at them. The stems, and so every result, are those the pieces would
    find each on its own. Call it when the segmenter is built, before it reads a text.
    Returns the distinct processors left, in the order first met.
    """
    shared: list[TextProcessor] = []
    for reader in readers:
        text = getattr(reader, "_text", None)
        if not isinstance(text, TextProcessor):
            continue
        same = next((kept for kept in shared if kept is text or kept.reads_like(text)), None)
        if same is None:
            shared.append(text)
        else:
            reader._text = same  # type: ignore[attr-defined]
    return shared


def split_sentences(text: str, language: str = "en") -> list[tuple[int, int]]:
    """Sentence spans ``(start, end)`` of raw ``text`` that tile it exactly
    (:func:`linseg.text.sentences.split_sentences`)."""
    from linseg.text.sentences import split_sentences as _split

    return _split(text, language)


def processor_for(segmenter: Any = None) -> TextProcessor:
    """A :class:`TextProcessor` with the segmenter's ``stopwords``, ``stemmer`` and
    language (the ones ``--stopwords``, ``--stems`` and ``--language`` set), or the
    defaults: for the work done around a method (keywords, size bounds).

    The processor is kept with the segmenter (while both live and its settings stay the
    same), so a worker that segments many documents stems each word once, not once per
    document.
    """
    stopwords = getattr(segmenter, "stopwords", None)
    stemmer = getattr(segmenter, "stemmer", None)
    try:
        kept = _PROCESSORS.get(segmenter) if segmenter is not None else None
    except TypeError:  # a segmenter that cannot be weakly referenced or hashed
        kept = None
    if kept is not None and kept[0] is stopwords and kept[1] is stemmer:
        return kept[2]
    # language="auto" resolves per document inside the segmenter; its copy for the language
    # found is what callers should pass here (DocumentRun does).
    language = getattr(segmenter, "text_language", "en")
    processor = TextProcessor.from_options(stopwords, stemmer, language=language)
    if segmenter is not None:
        try:
            _PROCESSORS[segmenter] = (stopwords, stemmer, processor)
        except TypeError:
            pass
    return processor


_PROCESSORS: weakref.WeakKeyDictionary[Any, tuple[Any, Any, TextProcessor]] = (
    weakref.WeakKeyDictionary()
)

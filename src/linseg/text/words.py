"""Words: what linseg calls a word in each language, its stopwords and its stems.

English
-------
English is read as the paper's C99 reads text. Raw text is split into tokens
(:func:`tokenize_raw`), and a token is a word when every character is a letter or ``-``
(:func:`is_word`, the author's test). The test was made for pre-tokenised text; in raw prose a ``-`` standing alone is a dash, so the tokens that are
read for words (:func:`raw_word_tokens`) leave it out. Both the text stage
(:mod:`linseg.text.processor`) and English's rule below use these.

Stopwords
---------
English keeps linseg's own list (``data/stopwords-en.txt``: the Glasgow list plus
yes/no/said), untouched. For the other languages linseg ships the lists of Apache Lucene's
analysers, as ``data/stopwords-<code>.txt``, written by ``tools/build_stopwords.py`` from
Debian's ``liblucene8-java`` package (Lucene 8.7; origin, licence and the changes made are
in ``data/stopwords-README.md``):

- Danish, Dutch, Finnish, French, German, Hungarian, Italian, Norwegian, Portuguese, Russian,
  Spanish, Swedish: the **Snowball project's own lists**, which accompany the stemmers
  (BSD licence; Lucene carries them unchanged);
- Arabic, Hindi, Persian, Romanian: Jacques Savoy's lists (BSD); Polish: the Carrot2
  project's (BSD); Armenian, Basque, Catalan, Czech, Estonian, Greek, Indonesian, Irish,
  Lithuanian, Turkish: Lucene's own (Apache-2.0).

Esperanto, Nepali, Serbian, Sesotho, Tamil and Yiddish have no list (:func:`stopwords`
gives an empty set; :attr:`linseg.text.languages.Language.stopwords` is ``None``). Why not a PyPI package:
``stop-words`` needs Python 3.11 (linseg supports 3.10); ``stopwordsiso`` covers 30 of the
34 languages but its lists are long and mix in content words (German ``gott``, ``jahren``;
Spanish ``tiempo``, ``empleo``, ``general``), which would remove the very words a
segmenter compares sentences by; NLTK's lists need a download. Lucene's are short,
curated, one maintained project with the provenance of each file written down, and the
Snowball ones are those the stemmers were made with.

Other languages
---------------
A word is a run of letters (any script, accents included) and combining marks, its parts
joined by ``-`` (so German compounds and hyphenated words stay whole: ``e-mail-adresse``)
and, in most languages, by an apostrophe. Tokens holding a digit are not words. Tokens are
lower-cased by the language's rules (Turkish dotted and dotless i) and put in Unicode NFC.
Per language:

- **elision** (French, Italian, Catalan, Irish): an elided article, pronoun or preposition
  before an apostrophe is dropped, ``l'homme`` -> ``homme``, ``dell'anno`` -> ``anno``,
  ``qu'aujourd'hui`` -> ``aujourd'hui`` (the prefixes are those of Lucene's elision
  filters); other apostrophes stay inside the word (``aujourd'hui``);
- **Turkish**: an apostrophe separates a proper name from its suffixes, which are dropped
  (``Ankara'da`` -> ``ankara``);
- **Catalan**: the middle dot of ``l·l`` is part of the word (``col·lecció``);
- **Greek**: accents and diaeresis are removed and final sigma becomes ``σ``, as the
  Snowball Greek stemmer and the stopword list expect (the stems do not change);
- **Persian**: Arabic yeh and kaf are written as the Persian letters (``ي`` -> ``ی``,
  ``ك`` -> ``ک``); a zero-width non-joiner stays inside the word (``می‌خواهم``);
- **English** keeps linseg's existing rule exactly: a token is a run of letters and digits
  joined by hyphens or apostrophes, kept when every character is a letter or ``-``
  (``don't`` and ``mp3`` are dropped, a lone ``-`` is kept, as the author's C99 does). The
  English figures depend on it.

No Snowball language is written without spaces between words: Chinese, Japanese, Thai,
Lao, Khmer and Myanmar have no Snowball stemmer. A run of such characters met in another
language's text (a quotation, a name) is cut into overlapping character bigrams, the
usual fallback for unsegmented scripts, rather than read as one enormous word (English
excepted, whose rule is kept as it was).
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Callable
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from linseg.text.identification import resolve_language
from linseg.text.languages import LANGUAGES, Language, _check_code, language_info

__all__ = [
    "is_word",
    "raw_word_tokens",
    "tokenize_raw",
    "stopwords",
    "stemmer",
    "lowercase",
    "tokenize",
    "written_words",
    "is_unspaced",
    "token_word",
    "stem_function",
]

# A raw-text token: a run of letters/digits joined by hyphens or apostrophes, or any
# other single non-space character. Applied only to text that is not pre-tokenised.
_RAW_TOKEN = re.compile(r"[^\W_]+(?:[-'\u2019][^\W_]+)*|[^\w\s]|_")
# The same tokens less a "-" standing alone, which findall then skips: one pass.
_RAW_WORD_TOKEN = re.compile(r"[^\W_]+(?:[-'\u2019][^\W_]+)*|[^\w\s-]|_")


def is_word(token: str, hyphens: bool = True) -> bool:
    """True when every character of ``token`` is a letter or ``-`` (the author's test).

    With ``hyphens=False`` only letters count, as in the author's dot-plot program.
    """
    if not hyphens:
        return token.isalpha()
    # Every "-" read as a letter: then all letters, and at least one character.
    return token.replace("-", "a").isalpha()


def tokenize_raw(sentence: str) -> list[str]:
    """Split a raw (untokenised) sentence into word and punctuation tokens."""
    return _RAW_TOKEN.findall(sentence)


def raw_word_tokens(sentence: str) -> list[str]:
    """:func:`tokenize_raw`'s tokens less the dashes, for reading words from raw prose.

    The author's word test takes a lone ``-`` for a word, which in his pre-tokenised corpus
    was harmless; in raw text it is a dash, a Markdown bullet or each half of ``--``, and
    counted as a word it would make every sentence with one a little like every other.
    Words joined by hyphens (``e-mail``) are one token and stay.
    """
    return _RAW_WORD_TOKEN.findall(sentence)


# -- stopwords and stemmers --------------------


@cache
def stopwords(language: str) -> frozenset[str]:
    """The stopword list of a supported language, lower-cased as :func:`tokenize` gives
    words (empty for a language without one; English: linseg's own list)."""
    lang = language_info(language)
    if lang.stopwords is None:
        return frozenset()
    # English reads linseg's own list, the file and the rules of
    # linseg.text.processor.default_stopwords (not imported: linseg.text.processor imports this module).
    name = f"data/stopwords-{lang.code}.txt"
    text = resources.files("linseg").joinpath(name).read_text("utf-8")
    words = set()
    for line in text.splitlines():
        word = line.split("#", 1)[0].strip()
        if word:
            words.add(lowercase(word, lang.code))
    return frozenset(words)


_stemmers = threading.local()


def stemmer(language: str) -> Any:
    """The PyStemmer ``Stemmer`` of a supported language, one per thread (a PyStemmer
    object must not be used by two threads at once); call ``.stemWord(word)``. A
    ValueError for a language without one (Chinese, Japanese)."""
    code = language_info(language).code
    if LANGUAGES[code].snowball is None:
        raise ValueError(f"{LANGUAGES[code].name} has no Snowball stemmer: its words stay whole")
    cache: dict[str, Any] | None = getattr(_stemmers, "cache", None)
    if cache is None:
        cache = _stemmers.cache = {}
    found = cache.get(code)
    if found is None:
        import Stemmer as _pystemmer

        found = cache[code] = _pystemmer.Stemmer(LANGUAGES[code].snowball)
    return found


# -- the words of every language --------------------------------------------------

# linseg's original raw-text token (linseg.text.words.raw_word_tokens) and word test (is_word).
_APOSTROPHES = "'\u2019"
# Scripts written without spaces between words: Han (and its radicals, compatibility and
# extension blocks), Hiragana, Katakana, Thai, Lao, Khmer, Myanmar.
_UNSPACED_RANGES = (
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u2e80-\u2fdf\u3040-\u30ff\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
)
_UNSPACED = re.compile(f"[{_UNSPACED_RANGES}]+")


@lru_cache(maxsize=1)
def _mark_class() -> str:
    """A character-class body holding every combining mark (Unicode category M)."""
    ranges: list[list[int]] = []
    category = unicodedata.category
    for cp in range(0x30000):
        if category(chr(cp))[0] == "M":
            if ranges and ranges[-1][1] == cp - 1:
                ranges[-1][1] = cp
            else:
                ranges.append([cp, cp])
    return "".join(
        re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
        for a, b in ranges
    )


@cache
def _patterns(code: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(token finder, whole-token matcher) for a non-English language."""
    lang = LANGUAGES[code]
    # A word's parts start with a letter or digit (digits are rejected afterwards, so that
    # ``mp3`` is dropped whole rather than read as ``mp``), then take combining marks too;
    # never a character of an unspaced script, which is cut into bigrams instead.
    letter = f"[^\\W_{_UNSPACED_RANGES}]"
    part = f"{letter}(?:{letter}|[{_mark_class()}])*"
    joiners = "-" + _APOSTROPHES + re.escape(lang.joiners)
    word = f"{part}(?:[{joiners}]{part})*"
    finder = re.compile(f"(?:[{_UNSPACED_RANGES}]+)|{word}")
    return finder, re.compile(word)


def _has_number(token: str) -> bool:
    for ch in token:
        if ch.isnumeric() and not ch.isalpha():
            return True
    return False


def _fold_greek(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", stripped).replace("\u03c2", "\u03c3")


_PERSIAN = str.maketrans({"\u064a": "\u06cc", "\u0643": "\u06a9"})
_TURKISH = str.maketrans({"I": "\u0131", "\u0130": "i"})


def lowercase(text: str, language: str) -> str:
    """``text`` lower-cased (and normalised) as :func:`tokenize` gives its words.

    NFC, then the language's lower case (Turkish ``I`` -> ``ı``, ``İ`` -> ``i``); Greek
    loses its accents and final sigma, Persian writes Arabic yeh and kaf as the Persian
    letters. English is only lower-cased, as linseg always did.
    """
    code = LANGUAGES[language].code if language in LANGUAGES else _check_code(language)
    if code == "en":
        return text.lower()
    text = unicodedata.normalize("NFC", text)
    if code == "tr":
        text = text.translate(_TURKISH)
    text = text.lower()
    if code == "el":
        return _fold_greek(text)
    if code == "fa":
        return text.translate(_PERSIAN)
    return text


def _apostrophes(token: str, lang: Language) -> str:
    """Apply the language's apostrophe rule to one lower-cased word."""
    if "'" not in token and "\u2019" not in token:
        return token
    token = token.replace("\u2019", "'")
    if lang.apostrophe == "head":
        return token.split("'", 1)[0]
    if lang.apostrophe == "elide":
        while True:
            head, sep, rest = token.partition("'")
            if not sep or head not in lang.elisions or not rest:
                return token
            token = rest
    return token


def is_unspaced(token: str) -> bool:
    """Whether ``token`` is all characters of a script written without spaces (Han, kana,
    Thai ...): a unit :func:`tokenize` cut from such a run."""
    return _UNSPACED.fullmatch(token) is not None


def _bigrams(run: str) -> list[str]:
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


def tokenize(text: str, language: str) -> list[str]:
    """The lower-cased words of raw ``text``, in order, before stopword removal and
    stemming, by the rules of ``language`` (a supported code, or ``"auto"``).

    >>> tokenize("L'homme qu'aujourd'hui on voit", "fr")
    ['homme', "aujourd'hui", 'on', 'voit']
    >>> tokenize("Die Größe der E-Mail-Adresse: 42 Zeichen.", "de")
    ['die', 'größe', 'der', 'e-mail-adresse', 'zeichen']
    """
    code = resolve_language(language, text) if language not in LANGUAGES else language
    if code == "en":
        # English: linseg's own tokens and word test, as the paper's C99 reads text.
        return [t.lower() for t in raw_word_tokens(text) if is_word(t)]
    lang = LANGUAGES[code]
    low = lowercase(text, code)
    finder, _ = _patterns(code)
    found = finder.findall(low)
    if _UNSPACED.search(low) is None:
        out = found
    else:
        out = []
        for t in found:
            if _UNSPACED.fullmatch(t):
                out.extend(_bigrams(t))
            else:
                out.append(t)
    words: list[str] = []
    for t in out:
        if not t.isalpha():
            if _has_number(t):
                continue
            t = _apostrophes(t, lang)
            if not t:
                continue
        words.append(t)
    return words


def written_words(text: str, language: str) -> list[str]:
    """The words of raw ``text`` as :func:`tokenize` finds them, each as the text writes
    it (in Unicode NFC, its case kept: German ``Größe``, not ``größe``), so that a word can
    be shown as its reader wrote it; :func:`token_word` gives the word each stands for.
    English gives every token of :func:`linseg.text.words.raw_word_tokens` that is a word.

    >>> written_words("Die Größe der E-Mail-Adresse: 42 Zeichen.", "de")
    ['Die', 'Größe', 'der', 'E-Mail-Adresse', 'Zeichen']
    >>> written_words("L'Homme qu'on voit", "fr")
    ['Homme', 'on', 'voit']
    """
    code = resolve_language(language, text) if language not in LANGUAGES else language
    if code == "en":
        return [t for t in raw_word_tokens(text) if is_word(t)]
    lang = LANGUAGES[code]
    text = unicodedata.normalize("NFC", text)
    words: list[str] = []
    for t in _patterns(code)[0].findall(text):
        if _UNSPACED.fullmatch(t):
            words.extend(_bigrams(t))
            continue
        if not t.isalpha():
            if _has_number(t):
                continue
            # The apostrophe's rule, read on the lower-cased word, cuts the written one
            # alike: an elided head off (elide), or the suffixes after a name (head).
            kept = _apostrophes(t.lower(), lang)
            if len(t.lower()) == len(t) and kept != t.lower().replace("\u2019", "'"):
                t = t[len(t) - len(kept) :] if lang.apostrophe == "elide" else t[: len(kept)]
            if not t:
                continue
        words.append(t)
    return words


def token_word(token: str, language: str) -> str | None:
    """The word one token of pre-tokenised text stands for, or None if it is no word.

    For text that is already split into tokens (the ``.ref`` format): the whole token
    must be a word by :func:`tokenize`'s rules, after an elided prefix is dropped
    (French ``l'`` alone is no word; ``l'homme`` is ``homme``). English keeps linseg's
    word test: every character a letter or ``-``.
    """
    code = _check_code(language) if language not in LANGUAGES else language
    if code == "en":
        return token.lower() if is_word(token) else None
    lang = LANGUAGES[code]
    low = lowercase(token, code)
    if _UNSPACED.fullmatch(low):
        return low
    if _patterns(code)[1].fullmatch(low) is None or _has_number(low):
        return None
    word = _apostrophes(low, lang)
    return word or None


def stem_function(language: str) -> Callable[[str], str]:
    """The language's Snowball stemmer as a plain callable of its own, which pickles
    (:class:`linseg.text.stemmers.SnowballStemmer`); for a language without one (Chinese,
    Japanese), :func:`linseg.text.stemmers.unchanged`, which leaves every word as it is."""
    from linseg.text.stemmers import SnowballStemmer, unchanged

    algorithm = LANGUAGES[language_info(language).code].snowball
    return unchanged if algorithm is None else SnowballStemmer(algorithm)

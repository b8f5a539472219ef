"""The languages linseg reads: one record each, naming its stemmer, sentence splitter,
stopwords and word rules.

linseg covers every language that a Snowball stemmer of PyStemmer covers (34 of them, see
:data:`LANGUAGES`), Chinese and Japanese (no stemmer: their runs of Han and kana are read as
overlapping character pairs, measured against jieba, fugashi and Sudachi in
docs/languages.md), and ``language="auto"``, every segmenter's default, to detect it
(:func:`linseg.text.identification.detect_language`: by script, English's quick test, then py3langid where it is
sure). For each language its :class:`Language` record gives:

- the **Snowball algorithm** PyStemmer runs (:func:`linseg.text.words.stemmer`). English keeps ``porter``,
  the original Porter (1980) stemmer linseg has always used, so every English figure stays
  the same (Snowball's ``english`` is Porter2);
- the code handed to the **sentence splitter** (:func:`linseg.text.sentences.split_sentences`,
  built on ``sentencex``). sentencex 1.0 has rules of its own for 17 of the 34 languages
  (abbreviations and the like; the sentence marks of every script are common to all). For
  the others it follows MediaWiki's fallback chain and, where that ends, uses English: Czech
  falls back to Slovak, and Basque, Esperanto, Estonian, Hungarian, Indonesian, Irish,
  Lithuanian, Nepali, Norwegian, Persian, Romanian, Serbian, Sesotho, Swedish, Turkish and
  Yiddish to English. :attr:`Language.sentences` records the code sentencex really uses,
  so nothing depends on its fallback table;
- a **stopword list** (:func:`linseg.text.words.stopwords`);
- the **word rules** of the tokeniser (:func:`linseg.text.words.tokenize`,
  :func:`linseg.text.words.token_word`).

The functions that apply these (stopwords, stemmers, word rules) are in
:mod:`linseg.text.words`; language detection (``language="auto"``) is in
:mod:`linseg.text.identification`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "Language",
    "LANGUAGES",
    "AUTO",
    "supported_languages",
    "language_info",
]

#: The value of ``language`` that asks for detection.
AUTO = "auto"

Apostrophe = Literal["legacy", "keep", "elide", "head"]


@dataclass(frozen=True)
class Language:
    """What linseg needs to read one language.

    Attributes
    ----------
    code:
        ISO 639-1 code, the value of ``language=``.
    name:
        English name.
    snowball:
        PyStemmer's algorithm name (:func:`Stemmer.algorithms`), or None for a language
        Snowball has no stemmer for (Chinese, Japanese: their words are not inflected so,
        and are left as they are).
    sentences:
        The code the sentence splitter is given (the language sentencex really applies,
        see the module's documentation).
    stopwords:
        Where the stopword list comes from, or ``None`` when there is none.
    apostrophe:
        What an apostrophe inside a word does: ``"keep"`` it in the word, ``"elide"``
        (drop an elided prefix listed in ``elisions``, keep other apostrophes), ``"head"``
        (keep only what comes before it), or ``"legacy"`` (English: linseg's original rule).
    elisions:
        The elided words dropped before an apostrophe (lower case, without the apostrophe).
    joiners:
        Characters besides ``-`` and the apostrophes that join two parts of one word.
    """

    code: str
    name: str
    snowball: str | None
    sentences: str
    stopwords: str | None
    apostrophe: Apostrophe = "keep"
    elisions: frozenset[str] = frozenset()
    joiners: str = ""


_SNOWBALL = "Snowball project (BSD), via Apache Lucene 8.7"
_SAVOY = "Jacques Savoy (BSD), via Apache Lucene 8.7"
_LUCENE = "Apache Lucene 8.7 (Apache-2.0)"

# Elided words, from Lucene's ElisionFilter sets for these languages.
_FR_ELISIONS = frozenset(
    ["l", "m", "t", "qu", "n", "s", "j", "d", "c", "jusqu", "quoiqu", "lorsqu", "puisqu"]
)
_IT_ELISIONS = frozenset(
    [
        "c",
        "l",
        "all",
        "dall",
        "dell",
        "nell",
        "sull",
        "coll",
        "pell",
        "gl",
        "agl",
        "dagl",
        "degl",
        "negl",
        "sugl",
        "un",
        "m",
        "t",
        "s",
        "v",
        "d",
    ]
)
_CA_ELISIONS = frozenset(["d", "l", "m", "n", "s", "t"])
_GA_ELISIONS = frozenset(["d", "m", "b"])

#: Every supported language, by ISO 639-1 code.
LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language("ar", "Arabic", "arabic", "ar", _SAVOY),
        Language("hy", "Armenian", "armenian", "hy", _LUCENE),
        Language("eu", "Basque", "basque", "en", _LUCENE),
        Language("ca", "Catalan", "catalan", "ca", _LUCENE, "elide", _CA_ELISIONS, "\u00b7"),
        Language("cs", "Czech", "czech", "sk", _LUCENE),
        Language("da", "Danish", "danish", "da", _SNOWBALL),
        Language("nl", "Dutch", "dutch", "nl", _SNOWBALL),
        Language("en", "English", "porter", "en", "linseg (Glasgow list)", "legacy"),
        Language("eo", "Esperanto", "esperanto", "en", None),
        Language("et", "Estonian", "estonian", "en", _LUCENE),
        Language("fi", "Finnish", "finnish", "fi", _SNOWBALL),
        Language("fr", "French", "french", "fr", _SNOWBALL, "elide", _FR_ELISIONS),
        Language("de", "German", "german", "de", _SNOWBALL),
        Language("el", "Greek", "greek", "el", _LUCENE),
        Language("hi", "Hindi", "hindi", "hi", _SAVOY),
        Language("hu", "Hungarian", "hungarian", "en", _SNOWBALL),
        Language("id", "Indonesian", "indonesian", "en", _LUCENE),
        Language("ga", "Irish", "irish", "en", _LUCENE, "elide", _GA_ELISIONS),
        Language("it", "Italian", "italian", "it", _SNOWBALL, "elide", _IT_ELISIONS),
        Language("lt", "Lithuanian", "lithuanian", "en", _LUCENE),
        Language("ne", "Nepali", "nepali", "en", None),
        Language("no", "Norwegian", "norwegian", "en", _SNOWBALL),
        Language("fa", "Persian", "persian", "en", _SAVOY, joiners="\u200c"),
        Language("pl", "Polish", "polish", "pl", "Carrot2 project (BSD), via Apache Lucene 8.7"),
        Language("pt", "Portuguese", "portuguese", "pt", _SNOWBALL),
        Language("ro", "Romanian", "romanian", "en", _SAVOY),
        Language("ru", "Russian", "russian", "ru", _SNOWBALL),
        Language("sr", "Serbian", "serbian", "en", None),
        Language("st", "Sesotho", "sesotho", "en", None),
        Language("es", "Spanish", "spanish", "es", _SNOWBALL),
        Language("sv", "Swedish", "swedish", "en", _SNOWBALL),
        Language("ta", "Tamil", "tamil", "ta", None),
        Language("tr", "Turkish", "turkish", "en", _LUCENE, "head"),
        Language("yi", "Yiddish", "yiddish", "en", None),
        Language("zh", "Chinese", None, "zh", None),
        Language("ja", "Japanese", None, "ja", None),
    )
}


def supported_languages() -> tuple[str, ...]:
    """The ISO 639-1 codes linseg reads, sorted."""
    return tuple(sorted(LANGUAGES))


def language_info(code: str) -> Language:
    """The :class:`Language` of a supported code (ValueError for any other)."""
    return LANGUAGES[_check_code(code)]


def _check_code(code: object) -> str:
    if not isinstance(code, str):
        raise TypeError(f"language must be a string such as 'de' or 'auto', got {code!r}")
    norm = code.strip().lower()
    if norm in LANGUAGES:
        return norm
    raise ValueError(
        f"unsupported language {code!r}: use 'auto' or one of {', '.join(supported_languages())}"
    )

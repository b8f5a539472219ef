"""What linseg calls a word in English, as the paper's C99 reads text.

Raw text is split into tokens (:func:`tokenize_raw`), and a token is a word when every
character is a letter or ``-`` (:func:`is_word`, the author's test). The test was made for
pre-tokenised text; in raw prose a ``-`` standing alone is a dash, so the tokens that are
read for words (:func:`raw_word_tokens`) leave it out. Both the text stage
(:mod:`linseg.text.processor`) and English in :mod:`linseg.text.languages` use these.
"""

from __future__ import annotations

import re

__all__ = ["is_word", "raw_word_tokens", "tokenize_raw"]

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

"""What linseg calls a word in English, as the paper's C99 reads text.

Raw text is split into tokens (:func:`tokenize_raw`), and a token is a word when every
character is a letter or ``-`` (:func:`is_word`, the author's test). Both the text stage
(:mod:`linseg.text`) and English in :mod:`linseg.languages` use these.
"""

from __future__ import annotations

import re

__all__ = ["is_word", "tokenize_raw"]

# A raw-text token: a run of letters/digits joined by hyphens or apostrophes, or any
# other single non-space character. Applied only to text that is not pre-tokenised.
_RAW_TOKEN = re.compile(r"[^\W_]+(?:[-'\u2019][^\W_]+)*|[^\w\s]|_")


def is_word(token: str, hyphens: bool = True) -> bool:
    """True when every character of ``token`` is a letter or ``-`` (the author's test).

    With ``hyphens=False`` only letters count, as in the author's dot-plot program.
    """
    if not hyphens:
        return token.isalpha()
    if not token:
        return False
    for ch in token:
        if ch != "-" and not ch.isalpha():
            return False
    return True


def tokenize_raw(sentence: str) -> list[str]:
    """Split a raw (untokenised) sentence into word and punctuation tokens."""
    return _RAW_TOKEN.findall(sentence)

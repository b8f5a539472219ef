"""Random documents of the kinds users feed linseg, for the fuzz suite.

:func:`document` draws one document from a seeded ``random.Random``: a mix of blocks of
English prose, Markdown, reStructuredText, separator lines, code, CJK and right-to-left
text, emoji, control characters and very long tokens, with LF, CRLF or lone-CR line
endings, sometimes a byte-order mark, sometimes nothing but white space.
"""

from __future__ import annotations

import random

_WORDS = [
    "bees",
    "honey",
    "hive",
    "queen",
    "nectar",
    "pollen",
    "railway",
    "steam",
    "engine",
    "track",
    "coal",
    "station",
    "bread",
    "flour",
    "yeast",
    "oven",
    "dough",
    "crust",
    "kernel",
    "patch",
    "driver",
    "module",
    "build",
    "release",
    "the",
    "a",
    "of",
    "and",
    "to",
    "in",
    "is",
    "it",
    "that",
    "for",
    "on",
    "with",
    "as",
    "was",
]
_CJK = "\u4eca\u65e5\u306f\u6674\u308c\u3067\u3059\u3002\u6587\u7ae0\u3092\u5206\u5272\u3059\u308b\u3002\u4e2d\u6587\u53e5\u5b50\u3002"
_ARABIC = "\u0647\u0630\u0627 \u0646\u0635 \u0639\u0631\u0628\u064a \u0642\u0635\u064a\u0631."
_HEBREW = (
    "\u05d6\u05d4 \u05d8\u05e7\u05e1\u05d8 \u05e7\u05e6\u05e8 \u05d1\u05e2\u05d1\u05e8\u05d9\u05ea."
)
_EMOJI = [
    "\U0001f600",
    "\U0001f41d",
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",
    "\U0001f1fa\U0001f1f3",
    "\u2764\ufe0f",
    "\U0001f44d\U0001f3fd",
]
_CONTROLS = ["\x07", "\x1b[1m", "\x0c", "\x0b", "\x1f", "\x7f", "\x85"]
_SEPARATORS = ["==========", "=====", "----------", "***", "___", "~~~~~~", "#####"]


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(_WORDS) for _ in range(rng.randint(1, 14))]
    if rng.random() < 0.15:
        words.insert(
            rng.randrange(len(words) + 1),
            rng.choice(
                [
                    "(see below",
                    "`make install`",
                    '"quoted',
                    "e.g.",
                    "3.14",
                    "https://example.org/a.b",
                    "O'Neil",
                    ")",
                    "Dr.",
                    "\u2026",
                ]
            ),
        )
    return " ".join(words).capitalize() + rng.choice([".", ".", ".", "!", "?", "", ":"])


def _prose(rng: random.Random) -> str:
    return " ".join(_sentence(rng) for _ in range(rng.randint(1, 8)))


def _block(rng: random.Random) -> str:
    kind = rng.choice(
        ["prose"] * 6
        + [
            "md_heading",
            "setext",
            "rest_title",
            "list",
            "table",
            "fence",
            "inline",
            "literal",
            "directive",
            "separator",
            "code",
            "cjk",
            "rtl",
            "emoji",
            "control",
            "long_token",
            "long_line",
        ]
    )
    if kind == "prose":
        return _prose(rng)
    if kind == "md_heading":
        return "#" * rng.randint(1, 6) + " " + _sentence(rng).rstrip(".!?:")
    if kind == "setext":
        title = _sentence(rng).rstrip(".!?:")
        return title + "\n" + rng.choice("=-") * max(3, len(title))
    if kind == "rest_title":
        title = _sentence(rng).rstrip(".!?:")
        bar = rng.choice("=-~^*") * max(3, len(title))
        return f"{bar}\n{title}\n{bar}"
    if kind == "list":
        return "\n".join(
            f"{rng.choice(['-', '*', '1.', 'a)'])} {_sentence(rng)}"
            for _ in range(rng.randint(1, 5))
        )
    if kind == "table":
        return "| a | b |\n| --- | --- |\n" + "\n".join(
            f"| {rng.choice(_WORDS)} | {rng.randint(0, 99)} |" for _ in range(rng.randint(1, 4))
        )
    if kind == "fence":
        fence = rng.choice(["```", "~~~", "````"])
        body = "\n".join(f"x{i} = {i}. Y = {i}." for i in range(rng.randint(0, 4)))
        closing = fence if rng.random() < 0.9 else ""
        return f"{fence}python\n{body}\n{closing}"
    if kind == "inline":
        return f"Call `{rng.choice(_WORDS)}()` then ``{rng.choice(_WORDS)}``. " + _prose(rng)
    if kind == "literal":
        return _sentence(rng).rstrip(".") + "::\n\n    $ make\n    $ make install"
    if kind == "directive":
        return ".. note::\n\n   " + _sentence(rng)
    if kind == "separator":
        return rng.choice(_SEPARATORS)
    if kind == "code":
        return "def f(x):\n    return x + 1  # done.\n\nint main() { return 0; }"
    if kind == "cjk":
        return _CJK * rng.randint(1, 3)
    if kind == "rtl":
        return rng.choice([_ARABIC, _HEBREW]) + " " + _prose(rng)
    if kind == "emoji":
        return " ".join(rng.choice(_EMOJI + _WORDS) for _ in range(rng.randint(1, 12))) + "."
    if kind == "control":
        words = _prose(rng).split(" ")
        words.insert(rng.randrange(len(words) + 1), rng.choice(_CONTROLS))
        return " ".join(words)
    if kind == "long_token":
        return _sentence(rng) + " " + rng.choice("abx-_.") * 10_000 + " " + _sentence(rng)
    return " ".join(_sentence(rng) for _ in range(rng.randint(20, 60)))  # long_line


def document(rng: random.Random) -> str:
    """One random document."""
    roll = rng.random()
    if roll < 0.03:
        return ""
    if roll < 0.06:
        return rng.choice([" ", "\n", "\n\n\t  \r\n", "\u3000\n"])
    blocks = [_block(rng) for _ in range(rng.randint(1, 10))]
    text = "".join(b + rng.choice(["\n\n", "\n\n", "\n", "\n\n\n", " "]) for b in blocks)
    if rng.random() < 0.3:
        text = text.rstrip("\n")
    ending = rng.random()
    if ending < 0.2:
        text = text.replace("\n", "\r\n")
    elif ending < 0.25:
        text = text.replace("\n", "\r")
    if rng.random() < 0.05:
        text = "\ufeff" + text
    return text

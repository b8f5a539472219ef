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
BLANK_DOCUMENTS = [
    " ",
    "\n",
    "\n\n\t  \r\n",
    "\u3000\n",
    "\r",
    "\r\n\r\n",
    "\t",
    "\u00a0\n",
    "\u2028",
    "\ufeff",
    "\ufeff \n",
    " \x0c \n",
]
_CONTROLS = ["\x07", "\x1b[1m", "\x0c", "\x0b", "\x1f", "\x7f", "\x85"]
_SPACES = [" ", "\u00a0", "\u3000", "\u2028", "\t", "  ", "\u2009"]
_SEPARATORS = ["==========", "=====", "----------", "***", "___", "~~~~~~", "#####"]


def strip_bom(text: str) -> str:
    """The text as linseg decodes it: one leading byte-order mark removed."""
    return text[1:] if text.startswith("\ufeff") else text


def blob(rng: random.Random) -> bytes:
    """Random bytes that are not text: with NUL bytes, a binary header, or mostly noise."""
    kind = rng.choice(["nul", "png", "gzip", "elf", "noise"])
    body = bytes(rng.randrange(256) for _ in range(rng.randint(64, 400)))
    if kind == "nul":
        return b"Some text. " + b"\x00" * rng.randint(1, 3) + b" More text.\n"
    if kind == "png":
        return b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + body
    if kind == "gzip":
        return b"\x1f\x8b\x08\x00" + body
    if kind == "elf":
        return b"\x7fELF\x02\x01\x01\x00" + body
    return body


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
            "ref_like",
            "tokenised",
            "unicode_space",
            "html",
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
    if kind == "ref_like":
        return _ref_like(rng)
    if kind == "tokenised":
        return "\n".join(
            " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 9))) + " ."
            for _ in range(rng.randint(2, 6))
        )
    if kind == "unicode_space":
        space = rng.choice(_SPACES)
        return space.join(_sentence(rng) for _ in range(rng.randint(1, 5))) + rng.choice(
            ["", "\u0301", "\u200b", "\t"]
        )
    if kind == "html":
        return f"<p>{_sentence(rng)}</p>\n<!-- {rng.choice(_SEPARATORS)} -->\n<br/>"
    return " ".join(_sentence(rng) for _ in range(rng.randint(20, 60)))  # long_line


def _ref_like(rng: random.Random) -> str:
    """A .ref sample, or something close to one (a missing separator, an empty segment)."""
    sep = rng.choice(["==========", "==========", "=====", "  ==========  "])
    parts = [sep]
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.1:
            parts.append("")  # an empty segment
        else:
            parts.append(
                "\n".join(
                    " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 8))) + " ."
                    for _ in range(rng.randint(1, 4))
                )
            )
        parts.append(sep)
    if rng.random() < 0.2:
        parts.pop()  # no closing separator
    if rng.random() < 0.1:
        parts.append(_sentence(rng))  # prose after the last separator
    return "\n".join(p for p in parts if p or rng.random() < 0.5)


def document(rng: random.Random) -> str:
    """One random document."""
    roll = rng.random()
    if roll < 0.03:
        return ""
    if roll < 0.06:
        return rng.choice(BLANK_DOCUMENTS)
    if roll < 0.09:
        return _ref_like(rng) + rng.choice(["\n", "", "\n\n"])
    blocks = [_block(rng) for _ in range(rng.randint(1, 10))]
    text = "".join(b + rng.choice(["\n\n", "\n\n", "\n", "\n\n\n", " "]) for b in blocks)
    if rng.random() < 0.3:
        text = text.rstrip("\n")
    ending = rng.random()
    if ending < 0.2:
        text = text.replace("\n", "\r\n")
    elif ending < 0.25:
        text = text.replace("\n", "\r")
    elif ending < 0.3:  # mixed: some lines CRLF, some lone CR, some LF
        text = "".join(c if c != "\n" else rng.choice(["\n", "\r\n", "\r"]) for c in text)
    if rng.random() < 0.05:
        text = "\ufeff" + text
    return text


SEPARATOR_LINE = "==========\n"


def text_output(segments: list[str]) -> str:
    """What ``segment --output text`` prints for these segments."""
    return SEPARATOR_LINE.join(p if p.endswith("\n") else p + "\n" for p in segments)


def rejoins(out: str, original: str) -> bool:
    """Whether ``--output text`` output ``out`` is ``original`` cut into segments: removing
    the separator lines put between segments, and the newline added to a segment that did
    not end with one, gives ``original`` back. (Input that holds separator lines itself
    makes the cut ambiguous, so every reading is tried.)"""
    sep = SEPARATOR_LINE
    starts = [(0, 0)]  # (offset in out, offset in original) where a segment starts
    seen = set(starts)
    while starts:
        i, j = starts.pop()
        start = j
        while True:
            if j > start:  # the segment may end here: it holds original[start:j]
                ends = []
                if original[j - 1] == "\n":
                    ends.append(i)
                elif i < len(out) and out[i] == "\n":
                    ends.append(i + 1)
                for end in ends:
                    if end == len(out) and j == len(original):
                        return True
                    if out.startswith(sep, end) and (end + len(sep), j) not in seen:
                        seen.add((end + len(sep), j))
                        starts.append((end + len(sep), j))
            if i < len(out) and j < len(original) and out[i] == original[j]:
                i += 1
                j += 1
            else:
                break
    return False


#: The keys of ``linseg segment --output json`` (the robustness contract, clause 6).
RECORD_KEYS = {
    "path", "method", "params", "format", "format_detected", "tokenized", "n_sentences",
    "n_segments", "n_segments_requested", "band", "boundaries", "segments", "offsets",
    "notes", "forced_cuts", "kernels", "keywords", "times",
}  # fmt: skip


def read_or_refuse(read, data: bytes, changes: list[tuple[int, int]]) -> None:
    """``read`` a copy of ``data`` with each ``(offset, byte)`` of ``changes`` written into
    it (offsets wrap): it must return text or raise a ValueError that says why, and
    nothing else (a damaged file is an input error, never a traceback)."""
    damaged = bytearray(data)
    for at, value in changes:
        damaged[at % len(damaged)] = value
    try:
        text = read(bytes(damaged))
    except ValueError:
        return
    assert isinstance(text, str)


#: Three topics that share no content word: a document of one section each, in any
#: format, should be cut at its sections' headings.
TOPICS = {
    "Hives": "The hive keeps its combs of wax where the queen lays eggs in cells.",
    "Honey": "Nectar from flowers turns to honey as workers fan it dry in summer.",
    "Swarms": "A swarm leaves with the old queen to find a hollow tree for a nest.",
}


def topic_paragraphs(sentence: str, n: int = 8) -> list[str]:
    """``n`` paragraphs on one topic: the words of ``sentence`` rotated, each a sentence."""
    words = sentence.rstrip(".").split()
    return [" ".join(words[j:] + words[:j]) + "." for j in range(n)]


def check_markup_reading(source: str, text: str, fmt: str, written: set[str]) -> None:
    """What a reader of a text markup (``fmt``) must do with any ``source``, given the
    ``text`` it read: blocks apart by one blank line at most, no blank line first, a line
    end last; no word (two letters or more) that the source does not hold, but those the
    reader itself ``written``; and a document read from it whose sentences join back to
    that text."""
    import re

    from linseg.readers.document import decode_document

    assert text == "" or (text.endswith("\n") and not text.startswith("\n"))
    assert "\n\n\n" not in text
    source_words = set(re.findall(r"[A-Za-z]{2,}", source)) | written
    assert set(re.findall(r"[A-Za-z]{2,}", text)) <= source_words
    if text.strip():
        doc = decode_document(source.encode(), fmt)
        assert "".join(doc.segment_texts(list(range(1, len(doc.sentences))))) == doc.text

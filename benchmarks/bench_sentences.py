"""Sentence-boundary accuracy and speed of linseg's splitter, beside raw sentencex.

Usage: python benchmarks/bench_sentences.py [--data DIR] [--files N] [--others]

``--others`` adds the other offline splitters that linseg was compared with, those of
them that are installed: nupunkt, segtok, syntok, pysbd (pysbd and syntok are slow:
use ``--files 150``). linseg does not depend on them.

Text with known sentences: the paper's corpus (``$LINSEG_DATA/choi``), whose sentences
are one a line, detokenised back into prose (``do n't`` -> ``don't``, ```` `` `` and
``''`` -> ``"``, no space before closing punctuation). Three layouts of each sample:

- ``paragraphs``: each segment one paragraph, a blank line between paragraphs;
- ``one line``: the whole sample on one line (the long-line case);
- ``one line, stray (``: the same with an unmatched ``(`` put into one sentence in
  five, as real documents have (a list item ``a)``, a smiley, a code fragment).

Scores are boundary precision, recall and F1 over the sentence starts inside each
sample (the start of the text is not counted), summed over samples. Speed: ms per 100
sentences on the paragraphs layout, and seconds for a single line of about 5 MB.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

from linseg.readers.ref import find_ref_files, read_ref
from linseg.text.sentences import split_sentences

_NO_SPACE_BEFORE = {
    ",",
    ".",
    ";",
    ":",
    "!",
    "?",
    ")",
    "]",
    "}",
    "%",
    "'s",
    "n't",
    "'re",
    "'ve",
    "'ll",
    "'d",
    "'m",
    "''",
    "'",
}
_NO_SPACE_AFTER = {"(", "[", "{", "$", "``", "`"}


def detokenize(sentence: str) -> str:
    """Join a tokenised sentence back into prose."""
    out = ""
    prev = None
    for tok in sentence.split():
        word = {"``": '"', "''": '"'}.get(tok, tok)
        glue = prev is None or tok in _NO_SPACE_BEFORE or prev in _NO_SPACE_AFTER
        out += word if glue else " " + word
        prev = tok
    return out


def samples(root: Path, limit: int | None) -> list[list[list[str]]]:
    """Each sample as its segments' detokenised sentences."""
    out = []
    for path in find_ref_files(root)[:limit]:
        doc = read_ref(path)
        cuts = [0, *doc.boundaries, len(doc.sentences)]
        out.append([[detokenize(s) for s in doc.sentences[a:b]] for a, b in zip(cuts, cuts[1:])])
    return out


def layout(sample: list[list[str]], kind: str, rng: random.Random) -> tuple[str, set[int]]:
    """The text of a sample and the character offsets where its sentences start."""
    text, starts = "", set()
    for para in sample:
        for i, s in enumerate(para):
            if kind == "stray" and rng.random() < 0.2:
                words = s.split(" ")
                k = rng.randrange(len(words))
                s = " ".join(words[:k] + ["("] + words[k:])
            if text:
                text += "\n\n" if kind == "paragraphs" and i == 0 else " "
                starts.add(len(text))
            text += s
    return text, starts


def sentencex_spans(text: str) -> list[tuple[int, int]]:
    """Raw sentencex, its pieces located in the text (white-space pieces dropped)."""
    import sentencex

    spans, pos = [], 0
    for piece in sentencex.segment("en", text):
        at = text.find(piece, pos)
        if at < 0 or not piece.strip():
            continue
        spans.append((at + len(piece) - len(piece.lstrip()), at + len(piece)))
        pos = at + len(piece)
    return spans


def _locate(text: str, pieces) -> list[tuple[int, int]]:
    """Spans of the (stripped) string ``pieces`` found in order in ``text``."""
    spans, pos = [], 0
    for piece in pieces:
        piece = piece.strip()
        at = text.find(piece, pos) if piece else -1
        if at >= 0:
            spans.append((at, at + len(piece)))
            pos = at + len(piece)
    return spans


def nupunkt_spans(text: str) -> list[tuple[int, int]]:
    import nupunkt

    return [tuple(span) for span in nupunkt.sent_spans(text)]


def segtok_spans(text: str) -> list[tuple[int, int]]:
    from segtok.segmenter import split_multi

    return _locate(text, split_multi(text))


def syntok_spans(text: str) -> list[tuple[int, int]]:
    """syntok's sentences; its token offsets restart with each paragraph."""
    import syntok.segmenter as syntok

    spans, pos = [], 0
    for paragraph in syntok.process(text):
        for sentence in paragraph:
            tokens = [t for t in sentence if t.value]
            if not tokens:
                continue
            start = text.find(tokens[0].value, pos)
            for t in tokens:
                pos = text.find(t.value, pos) + len(t.value)
            spans.append((start, pos))
    return spans


def pysbd_spans(text: str) -> list[tuple[int, int]]:
    import pysbd

    segmenter = pysbd.Segmenter(language="en", clean=False, char_span=True)
    return [(s.start, s.end) for s in segmenter.segment(text)]


OTHERS = {
    "nupunkt": nupunkt_spans,
    "segtok": segtok_spans,
    "syntok": syntok_spans,
    "pysbd": pysbd_spans,
}


def splitters(others: bool) -> dict:
    """linseg, raw sentencex and, with ``others``, every other splitter installed."""
    out = {"linseg": split_sentences, "sentencex": sentencex_spans}
    if others:
        for name, fn in OTHERS.items():
            try:
                fn("One. Two.")
            except ImportError:
                print(f"({name} is not installed: left out)")
            else:
                out[name] = fn
    return out


def score(splitter, texts: list[tuple[str, set[int]]]) -> tuple[float, float, float, int]:
    tp = fp = fn = 0
    longest = 0
    for text, truth in texts:
        spans = splitter(text)
        found = set()
        for a, b in spans:
            a = next((i for i in range(a, b) if not text[i].isspace()), a)
            if a:
                found.add(a)
            longest = max(longest, b - a)
        tp += len(found & truth)
        fp += len(found - truth)
        fn += len(truth - found)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, 2 * p * r / (p + r) if p + r else 0.0, longest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.environ.get("LINSEG_DATA"), help="data root")
    ap.add_argument("--files", type=int, default=None, help="use only the first N samples")
    ap.add_argument("--others", action="store_true", help="add the other splitters installed")
    ap.add_argument("--mb", type=float, default=5.0, help="size of the single-line text")
    args = ap.parse_args()
    if not args.data:
        sys.exit("give --data or set LINSEG_DATA")
    corpus = samples(Path(args.data) / "choi", args.files)
    n_sent = sum(len(p) for s in corpus for p in s)
    fns = splitters(args.others)
    print(f"{len(corpus)} samples, {n_sent} sentences\n")
    layouts = (
        ("paragraphs", "a paragraph per segment"),
        ("line", "each sample on one line"),
        ("stray", "one line, a stray `(` in one sentence in five"),
    )
    print("| layout | splitter | precision | recall | F1 | longest piece (chars) |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for kind, label in layouts:
        rng = random.Random(1)
        texts = [layout(s, kind, rng) for s in corpus]
        for name, fn in fns.items():
            p, r, f, longest = score(fn, texts)
            print(
                f"| {label} | {name} | {100 * p:.1f}% | {100 * r:.1f}% | {100 * f:.1f}% | "
                f"{longest:,} |"
            )
    print("\n| splitter | ms per 100 sentences | single line: seconds | sentences | longest |")
    print("| --- | ---: | ---: | ---: | ---: |")
    texts = [layout(s, "paragraphs", random.Random(1))[0] for s in corpus]
    rng = random.Random(2)
    big = " ".join(layout(s, "stray", rng)[0] for s in corpus)
    size = int(args.mb * 1e6)
    while len(big) < size:
        big += " " + big
    big = big[:size]
    big = big[: big.rfind(" ")]
    for name, fn in fns.items():
        t0 = time.perf_counter()
        for t in texts:
            fn(t)
        ms = 1e3 * (time.perf_counter() - t0) / n_sent * 100
        if ms > 20:  # pysbd, syntok: minutes on the long line
            print(f"| {name} | {ms:.2f} | (too slow) | | |")
            continue
        t0 = time.perf_counter()
        spans = fn(big)
        secs = time.perf_counter() - t0
        longest = max(b - a for a, b in spans)
        print(f"| {name} | {ms:.2f} | {secs:.2f} | {len(spans):,} | {longest:,} |")
    print(f"\n(single line: {len(big) / 1e6:.1f} MB of corpus prose with stray brackets)")


if __name__ == "__main__":
    main()

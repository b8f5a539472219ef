"""Word units for Chinese and Japanese: character n-grams against word segmenters.

Usage: python benchmarks/bench_cjk_units.py DIR --language zh|ja [--units NAME ...]

Runs ``benchmarks/bench_plain.py`` on a set of Chinese or Japanese mixes (built by
``tools/build_plain_sets.py mixes``) with the runs of Han and kana cut into other units
than linseg's character pairs, one run per ``--units``:

``bigrams`` (linseg's), ``chars``, ``chars+bigrams``, ``trigrams``; ``jieba`` (rjieba's
words), ``fugashi`` (MeCab with unidic-lite), ``sudachi`` (SudachiPy, core dictionary,
split mode A): each word segmenter's words with a list of function words left out (for
Japanese, Apache Lucene's Kuromoji stopwords, from Debian's ``liblucene8-java``, passed as
``--stopwords FILE``; for Chinese, a file of your own). The segmenters are not linseg's
dependencies: ``pip install rjieba fugashi unidic-lite sudachipy sudachidict-core`` first.
"""

from __future__ import annotations

import argparse
import runpy
import sys
from pathlib import Path

import linseg.text.words as W

# The languages this benchmark cuts differently (the choices of --language).
UNSPACED = ("zh", "ja")
UNITS = ("bigrams", "chars", "chars+bigrams", "trigrams", "jieba", "fugashi", "sudachi")


def _grams(run: str, n: int) -> list[str]:
    return [run] if len(run) <= n else [run[i : i + n] for i in range(len(run) - n + 1)]


def _segmenter(units: str):
    if units == "jieba":
        import rjieba

        return rjieba.cut
    if units == "fugashi":
        import fugashi

        tagger = fugashi.Tagger()
        return lambda text: [w.surface for w in tagger(text)]
    if units == "sudachi":
        from sudachipy import Dictionary, SplitMode

        tokenizer = Dictionary(dict="core").create()
        return lambda text: [m.surface() for m in tokenizer.tokenize(text, SplitMode.A)]
    return None


def patch(units: str, stop: frozenset[str]) -> None:
    """Make linseg's tokeniser cut Chinese and Japanese runs into ``units``: the one
    :class:`linseg.text.processor.TextProcessor` reads words with (``words.tokenize``)."""
    original = W.tokenize
    cut = _segmenter(units)

    def tokenize(text: str, language: str) -> list[str]:
        if language not in UNSPACED:
            return original(text, language)
        finder = W._patterns(language)[0]
        out: list[str] = []
        for t in finder.findall(W.lowercase(text, language)):
            if not W.is_unspaced(t):
                if not W._has_number(t):
                    out.append(t)
            elif cut is not None:
                out.extend(w for w in cut(t) if w.strip() and w not in stop)
            elif units == "chars":
                out.extend(t)
            elif units == "chars+bigrams":
                out.extend([*t, *(_grams(t, 2) if len(t) > 1 else [])])
            else:
                out.extend(_grams(t, 3 if units == "trigrams" else 2))
        return out

    W.tokenize = tokenize


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--language", choices=UNSPACED, required=True)
    ap.add_argument("--units", action="append", choices=UNITS)
    ap.add_argument("--stopwords", type=Path, help="function words left out of the segmenters'")
    args = ap.parse_args()
    stop = frozenset(args.stopwords.read_text().split()) if args.stopwords else frozenset()
    bench = Path(__file__).resolve().parent / "bench_plain.py"
    for units in args.units or ["bigrams"]:
        print(f"units: {units}", flush=True)
        patch(units, stop)
        sys.argv = ["bench_plain.py", str(args.dir), "--language", args.language]
        runpy.run_path(str(bench), run_name="__main__")


if __name__ == "__main__":
    main()

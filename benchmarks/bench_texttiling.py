"""TextTiling speed, linseg against NLTK's TextTilingTokenizer on the same input, and the
speed of Kan's Segmenter, on the paper's corpus.

Usage: python benchmarks/bench_texttiling.py [--data DIR] [--samples N] [--repeat R]

Both TextTilings get the same token stream: each sample's words that are plain lower-case
letters (so NLTK's tokeniser and linseg's see the same words), the same stop list, no
stemming (NLTK has none), w = 20, k = 10. NLTK gets the sentences as paragraphs (it needs
paragraph breaks); linseg gets the list of sentences. Times are per sample, warm, in one
process (the first pass compiles linseg's kernels and is not counted). A second table
times one long document (the samples concatenated) to show how each grows with length.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time

from linseg.evaluation.corpora import choi_dir, find_ref_files, read_ref
from linseg.evaluation.corpora.data import DataNotFound
from linseg.methods import create
from linseg.methods.texttiling import TextTiling
from linseg.text.processor import default_stopwords

_PLAIN = re.compile(r"^[a-z]+$")


def plain(sentences: list[str]) -> list[str]:
    out = []
    for s in sentences:
        words = [t.lower() for t in s.split() if _PLAIN.match(t.lower())]
        out.append(" ".join(words))
    return [s for s in out if s]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", help="data root (default: $LINSEG_DATA)")
    ap.add_argument("--samples", type=int, default=100, help="samples to time (default 100)")
    ap.add_argument("--repeat", type=int, default=3, help="passes (default 3)")
    args = ap.parse_args()
    from nltk.tokenize.texttiling import TextTilingTokenizer

    try:
        corpus = choi_dir(args.data)
    except DataNotFound as exc:  # one line, as the CLI says it
        sys.exit(f"bench_texttiling.py: {exc}")
    files = find_ref_files(corpus)
    step = max(1, len(files) // args.samples)
    docs = [read_ref(p) for p in files[::step][: args.samples]]
    inputs = [plain(d.sentences) for d in docs]
    sw = sorted(default_stopwords())
    nltk_tt = TextTilingTokenizer(w=20, k=10, stopwords=sw)
    ours = TextTiling(w=20, k=10, stopwords=sw, stemmer=str, tokenized=True)
    for s in inputs:  # warm up
        ours.segment(s)

    clock = time.perf_counter
    t_nltk: list[float] = []
    t_ours: list[float] = []
    failed = 0
    for _ in range(args.repeat):
        for s in inputs:
            text = "\n\n".join(s)
            t0 = clock()
            try:
                nltk_tt.tokenize(text)
            except ValueError:
                failed += 1
            t_nltk.append(clock() - t0)
            t0 = clock()
            ours.segment(s)
            t_ours.append(clock() - t0)
    n_words = statistics.mean(sum(len(x.split()) for x in s) for s in inputs)
    med_n, med_o = statistics.median(t_nltk), statistics.median(t_ours)
    print(
        f"{len(inputs)} samples, mean {n_words:.0f} words, {args.repeat} passes"
        + (f" (NLTK refused {failed} runs)" if failed else "")
    )
    print("| TextTiling, same input | median ms/sample | mean ms/sample |")
    print("| --- | --- | --- |")
    print(f"| NLTK TextTilingTokenizer | {1e3 * med_n:.2f} | {1e3 * statistics.mean(t_nltk):.2f} |")
    print(f"| linseg TextTiling | {1e3 * med_o:.3f} | {1e3 * statistics.mean(t_ours):.3f} |")
    print(f"| speed-up (median) | {med_n / med_o:.0f}x | |")

    print()
    print("| one long document | words | NLTK s | linseg ms |")
    print("| --- | --- | --- | --- |")
    for n_docs in (10, 40, 160):
        long = [s for inp in (inputs * 4)[:n_docs] for s in inp]
        words = sum(len(x.split()) for x in long)
        t0 = clock()
        ours.segment(long)
        t1 = clock()
        if n_docs <= 10:  # NLTK takes minutes beyond this (its block scores rescan the text)
            nltk_tt.tokenize("\n\n".join(long))
            t2 = clock()
            nl = f"{t2 - t1:.2f}"
        else:
            nl = "(skipped)"
        print(f"| {n_docs} samples | {words} | {nl} | {1e3 * (t1 - t0):.2f} |")

    print()
    print("| method (paper's corpus, tokens in, boundaries out) | median ms/sample |")
    print("| --- | --- |")
    for name in ("texttiling", "texttiling_r", "kan", "kan_a"):
        seg = create(name, tokenized=True)
        for d in docs:
            seg.segment(d.sentences)
        times = []
        for d in docs:
            t0 = clock()
            seg.segment(d.sentences)
            times.append(clock() - t0)
        print(f"| {name} | {1e3 * statistics.median(times):.2f} |")


if __name__ == "__main__":
    main()

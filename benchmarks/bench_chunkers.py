"""linseg against the chunkers retrieval pipelines use, at equal size budgets.

Usage: python benchmarks/bench_chunkers.py [--data DIR] [--tools linseg,semchunk,...]

Peers (install them for the benchmark only; none is a dependency of linseg):
``pip install semchunk semantic-text-splitter langchain-text-splitters chonkie wordllama``.
A tool that is not installed is left out of the table, and said so.

Sets: the python-docs test half (``python_docs_halves``: 55 pages, never tuned on) and the
Django set (``benchmarks/natural/django-docs``, 38 pages), each page a document whose
reference is its own sections. The budget of a set is the mean length of its true
sections in characters; every tool is given it as its largest chunk:

- **linseg**: ``segment_text(text, max_size=B, size_unit="chars")``, the default method;
- **semchunk**: ``semchunk.chunk(text, B, len, offsets=True)``;
- **semantic-text-splitter**: ``TextSplitter(B).chunk_indices(text)``;
- **LangChain**: ``RecursiveCharacterTextSplitter(chunk_size=B, chunk_overlap=0,
  add_start_index=True)``;
- **chonkie**: ``RecursiveChunker(tokenizer="character", chunk_size=B)``;
- **WordLlama** (an offline semantic chunker: its weights are in its wheel; 0.4 looks for
  its tokenizer under ``tokenizer/`` where the wheel has ``tokenizers/``, so it is loaded
  with ``cache_dir`` set to its own package and downloads disabled):
  ``WordLlama.load(...).split(text, target_size=B)``, a target rather than a maximum. It
  gives no offsets: each chunk is found in the text after the one before.

Each chunk's start is a boundary (at the word where it starts). Measures, per set: Pk and
Boundary Similarity B (word level, mean over documents, %; lower Pk and higher B are
better), boundary F1 within 20 words (a found boundary matches a true one at most 20 words
away, one to one; pooled over the set), chunks per document, the share of chunks longer
than the budget (%), and milliseconds per document (the chunking call alone, after one
warm-up document). Nothing was tuned: every tool runs with its defaults and the budget.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from linseg.evaluation.natural import (
    char_to_word_offsets,
    load_documents,
    python_docs_halves,
    score_words,
)

HERE = Path(__file__).resolve().parent
TOLERANCE = 20  # words
Chunker = Callable[[str], list[tuple[int, int]]]  # text -> (start, end) of each chunk


def linseg_chunker(budget: int) -> Chunker:
    import linseg

    def run(text: str) -> list[tuple[int, int]]:
        result = linseg.segment_text(text, max_size=budget, size_unit="chars")
        starts = [0, *result.char_boundaries]
        return list(zip(starts, [*starts[1:], len(text)]))

    return run


def semchunk_chunker(budget: int) -> Chunker:
    import semchunk

    def run(text: str) -> list[tuple[int, int]]:
        _, offsets = semchunk.chunk(text, budget, len, offsets=True)
        return [(int(a), int(b)) for a, b in offsets]

    return run


def sts_chunker(budget: int) -> Chunker:
    from semantic_text_splitter import TextSplitter

    splitter = TextSplitter(budget)

    def run(text: str) -> list[tuple[int, int]]:
        return [(a, a + len(c)) for a, c in splitter.chunk_indices(text)]

    return run


def langchain_chunker(budget: int) -> Chunker:
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    splitter = RecursiveCharacterTextSplitter(
        chunk_size=budget, chunk_overlap=0, add_start_index=True
    )

    def run(text: str) -> list[tuple[int, int]]:
        docs = splitter.create_documents([text])
        return [
            (d.metadata["start_index"], d.metadata["start_index"] + len(d.page_content))
            for d in docs
        ]

    return run


def chonkie_chunker(budget: int) -> Chunker:
    from chonkie import RecursiveChunker

    chunker = RecursiveChunker(tokenizer="character", chunk_size=budget)

    def run(text: str) -> list[tuple[int, int]]:
        return [(c.start_index, c.end_index) for c in chunker.chunk(text)]

    return run


def wordllama_chunker(budget: int) -> Chunker:
    import wordllama
    from wordllama import WordLlama

    model = WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)

    def run(text: str) -> list[tuple[int, int]]:
        return located(text, model.split(text, target_size=budget))

    return run


def located(text: str, chunks: list[str]) -> list[tuple[int, int]]:
    """Where each chunk (possibly stripped) stands in ``text``, each after the one before."""
    out, pos = [], 0
    for chunk in chunks:
        body = chunk.strip()
        if not body:
            continue
        at = text.find(body[:60], pos)
        if at < 0:
            at = pos
        out.append((at, at + len(body)))
        pos = at + 1
    return out


TOOLS: dict[str, tuple[str, Callable[[int], Chunker]]] = {
    "linseg": ("linseg (default method, max_size)", linseg_chunker),
    "semchunk": ("semchunk", semchunk_chunker),
    "sts": ("semantic-text-splitter", sts_chunker),
    "langchain": ("LangChain RecursiveCharacterTextSplitter", langchain_chunker),
    "chonkie": ("chonkie RecursiveChunker", chonkie_chunker),
    "wordllama": ("WordLlama split (target size)", wordllama_chunker),
}


def f1_counts(reference: list[int], found: list[int], tolerance: int) -> tuple[int, int, int]:
    """(matches, found, true): boundaries matched one to one within ``tolerance`` words,
    nearest pairs first."""
    pairs = sorted(
        (abs(r - h), i, j)
        for i, r in enumerate(reference)
        for j, h in enumerate(found)
        if abs(r - h) <= tolerance
    )
    used_r, used_h, matched = set(), set(), 0
    for _, i, j in pairs:
        if i not in used_r and j not in used_h:
            used_r.add(i)
            used_h.add(j)
            matched += 1
    return matched, len(found), len(reference)


def measure(name: str, docs, make: Callable[[int], Chunker], budget: int) -> dict[str, float]:
    chunker = make(budget)
    chunker(docs[0].text)  # warm-up: imports, models, compiled kernels
    pks, bs, seconds, n_chunks, over, total = [], [], [], [], 0, 0
    matched = found = true = 0
    for doc in docs:
        t0 = time.perf_counter()
        spans = chunker(doc.text)
        seconds.append(time.perf_counter() - t0)
        hyp = char_to_word_offsets(doc.word_starts, [a for a, _ in spans[1:]])
        s = score_words(doc.reference, hyp, doc.n_words)
        pks.append(100 * s.pk)
        bs.append(100 * s.b)
        m, f, t = f1_counts(doc.reference, hyp, TOLERANCE)
        matched, found, true = matched + m, found + f, true + t
        n_chunks.append(len(spans))
        over += sum(1 for a, b in spans if b - a > budget)
        total += len(spans)
    precision = matched / found if found else 0.0
    recall = matched / true if true else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "pk": float(np.mean(pks)),
        "b": float(np.mean(bs)),
        "f1": 100 * f1,
        "chunks": float(np.mean(n_chunks)),
        "over": 100 * over / max(total, 1),
        "ms": 1000 * float(np.mean(seconds)),
    }


def budget_of(docs) -> int:
    """The mean length of a true section, in characters."""
    sections = sum(d.n_sections for d in docs)
    return round(sum(len(d.text) for d in docs) / sections)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.environ.get("LINSEG_DATA"))
    ap.add_argument("--tools", default=",".join(TOOLS))
    args = ap.parse_args()
    if not args.data:
        ap.error("give --data or set LINSEG_DATA")
    sets = {
        "python-docs test half": load_documents(python_docs_halves(args.data)["test"]),
        "Django set": load_documents(sorted((HERE / "natural" / "django-docs").glob("*.txt"))),
    }
    for set_name, docs in sets.items():
        budget = budget_of(docs)
        print(f"\n{set_name}: {len(docs)} documents, budget {budget:,} characters")
        print("| tool | Pk % | B % | F1 % (20 words) | chunks / doc | over budget % | ms / doc |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for key in args.tools.split(","):
            label, make = TOOLS[key]
            try:
                r = measure(label, docs, make, budget)
            except ImportError as exc:
                print(f"| {label} | not installed ({exc.name}) | | | | | |")
                continue
            print(
                f"| {label} | {r['pk']:.1f} | {r['b']:.1f} | {r['f1']:.1f} | "
                f"{r['chunks']:.1f} | {r['over']:.1f} | {r['ms']:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()

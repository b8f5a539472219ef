"""Plain text as people have it: the default on transcripts without punctuation, chat logs
and Chinese or Japanese documentation, called as a user calls it.

Usage: python benchmarks/bench_plain.py DIR [DIR ...] [--half tuning|test] [--method NAME]
           [--param NAME=VALUE ...] [--language CODE] [--format NAME] [--cli]

Each ``DIR`` is a set that ``tools/build_plain_sets.py`` wrote: ``NAME.txt`` with
``NAME.words`` (section starts in whitespace words: transcripts, chat) or ``NAME.chars``
(in non-white-space characters: the Chinese and Japanese mixes) beside it. Every document
is read and segmented by :func:`linseg.segment_file` with nothing named (no language, no
format) unless ``--language``, ``--format``, ``--method`` or ``--param`` say otherwise;
``--cli`` runs ``linseg segment FILE --output json`` instead (slower: one process a
document). It prints Pk (word level for ``.words``, character level for ``.chars``), B,
sections found over true, the no-boundary baseline, how many documents had a cut inside
a line of their text (a chat message), the notes the runs gave (with how many documents
gave each) and the CPU milliseconds a document. ``--half`` keeps the python-docs pages of
that half (:func:`linseg.evaluation.natural.python_docs_halves`): tune on ``tuning``,
report on ``test``.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

import linseg
from linseg.evaluation.metrics import boundary_similarity, default_k, pk_from_labels, positions


def _value(text: str):
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return {"none": None, "true": True, "false": False}.get(text.lower(), text)


def _unit_starts(text: str, chars: bool) -> np.ndarray:
    """The character offset of every scoring position: each non-white-space character,
    or each whitespace word's first."""
    pattern = r"\S" if chars else r"\S+"
    return np.fromiter((m.start() for m in re.finditer(pattern, text)), dtype=np.int64)


def _aligned(read: str, source: str, cuts: list[int]) -> list[int]:
    """The boundaries ``cuts`` (offsets in the text a reader gave) as offsets in the file's
    own text: a reader may leave characters out (a timestamp a transcript's reader takes
    for a cue's time), so the two are aligned on their non-white-space characters, the
    read text's taken greedily in order from the file's."""
    if read == source:
        return cuts
    out, j, wanted = [], 0, iter(sorted(cuts))
    nxt = next(wanted, None)
    for i, ch in enumerate(read):
        while nxt is not None and i >= nxt:
            out.append(j)
            nxt = next(wanted, None)
        if nxt is None:
            break
        if ch.isspace():
            continue
        while j < len(source) and source[j] != ch:
            j += 1
        if j < len(source):
            # Back to the start of the white space and text left out before the match.
            j += 1
    return [_line_or_word_start(source, c - 1) if c else 0 for c in out]


def _line_or_word_start(text: str, i: int) -> int:
    """Where the text left out before ``text[i]`` starts: the start of its line when only
    skipped characters stand before it there, else ``i``."""
    line = text.rfind("\n", 0, i) + 1
    return line if re.fullmatch(r"\[[\d:.]+\]\s*", text[line:i]) else i


def _documents(folder: Path, half: str | None):
    names = None
    if half:
        from linseg.evaluation.natural import python_docs_halves

        names = {p.stem for p in python_docs_halves()[half]}
    for txt in sorted(folder.rglob("*.txt")):
        if names is not None and txt.stem not in names:
            continue
        for suffix, chars in ((".chars", True), (".words", False)):
            ref = txt.with_suffix(suffix)
            if ref.is_file():
                yield txt, [int(x) for x in ref.read_text().split()], chars
                break


def _run(path: Path, args, params) -> tuple[str, list[int], list[str]]:
    """The text read, the character offsets of the boundaries and the notes."""
    if args.cli:
        cmd = ["linseg", "segment", str(path), "--output", "json", "--method", args.method]
        if args.language:
            cmd += ["--language", args.language]
        if args.format:
            cmd += ["--format", args.format]
        record = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
        text = "".join(record["segments"])
        cuts, pos = [], 0
        for piece in record["segments"][:-1]:
            pos += len(piece)
            cuts.append(pos)
        return text, cuts, record["notes"]
    extra = dict(params)
    if args.language:
        extra["language"] = args.language
    from linseg.readers.document import read_document
    from linseg.run import run_document

    segmenter = linseg.create(args.method, **extra)
    document = read_document(path, args.format or "auto", None, segmenter.language)
    done = run_document(document, args.method, None, segmenter=segmenter)
    spans = document.spans
    return document.text, [spans[b][0] for b in done.boundaries], done.notes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+", type=Path)
    ap.add_argument("--half", choices=("tuning", "test"))
    ap.add_argument("--method", default=linseg.methods.DEFAULT_METHOD)
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--language")
    ap.add_argument("--format")
    ap.add_argument("--cli", action="store_true")
    args = ap.parse_args()
    params = {k: _value(v) for k, v in (p.split("=", 1) for p in args.param)}
    print("| set | docs | Pk | B | found/true | no boundary | cut inside a line | ms a doc |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for folder in args.dirs:
        pks, bs, ratios, nones, inside, cpu = [], [], [], [], 0, []
        notes: Counter[str] = Counter()
        for txt, reference, chars in _documents(folder, args.half):
            t0 = time.process_time()
            text, cuts, run_notes = _run(txt, args, params)
            cpu.append(time.process_time() - t0)
            notes.update({re.sub(r"\d+", "N", n) for n in run_notes})
            source = txt.read_text(encoding="utf-8")
            cuts = _aligned(text, source, cuts)
            text = source
            starts = _unit_starts(text, chars)
            n = int(starts.size)
            hyp = sorted({int(w) for w in np.searchsorted(starts, cuts, "left") if 0 < w < n})
            inside += any(c > 0 and text[c - 1] != "\n" for c in cuts)
            ref = positions(reference, n)
            k = default_k(ref)
            pks.append(pk_from_labels(ref, positions(hyp, n), k))
            nones.append(pk_from_labels(ref, positions([], n), k))
            bs.append(boundary_similarity(reference, hyp, n))
            ratios.append((len(hyp) + 1) / (len(reference) + 1))
        m = len(pks)
        print(
            f"| {folder.name} | {m} | {100 * np.mean(pks):.1f} | {100 * np.mean(bs):.1f} | "
            f"{np.mean(ratios):.2f} | {100 * np.mean(nones):.1f} | {inside} | "
            f"{1000 * np.mean(cpu):.1f} |"
        )
        for note, count in notes.most_common(6):
            print(f"|  | {count} docs: {note[:110]} | | | | | | |", file=sys.stderr)


if __name__ == "__main__":
    main()

"""Train linseg's part-of-speech tagger from the tagged Brown corpus and write the model.

Usage: python tools/train_tagger.py [--brown $LINSEG_DATA/brown/brown.zip]
                                    [--out src/linseg/data/brown-tagger.tsv.gz]
                                    [--held-out a,j] [--min-count 2]

The files of the held-out genres (by default ``a`` press reportage and ``j`` learned,
the genres Choi's corpus was cut from) are left out of training so that tagging the
paper's corpus is an honest test; the script reports accuracy on them. The model is a
gzipped TSV: ``w`` lines (word, tag counts), ``c`` lines (unknown-word class, tag counts)
and ``t`` lines (previous tag or ``<s>``, next-tag counts).
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
import zipfile
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from linseg.text.tagger import TAGS, Tagger, coarse_tag, word_class


def read_brown(path: str, genres_in: set[str] | None, genres_out: set[str] | None):
    """Yield tagged sentences [(word, coarse tag)] from the files of the wanted genres."""
    with zipfile.ZipFile(path) as z:
        for name in sorted(z.namelist()):
            base = name.rsplit("/", 1)[-1]
            if len(base) != 4 or not base.startswith("c") or not base[2:].isdigit():
                continue
            genre = base[1]
            if genres_in is not None and genre not in genres_in:
                continue
            if genres_out is not None and genre in genres_out:
                continue
            for line in z.read(name).decode("latin-1").splitlines():
                toks = line.split()
                if not toks:
                    continue
                sent = []
                for tok in toks:
                    word, sep, tag = tok.rpartition("/")
                    if not sep or not word:
                        continue
                    sent.append((word, coarse_tag(tag)))
                if sent:
                    yield sent


def vec(counts: Counter) -> str:
    return ",".join(f"{t}:{c}" for t, c in sorted(counts.items(), key=lambda x: TAGS.index(x[0])))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    data = os.environ.get("LINSEG_DATA", "../shared/data")
    ap.add_argument("--brown", default=str(Path(data) / "brown" / "brown.zip"))
    ap.add_argument(
        "--out",
        default=str(
            Path(__file__).resolve().parents[1] / "src" / "linseg" / "data" / "brown-tagger.tsv.gz"
        ),
    )
    ap.add_argument("--held-out", default="a,j", help="genres left out of training")
    ap.add_argument("--min-count", type=int, default=2, help="keep words seen this often")
    args = ap.parse_args()
    held = {g for g in args.held_out.split(",") if g}

    words: dict[str, Counter] = defaultdict(Counter)
    trans: dict[str, Counter] = defaultdict(Counter)
    n_tokens = 0
    for sent in read_brown(args.brown, None, held):
        prev = "<s>"
        for word, tag in sent:
            words[word][tag] += 1
            trans[prev][tag] += 1
            prev = tag
            n_tokens += 1
    # Unknown words behave like the rare ones: learn shape/suffix classes from words
    # seen fewer than min_count + 1 times, which are also the ones not kept.
    classes: dict[str, Counter] = defaultdict(Counter)
    for word, counts in words.items():
        if sum(counts.values()) <= args.min_count:
            for key in word_class(word):
                classes[key].update(counts)
    kept = {w: c for w, c in words.items() if sum(c.values()) >= args.min_count}

    lines = [
        f"# linseg HMM tagger, trained on Brown without genres {sorted(held)}; "
        f"{n_tokens} tokens, {len(kept)} words, tags {' '.join(TAGS)}"
    ]
    lines += [f"t\t{prev}\t{vec(c)}" for prev, c in sorted(trans.items())]
    lines += [f"c\t{key}\t{vec(c)}" for key, c in sorted(classes.items()) if sum(c.values()) >= 2]
    lines += [f"w\t{w}\t{vec(c)}" for w, c in sorted(kept.items())]
    blob = gzip.compress(("\n".join(lines) + "\n").encode("utf-8"), compresslevel=9, mtime=0)
    Path(args.out).write_bytes(blob)
    print(f"trained on {n_tokens} tokens; wrote {args.out} ({len(blob) / 1e6:.2f} MB)")

    if held:
        from linseg.text.tagger import load_tagger

        tagger: Tagger = load_tagger(args.out)
        right = total = 0
        for sent in read_brown(args.brown, held, None):
            tags = tagger.tag([w for w, _ in sent])
            right += sum(a == b for a, (_, b) in zip(tags, sent))
            total += len(sent)
        print(f"accuracy on held-out genres {sorted(held)}: {right / total:.4f} ({total} tokens)")


if __name__ == "__main__":
    main()

"""Train linseg's English LSA space (``src/linseg/data/lsa-en.npz``) from WordNet.

Usage::

    apt-get install wordnet-base          # Debian 12: WordNet 3.0, package 1:3.0-37
    python tools/train_lsa.py             # writes src/linseg/data/lsa-en.npz and lsa-README.md

The space is latent semantic analysis (Deerwester et al. 1990; Landauer and Dumais 1997):
a truncated singular value decomposition ``A ~ U_k S_k V_k^T`` of a weighted stem x
document matrix ``A``. It serves :class:`linseg.compose.measures.LsaCosine` and the
``c99_lsa`` method, C99 with LSA similarity as in Choi, Wiemer-Hastings and Moore (2001).

**Where the text comes from.** WordNet 3.0 as Debian's ``wordnet-base`` package installs
it (``/usr/share/wordnet/data.{noun,verb,adj,adv}``). Every synset is one document: its
words (``laying_waste`` read as "laying waste"), its gloss (definition and example
sentences), and the words and glosses of the synsets it points to (hypernyms, hyponyms,
similar adjectives, derivations, topic domains, ...), so that a short gloss co-occurs with
the vocabulary of its neighbourhood, which makes the space more topical. WordNet's glosses
are written by its lexicographers; the paper's corpus (Brown genres a and j) is not in it,
and nothing from ``LINSEG_DATA`` is read here.

**Licence.** WordNet 3.0 is under the WordNet licence (Princeton University): use, copy,
modify and distribute for any purpose without fee, provided the copyright notice and
disclaimer appear on all copies. ``lsa-README.md`` carries them.

**Processing.** Words are stemmed exactly as :class:`linseg.text.processor.TextProcessor` does for
English (raw-text tokens, lower case, the shipped stopword list removed, Porter stems), so
that the stems of the space are the stems a segmenter looks up. Stems in fewer than
``--min-df`` documents are dropped. Cells are log-entropy weighted (Dumais 1991):
``a_ij = log(1 + tf_ij) * g_i`` with ``g_i = 1 + sum_j p_ij log p_ij / log N``,
``p_ij = tf_ij / gf_i``; ``--weighting tfidf`` uses ``tf_ij * log(N / df_i)`` instead.
The SVD is scipy's ARPACK ``svds`` from a start vector drawn with a fixed seed, and every
singular vector's sign is fixed (its largest entry positive), so a rerun gives the same
space. What is shipped is, for the ``--max-stems`` stems of highest document frequency,
the row ``g_i * U_i S_k ** scale``: the global weight is folded in, so that a sentence's
vector is the plain sum of its stems' vectors (the fold-in of Deerwester et al., up to a
scaling of the dimensions), stored as float16.

The defaults (dimensions, weighting, scale, neighbourhood) were chosen on a development
corpus of Brown genres other than a and j (``linseg corpus brown --genres bcdefghklmnpr
--seed 11``), never on the paper's corpus; ``lsa-README.md`` lists what was tried.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from linseg.text.processor import TextProcessor

WORDNET = Path("/usr/share/wordnet")
OUT = Path(__file__).resolve().parent.parent / "src" / "linseg" / "data"
POS_FILES = ("noun", "verb", "adj", "adv")
SEED = 20010901  # the start vector of the Lanczos iteration; any fixed value will do

# Pointers whose targets' words join a synset's document. Antonyms (!) are left out:
# they share a topic, but WordNet pairs them so densely that they add little.
NEIGHBOUR_POINTERS = frozenset({"@", "@i", "~", "~i", "&", "+", "=", "^", "#m", "%m", "#p"})
NEIGHBOUR_POINTERS |= frozenset({"%p", "#s", "%s", "*", ">", "$", ";c", "-c", "\\", "<"})
_MARKER = re.compile(r"\([a-z]+\)$")  # adjective position markers: asleep(p), galore(ip)


@dataclass(frozen=True)
class Synset:
    """One line of a WordNet data file: ``key`` is ``offset + pos``."""

    key: str
    words: tuple[str, ...]
    gloss: str
    pointers: tuple[str, ...]  # keys of the synsets pointed to (NEIGHBOUR_POINTERS only)


def read_synsets(root: Path = WORDNET) -> list[Synset]:
    """Parse ``data.<pos>`` (wndb(5WN)): ``offset lex_filenum ss_type w_cnt [word lex_id]...
    p_cnt [ptr offset pos source/target]... [frames] | gloss``; counts are 2-digit hex
    for words and 3-digit decimal for pointers. The licence header lines start with spaces."""
    out: list[Synset] = []
    for pos in POS_FILES:
        path = root / f"data.{pos}"
        if not path.is_file():
            sys.exit(f"{path} not found: apt-get install wordnet-base")
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if line.startswith("  "):
                    continue
                head, _, gloss = line.partition(" | ")
                f = head.split()
                offset, ss_type, n_words = f[0], f[2], int(f[3], 16)
                words = tuple(
                    _MARKER.sub("", f[4 + 2 * i]).replace("_", " ") for i in range(n_words)
                )
                at = 4 + 2 * n_words
                n_ptr = int(f[at])
                ptrs = []
                for i in range(n_ptr):
                    symbol, target, target_pos = f[at + 1 + 4 * i : at + 4 + 4 * i]
                    if symbol in NEIGHBOUR_POINTERS:
                        ptrs.append(target + ("a" if target_pos == "s" else target_pos))
                key = offset + ("a" if ss_type == "s" else ss_type)
                out.append(Synset(key, words, gloss.strip(), tuple(ptrs)))
    return out


def documents(synsets: list[Synset], context: str = "words") -> Iterator[list[str]]:
    """The text of each synset's document, as a list of raw-text pieces.

    ``context``: ``"none"`` the synset's own words and gloss; ``"words"`` also the words of
    the synsets it points to; ``"glosses"`` also their glosses.
    """
    by_key = {s.key: s for s in synsets}
    for s in synsets:
        pieces = [*s.words, s.gloss]
        if context != "none":
            for key in s.pointers:
                t = by_key.get(key)
                if t is None:
                    continue
                pieces.extend(t.words)
                if context == "glosses":
                    pieces.append(t.gloss)
        yield pieces


def count_matrix(docs: Iterable[list[str]]) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Stem the documents as linseg does for English and count: ``(vocabulary, counts,
    doc_of_count)`` as a coordinate list, ``counts[k]`` of stem ``stem_of[k]``."""
    text = TextProcessor(language="en")
    stems: list[int] = []
    owners: list[int] = []
    for j, pieces in enumerate(docs):
        ids, _ = text.ids(pieces, tokenized=False)
        ids = ids[ids >= 0]
        stems.extend(ids.tolist())
        owners.extend([j] * ids.size)
    return text.vocabulary, np.asarray(stems, dtype=np.int64), np.asarray(owners, dtype=np.int64)


def weighted_matrix(
    vocabulary: list[str],
    stem_ids: np.ndarray,
    doc_ids: np.ndarray,
    min_df: int,
    weighting: str,
) -> tuple[list[str], Any, np.ndarray]:
    """The weighted stem x document matrix (scipy CSR) of the stems in at least ``min_df``
    documents, with those stems and their global weights."""
    from scipy import sparse

    n_docs = int(doc_ids.max()) + 1
    tf = sparse.coo_matrix(
        (np.ones(stem_ids.size), (stem_ids, doc_ids)), shape=(len(vocabulary), n_docs)
    ).tocsr()  # duplicates summed: term frequencies
    tf.sum_duplicates()
    df = np.diff(tf.indptr)
    keep = np.flatnonzero(df >= min_df)
    # Stems in vocabulary order (first appearance in WordNet), then re-sorted by name so
    # that the output does not depend on the order the files were read in.
    order = keep[np.argsort(np.array([vocabulary[i] for i in keep]), kind="stable")]
    tf = tf[order]
    stems = [vocabulary[i] for i in order]
    df = np.diff(tf.indptr).astype(np.float64)
    if weighting == "tfidf":
        glob = np.log(n_docs / df)
        local = tf.copy()
    elif weighting == "logent":
        gf = np.asarray(tf.sum(axis=1)).ravel()
        p = tf.multiply(1.0 / gf[:, None]).tocsr()
        plogp = p.copy()
        plogp.data = p.data * np.log(p.data)
        glob = 1.0 + np.asarray(plogp.sum(axis=1)).ravel() / np.log(n_docs)
        local = tf.copy()
        local.data = np.log1p(local.data)
    else:
        raise ValueError(f"unknown weighting {weighting!r}")
    a = sparse.diags(glob) @ local
    return stems, a.tocsr(), glob


def truncated_svd(a: Any, k: int, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    """``U_k`` and ``S_k`` (descending) of the sparse matrix ``a`` by ARPACK, from a seeded
    start vector, each left singular vector signed so that its largest entry is positive."""
    from scipy.sparse.linalg import svds

    v0 = np.random.default_rng(seed).standard_normal(min(a.shape))
    u, s, _ = svds(a.astype(np.float64), k=k, v0=v0, solver="arpack")
    order = np.argsort(-s)
    u, s = u[:, order], s[order]
    flip = np.sign(u[np.abs(u).argmax(axis=0), np.arange(k)])
    return u * flip, s


def term_vectors(
    u: np.ndarray, s: np.ndarray, glob: np.ndarray, dims: int, scale: float, skip_first: bool
) -> np.ndarray:
    """The shipped row of each stem: ``g_i * U_i S ** scale`` over the chosen dimensions."""
    first = 1 if skip_first else 0
    v = u[:, first:dims] * (s[first:dims] ** scale)
    return v * glob[:, None]


def write_space(path: Path, stems: list[str], vectors: np.ndarray, meta: dict[str, str]) -> None:
    """An ``.npz`` (a zip of ``.npy`` members, as ``np.load`` reads): ``stems``, UTF-8 one a
    line as uint8; ``vectors`` float16; ``meta``, JSON as uint8. No pickles, so it loads
    with ``allow_pickle=False``; every member gets a fixed timestamp (``np.savez`` stamps
    the current time), so the bytes depend only on the content."""
    import io
    import json
    import zipfile

    arrays: dict[str, np.ndarray] = {
        "stems": np.frombuffer("\n".join(stems).encode("utf-8"), dtype=np.uint8),
        "vectors": np.ascontiguousarray(vectors, dtype=np.float16),
        "meta": np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8),
    }
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, array in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, array, allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, buf.getvalue(), compresslevel=9)


README = """# The English LSA space

`lsa-en.npz` is the latent semantic analysis space behind `linseg.compose.measures.LsaCosine`
and the `c99_lsa` method. It is written by `tools/train_lsa.py`; see that file's docstring
for the method.

| | |
| --- | --- |
| origin | WordNet 3.0, Debian package `wordnet-base` {package_version} (`/usr/share/wordnet/data.{{noun,verb,adj,adv}}`) |
| documents | {n_docs} synsets, each its words and gloss with the words and glosses of the synsets it points to (context `{context}`) |
| training vocabulary | {n_train} stems (linseg's English stems, stopwords removed) in at least {min_df} documents |
| weighting | {weighting_text} |
| SVD | scipy `svds` (ARPACK), {dims} dimensions{skip_text}, seed {seed} |
| shipped | {n_stems} stems of highest document frequency, vectors `g_i U_i S^{scale}` ({width} dims) as float16 |
| file | `lsa-en.npz`, {size} bytes, sha256 `{sha}` |
| built by | `apt-get install wordnet-base && python tools/train_lsa.py{argv}` |

Nothing from the paper's corpus, from Brown genres a and j, from Python's or Django's
documentation, from `linux-doc-*` or from `manpages-*` is in the training text.

## Licence of the training text

WordNet 3.0 is distributed under the WordNet licence, which permits use, copying,
modification and distribution for any purpose without fee; the space is derived from it,
so its notice and disclaimer follow, as the licence asks:

> WordNet Release 3.0. This software and database is being provided to you, the LICENSEE,
> by Princeton University under the following license. By obtaining, using and/or
> copying this software and database, you agree that you have read, understood, and will
> comply with these terms and conditions.:
>
> Permission to use, copy, modify and distribute this software and database and its
> documentation for any purpose and without fee or royalty is hereby granted, provided
> that you agree to comply with the following copyright notice and statements, including
> the disclaimer, and that the same appear on ALL copies of the software, database and
> documentation, including modifications that you make for internal use or for
> distribution.
>
> WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.
>
> THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO
> REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT
> LIMITATION, PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANT-
> ABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE USE OF THE LICENSED SOFTWARE,
> DATABASE OR DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS,
> TRADEMARKS OR OTHER RIGHTS.
>
> The name of Princeton University or Princeton may not be used in advertising or
> publicity pertaining to distribution of the software and/or database. Title to
> copyright in this software, database and any associated documentation shall at all
> times remain with Princeton University and LICENSEE agrees to preserve same.

## Development (not the paper's corpus)

{tuning}
"""

# What was tried on the development corpus, kept here so that a rerun writes the same README.
TUNING = """The settings were chosen on 700 samples made like the paper's from Brown genres other
than a and j, `linseg corpus brown --genres bcdefghklmnpr --seed 11`, scoring C99 with
LSA cosine (11x11 rank, divisive clustering, c = 1.2) by word-level Pk on range 3-11,
automatic termination / known count. For comparison C99 (stem cosine) scores 17.2 / 17.0
there.

| space (log-entropy) | similarity as given | top 20% of cells kept |
| --- | --- | --- |
| synset + neighbours' words, 300 dims, `S^1` | 41.4 / 25.2 | |
| same, 100 / 200 / 400 dims, `S^1` | 41.1 / 41.0 / 40.9 (auto) | |
| same, 200 / 400 dims, `S^0` | 43.4 / 23.0, 44.4 / 22.8 | 22.4 / 21.9 (400) |
| synset + neighbours' words and glosses, 200 dims, `S^0` | | 21.7 / 20.9 |
| same, 300 dims, `S^0.5` (all stems) / `S^0` (16000 stems) | | 21.5 / 20.7, 21.0 / 20.4 |
| same, 400 dims, `S^0`, all 73537 stems | | 20.3 / 20.0 |
| **same, 400 dims, `S^0`, 12000 stems (shipped)** | c = 0 / 0.6: 40.2 / 38.2 (auto) | **20.8 / 20.1** |

More dimensions helped and the singular values are best left out (`S^0`); 400 dimensions
of float16 leave room for 12000 stems in 10 MB. The cosines of LSA sentence vectors are
dense: C99's gradient threshold then stops the clustering almost at once, whatever c
(1.2, 0.6 and 0 tried); keeping only the document's highest 20% of off-diagonal
cosines (the measure's `keep=0.2`; 10%, 15% and 30% did worse) gives the rank transform and
the termination the zeros that word overlap has. Mixing the stem cosine into it
(0.7 stem + 0.3 LSA, then the same 20%; 0.5 gave 18.3 / 17.9) gave 17.8 / 17.6: that is
the `c99_lsa_mix` method."""


def package_version(name: str = "wordnet-base") -> str:
    import subprocess

    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", name], capture_output=True, text=True
        )
    except OSError:
        return "(version unknown)"
    return out.stdout.strip() or "(version unknown)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wordnet", type=Path, default=WORDNET, help="WordNet's dict folder")
    ap.add_argument("--out", type=Path, default=OUT / "lsa-en.npz", help="the space to write")
    ap.add_argument("--readme", type=Path, default=None, help="default: lsa-README.md beside --out")
    ap.add_argument("--dims", type=int, default=400, help="LSA dimensions kept")
    ap.add_argument("--svd-dims", type=int, default=None, help="dimensions computed (>= --dims)")
    ap.add_argument("--weighting", choices=["logent", "tfidf"], default="logent")
    ap.add_argument("--context", choices=["none", "words", "glosses"], default="glosses")
    ap.add_argument("--min-df", type=int, default=2)
    ap.add_argument("--max-stems", type=int, default=12000, help="stems shipped, by df")
    ap.add_argument("--scale", type=float, default=0.0, help="exponent of S in the vectors")
    ap.add_argument("--skip-first", action="store_true", help="drop the first dimension")
    ap.add_argument("--full", type=Path, default=None, help="also save U, S, g, df (float32)")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    synsets = read_synsets(args.wordnet)
    vocabulary, stem_ids, doc_ids = count_matrix(documents(synsets, args.context))
    stems, a, glob = weighted_matrix(vocabulary, stem_ids, doc_ids, args.min_df, args.weighting)
    print(
        f"{len(synsets)} documents, {len(stems)} stems, {a.nnz} cells "
        f"({time.perf_counter() - t0:.1f}s)",
        file=sys.stderr,
    )
    k = max(args.dims, args.svd_dims or 0)
    u, s = truncated_svd(a, k)
    print(f"SVD k={k} ({time.perf_counter() - t0:.1f}s)", file=sys.stderr)
    df = np.diff(a.indptr)
    if args.full is not None:
        np.savez(
            args.full,
            stems=np.frombuffer("\n".join(stems).encode(), dtype=np.uint8),
            u=u.astype(np.float32),
            s=s,
            glob=glob,
            df=df,
        )
    # The most widespread stems first (ties by name, stems are sorted already).
    chosen = np.sort(np.argsort(-df, kind="stable")[: args.max_stems])
    vectors = term_vectors(u[chosen], s, glob[chosen], args.dims, args.scale, args.skip_first)
    shipped = [stems[i] for i in chosen]
    meta = {
        "source": "WordNet 3.0 (Debian wordnet-base)",
        "weighting": args.weighting,
        "context": args.context,
        "dims": str(args.dims),
        "scale": str(args.scale),
        "skip_first": str(args.skip_first),
        "min_df": str(args.min_df),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_space(args.out, shipped, vectors, meta)
    data = args.out.read_bytes()
    readme = args.readme or args.out.parent / "lsa-README.md"
    given = "".join(" " + a for a in (argv if argv is not None else sys.argv[1:]))
    readme.write_text(
        README.format(
            package_version=package_version(),
            n_docs=len(synsets),
            context=args.context,
            n_train=len(stems),
            min_df=args.min_df,
            weighting_text=(
                "log-entropy: `log(1 + tf) * g_i`, `g_i = 1 + sum_j p_ij log p_ij / log N`"
                if args.weighting == "logent"
                else "tf-idf: `tf * log(N / df)`"
            ),
            dims=args.dims,
            skip_text=" (the first left out)" if args.skip_first else "",
            seed=SEED,
            n_stems=len(shipped),
            scale=args.scale,
            width=vectors.shape[1],
            size=len(data),
            sha=hashlib.sha256(data).hexdigest(),
            argv=given,
            tuning=TUNING,
        ),
        encoding="utf-8",
    )
    print(
        f"wrote {args.out} ({len(data)} bytes, {len(shipped)} stems x {vectors.shape[1]}) "
        f"and {readme} ({time.perf_counter() - t0:.1f}s)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Build (or check) the boundary snapshot: every registered method's boundaries on the
paper's 700 samples and on the 110 python-docs pages.

The snapshot guards every change that must not move a boundary (a file moved, a kernel
rewritten, a method re-expressed as a composition): ``tests/test_snapshot.py`` runs the
methods again and compares. A change that moves boundaries on purpose rebuilds it with
this script, and reports the difference (``--diff``).

For each method and document it keeps the boundaries found with the method's own stopping
rule (where the method decides the count) and those found given the reference's count.
On the paper's samples these are sentence indices; on the python-docs pages, read from
``NAME.txt`` through ``segment_text`` as ``linseg evaluate`` reads them, character
offsets.

    python tools/boundary_snapshot.py                  # rebuild tests/data/boundaries.json.gz
    python tools/boundary_snapshot.py --diff           # what differs from the stored one
    python tools/boundary_snapshot.py --time           # seconds per method, nothing written

Needs ``LINSEG_DATA`` (or ``--data``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = ROOT / "tests" / "data" / "boundaries.json.gz"

#: The corpora: the paper's samples (sentences given) and the python-docs pages (raw text).
CORPORA = ("choi", "python-docs")


def documents(data: Path, corpus: str) -> Iterator[tuple[str, list[str] | str, int]]:
    """``(name, sentences or text, reference count)`` for every document of ``corpus``."""
    if corpus == "choi":
        from linseg.readers.ref import find_ref_files, read_ref

        root = data / "choi"
        for path in find_ref_files(root):
            doc = read_ref(path)
            yield Path(path).relative_to(root).as_posix(), doc.sentences, doc.n_segments
    else:
        from linseg.evaluation.natural import PYTHON_DOCS, find_natural_documents, load_document

        for txt, words in find_natural_documents(data / PYTHON_DOCS):
            doc = load_document(txt, words)
            yield txt.stem, doc.text, doc.n_sections


def method_boundaries(name: str, data: Path, corpus: str) -> dict[str, dict[str, list[int]]]:
    """``{document: {"auto": [...], "known": [...]}}`` for method ``name`` on ``corpus``
    (``auto`` only where the method decides the count itself)."""
    from linseg.methods import create, get

    info = get(name)
    segmenter = create(name)
    out: dict[str, dict[str, list[int]]] = {}
    for doc_name, doc, count in documents(data, corpus):
        runs: dict[str, list[int]] = {}
        for kind, n in (("auto", None), ("known", count)):
            if n is None and info.needs_n_segments:
                continue
            if isinstance(doc, str):
                runs[kind] = [int(b) for b in segmenter.segment_text(doc, n).char_boundaries]
            else:
                runs[kind] = [int(b) for b in segmenter.segment(doc, n).boundaries]
        out[doc_name] = runs
    return out


def methods() -> list[str]:
    """linseg's own methods (the catalogue's rows; not those a user registers)."""
    from linseg.methods.catalogue import CATALOGUE

    return sorted(info.name for info in CATALOGUE)


def load(path: Path = SNAPSHOT) -> dict:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def build(data: Path) -> dict:
    snapshot: dict[str, dict] = {}
    for name in methods():
        snapshot[name] = {}
        for corpus in CORPORA:
            t0 = time.perf_counter()
            snapshot[name][corpus] = method_boundaries(name, data, corpus)
            print(f"{name:16} {corpus:12} {time.perf_counter() - t0:7.1f} s", file=sys.stderr)
    return snapshot


def diff(old: dict, new: dict) -> list[str]:
    """One line per method, corpus and run kind whose boundaries differ."""
    lines = []
    for name in sorted(set(old) | set(new)):
        if name not in old or name not in new:
            lines.append(f"{name}: only in the {'new' if name in new else 'stored'} snapshot")
            continue
        for corpus in CORPORA:
            a, b = old[name].get(corpus, {}), new[name].get(corpus, {})
            for kind in ("auto", "known"):
                changed = sorted(
                    d for d in set(a) | set(b) if a.get(d, {}).get(kind) != b.get(d, {}).get(kind)
                )
                if changed:
                    lines.append(
                        f"{name} {corpus} {kind}: {len(changed)} documents differ ({', '.join(changed[:5])}"
                        + (" ..." if len(changed) > 5 else "")
                        + ")"
                    )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=os.environ.get("LINSEG_DATA"), help="the data folder")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--diff", action="store_true", help="compare with the stored snapshot")
    group.add_argument("--time", action="store_true", help="time each method, write nothing")
    args = parser.parse_args(argv)
    if not args.data:
        parser.error("set LINSEG_DATA or give --data")
    new = build(Path(args.data))
    if args.time:
        return 0
    if args.diff:
        lines = diff(load(), new)
        print("\n".join(lines) if lines else "identical")
        return 1 if lines else 0
    SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(SNAPSHOT, "wt", encoding="utf-8", compresslevel=9) as f:
        json.dump(new, f, sort_keys=True, separators=(",", ":"))
    print(f"wrote {SNAPSHOT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

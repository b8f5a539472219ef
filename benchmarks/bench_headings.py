"""Headings in Markdown and reStructuredText files: does the outline find them, at their levels?

Usage::

    python benchmarks/bench_headings.py [ROOT ...] [--format markdown|rst] [--sample 400]
                                        [--seed 1]

linseg reads a ``.md`` or ``.rst`` file as text, whole (the segments join back to it), and
finds its outline in it: the units that open with a heading and the heading's level
(:func:`linseg.text.outline.heading_starts`, :func:`linseg.text.outline.heading_levels`), which the
default's ``units="headings"`` and its outline cost read. This checks that reading against
pandoc's (``pandoc -f gfm`` or ``-f rst``, its JSON's ``Header`` blocks and, for reST, the
document title it promotes), on ``--sample`` files of 1 KB or more drawn (``--seed``) from
the files under each ``ROOT`` (default ``/usr/share/doc``, ``/usr/lib`` and
``/usr/share/cmake*/Help``). pandoc is needed; without it the script says so and stops.

For each file, the headings' titles (their words, lower-cased) are matched as multisets:

- **precision**: the share of linseg's headings that pandoc finds too, and **recall** the
  share of pandoc's that linseg finds, over all files;
- **levels**: of the matched titles that open a unit alone, the share at the same level
  in both readings (pandoc lifts a lone top reST title out of the outline and numbers
  the sections below it from 1; linseg numbers that title 1);
- the files where the two differ most, to read by eye.

Where headings follow each other with no text between, linseg opens one unit with them
(at the highest of their levels); each of their lines counts here. A title's words are
compared after a link's target, an autolink and a closing ``#`` run are taken out, which
pandoc does not show; HTML inside a title (``<a name=...>``) is text to linseg and nothing
to pandoc, so such titles count as misses both ways.
"""

from __future__ import annotations

import argparse
import collections
import glob
import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

from linseg.text.outline import heading_levels, heading_starts
from linseg.text.sentences import split_sentences

_WORD = re.compile(r"[^\W_]+")
_RULE = re.compile(r"\s*([=\-~^\"'`#*+:.<>_])\1+\s*$")
_ATX = re.compile(r"\s{0,3}#{1,6}(?:\s|$)")
FENCE = re.compile(r"\s{0,3}(?:```|~~~)")
_SUFFIXES = {"markdown": (".md", ".markdown"), "rst": (".rst",)}


def title(text: str) -> str:
    """A heading's words, as both readings show them."""
    text = re.sub(r"\]\([^)]*\)", "]", text)  # a link's target
    text = re.sub(r"<https?://[^>]*>", "", text)
    text = re.sub(r"\s#+\s*$", "", text)  # an ATX heading's closing run
    return " ".join(_WORD.findall(text.lower()))


def linseg_headings(text: str) -> list[tuple[int | None, str]]:
    """(level, title) of each heading linseg's outline finds, in order; the level None
    where a unit opens with more than one heading (linseg gives the unit the highest)."""
    sentences = [text[a:b] for a, b in split_sentences(text)]
    starts = heading_starts(sentences)
    found = []
    for i, level in zip(starts, heading_levels(sentences, starts)):
        if level is None:
            continue  # a rule, or a unit that no heading opens
        lines = sentences[i].strip("\n").split("\n")
        titles = []
        for j, line in enumerate(lines):
            if FENCE.match(line):
                break  # a code block under the headings
            if _ATX.match(line):
                titles.append(title(line.lstrip(" #")))
            elif line.strip() and not _RULE.match(line):
                if j + 1 < len(lines) and _RULE.match(lines[j + 1]):
                    titles.append(title(line))
                else:
                    break  # the text under the headings
        found += [(level if len(titles) == 1 else None, t) for t in titles]
    return found


def shown(node: object) -> str:
    """The text of a pandoc JSON inline element (or list of them)."""
    if isinstance(node, list):
        return "".join(map(shown, node))
    if not isinstance(node, dict):
        return ""
    kind, content = node.get("t"), node.get("c")
    if kind == "Str":
        return str(content)
    if kind in ("Space", "SoftBreak", "LineBreak"):
        return " "
    if kind == "Code":
        return str(content[1])  # type: ignore[index]
    return shown(content)


def pandoc_headings(path: str, fmt: str) -> list[tuple[int, str]] | None:
    """(level, title) of each heading pandoc reads in ``path`` (0 for a promoted
    document title), or None if pandoc fails on it."""
    reader = "gfm" if fmt == "markdown" else "rst"
    try:
        run = subprocess.run(
            ["pandoc", "-f", reader, "-t", "json", path], capture_output=True, timeout=60
        )
    except subprocess.TimeoutExpired:
        return None
    if run.returncode:
        return None
    document = json.loads(run.stdout)
    found = []
    if "title" in document.get("meta", {}):
        found.append((0, title(shown(document["meta"]["title"]))))

    def walk(blocks: list[dict]) -> None:
        for block in blocks:
            if block["t"] == "Header":
                found.append((block["c"][0], title(shown(block["c"][2]))))
            elif block["t"] == "Div":
                walk(block["c"][1])
            elif block["t"] == "BlockQuote":
                walk(block["c"])

    walk(document["blocks"])
    return found


def levels_by_title(
    headings: list[tuple[int | None, str]], shift: int = 0
) -> dict[str, list[int | None]]:
    """Each title's levels, in order, ``shift`` added to the known ones."""
    levels: dict[str, list[int | None]] = collections.defaultdict(list)
    for level, text in headings:
        levels[text].append(None if level is None else level + shift)
    return levels


def sources(roots: list[Path], fmt: str, largest: int | None = None) -> list[str]:
    """The ``fmt`` files (Markdown or reST) of 1 KB or more (and at most ``largest``
    bytes) under ``roots`` (default: this machine's ``/usr/share/doc``, ``/usr/lib`` and
    CMake's manual), sorted."""
    roots = roots or [Path("/usr/share/doc"), Path("/usr/lib")] + [
        Path(p) for p in glob.glob("/usr/share/cmake*/Help")
    ]
    return sorted(
        str(path)
        for root in roots
        for suffix in _SUFFIXES[fmt]
        for path in root.rglob("*" + suffix)
        if path.is_file() and 1024 <= path.stat().st_size <= (largest or 1 << 40)
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--format", choices=sorted(_SUFFIXES), default="markdown")
    ap.add_argument("--sample", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not shutil.which("pandoc"):
        sys.exit("bench_headings.py: pandoc is needed (apt-get install pandoc)")
    files = sources(args.roots, args.format)
    sample = random.Random(args.seed).sample(files, min(args.sample, len(files)))
    shared = ours_total = theirs_total = same_level = ranked = 0
    wrong: list[tuple[str, str, int | None, int | None]] = []
    differing = []
    read = 0
    for path in sample:
        theirs = pandoc_headings(path, args.format)
        if theirs is None:
            continue
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        ours = linseg_headings(text)
        read += 1
        a = collections.Counter(t for _, t in ours if t)
        b = collections.Counter(t for _, t in theirs if t)
        matched = a & b
        shared += sum(matched.values())
        ours_total += sum(a.values())
        theirs_total += sum(b.values())
        # pandoc numbers the sections below a reST title it lifts out from 1; linseg
        # numbers that title 1. (A Markdown file's title in its front matter is no heading.)
        lifted = args.format == "rst" and any(level == 0 for level, _ in theirs)
        shift = 1 if lifted else 0
        our_levels, their_levels = levels_by_title(ours), levels_by_title(theirs, shift)
        for text_, n in matched.items():
            pairs = [
                (x, y)
                for x, y in zip(our_levels[text_][:n], their_levels[text_][:n])
                if x is not None
            ]
            wrong += [(path, text_, x, y) for x, y in pairs if x != y]
            ranked += len(pairs)
            same_level += sum(x == y for x, y in pairs)
        if a != b:
            differing.append((sum((a - b).values()) + sum((b - a).values()), path, a - b, b - a))
    print(
        f"{read} of {len(sample)} sampled {args.format} files read by pandoc ({len(files)} found)"
    )
    print(
        f"headings: linseg {ours_total}, pandoc {theirs_total}, both {shared}; "
        f"precision {shared / max(1, ours_total):.3f}, recall {shared / max(1, theirs_total):.3f}; "
        f"levels the same {same_level / max(1, ranked):.3f} ({ranked} headings alone in "
        "their unit)"
    )
    for path, text_, x, y in wrong[:10]:
        print(f"  level {x} (pandoc {y}): {text_[:60]!r} in {path}")
    for n, path, extra, missing in sorted(differing, reverse=True)[:15]:
        print(f"  {n:4d} {path}: only linseg {list(extra)[:3]}, only pandoc {list(missing)[:3]}")


if __name__ == "__main__":
    main()

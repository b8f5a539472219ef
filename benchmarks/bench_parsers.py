"""linseg's readers of DOCX, PPTX and wikitext against maintained parsers: bad input, size.

Usage::

    python benchmarks/bench_parsers.py --work DIR [--damaged 1000] [--seed 1]

The words, headings, notes, lists and speed of each are ``bench_formats.py``'s (its
``--reader`` option); this script measures the rest, on the files ``bench_formats.py``
wrote into ``--work`` (run it first), for linseg's own reader of each format and for the
parser that could replace it (:mod:`parsers`: mammoth, python-pptx, mwparserfromhell):

- **damaged files**: ``--damaged`` copies of the bench's files, each with 1 to 8 bytes
  overwritten at random (the ZIP formats) or 1 to 8 pieces of markup (``[[``, ``{{``,
  ``<ref>``, ``{|`` ...) put in at random places (wikitext), as the fuzz tests damage
  them: how many read, how many are refused with a ``ValueError`` (a one-line error for
  the user), and how many raise anything else (which the reader would have to catch and
  word: the kinds are listed);
- **hostile files**, each read in a process of its own with a limit of 120 s: a part
  that unpacks to 300 MB, elements nested 100,000 deep, entities that expand a
  billion-fold, an archive cut in half (the ZIP formats); the cases the fuzz campaigns
  found in the wikitext reader (``tests/test_fuzz.py``), markup opened tens of thousands
  of times and never closed, templates nested 5,000 deep and 100,000 runs of bold and
  italic: the outcome, the seconds and the process's peak memory (``VmHWM``);

Every reader, linseg's and the libraries', is guarded as linseg guards its own: markup
nested past Python's recursion limit is a refusal.
- **size**: the bench's source nearest 20 KB of text written 1, 10 and 100 times over by
  pandoc into each format, read by each: the time at 10 and 100 times over that at 1
  (a reader linear in its input gives 10 and 100).
"""

from __future__ import annotations

import argparse
import collections
import io
import json
import random
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from linseg.readers.formats import get_format
from linseg.readers.includes import guarded
from parsers import READERS

# The bench_formats.py file of each format, and the main part of the ZIP formats.
_ENDING = {"docx": "docx", "pptx": "pptx", "mediawiki": "mediawiki"}
_MAIN = {"docx": "word/document.xml", "pptx": "ppt/slides/slide1.xml"}
_WIKI_MARKUP = ["[[", "]]", "{{", "}}", "<ref>", "</ref>", "{|", "|}", "\n==", "'''", "\n*#",
                "<pre>", "<!--", "&#", "|", "\n ", "<nowiki>", "[http://x"]  # fmt: skip


def reader(fmt: str, name: str) -> Callable[[bytes], str]:
    """linseg's reader of ``fmt`` (``name`` "linseg") or the parser ``name``'s, each
    guarded as linseg guards every reader: markup nested past Python's recursion limit is
    refused (a ValueError), as the command line refuses it."""
    form = get_format(fmt)
    if name == "linseg":
        own = form.reader()
        read = own if form.binary else (lambda data: own(data.decode("utf-8", "replace")))
    else:
        read = READERS[name][1]

    def guarded_read(data: bytes) -> str:
        with guarded(form.what):
            return read(data)

    return guarded_read


def damaged(data: bytes, fmt: str, rng: random.Random) -> bytes:
    """``data`` with 1-8 bytes overwritten (ZIP) or pieces of markup put in (wikitext)."""
    if fmt != "mediawiki":
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    text = data.decode("utf-8", "replace")
    for _ in range(rng.randint(1, 8)):
        at = rng.randrange(len(text) + 1)
        text = text[:at] + rng.choice(_WIKI_MARKUP) + text[at:]
    return text.encode()


def names(fmt: str) -> list[str]:
    """linseg's reader of ``fmt`` and the parsers that read it."""
    return ["linseg"] + [name for name, (f, _) in READERS.items() if f == fmt]


def damage_row(fmt: str, files: list[Path], n: int, seed: int) -> dict[str, dict]:
    """Each reader's outcomes on the same ``n`` damaged copies."""
    readers = {name: reader(fmt, name) for name in names(fmt)}
    rng = random.Random(seed)
    copies = [damaged(rng.choice(files).read_bytes(), fmt, rng) for _ in range(n)]
    result = {}
    for name, read in readers.items():
        kinds: collections.Counter[str] = collections.Counter()
        slowest = 0.0
        for data in copies:
            t0 = time.perf_counter()
            try:
                read(data)
                kinds["read"] += 1
            except ValueError:
                kinds["refused"] += 1
            except Exception as exc:  # what a reader built on it would have to catch
                kinds[type(exc).__name__] += 1
            slowest = max(slowest, time.perf_counter() - t0)
        result[name] = {"kinds": kinds, "slowest": slowest}
    return result


def zip_with(base: bytes, part: str, content: bytes) -> bytes:
    """The archive ``base`` with ``part`` replaced by ``content``."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(base)) as old, zipfile.ZipFile(out, "w") as new:
        for info in old.infolist():
            data = content if info.filename == part else old.read(info.filename)
            new.writestr(info.filename, data, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def hostile(fmt: str, base: bytes) -> dict[str, bytes]:
    """The hostile files of ``fmt`` (see the module), built from the bench's ``base``."""
    if fmt == "mediawiki":
        return {
            "<ref opened 25,000 times": b"Bees fly. " + b"<ref" * 25_000 + b"\n",
            "100,000 tabs in a line": b"Bees a" + b"\t" * 100_000 + b"b fly.\n",
            "a link's target of 60,000 brackets": b"Bees fly. [[" + b"(" * 60_000 + b"|]]\n",
            "<b opened 60,000 times": b"Bees fly. " + b"<b " * 60_000 + b"\n",
            "{{ opened 50,000 times": b"Bees fly. " + b"{{" * 50_000 + b"\n",
            "[[ opened 50,000 times": b"Bees fly. " + b"[[" * 50_000 + b"\n",
            "templates nested 5,000 deep": b"{{a|" * 5_000 + b"Bees" + b"}}" * 5_000,
            "tables opened 20,000 times": b"{|\n" * 20_000 + b"| Bees\n",
            "100,000 runs of bold and italic": b"'''''Bees " * 100_000,
        }
    open_, close = _ROOT[fmt]
    nest, unnest = (
        ("<w:sdt><w:sdtContent>", "</w:sdtContent></w:sdt>")
        if fmt == "docx"
        else ("<p:grpSp>", "</p:grpSp>")
    )
    laughs = (
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a0 "aaaaaaaaaa">'
        + "".join(f'<!ENTITY a{i + 1} "{f"&a{i};" * 10}">' for i in range(8))
        + "]>"
    )
    part = _MAIN[fmt]
    return {
        "a part that unpacks to 300 MB": zip_with(
            base, part, (open_ + " " * 300_000_000 + close).encode()
        ),
        "elements nested 100,000 deep": zip_with(
            base, part, (open_ + nest * 100_000 + unnest * 100_000 + close).encode()
        ),
        "entities that expand a billion-fold": zip_with(
            base, part, (laughs + open_.replace("BEES", "&a8;") + close).encode()
        ),
        "the archive cut in half": base[: len(base) // 2],
    }


_W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
_PA = (
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
)
# The main part's opening (a paragraph that says BEES) and closing.
_ROOT = {
    "docx": (
        f"<w:document {_W}><w:body><w:p><w:r><w:t>BEES</w:t></w:r></w:p>",
        "</w:body></w:document>",
    ),
    "pptx": (
        f"<p:sld {_PA}><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>BEES</a:t></a:r>"
        "</a:p></p:txBody></p:sp>",
        "</p:spTree></p:cSld></p:sld>",
    ),
}


_CHILD = """
import json, sys, time
sys.path.insert(0, {bench!r})
from bench_parsers import reader
fmt, name, path = sys.argv[1:4]
read = reader(fmt, name)
data = open(path, "rb").read()
t0 = time.perf_counter()
try:
    read(data)
    outcome = "read"
except ValueError as exc:
    outcome = "refused: " + str(exc).splitlines()[0][:70]
except BaseException as exc:
    outcome = type(exc).__name__ + ": " + (str(exc).splitlines() or [""])[0][:60]
seconds = time.perf_counter() - t0
# (VmHWM, not ru_maxrss, which keeps the parent's peak across exec)
status = open("/proc/self/status").read()
peak = int(status.split("VmHWM:")[1].split()[0]) / 1024
print(json.dumps([outcome, seconds, peak]))
"""


def in_process(fmt: str, name: str, data: bytes, work: Path) -> tuple[str, float, float]:
    """The outcome, seconds and peak MB of reading ``data`` in a fresh process."""
    path = work / f"hostile.{_ENDING[fmt]}"
    path.write_bytes(data)
    code = _CHILD.format(bench=str(Path(__file__).resolve().parent))
    try:
        run = subprocess.run(
            [sys.executable, "-c", code, fmt, name, str(path)],
            capture_output=True,
            timeout=120,
            text=True,
        )
    except subprocess.TimeoutExpired:
        return ("still reading after 120 s", 120.0, float("nan"))
    if run.returncode:
        return (f"the process died ({run.returncode})", float("nan"), float("nan"))
    outcome, seconds, peak = json.loads(run.stdout.strip().splitlines()[-1])
    return (outcome, seconds, peak)


def scaled(fmt: str, ast: Path, work: Path, times: int) -> Path:
    """The document whose pandoc AST is ``ast``, its blocks ``times`` times over, written
    into ``fmt`` by pandoc."""
    target = work / f"scaled-{times}.{_ENDING[fmt]}"
    if not target.exists():
        tree = json.loads(ast.read_text("utf-8"))
        tree["blocks"] = tree["blocks"] * times
        source = work / f"scaled-{times}.json"
        source.write_text(json.dumps(tree), "utf-8")
        command = ["pandoc", "-f", "json", "--wrap=none", str(source), "-t", fmt]
        subprocess.run([*command, "-o", str(target)], check=True, timeout=600)
    return target


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", type=Path, required=True, help="bench_formats.py's --work")
    ap.add_argument("--damaged", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not shutil.which("pandoc"):
        sys.exit("bench_parsers.py: pandoc is needed (apt-get install pandoc)")
    scratch = args.work / "parsers"
    scratch.mkdir(exist_ok=True)
    for fmt in ("docx", "pptx", "mediawiki"):
        files = sorted(args.work.glob(f"[0-9]*/doc.{_ENDING[fmt]}"))
        if not files:
            sys.exit(
                f"bench_parsers.py: no doc.{_ENDING[fmt]} under {args.work}: run bench_formats.py"
            )
        readers = names(fmt)
        print(f"\n## {fmt}: {len(files)} files\n")
        outcomes = damage_row(fmt, files, args.damaged, args.seed)
        print(f"{args.damaged} damaged copies (seed {args.seed}):\n")
        print("| reader | read | refused | other exceptions | slowest s |")
        print("| --- | ---: | ---: | --- | ---: |")
        for name in readers:
            kinds, slowest = outcomes[name]["kinds"], outcomes[name]["slowest"]
            other = ", ".join(
                f"{k} {v}" for k, v in kinds.most_common() if k not in ("read", "refused")
            )
            print(
                f"| {name} | {kinds['read']} | {kinds['refused']} | {other or '-'} | {slowest:.3f} |"
            )
        print("\nHostile files, a process each:\n")
        print("| file | " + " | ".join(readers) + " |")
        print("| --- |" + " --- |" * len(readers))
        for case, data in hostile(fmt, files[0].read_bytes()).items():
            cells = []
            for name in readers:
                outcome, seconds, peak = in_process(fmt, name, data, scratch)
                cells.append(f"{outcome}; {seconds:.2f} s, {peak:.0f} MB")
            print(f"| {case} | " + " | ".join(cells) + " |")
        middle = min(files, key=lambda f: abs((f.parent / "plain.txt").stat().st_size - 20_000))
        print(f"\nSize: the source of {middle.parent.name} written 1, 10, 100 times over:\n")
        print("| reader | ms at 1 | at 10 / at 1 | at 100 / at 1 |")
        print("| --- | ---: | ---: | ---: |")
        paths = {k: scaled(fmt, middle.parent / "ast.json", scratch, k) for k in (1, 10, 100)}
        for name in readers:
            read = reader(fmt, name)
            seconds = {}
            for k, path in paths.items():
                data = path.read_bytes()
                best = float("inf")
                for _ in range(3 if k < 100 else 1):
                    t0 = time.perf_counter()
                    read(data)
                    best = min(best, time.perf_counter() - t0)
                seconds[k] = best
            print(
                f"| {name} | {1000 * seconds[1]:.1f} | {seconds[10] / seconds[1]:.1f} "
                f"| {seconds[100] / seconds[1]:.1f} |"
            )


if __name__ == "__main__":
    main()

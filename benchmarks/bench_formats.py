"""The same documents in twelve formats: does each reader show their words and headings?

Usage::

    python benchmarks/bench_formats.py [ROOT ...] --work DIR [--sample 150] [--seed 1]
                                       [--formats docx,odt,...]

Markdown files of this machine (1-200 KB, drawn with ``--seed`` as
``benchmarks/bench_headings.py`` finds them) are written by pandoc (``-f gfm``) into each
format linseg reads that pandoc writes: DOCX, ODT, RTF, EPUB, HTML, LaTeX, DocBook,
MediaWiki, Org, AsciiDoc and a manual page; its HTML printed to PDF by Chromium (``pdf``),
its LaTeX typeset by pdflatex (``pdflatex``) and its ODT printed to PDF by LibreOffice
(``lopdf``), where each is installed; and slide decks: pandoc's PowerPoint (``pptx``: a
slide for each heading of its slide level, deeper headings bold text on the slides) and
that deck saved as ODP by LibreOffice (``odp``); once, into ``--work``. Each file is read by
linseg (:func:`linseg.readers.document.read_document`, its format given) and compared with
what the source says, which ``pandoc -t plain`` prints:

- **recall**: the share of the source's words (runs of letters and digits, lower-cased)
  that linseg's text holds, and **precision** the share of linseg's words that the source
  shows; words that pandoc's plain text leaves out but other writers write (a link's
  address, an image's, raw HTML, the title) are not counted against precision;
- **headings**: the source's headings (pandoc's ``Header`` blocks) found, in order, as
  ``#`` lines of linseg's text (a longest common subsequence of their titles), as shares
  of the source's (recall) and of linseg's (precision);
- **notes**: the source's footnotes whose words all show, in order and together, in
  linseg's text (in brackets where the note stands, or in a list of notes), as a share
  of its footnotes; ``--notes`` takes the Markdown files that have footnotes in place of
  the sample (pandoc's ``--wrap=auto`` then, so that long notes and cells are wrapped as
  a writer wraps them);
- **in place**: the notes whose words show right after the three words before their mark
  (in brackets where the note stands, not only in a list of notes);
- **lists**: of the documents that nest lists, those whose list lines (``- x``, ``1. x``,
  outside code) are indented, in order, two spaces a level as the source nests its items
  (pandoc's ``BulletList`` and ``OrderedList``, outside notes);
- errors: a refusal (``ValueError``, one line) is counted; anything else is a defect,
  counted apart and printed with its traceback; the mean time of a read in ms, and the
  slowest in s.

``--reader NAME`` adds a row for a maintained parser of one of these formats
(:mod:`parsers`: ``mammoth`` for DOCX, ``python-pptx`` for PPTX, ``mwparserfromhell`` for
MediaWiki), reading the same files, with the number of documents whose text is the same
as linseg's reader's; the library must be installed (``pip install NAME``).

pandoc 2.17 writes what these figures measure: its writers' habits (pandoc's LaTeX wraps
each heading in a ``\\hypertarget``, its manual pages set every heading below the first
level with ``.SS``) are part of what is read.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import random
import re
import shutil
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_headings import FENCE, shown, sources, title
from bench_manpages import _WORD, words
from linseg.readers.document import read_document
from linseg.readers.formats import get_format
from parsers import READERS

# linseg's format, pandoc's writer, the file's ending, and the writer's options.
_FORMATS = {
    "docx": ("docx", "docx", []),
    "odt": ("odt", "odt", []),
    "rtf": ("rtf", "rtf", ["-s"]),
    "epub": ("epub3", "epub", ["--metadata", "title=x"]),  # (EPUB needs a title: "x",
    "html": ("html", "html", ["-s", "--metadata", "pagetitle=x"]),  # left out below)
    "tex": ("latex", "tex", ["-s"]),
    "docbook": ("docbook5", "dbk", ["-s"]),
    "mediawiki": ("mediawiki", "mediawiki", []),
    "org": ("org", "org", []),
    "asciidoc": ("asciidoc", "adoc", []),
    "man": ("man", "1", ["-s"]),
    # pandoc's HTML printed by Chromium (``--headless --print-to-pdf``, no header or
    # footer), where Chromium is installed.
    "pdf": ("html", "pdf", ["-s", "--metadata", "pagetitle=x"]),
    # pandoc's LaTeX typeset by pdflatex, as papers and theses are, where it is installed
    # (texlive-latex-recommended, lmodern); a document pdflatex cannot set (a character
    # its fonts lack) is left out.
    "pdflatex": ("latex", "latex.pdf", ["--pdf-engine=pdflatex"]),
    # pandoc's ODT printed to PDF by LibreOffice (``soffice --convert-to pdf``), where it
    # is installed (libreoffice-writer-nogui), as reports from word processors are.
    "lopdf": ("odt", "lo.pdf", []),
    # Slide decks: pandoc's PowerPoint (a slide for each heading of its slide level), and
    # that deck saved by LibreOffice's Impress as ODP, where it is installed
    # (libreoffice-impress-nogui).
    "pptx": ("pptx", "pptx", []),
    "odp": ("pptx", "odp", []),
}
# The format linseg reads a file as, where the bench's name for it is not linseg's.
_READ_AS = {"pdflatex": "pdf", "lopdf": "pdf"}
_HEADING = re.compile(r"#{1,6}\s+(.*?)\s*#*\s*$")
_LIST_LINE = re.compile(r"( *)(?:[-*+]|\d+[.)]) ")
_FENCE_INFO = re.compile(r"^(?:```+|~~~+)[^\n`]*$", re.MULTILINE)


_NOTE_DEFINITION = re.compile(r"^\[\^[^\]\s]+\]:", re.MULTILINE)
_WRAP = ["--wrap=none"]  # --notes: --wrap=auto


def pandoc(source: str, *options: str) -> bytes:
    command = ["pandoc", "-f", "gfm", *_WRAP, source, *options]
    run = subprocess.run(command, capture_output=True, timeout=120)
    if run.returncode:
        raise RuntimeError(run.stderr.decode("utf-8", "replace")[:200])
    return run.stdout


def unshown(ast: dict) -> set[str]:
    """The words of the source that pandoc's plain text leaves out and other writers
    may write: links' and images' addresses, raw HTML and LaTeX, the metadata."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            kind, content = node.get("t"), node.get("c")
            if kind in ("Link", "Image"):
                found.extend(content[2])  # type: ignore[index]
            elif kind in ("RawInline", "RawBlock"):
                found.append(content[1])  # type: ignore[index]
            walk(content)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(ast["blocks"])
    found.append(shown(list(ast.get("meta", {}).values())))
    return set(words(" ".join(found)))


def source_headings(ast: dict) -> list[str]:
    """The source's headings' titles, in order (in quotes and lists too)."""
    found: list[str] = []

    def walk(blocks: list) -> None:
        for block in blocks:
            kind, content = block["t"], block.get("c")
            if kind == "Header":
                found.append(title(shown(content[2])))
            elif kind in ("BlockQuote", "BulletList"):
                for part in content if kind == "BulletList" else [content]:
                    walk(part)
            elif kind in ("Div", "OrderedList"):
                for part in content[1] if kind == "OrderedList" else [content[1]]:
                    walk(part)

    walk(ast["blocks"])
    return found


def notes(ast: dict) -> list[str]:
    """Each footnote's words, lower-cased and joined by spaces."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if node.get("t") == "Note":
                found.append(" ".join(w.lower() for w in _WORD.findall(shown(node["c"]))))
            else:
                walk(node.get("c"))
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(ast["blocks"])
    return [note for note in found if note]


def note_places(ast: dict) -> list[tuple[str, str]]:
    """Each footnote's words, with the (up to) three words of the text before its mark,
    lower-cased and joined by spaces."""
    before: list[str] = []
    found: list[tuple[str, str]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            kind, content = node.get("t"), node.get("c")
            if kind == "Note":
                note = " ".join(w.lower() for w in _WORD.findall(shown(content)))
                if note:
                    found.append((" ".join(before[-3:]), note))
            elif kind == "Str":
                before.extend(w.lower() for w in _WORD.findall(str(content)))
            elif kind in ("Code", "CodeBlock"):
                before.extend(w.lower() for w in _WORD.findall(str(content[1])))  # type: ignore[index]
            elif kind not in ("RawInline", "RawBlock"):
                walk(content)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(ast["blocks"])
    return found


def list_indents(text: str) -> list[int]:
    """The indent of each list line of a reader's text, outside code, in order."""
    found, code = [], False
    for line in text.split("\n"):
        if FENCE.match(line):
            code = not code
        elif not code and (m := _LIST_LINE.match(line)):
            found.append(len(m.group(1)))
    return found


def list_depths(ast: dict) -> list[int]:
    """The indent a reader gives each list item of the source, in order: two spaces for
    each list it is nested in (items that open with a paragraph, outside notes)."""
    found: list[int] = []

    def walk(blocks: list, depth: int) -> None:
        for block in blocks:
            kind, content = block["t"], block.get("c")
            if kind in ("BulletList", "OrderedList"):
                for item in content if kind == "BulletList" else content[1]:
                    if item and item[0]["t"] in ("Plain", "Para"):
                        found.append(2 * depth)
                    walk(item, depth + 1)
            elif kind == "BlockQuote":
                walk(content, depth)
            elif kind == "Div":
                walk(content[1], depth)

    walk(ast["blocks"], 0)
    return found


def linseg_headings(text: str, title: Callable[[str], str] = title) -> list[str]:
    """The titles of the ``#`` lines of linseg's text, outside code, as ``title`` gives
    them."""
    found, code = [], False
    for line in text.split("\n"):
        if FENCE.match(line):
            code = not code
        elif not code and (m := _HEADING.match(line)):
            found.append(title(m.group(1)))
    return found


def matched(a: list[str], b: list[str]) -> int:
    """The length of the longest common subsequence of ``a`` and ``b``."""
    row = [0] * (len(b) + 1)
    for x in a:
        diagonal = 0
        for j, y in enumerate(b):
            diagonal, row[j + 1] = row[j + 1], (diagonal + 1 if x == y else max(row[j + 1], row[j]))
    return row[-1]


def convert(source: str, folder: Path, formats: list[str]) -> None:
    """The source's plain text, its AST and each format, written once into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    # A folder holds one source's files: a work folder made from another sample (files
    # installed since change what the seed draws) is not mixed with this one.
    made_from = folder / "source.txt"
    if made_from.exists() and made_from.read_text("utf-8") != source:
        sys.exit(f"bench_formats.py: {folder} holds {made_from.read_text('utf-8')}, not {source}")
    made_from.write_text(source, "utf-8")
    for name, options in (("plain.txt", ["-t", "plain"]), ("ast.json", ["-t", "json"])):
        if not (folder / name).exists():
            (folder / name).write_bytes(pandoc(source, *options))
    for fmt in formats:
        writer, ending, options = _FORMATS[fmt]
        target = folder / f"doc.{ending}"
        if target.exists() or (folder / f"doc.{ending}.failed").exists():
            continue
        try:
            if fmt == "pdf":
                html = folder / "print.html"
                html.write_bytes(pandoc(source, "-t", writer, *options))
                _print(html, target)
            elif fmt in ("lopdf", "odp"):
                made = folder / ("lo.odt" if fmt == "lopdf" else "lo.pptx")
                pandoc(source, "-t", writer, *options, "-o", str(made))
                _office(made, target)
            else:
                pandoc(source, "-t", writer, *options, "-o", str(target))
        except RuntimeError as exc:  # pandoc refuses a few (raw HTML in DocBook)
            (folder / f"doc.{ending}.failed").write_text(str(exc))


def _office(document: Path, target: Path) -> None:
    """``document`` converted by LibreOffice to ``target``'s format (its last suffix:
    printed to PDF, or saved as ODP)."""
    kind = target.suffix[1:]
    command = ["soffice", "--headless", "--convert-to", kind, "--outdir", str(target.parent)]
    try:
        subprocess.run([*command, str(document)], capture_output=True, timeout=300, check=False)
    except subprocess.TimeoutExpired:
        pass
    made = document.with_suffix(target.suffix)
    if not made.exists():
        raise RuntimeError(f"LibreOffice made no {kind.upper()}")
    made.replace(target)


def _print(page: Path, target: Path) -> None:
    """``page`` printed to ``target`` by Chromium."""
    command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu"]
    command += ["--no-pdf-header-footer", f"--print-to-pdf={target}", page.resolve().as_uri()]
    try:
        subprocess.run(command, capture_output=True, timeout=120, check=False)
    except subprocess.TimeoutExpired:
        pass
    if not target.exists():
        raise RuntimeError("Chromium printed no PDF")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--work", type=Path, required=True, help="where the converted files go")
    ap.add_argument("--sample", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--formats", default=",".join(_FORMATS))
    ap.add_argument("--notes", action="store_true", help="the files with footnotes")
    ap.add_argument(
        "--reader",
        action="append",
        default=[],
        choices=sorted(READERS),
        help="also read a format with this maintained parser (a row of its own)",
    )
    args = ap.parse_args()
    if not shutil.which("pandoc"):
        sys.exit("bench_formats.py: pandoc is needed (apt-get install pandoc)")
    formats = args.formats.split(",")
    if "pdf" in formats and shutil.which("chromium") is None:
        formats.remove("pdf")
        print("(no Chromium: the PDF row is left out)")
    if "pdflatex" in formats and shutil.which("pdflatex") is None:
        formats.remove("pdflatex")
        print("(no pdflatex: its row is left out)")
    for fmt in ("lopdf", "odp"):
        if fmt in formats and shutil.which("soffice") is None:
            formats.remove(fmt)
            print(f"(no LibreOffice: the {fmt} row is left out)")
    if unknown := set(formats) - set(_FORMATS):
        sys.exit(f"bench_formats.py: unknown formats {sorted(unknown)}")
    # Each row: its name, the bench's format, and the reader (None: linseg's).
    readers: list[tuple[str, str, Callable[[bytes], str] | None]] = [(f, f, None) for f in formats]
    for name in args.reader:
        fmt, read = READERS[name]
        readers.append((f"{fmt} ({name})", fmt, read))
        formats += [fmt] if fmt not in formats else []
    files = sources(args.roots, "markdown", largest=200_000)
    if args.notes:
        files = [f for f in files if _NOTE_DEFINITION.search(Path(f).read_text("utf-8", "replace"))]
        sample = files
        _WRAP[:] = ["--wrap=auto"]
    else:
        sample = random.Random(args.seed).sample(files, min(args.sample, len(files)))
    rows: dict[str, list[tuple[float, ...]]] = {row: [] for row, _, _ in readers}
    refused: collections.Counter[str] = collections.Counter()
    failed: collections.Counter[str] = collections.Counter()
    warm = set()  # the readers that have read a file: their imports are done, not timed
    for n, source in enumerate(sample):
        folder = args.work / f"{'notes-' if args.notes else ''}{n:03d}"
        convert(source, folder, formats)
        theirs = words((folder / "plain.txt").read_text("utf-8"))
        ast = json.loads((folder / "ast.json").read_text("utf-8"))
        hidden, headings, footnotes = unshown(ast) | {"x"}, source_headings(ast), notes(ast)
        places = note_places(ast)
        nested = list_depths(ast)
        if not any(nested):
            nested = []  # no list nests: no figure for this document
        own_text: dict[str, str] = {}  # linseg's text of each format, for the parsers' rows
        for row, fmt, read in readers:
            path = folder / f"doc.{_FORMATS[fmt][1]}"
            if not path.exists():
                continue
            data = path.read_bytes()
            if row not in warm:
                warm.add(row)
                with contextlib.suppress(Exception):
                    (read or get_format(_READ_AS.get(fmt, fmt)).reader())(data)
            try:
                if read is None:
                    # The text a user sees; the time is that of the format's own reader,
                    # as a parser's is: neither detection nor sentences counted (but for
                    # the formats that read the files they include, timed whole).
                    own = get_format(_READ_AS.get(fmt, fmt))
                    t0 = time.perf_counter()
                    text = read_document(path, own.name).text
                    if own.includes is None:
                        t0 = time.perf_counter()
                        own.reader()(data if own.binary else data.decode("utf-8"))
                else:
                    t0 = time.perf_counter()
                    text = read(data)
            except (ValueError, UnicodeDecodeError):
                refused[row] += 1
                continue
            except Exception as exc:  # a defect: say where
                if read is None:
                    print(f"{fmt} {path} ({source}):\n{traceback.format_exc()}")
                else:
                    print(f"{row} {path}: {type(exc).__name__}: {str(exc)[:120]}")
                failed[row] += 1
                continue
            seconds = time.perf_counter() - t0
            ours = words(_FENCE_INFO.sub("", text))  # "```js": linseg's markup, not text
            shared = sum((theirs & ours).values())
            extra = sum(c for w, c in (ours - theirs).items() if w not in hidden)
            found = [h for h in linseg_headings(text) if h != "x"]
            joined = f" {' '.join(w.lower() for w in _WORD.findall(text))} "
            whole = sum(f" {note} " in joined for note in footnotes)
            placed = sum(f" {' '.join((at, note)).strip()} " in joined for at, note in places)
            indents = list_indents(text) == nested if nested else None
            if read is None:
                own_text[fmt] = text
            rows[row].append(
                (
                    shared / max(1, sum(theirs.values())),
                    shared / max(1, shared + extra),
                    matched(headings, found),
                    len(headings),
                    len(found),
                    seconds,
                    whole,
                    len(footnotes),
                    placed,
                    -1 if indents is None else int(indents),
                    int(text == own_text.get(fmt)),
                )
            )
    chosen = "with footnotes" if args.notes else f"of {len(files)}, seed {args.seed}"
    print(f"{len(sample)} Markdown sources {chosen}, pandoc's writers\n")
    print(
        "| format | read | refused | failed | recall | precision | headings: recall | precision "
        "| notes shown | in place | lists | ms a read | slowest s | same text as linseg's |"
    )
    print("| --- |" + " ---: |" * 13)
    fmt_of = {row: fmt for row, fmt, _ in readers}
    for row, results in rows.items():
        if not results:
            continue
        k = len(results)
        both = sum(r[2] for r in results)
        total = sum(r[7] for r in results)
        shown_notes = f"{sum(r[6] for r in results)} of {total}" if total else "-"
        in_place = f"{sum(r[8] for r in results)} of {total}" if total else "-"
        nesting = [r[9] for r in results if r[9] >= 0]
        lists = f"{sum(nesting):.0f} of {len(nesting)}" if nesting else "-"
        print(
            f"| {row} | {k} | {refused[row]} | {failed[row]} "
            f"| {sum(r[0] for r in results) / k:.4f} | {sum(r[1] for r in results) / k:.4f} "
            f"| {both / max(1, sum(r[3] for r in results)):.3f} "
            f"| {both / max(1, sum(r[4] for r in results)):.3f} | {shown_notes} | {in_place} "
            f"| {lists} | {1000 * sum(r[5] for r in results) / k:.2f} "
            f"| {max(r[5] for r in results):.2f} "
            f"| {f'{sum(r[10] for r in results)} of {k}' if row != fmt_of[row] else '-'} |"
        )


if __name__ == "__main__":
    main()

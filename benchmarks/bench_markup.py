"""Sources in a markup linseg reads (``--format asciidoc``, ``pod``, ``org``,
``docbook``): are they read whole, and cut at their sections?

Usage::

    python benchmarks/bench_markup.py FILE_OR_FOLDER... [--format asciidoc|pod|org|docbook|mediawiki]
                                      [--min-words 200]

Each source given (a folder: its files of the format, ``*.txt``, ``*.adoc`` and
``*.asciidoc`` for AsciiDoc, ``*.pod`` for POD, ``*.org`` for Org, ``index.docbook`` for
DocBook, one level of sub-folders included) is rendered to HTML by a tool made for the
format, the reference reading: Asciidoctor for AsciiDoc (``apt-get install asciidoctor``),
``pod2html`` (Perl's) for POD, pandoc for Org (``apt-get install pandoc``). A DocBook
source is a KDE handbook, whose package ships its rendering by KDE's own stylesheets beside
it (``index.cache.bz2``: its pages, read in order, without their navigation; pandoc
refuses the entities of KDE's DTD). From that HTML, read as
linseg reads a web page, come the true sections: the highest heading level that occurs at
least three times (below Asciidoctor's title, which occurs once). Sources with fewer
sections than that, or fewer than ``--min-words`` words, are left out.

Then the default (``u00_pr``) segments each source as ``linseg segment`` would, and is
scored against those sections (word-level Pk, B, sections found divided by true), read
four ways: as plain text (``--format text``, how linseg read the format before it had a
reader), as detected (``auto``), as the format, and, for a ceiling, the tool's HTML; with
C99 on the format's reading and no boundary beside them. Each reading's boundaries are
carried to the reference text's words by aligning the two texts' words (``difflib``). The
reader's words are also compared with the tool's: the share of the HTML's words the
reader's text holds (recall), and of the reader's words that the HTML holds (precision),
averaged over sources.

The sources measured in BENCHMARKS.md are Git's manuals (Debian's ``git-doc``, GPL-2:
``apt-get download git-doc && dpkg -x git-doc_*.deb git-doc``, then
``usr/share/doc/git-doc``), Perl's (``perl-doc``, GPL-1+ or Artistic: its
``usr/share/perl/5.*/pod``) and KDE's handbooks (GFDL: the applications' packages, their
``usr/share/doc/HTML/en``).
"""

from __future__ import annotations

import argparse
import bisect
import bz2
import collections
import difflib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_html import headings
from linseg import segment_file
from linseg.evaluation.metrics import boundary_similarity, pk
from linseg.readers.document import read_document

_WORD = re.compile(r"[^\W_]+")
#: How each format is rendered to HTML (``{src}``, ``{out}`` and ``{tmp}`` filled in),
#: and the names of its files in a folder.
RENDERERS = {
    "asciidoc": (["asciidoctor", "-o", "{out}", "{src}"], ("*.txt", "*.adoc", "*.asciidoc")),
    "pod": (
        ["pod2html", "--noindex", "--cachedir", "{tmp}", "--infile", "{src}", "--outfile", "{out}"],
        ("*.pod",),
    ),
    "org": (["pandoc", "-f", "org", "-t", "html5", "-s", "-o", "{out}", "{src}"], ("*.org",)),
    "mediawiki": (
        ["pandoc", "-f", "mediawiki", "-t", "html5", "-s", "-o", "{out}", "{src}"],
        ("*.wikitext", "*.mediawiki"),
    ),
    "docbook": ([], ("index.docbook",)),  # KDE's rendering beside it: _kde_rendering
}
_KDE_MARK = re.compile(r"(<FILENAME[^>]*>|</FILENAME>)")
_KDE_LABEL = re.compile(
    r"(<h1 class=\"title\">(?:<a [^>]*></a>)?)(?:Chapter|Appendix)\s[0-9A-Z]+\.\s"
)


def _kde_pages(cache: str) -> list[str]:
    """The pages of a KDE handbook's rendering, in reading order (a chapter's pages are
    written inside its own, between ``<FILENAME>`` marks)."""
    pages: list[list[str]] = []
    open_pages: list[int] = []
    for piece in _KDE_MARK.split(cache):
        if piece.startswith("<FILENAME"):
            open_pages.append(len(pages))
            pages.append([])
        elif piece == "</FILENAME>":
            if open_pages:
                open_pages.pop()
        elif open_pages:
            pages[open_pages[-1]].append(piece)
    return ["".join(page) for page in pages]


def _kde_rendering(source: str, out: str) -> bool:
    """Write the pages of the KDE handbook rendering beside ``source`` to ``out``, as one
    page without their navigation; False if there is none."""
    cache = Path(source).with_name("index.cache.bz2")
    if not cache.exists():
        return False
    bodies = []
    for page in _kde_pages(bz2.decompress(cache.read_bytes()).decode("utf-8", "replace")):
        body = page[page.find('<div id="contentBody">') :]
        body = body.split('<div class="navCenter"')[0].split('<div id="footer"')[0]
        # The stylesheets number chapters and appendices; the source's titles do not.
        bodies.append(_KDE_LABEL.sub(r"\1", body))
    Path(out).write_text("<html><body>" + "".join(bodies) + "</body></html>", encoding="utf-8")
    return True


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _word_index(text: str, offsets: list[int]) -> list[int]:
    """How many words of ``text`` start before each character offset."""
    starts = [m.start() for m in _WORD.finditer(text)]
    return [bisect.bisect_left(starts, o) for o in offsets]


def _carried(words: list[str], ref_words: list[str]) -> list[int]:
    """For each word index of ``words`` (and its end), the reference word it aligns with,
    or the next one that aligns."""
    matcher = difflib.SequenceMatcher(None, words, ref_words, autojunk=False)
    to: list[int | None] = [None] * (len(words) + 1)
    for a, b, size in matcher.get_matching_blocks():
        for t in range(size):
            to[a + t] = b + t
    nxt = len(ref_words)
    out = [0] * (len(words) + 1)
    for i in range(len(words), -1, -1):
        nxt = to[i] if to[i] is not None else nxt
        out[i] = nxt
    return out


def reference(html_text: str) -> list[int] | None:
    """Word offsets of the true section starts in ``html_text``, or None if no level
    opens three sections."""
    starts: dict[int, list[int]] = collections.defaultdict(list)
    for level, offset in headings(html_text):  # a "# comment" in code is none
        starts[level].append(offset)
    level = next((lv for lv in range(1, 7) if len(starts[lv]) >= 3), None)
    if level is None:
        return None
    n = len(_words(html_text))
    return sorted({b for b in _word_index(html_text, starts[level]) if 0 < b < n})


def _boundaries(path: str, fmt: str, ref_words: list[str], method: str) -> list[int]:
    seg = segment_file(path, format=fmt, method=method)
    offsets, pos = [], 0
    for s in seg.segments[:-1]:
        pos += len(s)
        offsets.append(pos)
    carried = _carried(_words(seg.text), ref_words)
    return sorted({carried[i] for i in _word_index(seg.text, offsets)} - {0, len(ref_words)})


def _sources(paths: list[str], patterns: tuple[str, ...]) -> list[str]:
    found: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for pattern in (*patterns, *(f"*/{pat}" for pat in patterns)):
                found.extend(sorted(str(f) for f in Path(p).glob(pattern)))
        else:
            found.append(p)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", metavar="FILE_OR_FOLDER")
    parser.add_argument("--format", choices=sorted(RENDERERS), default="asciidoc")
    parser.add_argument("--min-words", type=int, default=200)
    args = parser.parse_args()
    command, patterns = RENDERERS[args.format]
    if command and shutil.which(command[0]) is None:
        sys.exit(f"bench_markup.py: needs {command[0]}")
    scores: dict[str, list[tuple[float, float, float]]] = collections.defaultdict(list)
    recall, precision, detected = [], [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for source in _sources(args.paths, patterns):
            html = os.path.join(tmp, "page.html")
            if not command:
                if not _kde_rendering(source, html):
                    continue
            else:
                fill = {"out": html, "src": os.path.basename(source), "tmp": tmp}
                done = subprocess.run(
                    [part.format(**fill) for part in command],
                    cwd=os.path.dirname(os.path.abspath(source)),
                    capture_output=True,
                )
                if done.returncode or not os.path.exists(html):
                    continue
            ref_text = read_document(html, "html").text
            ref_words = _words(ref_text)
            ref = reference(ref_text)
            if ref is None or len(ref_words) < args.min_words:
                continue
            read = read_document(source)
            detected += read.format == args.format
            mine = collections.Counter(_words(read_document(source, args.format).text))
            theirs = collections.Counter(ref_words)
            shared = sum((mine & theirs).values())
            recall.append(shared / sum(theirs.values()))
            precision.append(shared / max(1, sum(mine.values())))
            n = len(ref_words)
            readings = ("text", "auto", args.format, "html")
            runs = [(r, r, "u00_pr") for r in readings] + [
                (f"c99 ({args.format})", args.format, "c99")
            ]
            for name, fmt, method in runs:
                path = html if fmt == "html" else source
                hyp = _boundaries(path, fmt, ref_words, method)
                scores[name].append(
                    (pk(ref, hyp, n), boundary_similarity(ref, hyp, n), len(hyp) / len(ref))
                )
            scores["no boundary"].append((pk(ref, [], n), boundary_similarity(ref, [], n), 0.0))
            os.remove(html)
    total = len(recall)
    if not total:
        sys.exit("bench_markup.py: no source with three sections or more")
    print(f"{total} sources with three sections or more; {detected} detected as {args.format}")
    print(
        f"reader against {command[0] if command else 'KDE'}: word recall {statistics.mean(recall):.3f}, "
        f"precision {statistics.mean(precision):.3f}"
    )
    print(f"{'reading':18s} {'Pk':>6s} {'B':>6s} {'found/true':>10s}")
    for name, rows in scores.items():
        pk_mean = 100 * statistics.mean(r[0] for r in rows)
        b_mean = 100 * statistics.mean(r[1] for r in rows)
        ft = statistics.mean(r[2] for r in rows)
        print(f"{name:18s} {pk_mean:6.1f} {b_mean:6.1f} {ft:10.2f}")


if __name__ == "__main__":
    main()

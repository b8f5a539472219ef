"""PDFs printed by a web browser (``--format pdf``): web pages saved as PDF, with the
browser's running header and footer, segmented at their sections?

Usage::

    python benchmarks/bench_pdf.py HTML_DIR [--pages SET_DIR] --work DIR

Each page under HTML_DIR with 4-25 sections, or each page of a natural set made from it
(as for ``benchmarks/bench_html.py``), is printed to
PDF by Chromium (``chromium --headless --print-to-pdf --print-to-pdf-header-footer``:
the date and the page's title above each page, its address and ``n/N`` below), once
into ``--work``, two ways:

- ``site``: as the page's own style sheet sets it (headings larger than the text);
- ``bold``: with every heading set bold in the body text's size, as many reports and
  papers set theirs (a style sheet added to the page).

Each PDF is read as linseg reads PDFs (:func:`linseg.readers.pdf.pdf_text`). The
reference is the web page's (``bench_html.documents``), found again in the PDF's text
by each section heading's words, in order (``#`` marks, escapes and the pilcrow aside):
at the next heading line that gives them, or, where the reader did not take the heading
for one or ran it into a paragraph, at the next place they occur outside a list. A page whose headings are not all found is left out of every
row, and counted. The default's Pk, B
and sections found over true are printed for each way of printing, beside the same
pages read as HTML.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_html import documents, headings, page_paths, print_scores
from linseg.evaluation.natural import (
    NaturalDocument,
    char_to_word_offsets,
)
from linseg.readers.pdf import pdf_text

_BOLD = (
    "<style>h1,h2,h3,h4,h5,h6{font-size:1em!important;font-weight:bold!important;"
    "margin:0.6em 0 0.3em!important}</style>"
)
_STYLES = ("site", "bold")
_LIST_ITEM = re.compile(r"^(?:[-*+]|\d+[.)]) .*$", re.MULTILINE)


def print_pdf(page: Path, name: str, work: Path, style: str, seconds: int = 120) -> Path:
    """``page`` printed as ``work/STYLE/NAME.pdf`` (kept between runs)."""
    out = work / style / f"{name}.pdf"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    source = page
    if style == "bold":
        # Beside the page, so that its style sheets and images are found.
        source = page.with_name(f".bench-pdf-{page.name}")
        html = page.read_text(encoding="utf-8", errors="replace")
        source.write_text(re.sub("</head>", _BOLD + "</head>", html, count=1), "utf-8")
    command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu"]
    command += ["--print-to-pdf-header-footer", f"--print-to-pdf={out}", source.as_uri()]
    try:
        subprocess.run(command, capture_output=True, timeout=seconds, check=False)
    except subprocess.TimeoutExpired:
        print(f"{name}: no {style} PDF in {seconds} s", file=sys.stderr)
    finally:
        if source != page:
            source.unlink()
    return out


def _words(text: str) -> list[tuple[str, int]]:
    """The words of ``text`` and where each starts, heading marks, escapes and the
    pilcrow link aside, and list items left out (a table of contents lists the
    headings)."""
    out = []
    marks: int | None = None  # where a heading's marks start, before its first word
    items = [m.span() for m in _LIST_ITEM.finditer(text)]
    for m in re.finditer(r"\S+", text):
        if any(a <= m.start() < b for a, b in items):
            continue
        word = m.group().lstrip("#").replace("\\", "").replace("\u00b6", "")
        if word:
            out.append((word, m.start() if marks is None else marks))
            marks = None
        elif marks is None:
            marks = m.start()
    return out


def found_again(reference: NaturalDocument, text: str, name: str) -> NaturalDocument | None:
    """``text`` with the reference's section headings found again by their words, in
    order: each at the next heading line that gives its words, else (a heading the
    reader did not see, or ran into a paragraph) at the next place that does; None if
    one is missing."""
    cuts = set(reference.reference)
    wanted = [
        [w for w, _ in _words(reference.text[at:].split("\n", 1)[0])]
        for _, at in headings(reference.text)
        if len(reference.text[:at].split()) in cuts
    ]
    words = _words(text)
    plain = [w for w, _ in words]
    marked = {at for _, at in headings(text)}
    starts: list[int] = []
    i = 0
    for title in wanted:
        places = [j for j in range(i, len(plain)) if plain[j : j + len(title)] == title]
        if not places:
            return None
        j = next((j for j in places if words[j][1] in marked), places[0])
        starts.append(words[j][1])
        i = j + len(title)
    return NaturalDocument(name, text, char_to_word_offsets(text, starts))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("html", type=Path, help="the manual's HTML folder")
    ap.add_argument("--pages", type=Path, help="only the pages of this natural set")
    ap.add_argument("--work", type=Path, required=True, help="where the PDFs go")
    args = ap.parse_args()
    if shutil.which("chromium") is None:
        sys.exit("bench_pdf.py needs Chromium (Debian's chromium package)")
    rows: dict[str, list[NaturalDocument]] = {"HTML": [], **{f"PDF, {s}": [] for s in _STYLES}}
    left_out = 0
    for page in page_paths(args.html, args.pages):
        name = str(page.relative_to(args.html).with_suffix("")).replace("/", "--")
        pair = documents(page, name)
        if pair is None:
            left_out += 1
            continue
        found = {}
        for style in _STYLES:
            pdf = print_pdf(page, name, args.work, style)
            found[style] = found_again(pair[0], pdf_text(pdf.read_bytes()), name)
        if any(doc is None for doc in found.values()):
            print(f"{name}: a heading not found in {[s for s, d in found.items() if d is None]}")
            left_out += 1
            continue
        rows["HTML"].append(pair[0])
        for style, doc in found.items():
            assert doc is not None
            rows[f"PDF, {style}"].append(doc)
    print(f"{len(rows['HTML'])} pages ({left_out} left out)\n")
    print_scores(rows, words=True)


if __name__ == "__main__":
    main()

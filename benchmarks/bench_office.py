"""Word-processor documents and PDFs (``--format docx``, ``odt``, ``rtf``, ``pdf``): the
same pages as web pages, DOCX, ODT, RTF and PDF, segmented alike?

Usage::

    python benchmarks/bench_office.py HTML_DIR --pages SET_DIR --work DIR

Each page of a natural set (as for ``benchmarks/bench_html.py --pages``) is converted by
LibreOffice (``soffice --headless --convert-to docx``, ``odt``, ``rtf`` and ``pdf``;
Debian's ``libreoffice-writer-nogui``), once, into ``--work``, and read five ways: as a web
page, a DOCX, an ODT, an RTF file and a PDF (``pypdf``). The reference is the web page's (``bench_html.documents``), found
again in each document by its headings' text, in order; a page whose headings cannot all
be found is left out of every row (and counted). The default's Pk, B and sections found
over true are printed for each way of reading.
"""

from __future__ import annotations

import argparse
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
from linseg.readers.encoding import decode
from linseg.readers.office import docx_text, odt_text
from linseg.readers.pdf import pdf_text
from linseg.readers.rtf import rtf_text

_FILTERS = {
    "docx": "docx:MS Word 2007 XML",
    "odt": "odt:writer8",
    "rtf": "rtf:Rich Text Format",
    "pdf": "pdf",
}
_READERS = {
    "docx": docx_text,
    "odt": odt_text,
    "rtf": lambda data: rtf_text(decode(data)[0]),
    "pdf": pdf_text,
}


def convert(pages: list[Path], names: list[str], work: Path, seconds: int = 120) -> None:
    """Each page as ``work/docx/NAME.docx`` and ``work/odt/NAME.odt`` (kept between runs);
    a page LibreOffice has not converted in ``seconds`` is given up (and left out)."""
    flat = work / "html"
    flat.mkdir(parents=True, exist_ok=True)
    for page, name in zip(pages, names):
        shutil.copyfile(page, flat / f"{name}.html")
        for ext, filter_name in _FILTERS.items():
            if (work / ext / f"{name}.{ext}").exists():
                continue
            command = ["soffice", "--headless", "--convert-to", filter_name]
            command += ["--outdir", str(work / ext), str(flat / f"{name}.html")]
            try:
                subprocess.run(command, check=True, capture_output=True, timeout=seconds)
            except subprocess.TimeoutExpired:
                subprocess.run(["pkill", "-f", "soffice.bin"], check=False)
                print(f"{name}: LibreOffice gave no {ext} in {seconds} s", file=sys.stderr)


def found_again(reference: NaturalDocument, text: str, name: str) -> NaturalDocument | None:
    """``text`` with the reference's section headings found again by their text, in
    order; None if one is missing."""
    cuts = set(reference.reference)
    wanted = [
        _title(line)
        for line, at in _heading_lines(reference.text)
        if len(reference.text[:at].split()) in cuts
    ]
    lines = _heading_lines(text)
    starts, i = [], 0
    for title in wanted:
        while i < len(lines) and _title(lines[i][0]) != title:
            i += 1
        if i == len(lines):
            return None
        starts.append(lines[i][1])
        i += 1
    return NaturalDocument(name, text, char_to_word_offsets(text, starts))


def _title(line: str) -> str:
    """A heading line's words, without its marks and the pilcrow link that the web page
    hid and the converted document kept as text."""
    return " ".join(line.lstrip("#").replace("\u00b6", " ").split())


def _heading_lines(text: str) -> list[tuple[str, int]]:
    """Each Markdown heading line of ``text`` outside fences, and where it starts."""
    return [(text[at:].split("\n", 1)[0], at) for _, at in headings(text)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("html", type=Path, help="the manual's HTML folder")
    ap.add_argument("--pages", type=Path, required=True, help="the natural set of its pages")
    ap.add_argument("--work", type=Path, required=True, help="where the conversions go")
    args = ap.parse_args()
    names = [p.stem for p in sorted(args.pages.glob("*.words"))]
    pages = page_paths(args.html, args.pages)
    convert(pages, names, args.work)
    rows: dict[str, list[NaturalDocument]] = {"HTML": [], **{ext.upper(): [] for ext in _FILTERS}}
    left_out = 0
    for page, name in zip(pages, names):
        pair = documents(page, name)
        files = {ext: args.work / ext / f"{name}.{ext}" for ext in _FILTERS}
        if pair is None or not all(f.exists() for f in files.values()):
            left_out += 1
            continue
        found = {
            ext: found_again(pair[0], _READERS[ext](f.read_bytes()), name)
            for ext, f in files.items()
        }
        if any(doc is None for doc in found.values()):
            left_out += 1
            continue
        rows["HTML"].append(pair[0])
        for ext, doc in found.items():
            assert doc is not None
            rows[ext.upper()].append(doc)
    print(f"{len(rows['HTML'])} pages ({left_out} left out)\n")
    print_scores(rows)


if __name__ == "__main__":
    main()

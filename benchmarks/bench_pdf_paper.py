"""The paper linseg implements, typeset by LaTeX and read back as a PDF: segmented at its
sections?

Usage::

    python benchmarks/bench_pdf_paper.py [--tex ../shared/paper/choi-2000.tex] --work DIR

The paper's source is typeset twice by ``pdflatex`` (Debian's ``texlive-latex-base``)
into ``--work``: as its source says (``article``, 10 points, one column, sections in
large bold type), and as ACL papers of its time were set (11 points, two columns,
sections in bold only a point larger than the text, subsections in bold at its size).
Its ACL style file, its figures and its bibliography are not in the source, so the style
file is left out, the figures are drawn as frames and the references are not typeset.
Each PDF is read as linseg reads PDFs, and its sections (``\\section`` and
``\\section*``; subsections are not sections) are found again by their titles' words, at
the line where each opens. The default, C99 and no boundary are scored on it (Pk, B,
sections found over true).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from linseg.evaluation.natural import (
    NaturalDocument,
    char_to_word_offsets,
    evaluate_document,
    summarize,
)
from linseg.methods import create
from linseg.readers.pdf import pdf_text

_ACL = (
    r"\documentclass[11pt,twocolumn]{article}\makeatletter"
    r"\renewcommand\section{\@startsection{section}{1}{\z@}{-2.0ex plus -0.5ex minus -.2ex}"
    r"{1.5ex plus 0.3ex minus .2ex}{\large\bf\raggedright}}"
    r"\renewcommand\subsection{\@startsection{subsection}{2}{\z@}{-1.8ex plus -0.5ex minus "
    r"-.2ex}{0.8ex plus .2ex}{\normalsize\bf\raggedright}}\makeatother"
)
_SECTION = re.compile(r"^\\section\*?\{(.+?)\}", re.MULTILINE)


def typeset(source: str, style: str, work: Path) -> Path:
    """``source`` typeset in ``style`` (``article`` or ``acl``) as ``work/STYLE.pdf``."""
    tex = source.replace(r"\usepackage{colacl}", "")
    tex = tex.replace(r"\usepackage{graphicx}", r"\usepackage[draft]{graphicx}")
    tex = re.sub(r"\\bibliography(style)?\{[^}]*\}", "", tex)
    if style == "acl":
        tex = re.sub(r"\\documentclass(\[[^\]]*\])?\{article\}", lambda _: _ACL, tex, count=1)
    work.mkdir(parents=True, exist_ok=True)
    (work / f"{style}.tex").write_text(tex, encoding="utf-8")
    for _ in range(2):  # the second run settles the numbering
        subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", f"{style}.tex"],
            cwd=work,
            capture_output=True,
            check=False,
        )
    return work / f"{style}.pdf"


def sections(text: str, titles: list[str], name: str) -> NaturalDocument | None:
    """``text`` with a section starting at each line that opens (after heading marks and
    a section number) with the next title's words; None if one is missing."""
    starts: list[int] = []
    at = 0
    for title in titles:
        want = title.split()
        for m in re.finditer(r"^.*$", text[at:], re.MULTILINE):
            words = re.sub(r"^[#\\ ]*[\d.]*\s*", "", m.group()).split()
            if words[: len(want)] == want:
                starts.append(at + m.start())
                at += m.end()
                break
        else:
            return None
    return NaturalDocument(name, text, char_to_word_offsets(text, starts))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(os.environ.get("LINSEG_DATA", "../shared/data")) / "../paper/choi-2000.tex"
    ap.add_argument("--tex", type=Path, default=default, help="the paper's LaTeX source")
    ap.add_argument("--work", type=Path, required=True, help="where the PDFs go")
    args = ap.parse_args()
    if shutil.which("pdflatex") is None:
        sys.exit("bench_pdf_paper.py needs pdflatex (Debian's texlive-latex-base)")
    source = args.tex.read_text(encoding="utf-8")
    titles = [" ".join(t.split()) for t in _SECTION.findall(source)]
    print("| typeset | method | Pk % | B % | found/true | no boundary % | words |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for style in ("article", "acl"):
        text = pdf_text(typeset(source, style, args.work).read_bytes())
        # The text before the first section (title, authors, abstract) is a section too.
        doc = sections(text, titles, style)
        if doc is None:
            print(f"| {style} | a section's title is not in the text | | | | | |")
            continue
        for method in ("u00_pr", "c99"):
            s = summarize([evaluate_document(create(method), doc)])
            print(
                f"| {style} | {method} | {100 * s['pk']:.1f} | {100 * s['b']:.1f} "
                f"| {s['found_true']:.2f} | {100 * s['no_boundary_pk']:.1f} | {doc.n_words} |"
            )


if __name__ == "__main__":
    main()

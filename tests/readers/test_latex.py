"""LaTeX sources: the text of their body with their sectioning as headings, detection,
and the paper itself segmented at its sections."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg.evaluation.natural import NaturalDocument, char_to_word_offsets, evaluate_document
from linseg.methods import create
from linseg.readers.document import detect_format, parse_document
from linseg.readers.latex import latex_text, sniff_latex
from linseg.readers.markup import braced
from support import segment_file

SOURCE = r"""\documentclass{article}
\usepackage{graphicx} % a comment
\title{Bees \& Trains}
\author{Someone}
\begin{document}
\maketitle
\begin{abstract}
We look at bees~\cite{hive}. And at 50\% of trains.
\end{abstract}
\section{Bees}\label{sec:bees}
Bees make \emph{honey}\footnote{Mostly.} in the hive, as shown in
Table~\ref{t}. Inline $x_{i}$ math stays.

A second paragraph -- with a dash --- and ``quotes''.\\
A new line.
\subsection*[Short]{Long title of hives}
\begin{itemize}
\item one
\item[b)] two
\end{itemize}
\begin{equation}
E = mc^2
\end{equation}
\begin{figure}[h]
\includegraphics{bees.png}
\caption{A bee on a flower.}
\end{figure}
\section{Trains}
\begin{tabular}{ll}
a & b \\ \hline
1 & 2 \\
\end{tabular}
\[ y = 1 \]
\end{document}
This comes after the end and is not read.
"""

# Worked out by hand from the rules in linseg.readers.latex's docstring.
SOURCE_TEXT = """# Bees & Trains

We look at bees. And at 50% of trains.

### Bees

Bees make honey (Mostly.) in the hive, as shown in Table. Inline $x_{i}$ math stays.

A second paragraph \u2013 with a dash \u2014 and \u201cquotes\u201d.
A new line.

#### Long title of hives

- one
- b) two

```
E = mc^2
```

A bee on a flower.

### Trains

a | b
1 | 2

```
 y = 1
```
"""


def test_source_read_as_the_rules_say():
    assert latex_text(SOURCE) == SOURCE_TEXT


@pytest.mark.parametrize(
    "text, path, expected",
    [
        (SOURCE, None, True),
        ("% preamble\n\\documentclass[11pt]{report}", None, True),
        ("\\section{A chapter file}", "chapter.tex", True),
        ("Text with a \\ backslash and \\emph{this}.", None, False),
        ("% \\documentclass{article} in a comment only", None, False),
        ("Body only.\n  \\begin{document}\nText.\n\\end{document}\n", None, True),
        # A configuration file's comment that names LaTeX's commands (matplotlib's
        # classic.mplstyle) is no LaTeX source.
        ('# between the "\\documentclass" and "\\begin{document}"\nkey : value\n', None, False),
    ],
)
def test_detection(text, path, expected):
    assert sniff_latex(text, path) is expected
    assert (detect_format(text, path) == "tex") is expected


def test_a_file_without_a_document_environment_is_read_whole():
    assert latex_text("\\section{One}\nText.\n") == "### One\n\nText.\n"


def test_footnotes_are_read_in_brackets_and_past_eight_deep_in_place():
    assert (
        latex_text("Bees\\footnote{Wasps\\footnote{Ants.}.} fly.") == "Bees (Wasps (Ants.).) fly.\n"
    )
    ten = latex_text("A" + "\\footnote{n" * 10 + "}" * 10 + " z.")
    assert ten == "A" + " (n" * 8 + " n n" + ")" * 8 + " z.\n"


def test_a_table_float_keeps_its_rows_and_its_caption_in_order():
    source = (
        "\\begin{table}\\caption{Error rates.}\\begin{center}\\begin{tabular}{|l|c|}\\hline\n"
        "Range & 3-11 \\\\\n$B_e$ & 45\\% \\\\ \\hline\n\\end{tabular}\\end{center}\\label{t}\\end{table}\n"
        "\\begin{table*}\\begin{tabular*}{\\textwidth}{ll}a & b \\\\\\end{tabular*}\\end{table*}\n"
        "\\begin{figure}\\includegraphics{x}\\caption{A figure.}\\end{figure}\n"
    )
    # Two tables with nothing between them stay two, as two bare tabulars do.
    assert latex_text(source) == (
        "Error rates.\n\nRange | 3-11\n$B_e$ | 45%\n\na | b\n\nA figure.\n"
    )
    bare = "\\begin{tabular}{l}x \\\\ y\\end{tabular}\\begin{tabular}{l}z\\end{tabular}"
    assert latex_text(bare) == "x\ny\n\nz\n"


def test_a_group_ends_at_its_own_brace_past_escaped_ones():
    assert braced("{a\\}b{c}}d", 0) == ("a\\}b{c}", 9)
    assert braced("{a\\\\}b", 0) == ("a\\\\", 5)  # an escaped backslash, then the close
    assert braced("{a{b", 0) == ("a{b", 4)  # never closed: the rest of the text
    assert braced("x{\\\n}", 1) == ("\\\n", 5)  # a backslash escapes a line break too


def test_a_source_that_says_nothing_is_refused():
    with pytest.raises(ValueError, match="LaTeX source shows no text"):
        parse_document("\\documentclass{article}\\begin{document}\\end{document}")


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("\\{}[]$%&~`'-\n section begin end item ab")), max_size=120
    )
)
def test_any_source_reads_without_error(source):
    text = latex_text(source)
    assert text == "" or text.endswith("\n")


PAPER = Path(os.environ.get("LINSEG_DATA", "../shared/data")).parent / "paper" / "choi-2000.tex"


@pytest.mark.skipif(not PAPER.is_file(), reason="the paper's source (../shared/paper) is not here")
def test_the_paper_is_cut_at_its_sections(capsys):
    record = segment_file(PAPER, capsys)
    assert record["format"] == "tex"
    text = latex_text(PAPER.read_text(encoding="utf-8"))
    assert "".join(record["segments"]) == text
    # Its sections (\section) as the reference (BENCHMARKS.md, "LaTeX sources"): the
    # default finds five of the six exactly (not the short Background, which it keeps
    # with the Introduction) and cuts two subsections off.
    starts = [i for i in range(len(text)) if text.startswith("### ", i) and text[i - 1] == "\n"]
    doc = NaturalDocument("choi-2000", text, char_to_word_offsets(text, starts))
    result = evaluate_document(create("u00_pr"), doc)
    assert len(doc.reference) == 6  # Introduction ... Acknowledgements
    assert set(result.method.boundaries) & set(doc.reference) == {48, 344, 1442, 3217, 3386}
    assert result.method.pk < result.no_boundary.pk < result.even.pk


def test_hyperref_s_links_show_their_text_and_url_its_address():
    # What pandoc writes for Markdown's links and headings' anchors; the reader had shown
    # an href's address (nothing: its text went with it) and the anchors' names.
    source = (
        "\\hypertarget{intro-id}{%\n\\section{\\texorpdfstring{Event: \\texttt{x}}{Event: x}}"
        "\\label{intro-id}}\n\nSee \\href{https://x.org/a.md}{the docs}, "
        "\\protect\\hyperlink{other}{the other part} and \\url{https://x.org/a\\%20b}.\n"
    )
    assert latex_text(source) == (
        "### Event: x\n\nSee the docs, the other part and https://x.org/a%20b.\n"
    )


def test_named_characters_accents_and_one_character_commands():
    source = (
        "\\texttt{\\textasciitilde{}/.npmrc}, x\\textgreater{}y, A\\textbar{}B, "
        "\\textquotesingle{}q\\textquotesingle{}, C:\\textbackslash{}dir, "
        "caf\\'e, na\\\"{\\i}ve, \\c{c}a, Stra\\ss e, -\\/-abort, hy\\-phen, 10\\,km.\n"
    )
    assert latex_text(source) == (
        "~/.npmrc, x>y, A|B, 'q', C:\\dir, caf\u00e9, na\u00efve, \u00e7a, Stra\u00dfe, "
        "--abort, hyphen, 10 km.\n"
    )


def test_a_dollar_with_no_partner_in_its_paragraph_is_a_dollar():
    # It had taken the rest of the document as math, headings and all.
    source = "Costs 5 $ only.\n\n\\section{Next}\n\nSo $x^2$ holds.\n"
    assert latex_text(source) == "Costs 5 $ only.\n\n### Next\n\nSo $x^2$ holds.\n"


def test_pandoc_s_highlighted_code_is_read_line_for_line():
    source = (
        "\\begin{Shaded}\n\\begin{Highlighting}[]\n"
        "\\NormalTok{$ python {-}m pip install requests}\n\n"
        "\\KeywordTok{const}\\NormalTok{ x }\\OperatorTok{=}\\NormalTok{ \\{}"
        "\\StringTok{\\textquotesingle{}ok\\textquotesingle{}}\\NormalTok{\\};}\n"
        "\\end{Highlighting}\n\\end{Shaded}\n\nAfter.\n"
    )
    assert latex_text(source) == (
        "```\n$ python -m pip install requests\n\nconst x = {'ok'};\n```\n\nAfter.\n"
    )


def test_longtables_numbered_lists_and_definitions_that_show_nothing():
    source = (
        "\\begin{enumerate}\n\\def\\labelenumi{\\arabic{enumi}.}\n\\setcounter{enumi}{2}\n"
        "\\item third\n\\item fourth \\begin{itemize}\\item inner\\end{itemize}\n"
        "\\item fifth\n\\end{enumerate}\n\n"
        "\\begin{longtable}[]{@{}ll@{}}\n\\toprule\nName & Value \\\\\n\\midrule\n\\endhead\n"
        "\\begin{minipage}[b]{\\linewidth}\\raggedright\nalpha\\end{minipage} & beta \\\\\n"
        "\\bottomrule\n\\end{longtable}\n"
    )
    assert latex_text(source) == (
        "3. third\n4. fourth\n  - inner\n5. fifth\n\nName | Value\nalpha | beta\n"
    )
    # A list right after another is a list of its own.
    lists = "\\begin{enumerate}\\item one\\end{enumerate}\\begin{itemize}\\item a\\end{itemize}"
    assert latex_text(lists) == "1. one\n\n- a\n"


def test_an_item_s_later_paragraphs_continue_it():
    source = (
        "\\begin{itemize}\n\\item first\n\nits second paragraph\n\\item second\n"
        "\\begin{enumerate}\n\\item one\n\none goes on\n\\item two\n\\end{enumerate}\n\n"
        "back out\n\\end{itemize}\n\nAfter.\n"
    )
    assert latex_text(source) == (
        "- first\n  its second paragraph\n- second\n  1. one\n     one goes on\n  2. two\n"
        "  back out\n\nAfter.\n"
    )

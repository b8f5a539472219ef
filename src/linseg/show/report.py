"""Self-contained HTML reports of a segmentation or of an evaluation.

A report is one HTML file with nothing to fetch: styles are inline, figures are data URIs
(SVG or PNG drawn by matplotlib) or hand-written inline SVG, and there is no script. It
can be mailed, archived or opened offline.

- :func:`document_report` -- one document: its parameters, the figures of
  :mod:`linseg.show.figures`, and the text with each segment as a block titled by its
  first words, its keywords under the title (:mod:`linseg.keywords`), reference
  boundaries marked where the input has them.
- :func:`evaluation_report` -- ``linseg evaluate``: mean scores per range beside the
  paper's figures (and the author's own per-sample results where the corpus has his
  logs), and one openable entry per sample with hypothesis against reference.
- :func:`paper_report` -- several comparison tables and sample lists on one page, for
  ``linseg paper``; :func:`evaluation_report` is built on it.
"""

from __future__ import annotations

import base64
import html
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .paper_tables import PAPER_PK, PAPER_SECONDS, RANGES, TABLE_OF, paper_row

__all__ = [
    "TableRow",
    "Table",
    "document_report",
    "evaluation_report",
    "evaluation_tables",
    "paper_report",
    "paper_run_report",
    "write_report",
    "write_evaluation_report",
    "first_words",
]

_e = html.escape

_STYLE = """
:root { --ink:#1d232a; --muted:#5b6570; --line:#d5dbe1; --ref:#222; --hit:#009E73;
        --miss:#D55E00; --a:#cfe3f3; --b:#9cc4e4; --paper:#fbf7ec; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       color: var(--ink); margin: 0 auto; max-width: 1180px; padding: 18px 26px 60px; }
h1 { font-size: 1.55em; margin: .2em 0 .1em; } h2 { font-size: 1.2em; margin-top: 1.8em;
  border-bottom: 1px solid var(--line); padding-bottom: .2em; }
.sub { color: var(--muted); margin: 0 0 1em; }
table { border-collapse: collapse; margin: .6em 0 1em; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 3px 7px; text-align: right; }
.wrap { overflow-x: auto; } table.comparison tbody th { min-width: 15em; }
th:first-child, td:first-child { text-align: left; }
thead th { background: #eef2f5; } td.paper, th.paper { background: var(--paper); }
td.na { color: var(--muted); } p.caption { color: var(--muted); font-size: .88em;
  margin: -.6em 0 1em; max-width: 60em; }
.params td { text-align: left; font-family: ui-monospace, Menlo, Consolas, monospace; }
.figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(380px, 1fr)); gap: 14px; }
figure.figure { margin: 0; border: 1px solid var(--line); padding: 6px; background: #fff; }
figure.figure img { display: block; width: 100%; height: auto; }
figure.wide { grid-column: 1 / -1; } figure figcaption { color: var(--muted); font-size: .85em; }
.segment { border: 1px solid var(--line); border-left: 6px solid var(--b); border-radius: 4px;
  margin: 10px 0; padding: 4px 14px 8px; background: #fcfdfe; }
.segment:nth-child(even) { border-left-color: #E69F00; }
.segment h3 { font-size: 1em; margin: .3em 0 .4em; }
.segment h3 .n { color: var(--muted); font-weight: normal; margin-right: .4em; }
.segment h3 .range { color: var(--muted); font-weight: normal; font-size: .85em; margin-left: .6em; }
.segment .body { white-space: pre-wrap; }
.segment .kw { color: var(--muted); font-size: .88em; margin: -.3em 0 .4em; }
.segment .kw b { color: var(--ink); font-weight: 600; }
.s { } .s.ref-start::before { content: "\\25B6 reference segment"; display: block; color: var(--ref);
  font-size: .72em; letter-spacing: .04em; text-transform: uppercase; margin-top: .35em;
  border-top: 1px dashed #999; }
.strip { width: 100%; height: auto; display: block; }
details.sample { border-bottom: 1px solid var(--line); padding: 3px 0; }
details.sample summary { cursor: pointer; font-variant-numeric: tabular-nums; }
details.sample summary .key { display: inline-block; min-width: 11em; font-family: ui-monospace, monospace; }
details.sample summary .pk { display: inline-block; min-width: 8.5em; margin-right: .6em; }
.lines { font-size: .9em; margin: .4em 0 .8em 1.2em; }
.lines .cut { font-size: .75em; margin: .25em 0 .1em; padding-top: .1em; border-top: 2px solid var(--line); }
.lines .cut.both { border-color: var(--hit); color: var(--hit); }
.lines .cut.ref { border-color: var(--ref); } .lines .cut.hyp { border-color: var(--miss); color: var(--miss); }
.lines .ln { color: var(--muted); display: inline-block; min-width: 2.5em; }
.legend span { margin-right: 1.2em; } .swatch { display: inline-block; width: .9em; height: .9em;
  vertical-align: -.1em; margin-right: .3em; }
"""


def _page(title: str, body: Iterable[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="linseg">\n'
        f"<title>{_e(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


def write_report(path: str | os.PathLike[str], page: str) -> Path:
    """Write a report page (UTF-8) and return its path."""
    out = Path(path)
    if out.parent and not out.parent.exists():
        raise ValueError(f"no such directory: {out.parent}")
    out.write_text(page, encoding="utf-8")
    return out


def first_words(sentence: str, n: int = 8) -> str:
    """The first ``n`` words of a sentence, with an ellipsis when there are more."""
    words = sentence.split()
    return " ".join(words[:n]) + (" \u2026" if len(words) > n else "")


def _fmt_param(value: Any) -> str:
    if value is None:
        return "default"
    if callable(value):
        return getattr(value, "__name__", type(value).__name__)
    if isinstance(value, (list, tuple, set, frozenset)) and len(value) > 8:
        return f"{type(value).__name__} of {len(value)} items"
    return repr(value)


def _params_table(rows: Sequence[tuple[str, Any]]) -> str:
    cells = "".join(
        f"<tr><th>{_e(k)}</th><td>{_e(v if isinstance(v, str) else _fmt_param(v))}</td></tr>"
        for k, v in rows
    )
    return f'<table class="params">{cells}</table>'


# -- figures ----------------------------------------------------------------------------

_CAPTIONS = {
    "similarity": "Cosine similarity of every pair of sentences (eq. 1); sentence 1 at the "
    "bottom left. Bright squares on the diagonal are cohesive segments.",
    "rank": "Each similarity replaced by its rank in the local mask (eq. 2); the segments "
    "found are outlined.",
    "density": "Inside density D(n) of the best n-segment clustering (eq. 3).",
    "gradient": "The smoothed gradient \u03b4D and the threshold \u03bc + c\u00d7\u03c3; the "
    "segments are counted while \u03b4D stays above it.",
    "boundaries": "Boundaries found (bottom) against the reference (top): green where they "
    "agree, red where not.",
}


def _figure_uri(fig: Any, fmt: str) -> str:
    from ._mpl import figure_bytes

    data = figure_bytes(fig, fmt)
    mime = "image/svg+xml" if fmt == "svg" else "image/png"
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def _figures_html(
    result: Any, reference: Sequence[int] | None, lengths: Sequence[int] | None, fmt: str
) -> str:
    from . import figures as F

    kinds = F.available_kinds(result)
    out = ['<div class="figures">']
    for kind in kinds:
        ax = F.plot(result, kind, reference=reference, lengths=lengths)
        uri = _figure_uri(ax.figure, fmt)
        wide = " wide" if kind == "boundaries" else ""
        out.append(
            f'<figure class="figure{wide}" data-kind="{kind}"><img src="{uri}" '
            f'alt="{_e(kind)} figure"><figcaption>{_e(_CAPTIONS[kind])}</figcaption></figure>'
        )
    out.append("</div>")
    return "\n".join(out)


# -- one document -------------------------------------------------------------------------


def document_report(
    result: Any,
    doc: Any = None,
    *,
    segmenter: Any = None,
    title: str | None = None,
    reference: Sequence[int] | None = None,
    params: Mapping[str, Any] | None = None,
    figures: bool = True,
    figure_format: str = "svg",
    keywords: Sequence[Sequence[str]] | None = None,
) -> str:
    """The HTML page of one segmentation.

    Parameters
    ----------
    result:
        The segmentation (a :class:`~linseg.methods.c99.C99Result` gives every figure;
        any other :class:`~linseg.base.Segmentation` gives the boundary figure only).
    doc:
        The :class:`~linseg.corpus.document.Document` it came from, whose text is shown
        exactly as it stood; None shows ``result.sentences`` one a line.
    segmenter:
        The segmenter used, for its name and parameters.
    title:
        Page title (default: the document's path).
    reference:
        Reference boundaries (default: ``doc.reference``, set for ``.ref`` input).
    params:
        Extra rows for the parameter table (e.g. the input format).
    figures:
        Draw the figures (needs matplotlib).
    figure_format:
        ``svg`` (sharp, larger) or ``png``.
    keywords:
        The words shown under each segment's title (default: the five of
        :func:`linseg.keywords.segment_keywords`, with the segmenter's stopwords and
        stemmer).

    The page has one ``<article class="segment">`` per segment, with ``data-start`` and
    ``data-end`` (0-based sentence range, end exclusive), a ``<p class="kw">`` of its
    keywords and one ``<span class="s">`` per sentence, so the blocks can be checked
    against ``result.boundaries``.
    """
    if figure_format not in ("svg", "png"):
        raise ValueError(f"figure format must be svg or png, got {figure_format!r}")
    sentences = list(result.sentences)
    n = len(sentences)
    boundaries = [int(b) for b in result.boundaries]
    if reference is None and doc is not None:
        reference = getattr(doc, "reference", None)
    if doc is not None and getattr(doc, "spans", None) and len(doc.spans) == n:
        pieces = [doc.text[a:b] for a, b in doc.spans]
    else:
        pieces = [s + "\n" for s in sentences]
    lengths = [len(s.split()) for s in sentences]
    name = title or (getattr(doc, "path", None) or "document")
    method = getattr(segmenter, "name", None) or type(result).__name__

    body = [f"<header><h1>{_e(str(name))}</h1>"]
    summary = _summary(n, boundaries, method, reference, lengths)
    body.append(f'<p class="sub" id="summary">{summary}</p></header>')
    rows = _parameter_rows(result, segmenter, method, boundaries, reference, params)
    body.append(f'<section id="parameters"><h2>Parameters</h2>{_params_table(rows)}</section>')
    if figures and n:
        body.append('<section id="figures"><h2>Figures</h2>')
        body.append(_figures_html(result, reference, lengths, figure_format))
        body.append("</section>")
    body.append('<section id="segments"><h2>Segments</h2>')
    if reference is not None:
        body.append(
            '<p class="sub">Blocks are the segments found; \u25b6 marks where a '
            "reference segment begins.</p>"
        )
    if keywords is None:
        keywords = _keywords(sentences, boundaries, doc, segmenter)
    body.extend(_segment_blocks(sentences, pieces, boundaries, reference, keywords))
    body.append("</section>")
    return _page(f"linseg: {name}", body)


def _keywords(
    sentences: list[str], boundaries: list[int], doc: Any, segmenter: Any
) -> list[list[str]]:
    """Each segment's keywords, found with the segmenter's stopwords and stemmer."""
    from ..keywords import keyword_processor, segment_keywords

    tokenized = getattr(doc, "tokenized", None) if doc is not None else None
    processor = keyword_processor(segmenter)
    return segment_keywords(sentences, boundaries, tokenized=tokenized, processor=processor)


def _summary(
    n: int,
    boundaries: list[int],
    method: str,
    reference: Sequence[int] | None,
    lengths: list[int],
) -> str:
    """The line under a document page's title: counts, and scores against a reference."""
    summary = f"{n} sentences, {len(boundaries) + 1 if n else 0} segments by {_e(method)}"
    if reference is not None and n:
        from ..metrics import pk, windowdiff

        pk_word = pk(list(reference), boundaries, n, lengths=lengths)
        pk_sent = pk(list(reference), boundaries, n)
        wd = windowdiff(list(reference), boundaries, n)
        summary += (
            f"; reference: {len(reference) + 1} segments. Pk = {100 * pk_word:.1f}% "
            f"(words), {100 * pk_sent:.1f}% (sentences); WindowDiff = {100 * wd:.1f}%"
        )
    return summary


def _parameter_rows(
    result: Any,
    segmenter: Any,
    method: str,
    boundaries: list[int],
    reference: Sequence[int] | None,
    params: Mapping[str, Any] | None,
) -> list[tuple[str, Any]]:
    """The parameter table of a document page: what ran, what it chose, what it found."""
    rows: list[tuple[str, Any]] = [("method", method)]
    if segmenter is not None and hasattr(segmenter, "get_params"):
        rows += list(segmenter.get_params().items())
    rows.append(
        ("segments requested", getattr(result, "n_segments_requested", None) or "automatic")
    )
    term = getattr(result, "termination", None)
    if term is not None:
        rows.append(("threshold \u03bc + c\u00d7\u03c3", f"{term.threshold:.6g}"))
        rows.append(("automatic choice", f"{term.n_segments} segments"))
    rows.append(("boundaries (0-based first sentence)", ", ".join(map(str, boundaries)) or "none"))
    if reference is not None:
        rows.append(("reference boundaries", ", ".join(map(str, reference)) or "none"))
    if params:
        rows += list(params.items())
    from .. import __version__

    rows.append(("linseg", __version__))
    return rows


def _segment_blocks(
    sentences: list[str],
    pieces: list[str],
    boundaries: list[int],
    reference: Sequence[int] | None,
    keywords: Sequence[Sequence[str]] = (),
) -> list[str]:
    """One ``<article class="segment">`` per segment, with its keywords under the title
    and a ``<span class="s">`` per sentence."""
    n = len(sentences)
    ref_starts = {int(b) for b in reference} if reference is not None else set()
    cuts = [0, *boundaries, n] if n else [0]
    out = []
    for k, (a, b) in enumerate(zip(cuts, cuts[1:])):
        head = _e(first_words(sentences[a])) if a < n else ""
        where = f"sentence {a + 1}" if b - a == 1 else f"sentences {a + 1}\u2013{b}"
        spans = []
        for i in range(a, b):
            cls = "s ref-start" if i in ref_starts and i > 0 else "s"
            spans.append(f'<span class="{cls}" data-i="{i}">{_e(pieces[i])}</span>')
        words = ", ".join(keywords[k]) if k < len(keywords) else ""
        kw = f'<p class="kw">keywords: <b>{_e(words)}</b></p>' if words else ""
        out.append(
            f'<article class="segment" data-index="{k}" data-start="{a}" data-end="{b}">'
            f'<h3><span class="n">{k + 1}.</span>{head}<span class="range">{where}</span></h3>'
            f'{kw}<div class="body">{"".join(spans)}</div></article>'
        )
    return out


# -- tables -------------------------------------------------------------------------------


@dataclass
class TableRow:
    """One row of a comparison table.

    ``ours`` holds one value per column (None where not measured); ``paper`` the paper's
    published values and ``author`` the author's own per-sample logs averaged over the
    same samples, where known. Values are fractions for ``unit="%"``.
    """

    label: str
    ours: Sequence[float | None]
    paper: Sequence[float | None] | None = None
    author: Sequence[float | None] | None = None
    note: str = ""


@dataclass
class Table:
    """A comparison table: rows of ours beside the paper's, one column per range."""

    title: str
    columns: Sequence[str]
    rows: Sequence[TableRow]
    unit: str = "%"  # "%": fractions shown as percent; "s": seconds (under 0.1 s shown in ms)
    caption: str = ""
    counts: Sequence[int] | None = None  # samples per column


def _cell(value: float | None, unit: str, cls: str = "") -> str:
    if value is None or not np.isfinite(value):
        return f'<td class="{(cls + " na").strip()}">\u2013</td>'
    if unit == "%":
        text = f"{100 * value:.1f}%"
    elif value < 0.1:
        text = f"{1e3 * value:.2f} ms"
    else:
        text = f"{value:.2f} s"
    attr = f' class="{cls}"' if cls else ""
    return f"<td{attr}>{text}</td>"


def _table_html(t: Table) -> str:
    has_paper = any(r.paper is not None for r in t.rows)
    has_author = any(r.author is not None for r in t.rows)
    sub = ["linseg"] + (["author"] if has_author else []) + (["paper"] if has_paper else [])
    span = len(sub)
    head1 = '<th rowspan="2"></th>' + "".join(
        f'<th colspan="{span}">{_e(c)}'
        + (f"<br><small>{t.counts[i]} samples</small>" if t.counts else "")
        + "</th>"
        for i, c in enumerate(t.columns)
    )
    head2 = (
        "".join(
            "".join(f'<th class="{"paper" if s == "paper" else ""}">{_e(s)}</th>' for s in sub)
            for _ in t.columns
        )
        if span > 1
        else ""
    )
    rows = []
    for r in t.rows:
        cells = [
            f"<th>{_e(r.label)}" + (f"<br><small>{_e(r.note)}</small>" if r.note else "") + "</th>"
        ]
        for i in range(len(t.columns)):
            cells.append(_cell(_at(r.ours, i), t.unit))
            if has_author:
                cells.append(_cell(_at(r.author, i), t.unit))
            if has_paper:
                cells.append(_cell(_at(r.paper, i), t.unit, "paper"))
        rows.append(f"<tr>{''.join(cells)}</tr>")
    head = f"<tr>{head1}</tr>" + (f"<tr>{head2}</tr>" if head2 else "")
    caption = f'<p class="caption">{_e(t.caption)}</p>' if t.caption else ""
    return (
        f'<h3>{_e(t.title)}</h3><div class="wrap"><table class="comparison"><thead>{head}'
        f"</thead><tbody>{''.join(rows)}</tbody></table></div>{caption}"
    )


def _at(values: Sequence[float | None] | None, i: int) -> float | None:
    if values is None or i >= len(values):
        return None
    v = values[i]
    return None if v is None else float(v)


def _paper_values(row: str | None, columns: Sequence[str], table: Mapping) -> list | None:
    if row is None or row not in table:
        return None
    values = dict(zip(RANGES, table[row]))
    return [values.get(c) for c in columns]


# -- samples ------------------------------------------------------------------------------


def _strip_svg(n: int, rows: Sequence[tuple[str, Sequence[int]]], ref: Sequence[int] | None) -> str:
    """An inline SVG of segment bars, one row per segmentation, boundary ticks coloured
    green where the reference (the first row) has them too."""
    h, gap, label_w, width = 14, 5, 120, 880
    scale = (width - label_w) / max(n, 1)
    ref_set = set(ref or ())
    parts = []
    for r, (name, bounds) in enumerate(rows):
        y = r * (h + gap)
        parts.append(f'<text x="0" y="{y + h - 3}" font-size="11" fill="#444">{_e(name)}</text>')
        cuts = [0, *bounds, n]
        for k, (a, b) in enumerate(zip(cuts, cuts[1:])):
            fill = "#cfe3f3" if k % 2 == 0 else "#9cc4e4"
            parts.append(
                f'<rect x="{label_w + a * scale:.2f}" y="{y}" width="{(b - a) * scale:.2f}" '
                f'height="{h}" fill="{fill}"/>'
            )
        for b in bounds:
            colour = (
                "#222" if r == 0 and ref is not None else ("#009E73" if b in ref_set else "#D55E00")
            )
            x = label_w + b * scale
            parts.append(
                f'<line x1="{x:.2f}" x2="{x:.2f}" y1="{y - 1}" y2="{y + h + 1}" '
                f'stroke="{colour}" stroke-width="2"/>'
            )
    total_h = len(rows) * (h + gap) - gap
    return (
        f'<svg class="strip" viewBox="0 0 {width} {total_h}" width="{width}" height="{total_h}" '
        f'xmlns="http://www.w3.org/2000/svg" role="img">{"".join(parts)}</svg>'
    )


def _sample_lines(
    sentences: Sequence[str],
    ref: Sequence[int],
    hyps: Sequence[tuple[str, Sequence[int]]],
    words: int,
) -> str:
    ref_set = set(ref)
    hyp_sets = [(name, set(b)) for name, b in hyps]
    out = ['<div class="lines">']
    for i, s in enumerate(sentences):
        if i:
            found = [name for name, b in hyp_sets if i in b]
            if i in ref_set or found:
                if i in ref_set and found:
                    cls, text = "both", "reference and " + ", ".join(found)
                elif i in ref_set:
                    cls, text = "ref", "reference only (missed)"
                else:
                    cls, text = "hyp", ", ".join(found) + " only (false alarm)"
                out.append(f'<div class="cut {cls}">{_e(text)}</div>')
        out.append(f'<div><span class="ln">{i + 1}</span>{_e(first_words(s, words))}</div>')
    out.append("</div>")
    return "".join(out)


def _samples_html(
    results: Sequence[Any],
    label: str,
    author: Mapping[str, Mapping[str, float]] | None,
    words: int,
    texts: bool,
) -> str:
    from ..corpus.ref import read_ref
    from ..experiments.reference import sample_key

    out = [f'<div class="samples" data-method="{_e(label)}">']
    for r in results:
        key = sample_key(r.path)
        runs = [
            (name, getattr(r, name)) for name in ("auto", "known") if getattr(r, name) is not None
        ]
        pks = "".join(f'<span class="pk">{name} {100 * s.pk_word:5.1f}%</span>' for name, s in runs)
        if author:
            for name, _ in runs:
                v = author.get(name, {}).get(key)
                if v is not None:
                    pks += f'<span class="pk">author {name} {100 * v:5.1f}%</span>'
        counts = f"{r.n_sentences} sentences, {len(r.reference) + 1} reference segments"
        for name, s in runs:
            counts += f", {len(s.boundaries) + 1} {name}"
        rows = [("reference", r.reference)] + [(name, s.boundaries) for name, s in runs]
        inner = [_strip_svg(r.n_sentences, rows, r.reference)]
        inner.append(
            '<p class="sub">'
            + "; ".join(f"{_e(name)}: {', '.join(map(str, b)) or 'none'}" for name, b in rows)
            + "</p>"
        )
        if texts and r.path and os.path.exists(r.path):
            doc = read_ref(r.path)
            inner.append(
                _sample_lines(
                    doc.sentences, r.reference, [(name, s.boundaries) for name, s in runs], words
                )
            )
        out.append(
            f'<details class="sample" data-key="{_e(key)}" data-reference="{" ".join(map(str, r.reference))}"'
            + "".join(f' data-{name}="{" ".join(map(str, s.boundaries))}"' for name, s in runs)
            + f'><summary><span class="key">{_e(key)}</span>{pks} <small>{counts}</small></summary>'
            + "".join(inner)
            + "</details>"
        )
    out.append("</div>")
    return "\n".join(out)


def paper_report(
    tables: Sequence[Table],
    samples: Mapping[str, Sequence[Any]] | None = None,
    *,
    title: str = "linseg: the paper's experiments",
    intro: str = "",
    params: Sequence[tuple[str, Any]] | None = None,
    author: Mapping[str, Mapping[str, Mapping[str, float]]] | None = None,
    texts: bool = True,
    words: int = 14,
) -> str:
    """A page of comparison tables and per-sample lists.

    Parameters
    ----------
    tables:
        :class:`Table` objects, shown in order (ours beside the paper's and the author's).
    samples:
        ``{label: [SampleResult, ...]}`` (from :func:`linseg.experiments.evaluate.evaluate`);
        each label gets a list of openable ``<details>`` entries, one per sample, showing
        the hypotheses against the reference as bars and, with ``texts``, the sentences
        (first ``words`` words each) with every boundary marked.
    title, intro:
        Heading and a paragraph under it (plain text).
    params:
        Rows of a parameter table.
    author:
        ``{label: {"auto"|"known": {sample_key: pk}}}``: the author's per-sample Pk, shown
        beside ours in the sample lists.
    """
    body = [f"<header><h1>{_e(title)}</h1>"]
    if intro:
        body.append(f'<p class="sub">{_e(intro)}</p>')
    body.append("</header>")
    if params:
        body.append(
            f'<section id="parameters"><h2>Parameters</h2>{_params_table(list(params))}</section>'
        )
    body.append('<section id="tables"><h2>Results beside the paper\'s</h2>')
    body.extend(_table_html(t) for t in tables)
    body.append("</section>")
    for label, results in (samples or {}).items():
        body.append(
            f'<section class="sample-list"><h2>Samples: {_e(label)} '
            f"<small>({len(results)}; open one to see hypothesis against reference)</small></h2>"
        )
        body.append(
            '<p class="legend"><span><i class="swatch" style="background:#222"></i>reference '
            'boundary</span><span><i class="swatch" style="background:#009E73"></i>found, '
            'also in the reference</span><span><i class="swatch" style="background:#D55E00">'
            "</i>found, not in the reference</span></p>"
        )
        body.append(_samples_html(results, label, (author or {}).get(label), words, texts))
        body.append("</section>")
    return _page(title, body)


# -- evaluation ---------------------------------------------------------------------------


def author_codes(row: str | None, known_only: bool = False) -> dict[str, int]:
    """The author's experiment codes behind a registry row (``experiments.paper.REFERENCE_CODES``):
    ``{"auto": code, "known": code}``. A known-count row's own code is its ``known`` run;
    otherwise the row's code is its ``auto`` run and its ``_b`` row (if any) the ``known``."""
    from ..experiments.paper import REFERENCE_CODES

    if not row:
        return {}
    codes = {}
    if row in REFERENCE_CODES:
        codes["known" if known_only or row.endswith("_b") else "auto"] = REFERENCE_CODES[row]
    if f"{row}_b" in REFERENCE_CODES:
        codes["known"] = REFERENCE_CODES[f"{row}_b"]
    return codes


def _find_logs(root: str | os.PathLike[str] | None) -> Path | None:
    """The corpus folder holding ``*/TestLog*.txt`` at or above ``root`` (3 levels up)."""
    if root is None:
        return None
    p = Path(root).resolve()
    for cand in [p, *list(p.parents)[:3]]:
        if any(cand.glob("*/TestLog*.txt")):
            return cand
    return None


def author_results(
    results: Sequence[Any],
    corpus: str | os.PathLike[str] | None,
    row: str | None,
    known_only: bool = False,
) -> dict[str, dict[str, float]] | None:
    """The author's per-sample Pk for the runs of ``results``: ``{"auto"|"known": {key: pk}}``,
    from the TestLogs of the corpus at or above ``corpus`` (None where there are none).
    ``row`` is the registry's row name (``C99``, ``H94``, ``R98``; see :func:`author_codes`)."""
    codes = author_codes(row, known_only)
    logs_dir = _find_logs(corpus)
    if not codes or logs_dir is None:
        return None
    from ..experiments.reference import read_test_logs, sample_key

    logs = read_test_logs(logs_dir)
    keys = {sample_key(r.path) for r in results}
    out = {
        run: {k: v[0] for k, v in logs.get(code, {}).items() if k in keys}
        for run, code in codes.items()
    }
    return out if any(out.values()) else None


def evaluation_tables(
    results: Sequence[Any],
    *,
    label: str = "c99",
    paper_name: str | None = "C99",
    author: Mapping[str, Mapping[str, float]] | None = None,
) -> list[Table]:
    """Mean scores per range of ``results`` as :class:`Table` objects, with the paper's
    rows (``paper_name``: automatic termination; its ``_b`` row, or itself for a
    known-count method, for the known number of segments) beside them."""
    from ..experiments.evaluate import range_order, summarize

    table = summarize(results)
    columns = sorted(table, key=range_order)
    counts = [int(table[c]["n"]) for c in columns]
    auto_row = paper_row(paper_name)
    known_row = None
    if auto_row is not None:
        known_row = paper_row(auto_row + "_b") or (auto_row if auto_row.endswith("_b") else None)
    auto_has = any(r.auto is not None for r in results)

    def author_means(run: str) -> list[float | None] | None:
        return _author_means((author or {}).get(run), results, columns)

    pk_rows = []
    if auto_has:
        pk_rows.append(
            TableRow(
                f"{label}, automatic termination",
                [table[c].get("auto_pk_word") for c in columns],
                _paper_values(
                    auto_row if not (auto_row or "").endswith("_b") else None, columns, PAPER_PK
                ),
                author_means("auto"),
                note=auto_row or "",
            )
        )
    pk_rows.append(
        TableRow(
            f"{label}, known number of segments",
            [table[c].get("known_pk_word") for c in columns],
            _paper_values(known_row, columns, PAPER_PK),
            author_means("known"),
            note=known_row or "",
        )
    )
    source = TABLE_OF.get(auto_row or "", "the paper")
    tables = [
        Table(
            "Error rate Pk (word positions, as the paper)",
            columns,
            pk_rows,
            "%",
            f"Mean Pk per range; the paper's values are from its {source}, rounded to whole "
            "percent. 'author' is the mean of the author's own per-sample results "
            "(his TestLog files) over the same samples.",
            counts,
        )
    ]
    tables.append(_other_measures(table, columns, counts, auto_has))
    run = "auto" if auto_has else "known"
    tables.append(
        Table(
            "Time per sample",
            columns,
            [
                TableRow(
                    label,
                    [table[c].get(f"{run}_seconds") for c in columns],
                    _paper_values(auto_row, columns, PAPER_SECONDS),
                )
            ],
            "s",
            "CPU seconds per sample; the paper's are on a Pentium II 266 MHz (Java 1.1).",
            counts,
        )
    )
    return tables


def _author_means(
    per: Mapping[str, float] | None, results: Sequence[Any], columns: list[str]
) -> list[float | None] | None:
    """The mean of the author's per-sample values over the samples of each column."""
    from ..experiments.reference import sample_key

    if not per:
        return None
    means: list[float | None] = []
    for c in columns:
        vals = [
            per[sample_key(r.path)]
            for r in results
            if (c == "all" or r.range == c) and sample_key(r.path) in per
        ]
        means.append(float(np.mean(vals)) if vals else None)
    return means


def _other_measures(
    table: Mapping[str, Mapping[str, float]], columns: list[str], counts: list[int], auto: bool
) -> Table:
    """Sentence-level Pk and WindowDiff, and word-level WindowDiff, per range."""
    rows = []
    for run in (("auto",) if auto else ()) + ("known",):
        for metric, name in (
            ("pk_sentence", "Pk (sentences)"),
            ("windowdiff_sentence", "WindowDiff (sentences)"),
            ("windowdiff_word", "WindowDiff (words)"),
        ):
            rows.append(
                TableRow(
                    f"{name}, {'automatic' if run == 'auto' else 'known count'}",
                    [table[c].get(f"{run}_{metric}") for c in columns],
                )
            )
    return Table("Other measures", columns, rows, "%", "", counts)


def evaluation_report(
    results: Sequence[Any],
    *,
    method: str = "c99",
    params: Mapping[str, Any] | None = None,
    corpus: str | os.PathLike[str] | None = None,
    paper_name: str | None = None,
    title: str | None = None,
    texts: bool = True,
) -> str:
    """The HTML page of an evaluation (``linseg evaluate --report``).

    Parameters
    ----------
    results:
        :class:`~linseg.experiments.evaluate.SampleResult` list from ``evaluate``.
    method:
        The method's registered name (its paper row is looked up in the registry unless
        ``paper_name`` is given, e.g. ``"C99"``).
    params:
        The segmenter's parameters, shown in a table.
    corpus:
        The folder evaluated; where it is (inside) the paper's corpus with the author's
        TestLogs, his per-sample results are shown beside ours.
    texts:
        Include each sample's sentences (first words) in its openable entry.
    """
    known_only = False
    try:
        from ..methods import get

        info = get(method)
        known_only = info.needs_n_segments
        if paper_name is None:
            paper_name = info.paper_row
    except ValueError:
        pass
    author = author_results(results, corpus, paper_name, known_only)
    tables = evaluation_tables(results, label=method, paper_name=paper_name, author=author)
    rows: list[tuple[str, Any]] = [("method", method)]
    rows += list((params or {}).items())
    if corpus is not None:
        rows.append(("corpus", str(corpus)))
    rows.append(("samples", str(len(results))))
    from .. import __version__

    rows.append(("linseg", __version__))
    return paper_report(
        tables,
        {method: results},
        title=title or f"linseg evaluate: {method}",
        intro="Word-level Pk is the paper's measure. Each sample below opens to show the "
        "boundaries found against the reference.",
        params=rows,
        author={method: author} if author else None,
        texts=texts,
    )


def write_evaluation_report(
    path: str | os.PathLike[str],
    results: Sequence[Any],
    method: str = "c99",
    segmenter: Any = None,
    corpus: str | os.PathLike[str] | None = None,
) -> Path:
    """Write :func:`evaluation_report` to ``path``; the one call ``linseg evaluate`` makes."""
    params = (
        dict(segmenter.get_params())
        if segmenter is not None and hasattr(segmenter, "get_params")
        else None
    )
    return write_report(
        path, evaluation_report(results, method=method, params=params, corpus=corpus)
    )


# -- linseg paper -------------------------------------------------------------------------


def paper_run_report(
    run: Any,
    refs: Mapping[str, Mapping[str, float]] | None = None,
    samples: Mapping[str, Sequence[Any]] | None = None,
    *,
    title: str | None = None,
    texts: bool = True,
) -> str:
    """The HTML page of a ``linseg paper`` run (for ``linseg paper --report PATH``).

    Parameters
    ----------
    run:
        The :class:`linseg.experiments.paper.PaperRun` of ``run_paper``.
    refs:
        ``reference_figures(choi)``: row -> range -> the author's mean Pk, shown as the
        'author' column.
    samples:
        ``{label: [SampleResult, ...]}`` for the openable per-sample lists, e.g.
        ``{"c99": run.sample_results("C99", "C99_b")}`` (rebuilt from the boundaries the
        run kept).
    """
    tables = _paper_run_tables(run, refs)
    return paper_report(
        tables,
        samples,
        title=title or f"linseg paper: {run.corpus}",
        intro=f"{len(run.samples)} samples; the paper's experiments (section 4) rerun by linseg.",
        params=[
            ("corpus", str(run.corpus)),
            ("samples", str(len(run.samples))),
            ("wall", f"{run.wall:.1f} s"),
        ],
        texts=texts,
    )


def _paper_run_tables(run: Any, refs: Mapping[str, Mapping[str, float]] | None) -> list[Table]:
    """The tables of a ``linseg paper`` run, each row beside the paper's and the author's."""
    from ..experiments.paper import TITLES, tables_json

    data = tables_json(run)
    columns = run.range_names()

    def row(name: str, values: Mapping[str, float | None], paper_table: Mapping) -> TableRow:
        printed = paper_row(name)
        # refs are the author's error rates; he published no per-range times beside them.
        author = (
            [refs[name].get(c) for c in columns]
            if refs and name in refs and paper_table is PAPER_PK
            else None
        )
        return TableRow(
            name,
            [values.get(c) for c in columns],
            _paper_values(printed, columns, paper_table),
            author,
            note=printed if printed and printed != name else "",
        )

    counts = [sum(1 for r in run.ranges.values() if r == c) for c in columns]
    tables = []
    for key, rows in data.items():
        if key == "speed":
            continue
        tables.append(
            Table(
                TITLES.get(key, key),
                columns,
                [row(name, vals, PAPER_PK) for name, vals in rows.items()],
                "%",
                "Mean word-level Pk per range: linseg, the author's Table.txt, the "
                "paper (whole percent).",
                counts,
            )
        )
    if data.get("speed"):
        tables.append(
            Table(
                "CPU time per sample",
                columns,
                [row(name, vals, PAPER_SECONDS) for name, vals in data["speed"].items()],
                "s",
                "The paper's times are on a Pentium II 266 MHz (Java 1.1).",
                counts,
            )
        )
    return tables

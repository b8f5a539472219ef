"""What every report's page is made of: the page itself, its tables, and the strips that
draw boundaries."""

from __future__ import annotations

import html
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["TableRow", "Table", "write_report", "first_words"]

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
    from linseg.evaluation.paper.reference import sample_key
    from linseg.readers.ref import read_ref

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


def _at(values: Sequence[float | None] | None, i: int) -> float | None:
    if values is None or i >= len(values):
        return None
    v = values[i]
    return None if v is None else float(v)

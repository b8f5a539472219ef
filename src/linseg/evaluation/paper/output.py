"""A paper run's outputs: its tables (Markdown, LaTeX, JSON) beside the author's figures,
the baselines' section and the significance tests."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

import numpy as np

from linseg.evaluation.paper.experiments import (
    BEYOND,
    BEYOND_NOTE,
    BEYOND_TITLE,
    MASKS,
    NOTES,
    REFERENCE_CODES,
    TABLES,
    TITLES,
    WORD_GAP_ROWS,
    PaperRun,
)

__all__ = ["read_reference_table", "write_outputs"]

# --- reference figures ------------------------------------------------------------------


def read_reference_table(choi: str | os.PathLike[str]) -> dict[str, dict[int, dict[str, float]]]:
    """The author's ``Table.txt``: ``{"Accuracy"|"Elapsed"|...: {code: {range: value}}}``."""
    text = Path(choi, "Table.txt").read_text(encoding="utf-8", errors="replace")
    out: dict[str, dict[int, dict[str, float]]] = {}
    block = None
    header: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("BEGIN"):
            block = line.split("=")[-1].strip()
            out[block] = {}
            header = []
        elif line.startswith("END"):
            block = None
        elif block and "&" in line:
            cells = [c.strip().rstrip("\\").strip() for c in line.split("&")]
            if not cells[0]:
                header = cells[1:]
            elif cells[0].isdigit() and header:
                row = {}
                for rng, cell in zip(header, cells[1:]):
                    try:
                        row[rng] = float(cell)
                    except ValueError:
                        pass
                out[block][int(cells[0])] = row
    return out


def reference_figures(choi: str | os.PathLike[str]) -> dict[str, dict[str, float]]:
    """Row -> range -> the author's mean Pk (fraction), from ``Table.txt``."""
    acc = read_reference_table(choi).get("Accuracy", {})
    return {row: acc[code] for row, code in REFERENCE_CODES.items() if code in acc}


# --- output -----------------------------------------------------------------------------


def _cell(value: float | None, ref: float | None, compare: bool) -> str:
    if value is None:
        return "n/a"
    text = f"{100 * value:.1f}%"
    if compare and ref is not None:
        text += f" ({100 * ref:.0f}%, {100 * (value - ref):+.1f})"
    return text


def _time_cell(value: float | None) -> str:
    return "n/a" if value is None else f"{1e3 * value:.2f} ms"


def _table_rows(run: PaperRun, table: str) -> list[str]:
    if table == "table7":
        return [f"{m}x{m}" for m in MASKS if f"{m}x{m}" in run.pk]
    extra = run.extra if table == "table2" else {}
    return [r for r in TABLES[table] if r in run.pk or r in extra]


def _row_value(run: PaperRun, table: str, row: str, rng: str) -> float | None:
    if table == "table2" and row in WORD_GAP_ROWS and row in run.extra:
        return run.mean(run.extra[row], rng)
    return run.mean(run.pk.get(row, {}), rng)


def _latex_row(row: str) -> str:
    if "x" in row and row.split("x")[0].isdigit():
        m = row.split("x")[0]
        return f"${m} \\times {m}$"
    name, _, sub = row.partition("_")
    if not sub:
        return f"${name}$"
    sub = sub.strip("()").replace("_", ",")
    return f"${name}_{{({sub})}}$"


def _render(
    run: PaperRun, table: str, refs: dict[str, dict[str, float]] | None, latex: bool
) -> str:
    rows = _table_rows(run, table)
    rngs = run.range_names()
    compare = refs is not None
    refs = refs or {}
    acc = [
        [_cell(_row_value(run, table, r, g), refs.get(r, {}).get(g), compare) for g in rngs]
        for r in rows
    ]
    timed = [r for r in rows if r in run.seconds and table != "table2"]
    speed = [[_time_cell(run.mean(run.seconds[r], g)) for g in rngs] for r in timed]
    if latex:
        esc = lambda s: s.replace("%", "\\%")  # noqa: E731
        lines = [
            "\\begin{table}[ht]",
            "\\begin{center}",
            "\\begin{tabular}{|l|" + "c|" * len(rngs) + "}",
            "\\hline",
            " & " + " & ".join(rngs) + " \\\\",
            "\\hline",
        ]
        lines += [
            _latex_row(r) + " & " + " & ".join(esc(c) for c in cells) + " \\\\"
            for r, cells in zip(rows, acc)
        ]
        lines.append("\\hline")
        if speed:
            lines += [
                _latex_row(r) + " & " + " & ".join(cells) + " \\\\"
                for r, cells in zip(timed, speed)
            ]
            lines.append("\\hline")
        lines += [
            "\\end{tabular}",
            "\\end{center}",
            f"\\caption{{{TITLES[table]}.}}",
            "\\end{table}",
        ]
        return "\n".join(lines) + "\n"
    lines = [f"### {TITLES[table]}", ""]
    if compare:
        lines += ["Each cell: ours (the author's figure from Table.txt, difference in points).", ""]
    lines += ["| | " + " | ".join(rngs) + " |", "|---" * (len(rngs) + 1) + "|"]
    lines += [f"| {r} | " + " | ".join(cells) + " |" for r, cells in zip(rows, acc)]
    if speed:
        lines.append("| *CPU time per sample* | " + " | ".join("" for _ in rngs) + " |")
        lines += [f"| {r} | " + " | ".join(cells) + " |" for r, cells in zip(timed, speed)]
    if table in NOTES:
        lines += ["", NOTES[table]]
    return "\n".join(lines) + "\n"


def _baselines_section(run: PaperRun) -> tuple[str, dict]:
    """The segmenters B_a, B_(r,?), B_(r,b) at sentence breaks, beside equations 8-9."""
    rngs = run.range_names()
    candidates = [
        ("B_a (segmenter, sentence breaks)", run.pk.get("B_a")),
        ("B_(r,?) (segmenter, seeded)", run.pk.get("B_(r,?)")),
        ("B_(r,?) (eq. 8, sentence breaks)", run.extra.get("sentence:B_(r,?)")),
        ("B_(r,b) (segmenter, seeded)", run.pk.get("B_(r,b)")),
        ("B_(r,b) (eq. 9, sentence breaks)", run.extra.get("sentence:B_(r,b)")),
    ]
    rows = [(name, values) for name, values in candidates if values]
    data = {name: {g: run.mean(values, g) for g in rngs} for name, values in rows}
    lines = [
        "### Table 2, the baselines as segmenters",
        "",
        "Segmenters can cut only at sentence breaks; the paper's B_a, B_(r,?) and B_(r,b) "
        "treat every word gap as a potential boundary. Here the registered segmenters "
        "beside equations (8) and (9) applied to sentence breaks.",
        "",
        "| | " + " | ".join(rngs) + " |",
        "|---" * (len(rngs) + 1) + "|",
    ]
    lines += [
        f"| {name} | " + " | ".join(_cell(data[name][g], None, False) for g in rngs) + " |"
        for name, _ in rows
    ]
    return "\n".join(lines) + "\n", data


def _finite(d: dict) -> dict:
    # JSON has no NaN or infinity; an undefined statistic is written as null.
    return {k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in d.items()}


def tables_json(run: PaperRun) -> dict:
    """``{"table2": {row: {range: pk}}, ..., "table7": {...}, "speed": {row: {range: s}}}``."""
    out: dict[str, Any] = {}
    for table in (*TABLES, "table7"):
        rows = _table_rows(run, table)
        if rows:
            out[table] = {
                r: {g: _row_value(run, table, r, g) for g in run.range_names()} for r in rows
            }
    beyond = _beyond_rows(run)
    if beyond:
        out["beyond"] = {
            r: {g: run.mean(run.pk[f"beyond:{r}"], g) for g in run.range_names()} for r in beyond
        }
    out["speed"] = {
        r: {g: run.mean(v, g) for g in run.range_names()} for r, v in run.seconds.items()
    }
    return out


def _beyond_rows(run: PaperRun) -> list[str]:
    return [r for r in BEYOND if f"beyond:{r}" in run.pk]


def _render_beyond(run: PaperRun) -> str:
    """The table beyond the paper (Markdown): Pk per range, CPU per sample, training
    data and the published figure."""
    from linseg.methods import get

    rngs = run.range_names()
    lines = [f"### {BEYOND_TITLE}", "", BEYOND_NOTE, ""]
    lines += ["| | " + " | ".join(rngs) + " | ms/sample | trained on | published (3-11) |"]
    lines.append("|---" * (len(rngs) + 4) + "|")
    for r in _beyond_rows(run):
        key = f"beyond:{r}"
        method, _, published = BEYOND[r]
        trained = get(method).trained_on
        cells = [_cell(run.mean(run.pk[key], g), None, False) for g in rngs]
        seconds = list(run.seconds[key].values())
        cells.append(f"{1e3 * float(np.mean(seconds)):.2f}" if seconds else "n/a")
        lines.append(f"| {r} | " + " | ".join(cells) + f" | {trained} | {published} |")
    return "\n".join(lines) + "\n"


def write_outputs(
    run: PaperRun, out: str | os.PathLike[str], refs: dict[str, dict[str, float]] | None = None
) -> list[Path]:
    """Write ``tableN.md``/``.tex``, ``tables.md``, ``tables.json``, ``baselines.json`` and
    ``significance.{md,tex,json}`` under ``out``; returns the files written."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    sections = [
        f"# The paper's tables, reproduced on `{run.corpus}`",
        "",
        f"{len(run.samples)} samples; word-level Pk (equation 6); CPU time per sample "
        "as measured in this run.",
        "",
    ]
    for table in (*TABLES, "table7"):
        if not _table_rows(run, table):
            continue
        markdown = _render(run, table, refs, False)
        for text, suffix in ((markdown, "md"), (_render(run, table, refs, True), "tex")):
            path = out / f"{table}.{suffix}"
            path.write_text(text, encoding="utf-8")
            written.append(path)
        sections.append(markdown)
    beyond = _render_beyond(run) if _beyond_rows(run) else ""
    if beyond:
        path = out / "beyond.md"
        path.write_text(beyond, encoding="utf-8")
        written.append(path)
    base_md, base_data = _baselines_section(run)
    if base_data:
        sections.append(base_md)
        path = out / "baselines.json"
        path.write_text(json.dumps(base_data, indent=1) + "\n", encoding="utf-8")
        written.append(path)

    significance, files = _write_significance(run, out)
    written += files
    if significance:
        sections.append(significance)
    if beyond:
        sections.append(beyond)

    path = out / "tables.json"
    path.write_text(json.dumps(tables_json(run), indent=1) + "\n", encoding="utf-8")
    written.append(path)
    path = out / "tables.md"
    path.write_text("\n".join(sections), encoding="utf-8")
    written.append(path)
    return written


def _write_significance(run: PaperRun, out: Path) -> tuple[str, list[Path]]:
    """Write ``significance.{md,tex,json}``: a paired t-test and a KS test between every
    pair of rows. Returns the section for ``tables.md`` ("" if nothing to compare) and
    the files written."""
    from linseg.evaluation.significance import compare_all

    written: list[Path] = []
    scores = {r: run.pk[r] for t in TABLES for r in TABLES[t] if r in run.pk}
    comps = compare_all(scores, run.ranges)
    rngs = run.range_names() + ["all"]
    comps.sort(key=lambda c: rngs.index(c.group) if c.group in rngs else len(rngs))
    fmt = lambda x: "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.3g}"  # noqa: E731
    md = [
        "### Significance: paired t-test and Kolmogorov-Smirnov test",
        "",
        "Per-sample Pk of each pair of methods over the samples both ran on.",
        "",
        "| range | A | B | n | mean A | mean B | t | p (t) | KS | p (KS) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    tex = [
        "\\begin{tabular}{|l|l|l|r|c|c|r|c|c|c|}",
        "\\hline",
        "range & A & B & n & mean A & mean B & t & p(t) & KS & p(KS) \\\\",
        "\\hline",
    ]
    for c in comps:
        cells = [
            c.group,
            c.a,
            c.b,
            str(c.n),
            _cell(c.mean_a, None, False),
            _cell(c.mean_b, None, False),
            fmt(c.t),
            fmt(c.t_p),
            fmt(c.ks),
            fmt(c.ks_p),
        ]
        md.append("| " + " | ".join(cells) + " |")
        tex.append(" & ".join(x.replace("%", "\\%").replace("_", "\\_") for x in cells) + " \\\\")
    tex += ["\\hline", "\\end{tabular}"]
    for name, text in (
        ("significance.md", "\n".join(md) + "\n"),
        ("significance.tex", "\n".join(tex) + "\n"),
        ("significance.json", json.dumps([_finite(c.to_dict()) for c in comps], indent=1) + "\n"),
    ):
        (out / name).write_text(text, encoding="utf-8")
        written.append(out / name)
    if not comps:
        return "", written
    return "\n".join(md[:2]) + f"\nSee `significance.md` ({len(comps)} comparisons).\n", written

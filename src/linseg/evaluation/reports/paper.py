"""The report of the paper's experiments: each table beside the author's figures."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from linseg.evaluation.paper.tables import PAPER_PK, PAPER_SECONDS, RANGES, paper_row
from linseg.evaluation.reports.html import (
    Table,
    TableRow,
    _e,
    _page,
    _params_table,
    _samples_html,
    _table_html,
)

__all__ = ["paper_report", "paper_run_report"]


def _paper_values(row: str | None, columns: Sequence[str], table: Mapping) -> list | None:
    if row is None or row not in table:
        return None
    values = dict(zip(RANGES, table[row]))
    return [values.get(c) for c in columns]


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
        ``{label: [SampleResult, ...]}`` (from :func:`linseg.evaluation.evaluate.evaluate`);
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
    from linseg.evaluation.paper import REFERENCE_CODES

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
    from linseg.evaluation.paper.reference import read_test_logs, sample_key

    logs = read_test_logs(logs_dir)
    keys = {sample_key(r.path) for r in results}
    out = {
        run: {k: v[0] for k, v in logs.get(code, {}).items() if k in keys}
        for run, code in codes.items()
    }
    return out if any(out.values()) else None


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
        The :class:`linseg.evaluation.paper.PaperRun` of ``run_paper``.
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
    from linseg.evaluation.paper import TITLES, tables_json

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

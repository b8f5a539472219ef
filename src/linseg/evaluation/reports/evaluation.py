"""The report of an evaluation run (``linseg evaluate --report``): scores per range,
beside the author's where the corpus is the paper's."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from linseg.evaluation.paper.tables import PAPER_PK, PAPER_SECONDS, TABLE_OF, paper_row
from linseg.evaluation.reports.html import Table, TableRow, write_report
from linseg.evaluation.reports.paper import _paper_values, author_results, paper_report

__all__ = ["evaluation_report", "evaluation_tables", "write_evaluation_report"]


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
    from linseg.evaluation.evaluate import range_order, summarize

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
    from linseg.evaluation.paper.reference import sample_key

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
        :class:`~linseg.evaluation.evaluate.SampleResult` list from ``evaluate``.
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
        from linseg.methods import get

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
    from linseg import __version__

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

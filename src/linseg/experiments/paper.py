"""The paper's experiments (section 4), run as one procedure over a corpus of samples.

Every registered method that names a row of the paper's tables (``paper_row``) runs over
every sample, scored by word-level Pk (equation 6) and timed in CPU seconds; methods
registered with ``needs_n_segments`` get the reference's number of segments, the others
decide it themselves. Table 7 runs C99 given the count with masks 1x1 to 17x17.

Table 2 follows the paper's convention for its degenerate baselines, which the author
computed on the metric's own positions ("simulation of Beeferman metric" in his codes):
``B_a`` marks every word gap, and ``B_(r,?)`` and ``B_(r,b)`` are the expected Pk of
random hypotheses over the word gaps, by equations (8) and (9). ``B_n`` and ``B_e`` are
the registered segmenters. The registered ``B_a``, ``B_(r,?)`` and ``B_(r,b)``, which can
only cut at sentence breaks, run too; their empirical Pk is reported beside the same
equations applied to sentence breaks (``baselines.json``).

Per-sample results are appended to ``OUT/cache/<config>.jsonl`` as they arrive, so an
interrupted run resumes where it stopped; a sample's entry is keyed by its path and a
checksum of its bytes, a configuration by method, parameters and stemmer.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
import zlib
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..corpus.ref import find_ref_files, parse_ref, read_ref
from ..metrics import default_k, expected_pk_random, pk, pk_from_labels, positions
from ..workers import blas_on_one_thread, one_blas_thread
from .evaluate import SampleResult, range_of, range_order, score

__all__ = [
    "TABLES",
    "BEYOND",
    "MASKS",
    "REFERENCE_CODES",
    "Config",
    "PaperRun",
    "configs_for",
    "run_paper",
    "read_reference_table",
    "write_outputs",
]

# The rows of each of the paper's tables, in its order, with ``_`` for its subscripts.
TABLES: dict[str, list[str]] = {
    "table2": ["B_e", "B_n", "B_(r,b)", "B_a", "B_(r,?)"],
    "table3": ["H94", "H94_r", "H97", "H97_r"],
    "table4": ["R98_m_sa", "R98_s_cos", "R98_m_dot", "R98", "R98_min"],
    "table5": ["K98_a", "K98"],
    "table6": ["C99_b", "C99"],
}
TITLES = {
    "table2": "Table 2: the error rate of the baseline algorithms",
    "table3": "Table 3: the error rate and speed of TextTiling",
    "table4": "Table 4: the error rate and speed of Reynar's optimisation algorithm",
    "table5": "Table 5: the error rate and speed of Segmenter",
    "table6": "Table 6: the error rate and speed of C99",
    "table7": "Table 7: the impact of mask size on the performance of C99",
}
# What a row stands for, where linseg's rows are not simply the paper's (Markdown only).
NOTES = {
    "table3": "H94 and H94_r are TextTiling as the paper ran Hearst's program: every gap "
    "deeper than the cut-off is a boundary. H97 and H97_r add Hearst's (1997) rule "
    "that boundaries be at least three token-sequences apart; linseg's `texttiling` "
    "and `texttiling_r` are these, and have no figure in the paper.",
    "table4": "R98_m_sa is the author's program as his per-sample logs show it (t^1..t^6, "
    "repeated stems, and three quirks kept; see `DotPlot(reference=True)`). "
    "Without the quirks the same measure is more accurate still.",
    "table5": "K98 is Kan's algorithm with fixed link distances, beside the paper's run of "
    "Kan's own program, K98_(p). K98_a adds the paper's adaptive link threshold, "
    "which the paper ran only in its re-implementation K98_(j,a); it blames that "
    "one's tagger and parser for the 8-21 points it lost to K98_(p).",
}
MASKS = (1, 3, 5, 7, 9, 11, 13, 15, 17)

# "Beyond the paper": methods published after it, and linseg's own, on the same corpus.
# Row -> (registered method, count given, the published figure for 3-11 with its source);
# what each was trained on is its registry entry's trained_on. Kept apart from TABLES so
# that the paper's tables and their significance tests stay exactly as they were.
BEYOND: dict[str, tuple[str, bool, str]] = {
    "C99": ("c99", False, "13 (Choi 2000)"),
    # The registered c99_b, as Table 6's row: one cached run serves both.
    "C99_b": ("c99_b", True, "12 (Choi 2000)"),
    "U00": ("u00", False, "11 (Utiyama & Isahara 2001)"),
    "U00_b": ("u00", True, "10 (Utiyama & Isahara 2001)"),
    "C99_LSA": (
        "c99_lsa",
        False,
        "9 with the test texts in the LSA corpus (Choi et al. 2001); 12.0 without (Bestgen 2006)",
    ),
    "C99_LSA_b": ("c99_lsa", True, ""),
    "C99_LSA_mix": ("c99_lsa_mix", False, "linseg's own"),
    "C99_DP_b": (
        "c99_dp",
        True,
        "7.0 with a length prior tuned on this corpus (Fragkou et al. 2004)",
    ),
    "Consensus": ("consensus_dp", False, "linseg's own"),
    "Consensus_b": ("consensus_dp", True, "linseg's own"),
    "U00_p": ("u00_p", False, "linseg's previous default"),
    "U00_pr": ("u00_pr", False, "linseg's default"),
}
BEYOND_TITLE = "Beyond the paper: later methods and linseg's own on the same corpus"
BEYOND_NOTE = (
    "Word-level Pk. `_b`: the number of segments given. Published figures are for 3-11 from "
    "each paper's own table; methods using large pretrained vectors reach about 5 (content "
    "vector segmentation 5.29 given the count, Alemi and Ginsparg 2015)."
)
# Row -> the author's experiment code (``choi/experiment-codes.txt``).
REFERENCE_CODES: dict[str, int] = {
    "B_n": 1,
    "B_a": 2,
    "B_(r,?)": 3,
    "B_(r,b)": 4,
    "B_e": 29,
    "H94": 27,
    "H94_r": 28,
    "R98_s_cos": 6,
    "R98_m_dot": 19,
    "R98_m_sa": 20,
    "R98": 21,
    "R98_min": 22,
    "K98": 39,
    "K98_a": 24,
    "C99_b": 25,
    "C99": 26,
    **{f"{m}x{m}": 30 + i for i, m in enumerate(MASKS)},
}
# Table 2 rows the paper computed on word gaps rather than by running a segmenter.
WORD_GAP_ROWS = ("B_a", "B_(r,?)", "B_(r,b)")


@dataclass(frozen=True)
class Config:
    """One method run: a table row, the registered method, its parameters, known count."""

    row: str
    method: str
    params: tuple[tuple[str, Any], ...] = ()
    known: bool = False
    stems: str | None = None

    @property
    def key(self) -> str:
        """Cache identity: method, parameters, known count, stemmer (not the row name)."""
        text = json.dumps(
            [self.method, sorted(self.params), self.known, self.stems], sort_keys=True, default=str
        )
        return f"{self.method}-{hashlib.sha1(text.encode()).hexdigest()[:12]}"


@dataclass
class PaperRun:
    """Everything a run measured.

    ``pk[row][sample]``, ``seconds[row][sample]`` and ``boundaries[row][sample]`` hold
    per-sample results (a sample is ``<path>#<checksum>``); ``ranges`` maps a sample to its
    range; ``extra`` holds the word-gap and sentence-break baselines.
    """

    corpus: str
    samples: list[str]
    ranges: dict[str, str]
    rows: dict[str, str] = field(default_factory=dict)  # row -> table
    pk: dict[str, dict[str, float]] = field(default_factory=dict)
    seconds: dict[str, dict[str, float]] = field(default_factory=dict)
    boundaries: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    extra: dict[str, dict[str, float]] = field(default_factory=dict)
    wall: float = 0.0
    computed: int = 0
    reused: int = 0

    def range_names(self) -> list[str]:
        return sorted(set(self.ranges.values()), key=range_order)

    def mean(self, values: dict[str, float], rng: str) -> float | None:
        v = [x for s, x in values.items() if self.ranges.get(s) == rng]
        return float(np.mean(v)) if v else None

    def sample_results(self, auto: str = "C99", known: str = "C99_b") -> list[SampleResult]:
        """Per-sample results of two rows (automatic and known count), re-scored from
        the boundaries the run kept: for reports, without segmenting again."""
        out = []
        for sid in self.samples:
            runs = {
                kind: self.boundaries.get(row, {}).get(sid)
                for kind, row in (("auto", auto), ("known", known))
            }
            if all(b is None for b in runs.values()):
                continue
            doc = read_ref(sid.rsplit("#", 1)[0])
            res = SampleResult(
                str(doc.path), self.ranges[sid], len(doc.sentences), list(doc.boundaries)
            )
            for kind, row in (("auto", auto), ("known", known)):
                found = runs[kind]
                if found is not None:
                    setattr(res, kind, score(doc, found, self.seconds[row][sid]))
            out.append(res)
        return out


def configs_for(only: Iterable[str] | None = None, stems: str | None = None) -> list[Config]:
    """The runs of every table whose methods are registered (``only``: tables or rows)."""
    from ..methods import MethodInfo, available

    wanted = {w.strip() for w in only} if only else None
    known_names = set(TABLES) | {"table7", "beyond"} | set(REFERENCE_CODES)
    known_names |= {f"beyond:{r}" for r in BEYOND}
    if wanted:
        unknown = sorted(w for w in wanted if w not in known_names)
        if unknown:
            raise ValueError(
                f"--only: unknown table or row {', '.join(unknown)}; use table2..table7 "
                "or row names such as C99, B_e, H94, 11x11; beyond, or beyond:ROW for "
                "the table beyond the paper"
            )

    def selected(table: str, row: str) -> bool:
        return wanted is None or table in wanted or row in wanted

    by_row: dict[str, MethodInfo] = {}
    for info in available().values():
        if info.paper_row:
            by_row.setdefault(info.paper_row, info)
    out = []
    for table, rows in TABLES.items():
        for row in rows:
            found = by_row.get(row)
            if found is not None and selected(table, row):
                out.append(Config(row, found.name, (), found.needs_n_segments, stems))
    if "c99_b" in available():
        for m in MASKS:
            row = f"{m}x{m}"
            if selected("table7", row):
                params = () if m == 11 else (("mask_size", m),)
                out.append(Config(row, "c99_b", params, True, stems))
    registered = available()
    for row, (method, known, _) in BEYOND.items():
        if method in registered and selected("beyond", f"beyond:{row}"):
            out.append(Config(f"beyond:{row}", method, (), known, stems))
    return out


# --- worker side ------------------------------------------------------------------------

_SEGMENTERS: dict[str, Any] = {}


def _segmenter(config: Config):
    seg = _SEGMENTERS.get(config.key)
    if seg is None:
        from ..methods import create

        params = dict(config.params, tokenized=True)  # .ref sentences are tokenised
        if config.stems:
            from ..text import table_stemmer

            params["stemmer"] = table_stemmer(config.stems)
        seg = _SEGMENTERS[config.key] = create(config.method, ignore_unknown=True, **params)
    return seg


def _start_worker(configs: Sequence[Config]) -> None:
    one_blas_thread()
    _warm_up(configs)


def _warm_up(configs: Sequence[Config]) -> None:
    # Compiled kernels load on first use; that cost must not land on one sample's clock.
    text = ["the cat sat on the mat .", "a dog ran in the park .", "cats and dogs play ."] * 4
    for c in configs:
        try:
            _segmenter(c).segment(text, 3 if c.known else None)
        except Exception:
            pass


def _run_samples(paths: Sequence[str], configs: Sequence[Config]) -> list[tuple]:
    clock = time.process_time
    out = []
    for path in paths:
        doc = read_ref(path)
        n = len(doc.sentences)
        lengths = doc.word_lengths()
        # The reference's word labels and probe width, once for all the methods.
        ref = positions(doc.boundaries, n, lengths)
        k = default_k(ref)
        for c in configs:
            seg = _segmenter(c)
            t0 = clock()
            res = seg.segment(doc.sentences, doc.n_segments if c.known else None)
            dt = clock() - t0
            value = pk_from_labels(ref, positions(res.boundaries, n, lengths), k)
            out.append((path, c.key, value, dt, list(map(int, res.boundaries))))
    return out


# --- parent side ------------------------------------------------------------------------


def _sample_id(path: Path, data: bytes) -> str:
    return f"{path.resolve()}#{zlib.crc32(data):08x}"


def _load_cache(path: Path) -> dict[str, tuple[float, float, list[int]]]:
    out: dict[str, tuple[float, float, list[int]]] = {}
    if path.is_file():
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                try:
                    rec = json.loads(line)
                    out[rec["sample"]] = (
                        float(rec["pk"]),
                        float(rec["seconds"]),
                        list(rec["boundaries"]),
                    )
                except (ValueError, KeyError, TypeError):
                    continue  # a line cut short by an interruption
    return out


def _word_gap_baselines(doc) -> dict[str, float]:
    """The paper's B_a, B_(r,?), B_(r,b) on word gaps, and (r,?), (r,b) on sentence breaks."""
    n = len(doc.sentences)
    lengths = doc.word_lengths()
    words = positions(doc.boundaries, n, lengths)
    cuts = (np.flatnonzero(np.diff(words)) + 1).tolist()
    b = len(doc.boundaries)
    return {
        "B_a": pk(cuts, list(range(1, words.size)), words.size),
        "B_(r,?)": expected_pk_random(cuts, words.size),
        "B_(r,b)": expected_pk_random(cuts, words.size, b=len(cuts)),
        "sentence:B_(r,?)": expected_pk_random(doc.boundaries, n, lengths=lengths),
        "sentence:B_(r,b)": expected_pk_random(doc.boundaries, n, lengths=lengths, b=b),
    }


def run_paper(
    corpus: str | os.PathLike[str],
    out: str | os.PathLike[str],
    jobs: int | None = None,
    only: Iterable[str] | None = None,
    stems: str | None = None,
    progress: bool | None = None,
    chunk: int = 10,
) -> PaperRun:
    """Run the experiments over every ``.ref`` file under ``corpus``; cache under ``out``."""
    started = time.perf_counter()
    corpus = Path(corpus)
    files = find_ref_files(corpus)
    if not files:
        raise ValueError(f"no .ref files under {corpus}")
    jobs = jobs or min(2, os.cpu_count() or 1)
    configs = configs_for(only, stems)
    if not configs:
        raise ValueError("nothing to run: no registered method has a row in the selected tables")
    cache_dir = Path(out) / "cache"
    cache_dir.mkdir(parents=True, exist_ok=True)

    word_gaps = only is None or any(c.row in TABLES["table2"] for c in configs)
    ids, extra = _read_samples(files, word_gaps)
    ranges = {ids[str(p)]: range_of(p) for p in files}
    run = PaperRun(str(corpus), list(ids.values()), ranges, extra=extra)
    unique: dict[str, Config] = {}
    for c in configs:
        unique.setdefault(c.key, c)
        run.rows[c.row] = _table_of(c.row)
    cached = _open_caches(cache_dir, unique)

    pending: dict[str, list[Config]] = {}
    for p in files:
        sid = ids[str(p)]
        todo = [c for c in unique.values() if sid not in cached[c.key]]
        if todo:
            pending[str(p)] = todo
        run.reused += len(unique) - len(todo)
    run.computed += _run_pending(pending, unique, ids, cached, cache_dir, jobs, chunk, progress)

    for c in configs:
        # In corpus order, not the order results came back from the workers, so that every
        # mean is summed the same way on every run (to the last bit of tables.json).
        got = [(s, cached[c.key][s]) for s in ranges if s in cached[c.key]]
        run.pk[c.row] = {s: v[0] for s, v in got}
        run.seconds[c.row] = {s: v[1] for s, v in got}
        run.boundaries[c.row] = {s: v[2] for s, v in got}
    run.wall = time.perf_counter() - started
    return run


def _table_of(row: str) -> str:
    if row.startswith("beyond:"):
        return "beyond"
    return next((t for t, rows in TABLES.items() if row in rows), "table7")


def _read_samples(
    files: list[Path], word_gaps: bool
) -> tuple[dict[str, str], dict[str, dict[str, float]]]:
    """Each file read once: its sample id (a checksum) and, for Table 2, its word-gap
    baselines. Returns ``(ids by path, {baseline: {sample id: Pk}})``."""
    ids: dict[str, str] = {}
    extra: dict[str, dict[str, float]] = {}
    for p in files:
        data = p.read_bytes()
        ids[str(p)] = sid = _sample_id(p, data)
        if word_gaps:
            doc = parse_ref(data.decode("utf-8", errors="replace"), str(p))
            for name, value in _word_gap_baselines(doc).items():
                extra.setdefault(name, {})[sid] = value
    return ids, extra


def _open_caches(cache_dir: Path, unique: dict[str, Config]) -> dict[str, dict[str, tuple]]:
    """Describe each configuration beside its cache and load what the cache holds."""
    cached = {}
    for key, c in unique.items():
        about = {"method": c.method, "params": dict(c.params), "known": c.known, "stems": c.stems}
        (cache_dir / f"{key}.json").write_text(json.dumps(about, indent=1) + "\n", "utf-8")
        cached[key] = _load_cache(cache_dir / f"{key}.jsonl")
    return cached


def _run_pending(
    pending: dict[str, list[Config]],
    unique: dict[str, Config],
    ids: dict[str, str],
    cached: dict[str, dict[str, tuple]],
    cache_dir: Path,
    jobs: int,
    chunk: int,
    progress: bool | None,
) -> int:
    """Run what the caches lack, in batches of samples that need the same configurations,
    on ``jobs`` processes; every result goes to ``cached`` and is appended to its cache
    file as it arrives, so an interrupted run resumes. Returns the number of runs."""
    from ..progress import Progress

    groups: dict[tuple[str, ...], list[str]] = {}
    for path, todo in pending.items():
        groups.setdefault(tuple(c.key for c in todo), []).append(path)
    batches = [
        (paths[i : i + chunk], [unique[k] for k in keys])
        for keys, paths in groups.items()
        for i in range(0, len(paths), chunk)
    ]
    computed = 0
    handles = {key: open(cache_dir / f"{key}.jsonl", "a", encoding="utf-8") for key in unique}
    try:

        def record(results: list[tuple]) -> None:
            nonlocal computed
            touched = set()
            for path, key, value, dt, boundaries in results:
                sid = ids[path]
                cached[key][sid] = (value, dt, boundaries)
                line = {"sample": sid, "pk": value, "seconds": dt, "boundaries": boundaries}
                handles[key].write(json.dumps(line) + "\n")
                touched.add(key)
                computed += 1
            for key in touched:
                handles[key].flush()

        with Progress(len(pending), "paper", enabled=progress) as bar:
            if jobs == 1 or len(batches) <= 1:
                # One BLAS thread, as in the workers: the same CPU times whatever --jobs.
                with blas_on_one_thread():
                    _warm_up(list(unique.values()))
                    for paths, todo in batches:
                        record(_run_samples(paths, todo))
                        bar.update(len(paths))
            else:
                with ProcessPoolExecutor(
                    max_workers=jobs, initializer=_start_worker, initargs=(list(unique.values()),)
                ) as pool:
                    futures = {
                        pool.submit(_run_samples, paths, todo): len(paths)
                        for paths, todo in batches
                    }
                    for fut in as_completed(futures):
                        record(fut.result())
                        bar.update(futures[fut])
    finally:
        for fh in handles.values():
            fh.close()
    return computed


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
    from ..methods import get

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
    from .significance import compare_all

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

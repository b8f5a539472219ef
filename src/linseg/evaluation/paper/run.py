"""Running the paper's experiments over a corpus, in worker processes, resumable: each
sample's result is appended to a cache as it arrives."""

from __future__ import annotations

import json
import os
import time
import zlib
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import numpy as np

from linseg.evaluation.evaluate import range_of
from linseg.evaluation.metrics import default_k, expected_pk_random, pk, pk_from_labels, positions
from linseg.evaluation.paper.experiments import TABLES, Config, PaperRun, _table_of, configs_for
from linseg.execution.workers import blas_on_one_thread, one_blas_thread
from linseg.readers.ref import find_ref_files, parse_ref, read_ref

__all__ = ["run_paper"]

# --- worker side ------------------------------------------------------------------------

_SEGMENTERS: dict[str, Any] = {}


def _segmenter(config: Config):
    seg = _SEGMENTERS.get(config.key)
    if seg is None:
        from linseg.methods import create

        params = dict(config.params, tokenized=True)  # .ref sentences are tokenised
        if config.stems:
            from linseg.text.processor import table_stemmer

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
    from linseg.execution.progress import Progress

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

"""Corpus runs: ``linseg segment DIR_OR_GLOB --out DIR`` segments many documents.

Documents are segmented in parallel, on local cores (a process pool) or on a Dask
cluster (``--dask ADDRESS`` or ``--dask local``), and each output is written by this
(the driving) process to a temporary file renamed into place: an output exists whole or
not at all. A run is resumable: documents whose output exists are skipped, and the
output directory remembers the job's parameters (``.linseg-job.json``) so that a rerun
with different ones is refused rather than mixing results. ``--output jsonl`` writes
every document's JSON record on a line of one file instead (``--out FILE``, or standard
output), each record with its ``path``; a rerun appends the documents not yet in it.

Workers receive a document's bytes and return its rendered segmentation, so a Dask
cluster needs no shared file system. A document whose worker dies (killed, out of
memory) is retried on another worker; one that fails :data:`MAX_ATTEMPTS` times, or
whose input is bad, is reported and the others carry on.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from linseg.readers.formats import named
from linseg.readers.suffixes import main_file, uncompressed

__all__ = [
    "is_batch",
    "run_batch",
    "find_documents",
    "segment_document",
    "write_atomic",
    "Task",
    "MAX_ATTEMPTS",
]

JOB_FILE = ".linseg-job.json"
TMP_SUFFIX = ".linseg-tmp"
MAX_ATTEMPTS = 3
# The parameters that decide a document's output; a resumed job must agree on them.
_JOB_KEYS = (
    "method",
    "mask",
    "c",
    "stopwords",
    "stems",
    "band",
    "language",
    "max_size",
    "min_size",
    "size_unit",
    "format",
    "output",
    "keywords",
    "segments",
    "encoding",
)


_GLOB_CHARS = frozenset("*?[")


def is_batch(args: argparse.Namespace) -> bool:
    """Whether ``linseg segment`` was given a directory, a glob or several files."""
    if getattr(args, "more", None):
        return True
    source = str(args.input)
    if source == "-":
        return False
    if os.path.isdir(source):
        return True
    return not os.path.exists(source) and any(ch in source for ch in _GLOB_CHARS)


@dataclass(frozen=True)
class Task:
    """One document: where it is read from and where its output goes."""

    source: Path
    target: Path


def _root_of(pattern: str) -> Path:
    # The deepest directory of a glob pattern that holds no wildcard.
    parts = Path(pattern).parts
    keep = []
    for part in parts:
        if any(ch in part for ch in _GLOB_CHARS):
            break
        keep.append(part)
    return Path(*keep) if keep else Path(".")


def _files_under(directory: Path, skip: Path | None) -> Iterator[Path]:
    for dirpath, dirnames, filenames in os.walk(directory):
        here = Path(dirpath)
        dirnames[:] = sorted(
            d
            for d in dirnames
            if not d.startswith(".") and (skip is None or (here / d).resolve() != skip)
        )
        for name in sorted(filenames):
            if not name.startswith("."):
                yield here / name


def _is_manual_page(path: Path) -> bool:
    """Whether ``path`` is named as a manual page is: ``tar.1.gz`` in a ``man1`` folder."""
    return path.parent.name.startswith("man") and bool(
        re.search(r"\.[1-9][a-z]*$", uncompressed(path.name))
    )


def find_documents(inputs: Iterable[str], out_dir: Path | None, output: str | None) -> list[Task]:
    """The documents named by ``inputs`` (directories, globs, files) and their outputs.

    An output keeps the document's path relative to its input's directory (or glob
    root), under ``out_dir``; json output adds ``.json``, and text output of a file named
    as one of the formats read into text (:func:`~linseg.readers.formats.named`) adds
    ``.txt`` (so does that of a manual page in a ``man*`` folder), and text output of a
    compressed file drops its ``.gz``, ``.bz2`` or ``.xz``. With ``jsonl`` output every
    record goes to one file, and the targets are not used.
    A split Info manual's parts are read with its main file, not as documents of their
    own. The output directory itself is never read as input.
    """
    skip = out_dir.resolve() if out_dir is not None else None
    tasks: dict[Path, Task] = {}
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            root, files = path, _files_under(path, skip)
        elif path.exists():
            root, files = path.parent, iter([path])
        elif any(ch in item for ch in _GLOB_CHARS):
            root = _root_of(item)
            files = (Path(f) for f in sorted(glob.glob(item, recursive=True)))
        else:
            raise FileNotFoundError(2, "No such file or directory", item)
        for f in files:
            # A split Info manual's part is read with the main file beside it.
            if not f.is_file() or main_file(f) is not None:
                continue
            resolved = f.resolve()
            if skip is not None and (resolved == skip or skip in resolved.parents):
                continue
            rel = f.relative_to(root) if f.is_relative_to(root) else Path(f.name)
            if out_dir is None:  # jsonl: every record goes to one file
                tasks.setdefault(resolved, Task(f, f))
                continue
            target = out_dir / rel
            if output == "json":
                target = target.with_name(target.name + ".json")
            else:
                # The segments of a web page, a LaTeX source, a book, a word-processor
                # file, a PDF, a transcript, a notebook, an AsciiDoc, POD, Org or DocBook source,
                # an Info manual or a manual page are the text read from it, not that
                # format; nor is a compressed file's output compressed.
                name = uncompressed(target.name)
                read_into_text = named(f) is not None or _is_manual_page(f)
                target = target.with_name(name + ".txt" if read_into_text else name)
            if resolved not in tasks:
                tasks[resolved] = Task(f, target)
    if out_dir is None:
        return list(tasks.values())  # one file holds every record: no names to clash
    targets: dict[Path, Path] = {}
    for t in tasks.values():
        if t.target in targets:
            raise ValueError(
                f"{t.source} and {targets[t.target]} would both be written to {t.target}"
            )
        targets[t.target] = t.source
    return list(tasks.values())


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (temporary file, then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}{TMP_SUFFIX}")
    try:
        with open(tmp, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


# --- the work, run in a worker process ----------------------------------------------------
# Each worker thread keeps its own segmenters: a Dask worker may run several threads, and
# one segmenter serves one thread at a time (linseg.base.serial).
_WORKER = threading.local()


def job_params(args: argparse.Namespace) -> dict[str, Any]:
    """The parameters a worker needs (plain values, picklable)."""
    return {k: getattr(args, k, None) for k in _JOB_KEYS}


def segment_document(params: dict[str, Any], source: str, data: bytes | None = None):
    """Segment one document; returns ``(rendered output, None)`` or ``(None, error)``.

    ``data`` is the document's bytes (read from ``source`` when None). Errors in the
    document (bad encoding, too large for memory) come back as a message; a crash of
    the worker itself is left to the driver, which retries the document.
    """
    from linseg.cli.output import render
    from linseg.methods import from_options
    from linseg.readers.document import decode_document, decode_error_message
    from linseg.run import run_document

    try:
        if data is None:
            with open(source, "rb") as fh:
                data = fh.read()
        try:
            doc = decode_document(
                data,
                params["format"] or "auto",
                params["encoding"],
                source,
                params.get("language") or "auto",
            )
        except UnicodeDecodeError as exc:
            return None, decode_error_message(exc)
        # One segmenter per setting, tokenised input or not, kept for the thread's life.
        key = json.dumps([params, doc.tokenized], sort_keys=True, default=str)
        kept: dict[str, Any] = _WORKER.__dict__.setdefault("segmenters", {})
        segmenter = kept.get(key)
        if segmenter is None:
            segmenter = kept[key] = from_options(params["method"], params, tokenized=doc.tokenized)
        done = run_document(doc, params["method"], params["segments"], segmenter=segmenter)
        return render(done, params["output"], bool(params.get("keywords"))), None
    except (ValueError, TypeError, OSError, MemoryError) as exc:
        return None, " ".join(str(exc).split()) or type(exc).__name__


# --- drivers ------------------------------------------------------------------------------
Work = Callable[..., Any]
Report = Callable[[Task, "str | None", "str | None"], None]


def _run_inline(tasks: list[Task], params: dict, work: Work, report: Report) -> None:
    for t in tasks:
        out, err = work(params, str(t.source), None)
        report(t, out, err)


def _run_local(tasks: list[Task], params: dict, work: Work, report: Report, jobs: int) -> None:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    from linseg.execution.workers import one_blas_thread

    attempts = {t: 0 for t in tasks}
    queue = list(reversed(tasks))
    ctx = multiprocessing.get_context("spawn")
    while queue:
        # A worker that dies breaks the whole pool: the documents it left unfinished go
        # back on the queue and a new pool takes over.
        with ProcessPoolExecutor(
            max_workers=jobs, mp_context=ctx, initializer=one_blas_thread
        ) as pool:
            running: dict[Any, Task] = {}
            broken = False
            while (queue or running) and not broken:
                while queue and len(running) < 2 * jobs:
                    try:
                        fut = pool.submit(work, params, str(queue[-1].source), None)
                    except BrokenProcessPool:
                        # The pool broke before a future could say so; the document was
                        # never sent, so it stays on the queue without costing an attempt.
                        broken = True
                        break
                    t = queue.pop()
                    attempts[t] += 1
                    running[fut] = t
                if broken:
                    break
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for fut in done:
                    t = running.pop(fut)
                    try:
                        out, err = fut.result()
                    except BrokenProcessPool:
                        broken = True
                        _requeue(t, attempts, queue, report)
                        continue
                    report(t, out, err)
            if broken:
                for t in running.values():
                    _requeue(t, attempts, queue, report)
                pool.shutdown(wait=False, cancel_futures=True)


def _requeue(t: Task, attempts: dict, queue: list, report: Report) -> None:
    if attempts[t] >= MAX_ATTEMPTS:
        report(t, None, f"its worker died {attempts[t]} times (out of memory?); try --band")
    else:
        queue.append(t)


def _run_dask(
    tasks: list[Task], params: dict, work: Work, report: Report, address: str, jobs: int
) -> None:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise ValueError(
            "--dask needs Dask: pip install 'linseg[dask]' (dask and distributed)"
        ) from None
    import logging

    cluster = None
    if address == "local":
        cluster = LocalCluster(
            n_workers=jobs,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client = Client(cluster)
    else:
        try:
            client = Client(address, timeout="30s")
        except (OSError, TimeoutError) as exc:
            raise ValueError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        n_workers = max(1, len(client.scheduler_info().get("workers", {})))
        window = 4 * n_workers
        pending = iter(tasks)
        futures = as_completed()
        owner: dict[Any, Task] = {}  # by Dask future key

        def submit_next() -> bool:
            t = next(pending, None)
            if t is None:
                return False
            data = t.source.read_bytes()
            # The scheduler reschedules a task whose worker dies (up to its
            # allowed-failures setting); retries cover errors raised on the way.
            fut = client.submit(
                work, params, str(t.source), data, pure=False, retries=MAX_ATTEMPTS - 1
            )
            owner[fut.key] = t
            futures.add(fut)
            return True

        for _ in range(window):
            if not submit_next():
                break
        for fut in futures:
            t = owner.pop(fut.key)
            try:
                out, err = fut.result()
            except Exception as exc:  # KilledWorker and the like: give up on this one
                out, err = None, f"failed on the cluster: {type(exc).__name__}: {exc}"
            fut.release()
            report(t, out, err)
            submit_next()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _check_job(out_dir: Path, params: dict[str, Any]) -> None:
    _check_job_file(out_dir / JOB_FILE, params, out_dir, "another --out directory, or delete it")


class _JsonLines:
    """``--output jsonl``: every document's record on a line of one file (standard output
    without ``--out``), written as each document is done.

    A rerun into the same file skips the documents it already holds (by their ``path``)
    and appends the rest; a line cut short by a killed run is dropped first. As a
    directory does, the file remembers the job's parameters, beside it
    (``.NAME.linseg-job.json``), and a rerun with other ones is refused."""

    def __init__(self, path: Path | None, params: dict[str, Any]) -> None:
        self.done: set[str] = set()
        if path is None:
            self.fh = sys.stdout
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        job = path.with_name(f".{path.name}{JOB_FILE}")
        if path.exists() and path.stat().st_size:
            _check_job_file(job, params, path)
            self.done = _records_in(path)
        else:
            job.unlink(missing_ok=True)
            _check_job_file(job, params, path)
        self.fh = open(path, "a", encoding="utf-8", newline="")

    def write(self, line: str) -> None:
        self.fh.write(line if line.endswith("\n") else line + "\n")
        self.fh.flush()

    def close(self) -> None:
        if self.fh is not sys.stdout:
            self.fh.close()


def _records_in(path: Path) -> set[str]:
    """The paths of the documents whose records ``path`` holds; a last line cut short (a
    run killed while writing it) is cut off the file."""
    done: set[str] = set()
    keep = 0
    with open(path, "rb") as fh:
        for line in fh:
            if not line.endswith(b"\n"):
                break
            try:
                done.add(str(json.loads(line)["path"]))
            except (ValueError, KeyError, TypeError):
                break
            keep += len(line)
    if keep < path.stat().st_size:
        with open(path, "r+b") as fh:
            fh.truncate(keep)
    return done


def _check_job_file(
    job: Path,
    params: dict[str, Any],
    what: Path,
    advice: str = "another --out file, or delete both",
) -> None:
    """Record the job's parameters in ``job``, or refuse a rerun with other ones."""
    record = {k: params[k] for k in _JOB_KEYS}
    if job.exists():
        try:
            previous = json.loads(job.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            previous = None
        if previous != json.loads(json.dumps(record)):
            raise ValueError(
                f"{what} holds results of a run with other parameters ({job}); "
                f"use {advice} to start again"
            )
        return
    write_atomic(job, json.dumps(record, indent=1, sort_keys=True) + "\n")


def _clean_temporaries(out_dir: Path) -> None:
    # Left by a run that was killed between writing and renaming.
    for tmp in out_dir.rglob(f"*{TMP_SUFFIX}"):
        tmp.unlink(missing_ok=True)


def run_batch(args: argparse.Namespace, work: Work | None = None) -> int:
    """The corpus run of ``linseg segment``; returns the exit status.

    ``work`` replaces :func:`segment_document` (it must be importable by the workers).
    """
    from linseg.execution.progress import Progress

    jsonl = args.output == "jsonl"
    if not args.out and not jsonl:
        raise ValueError("segmenting several documents needs --out DIR (a directory)")
    out_path = Path(args.out) if args.out else None
    if out_path is not None and jsonl and out_path.is_dir():
        raise ValueError(f"--out {out_path} is a directory; --output jsonl writes one file")
    if out_path is not None and not jsonl and out_path.exists() and not out_path.is_dir():
        raise ValueError(f"--out {out_path} is a file; corpus runs write to a directory")
    inputs = [str(args.input), *(args.more or [])]
    tasks = find_documents(inputs, None if jsonl else out_path, args.output)
    if jsonl and out_path is not None:  # the records' file is never read as a document
        mine = out_path.resolve()
        tasks = [
            t
            for t in tasks
            if t.source.resolve().parent != mine.parent
            or not (t.source.name == mine.name or t.source.name == f".{mine.name}{JOB_FILE}")
        ]
    if not tasks:
        raise ValueError(f"no documents found in {' '.join(inputs)}")
    params = job_params(args)
    from linseg.methods import from_options
    from linseg.run import check_request

    # Bad options fail here, once, rather than once per document.
    check_request(params["method"], params["segments"])
    from_options(params["method"], params)
    if jsonl:
        sink = _JsonLines(out_path, params)
        todo = [t for t in tasks if str(t.source) not in sink.done]
    else:
        assert out_path is not None
        out_dir = out_path
        out_dir.mkdir(parents=True, exist_ok=True)
        _check_job(out_dir, params)
        _clean_temporaries(out_dir)
        todo = [t for t in tasks if not t.target.exists()]
    skipped = len(tasks) - len(todo)
    failures: list[tuple[Task, str]] = []
    jobs = args.jobs or _cores()

    with Progress(len(todo), "segment") as progress:

        def report(t: Task, out: str | None, err: str | None) -> None:
            if err is None and out is not None:
                if jsonl:
                    sink.write(out)
                else:
                    write_atomic(t.target, out)
            else:
                failures.append((t, err or "no output"))
            progress.update()

        work = work or segment_document
        if args.dask:
            _run_dask(todo, params, work, report, args.dask, jobs)
        elif jobs == 1 or len(todo) <= 1:
            _run_inline(todo, params, work, report)
        else:
            _run_local(todo, params, work, report, min(jobs, len(todo)))

    if jsonl:
        sink.close()
    done = len(todo) - len(failures)
    note = f", {skipped} already done" if skipped else ""
    where = out_path if out_path is not None else "standard output"
    print(f"linseg: segmented {done} of {len(tasks)} documents into {where}{note}", file=sys.stderr)
    for t, err in failures[:10]:
        print(f"linseg: error: {t.source}: {err}", file=sys.stderr)
    if len(failures) > 10:
        print(f"linseg: ... and {len(failures) - 10} more failures", file=sys.stderr)
    return 2 if failures else 0


def _cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)

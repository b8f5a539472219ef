"""A segmenter shared by threads serves them one at a time (linseg.base.serial)."""

from __future__ import annotations

import copy
import pickle
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from linseg.base import Segmentation, Segmenter
from linseg.methods import create


class Overlap(Segmenter):
    """Records how many threads are inside ``_run`` at once."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = 0
        self.most = 0

    def _run(self, sentences, n_segments, tokenized):
        self.inside += 1
        self.most = max(self.most, self.inside)
        time.sleep(0.02)  # long enough for every other thread to arrive
        self.inside -= 1
        return Segmentation(sentences, [], n_segments)


def test_one_thread_at_a_time_inside_a_segmenter():
    seg = Overlap()
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda i: seg.segment_text(f"Bees {i}. Ships sail."), range(8)))
        list(pool.map(lambda i: seg.segment([f"Bees {i}.", "Ships sail."]), range(8)))
    assert seg.most == 1
    # Two segmenters are two locks: they run side by side.
    a, b = Overlap(), Overlap()
    start = threading.Barrier(2)

    def run(seg: Overlap) -> None:
        start.wait()
        seg.segment(["Bees.", "Ships."])

    threads = [threading.Thread(target=run, args=(s,)) for s in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert a.most == b.most == 1


def test_a_used_segmenter_still_pickles_and_copies():
    seg = create("u00_pr")
    text = (Path(__file__).parent.parent / "examples" / "three-topics.txt").read_text()
    found = seg.segment_text(text).boundaries  # the lock now exists
    for twin in (pickle.loads(pickle.dumps(seg)), copy.deepcopy(seg)):
        assert twin.segment_text(text).boundaries == found
        assert twin._lock() is not seg._lock()


def test_serial_keeps_the_methods_name_and_signature():
    assert Segmenter.segment.__name__ == "segment"
    assert "n_segments" in Segmenter.segment_text.__annotations__


@pytest.mark.parametrize("name", ["u00_pr", "consensus_dp", "texttiling"])
def test_threads_get_the_boundaries_they_would_get_alone(data_root, name):
    # Before the lock, four threads on one u00_pr gave other boundaries on a few of these
    # pages, and consensus_dp and texttiling raised (each read another's document).
    texts = [p.read_text() for p in sorted((data_root / "natural" / "python-docs").glob("*.txt"))][
        :40
    ]
    alone = [create(name).segment_text(t).boundaries for t in texts]
    shared = create(name)
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(lambda t: shared.segment_text(t).boundaries, texts))
    assert found == alone


def test_each_worker_thread_keeps_its_own_segmenters(tmp_path):
    # A multi-threaded Dask worker runs segment_document in several threads: each keeps
    # its own segmenter, so they do not queue for one lock, and all give the same output.
    import argparse

    from linseg.cli import batch

    args = argparse.Namespace(
        **dict(
            input=".", more=[], out=str(tmp_path), jobs=2, dask=None, method="u00_pr",
            mask=None, c=None, stopwords=None, stems=None, band=None, format="auto",
            output=None, segments=None, encoding="utf-8",
        )
    )  # fmt: skip
    params = batch.job_params(args)
    source = str(Path(__file__).parent.parent / "examples" / "three-topics.txt")
    found: dict[int, tuple[object, list[object]]] = {}

    def work(i: int) -> None:
        out = batch.segment_document(params, source)
        found[i] = (out, list(batch._WORKER.segmenters.values()))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (out0, kept0), (out1, kept1) = found[0], found[1]
    assert out0 == out1 and out0[1] is None and out0[0]
    assert len(kept0) == len(kept1) == 1 and kept0[0] is not kept1[0]

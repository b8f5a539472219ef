"""Scale (issue 5): banded C99, memory guard rails, corpus runs (local and Dask)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg import C99, pk
from linseg.compose.band import DEFAULT_BAND, BandMatrix, banded_cosine_from_ids, resolve_band
from linseg.compose.measures.cosine import cosine_from_ids
from linseg.compose.memory import MemoryLimitError, full_c99_bytes, parse_size
from linseg.compose.strategies.divisive import banded_clustering, divisive_clustering
from linseg.compose.transforms import banded_rank_transform, rank_transform

TINY = float(np.float32(1.401298464324817e-45))


def _mask(dense: np.ndarray, w: int) -> np.ndarray:
    i, j = np.indices(dense.shape)
    out = dense.copy()
    out[np.abs(i - j) > w] = 0
    return out


# --- band storage, similarity and rank ---------------------------------------------------


def test_band_matrix_round_trip():
    dense = np.arange(25, dtype=np.float32).reshape(5, 5)
    dense = dense + dense.T
    band = BandMatrix.from_dense(dense, 2)
    assert band.width == 2 and band.shape == (5, 5)
    assert band.data[3].tolist() == [dense[3, 3], dense[3, 2], dense[3, 1]]
    assert band.data[0].tolist() == [dense[0, 0], 0, 0]  # nothing left of column 0
    assert np.array_equal(band.toarray(), _mask(dense, 2))
    assert np.array_equal(band.diagonal(1), np.diag(dense, -1))
    assert not band.diagonal(3).any()


def test_banded_similarity_hand_checked():
    # stems: 0 1 | 0 2 | 1 | (none) ; band 1 keeps neighbours only.
    ids = np.array([0, 1, 0, 2, 1, -1])
    offsets = np.array([0, 2, 4, 5, 6])
    sim = banded_cosine_from_ids(ids, offsets, 1, 3)
    assert sim.data.dtype == np.float32 and sim.width == 1
    assert sim.data[1, 1] == np.float32(1) / np.float32(2)  # s0.s1 = 1 / sqrt(2 * 2)
    assert sim.data[2, 1] == 0  # s1, s2 share nothing
    assert sim.data[3].tolist() == [0, 0]  # a sentence without words: 0, even to itself
    dense = sim.toarray()
    assert dense[0, 2] == 0  # s0 and s2 share stem 1 but lie outside the band
    assert cosine_from_ids(ids, offsets, 3)[0, 2] > 0


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.integers(-1, 5), max_size=6), min_size=1, max_size=25),
    st.integers(1, 30),
    st.sampled_from([1, 3, 5, 11]),
)
def test_banded_similarity_and_rank_equal_the_masked_full_matrices(rows, w, mask):
    ids = np.array([t for r in rows for t in r], dtype=np.int64)
    offsets = np.cumsum([0] + [len(r) for r in rows])
    full = cosine_from_ids(ids, offsets, 6)
    sim = banded_cosine_from_ids(ids, offsets, w, 6)
    assert np.array_equal(sim.toarray(), _mask(full, w))
    rank = banded_rank_transform(sim, mask)
    assert np.array_equal(rank.toarray(), rank_transform(_mask(full, w), mask))


def test_banded_rank_refuses_negative_values():
    with pytest.raises(ValueError, match="non-negative"):
        banded_rank_transform(BandMatrix(np.array([[-1.0, 0.0]], dtype=np.float32)))


# --- clustering ---------------------------------------------------------------------------


def _best_split(R, a, b):
    best, d_max = a, 0.0
    for i in range(b - 1, a - 1, -1):
        lo, up = i - a + 1, b - i
        d = (R[a : i + 1, a : i + 1].sum() + R[i + 1 : b + 1, i + 1 : b + 1].sum()) / (
            lo * lo + up * up
        )
        if d > d_max:
            best, d_max = i, d
    return best


def _check_banded_run(R, clustering):
    """Replay a banded clustering by brute force: every step splits a region at that
    region's own best point, and the region is one whose split gives the highest overall
    density (within the documented relative margin)."""
    n = R.shape[0]
    regions = [(0, n - 1)]
    sr, sa = R.sum(), n * n
    assert clustering.density[0] == sr / sa
    assert len(clustering.order) == n - 1
    for step, b in enumerate(clustering.order):
        cands = []
        for s, e in regions:
            if s < e:
                k = _best_split(R, s, e)
                ls, rs = R[s : k + 1, s : k + 1].sum(), R[k + 1 : e + 1, k + 1 : e + 1].sum()
                area = sa - (e - s + 1) ** 2 + (k - s + 1) ** 2 + (e - k) ** 2
                cands.append(((sr - R[s : e + 1, s : e + 1].sum()) + ls + rs, area, s, e, k))
        top = max(num / area for num, area, *_ in cands)
        chosen = [c for c in cands if c[4] + 1 == b]
        assert len(chosen) == 1, f"step {step}: {b} is not a region's best split"
        num, area, s, e, k = chosen[0]
        if top > TINY:
            assert num / area >= top * (1 - 1e-6)
        else:  # nothing positive: the leftmost region that can still split
            assert s == cands[0][2]
        assert clustering.density[step + 1] == num / area
        regions[regions.index((s, e)) : regions.index((s, e)) + 1] = [(s, k), (k + 1, e)]
        sr, sa = num, area


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 28),
    st.integers(1, 10),
    st.integers(0, 2**32 - 1),
    st.sampled_from([0.0, 0.3, 0.7]),
)
def test_banded_clustering_against_brute_force(n, w, seed, zeros):
    # Ranks in 64ths: every sum is exact, so brute force and the band agree to the bit.
    rng = np.random.default_rng(seed)
    R = np.zeros((n, n))
    for i in range(n):
        for j in range(max(0, i - w), i + 1):
            R[i, j] = R[j, i] = 0.0 if rng.random() < zeros else rng.integers(0, 65) / 64
    _check_banded_run(R, banded_clustering(rank=BandMatrix.from_dense(R.astype(np.float32), w)))


def test_banded_clustering_of_an_all_zero_matrix_peels_sentences():
    c = banded_clustering(rank=BandMatrix(np.zeros((6, 3), dtype=np.float32)))
    assert c.order.tolist() == [1, 2, 3, 4, 5]  # the leftmost region, after its first sentence


def test_banded_clustering_needs_one_input():
    with pytest.raises(ValueError):
        banded_clustering()


def test_bounding_tree_reproduces_full_clustering(choi_docs):
    # With the full sum-of-rank matrix, the tree search gives the reference's choices
    # (float32, ties to the rightmost) on every sample.
    seg = C99(tokenized=True, keep_matrices=True)
    for doc in choi_docs[::3]:
        s = seg.segment(doc.sentences).sum_rank
        a, b = divisive_clustering(s), banded_clustering(sum_rank=s)
        assert np.array_equal(a.order, b.order) and np.array_equal(a.gain, b.gain)
        assert np.array_equal(a.density, b.density)


# --- C99(band=...) ------------------------------------------------------------------------


def test_band_covering_the_document_is_full_c99_bit_for_bit(choi_docs):
    full, banded = C99(tokenized=True, keep_matrices=True), C99(tokenized=True, keep_matrices=True)
    same = 0
    for doc in choi_docs:
        a = full.segment(doc.sentences)
        b = banded.set_params(band=len(doc.sentences)).segment(doc.sentences)
        assert b.band == len(doc.sentences) and a.band is None
        same += (
            a.boundaries == b.boundaries
            and np.array_equal(a.gradient, b.gradient)
            and np.array_equal(a.density, b.density)
            and np.array_equal(a.similarity, b.similarity.toarray())
            and np.array_equal(a.rank, b.rank.toarray())
            and np.array_equal(a.sum_rank, b.sum_rank)
            and a.termination.n_boundaries == b.termination.n_boundaries
        )
    assert same == len(choi_docs) == 700


def test_default_band_matches_full_pk_per_range(choi_docs, mean_pk):
    full = mean_pk(C99(tokenized=True), choi_docs)
    banded = mean_pk(C99(tokenized=True, band=DEFAULT_BAND), choi_docs)
    assert set(full) == {"3-11", "3-5", "6-8", "9-11"}
    for rng in full:
        assert abs(full[rng] - banded[rng]) <= 0.2, (rng, full[rng], banded[rng])


def test_band_on_long_brown_documents(brown_zip):
    from linseg.evaluation.long_documents import brown_documents, long_document

    files = brown_documents(brown_zip, genres="aj")
    docs = [long_document(files, 100, 3, 11, seed=s) for s in range(20)]
    assert all(d.n_segments == 100 for d in docs)
    assert min(len(d.sentences) for d in docs) > 2 * DEFAULT_BAND  # the band does cut
    full, band = C99(tokenized=True), C99(tokenized=True, band=DEFAULT_BAND)
    pf = [
        pk(d.boundaries, full.segment(d.sentences).boundaries, lengths=d.word_lengths())
        for d in docs
    ]
    results = [band.segment(d.sentences) for d in docs]
    assert all(r.band == DEFAULT_BAND and r.sum_rank is None for r in results)
    pb = [pk(d.boundaries, r.boundaries, lengths=d.word_lengths()) for d, r in zip(docs, results)]
    assert abs(100 * np.mean(pb) - 100 * np.mean(pf)) <= 2.0


def test_band_parameter_validation():
    with pytest.raises(ValueError):
        C99(band=0)
    with pytest.raises(TypeError):
        C99(band="wide")
    with pytest.raises(TypeError):
        C99(band=2.5)
    assert C99(band="auto").get_params()["band"] == "auto"


# --- guard rails --------------------------------------------------------------------------


def test_full_c99_refuses_what_does_not_fit(monkeypatch):
    monkeypatch.setenv("LINSEG_MEMORY", "64M")
    sentences = [f"word{i} other{i % 7} thing ." for i in range(3000)]  # needs ~150 MB
    assert full_c99_bytes(3000) > parse_size("64M")
    with pytest.raises(MemoryLimitError, match="--band"):
        C99().segment(sentences)
    auto = C99(band="auto").segment(sentences)
    assert auto.band == DEFAULT_BAND  # auto falls back to the band
    assert resolve_band("auto", 50) is None  # small documents stay full
    with pytest.raises(MemoryLimitError, match="narrower --band"):
        resolve_band(10_000, 10**6)


def test_dense_compositions_refuse_what_does_not_fit(monkeypatch, tmp_path):
    # A composition without a band (c99_lsa has none: its cosines are kept by a share of
    # the whole matrix) used to allocate until the system killed it.
    from linseg.methods import create

    monkeypatch.setenv("LINSEG_MEMORY", "64M")
    lines = [f"word{i} other{i % 7} thing ." for i in range(3000)]
    with pytest.raises(MemoryLimitError, match="LsaCosine has no banded form"):
        create("c99_lsa").segment(lines)
    short = create("c99_lsa").segment(lines[:300]).boundaries  # 2 MB: it runs
    assert short == sorted(set(short)) and all(0 < b < 300 for b in short)
    doc = tmp_path / "doc.txt"
    doc.write_text("\n".join(lines) + "\n")
    r = _linseg("segment", str(doc), "--method", "c99_lsa_mix", env={"LINSEG_MEMORY": "64M"})
    assert r.returncode == 2 and "no banded form" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_self_products_in_blocks_are_the_products(monkeypatch):
    from linseg.compose.measures import cosine as similarity

    rng = np.random.default_rng(5)
    counts = rng.integers(0, 4, size=(203, 31)).astype(np.float64)
    x = rng.standard_normal((203, 17))
    x[::9] = 0.0  # rows of norm 0: cosine 0 with everything, themselves included
    x[4, 3] = np.nan  # an undefined row: 0 too, as one product gave it
    whole_gram, whole_cos = similarity.gram(counts), similarity._cosine_rows(x)
    assert np.array_equal(whole_gram, np.rint(counts @ counts.T).astype(np.int64))
    monkeypatch.setattr(similarity, "PRODUCT_ROWS", 10)
    assert np.array_equal(similarity.gram(counts), whole_gram)  # integers: exact
    blocked = similarity._cosine_rows(x)
    np.testing.assert_allclose(blocked, whole_cos, rtol=0, atol=1e-12)
    assert not np.isnan(blocked).any() and not blocked[::9].any() and not blocked[4].any()


@pytest.mark.slow  # a product of 13 s
def test_a_tall_product_does_not_crash():
    # numpy sends x @ x.T to BLAS's symmetric product, which in OpenBLAS 0.3.31 killed
    # the process (SIGSEGV) with two threads at 20,000 x 300: c99_lsa on a document of
    # 20,000 sentences. Run in a child, so that a crash fails this test and no other.
    code = (
        "import numpy as np; from linseg.compose.measures.cosine import self_products; "
        "out = self_products(np.full((20000, 300), 0.01)); "
        "print(out.shape, round(float(out[-1, 0]), 9))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-500:]
    assert r.stdout.split() == ["(20000,", "20000)", "0.03"]


def test_parse_size():
    assert parse_size("2G") == 2 << 30 and parse_size("800m") == 800 << 20
    assert parse_size("1.5GB") == int(1.5 * (1 << 30)) and parse_size("4096") == 4096
    with pytest.raises(ValueError):
        parse_size("lots")


def _linseg(*args, env=None, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "linseg", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        cwd=cwd,
    )


def test_cli_guard_rail_and_band_option(tmp_path):
    doc = tmp_path / "doc.txt"
    doc.write_text("\n".join(f"word{i} other{i % 7} thing ." for i in range(3000)) + "\n")
    r = _linseg("segment", str(doc), "--method", "c99", env={"LINSEG_MEMORY": "64M"})
    assert r.returncode == 2 and "--band" in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    r = _linseg(
        "segment",
        str(doc),
        "--method",
        "c99",
        "--band",
        "auto",
        "--output",
        "json",
        env={"LINSEG_MEMORY": "64M"},
    )
    assert r.returncode == 0 and '"band": "auto"' in r.stdout
    r = _linseg("segment", str(doc), "--method", "c99", "--band", "zero")
    assert r.returncode == 2 and "band" in r.stderr and "Traceback" not in r.stderr


# --- corpus runs --------------------------------------------------------------------------


@pytest.fixture()
def corpus(choi_root, tmp_path):
    src = tmp_path / "in"
    for sub in ("3-5", "6-8"):
        (src / sub).mkdir(parents=True)
        for p in sorted((choi_root / "1" / sub).glob("*.ref"))[:6]:
            (src / sub / p.name).write_bytes(p.read_bytes())
    return src


def _outputs(d: Path) -> dict[str, str]:
    return {
        str(p.relative_to(d)): p.read_text()
        for p in sorted(d.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    }


def test_corpus_run_local_resumes_and_matches_single_runs(corpus, tmp_path):
    out = tmp_path / "out"
    r = _linseg("segment", str(corpus), "--out", str(out), "-j", "2")
    assert r.returncode == 0, r.stderr
    got = _outputs(out)
    assert len(got) == 12
    single = _linseg("segment", str(corpus / "3-5" / "0.ref"))
    assert got["3-5/0.ref"] == single.stdout
    assert not list(out.rglob("*.linseg-tmp"))
    # Resumable: a lost output is redone, the others are skipped.
    (out / "6-8" / "1.ref").unlink()
    r = _linseg("segment", str(corpus / "*" / "*.ref"), "--out", str(out))
    assert r.returncode == 0 and "11 already done" in r.stderr
    assert _outputs(out) == got
    # Other parameters in the same directory are refused.
    r = _linseg("segment", str(corpus), "--out", str(out), "--method", "c99", "--band", "5")
    assert r.returncode == 2 and "other parameters" in r.stderr


def test_corpus_run_errors_are_one_line(corpus, tmp_path):
    r = _linseg("segment", str(corpus))
    assert r.returncode == 2 and "--out" in r.stderr and "Traceback" not in r.stderr
    r = _linseg("segment", str(tmp_path / "nothing*.txt"), "--out", str(tmp_path / "o"))
    assert r.returncode == 2 and "no documents" in r.stderr
    (corpus / "3-5" / "bad.ref").write_bytes(b"broken \xff\xfe \x81\n")
    r = _linseg("segment", str(corpus), "--out", str(tmp_path / "o2"))
    assert r.returncode == 2 and "bad.ref" in r.stderr and "Traceback" not in r.stderr
    assert len(_outputs(tmp_path / "o2")) == 12  # the others were written


# A work function that kills its worker process the first time it meets 6-8/1.ref.
def crash_once(params, source, data=None):
    from linseg.cli.batch import segment_document

    marker = Path(os.environ["LINSEG_TEST_CRASH_MARKER"])
    if source.replace("\\", "/").endswith("6-8/1.ref") and not marker.exists():
        marker.write_text("crashed")
        os._exit(1)
    return segment_document(params, source, data)


def _batch_args(corpus, out, **kw):
    import argparse

    base = dict(
        input=str(corpus),
        more=[],
        out=str(out),
        jobs=2,
        dask=None,
        method="c99",
        mask=None,
        c=None,
        stopwords=None,
        stems=None,
        band=None,
        format="auto",
        output=None,
        segments=None,
        encoding="utf-8",
    )
    base.update(kw)
    return argparse.Namespace(**base)


def test_local_worker_death_loses_no_document(corpus, tmp_path, monkeypatch):
    from linseg.cli.batch import run_batch

    monkeypatch.setenv("LINSEG_TEST_CRASH_MARKER", str(tmp_path / "crashed-local"))
    ref = tmp_path / "ref"
    assert run_batch(_batch_args(corpus, ref, jobs=1)) == 0
    out = tmp_path / "out"
    assert run_batch(_batch_args(corpus, out), work=crash_once) == 0
    assert (tmp_path / "crashed-local").exists()  # a worker did die
    assert _outputs(out) == _outputs(ref)


def test_dask_cluster_matches_local_run_and_survives_a_dead_worker(corpus, tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    from linseg.cli.batch import run_batch

    ref = tmp_path / "ref"
    assert run_batch(_batch_args(corpus, ref, jobs=1)) == 0
    monkeypatch.setenv("LINSEG_TEST_CRASH_MARKER", str(tmp_path / "crashed-dask"))
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        with Client(cluster) as client:
            client.wait_for_workers(2)
        out = tmp_path / "out"
        status = run_batch(
            _batch_args(corpus, out, dask=cluster.scheduler_address), work=crash_once
        )
    assert status == 0
    assert (tmp_path / "crashed-dask").exists()
    assert _outputs(out) == _outputs(ref)
    assert not list(out.rglob("*.linseg-tmp"))
    # And the command line with a cluster of its own.
    out2 = tmp_path / "out2"
    r = _linseg(
        "segment", str(corpus), "--out", str(out2), "--method", "c99", "--dask", "local", "-j", "2"
    )
    assert r.returncode == 0, r.stderr
    assert _outputs(out2) == _outputs(ref)

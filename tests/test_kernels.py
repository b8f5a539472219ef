"""The pure kernels against the compiled ones, and the choice between them (linseg.kernels).

Each of the 14 compiled kernels (``src/linseg/**/_name.pyx``) has a pure NumPy twin
(``_name_py.py``) that must give the same results to the bit: here each pair is run on
random inputs (hypothesis) and the outputs compared byte for byte, dtypes included.
Where the compiled kernels were not built, the comparisons skip (the pure kernels then
run the whole suite: ``LINSEG_KERNELS=pure``, as CI runs the conformance tests and the
boundary snapshot a second time).
"""

from __future__ import annotations

import importlib
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg import kernels

SRC = Path(__file__).resolve().parent.parent / "src"
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "three-topics.txt"


def pair(name: str):
    """(compiled, pure) modules of kernel ``name`` (``linseg.<...>._x``); skips without the
    compiled one."""
    try:
        compiled = importlib.import_module(name)
    except ImportError:
        pytest.skip(f"{name} was not compiled")
    return compiled, importlib.import_module(name + "_py")


def same(a, b) -> bool:
    """Equal to the bit: dtype, shape and bytes (NaN where NaN), or equal objects."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float):
        return np.float64(a).tobytes() == np.float64(b).tobytes()
    return type(a) is type(b) and a == b


def both(name: str, function: str, *args, copy: tuple[int, ...] = ()):
    """Run ``function`` of the compiled and the pure kernel on the same arguments (the
    positions in ``copy`` are outputs, each side given its own copy); assert the results
    and those outputs are the same to the bit."""
    compiled, pure = pair(name)
    a_args = [a.copy() if i in copy else a for i, a in enumerate(args)]
    b_args = [a.copy() if i in copy else a for i, a in enumerate(args)]
    a = getattr(compiled, function)(*a_args)
    b = getattr(pure, function)(*b_args)
    assert same(a, b), f"{name}.{function}: {a!r} != {b!r}"
    for i in copy:
        assert same(a_args[i], b_args[i]), f"{name}.{function}: output {i} differs"
    return a


def ragged(draw_lengths: list[int], rng: np.random.Generator, low: int, high: int):
    """(values, offsets): ``len(draw_lengths)`` runs of random integers in [low, high)."""
    offsets = np.concatenate([[0], np.cumsum(draw_lengths)]).astype(np.int64)
    return rng.integers(low, high, int(offsets[-1])).astype(np.int64), offsets


SEEDS = st.integers(0, 2**32 - 1)
LENGTHS = st.lists(st.integers(0, 9), min_size=1, max_size=40)


# --- the list of kernels, and the choice --------------------------------------------------
def test_every_compiled_kernel_is_listed_and_has_a_pure_twin():
    pyx = sorted(
        ".".join(p.relative_to(SRC).with_suffix("").parts) for p in SRC.glob("linseg/**/_*.pyx")
    )
    assert sorted(kernels.KERNELS) == pyx and len(pyx) == 13
    for name in kernels.KERNELS:
        pure = importlib.import_module(name + "_py")
        stub = Path(SRC, *name.split(".")).with_suffix(".pyi").read_text()
        # Every name the compiled module's stub declares, the pure module has.
        for line in stub.splitlines():
            declared = line.split("(")[0].split(":")[0].replace("def ", "").strip()
            if line.startswith(("def ", "UNKNOWN_ID")):
                assert hasattr(pure, declared), f"{name}_py lacks {declared}"


def test_the_mode_comes_from_linseg_kernels(monkeypatch):
    monkeypatch.delenv("LINSEG_KERNELS", raising=False)
    assert kernels.mode() == "auto"
    monkeypatch.setenv("LINSEG_KERNELS", " Pure ")
    assert kernels.mode() == "pure"
    monkeypatch.setenv("LINSEG_KERNELS", "fast")
    with pytest.raises(ValueError, match="LINSEG_KERNELS must be one of auto, pure, compiled"):
        kernels.mode()


def _fresh(monkeypatch, mode: str, built: list[str]) -> None:
    monkeypatch.setenv("LINSEG_KERNELS", mode)
    monkeypatch.setattr(kernels, "_chosen", None)
    monkeypatch.setattr(kernels, "built", lambda: built)


def test_compiled_missing_is_a_clear_error_and_auto_falls_back(monkeypatch):
    _fresh(monkeypatch, "compiled", list(kernels.KERNELS[1:]))
    with pytest.raises(kernels.KernelsMissing, match=r"not built \(missing: _text\)"):
        kernels.load("linseg.compose._rank")
    assert kernels.describe().startswith("kernels: none (LINSEG_KERNELS=compiled")
    # auto with one missing runs the pure kernels throughout, and says why.
    _fresh(monkeypatch, "auto", list(kernels.KERNELS[1:]))
    assert kernels.active() == "pure"
    assert kernels.load("linseg.compose._rank").__name__ == "linseg.compose._rank_py"
    assert "compiled ones, which were not built" in kernels.describe()
    _fresh(monkeypatch, "pure", list(kernels.KERNELS))
    assert kernels.active() == "pure" and "LINSEG_KERNELS=pure" in kernels.describe()
    with pytest.raises(ValueError, match="not one of linseg's kernels"):
        kernels.load("linseg.compose.band")


def test_a_compiled_kernel_that_does_not_load(monkeypatch):
    # A build for another Python, or a broken file: auto runs the twin (the same results),
    # compiled says which kernel and why.
    real = importlib.import_module

    def broken(name, *args):
        if name.startswith("linseg.") and not name.endswith("_py"):
            raise ImportError("undefined symbol: PyFoo")
        return real(name, *args)

    monkeypatch.setattr(kernels.importlib, "import_module", broken)
    _fresh(monkeypatch, "auto", list(kernels.KERNELS))
    assert kernels.active() == "compiled"
    assert kernels.load("linseg.compose._rank").__name__ == "linseg.compose._rank_py"
    assert kernels.active() == "pure"
    _fresh(monkeypatch, "compiled", list(kernels.KERNELS))
    with pytest.raises(kernels.KernelsMissing, match=r"_rank does not load \(undefined symbol"):
        kernels.load("linseg.compose._rank")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_pure_kernels_say_so_once_on_a_terminal(monkeypatch, tmp_path):
    marker = tmp_path / "cache" / "noticed"
    monkeypatch.setattr(kernels, "_marker", lambda: marker)
    _fresh(monkeypatch, "auto", [])
    for stderr, expected in ((io.StringIO(), ""), (_Terminal(), "slower"), (_Terminal(), "")):
        monkeypatch.setattr(kernels, "_noticed", False)
        monkeypatch.setattr(sys, "stderr", stderr)
        kernels.load("linseg.compose._rank")
        kernels.load("linseg.compose._banded")
        said = stderr.getvalue()
        assert (expected in said) if expected else said == ""
        if expected:
            # One line, with the way to the compiled kernels.
            assert said.count("\n") == 1 and "gcc" in said and "wheel" in said
    assert marker.exists()


def test_version_and_json_record_name_the_kernels():
    which = kernels.active()
    out = subprocess.run(
        [sys.executable, "-m", "linseg", "--version"], capture_output=True, text=True, check=True
    ).stdout
    version, said = out.splitlines()
    assert version.startswith("linseg 0.") and said.startswith(f"kernels: {which}")
    out = subprocess.run(
        [sys.executable, "-m", "linseg", "segment", str(EXAMPLE), "--output", "json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out)["kernels"] == which


# --- the kernels, pure against compiled ---------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-3, 3, allow_nan=False), max_size=30), st.floats(0, 3))
def test_termination(gain, c):
    mask = np.array([1.0, 2.0, 4.0, 8.0, 4.0, 2.0, 1.0])
    if gain:
        both("linseg.compose.strategies._termination", "terminate", np.array(gain), mask, c)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([0.0, 0.5, 1.0, 1.5, -1.0, np.nan]), max_size=30))
def test_depth(values):
    both("linseg.compose.strategies._depth", "gap_depths", np.array(values, dtype=np.float64))


def _similarity(n: int, rng: np.random.Generator, zeros: float) -> np.ndarray:
    a = rng.random((n, n)).astype(np.float32)
    a[a < zeros] = 0
    a = np.round(a * 4) / 4 if rng.random() < 0.3 else a  # ties
    return np.maximum(a, a.T)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 40), st.integers(0, 6), SEEDS)
def test_rank(n, half, seed):
    rng = np.random.default_rng(seed)
    both("linseg.compose._rank", "rank_full", _similarity(n, rng, rng.random()), half)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 50), st.integers(1, 6), SEEDS, st.booleans())
def test_density(n, half, seed, given_count):
    rng = np.random.default_rng(seed)
    rank = importlib.import_module("linseg.compose._rank_py").rank_full(
        _similarity(n, rng, rng.random()), half
    )
    s = both("linseg.compose.strategies._density", "sum_of_rank", rank)
    steps = int(rng.integers(0, n)) if given_count else n - 1
    both("linseg.compose.strategies._density", "divisive", s, steps)


@settings(max_examples=60, deadline=None)
@given(LENGTHS, st.integers(1, 12), SEEDS)
def test_cosine(lengths, vocab, seed):
    ids, offsets = ragged(lengths, np.random.default_rng(seed), -1, vocab)
    both("linseg.compose.measures._cosine", "sentence_vectors", ids, offsets, vocab)
    both("linseg.compose.measures._cosine", "cosine_ids", ids, offsets, vocab)


@settings(max_examples=40, deadline=None)
@given(LENGTHS, st.integers(1, 12), st.integers(0, 12), st.integers(0, 5), SEEDS)
def test_banded(lengths, vocab, w, half, seed):
    rng = np.random.default_rng(seed)
    ids, offsets = ragged(lengths, rng, -1, vocab)
    name = "linseg.compose._banded"
    sim = both(name, "_cosine_band", ids, offsets, vocab, w)
    rank = both(name, "_rank_band", sim, half)
    left, right = both(name, "_band_cumsums", rank)
    n = len(lengths)
    steps = n - 1 if rng.random() < 0.5 else int(rng.integers(0, n))
    # Mode 1: the band's sums (float64); mode 0: the full sum of rank (float32).
    diag = np.ascontiguousarray(rank[:, 0])
    scratch = [np.zeros(n) for _ in range(3)]
    both(name, "_cluster", 1, np.zeros((1, 1), np.float32), diag, left, right, n, steps, *scratch)
    cosine = importlib.import_module("linseg.compose.measures._cosine_py")
    full = importlib.import_module("linseg.compose._rank_py").rank_full(
        cosine.cosine_ids(ids, offsets, vocab), half
    )
    s = importlib.import_module("linseg.compose.strategies._density_py").sum_of_rank(full)
    scratch = [np.zeros(n, np.float32) for _ in range(3)]
    empty = np.zeros((1, 1), np.float32)
    both(name, "_cluster", 0, s, np.zeros(1, np.float32), empty, empty, n, steps, *scratch)


@settings(max_examples=40, deadline=None)
@given(LENGTHS, st.integers(1, 9), st.sampled_from([0, 1, 2]), st.integers(1, 5), SEEDS)
def test_lsa(lengths, rows, local, dims, seed):
    rng = np.random.default_rng(seed)
    ids, offsets = ragged(lengths, rng, -1, 12)
    row_of = rng.integers(-1, rows, 12).astype(np.int64)
    space = rng.normal(size=(rows, dims)).astype(np.float32)
    out = rng.normal(size=(len(lengths), dims)).astype(np.float32)
    both(
        "linseg.compose.measures._lsa",
        "sentence_vectors",
        ids,
        offsets,
        row_of,
        space,
        local,
        out,
        copy=(5,),
    )


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 6), max_size=25), st.integers(1, 10), SEEDS,
    st.sampled_from([1.0, 0.5, 0.01, 3.7]), st.booleans(), st.booleans(),
)  # fmt: skip
def test_multinomial(lengths, vocab, seed, alpha, count, gaps):
    rng = np.random.default_rng(seed)
    words, indptr = ragged(lengths, rng, 0, vocab)
    counts = rng.integers(1, 4, words.size).astype(np.int64)
    n = len(lengths)
    largest = max(int(counts.sum()), 1)
    name = "linseg.compose.costs._multinomial"
    out = np.full((n + 1, n + 1), np.inf)
    both(name, "segment_costs", indptr, words, counts, vocab, n, alpha, largest, out, copy=(7,))
    limit = int(rng.integers(1, n + 1)) if n else 0
    m = int(rng.integers(1, n + 1)) if count and n else 0
    if m * limit < n:
        m = 0
    gap = rng.random(n + 1) if gaps else None
    penalty = float(rng.random() * 5)
    both(name, "search", indptr, words, counts, vocab, n, alpha, penalty, limit, m, largest, gap)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30), SEEDS, st.booleans(), st.sampled_from([0.5, 0.6, 1.0, 2.0]))
def test_exact(n, seed, ties, exponent):
    from linseg.compose.strategies.exact import _band_increments

    rng = np.random.default_rng(seed)
    m = rng.random((n, n))
    m = np.round(m * 3) if ties else m
    m = (m + m.T).astype(np.float32 if rng.random() < 0.5 else np.float64)
    length = int(rng.integers(1, n + 1))
    c, off = _band_increments(m, length)
    den = np.power(np.arange(length + 1, dtype=np.float64), exponent)
    name = "linseg.compose.strategies._exact"
    table = both(name, "_score_table", c, off, den, length)
    both(name, "_best_with_penalty", table, float(rng.random() * 3))
    k = int(rng.integers(1, n + 1))
    if k * length >= n:
        level = np.arange(k, dtype=np.int64)
        left = k - 1 - level
        lo = np.maximum(level + 1, n - left * length)
        hi = np.minimum((level + 1) * length, n - left)
        base = np.concatenate([[0], np.cumsum(hi - lo + 1)[:-1]]).astype(np.int64)
        back = np.zeros(int((hi - lo + 1).sum()), dtype=np.uint16)
        both(name, "_best_with_count", table, k, lo, hi, base, back, 5, copy=(5,))
    dense = rng.random((n + 1, n + 1))
    dense = np.round(dense * 2) if ties else dense
    dense[rng.random((n + 1, n + 1)) < 0.2] = -np.inf
    both(name, "_dense_back", dense, k, int(rng.integers(1, 8)))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 25), st.integers(1, 10), SEEDS, st.booleans())
def test_dotplot(n, stems, seed, words):
    rng = np.random.default_rng(seed)
    counts = rng.integers(0, 3, (n, stems)) * (rng.random((n, stems)) < 0.4)
    cum = np.zeros((n + 1, stems), dtype=np.int64)
    cum[1:] = np.cumsum(counts, axis=0)
    w = np.zeros(n + 1, dtype=np.int64)
    w[1:] = np.cumsum(rng.integers(1, 20, n) if words else np.ones(n, dtype=np.int64))
    sim = rng.random((n, n))
    sim = np.round(sim * 2) if rng.random() < 0.4 else sim
    sim = sim + sim.T
    p = np.zeros((n + 1, n + 1))
    p[1:, 1:] = np.cumsum(np.cumsum(sim, axis=0), axis=1)
    k = int(rng.integers(0, n + 2))
    name = "linseg.compose.strategies._dotplot"
    for minimise in (False, True):
        both(name, "reynar", cum, w, k, minimise)
        for whole in (False, True):
            both(name, "greedy", p, w.astype(np.float64), k, minimise, whole)


@settings(max_examples=60, deadline=None)
@given(LENGTHS, st.integers(1, 12), st.integers(0, 12), SEEDS)
def test_dots_band(lengths, vocab, w, seed):
    ids, offsets = ragged(lengths, np.random.default_rng(seed), -1, vocab)
    both("linseg.compose._banded", "_dots_band", ids, offsets, vocab, w)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 40), st.integers(1, 8), st.integers(0, 6), SEEDS, st.booleans())
def test_block_gap_scores(n, block, extra, seed, integers):
    # TextTiling's block comparison on a band at least 2 block - 1 wide: dot products of
    # token sequences (integers) or any similarity (floats, some rows empty).
    rng = np.random.default_rng(seed)
    width = min(2 * block - 1, max(n - 1, 0)) + 1 + extra
    band = rng.integers(0, 5, (n, width)) if integers else rng.random((n, width))
    band = np.ascontiguousarray(band * (rng.random((n, 1)) < 0.8), dtype=np.float64)
    both("linseg.compose.strategies._depth", "block_gap_scores", band, block)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 12), st.integers(1, 9), SEEDS, st.booleans(), st.booleans())
def test_tagger(n, tags, seed, ties, holes):
    rng = np.random.default_rng(seed)
    emit = np.log(rng.random((n, tags)))
    log_trans = np.log(rng.random((tags + 1, tags)))
    if ties:
        emit, log_trans = np.round(emit), np.round(log_trans)
    if holes:
        log_trans[rng.random(log_trans.shape) < 0.3] = -np.inf
        emit[rng.random(emit.shape) < 0.1] = np.nan
    both("linseg.text._tagger", "viterbi", emit, log_trans)


# Characters that exercise the token rules: letters, digits (Arabic-Indic too), joiners,
# dashes, white space (Unicode's too), an emoji and a lone surrogate.
ALPHABET = "ab cd\t\n-'\u2019_x1é\u00a0\u2028.,!?:;ZE\u0661\U0001f600\ud800 the A"
TEXTS = st.lists(st.text(alphabet=ALPHABET, max_size=30), max_size=8)


@settings(max_examples=60, deadline=None)
@given(TEXTS, SEEDS)
def test_text(sentences, seed):
    rnd = random.Random(seed)
    name = "linseg.text._text"
    compiled, pure = pair(name)
    keys = np.zeros(64, dtype=np.uint64)
    vals = np.full(64, compiled.UNKNOWN_ID, dtype=np.int64)
    assert compiled.UNKNOWN_ID == pure.UNKNOWN_ID
    hashes = np.array([rnd.getrandbits(64) for _ in range(rnd.randint(0, 12))] + [0], np.uint64)
    values = np.arange(hashes.size, dtype=np.int64)
    both(name, "hash_put_many", keys, vals, hashes, values, copy=(0, 1))
    compiled.hash_put_many(keys, vals, hashes, values)
    bigger = (np.zeros(256, dtype=np.uint64), np.full(256, compiled.UNKNOWN_ID, dtype=np.int64))
    both(name, "rehash", keys, vals, *bigger, copy=(2, 3))
    compiled.rehash(keys, vals, *bigger)
    keys, vals = bigger
    found = both(name, "lookup_raw_words", sentences, keys, vals)
    # Learn the tokens just met, then look them up again: found now.
    compiled.hash_put_many(keys, vals, found[2], np.arange(found[2].size, dtype=np.int64))
    both(name, "lookup_raw_words", sentences, keys, vals)
    ascii_lines = [s.encode("ascii", "ignore").decode().replace("\n", " ") for s in sentences]
    data = np.frombuffer("\n".join(ascii_lines).encode(), dtype=np.uint8)
    found = both(name, "lookup_tokens", data, len(ascii_lines), keys, vals)
    compiled.hash_put_many(keys, vals, found[2], np.arange(found[2].size, dtype=np.int64))
    both(name, "lookup_tokens", data, len(ascii_lines), keys, vals)


WORDS = ["the", "Install", "python", "use", "module", "It's", "42", "of", "data", "é", "3.5"]
PARAGRAPHS = st.lists(
    st.one_of(
        st.text(alphabet=ALPHABET, max_size=40),
        st.lists(
            st.tuples(st.sampled_from(WORDS), st.sampled_from(["", ".", "!", " ", "\n", ","])),
            max_size=30,
        ).map(lambda ws: " ".join(w + end for w, end in ws)),
    ),
    max_size=10,
).map(lambda ps: [p.strip() for p in ps])


@settings(max_examples=60, deadline=None)
@given(PARAGRAPHS, st.sampled_from([(25, 12), (3, 0)]), SEEDS)
def test_cues(texts, words, seed):
    name = "linseg.compose.costs._cues"
    lowers = [t.lower() for t in texts]
    starts, ends, hashes, offsets = both(name, "token_spans", lowers)
    content = np.ascontiguousarray(ends - starts > 3, dtype=np.uint8)
    for window in (1, 3):
        both(name, "pair_buckets", hashes, offsets, content, window)
    weights = np.random.default_rng(seed).normal(size=1 << 10)
    both(name, "paragraph_weights", texts, lowers, starts, ends, hashes, offsets, weights, *words)

"""linseg 0.1's import paths and method names keep working for one release, with a
DeprecationWarning that names the new place; none of them is a file left behind."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from linseg._imports import ALIASES

SRC = Path(__file__).resolve().parents[1] / "src"

# Old modules, and a name each offered (documented in 0.1's docs/api.md, or used there).
OLD_NAMES = [
    ("linseg.similarity", "cosine_from_ids"),
    ("linseg.similarity", "dots"),
    ("linseg.similarity", "spread_activation_dots"),
    ("linseg.rank", "rank_transform"),
    ("linseg.density", "divisive_clustering"),
    ("linseg.termination", "automatic_termination"),
    ("linseg.dotplot", "maximise_inside_density"),
    ("linseg.depth", "depth_scores"),
    ("linseg.banded", "BandMatrix"),
    ("linseg.banded", "banded_rank_transform"),
    ("linseg.banded", "banded_clustering"),
    ("linseg.banded", "banded_c99"),
    ("linseg.sentences", "split_sentences"),
    ("linseg.sentences", "heading_starts"),
    ("linseg.sentences", "title_lines"),
    ("linseg.words", "is_word"),
    ("linseg.languages", "resolve_language"),
    ("linseg.stemmers", "SnowballStemmer"),
    ("linseg.tagger", "load_tagger"),
    ("linseg.bounds", "bound_boundaries"),
    ("linseg.keywords", "segment_keywords"),
    ("linseg.metrics", "pk"),
    ("linseg.memory", "MemoryLimitError"),
    ("linseg.compose.cues", "gap_log_odds"),
    ("linseg.methods.compose_registry", "C99DP"),
    ("linseg.methods.compose_registry", "C99LSA"),
    ("linseg.corpus", "read_ref"),
    ("linseg.corpus", "data_dir"),
    ("linseg.corpus.document", "read_document"),
    ("linseg.corpus.document", "check_text"),
    ("linseg.corpus.webpage", "html_text"),
    ("linseg.corpus.pdf", "pdf_text"),
    ("linseg.corpus.pdf", "PARAGRAPH_GAP"),
    ("linseg.corpus.suffixes", "named"),
    ("linseg.corpus.suffixes", "opens_pdf"),
    ("linseg.corpus.manpage", "man_text"),
    ("linseg.corpus.run", "run_document"),
    ("linseg.corpus.output", "render"),
    ("linseg.corpus.brown", "make_samples"),
    ("linseg.experiments.natural", "evaluate_natural"),
    ("linseg.experiments.significance", "bootstrap_interval"),
    ("linseg.experiments.paper", "run_paper"),
    ("linseg.show", "plot_rank"),
    ("linseg.show", "document_report"),
    ("linseg.show.report", "evaluation_report"),
]


def _fresh(monkeypatch, name: str) -> None:
    """Forget ``name`` (and its old parent packages), so that importing it runs the hook."""
    for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
        monkeypatch.delitem(sys.modules, key)
    parent, _, leaf = name.rpartition(".")
    if parent in sys.modules and leaf in vars(sys.modules[parent]):
        monkeypatch.delattr(sys.modules[parent], leaf)
    parts = name.split(".")
    for i in range(2, len(parts)):
        parent = ".".join(parts[:i])
        if parent in ALIASES:
            monkeypatch.delitem(sys.modules, parent, raising=False)


def _imported(name: str) -> tuple[object, list[str]]:
    """The module ``name`` and the deprecation warnings importing it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(name)
    return module, [str(w.message) for w in caught if w.category is DeprecationWarning]


@pytest.mark.parametrize(("old", "name"), OLD_NAMES)
def test_an_old_path_warns_and_gives_the_new_names(old, name, monkeypatch):
    _fresh(monkeypatch, old)
    module, messages = _imported(old)
    targets = " or ".join(ALIASES[old])
    assert f"{old} is deprecated and goes in linseg 0.3; import {targets} instead" in messages
    value = getattr(module, name)
    new = [importlib.import_module(t) for t in ALIASES[old]]
    assert any(getattr(m, name, None) is value for m in new)


def test_from_imports_of_old_paths_warn_where_they_are_written(monkeypatch):
    for statement, old in (
        ("from linseg.similarity import cosine", "linseg.similarity"),
        ("from linseg import rank", "linseg.rank"),
    ):
        _fresh(monkeypatch, old)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            exec(compile(statement, "<user code>", "exec"), {})
        assert [(w.category, w.filename) for w in caught] == [(DeprecationWarning, "<user code>")]
        assert old in str(caught[0].message)


def test_no_old_path_is_a_file():
    for old in ALIASES:
        path = SRC / Path(*old.split("."))
        assert not path.with_suffix(".py").exists(), old
        assert not (path / "__init__.py").exists(), old


def test_every_alias_names_modules_that_exist():
    for targets in ALIASES.values():
        for target in targets:
            assert importlib.import_module(target).__name__ == target


def test_an_unknown_name_of_a_split_module_is_an_attribute_error(monkeypatch):
    _fresh(monkeypatch, "linseg.sentences")
    module, _ = _imported("linseg.sentences")
    with pytest.raises(AttributeError, match="has no attribute 'nothing_here'"):
        module.nothing_here  # noqa: B018


def test_the_old_method_names_warn_and_make_kan(monkeypatch):
    from linseg.methods import available, create, get

    with pytest.warns(DeprecationWarning, match="'segmenter' is called 'kan'"):
        assert get("segmenter").name == "kan"
    with pytest.warns(DeprecationWarning, match="'segmenter_a' is called 'kan_a'"):
        seg = create("segmenter_a")
    assert seg.get_params()["adaptive"] is True
    assert "segmenter" not in available() and "kan" in available()


def test_a_fresh_interpreter_sees_the_warning_by_default():
    # Python shows DeprecationWarnings of code run as __main__: a user's script sees it.
    proc = subprocess.run(
        [sys.executable, "-c", "from linseg.corpus.webpage import html_text"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0
    assert "linseg.corpus.webpage is deprecated" in proc.stderr
    assert "import linseg.readers.webpage instead" in proc.stderr

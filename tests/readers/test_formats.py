"""The registry of input formats: every format one record, every reader imported through
it, other packages' formats found through the ``linseg.formats`` entry points."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import linseg
from linseg.cli import main
from linseg.readers import formats as registry
from linseg.readers.catalogue import BUILT_IN
from linseg.readers.formats import Format, format_table, formats, get_format, named


def test_every_built_in_format_resolves_its_reader_and_recogniser():
    for f in BUILT_IN:
        if f.read is not None:
            assert callable(f.reader()), f.name
        if f.sniff is not None:
            assert callable(registry.resolve(f.sniff)), f.name
        assert f.summary and f.detected and f.what
    assert len({f.name for f in BUILT_IN}) == len(BUILT_IN) == 26
    suffixes = [s for f in BUILT_IN for s in f.suffixes]
    assert len(suffixes) == len(set(suffixes))


def test_names_by_suffix_compressed_or_not():
    assert named("page.HTM") == "html"
    assert named("/x/sed.info.gz") == "info"
    assert named("deck.pptx") == "pptx"
    assert named("notes.txt") is None and named(None) is None


def test_help_and_the_guide_list_every_format(capsys):
    with pytest.raises(SystemExit):
        main(["segment", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    table = format_table(installed=False)
    for f in BUILT_IN:
        assert f"{f.name} (" in out
        assert f"| `{f.name}` |" in table
    assert table.count("\n") == len(BUILT_IN) + 1


def test_the_readers_page_names_the_module_that_reads_each_format():
    # docs/readers.md: a row for every format, naming the module its reader is in (the
    # plain formats and transcripts: linseg.readers.document), so that a format added or
    # a reader moved shows in the page.
    page = (Path(__file__).resolve().parents[2] / "docs" / "readers.md").read_text("utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| `([\w.]+)`", page, re.MULTILINE))
    for f in BUILT_IN:
        module = f.read.partition(":")[0] if isinstance(f.read, str) else "linseg.readers.document"
        assert rows.get(f.name) == module, f.name
    assert len(rows) == len(BUILT_IN)


def test_an_unknown_format_is_one_line_and_status_2(capsys, tmp_path):
    doc = tmp_path / "a.txt"
    doc.write_text("Bees make honey.\n")
    with pytest.raises(SystemExit) as stop:
        main(["segment", str(doc), "--format", "nope"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown format 'nope'" in err
    with pytest.raises(ValueError, match="unknown format 'nope'; use one of: auto, choi"):
        get_format("nope")


def test_reading_prose_imports_no_reader():
    code = textwrap.dedent(
        """
        import sys, linseg
        text = "# Bees\\n\\nBees make honey. They dance.\\n\\n# Trains\\n\\nTrains run on rails.\\n"
        linseg.segment_text(text)
        print(sorted(m for m in sys.modules if m.startswith("linseg.readers")))
        """
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"


def test_a_text_file_imports_only_the_registry_and_the_plain_readers(tmp_path):
    doc = tmp_path / "notes.md"
    doc.write_text("# Bees\n\nBees make honey.\n\n# Trains\n\nTrains run on rails.\n")
    code = (
        "import sys, linseg; linseg.segment_file(sys.argv[1]); "
        "print(sorted(m for m in sys.modules if m.startswith('linseg.readers.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(doc)], capture_output=True, text=True, check=True
    ).stdout
    loaded = {m.rsplit(".", 1)[1] for m in json.loads(out.replace("'", '"'))}
    readers = {r.read.split(":")[0].rsplit(".", 1)[1] for r in BUILT_IN if isinstance(r.read, str)}
    # The transcripts' recogniser is asked of every text; no markup's reader is imported.
    assert loaded & readers == set()
    assert "importlib.metadata" not in out


# --- a format from another package --------------------------------------------------------

PLUGIN = """
from linseg.readers.formats import Format


def slides_text(text):
    lines = []
    for line in text.splitlines():
        lines.append("# " + line[7:] if line.startswith("Slide: ") else line)
    return "\\n".join(lines)


FORMAT = Format(
    name="slides_txt",
    summary="slides as plain text",
    what="slide text",
    read=slides_text,
    suffixes=(".slides",),
)
"""

DECK = (
    "Slide: Bees\nBees make honey. They live in hives. A hive has a queen.\n\n"
    "Slide: Trains\nTrains run on rails. Rails are made of steel. Trains are fast.\n"
)


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    """A package that adds the format ``slides_txt`` through the entry-point group."""
    (tmp_path / "slides_plugin.py").write_text(PLUGIN)
    dist = tmp_path / "slides_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: slides-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[linseg.formats]\nslides_txt = slides_plugin:FORMAT\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry._installed.cache_clear()
    yield tmp_path
    registry._installed.cache_clear()
    sys.modules.pop("slides_plugin", None)


def test_an_installed_format_is_read_by_name_and_by_suffix(plugin, capsys):
    assert "slides_txt" in formats() and "slides_txt" not in formats(installed=False)
    deck = plugin / "talk.slides"
    deck.write_text(DECK)
    by_suffix = linseg.segment_file(deck, method="c99")
    assert by_suffix.text.startswith("# Bees\nBees make honey.")
    assert "".join(by_suffix.segments) == by_suffix.text
    other = plugin / "talk.txt"
    other.write_text(DECK)
    assert main(["segment", str(other), "--format", "slides_txt", "--output", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "slides_txt"
    # A plain text file is not offered to installed formats.
    assert linseg.segment_file(other).text == DECK


def test_an_entry_point_that_is_no_format_is_refused(plugin):
    (plugin / "slides_plugin.py").write_text("FORMAT = 42\n")
    with pytest.raises(ValueError, match="gives a int, not a linseg.readers.formats.Format"):
        formats()


def test_an_installed_format_may_not_replace_a_built_in_one(plugin):
    (plugin / "slides_plugin.py").write_text(
        "from linseg.readers.formats import Format\n"
        "FORMAT = Format(name='html', summary='s', what='w', read=str)\n"
    )
    with pytest.raises(ValueError, match="redefines 'html'"):
        get_format("slides_txt")


def test_a_format_is_a_plain_record():
    f = Format(name="x", summary="s", what="w", read="linseg.readers.pod:pod_text")
    assert f.reader().__name__ == "pod_text" and f.stage == "installed"
    assert not f.recognises("=head1 NAME", "a.txt")  # no recogniser, not so named

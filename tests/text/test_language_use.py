"""language= and --language through the public API and the CLI."""

from __future__ import annotations

import json

import pytest

import linseg
from linseg.cli import main
from linseg.methods import create

GERMAN = (
    "Die Biene sammelt Nektar in den Blüten. Im Stock wird aus dem Nektar Honig. "
    "Die Bienen fächeln den Honig mit ihren Flügeln trocken. Eine Biene lebt wenige Wochen. "
    "Der Zug verließ den Bahnhof am Morgen. Die Lokomotive zog zwölf Wagen. "
    "Auf der Strecke hielt der Zug an jedem Bahnhof. Der Bahnhof lag im Tal."
)


def test_german_text_is_cut_between_its_topics():
    result = linseg.segment_text(GERMAN, language="de", method="u00")
    assert "".join(result.segments) == GERMAN
    assert result.boundaries == [4]


def test_auto_detects_the_language_and_gives_the_same_result():
    named = linseg.segment_text(GERMAN, language="de")
    auto = linseg.segment_text(GERMAN, language="auto")
    assert auto.boundaries == named.boundaries
    seg = create("c99", language="auto")
    assert seg.for_text(GERMAN).language == "de"
    assert seg.for_text(GERMAN) is seg.for_text(GERMAN)  # one copy per language


def test_sentences_are_split_by_the_language_rules(tmp_path, capsys):
    # German abbreviations (Abb., vgl., Kap.) end no sentence; English rules cut there.
    path = tmp_path / "de.txt"
    path.write_text("Siehe Abb. 3 und vgl. Kap. 2 im Buch. Das ist alles.\n", encoding="utf-8")
    assert main(["segment", str(path), "--language", "de", "--output", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["n_sentences"] == 2
    assert main(["segment", str(path), "--language", "en", "--output", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["n_sentences"] == 5
    # Named by no one, the language is detected: German, and its rules.
    assert main(["segment", str(path), "--output", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert (record["n_sentences"], record["params"]["language"]) == (2, "de")
    assert "the language detected: German (de); --language CODE names it" in record["notes"]


def test_unknown_language_is_one_line_exit_2(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("One sentence. Another one.\n")
    assert main(["segment", str(path), "--language", "xx"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unsupported language 'xx'" in err
    with pytest.raises(ValueError, match="unsupported language"):
        create("u00", language="klingon")


def test_bounds_on_the_command_line(tmp_path, capsys):
    text = " ".join(
        f"Sentence {i} is about {w}." for i, w in enumerate(["bees"] * 12 + ["trains"] * 12)
    )
    path = tmp_path / "t.txt"
    path.write_text(text)
    argv = ["segment", str(path), "--max-size", "5", "--min-size", "3", "--output", "json"]
    assert main(argv) == 0
    record = json.loads(capsys.readouterr().out)
    sizes = [b - a for a, b in zip([0, *record["boundaries"]], [*record["boundaries"], 24])]
    assert all(3 <= s <= 5 for s in sizes)
    assert 12 in record["boundaries"]  # the topic change is kept
    assert record["params"]["max_size"] == 5 and record["params"]["size_unit"] == "sentences"

"""Jupyter notebooks: their cells' text (Markdown as written, code fenced, outputs left
out), in nbformat 2 to 4, detection, and a notebook cut at its headings."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import TOPICS, topic_paragraphs
from linseg.readers.document import decode_document, detect_format
from linseg.readers.notebook import notebook_text, sniff_notebook
from support import refused_in_one_line, segment_file

V4 = {
    "nbformat": 4,
    "nbformat_minor": 5,
    "metadata": {"language_info": {"name": "python"}},
    "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Bees\n", "\n", "Bees make honey."]},
        {
            "cell_type": "code",
            "metadata": {},
            "source": "hive = 1\nprint('```')",
            "outputs": [{"output_type": "stream", "text": "an output, left out"}],
        },
        {"cell_type": "code", "metadata": {}, "source": [], "outputs": []},
        {"cell_type": "raw", "metadata": {}, "source": "Raw text."},
    ],
}
V4_TEXT = "# Bees\n\nBees make honey.\n\n````python\nhive = 1\nprint('```')\n````\n\nRaw text.\n"

V3 = {
    "nbformat": 3,
    "metadata": {},
    "worksheets": [
        {
            "cells": [
                {"cell_type": "heading", "level": 2, "source": ["Trains"]},
                {"cell_type": "markdown", "source": "Trains run on rails."},
                {"cell_type": "code", "input": "train = 2", "language": "python", "outputs": []},
            ]
        }
    ],
}
V3_TEXT = "## Trains\n\nTrains run on rails.\n\n```python\ntrain = 2\n```\n"


def test_cells_read_as_the_rules_say():
    assert notebook_text(json.dumps(V4)) == V4_TEXT
    assert notebook_text(json.dumps(V3)) == V3_TEXT
    assert notebook_text(json.dumps({"nbformat": 4, "cells": []})) == ""


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        (json.dumps(V4, indent=1), None, True),
        (json.dumps(V3), None, True),
        ("{}", "bees.ipynb", True),
        ('{"nbformat": 4}', None, False),  # no cells
        ('{"cells": [], "note": "nbformat"}', None, False),
        ("Prose that names nbformat.", None, False),
    ],
)
def test_detection(text, path, expected):
    assert sniff_notebook(text, path) is expected
    assert (detect_format(text, path) == "ipynb") is expected


def test_a_broken_notebook_is_refused_in_one_line(tmp_path, capsys):
    refused_in_one_line(
        tmp_path / "bees.ipynb", b"{not json", capsys, "the notebook is not valid JSON"
    )
    refused_in_one_line(tmp_path / "b.ipynb", b'{"a": 1}', capsys, "the JSON is not a notebook")


def test_a_notebook_is_cut_at_its_headings(tmp_path, capsys):
    cells = []
    for title, sentence in TOPICS.items():
        body = "\n\n".join(topic_paragraphs(sentence))
        cells.append({"cell_type": "markdown", "source": f"## {title}\n\n{body}"})
        cells.append({"cell_type": "code", "source": f"{title.lower()} = True", "outputs": []})
    path = tmp_path / "bees.ipynb"
    path.write_text(json.dumps({"nbformat": 4, "metadata": {}, "cells": cells}))
    record = segment_file(path, capsys)
    assert record["format"] == "ipynb"
    assert [s.split("\n")[0] for s in record["segments"]] == ["## Hives", "## Honey", "## Swarms"]


_CELL = st.fixed_dictionaries(
    {
        "cell_type": st.sampled_from(["markdown", "code", "raw", "heading", "other"]),
        "source": st.one_of(st.text(max_size=40), st.lists(st.text(max_size=15), max_size=4)),
        "level": st.integers(-1, 9),
    }
)


@settings(max_examples=100, deadline=None)
@given(st.lists(_CELL, max_size=8))
def test_any_notebook_reads_and_joins_back(cells):
    data = json.dumps({"nbformat": 4, "cells": cells}).encode()
    try:
        doc = decode_document(data)
    except ValueError as exc:  # a notebook that shows no text
        assert "shows no text" in str(exc) or "no sentences" in str(exc)
        return
    assert doc.format == "ipynb"
    assert "".join(doc.segment_texts(list(range(1, len(doc.sentences))))) == doc.text


def test_segment_file_reads_as_the_cli_does(tmp_path):
    from linseg import segment_file, segment_text

    examples = Path(__file__).resolve().parents[2] / "examples"
    doc = segment_file(examples / "hive-traffic.ipynb")
    assert doc.boundaries == [1, 5, 9]
    assert "".join(doc.segments) == doc.text
    with open(examples / "three-topics.txt", encoding="utf-8") as fh:
        text = fh.read()
    packed = tmp_path / "notes.txt.gz"
    packed.write_bytes(gzip.compress(text.encode()))
    assert segment_file(packed).segments == segment_text(text).segments
    assert segment_file(packed, 4, "c99").boundaries == [7, 13, 16]

"""GNU Info manuals (their nodes' text, split manuals read from their parts) and compressed
input (gzip, bzip2, xz) decompressed before any format is read."""

from __future__ import annotations

import bz2
import gzip
import lzma

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import TOPICS, topic_paragraphs
from linseg.methods import create
from linseg.readers.document import decode_document, detect_format, read_document
from linseg.readers.info import info_parts, info_text, sniff_info
from support import refused_in_one_line, segment_file

PREAMBLE = (
    "This is bees.info, produced by makeinfo version 6.8 from bees.texi.\n\n"
    "This manual documents bees.\n"
    "INFO-DIR-SECTION Nature\nSTART-INFO-DIR-ENTRY\n* Bees: (bees).  Bees.\nEND-INFO-DIR-ENTRY\n\n"
)
TOP = (
    "\x1f\nFile: bees.info,  Node: Top,  Next: Hives,  Up: (dir)\n\n"
    "Bees\n****\n\nThis manual documents bees.\n\n"
    "* Menu:\n\n* Hives::     Where bees live.\n* Honey::     What bees make,\n"
    "                and how.\n\n"
)
HIVES = (
    "\x1f\nFile: bees.info,  Node: Hives,  Next: Honey,  Prev: Top,  Up: Top\n\n"
    "1 Hives\n*******\n\nBees live in hives.\n\n"
    "* Menu:\n\n* Combs::  Inside.\n\n"
    "   ---------- Footnotes ----------\n\n   (1) Mostly.\n\n"
)
HONEY = (
    "\x1f\nFile: bees.info,  Node: Honey,  Prev: Hives,  Up: Top\n\n"
    "2 Honey\n*******\n\nBees make \x00\x08[index\x00\x08]honey.\n\n"
)
TABLES = (
    "\x1f\nTag Table:\nNode: Top\x7f200\nNode: Hives\x7f400\n\x1f\nEnd Tag Table\n\n"
    "\x1f\nLocal Variables:\ncoding: utf-8\nEnd:\n"
)
MANUAL = PREAMBLE + TOP + HIVES + HONEY + TABLES
# What the manual says, checked by hand: no preamble, node lines, menus, tags or tables;
# the footnotes after a menu kept.
EXPECTED = (
    "Bees\n****\n\nThis manual documents bees.\n\n"
    "1 Hives\n*******\n\nBees live in hives.\n\n"
    "   ---------- Footnotes ----------\n\n   (1) Mostly.\n\n"
    "2 Honey\n*******\n\nBees make honey.\n"
)


def test_the_nodes_text_as_plain_text():
    assert info_text(MANUAL) == EXPECTED
    assert info_parts(MANUAL) == []
    assert info_text(PREAMBLE) == ""


INDEX = (
    "\x1f\nFile: bees.info,  Node: Index,  Prev: Honey,  Up: Top\n\n"
    "Index\n*****\n\n\x00\x08[index\x00\x08]\n* Menu:\n\n"
    "* hive:                                  Hives.                (line  6)\n"
)


def test_a_menu_ends_where_the_node_s_text_goes_on():
    # bc's manual opens some nodes with their menu; a menu's one-line comments (the Top
    # node's "-- The Detailed Node Listing --") and its entries' indented lines are the
    # menu's. Checked against what GNU info prints of the node.
    node = (
        "\x1f\nFile: bees.info,  Node: Life,  Up: Top\n\n3 Life\n******\n\n"
        "* Menu:\n\n* Eggs::\n* Larvae::     What hatches,\n               and grows.\n\n"
        " -- The Detailed Node Listing --\n\n* Pupae::\n\n"
        "A bee's life has four stages, from the egg\nto the adult.\n\nA line.\n"
        "\n* Menu:\n\n* Drones::\n\n   An indented paragraph\nafter a menu.\n"
    )
    assert info_text(TOP + node).endswith(
        "3 Life\n******\n\nA bee's life has four stages, from the egg\nto the adult.\n\nA line.\n"
        "\n   An indented paragraph\nafter a menu.\n"
    )


def test_an_index_left_with_its_title_alone_is_left_out():
    # The index is a menu; without it, its title would open an empty last section.
    assert info_text(PREAMBLE + TOP + HIVES + HONEY + INDEX + TABLES) == EXPECTED
    # An index node that says something before its index keeps it, title and all.
    said = INDEX.replace("*****\n\n", "*****\n\nEvery term, with its node.\n\n")
    assert info_text(TOP + said).endswith("Index\n*****\n\nEvery term, with its node.\n")
    # A chapter's node that holds only its title and a menu is no index: its title opens
    # the sections of the nodes below it.
    chapter = (
        "\x1f\nFile: bees.info,  Node: Life,  Up: Top\n\n3 Life\n******\n\n* Menu:\n\n* Eggs::\n"
    )
    assert info_text(TOP + chapter).endswith("3 Life\n******\n")


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        (MANUAL, None, True),
        (TOP + HONEY, None, True),  # no preamble: a node opens it
        ("Some text.", "bees.info", False),  # other tools write .info files too
        ("Some text.", "/x/bees.info-2", False),
        ("This is a text, produced by hand.\n", None, False),
        ("\x1f\nNot a node line\n", None, False),
    ],
)
def test_detection(text, path, expected):
    assert sniff_info(text, path) is expected
    assert (detect_format(text, path) == "info") is expected


def test_a_split_manual_is_read_from_its_parts(tmp_path):
    main = PREAMBLE + "\x1f\nIndirect:\nbees.info-1: 200\nbees.info-2: 900\n" + TABLES
    (tmp_path / "bees.info.gz").write_bytes(gzip.compress(main.encode()))
    (tmp_path / "bees.info-1.gz").write_bytes(gzip.compress((PREAMBLE + TOP + HIVES).encode()))
    (tmp_path / "bees.info-2").write_text(PREAMBLE + HONEY, encoding="utf-8")
    assert info_parts(main) == ["bees.info-1", "bees.info-2"]
    doc = read_document(tmp_path / "bees.info.gz")
    assert (doc.format, doc.format_detected, doc.text) == ("info", True, EXPECTED)
    assert doc.path == str(tmp_path / "bees.info.gz")
    with pytest.raises(ValueError, match="give the file's path, not standard input"):
        decode_document(main.encode())
    with pytest.raises(ValueError, match="index of a split manual"):
        info_text(main)
    (tmp_path / "bees.info-2").unlink()
    with pytest.raises(ValueError, match=r"bees\.info-2, which .* reads, is not in"):
        read_document(tmp_path / "bees.info.gz")


def test_a_manual_is_cut_at_its_chapters(tmp_path, capsys):
    nodes = []
    for i, (title, sentence) in enumerate(TOPICS.items(), 1):
        body = "\n\n".join(topic_paragraphs(sentence))
        heading = f"{i} {title}"
        nodes.append(
            f"\x1f\nFile: bees.info,  Node: {title},  Up: Top\n\n"
            f"{heading}\n{'*' * len(heading)}\n\n{body}\n\n* Menu:\n\n* More::  More.\n\n"
        )
    path = tmp_path / "bees.info"
    path.write_text(PREAMBLE + "".join(nodes) + TABLES, encoding="utf-8")
    record = segment_file(path, capsys)
    assert record["format"] == "info"
    assert [s.split("\n")[0] for s in record["segments"]] == ["1 Hives", "2 Honey", "3 Swarms"]
    assert "".join(record["segments"]) == read_document(path).text


_NODE_TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x1f\x00\x08\x7f"),
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_NODE_TEXT, st.booleans()), min_size=1, max_size=5))
def test_every_line_outside_menus_is_kept(nodes):
    text = "This is x.info, produced by makeinfo.\n"
    for i, (body, menu) in enumerate(nodes):
        body = "\n".join(ln for ln in body.split("\n") if not ln.startswith("* Menu:"))
        text += f"\x1f\nFile: x.info,  Node: N{i},  Up: Top\n\n{body}\n"
        text += "* Menu:\n\n* Other::  gone.\n" if menu else ""
    read = info_text(text)
    assert "File: x.info" not in read and "Other::" not in read and "\x1f" not in read
    for body, _ in nodes:
        for line in body.split("\n"):
            if line.strip() and not line.startswith("* Menu:"):
                assert line in read


SAMPLE = "Bees make honey in the hive.\n\nTrains run on rails between towns.\n"


@pytest.mark.parametrize(
    ("compress", "suffix"), [(gzip.compress, ".gz"), (bz2.compress, ".bz2"), (lzma.compress, ".xz")]
)
def test_compressed_input_is_read_as_the_bytes_it_holds(compress, suffix, tmp_path):
    plain = decode_document(SAMPLE.encode())
    packed = decode_document(compress(SAMPLE.encode()), path=f"notes.txt{suffix}")
    assert (packed.text, packed.sentences, packed.format) == (plain.text, plain.sentences, "text")
    assert packed.path == f"notes.txt{suffix}"
    page = compress(b"<p>Bees make honey.</p>")
    assert decode_document(page, path=f"page.html{suffix}").format == "html"  # by its name
    assert decode_document(page, path=None).format == "text"
    assert create("u00_pr").segment(packed.sentences).boundaries == [1]


def test_text_that_opens_like_bzip2_is_text():
    assert decode_document(b"BZh is how bzip2 opens.").text == "BZh is how bzip2 opens."


@pytest.mark.parametrize(
    ("data", "what"),
    [
        (b"\x1f\x8b\x08\x00broken", "gzip"),
        (b"BZh91AY&SYbroken", "bzip2"),
        (b"\xfd7zXZ\x00broken", "xz"),
    ],
)
def test_a_broken_archive_is_refused_in_one_line(data, what, tmp_path, capsys):
    refused_in_one_line(
        tmp_path / "notes.gz", data, capsys, f"input is {what}-compressed but cannot be"
    )


def test_binary_bytes_inside_an_archive_are_refused_as_binary(tmp_path, capsys):
    data = gzip.compress(b"Some text. \x00 More.\n")
    refused_in_one_line(tmp_path / "notes.txt.gz", data, capsys, "input is binary, not text")


def test_a_corpus_run_names_outputs_by_what_they_hold(tmp_path, capsys):
    from linseg.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    main_file = PREAMBLE + "\x1f\nIndirect:\nbees.info-1: 200\n" + TABLES
    (docs / "bees.info.gz").write_bytes(gzip.compress(main_file.encode()))
    (docs / "bees.info-1.gz").write_bytes(gzip.compress(MANUAL.encode()))
    (docs / "README.gz").write_bytes(gzip.compress(SAMPLE.encode()))
    (docs / "notes.txt.xz").write_bytes(lzma.compress(SAMPLE.encode()))
    (docs / "man1").mkdir()
    page = ".TH BEES 1\n.SH NAME\nbees \\- keep bees\n"
    (docs / "man1" / "bees.1.gz").write_bytes(gzip.compress(page.encode()))
    out = tmp_path / "out"
    assert main(["segment", str(docs), "--out", str(out)]) == 0
    capsys.readouterr()
    # The part is read with its main file; the outputs are text, named so.
    written = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
    assert written == ["README", "bees.info.txt", "man1", "notes.txt"]
    assert [p.name for p in (out / "man1").iterdir()] == ["bees.1.txt"]
    assert (out / "bees.info.txt").read_text(encoding="utf-8").replace(
        "==========\n", ""
    ) == EXPECTED


_PIECES = st.sampled_from(
    [
        "\x1f\n",
        "File: x.info,  Node: N,  Up: Top\n",
        "* Menu:\n",
        "* Other::  gone.\n",
        "Indirect:\nx.info-1: 10\n",
        "Tag Table:\nNode: N\x7f10\n",
        "\x00\x08[index\x00\x08]",
        "Bees make honey. ",
        "Title\n*****\n",
        "\n\n",
        ".TH T 1\n",
        ".SH S\n",
        ".so man1/x.1\n",
        "\x1f\x8b",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_PIECES, max_size=20), st.sampled_from(["auto", "info", "man", "text"]))
def test_any_such_input_is_read_or_refused_in_words(pieces, fmt):
    data = "".join(pieces).encode()
    try:
        doc = decode_document(data, fmt)
    except ValueError as exc:  # refused, with a message (a split manual, a damaged archive)
        assert str(exc) and "\n" not in str(exc)
        return
    boundaries = create("u00_pr").segment(doc.sentences).boundaries
    assert "".join(doc.segment_texts(boundaries)) == doc.text


def test_an_archive_that_unpacks_to_too_much_is_refused(monkeypatch):
    from linseg.readers import compression

    monkeypatch.setattr(compression, "MAX_TEXT_BYTES", 100)
    assert decode_document(gzip.compress(b"Bees. " * 16)).text == "Bees. " * 16  # 96 bytes
    with pytest.raises(ValueError, match="unpacks to more than"):
        decode_document(gzip.compress(b"Bees. " * 17))

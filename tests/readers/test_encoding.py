"""Input encodings: byte-order marks, the encodings documents declare, and the files they
include."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linseg import segment_file
from linseg.cli import main
from linseg.readers.document import decode_document, read_document
from linseg.readers.encoding import declared, decode

CAFE = "Caf\u00e9 cr\u00e8me, \u201cvoil\u00e0\u201d."  # cp1252's quotes: 0x93 and 0x94


@pytest.mark.parametrize(
    "head, name",
    [
        (b'<?xml version="1.0" encoding="ISO-8859-2"?>\n<html/>', "iso8859-2"),
        (b"<?xml version='1.0' encoding='koi8-r'?>", "koi8-r"),
        (b'<html><head><meta charset="iso-8859-15">', "iso8859-15"),
        (b"<META HTTP-EQUIV=Content-Type CONTENT='text/html; charset=Windows-1250'>", "cp1250"),
        # A Latin-1 or ASCII label is read as Windows-1252, as browsers read it.
        (b'<meta charset="latin1">', "cp1252"),
        (b'<meta http-equiv="Content-Type" content="text/html; charset=us-ascii">', "cp1252"),
        (b'.\\" -*- coding: latin-1 -*-\n.TH X 1\n', "cp1252"),
        (b"#!/bin/sh\n# vim: set fileencoding=iso-8859-7 :\n", "iso8859-7"),
        (b"# -*- mode: org; coding: iso-latin-9-unix -*-\n", "iso8859-15"),
        (b"=pod\n\n=encoding latin2\n\n=head1 NAME\n", "iso8859-2"),
        (
            b"\\documentclass{article}\n\\usepackage[T1]{fontenc}\n"
            b"\\usepackage[latin9]{inputenc}\n",
            "iso8859-15",
        ),
        (b"\\usepackage[ansinew]{inputenc}", "cp1252"),
        (b"\\usepackage[utf8,applemac]{inputenc}", "mac-roman"),  # the last one rules
        (b"body\n\x1f\nLocal Variables:\ncoding: iso-8859-1\nEnd:\n", "cp1252"),
    ],
)
def test_declarations(head, name):
    assert declared(head) == name


@pytest.mark.parametrize(
    "head",
    [
        b"plain text with no declaration",
        b'<meta charset="utf-16">',  # an ASCII-readable declaration cannot be UTF-16
        b'<meta charset="hex">',  # not a text encoding
        b'<meta charset="no-such-thing">',
        b"line one\nline two\n# -*- coding: latin-1 -*-\n",  # only the first two lines
        b"% \\usepackage[latin1]{inputenc}\n",  # commented out
    ],
)
def test_no_declaration(head):
    assert declared(head) is None


def test_valid_utf8_wins_over_a_declaration():
    data = '<meta charset="iso-8859-1"><p>Caf\u00e9</p>'.encode()
    assert decode(data) == ('<meta charset="iso-8859-1"><p>Caf\u00e9</p>', "utf-8", None)


def test_declared_latin1_is_read_as_cp1252_and_said():
    data = b'<meta charset="iso-8859-1"><p>' + CAFE.encode("cp1252") + b"</p>"
    text, used, note = decode(data)
    assert text.endswith(CAFE + "</p>") and used == "cp1252"
    assert note == "read as cp1252, the encoding it declares (it is not valid UTF-8)"
    # Bytes that Windows-1252 leaves undefined are Latin-1's controls.
    assert decode(b'<meta charset="latin1">\x81\xe9')[:2] == (
        '<meta charset="latin1">\x81\u00e9',
        "iso8859-1",
    )


def test_bytes_that_are_not_what_they_declare_keep_utf8s_error():
    with pytest.raises(UnicodeDecodeError) as err:
        decode(b'<meta charset="utf-8">caf\xe9')
    assert err.value.encoding == "utf-8" and err.value.start == 25
    with pytest.raises(UnicodeDecodeError) as err:
        decode(b'<meta charset="shift_jis">\xff\xfe caf\xe9')  # invalid in both
    assert err.value.encoding == "utf-8"


@pytest.mark.parametrize("bom_codec", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_byte_order_marks(bom_codec):
    text = "Bees. \u00c9t\u00e9 \u2014 honey.\n"
    data = text.encode(bom_codec)
    if bom_codec in ("utf-16-le", "utf-16-be"):
        data = (
            codecs.BOM_UTF16_LE + data if bom_codec.endswith("le") else codecs.BOM_UTF16_BE + data
        )
    decoded, used, note = decode(data)
    assert decoded == text
    assert (note is None) == (used == "utf-8")


def test_a_given_encoding_is_used_as_given():
    data = b'<meta charset="iso-8859-2">\xb1'
    assert decode(data)[0].endswith("\u0105")  # latin-2's a-ogonek
    assert decode(data, "latin-1")[0].endswith("\u00b1")
    with pytest.raises(UnicodeDecodeError):
        decode(data, "utf-8")
    assert decode(codecs.BOM_UTF8 + b"x", "utf-8") == ("x", "utf-8", None)
    with pytest.raises(ValueError, match="--encoding 'rot13'"):
        decode(b"x", "rot13")


def test_the_cli_reads_what_the_page_declares(tmp_path, capsys):
    page = tmp_path / "old.html"
    page.write_bytes(
        b'<html><head><meta http-equiv="Content-Type" content="text/html; '
        b'charset=iso-8859-1"></head><body><p>' + CAFE.encode("cp1252") + b"</p></body></html>"
    )
    assert main(["segment", str(page)]) == 0
    assert capsys.readouterr().out == CAFE + "\n"
    assert segment_file(page).text == CAFE + "\n"
    assert read_document(page).notes[0].startswith("read as cp1252")
    # Given, the encoding is the user's: strict UTF-8 refuses the page.
    assert main(["segment", str(page), "--encoding", "utf-8"]) == 2
    assert "not valid utf-8" in capsys.readouterr().err


@pytest.mark.parametrize(
    "data, hint",
    [
        # Windows' quotes: Latin-1 would read them as C1 controls.
        (b"He said \x93bees\x94 fly. Caf\xe9.\n", "e.g. --encoding cp1252 (Windows'"),
        # 0x81 is no character of Windows-1252: every byte is one of Latin-1's.
        (b"Caf\xe9 \x81.\n", "e.g. --encoding latin-1\n"),
    ],
)
def test_the_error_suggests_an_encoding_that_reads_every_byte(data, hint, tmp_path, capsys):
    path = tmp_path / "old.txt"
    path.write_bytes(data)
    assert main(["segment", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("linseg: error: input is not valid utf-8 (byte 0x") and hint in err
    assert err.count("\n") == 1


def test_utf16_without_a_mark_is_named_in_the_error(tmp_path, capsys):
    for order in ("le", "be"):
        f = tmp_path / f"notes-{order}.txt"
        f.write_bytes("Bees make honey. Trains run on rails.\n".encode(f"utf-16-{order}"))
        assert main(["segment", str(f)]) == 2
        err = capsys.readouterr().err
        assert err == (
            "linseg: error: input looks like UTF-16 text without a byte-order mark; "
            f"pass --encoding utf-16-{order}\n"
        )
        assert main(["segment", str(f), "--encoding", f"utf-16-{order}"]) == 0
        assert capsys.readouterr().out == "Bees make honey. Trains run on rails.\n"


def test_an_included_file_takes_the_including_files_encoding(tmp_path):
    (tmp_path / "part.org").write_bytes("* R\u00fbche\nLa cire d\u2019abeille.\n".encode("cp1252"))
    main_org = tmp_path / "main.org"
    main_org.write_bytes(
        b"# -*- coding: latin-1 -*-\n#+TITLE: Ruchers\n* Miel\nLe miel d\xe9j\xe0 r\xe9colt\xe9.\n"
        b'#+INCLUDE: "part.org"\n'
    )
    doc = read_document(main_org)
    assert doc.format == "org"
    assert "R\u00fbche" in doc.text and "cire d\u2019abeille" in doc.text
    # The included file declares its own encoding: that one is used.
    (tmp_path / "part.org").write_bytes(
        b"# -*- coding: iso-8859-2 -*-\n* R\xb1czka\n"  # latin-2's a-ogonek
    )
    assert "R\u0105czka" in read_document(main_org).text


def test_pod_and_latex_read_in_their_declared_encodings():
    pod = b"=pod\n\n=encoding latin1\n\n=head1 NAME\n\nCaf\xe9 - a module\n\n=head1 USAGE\n\nUse it.\n"
    doc = decode_document(pod, path="cafe.pod")
    assert doc.format == "pod" and "Caf\u00e9 - a module" in doc.text
    tex = (
        b"\\documentclass{article}\n\\usepackage[latin9]{inputenc}\n\\begin{document}\n"
        b"\\section{Prix}\nLe miel co\xfbte 10 \xa4.\n\\end{document}\n"
    )
    doc = decode_document(tex, path="prix.tex")
    assert doc.format == "tex" and "co\u00fbte 10 \u20ac" in doc.text


# Printable Latin-1, less 0x80-0x9f, where Windows-1252 and Latin-1 differ.
_LATIN = st.characters(
    min_codepoint=32, max_codepoint=255, exclude_characters="".join(map(chr, range(0x7F, 0xA0)))
)


@settings(max_examples=80, deadline=None)
@given(st.text(_LATIN, min_size=1), st.sampled_from(["iso-8859-1", "iso-8859-15", "iso-8859-2"]))
def test_a_declared_text_reads_back(body, label):
    header = f'<?xml version="1.0" encoding="{label}"?>\n'
    try:
        data = (header + body).encode(label)
    except UnicodeEncodeError:
        return  # a character that this encoding lacks
    text, used, note = decode(data)
    if used == "utf-8":  # ASCII, or bytes that happen to be valid UTF-8 ("\u00c3\u00a9")
        assert note is None and text == data.decode("utf-8")
        assert text == header + body or not body.isascii()
    else:
        assert text == header + body and note is not None

"""Manual pages (man(7) and mdoc(7) sources): their text with their sections as headings,
detection, pages that include another, and a page cut at its sections."""

from __future__ import annotations

import gzip

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import TOPICS, topic_paragraphs
from linseg.readers import manpage
from linseg.readers.document import decode_document, detect_format, read_document
from linseg.readers.manpage import included_page, man_text, plain, sniff_man
from support import segment_file

MAN = r""".\" A comment line.
'\" t
.TH BEES 1 "2026-11-27" "bees 1.0" "User Commands"
.de XX
.B this definition is not text
..
.ds Qv quoted
.SH NAME
bees \- keep bees
.SH DESCRIPTION
.B bees
keeps \fIbees\fR in a hive.\" a comment after text
It makes \*(Qv honey \(em and wax.
.PP
A second
.BR paragraph (1),
with a
.br
line break.
.SS Options
.TP
.B \-v
Says more.
.IP \(bu 2
A bullet.
.SH EXAMPLES
.nf
bees \-v
  hive
.fi
.TS
tab(;);
l l.
one;two
_
three;four
.TE
"""
MAN_TEXT = """# BEES(1)

## NAME

bees - keep bees

## DESCRIPTION

bees keeps bees in a hive. It makes quoted honey \u2014 and wax.

A second paragraph(1), with a
line break.

### Options

-v
Says more.

- A bullet.

## EXAMPLES

```
bees -v
  hive
```

one | two
three | four
"""

MDOC = r""".Dd November 27, 2026
.Dt HIVE 1
.Os
.Sh NAME
.Nm hive
.Nd watch a hive
.Sh SYNOPSIS
.Nm
.Op Fl v
.Op Fl f Ar file
.Sh DESCRIPTION
The
.Nm
utility reads
.Ar file ,
as
.Xr bees 1
does, from a
.Ux Ns -domain
socket.
.Sm off
.Oo user @ Oc host Op : port .
.Sm on
.Bl -tag -width Ds
.It Fl v
Verbose.
.El
.Bd -literal
hive -v
.Ed
"""
MDOC_TEXT = """# HIVE(1)

## NAME

hive \u2014 watch a hive

## SYNOPSIS

hive [-v] [-f file]

## DESCRIPTION

The hive utility reads file, as bees(1) does, from a UNIX-domain socket. [user@]host[:port].

-v
Verbose.

```
hive -v
```
"""


def test_a_man_page_read_as_the_rules_say():
    assert man_text(MAN) == MAN_TEXT


def test_an_mdoc_page_read_as_the_rules_say():
    assert man_text(MDOC) == MDOC_TEXT


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (r"\fBbold\fR and \fIitalic\fP", "bold and italic"),
        (r"caf\('e na\(:ive", "caf\u00e9 na\u00efve"),
        (r"\[u00E9]t\['e]", "\u00e9t\u00e9"),
        (r"a\-b \e c\ d\&.", "a-b \\ c d."),
        (r"\s-2small\s0 \*(Aq", "small "),
    ],
)
def test_escapes(line, expected):
    assert plain(line) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (MAN, True),
        (MDOC, True),
        (".so man1/bees.1\n", True),
        (".TH NOSECTIONS 1\nText without sections.\n", False),
        ("Prose that mentions .TH in a line.\n.SH is not alone\n", False),
        ("# A Markdown title\n", False),
    ],
)
def test_detection(text, expected):
    assert sniff_man(text) is expected
    assert (detect_format(text) == "man") is expected


def test_a_page_that_includes_another_is_read_from_it(tmp_path):
    (tmp_path / "man1").mkdir()
    (tmp_path / "man1" / "bees.1.gz").write_bytes(gzip.compress(MAN.encode()))
    (tmp_path / "man1" / "apis.1").write_text('.\\" an alias\n.so man1/bees.1\n')
    assert included_page((tmp_path / "man1" / "apis.1").read_text()) == "man1/bees.1"
    doc = read_document(tmp_path / "man1" / "apis.1")
    assert (doc.format, doc.text) == ("man", MAN_TEXT)
    with pytest.raises(ValueError, match="give the file's path"):
        decode_document(b".so man1/bees.1\n")
    (tmp_path / "man1" / "bees.1.gz").unlink()
    with pytest.raises(ValueError, match=r"man1/bees\.1, which .* reads, is not in"):
        read_document(tmp_path / "man1" / "apis.1")


def test_a_page_is_cut_at_its_sections(tmp_path, capsys):
    source = ".TH BEES 7\n"
    for title, sentence in TOPICS.items():
        source += f".SH {title.upper()}\n" + "\n.PP\n".join(topic_paragraphs(sentence)) + "\n"
    path = tmp_path / "bees.7"
    path.write_text(source)
    record = segment_file(path, capsys)
    assert record["format"] == "man"
    firsts = [s.split("\n")[0] for s in record["segments"]]
    assert firsts == ["# BEES(7)", "## HONEY", "## SWARMS"]
    assert "".join(record["segments"]) == read_document(path).text


_LINE = st.text(st.sampled_from("ab .'\\\"-fB(*[]"), max_size=12)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            _LINE,
            st.sampled_from(
                [
                    ".SH X",
                    ".TP",
                    ".nf",
                    ".fi",
                    ".TS",
                    ".TE",
                    ".de Y",
                    "..",
                    ".Y a b",
                    "\\\\$1 \\\\$*",
                    '.if "\\\\$1"a" shown',
                    ".am Y",
                    ".Bd -literal",
                    ".Ed",
                    ".It Fl x",
                    ".Op Fl",
                ]
            ),
        ),
        max_size=30,
    )
)
def test_any_source_reads_without_error(lines):
    text = man_text(".TH T 1\n" + "\n".join(lines))
    assert text == "" or text.endswith("\n")


CONDITIONS = r""".TH C 1
.if !rzZ .nr zZ 0
.if \n(zZ=1 .ig zZ
.SH SHOWN
.if n Terminal text.
.if t Typeset text.
.ie n \{\
First branch.
.\}
.el \{\
Second branch.
.\}
.zZ
.SH MORE
.nr zZ 1
.if \n(zZ=1 .ig zZ
Hidden.
.zZ
Visible \m[blue]link\m[] e\.g\. \N'34'q\N'34'.
"""


def test_conditions_as_a_terminal_formatter_takes_them():
    # nroff's "n" holds and "t" does not; a register is 0 until the page sets it, and
    # ".ig zZ" ignores lines up to ".zZ".
    assert man_text(CONDITIONS) == (
        '# C(1)\n\n## SHOWN\n\nTerminal text. First branch.\n\n## MORE\n\nVisible link e.g. "q".\n'
    )


# pod2man's preamble continues a condition on the next line, its block opening there.
CONTINUED = r""".TH C 1
.if \n(.H>23 .if \n(.V>19 \
\{\
.    ds o a
.\}
.ie n \{\
.    ds L" ""
'br\}
.el\{\
.    ds L" ``
'br\}
.SH NAME
One line \
goes on, and a comment's backslash ends with it. \" not here \
Next \*(L"quoted\*(L".
"""


def test_an_escaped_newline_joins_two_lines():
    # Checked by hand against groff -mandoc -Tutf8: the first block does not run
    # (registers .H and .V are 0), "\" + newline joins the lines, a comment ends its
    # line, ".el\{\" is an .el whose block does not run after an .ie that held, and
    # '.ds L" ""' sets L" to one quote.
    assert man_text(CONTINUED) == (
        "# C(1)\n\n## NAME\n\n"
        'One line goes on, and a comment\'s backslash ends with it. Next "quoted".\n'
    )


# The macros a page defines, called: pod2man's verbatim block (.Vb ... .Ve, whose .fi is
# inside a macro), a macro of arguments, strings compared, and an old page's own TQ.
MACROS = r""".TH M 1
.de Vb \" Begin verbatim text
.ft CW
.nf
.ne \\$1
..
.de Ve \" End verbatim text
.ft R
.fi
..
.de ZN
.ie t \fB\^\\$1\^\fR\\$2
.el \fI\^\\$1\^\fP\\$2
..
.de hash
Prefix "\\$1"
.if "\\$1"" (empty string)
.ie "\\$2"unlimited" no limit.
.el \\$2 characters.
..
.de TQ
Not this.
..
.SH NAME
Run
.Vb 1
\&    ls -l \e
\&        /tmp
.Ve
and read
.ZN XOpen ,
then:
.hash $y$ unlimited
.hash "" "8 bytes"
.TP
a
.TQ
b
both.
"""


def test_a_page_s_own_macros_are_expanded_where_it_calls_them():
    # Checked by hand against groff -mandoc -Tutf8, which shows the same words up to TQ:
    # the verbatim lines are one display, arguments go in, strings compare as they show.
    # groff runs the page's own TQ; the reader reads a macro it knows (TQ) as man(7)
    # defines it, whatever a page defines in its place (old pages define TQ for
    # formatters without it, with the same meaning).
    assert man_text(MACROS) == (
        "# M(1)\n\n## NAME\n\nRun\n\n```\n    ls -l \\\n        /tmp\n```\n\n"
        'and read XOpen, then: Prefix "$y$" no limit. Prefix "" (empty string) 8 bytes '
        "characters.\n\na\n\nb\nboth.\n"
    )


def test_a_display_ends_at_its_fi_if_a_condition_runs_it_or_at_a_heading():
    # Tcl's pages box their synopsis with ".if n .nf" ... ".if n .fi" in macros, and
    # man(7)'s .SH turns filling back on: neither may swallow the sections after it.
    source = (
        ".TH D 1\n.nf\nkept  as is\n.if t \\{\\\nnot shown\nnor this\n.\\}\n.if t .fi\n.if n .fi\n"
        "filled\n.nf\ncode\n.SH NEXT\ntext\n"
    )
    assert (
        man_text(source)
        == "# D(1)\n\n```\nkept  as is\n```\n\nfilled\n\n```\ncode\n```\n\n## NEXT\n\ntext\n"
    )


def test_a_table_s_text_blocks_are_read_into_their_cells():
    # glibc's ATTRIBUTES tables name their functions in T{ ... T} blocks of font macros.
    source = (
        ".TH T 3\n.SH ATTRIBUTES\n.TS\nallbox;\nlbx lb lb\nl l l.\nInterface\tAttribute\tValue\n"
        "T{\n.BR ccos (),\n.BR ccosf ()\nT}\tThread safety\tT{\nMT-Safe\nT}\n.TE\n"
    )
    assert man_text(source) == (
        "# T(3)\n\n## ATTRIBUTES\n\nInterface | Attribute | Value\n"
        "ccos(), ccosf() | Thread safety | MT-Safe\n"
    )


def test_a_table_s_new_formats_after_t_and_are_no_row():
    # double_t(3type): ".T&" then "n rI rI." had read as a row "n | rI | rI".
    source = ".TH D 3\n.SH X\n.TS\nlB rI.\nA\tB\n.T&\nn rI.\n_\n0\tfloat\n.TE\n"
    assert man_text(source) == "# D(3)\n\n## X\n\nA | B\n0 | float\n"


def test_mdoc_s_references_read_as_groff_writes_them():
    # ssh(1)'s STANDARDS; groff prints the fields in its own order, not the page's.
    source = (
        ".Dd May 1, 2020\n.Dt S 1\n.Os\n.Sh STANDARDS\n.Rs\n.%A S. Lehtinen\n"
        ".%A C. Lonvick\n.%D January 2006\n.%R RFC 4250\n.%T The SSH Numbers\n.Re\n"
        ".Rs\n.%A A\n.%A B\n.%A C\n.%T Paper\n.%J Journal\n.Re\n"
        ".Rs\n.%T Unclosed\nText after it.\n"
    )
    assert man_text(source) == (
        "# S(1)\n\n## STANDARDS\n\n"
        "S. Lehtinen and C. Lonvick, The SSH Numbers, RFC 4250, January 2006. "
        "A, B, and C, \u201cPaper\u201d, Journal. Unclosed. Text after it.\n"
    )


def test_an_escaped_space_is_part_of_a_macro_s_argument():
    # ps(1): ".BR lstart , \\ start" had read "lstart,tart" (\\s taken as an escape).
    assert manpage.macro_arguments(r'a , \ start "q ""x"" r" end "open to the end') == [
        "a",
        ",",
        "\\ start",
        'q "x" r',
        "end",
        "open to the end",
    ]
    text = man_text(".TH P 1\n.SH X\n.BR lstart , \\ start , \\ stime .\n")
    assert text.endswith("lstart, start, stime.\n")


def test_a_table_with_no_formats_ends_at_its_te():
    # jq(1)'s tables have none; the text after them had been taken for formats.
    source = ".TH J 1\n.SH X\n.TS\nallbox;\nNo format:\n.TE\nKept.\n.PP\nAnd this.\n"
    assert man_text(source) == "# J(1)\n\n## X\n\nKept.\n\nAnd this.\n"


def test_an_indented_paragraph_s_tag_in_a_display_is_kept():
    # tc-hfsc(8) sets its grammar's rules as .IP tags inside .nf.
    source = '.TH H 8\n.SH X\n.nf\na\n.IP "SC := \\fBm1\\fR BPS"\nb\n.fi\n'
    assert man_text(source) == "# H(8)\n\n## X\n\n```\na\nSC := m1 BPS\nb\n```\n"


def test_registers_the_page_sets_show_their_values_and_nop_reads_its_line():
    # sensible-editor(1) numbers its list with \\n[step] and \\n+[step]; dmstats(8)'s
    # macro ends with ".nop Capitalise ...". A register the page does not set shows
    # nothing (groff's own, such as .l, depend on the device).
    source = (
        ".TH S 1\n.SH X\n.nr step 1 1\n.IP \\n[step]\nfirst\n.IP \\n+[step]\nsecond\n"
        ".PP\nline \\n(.l wide, \\n-[step] back\n.nop Capitalise.\n"
    )
    assert man_text(source) == (
        "# S(1)\n\n## X\n\n1\nfirst\n\n2\nsecond\n\nline wide, 1 back Capitalise.\n"
    )


def test_a_display_s_strings_and_an_escaped_backslash_before_an_n():
    # awk(1) defines its \\*(Pi inside an .nf display; makeindex(1) writes "\\\\n" (a
    # backslash and an n) beside a register the page sets.
    source = (
        ".TH A 1\n.nr n 5\n.SH X\n.nf\n.ie n .ds Pi pi\n.el .ds Pi \\\\(*p\n"
        'between \\-\\*(Pi and \\*(Pi\n.fi\n"\\\\n" and \\n[n]\n'
    )
    assert man_text(source) == ('# A(1)\n\n## X\n\n```\nbetween -pi and pi\n```\n\n"\\n" and 5\n')


def test_a_title_with_an_empty_section_shows_no_brackets():
    assert man_text('.TH "T" ""\n.SH X\ntext\n') == "# T\n\n## X\n\ntext\n"


def test_a_font_family_escape_shows_nothing():
    # libsasl(5) sets its names in \\FC (the family C) through a string.
    source = ".TH L 5\n.ds T< \\\\FC\n.ds T> \\\\F[]\n.SH X\nthe \\*(T<libsasl\\*(T> library\n"
    assert man_text(source) == "# L(5)\n\n## X\n\nthe libsasl library\n"


def test_a_backslash_in_a_table_s_text_block_is_read_once():
    source = ".TH H 1\n.SH X\n.TS\ntab(:);\nl l.\nT{\nNULL\nT}:T{\n\\(rs0\nT}\n.TE\n"
    assert man_text(source) == "# H(1)\n\n## X\n\nNULL | \\0\n"


def test_mdoc_s_standard_sentences_and_prototypes():
    # The words groff -mandoc prints, checked by hand; \\' is an apostrophe (ronn's).
    source = (
        ".Dd May 1, 2020\n.Dt X 3\n.Os\n.Sh NAME\n.Nm foo\n.Nd a thing\n.Sh SYNOPSIS\n"
        '.In stdio.h\n.Fn foo "int a" "char *b"\n.Sh RETURN VALUES\n.Rv -std foo bar\n'
        ".Sh EXIT STATUS\n.Ex -std\n.Sh NOTES\nIt\\'s done.\n"
    )
    assert man_text(source) == (
        "# X(3)\n\n## NAME\n\nfoo \u2014 a thing\n\n## SYNOPSIS\n\n"
        "#include <stdio.h>\n\nfoo(int a, char *b);\n\n## RETURN VALUES\n\n"
        "The foo() and bar() functions return the value 0 if successful; otherwise the value "
        "-1 is returned and the global variable errno is set to indicate the error.\n\n"
        "## EXIT STATUS\n\nThe foo utility exits 0 on success, and >0 if an error occurs.\n\n"
        "## NOTES\n\nIt's done.\n"
    )


def test_mdoc_s_declarations_a_paragraph_each_in_a_synopsis_and_inline_elsewhere():
    # crypt(3)'s SYNOPSIS, shortened; groff -mandoc prints the same lines and marks.
    source = (
        ".Dd May 1, 2020\n.Dt C 3\n.Os\n.Sh SYNOPSIS\n.In crypt.h\n"
        '.Ft "char *"\n.Fo crypt_r\n.Fa "const char *phrase"\n.Fa "void **data"\n.Fc\n'
        '.Ft int\n.Fn f "int a"\n.Sh DESCRIPTION\n.Ft int\n.Fo g\n.Fa x\n.Fc ,\nthen\n'
        ".Fn h .\n"
    )
    assert man_text(source) == (
        "# C(3)\n\n## SYNOPSIS\n\n#include <crypt.h>\n\nchar *\n"
        "crypt_r(const char *phrase, void **data);\n\nint\nf(int a);\n\n"
        "## DESCRIPTION\n\nint g(x), then h().\n"
    )


def test_named_characters_and_mdoc_s_strings():
    # groff -Tutf8 prints these (libmagic(3)'s author, file(1)'s \\*[Am]); an unknown
    # name shows nothing, as before.
    assert plain(r"M\(oans Rullg\(oard, user\(atexample.org") == "Måns Rullgård, user@example.org"
    assert plain(r"\(*a\(*W \(+-1\(de \[u0061_030A] \[char94] \(vs \(/o \(zz") == (
        "\u03b1\u03a9 \u00b11\u00b0 \u00e5 ^ \u0161 \u00f8 "
    )
    text = man_text(".Dd May 1, 2020\n.Dt F 1\n.Os\n.Sh X\nlong\\*[Am]0x7f \\*(Le 2\n")
    assert text.endswith("long&0x7f \u2264 2\n")


def test_links_show_their_addresses_after_their_text_as_groff_does():
    source = (
        ".TH L 1\n.SH AUTHOR\n.UR staikos@0wned.org\nGeorge Staikos\n.UE\n"
        "and bugs to\n.MT procps@freelists.org\n.ME .\n"
    )
    assert man_text(source) == (
        "# L(1)\n\n## AUTHOR\n\nGeorge Staikos <staikos@0wned.org> and bugs to "
        "procps@freelists.org.\n"
    )
    # grep(1) defines .UR and the others itself, for formatters without them (their
    # ".ds m1 \\$1" keeps the address in a string): the reader's reading is kept.
    own = '.TH G 1\n.de UR\n.ds m1 \\\\$1\\"\n..\n.de UE\n\\\\*(m1\n..\n' + source[8:]
    assert man_text(own) == man_text(source).replace("L(1)", "G(1)")


def test_macros_renamed_aliased_and_removed():
    # util-linux's pages: ".als MTO URL", where URL is the page's own; groff prints
    # "Karel Zak <kzak@redhat.com>." for the call.
    source = (
        ".TH A 8\n.de URL\n\\fI\\\\$2\\fP <\\\\$1>\\\\$3\n..\n.als MTO URL\n"
        ".SH AUTHORS\nby\n"
        '.MTO "kzak\\(atredhat.com" "Karel Zak" "."\n'
        ".als PARA PP\nnext\n.PARA\nsecond\n.rn URL LINK\n.URL x y\n.LINK a b\n"
        ".ds S gone\n.rm S LINK\n.LINK c d\n\\*S.\n"
    )
    assert man_text(source) == (
        "# A(8)\n\n## AUTHORS\n\nby Karel Zak <kzak@redhat.com>. next\n\nsecond b <a> .\n"
    )


def test_a_macro_that_calls_itself_stops():
    text = man_text(".TH R 1\n.de R\n.R\n.R\n..\n.R\n.SH AFTER\nStill read.\n")
    assert text == "# R(1)\n\n## AFTER\n\nStill read.\n"


def test_macros_write_at_most_twice_the_page_and_100000_characters_more():
    # A fuzzed page whose macro wrote 48 MB from 200 KB took 20 s to segment.
    source = ".TH W 1\n.de W\n" + "word " * 20_000 + "\n..\n" + ".W\n" * 1_000
    text = man_text(source)
    limit = manpage.EXPANSION_GROWTH * len(source) + manpage.EXPANSION_CHARACTERS
    assert limit - 100_000 < len(text) <= limit + 100


@pytest.mark.parametrize("target", ["/etc/passwd", "../../etc/passwd", "man1/../../x.1", "a/b/c.1"])
def test_a_page_may_not_include_a_file_outside_its_manual(target, tmp_path):
    (tmp_path / "man1").mkdir()
    (tmp_path / "man1" / "evil.1").write_text(f".so {target}\n")
    with pytest.raises(ValueError, match="outside its manual's folders"):
        read_document(tmp_path / "man1" / "evil.1")


def test_an_indented_paragraph_tagged_by_a_bullet_or_number_is_a_list_item():
    # pandoc writes a nested list so: each item an .IP with its mark, each nested list
    # inside .RS ... .RE. An option's .IP tag stays a line of its own above its text.
    page = (
        ".TH T 1\n.SH LISTS\n.IP \\(bu 2\nouter\n.RS 4\n.IP 1. 3\ninner one\n"
        ".IP 2. 3\ninner two\n.RE\n.IP \\(bu 2\nlast\n.IP \\-v 4\nverbose\n"
    )
    assert man_text(page) == (
        "# T(1)\n\n## LISTS\n\n- outer\n  1. inner one\n  2. inner two\n- last\n\n-v\nverbose\n"
    )


def test_an_item_s_later_paragraphs_continue_it():
    # pandoc's: the item's next paragraph in an .RS inside it; man's own: an .IP with no
    # tag. A paragraph at the margin ends the list, and an untagged .IP after it is no item's.
    page = (
        ".TH A 1\n.SH DESCRIPTION\n.IP \\(bu 2\nfirst\n.RS 2\n.PP\nits second paragraph\n"
        '.RE\n.IP \\(bu 2\nsecond\n.IP "" 2\nsecond goes on\n.RS 2\n.IP "1." 3\none\n'
        '.RS 4\n.PP\none goes on\n.RE\n.IP "2." 3\ntwo\n.RE\n.PP\nAfter.\n'
        '.IP "" 4\nIndented, in no list.\n'
    )
    assert man_text(page).split("## DESCRIPTION\n\n")[1] == (
        "- first\n  its second paragraph\n- second\n  second goes on\n  1. one\n"
        "     one goes on\n  2. two\n\nAfter.\n\nIndented, in no list.\n"
    )

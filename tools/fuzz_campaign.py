"""A fuzz campaign against linseg's readers: mutated and generated documents of every format.

What it checks: the robustness contract of ``docs/robustness.md``, on ``linseg segment FILE
--output json [--format F]`` run in-process (``linseg.cli.main``). A case FAILS when

- an exception escapes ``main`` (the failure key: its type and the innermost linseg frame,
  ``OverflowError@linseg/readers/office.py:247``), or ``--timeout`` seconds pass
  (``SIGALRM``; ``timeout@`` the frame it was in);
- the exit status is not 0 or 2; stderr holds a traceback; status 2 comes without exactly
  one line on stderr starting ``linseg`` (or with output on stdout);
- on status 0: stdout is not JSON; the JSON ``segments`` joined are not the text the reader
  produced (``linseg.cli.segment.read_document`` is hooked to keep it); the document's
  ``spans`` do not tile that text; or, for a text read as ``text`` or ``lines``, the segments
  joined are not the input decoded (decompressed, without a byte-order mark);
- the worker process running it dies (``died:F:SIGNAL``) or sends no heartbeat for 60 s
  (``hang:F``: a loop in C code, a regular expression say, that SIGALRM cannot interrupt);
  the parent kills and restarts it and keeps the case, with the Python stack that
  ``faulthandler`` wrote to the worker's log.

A case that takes over 5 s (under 1 MB) is kept as slow: the contract sets no time limit,
but most of what campaigns found (``tests/test_fuzz.py``) was quadratic time.

Cases start from seeds: the files under ``examples/``; data files under ``tests/`` (none of
1 MB or less yet) and the long string constants of ``tests/test_*.py``, their format
detected; a small built-in document for each format; documents from grammar generators
(DocBook, MediaWiki, DOCX, ODT, PPTX, ODP, EPUB: random nesting, styles, outline levels,
odd counts, includes); and the files under each ``--seeds DIR`` (in the format their name
says to ``linseg.readers.formats``, or ``.ref``, ``.json``, ``.1``, else ``text``). A case
picks a format, weighted towards the markup and container formats, or ``auto`` (no
``--format``: any format's bytes, often under another name), and mutates a seed: byte
edits, the format's tokens, nesting thousands deep, long runs, splices, other encodings
and false declarations of them, compression; a ZIP format's member is mutated and
re-zipped; the grammar formats also draw fresh documents.

Run it from the project root, linseg installed (and ``LINSEG_DATA`` set if need be)::

    python tools/fuzz_campaign.py --minutes 30 --workers 2 --out fuzz-out [--seed 1]
        [--formats docx,odt,auto] [--seeds DIR ...] [--timeout 20]
    python tools/fuzz_campaign.py --minimize fuzz-out/failures/FILE --format F

The same ``--seed`` (printed, and kept in ``stats.json``) and options make the same cases.
Under ``--out``: ``stats.json`` (cases by format and outcome, and those of the generated
documents as made, the most frequent one-line errors, failure keys with counts and files,
slow cases; rewritten every 30 s and at the end, when a summary is printed);
``failures/``, the first 3 cases of each key as ``<sha1-12>.<ext>``, each with a record
``<sha1-12>.<ext>.json`` (argv, format, key, traceback or detail, seconds, and ``repro``,
a command that reruns it); ``slow/``, the same for slow cases; ``work/wN/``, where worker
N runs each case as ``case.<ext>``, beside the files that DocBook includes name; and
``workers/``, each worker's log, heartbeat and counts.
Another campaign into the same folder adds to ``failures/`` and ``slow/`` (no key gets
more than 3 cases) and writes ``stats.json`` anew.

To turn a failure into a test: rerun its ``repro`` (a case that includes other files, or
itself, reproduces only under its ``ran_as`` name, in ``work/wN/``); shrink it with
``--minimize`` (a ZIP's largest member is shrunk), which writes ``FILE.min``, failing with
the same key. Once linseg is fixed, add the case to ``_FOUND`` in ``tests/test_fuzz.py``:
a description mapped to (format or ``"auto"``, a file name, its text or bytes, and the
error expected on stderr with status 2, or None for a document that must be read: status
0, its segments joined give the input back for ``text`` and ``auto``, and hold ``Bees`` or
``Hi.`` for other formats, so build the case around such a sentence). A slow case goes in
at a size that took 10-60 s before the fix. A container format's case reads better in the
format's own tests, built from its XML by their helpers (``docx()`` and ``odt()`` in
``test_office.py``, ``pptx()`` and ``odp()`` in ``test_slides.py``, ``make_book()`` in
``test_epub.py``), as ``test_a_count_of_spaces_past_any_line_is_read`` is.
"""

from __future__ import annotations

import argparse
import ast
import base64
import bz2
import codecs
import contextlib
import faulthandler
import gzip
import hashlib
import html
import io
import json
import lzma
import os
import posixpath
import quopri
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import warnings
import zipfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import linseg
from linseg.readers.catalogue import BUILT_IN
from linseg.readers.document import FORMATS
from linseg.readers.formats import named

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from pdfgen import make_pdf  # noqa: E402  (the tests' PDF writer: one page of lines)

PKG_DIR = os.path.dirname(os.path.abspath(linseg.__file__)) + os.sep
SLOW_SECONDS = 5.0
HEARTBEAT_LIMIT = 60.0  # seconds without a heartbeat before a worker is killed
KEEP_PER_KEY = 3  # cases saved for each failure key
MAX_SEED_BYTES = 1 << 20
MEMORY_LIMIT = 6 << 30  # each worker's address space, on Linux
ZIP_FORMATS = ("epub", "docx", "odt", "pptx", "odp")
GRAMMAR_FORMATS = ("docbook", "mediawiki", *ZIP_FORMATS)
#: A file name's ending for each format.
EXT = {f.name: f.suffixes[0] for f in BUILT_IN if f.suffixes} | {
    "text": ".txt", "lines": ".txt", "choi": ".ref", "timed": ".txt", "whisper": ".json",
    "man": ".1",
}  # fmt: skip
#: The format of seed files with endings that linseg.readers.formats leaves out.
SEED_SUFFIXES = {".ref": "choi", ".tsv": "whisper", ".json": "whisper", ".1": "man", ".8": "man"}
#: How often each format is picked: the markup and container formats, and detection, more.
WEIGHTS = {
    "text": 1.5, "lines": 1, "choi": 1, "ipynb": 1.5, "pdf": 1.5, "info": 2, "html": 3,
    "tex": 3, "man": 3, "vtt": 3, "srt": 3, "sbv": 3, "timed": 3, "whisper": 4, "mhtml": 4,
    "epub": 4, "docx": 4, "odt": 4, "pptx": 4, "odp": 3, "asciidoc": 5, "pod": 5, "org": 5,
    "rtf": 5, "docbook": 5, "mediawiki": 5, "auto": 8,
}  # fmt: skip

# ----------------------------------------------------------------------------------------
# Tokens each format's reader gives meaning to (or chokes on), for the mutator to insert;
# NEST: an opening and a closing to nest thousands deep; DECLS and LOCALVARS: declarations
# of an encoding, to put before bytes in another.

# fmt: off
XML_T = [
    b'<!ENTITY x "yyyy">', b'<!DOCTYPE book [<!ENTITY a "&b;&b;"><!ENTITY b "zz">]>', b"&x;",
    b"&a;", b"&amp;", b"&#0;", b"&#xD800;", b"&#99999999;", b"&#x110000;", b"&unknown;",
    b"<![CDATA[", b"]]>", b"<!--", b"-->", b"<?pi x?>",
    b'<?xml version="1.0" encoding="utf-16"?>', b'<?xml version="1.0" encoding="latin-1"?>',
    b'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="x.xml"/>',
    b'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/passwd" parse="text"/>',
    b'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="SELF"/>', b"<title>",
    b"</title>", b"<para>", b"</para>", b"<section>", b"</section>", b"<programlisting>",
    b"</programlisting>", b"<entry>", b"<row>", b"<table>", b"<td>", b"<tr>", b"<h1>", b"</h1>",
    b"<pre>", b"<br/>", b"<script>", b"</script>", b"<style>", b'<meta charset="utf-16">',
    b'<meta charset="x-bogus">', b"<", b">", b"</", b"/>", b'"', b"'", b"&",
    b'xmlns="http://docbook.org/ns/docbook"', b'<a:b xmlns:a="u">',
    b'<text:h text:outline-level="99">', b"<text:p>", b"<text:list>", b"<text:list-item>",
    b'<text:s text:c="99999999"/>', b"<w:p>", b"</w:p>", b"<w:t>", b"</w:t>", b"<w:tab/>",
    b"<w:br/>", b'<w:pStyle w:val="Heading9"/>', b'<w:outlineLvl w:val="99"/>',
    b'<w:outlineLvl w:val="-1"/>', b"<a:t>", b"</a:t>", b"<a:p>", b"<p:sp>", b"<p:txBody>",
    b'<p:ph type="title"/>', b"<draw:page>", b"<draw:frame>", b"<presentation:notes>", b"<sect1>",
    b"<refentry>", b"<footnote>", b'<xref linkend="x"/>', b"<literallayout>", b"<screen>",
    b"<itemizedlist>", b"<listitem>", b"<orderedlist>", b"<varlistentry>", b"<term>", b"<info>",
]
RTF_T = [
    b"{", b"}", b"\\'", b"\\'e9", b"\\'zz", b"\\'9", b"\\u-5", b"\\u-5?", b"\\u65536",
    b"\\u99999999999", b"\\u-99999999999", b"\\u55357\\u56832", b"\\u55357", b"\\u56832 ",
    b"\\bin", b"\\bin5 ", b"\\bin99999999 ", b"\\bin-5 ", b"\\upr{", b"\\ud{", b"\\*",
    b"{\\*\\x ", b"\\par", b"\\pard", b"\\cell", b"\\row", b"\\trowd", b"\\cellx",
    b"\\outlinelevel9", b"\\outlinelevel-1 ", b"\\outlinelevel99999999999 ", b"\\s99", b"\\s-1 ",
    b"\\ansicpg99999", b"\\ansicpg65001", b"\\ansicpg1200", b"\\ansicpg0", b"\\uc0", b"\\uc99",
    b"\\uc-1 ", b"\\uc99999999999 ", b"{\\fonttbl{\\f0\\fcharset128 X;}}", b"\\f0",
    b"\\fcharset999 ", b"{\\stylesheet{\\s1 heading 1;}}", b"{\\pntext 1.}", b"\\ls1", b"\\ilvl8",
    b"\\ilvl999999999999 ", b"{\\listtext x}",
    b'{\\field{\\*\\fldinst HYPERLINK "x"}{\\fldrslt y}}', b"\\fldrslt", b"\\-", b"\\~", b"\\\n",
    b"\\\r", b"{\\pict ", b"\\sect", b"\\page", b"\\line", b"\\tab", b"\\emdash", b"\\\\", b"\\{",
    b"\\}", b"\\", b"\\rtf1", b"{\\rtf1\\ansi ", b"\\intbl", b"\\nestcell", b"\\nesttableprops",
    b"\\itap99", b"\\abc-99999999999999999999 ", b"\\" + b"a" * 40, b"\\objdata ", b"{\\object ",
    b"\\shppict", b"\\nonshppict", b"{\\info{\\title x}}", b"\\ansi", b"\\mac", b"\\pc", b"\\pca",
]
TR_T = [
    b"-->", b" --> ", b"00:00:00.000 --> 00:00:01.000\n", b"00:00:05.000 --> 00:00:01.000\n",
    b"99999999:00:00.000 --> 99999999:00:01.000\n", b"9" * 400 + b":00:00.000 --> 00:00:01.000\n",
    b"00:61:61.999 --> 00:99:99.999\n", b"\n\n", b"WEBVTT\n\n", b"NOTE x\n\n", b"STYLE\n",
    b"REGION\n", b"<v A>", b"<v>", b"</v>", b"<c>", b"</c>", b"<00:00:01.000>", b"<99:99:99.999>",
    b"&amp;", b"&#0;", b"&lt;", b"&", b"1\n", b"0:00\n", b"99999999999:00\n", b"-1:00\n",
    b"[00:00.000 --> 00:01.000] ", b"[99999999:00.000 --> 00:01.000] ", b",",
    b"0:00:00.000,0:00:01.000\n", b"9:99:99.999,0:00:00.000\n",
    b"00:00:00,000 --> 00:00:01,000\n", b"Host: ", b"SPEAKER 1: ", b">> ", b"- ", b"[Music]",
    b"\r\n", b"\r", b"\xe2\x80\xa8", b"\xc2\x85", b"align:start position:0%", b"line:-1",
    b"1:00:00\n", b"00:00\n", b"(0:12)", b"[0:12]", b"0:12 ", b"12:34:56:78\n", b"1e9:00\n",
    b"\xef\xbc\x91:00\n",
]
WH_T = [
    b"1e999", b"-1e999", b"NaN", b"Infinity", b"-Infinity", b"1" + b"0" * 400, b"-5", b"null",
    b"true", b'"x"', b"[]", b"{}", b"[" * 3000, b'{"a":' * 3000, b'"segments": 5',
    b'"segments": [1]', b'"segments": [{"start": 1, "end": 0, "text": 5}]',
    b'"transcription": [{"offsets": 1}]',
    b'"transcription": [{"offsets": {"from": 1e999, "to": 2}, "text": null}]',
    b'"text": "\\ud800"', b'"text": "\\u0000"', b'"start": ', b",", b":", b"\t",
    b"start\tend\ttext\n", b"\xc2\xb2\t1\tx\n", b"\xd9\xa3\t\xd9\xa4\tx\n",
    b"99999999999999999999999\t1\tx\n", b'"end": 1' + b"0" * 400,
    b'"text": "' + b"a" * 100000 + b'"',
]
ORG_T = [
    b"* ", b"** ", b"*" * 50 + b" ", b"#+BEGIN_SRC python\n", b"#+END_SRC\n",
    b"#+BEGIN_EXAMPLE\n", b"#+BEGIN_QUOTE\n", b"#+END_QUOTE\n", b"#+BEGIN_", b"#+END_",
    b"#+BEGIN_COMMENT\n", b":PROPERTIES:\n", b":END:\n", b":LOGBOOK:\n", b"[[", b"]]", b"][",
    b"[[x][y]]", b"[[file:a.org]]", b'#+INCLUDE: "other.org"\n', b'#+INCLUDE: "SELF"\n',
    b'#+INCLUDE: "/etc/passwd"\n', b'#+INCLUDE: "../x.org"\n', b'#+INCLUDE: "',
    b"-*- coding: latin-1 -*-\n", b"-*- coding: utf-16 -*-\n", b"#+TITLE: ", b"| a | b |\n",
    b"|---+---|\n", b"- ", b"1. ", b"- [X] ", b"# comment\n", b"*bold*", b"/it/", b"=code=",
    b"~v~", b"+s+", b"_u_", b"\\\\", b"src_python{1}", b"#+MACRO: m $1\n", b"{{{m(x)}}}",
    b"#+OPTIONS: toc:nil\n", b"#+SETUPFILE: x\n", b"[fn:1]", b"[fn:1] note\n",
    b"CLOCK: [2020-01-01]\n", b"SCHEDULED: <2020-01-01>\n", b"#+CAPTION: ", b"#+NAME: x\n",
    b":\n", b": fixed\n", b"-----\n", b"\\begin{equation}\n", b"\\end{equation}\n", b"COMMENT ",
    b"TODO ", b"[#A] ", b":tag:", b"#+begin_src\n", b"#+end_src\n", b",* ", b",#+",
]
POD_T = [
    b"\n=head1 ", b"\n=head2 ", b"\n=head9 ", b"\n=over 4\n\n", b"\n=over\n\n", b"\n=back\n\n",
    b"\n=item ", b"\n=item * ", b"\n=item 1\n\n", b"\n=begin html\n\n", b"\n=end html\n\n",
    b"\n=begin\n\n", b"\n=end\n\n", b"\n=for comment ", b"\n=for ", b"\n=cut\n", b"\n=pod\n",
    b"\n=encoding latin1\n\n", b"\n=encoding utf-16\n\n", b"\n=encoding xyz\n\n",
    b"\n=encoding hex\n\n", b"B<", b"I<", b"C<", b"F<", b"Z<>", b"S<", b"X<", b"L<", b"E<",
    b"E<gt>", b"E<0x110000>", b"E<99999999999>", b"E<#x>", b"E<0x-1>", b"E<#1114112>", b"E<sol>",
    b"E<>", b"E<0>", b"E<0xD800>", b"<", b">", b"<<", b">>", b"<<< ", b" >>>", b"B<< ", b" >>",
    b"<<<<<<<<<< ", b"L<x|y/z>", b"L<|>", b'L</"x">', b"L<http://x>", b"|", b"/",
    b"\n    verbatim\n", b"\n\t\n", b"\n\n", b"=", b"\n=\n", b"\n=x\n",
]
ADOC_T = [
    b"\n= ", b"\n== ", b"\n====== ", b"\n======= ", b"\n----\n", b"\n....\n", b"\n====\n",
    b"\n****\n", b"\n____\n", b"\n|===\n", b"\n|", b"\ninclude::other.adoc[]\n",
    b"\ninclude::SELF[]\n", b"\ninclude::/etc/passwd[]\n", b"\ninclude::../x[]\n",
    b"\ninclude::x[lines=1..99999999999]\n", b"\ninclude::x[tag=a]\n", b"\nifdef::x[]\n",
    b"\nendif::[]\n", b"\nendif::x[]\n", b"\nifeval::[1==1]\n", b"\nifeval::[{x} > 2]\n",
    b"\nifndef::x[]\n", b"\n:x: y\n", b"\n:x!:\n", b"{x}", b"{", b"}", b"\n[source]\n",
    b"\n////\n", b"\n+\n", b"pass:[", b"footnote:[", b"<<ref>>", b"[[id]]",
    b"\n:leveloffset: +1\n", b"\n:leveloffset: -9\n", b"\n:leveloffset: 99999999999\n", b"\n* ",
    b"\n. ", b"\nterm:: ", b"\n**** ", b"\nNOTE: ", b"\n[NOTE]\n", b"\n--\n", b"\n// c\n",
    b"\n:x: {x}{x}{x}{x}\n", b"\n:y: {x}{x}{x}{x}{x}{x}{x}{x}\n", b'\n[cols="1,1"]\n',
    b"\n|===\n|a|b\n", b"a|b", b"\n.Title\n", b"\nimage::x.png[]\n", b"link:x[y]", b"kbd:[",
    b"+++", b"\n++++\n", b"`", b"*", b"_", b"#", b"^", b"~", b"\n[%header]\n", b"\n[[x]]\n",
    b"\n'''\n", b"\n<<<\n", b"\n:doctype: book\n", b"\n= Doc\n:toc:\n",
]
MAN_T = [
    b"\n.TH X 1\n", b"\n.SH ", b"\n.SS ", b"\n.so x.1\n", b"\n.so man1/SELF\n", b"\n.de xx\n",
    b"\n..\n", b"\n.xx\n", b"\n.if n ", b"\n.ie t ", b"\n.el ", b"\\{", b"\\}", b"\\f", b"\\fB",
    b"\\*(", b"\\*[x]", b"\\(", b"\\[", b"\\[u1F600]", b"\\[u110000]", b"\\[uD800]", b"\\[char0]",
    b"\\N'0'", b"\\N'99999999'", b"\n.Dd x\n", b"\n.Sh ", b"\n.Bl -bullet\n", b"\n.El\n",
    b"\n.It ", b"\\n", b"\n.ds x ", b"\n.nr x 1\n", b"\n.TS\n", b"\n.TE\n", b"\n.nf\n",
    b"\n.fi\n", b"\n.TP\n", b"\n.IP ", b"\n.B ", b"\\e", b"\\&", b"\\c", b'\n.\\" ', b"\n'",
    b"\n.", b"\\", b"\n.Nm ", b"\n.Xr ", b"\n.Bd -literal\n", b"\n.Ed\n", b"\n.de xx\n.xx\n..\n",
    b"\n.ds y \\*y\n\\*y", b"\n.am xx\n",
]
INFO_T = [
    b"\x1f\n", b"\x1f\nFile: a.info,  Node: Top,  Next: x,  Up: (dir)\n\n", b"* Menu:\n",
    b"* x::\n", b"\x1f\nIndirect:\na.info-1: 100\n", b"\x1f\nIndirect:\nSELF: 1\n",
    b"\x1f\nTag Table:\n", b"\x7f", b"\x1f\nEnd Tag Table\n", b"a.info-1: 100\n",
    b"\x1f\nTag Table:\n(Indirect)\nNode: Top\x7f99999999999\n",
    b"This is a.info, produced by makeinfo.\n", b"\x1f\nIndirect:\n/etc/passwd: 1\n",
    b"\x1f\nIndirect:\n../x: 1\n", b"*Note x::", b"\x08", b"\x00\x08[index\x00\x08]",
    b"Local Variables:\ncoding: latin-1\nEnd:\n", b"\x0c",
]
TEX_T = [
    b"\\begin{document}", b"\\end{document}", b"\\section{", b"\\section*{x}", b"{", b"}",
    b"\\input{x}", b"\\include{SELF}", b"\\newcommand{\\x}{\\x}", b"\\x", b"\\def\\x{\\x\\x}",
    b"%", b"\\verb|", b"\\verb", b"\\begin{verbatim}", b"\\end{verbatim}", b"$", b"$$", b"\\[",
    b"\\]", b"\\usepackage[latin1]{inputenc}", b"\\usepackage[utf16]{inputenc}", b"\\\\",
    b"\\begin{", b"\\end{", b"\\item ", b"\\begin{itemize}", b"\\footnote{", b"\\'", b'\\"',
    b"\\c{", b"\\char", b"\\char99999999", b"\\symbol{99999999}", b"^^", b"^^zz", b"^^00",
    b"\\catcode`\\{=12", b"\\begin{comment}", b"\\iffalse", b"\\fi", b"\\chapter{", b"\\title{",
    b"\\maketitle", b"\\documentclass{article}", b"\\begin{tabular}{ll}", b"&", b"\\end{tabular}",
    b"\\begin{lstlisting}", b"\\newenvironment{x}{\\begin{x}}{}", b"\\begin{x}",
]
HTML_T = [
    b"<h1>", b"</h1>", b"<h7>", b"<script>", b"</script>", b"<style>", b'<meta charset="utf-16">',
    b'<meta charset="latin1">',
    b'<meta http-equiv="content-type" content="text/html; charset=x-bogus">', b"<pre>", b"</pre>",
    b"&#0;", b"&#xD800;", b"&#99999999999;", b"&nbsp", b"<table>", b"<td>", b"<tr>", b"<br>",
    b"<!--", b"-->", b"<div>", b"</div>", b"<li>", b'<ol start="99999999999">',
    b'<ol start="-5">', b'<ol type="i" start="999999">', b"<template>", b"<svg>", b"<math>",
    b"<![CDATA[", b"<noscript>", b"<textarea>", b"<plaintext>", b"<title>", b"<base href=x>",
    b"<", b"&", b'<img alt="x">', b"<h1 hidden>", b'<p style="display:none">', b"<blockquote>",
    b"<code>", b"<dl><dt>", b"<dd>", b'<th colspan="99999999999">', b'<td rowspan="0">',
    b"<head>", b"<body>", b"</html>",
]
MHT_T = [
    b"Content-Transfer-Encoding: base64\r\n", b"Content-Transfer-Encoding: quoted-printable\r\n",
    b"Content-Transfer-Encoding: x-uuencode\r\n", b"Content-Transfer-Encoding: 7bit\r\n",
    b'charset="utf-16"', b'charset="x-unknown"', b'charset="hex"', b'charset="utf-7"',
    b'charset=""', b'boundary=""', b"boundary=", b"=\r\n", b"=ZZ", b"=", b'start="<x>"',
    b'start="<frame-1@mhtml.blink>"', b'Content-Type: multipart/related; boundary="b"\r\n',
    b"Content-Type: text/html\r\n", b"Content-Type: message/rfc822\r\n",
    b'Content-Type: multipart/alternative; boundary="c"\r\n', b"Content-Location: x\r\n",
    b"Content-ID: <x>\r\n", b"\r\n\r\n", b"--", b"------MultipartBoundary--abc\r\n",
    b"------MultipartBoundary--abc--\r\n", b"\r\n\t", b"=?utf-8?b?AAAA?=", b"=?x?q?a?=",
    b"Content-Type: text/plain\r\n",
]
JSON_T = [
    b"{", b"}", b"[", b"]", b'"', b",", b":", b"null", b"1e999", b'"cell_type": "markdown"',
    b'"cell_type": "code"', b'"cell_type": "raw"', b'"source": 5', b'"source": [1, null]',
    b'"cells": {}', b'"nbformat": 3', b'"nbformat": 9999', b'"worksheets": [{"cells": 1}]',
    b'"metadata": []', b'"language": 5', b'"\\ud800"', b"[" * 3000,
]
GEN_T = [
    b"\n", b"\r\n", b"\r", b"\x00", b"\x0c", b"\x0b", b"\t", b"\xe2\x80\xa8", b"\xc2\x85",
    b"\xef\xbb\xbf", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b" ", b".",
    b"==========\n", b"\x1b[1m", b"\x07", b"\xe3\x80\x80",
    b"\xe4\xbb\x8a\xe6\x97\xa5\xe3\x80\x82", b"\xd9\x87\xd8\xb0\xd8\xa7.", b"\xf0\x9f\x98\x80",
    b"\xcc\x81" * 50, b"```\n", b"# ", b".. note::\n",
]
PDF_T = [
    b"obj", b"endobj", b"stream\n", b"endstream", b"/Length 99999999", b"/Length -1", b"BT",
    b"ET", b"Tj", b"TJ", b"(", b")", b"<<", b">>", b"[", b"]", b"/Type /Page", b"/Kids [1 0 R]",
    b"1 0 R", b"99999999 0 R", b"/Filter /FlateDecode", b"xref", b"trailer", b"startxref\n0\n",
    b"/Count 99999999", b"Tf", b"Td", b" 1e308 ", b" -1e308 ", b" 0 ", b"/Encoding /Identity-H",
    b"/ToUnicode 5 0 R", b"/Encrypt << >>", b"/Font <<", b"/MediaBox [0 0 0 0]", b"/Rotate 90",
    b"Tm", b"cm", b"q", b"Q", b"'", b'"',
]
MW_T = [
    b"{{", b"}}", b"{{{", b"}}}", b"[[", b"]]", b"[", b"]", b"{|", b"|}", b"\n{|\n", b"\n|}\n",
    b"\n|-\n", b"\n|+", b"\n!", b"!!", b"||", b"|", b"\n| ", b"<ref>", b"</ref>",
    b'<ref name="a"/>', b"<ref name=a>", b"<references/>", b"<pre>", b"</pre>", b"<nowiki>",
    b"</nowiki>", b"<nowiki/>", b"<!--", b"-->", b"<math>", b"</math>",
    b'<syntaxhighlight lang="python">', b"</syntaxhighlight>", b"<source lang=", b"</source>",
    b"<gallery>", b"</gallery>", b"<includeonly>", b"<ce>", b"</ce>", b"<br>", b"<br/>",
    b"<span>", b"</span>", b'<div style="x">', b"</div>", b"<b", b"<ref", b"<pre", b"<nowiki",
    b"<math", b"\n==", b"==\n", b"\n== T ==\n", b"\n====== T ======\n", b"=======", b"'''", b"''",
    b"'''''", b"\n*", b"\n**", b"\n#", b"\n:", b"\n;", b"\n; t : d\n", b"\n ", b"\n  x\n",
    b"\n----\n", b"__TOC__", b"__NOTOC__", b"[[File:x.png|thumb|cap [[link]]]]",
    b"[[Category:X]]", b"[[Image:", b"[[:Category:Y]]", b"[[a|b]]", b"[[a (b)|]]", b"[[a|]]",
    b"[http://x.org label]", b"[//x y]", b"[mailto:a b]", b"{{lang|fr|mot}}", b"{{nowrap|",
    b"{{convert|5|km}}", b"{{quote|text=", b"{{nbsp}}", b"{{snd}}", b"{{lang-fr|",
    b"{{cite web|url=x|title=y}}", b"{{Infobox x\n| a = b\n}}", b"{{#if:", b"{{{1}}}",
    b"{{{1|}}}", b"&nbsp;", b"&amp;", b"&lt;", b"&#xE000;", b"&#57344;", b"&#xE001;",
    b"\xee\x80\x80", b"\xee\x80\x800\xee\x80\x80", b"&#xE000;0&#xE000;", b"&#xE000;99&#xE000;",
    b"&#0;", b"&#x110000;", b"&", b"#REDIRECT [[X]]", b"\t", b"  ", b"(", b")", b"( )", b" (;) ",
    b"<", b">", b"\r", b"\r\n", b"</text>", b'<text xml:space="preserve">',
    b"</page><page><title>T</title><revision><text>", b"<![CDATA[", b"]]>", b"&lt;ref&gt;",
    b"&amp;#xE000;",
]
XMLMW_T = [
    b'<?xml version="1.0" encoding="utf-16"?>', b'<?xml version="1.0" encoding="iso-8859-1"?>',
    b'<?xml version="1.0" encoding="x-bogus"?>', b'<?xml version="1.0" encoding="shift_jis"?>',
    b'<?xml version="1.0" encoding="utf-7"?>', b'<!DOCTYPE mediawiki SYSTEM "x">',
    b'<!DOCTYPE mediawiki [<!ENTITY a "b">]>', b'<!DOCTYPE mediawiki [<!ENTITY % p "b">]>',
    b'<!DOCTYPE mediawiki [<!ATTLIST text a CDATA "x">]>', b"<mediawiki>",
    b'<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/">', b"</mediawiki>", b"<page>",
    b"</page>", b"<revision>", b"</revision>", b"<title>", b"</title>", b"<text>", b"<text/>",
    b"<siteinfo>", b"<upload>", b'<redirect title="x"/>', b'<x:page xmlns:x="u">', b"&#0;",
    b"\x00",
]
DECLS = [
    b'<?xml version="1.0" encoding="iso-8859-1"?>\n',
    b'<?xml version="1.0" encoding="utf-16"?>\n', b'<?xml version="1.0" encoding="shift_jis"?>\n',
    b'<meta charset="koi8-r">', b"-*- coding: latin-1 -*-\n", b"-*- coding: utf-7 -*-\n",
    b"-*- coding: cp037 -*-\n", b"-*- coding: rot13 -*-\n", b"-*- coding: idna -*-\n",
    b"-*- coding: punycode -*-\n", b"-*- coding: unicode_escape -*-\n",
    b"-*- coding: raw_unicode_escape -*-\n", b"-*- coding: utf-8-sig -*-\n",
    b"-*- coding: undefined -*-\n", b"-*- coding: charmap -*-\n", b"-*- coding: mbcs -*-\n",
    b"-*- coding: big5-dos -*-\n", b"=encoding cp1252\n\n", b"=encoding utf-32\n\n",
    b"=encoding euc-jp\n\n", b"\\usepackage[utf8,latin9]{inputenc}\n",
    b"\\usepackage[latin10]{inputenc}\n", b"{\\rtf1\\ansi\\ansicpg932 ",
    b"{\\rtf1\\ansicpg65001 ", b"{\\rtf1\\ansicpg1200 ", b"{\\rtf1\\mac ", b"{\\rtf1\\pc ",
    b"{\\rtf1\\ansicpg10000 ", b"{\\rtf1\\ansicpg99999 ",
]
LOCALVARS = [
    b"\nLocal Variables:\ncoding: latin-1\nEnd:\n", b"\nLocal Variables:\ncoding: utf-7\nEnd:\n",
    b"\nLocal Variables:\ncoding: unicode_escape\nEnd:\n",
]
# fmt: on
TOKENS = {
    "rtf": RTF_T,
    "docbook": XML_T,
    "html": HTML_T + XML_T,
    "mhtml": MHT_T + HTML_T,
    "epub": XML_T + HTML_T,
    "docx": XML_T,
    "odt": XML_T,
    "pptx": XML_T,
    "odp": XML_T,
    "vtt": TR_T,
    "srt": TR_T,
    "sbv": TR_T,
    "timed": TR_T,
    "whisper": WH_T + JSON_T,
    "org": ORG_T,
    "pod": POD_T,
    "asciidoc": ADOC_T,
    "man": MAN_T,
    "info": INFO_T,
    "tex": TEX_T,
    "ipynb": JSON_T,
    "text": GEN_T,
    "lines": GEN_T,
    "choi": [b"==========\n", b"=====\n", *GEN_T],
    "pdf": PDF_T,
    "mediawiki": MW_T + XMLMW_T,
}  # fmt: skip

NEST = {
    "rtf": (b"{", b"}"), "docbook": (b"<section><title>t</title>", b"</section>"),
    "html": (b"<div>", b"</div>"), "mhtml": (b"<div>", b"</div>"), "epub": (b"<div>", b"</div>"),
    "whisper": (b"[", b"]"), "ipynb": (b"[", b"]"), "org": (b"*", b" h\n"),
    "pod": (b"\n=over\n\n=item x\n\n", b"\n=back\n\n"), "asciidoc": (b"\n====\n", b"\n====\n"),
    "man": (b"\n.if n \\{\\\n", b"\n.\\}\n"), "tex": (b"{", b"}"),
    "docx": (b"<w:tbl><w:tr><w:tc>", b"</w:tc></w:tr></w:tbl>"),
    "odt": (b"<text:list><text:list-item>", b"</text:list-item></text:list>"),
    "pptx": (b"<p:grpSp>", b"</p:grpSp>"), "odp": (b"<draw:g>", b"</draw:g>"),
    "vtt": (b"<c>", b"</c>"), "srt": (b"<i>", b"</i>"), "sbv": (b"<", b">"),
    "timed": (b"[", b"]"), "info": (b"*", b""), "choi": (b"=", b""), "pdf": (b"<<", b">>"),
    "mediawiki": (b"{{lang|x|", b"}}"),
}  # fmt: skip

# ----------------------------------------------------------------------------------------
# Built-in seeds: a short document of two topics for each format with no example file.

TOPICS = {
    "Bees": "Bees make honey from the nectar of flowers. The queen lays every egg in the hive. "
    "Workers build the comb from wax. A colony swarms when its hive grows crowded.",
    "Trains": "Trains run on steel rails. Steam engines pulled the first ones. A signal box "
    "keeps two trains apart. Night trains carry sleepers across Europe.",
}


def builtin_seeds() -> dict[str, list[bytes]]:
    sentences = re.findall(r"[^.]+\.", " ".join(TOPICS.values()))
    cues = [
        (f"00:00:{4 * i:02d}", f"00:00:{4 * i + 3:02d}", s.strip()) for i, s in enumerate(sentences)
    ]

    def each(template: str) -> str:
        return "".join(template.format(t=t, p=p) for t, p in TOPICS.items())

    docs = {
        "srt": "".join(f"{i}\n{a},000 --> {b},000\n{s}\n\n" for i, (a, b, s) in enumerate(cues, 1)),
        "sbv": "".join(f"{a[1:]}.000,{b[1:]}.000\n{s}\n\n" for a, b, s in cues),
        "timed": "".join(f"[{a[3:]}.000 --> {b[3:]}.000]  {s}\n" for a, b, s in cues),
        "whisper": json.dumps(
            {"segments": [{"start": i, "end": i + 1, "text": s} for i, s in enumerate(sentences)]}
        ),
        "lines": "\n".join(s.strip() for s in sentences) + "\n",
        "tex": "\\documentclass{article}\n\\begin{document}\n"
        + each("\\section{{{t}}}\n{p}\n\n")
        + "\\end{document}\n",
        "man": ".TH NOTES 1\n" + each(".SH {t}\n{p}\n"),
        "info": each("\x1f\nFile: notes.info,  Node: {t},  Up: (dir)\n\n{t}\n*****\n\n{p}\n\n"),
        "pod": each("=head1 {t}\n\n{p}\n\n") + "=cut\n",
        "org": "#+TITLE: Notes\n" + each("* {t}\n{p}\n"),
        "rtf": "{\\rtf1\\ansi{\\stylesheet{\\s1 heading 1;}}\n"
        + each("{{\\pard\\s1 {t}\\par}}{{\\pard {p}\\par}}\n")
        + "}",
        "mediawiki": each("== {t} ==\n'''{p}'''\n\n"),
        "docbook": '<article xmlns="http://docbook.org/ns/docbook">'
        + each("<section><title>{t}</title><para>{p}</para></section>")
        + "</article>",
    }
    seeds = {fmt: [text.encode()] for fmt, text in docs.items()}
    lines = [line for t, p in TOPICS.items() for line in (t, *re.findall(r"[^.]+\.", p))]
    seeds["pdf"] = [make_pdf([[(72, 780 - 16 * i, 11, line) for i, line in enumerate(lines)]])]
    return seeds


def as_mhtml(page: bytes, encoding: str) -> bytes:
    """A web page saved as MHTML, its HTML quoted-printable or base64."""
    body = quopri.encodestring(page) if encoding == "quoted-printable" else base64.encodebytes(page)
    return (
        b'MIME-Version: 1.0\r\nContent-Type: multipart/related; type="text/html"; '
        b'boundary="----B"\r\n\r\n------B\r\nContent-Type: text/html\r\n'
        b"Content-Transfer-Encoding: %s\r\nContent-Location: http://example.org/\r\n\r\n"
        b"%s\r\n------B--\r\n"
    ) % (encoding.encode(), body)


# ----------------------------------------------------------------------------------------
# Grammar generators: documents built from scratch with random nesting, styles, outline
# levels and counts written oddly; well-formed XML unless ``bad`` text is allowed in.


def wrap(tags: str, inner: str) -> list[str]:
    """An alternative for each tag of ``tags``: the tag around ``inner``."""
    return [f"<{tag}>{inner}</{tag}>" for tag in tags.split()]


XI = 'xmlns:xi="http://www.w3.org/2001/XInclude"'
W_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
ODF_NS = " ".join(
    f'xmlns:{p}="urn:oasis:names:tc:opendocument:xmlns:{u}:1.0"'
    for p, u in [("office", "office"), ("text", "text"), ("table", "table"), ("style", "style"),
                 ("draw", "drawing"), ("presentation", "presentation")]
)  # fmt: skip
P_NS = (
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
)
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
WORDS = ["alpha", "beta", "the", "of", "and", "bee", "hive", "honey", "queen", "comb", "nectar",
         "caf\u00e9", "\u65e5\u672c", "\u0645\u0631\u062d\u0628\u0627", "\U0001f600",
         "x", "y"]  # fmt: skip
ODD_TEXT = ["&#x1F600;", "&#xE000;", "&amp;", "&lt;", "<!-- c -->", "<?pi x?>", "&#x9;", "&#13;",
            "\u200b", "\ufeff", "\u2028", "x\u0301\u0301", "&#65533;", "]]&gt;"]  # fmt: skip
BAD_TEXT = ["&#0;", "&nbsp;", "&mdash;", "&unknown;", "<![CDATA[<para>x</para>]]>", "<", "&"]

# Each grammar: symbol -> alternatives (the first must end the nesting; repeats weigh more).
# fmt: off
DOCBOOK = {
    "node": ["$text", "$text", "$text", "$section", "$block", "$block", "$inline", "$inline",
             "$inline", "$list", "$table", "$verbatim", "$skipped", "$keys", "$odd", "$ent"],
    "section": wrap("book part chapter appendix preface article section simplesect sect1 sect2 "
                    "sect5 refentry refsect1 refsection glossary bibliography index",
                    "$info$title$node*"),
    "info": ["", "", "", "<info><title>$words</title><abstract><para>ab</para></abstract></info>",
             "<sectioninfo><title>$words</title><author>A</author></sectioninfo>"],
    "title": ["<title>$words</title>", "<title>$node</title>", "",
              "<title>x</title><title>y</title>"],
    "block": wrap("para simpara formalpara note warning tip caution blockquote example figure "
                  "informalexample sidebar abstract epigraph", "$node*"),
    "inline": wrap("emphasis literal command filename replaceable userinput option function "
                   "guilabel guimenu keycap footnote quote phrase citetitle acronym", "$node*")
              + ['<link linkend="x">$node*</link>', '<ulink url="http://x">$node*</ulink>',
                 '<link xlink:href="y">$node*</link>', '<xref linkend="a"/>'],
    "list": wrap("itemizedlist orderedlist", "$item*") + ["<procedure>$step*</procedure>",
             "<simplelist>$member*</simplelist>", "<variablelist>$varentry*</variablelist>"],
    "item": ["<listitem>$node*</listitem>"],
    "step": ["<step>$node*</step>"],
    "member": ["<member>$node</member>"],
    "varentry": ["<varlistentry><term>$node</term><listitem>$node*</listitem></varlistentry>",
                 "<varlistentry><term>a</term><term>$node</term><listitem/></varlistentry>"],
    "table": wrap("table informaltable entrytbl", "<title>t</title><tgroup cols='3'><thead>"
                  "$row*</thead><tbody>$row*</tbody></tgroup>"),
    "row": ["<row>$entry*</row>"],
    "entry": ["<entry>$node*</entry>"],
    "verbatim": wrap("programlisting screen literallayout synopsis address", "$node*$text"),
    "skipped": wrap("indexterm remark comment mediaobject inlinemediaobject imageobject "
                    "textobject screenshot graphic titleabbrev toc authorgroup copyright "
                    "legalnotice revhistory releaseinfo pubdate", "$node*"),
    "keys": wrap("keycombo menuchoice", "$key*"),
    "key": ["text", "<keycap>Ctrl</keycap>", "<guimenu>File</guimenu>", "<keysym>x</keysym>",
            "<shortcut><keycombo><keycap>C</keycap><keycap>Q</keycap></keycombo></shortcut>"],
    "include": [f'<xi:include {XI} href="$href"$parse/>', '<xi:include href="$href"$parse/>',
                '<include xmlns="http://www.w3.org/2001/XInclude" href="$href"$parse/>',
                '<include href="$href"/>'],
    "href": ["inc1.xml", "inc1.xml", "sub/inc2.xml", "inc.txt", "$self", "missing.xml",
             "../x.xml", "/etc/hostname", "", "http://x/y"],
    "parse": ["", "", ' parse="text"', ' parse="xml"', ' parse="bogus"'],
    "odd": ["<sbr/>", "<co id='c'/>", "<anchor id='a'/>", "<void/>", "<unknown>$node*</unknown>",
            "$include"],
    "ent": ["$text"],  # entities, when the document declares them: see Grammar.docbook
}
DOCX = {
    "block": ["$para", "$para", "$para", "$para", "<w:tbl>$row*</w:tbl>",
              "<w:sdt><w:sdtPr/><w:sdtContent>$block*</w:sdtContent></w:sdt>", "<w:sectPr/>",
              '<w:bookmarkStart w:id="0"/>', '<mc:AlternateContent xmlns:mc="http://schemas.'
              'openxmlformats.org/markup-compatibility/2006"><mc:Choice>$para</mc:Choice>'
              "<mc:Fallback>$para</mc:Fallback></mc:AlternateContent>"],
    "para": ["<w:p>$run*</w:p>", "<w:p><w:pPr>$prop*</w:pPr>$run*</w:p>"],
    "prop": ['<w:pStyle w:val="$style"/>', '<w:outlineLvl w:val="$level"/>',
             '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'],
    "row": ["<w:tr>$cell*</w:tr>"],
    "cell": ["<w:tc>$block*</w:tc>"],
    "run": ['<w:r><w:t xml:space="preserve">$text</w:t></w:r>'] * 8 + [
            "<w:r><w:tab/></w:r>", "<w:r><w:br/></w:r>", "<w:r><w:cr/></w:r>",
            '<w:r><w:br w:type="page"/></w:r>', "<w:r><w:noBreakHyphen/></w:r>",
            "<w:del><w:r><w:delText>$words</w:delText></w:r></w:del>",
            "<w:ins><w:r><w:t>$words</w:t></w:r></w:ins>",
            "<w:hyperlink><w:r><w:t>$words</w:t></w:r></w:hyperlink>",
            '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText>'
            "</w:r><w:r><w:t>1</w:t></w:r>",
            "$para",  # a paragraph in a paragraph: wrong for Word, well-formed XML
            '<w:r><w:footnoteReference w:id="1"/></w:r>'],
    "wstyle": ['<w:style w:type="$stype" w:styleId="$style"><w:name w:val="$sname"/>$sprop*'
               "</w:style>"],
    "sprop": ['<w:basedOn w:val="$style"/>', '<w:pPr><w:outlineLvl w:val="$level"/></w:pPr>'],
    "stype": ["paragraph", "paragraph", "character"],
    "style": ["Heading1", "H2", "Title", "Quiet", "Deep", "S0", "S1", "S2", "Nope", ""],
    "sname": ["heading 1", "Heading 2", "Title", "heading 9", "heading 10", "heading 0",
              "Quiet", "HEADING 3", "heading \u0663", ""],
    "level": ["0", "1", "2", "3", "5", "8", "9", "-1", "-2", "99", "x", "abc", "\u0663"],
}
ODT = {
    "block": ["$para", "$para", "$para", "$para", "<text:list>$item*</text:list>",
              "<table:table>$trow*</table:table>",
              *wrap("table:table",
                    "<table:table-header-rows>$trow*</table:table-header-rows>$trow"),
              *wrap("table:table", "<table:table-row-group>$trow*</table:table-row-group>"),
              *wrap("text:section text:index-body text:table-of-content text:unknown", "$block*")],
    "para": ["<text:p>$inline*</text:p>", '<text:p text:style-name="$style">$inline*</text:p>',
             '<text:h text:outline-level="$level">$inline*</text:h>'],
    "inline": ["$text", "$text", "$text", "$text", '<text:s text:c="$count"/>',
               '<text:s text:c="$count"/>', "<text:s/>", "<text:tab/>", "<text:line-break/>",
               "<text:soft-page-break/>", "<text:bookmark text:name='b'/>",
               "<text:span>$inline*</text:span>", "<text:note><text:note-citation>1"
               "</text:note-citation><text:note-body><text:p>$words</text:p></text:note-body>"
               "</text:note>", "<office:annotation><text:p>ann</text:p></office:annotation>",
               '<text:a xlink:href="x" xmlns:xlink="http://www.w3.org/1999/xlink">$words</text:a>',
               "$para", "<draw:frame><draw:text-box>$para</draw:text-box></draw:frame>"],
    "item": ["<text:list-item>$block*</text:list-item>"] * 5
            + ["<text:list-header><text:p>hdr</text:p></text:list-header>"],
    "trow": ["<table:table-row>$tcell*</table:table-row>"],
    "tcell": ["<table:table-cell>$block*</table:table-cell>", "<table:covered-table-cell/>"],
    "ostyle": ['<style:style style:name="$style" style:family="$family"$outline$parent$shown/>'],
    "outline": ["", "", ' style:default-outline-level="$level"'],
    "parent": ["", "", ' style:parent-style-name="$style"'],
    "shown": ["", "", ' style:display-name="$display"'],
    "family": ["paragraph", "paragraph", "text"],
    "display": ["Heading 3", "Title", "heading 12", "Heading"],
    "style": ["Heading_20_1", "Heading_20_2", "P1", "P2", "Text_20_body", "Title", "X"],
    "level": ["1", "2", "3", "4", "6", "9", "10", "0", "-1", "x", "", "\u0663"],
    "count": ["1", "3", "0", "-1", "x", "", "\u00b2", "\u0663", "1000", "9" * 20],
    # ODP: pages of frames of ODT's blocks
    "page": ["<draw:page>$frame$frame*</draw:page>",
             "<draw:page>$frame*<presentation:notes><draw:page-thumbnail/>$frame"
             "</presentation:notes></draw:page>",
             "<draw:page><draw:g>$frame</draw:g>$frame*</draw:page>$page"],
    "frame": ['<draw:frame presentation:class="$class"><draw:text-box>$block*</draw:text-box>'
              "</draw:frame>"],
    "class": ["title", "subtitle", "outline", "notes", "graphic", "", "page"],
}
PPTX = {
    "shape": ['<p:sp><p:nvSpPr><p:cNvPr id="1" name="s"/><p:cNvSpPr/><p:nvPr>$ph</p:nvPr>'
              "</p:nvSpPr><p:txBody>$para*</p:txBody></p:sp>"] * 6 + [
              "<p:grpSp>$shape*</p:grpSp>",
              "<p:graphicFrame><a:graphic><a:graphicData><a:tbl>$row*</a:tbl></a:graphicData>"
              "</a:graphic></p:graphicFrame>",
              "<p:sp><p:txBody>$para*$shape</p:txBody></p:sp>"],  # a shape in a shape
    "ph": ["", "", "<p:ph/>", '<p:ph type="$ptype"/>', '<p:ph type="$ptype"/>'],
    "ptype": ["title", "ctrTitle", "subTitle", "body", "sldNum", "dt", "ftr", "obj", ""],
    "row": ["<a:tr><a:tc><a:txBody>$para</a:txBody></a:tc><a:tc><a:txBody>$para</a:txBody>"
            "</a:tc></a:tr>"],
    "para": ["<a:p>$run*</a:p>"],
    "run": ["<a:r><a:t>$text</a:t></a:r>"] * 6
           + ["<a:br/>", '<a:fld type="slidenum"><a:t>3</a:t></a:fld>', "$para", "<a:endParaRPr/>"],
}
XHTML = {
    "node": ["$text", "$text", "$text", "<br/>", "<hr/>", "<img/>",
             *wrap("p div h1 h2 h3 h6 ul ol li table tr td th pre blockquote span em a section "
                   "aside nav script style dl dt dd figure figcaption", "$node*")],
    "decl": ['<?xml version="1.0" encoding="utf-8"?>', "", "<!DOCTYPE html>",
             '<?xml version="1.0" encoding="utf-16"?>'],
}
WIKI = {
    "block": ["$line", "$line", "$line", "$line", "$heading", "$list", "$list", "$table",
              "<pre>$line</pre>", " $line", "----", "__TOC__",
              "{{Infobox x\n| a = $inline\n| b = $inline\n}}"],
    "line": ["$inline $inline*."],
    "heading": ["= $words =", "== $words ==", "=== $words ===", "====== $words ======",
                "======= $words =======", "== $inline =="],
    "list": ["* $line", "** $line", "# $line", ": $line", "; $words : $line", "*# $line"],
    "table": ['{| class="wikitable"\n|+ $inline$trow*\n|}'],
    "trow": ["\n|-\n| $inline || $inline", "\n|-\n! $words !! $words", "\n| $inline"],
    "inline": ["$text", "$text", "$text", "[[$words]]", "[[$words|$words]]", "[[$words (x)|]]",
               "'''$words'''", "''$words''", "{{lang|fr|$words}}", "<ref>$inline</ref>",
               '<ref name="a"/>', "[http://x.org $words]", "<nowiki>$words</nowiki>",
               "<!-- c -->", "&nbsp;", "&#xE000;", "{{cite web|url=x|title=$words}}",
               "<math>x^2</math>", "[[File:x.png|thumb|$inline]]", "<span>$inline</span>",
               "{{{1|}}}", '<syntaxhighlight lang="c">$words</syntaxhighlight>'],
}
# fmt: on


class Grammar:
    """Documents of the grammar formats, drawn from ``rng``.

    A rule's alternative expands ``$name`` once, ``$name*`` 0-4 times and ``$name+`` 1-40
    times; ``$text`` (words, escapes, odd characters, long runs of blanks), ``$words`` and
    ``$self`` (the file's own name) are built in. Past a random depth, or once the document
    is large, each symbol takes its first alternative and ``*`` none. ``bad`` lets ``$text``
    hold what makes XML ill-formed.
    """

    SYMBOL = re.compile(r"\$(\w+)([*+]?)")

    def __init__(self, rng: random.Random, bad: bool = False):
        self.r, self.bad = rng, bad
        self.selfname, self.budget, self.max_depth = "case", 0, 0

    def document(self, fmt: str, name: str) -> bytes:
        """A document of ``fmt``, to be read from a file called ``name``."""
        self.selfname, self.budget, self.max_depth = name, 3000, self.r.choice([6, 12, 24])
        return getattr(self, fmt)()

    def expand(self, rules: dict[str, list[str]], symbol: str, depth: int = 0) -> str:
        self.budget -= 1
        if symbol in ("text", "words", "self"):
            return {"text": self.text, "words": self.words, "self": lambda: self.selfname}[symbol]()
        late = depth > self.max_depth or self.budget < 0
        alternative = rules[symbol][0] if late else self.r.choice(rules[symbol])

        def repeat(m: re.Match[str]) -> str:
            name, how = m.groups()
            if not how:
                count = 1
            elif how == "*":
                count = 0 if late else self.r.choice([0, 1, 2, 4])
            else:
                count = 1 if late else self.r.choice([1, 4, 12, 40])
            return "".join(self.expand(rules, name, depth + 1) for _ in range(count))

        return self.SYMBOL.sub(repeat, alternative)

    def words(self, count: int | None = None) -> str:
        count = self.r.choice([1, 1, 3, 8, 30]) if count is None else count
        return esc(" ".join(self.r.choice(WORDS) for _ in range(count)))

    def text(self) -> str:
        r, dice = self.r, self.r.random()
        if dice < 0.6:
            return self.words()
        if dice < 0.8:
            return r.choice(ODD_TEXT + BAD_TEXT if self.bad else ODD_TEXT)
        unit, count = r.choice([(" ", 100), (" ", 10_000), ("\t\n", 50), ("a", 10_000)])
        return unit * count if r.random() < 0.8 else self.words(200)

    def docbook(self) -> bytes:
        r = self.r
        rules, doctype = DOCBOOK, ""
        if r.random() < 0.5:  # entities: some nested, one from a file
            values = ["word", "<emphasis>em</emphasis>", "&amp;", "&#x41;", "<para>p</para>"]
            doctype = (
                f'<!DOCTYPE article [<!ENTITY e0 "{r.choice(values)}">'
                f'<!ENTITY e1 "a &e0; &e0; b"><!ENTITY ext SYSTEM '
                f'"{r.choice(DOCBOOK["href"][:6]).replace("$self", self.selfname)}">]>\n'
            )
            rules = {**DOCBOOK, "ent": ["$text", "&e0;", "&e1;", "&ext;"]}
        elif r.random() < 0.3:
            doctype = (
                '<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN" '
                '"http://www.oasis-open.org/docbook/xml/4.5/docbookx.dtd">\n'
            )
        root = r.choice(["book", "article", "chapter", "section", "refentry", "part", "para"])
        ns = r.choice([XI, f'xmlns="http://docbook.org/ns/docbook" {XI} version="5.0"'])
        body = self.expand({**rules, "doc": ["$node+"]}, "doc")
        head = '<?xml version="1.0" encoding="utf-8"?>\n' if r.random() < 0.7 else ""
        return f"{head}{doctype}<{root} {ns}>{body}</{root}>".encode()

    def mediawiki(self) -> bytes:
        text = "\n\n".join(self.expand(WIKI, "block") for _ in range(self.r.choice([1, 4, 12, 30])))
        if self.r.random() < 0.2:  # an XML export of a page
            text = (
                '<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/"><page><title>T'
                f'</title><revision><text xml:space="preserve">{html.escape(text)}</text>'
                "</revision></page></mediawiki>"
            )
        return text.encode()

    def docx(self) -> bytes:
        body = self.expand({**DOCX, "doc": ["$block+"]}, "doc")
        files = {
            "[Content_Types].xml": "<Types/>",
            "word/document.xml": f"<w:document {W_NS}><w:body>{body}</w:body></w:document>",
        }
        if self.r.random() < 0.8:
            styles = self.expand({**DOCX, "doc": ["$wstyle+"]}, "doc")
            files["word/styles.xml"] = f"<w:styles {W_NS}>{styles}</w:styles>"
        if self.r.random() < 0.2:
            note = self.expand(DOCX, "para")
            files["word/footnotes.xml"] = (
                f"<w:footnotes {W_NS}><w:footnote w:id='1'>{note}</w:footnote></w:footnotes>"
            )
        return zip_files(files, "[Content_Types].xml")

    def odt(self) -> bytes:
        def styles() -> str:
            return self.expand({**ODT, "doc": ["$ostyle+"]}, "doc")

        body = self.expand({**ODT, "doc": ["$block+"]}, "doc")
        content = (
            f"<office:document-content {ODF_NS}><office:automatic-styles>{styles()}"
            f"</office:automatic-styles><office:body><office:text>{body}</office:text>"
            "</office:body></office:document-content>"
        )
        files = {"mimetype": "application/vnd.oasis.opendocument.text", "content.xml": content}
        if self.r.random() < 0.7:
            files["styles.xml"] = (
                f"<office:document-styles {ODF_NS}><office:styles>"
                f"{styles()}</office:styles></office:document-styles>"
            )
        return zip_files(files, "mimetype")

    def odp(self) -> bytes:
        pages = self.expand({**ODT, "doc": ["$page$page*"]}, "doc")
        content = (
            f"<office:document-content {ODF_NS}><office:body><office:presentation>"
            f"{pages}</office:presentation></office:body></office:document-content>"
        )
        mimetype = "application/vnd.oasis.opendocument.presentation"
        return zip_files({"mimetype": mimetype, "content.xml": content}, "mimetype")

    def pptx(self) -> bytes:
        r, n = self.r, self.r.choice([0, 1, 1, 3, 10])
        order = [i if r.random() < 0.9 else 99 for i in r.sample(range(1, n + 1), n)]
        ids = "".join(f'<p:sldId id="{255 + i}" r:id="rId{i}"/>' for i in order)
        ids *= r.choice([1, 1, 1, 2])
        parts = {
            "[Content_Types].xml": "<Types/>",
            "_rels/.rels": f'<Relationships xmlns="{RELS}"/>',
            "ppt/presentation.xml": f"<p:presentation {P_NS}><p:sldIdLst>{ids}</p:sldIdLst>"
            "</p:presentation>",
        }
        rels = []
        for k in range(1, n + 1):
            odd = ["/ppt/slides/slide1.xml", "../x.xml", "slides/none.xml", "slides/slide1.xml"]
            target = f"slides/slide{k}.xml" if r.random() < 0.95 else r.choice(odd)
            rels.append(f'<Relationship Id="rId{k}" Type="{REL}slide" Target="{target}"/>')
            parts[f"ppt/slides/slide{k}.xml"] = self.slide("sld")
            if r.random() < 0.3:
                notes = r.choice([f"notesSlide{k}.xml", "none.xml", f"../slides/slide{k}.xml"])
                parts[f"ppt/slides/_rels/slide{k}.xml.rels"] = (
                    f'<Relationships xmlns="{RELS}"><Relationship Id="rId9" Type="{REL}notesSlide" '
                    f'Target="../notesSlides/{notes}"/></Relationships>'
                )
                parts[f"ppt/notesSlides/notesSlide{k}.xml"] = self.slide("notes")
        rels_xml = f'<Relationships xmlns="{RELS}">{"".join(rels)}</Relationships>'
        parts["ppt/_rels/presentation.xml.rels"] = rels_xml
        return zip_files(parts, r.choice(["[Content_Types].xml", "_rels/.rels"]))

    def slide(self, kind: str) -> str:
        shapes = self.expand({**PPTX, "doc": ["$shape$shape*"]}, "doc")
        return f"<p:{kind} {P_NS}><p:cSld><p:spTree>{shapes}</p:spTree></p:cSld></p:{kind}>"

    def epub(self) -> bytes:
        r = self.r
        names = [
            r.choice(["text/c{}.xhtml", "text/c {}.xhtml", "../c{}.xhtml", "c{}.xhtml"]).format(i)
            for i in range(r.choice([0, 1, 1, 3, 6]))
        ]
        media = ["application/xhtml+xml"] * 8 + ["image/png", "text/html"]
        nav, linear = ["", ' properties="nav"'], ["", ' linear="no"']
        manifest = "".join(
            f'<item id="i{i}" href="{name.replace(" ", "%20")}" media-type="{r.choice(media)}"'
            f"{r.choice(nav)}/>"
            for i, name in enumerate(names)
        )
        order = [i if r.random() < 0.8 else r.randrange(len(names) + 1) for i in range(len(names))]
        spine = "".join(f'<itemref idref="i{i}"{r.choice(linear)}/>' for i in order)
        opf = r.choice(["OEBPS/content.opf", "content.opf", "a/b/c.opf"])
        files = {
            "mimetype": "application/epub+zip",
            "META-INF/container.xml": '<container version="1.0" xmlns="urn:oasis:names:tc:opendoc'
            'ument:xmlns:container"><rootfiles><rootfile media-type="application/oebps-package+'
            f'xml" full-path="{opf if r.random() < 0.95 else "x.opf"}"/></rootfiles></container>',
            opf: '<package xmlns="http://www.idpf.org/2007/opf" version="'
            f'{r.choice(["2.0", "3.0"])}"><metadata/><manifest>{manifest}</manifest>'
            f"<spine>{spine}</spine></package>",
        }
        for name in names:
            page = self.xhtml_page() if r.random() < 0.95 else "\x89PNG"
            files[posixpath.normpath(posixpath.join(posixpath.dirname(opf), name))] = page
        if r.random() < 0.1:
            del files["mimetype"]
        return zip_files(files, "mimetype")

    def xhtml_page(self) -> str:
        body = self.expand({**XHTML, "doc": ["$node+"]}, "doc")
        return (
            f'{self.expand(XHTML, "decl")}<html xmlns="http://www.w3.org/1999/xhtml"><head>'
            f"<title>{self.words(2)}</title></head><body>{body}</body></html>"
        )


def esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;")


def write_include_files(folder: Path) -> None:
    """The files the DocBook generator's includes name, beside the case."""
    (folder / "sub").mkdir(parents=True, exist_ok=True)
    (folder / "inc1.xml").write_text(
        f'<section><title>Inc</title><para>in <xi:include {XI} href="sub/inc2.xml"/></para>'
        "</section>"
    )
    (folder / "sub" / "inc2.xml").write_text(
        f'<para>deeper <xi:include {XI} href="../inc1.xml"/></para>'
    )
    (folder / "inc.txt").write_text("plain <text> & more\n")


def build_zip(members: list[tuple[str, bytes]], stored: bool = False) -> bytes:
    """A ZIP archive of ``members`` in order; ``mimetype`` always stored, as EPUB and ODF
    want it."""
    buf = io.BytesIO()
    with warnings.catch_warnings():  # duplicate names are wanted
        warnings.simplefilter("ignore")
        with zipfile.ZipFile(buf, "w") as archive:
            for name, data in members:
                info = zipfile.ZipInfo(name or "x")
                plain = stored or name == "mimetype"
                info.compress_type = zipfile.ZIP_STORED if plain else zipfile.ZIP_DEFLATED
                archive.writestr(info, data)
    return buf.getvalue()


def zip_files(files: dict[str, str], first: str) -> bytes:
    """The generators' archives: ``first`` (``mimetype``, say) before the rest."""
    names = sorted(files, key=lambda name: name != first)
    return build_zip([(name, files[name].encode()) for name in names])


def zip_members(data: bytes) -> list[tuple[str, bytes]] | None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return [(info.filename, archive.read(info)) for info in archive.infolist()]
    except Exception:  # zipfile raises many kinds on a damaged archive
        return None


# ----------------------------------------------------------------------------------------
# Seeds


def seed_format(path: Path) -> str:
    """A seed file's format: by linseg's table of file names, else ``text``."""
    return named(str(path)) or SEED_SUFFIXES.get(path.suffix.lower(), "text")


def seed_files(folder: Path) -> list[Path]:
    """The files under ``folder`` of at most 1 MB, but none in hidden folders or caches."""
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "__")))
        for name in sorted(filenames):
            path = Path(dirpath, name)
            if not name.startswith(".") and path.stat().st_size <= MAX_SEED_BYTES:
                found.append(path)
    return found


def tested_documents() -> list[str]:
    """The strings of over 40 characters that ``tests/test_*.py`` assign at module level:
    documents the tests read (found by parsing the modules, not importing them)."""
    found = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            value = getattr(node, "value", None) if isinstance(node, ast.Assign) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.append(value.value)
    return [text for text in found if len(text) > 40]


def load_seeds(extra: list[str], seed: int) -> dict[str, list[bytes]]:
    """Seed documents by format: examples, test data, built-in and generated documents, and
    the files under ``extra``. The same ``seed`` gives the same seeds."""
    from linseg.readers.document import detect_format

    seeds: dict[str, list[bytes]] = builtin_seeds()

    def add(fmt: str, data: bytes) -> None:
        if data and fmt in FORMATS:
            keep_whole = fmt in ZIP_FORMATS or fmt == "pdf"
            seeds.setdefault(fmt, []).append(data if keep_whole else data[:60_000])

    folders = [ROOT / "examples", ROOT / "tests", *map(Path, extra)]
    for path in (p for folder in folders if folder.is_dir() for p in seed_files(folder)):
        if path.suffix not in (".py", ".pyc"):
            add(seed_format(path), path.read_bytes())
    for text in tested_documents():
        with contextlib.suppress(Exception):
            add(detect_format(text), text.encode())
    for page in seeds.get("html", [])[:5]:
        for encoding in ("quoted-printable", "base64"):
            add("mhtml", as_mhtml(page, encoding))
    rng = random.Random(f"{seed}:seeds")
    for fmt in GRAMMAR_FORMATS:
        for _ in range(8):
            add(fmt, Grammar(rng).document(fmt, "case" + EXT[fmt]))
    return seeds


# ----------------------------------------------------------------------------------------
# Mutators


def mutate_bytes(
    rng: random.Random, data: bytes, fmt: str, seeds: dict[str, list[bytes]], edits: int = 0
) -> bytes:
    """``data`` after ``edits`` (or 1-8) random edits, most of them aimed at ``fmt``."""
    buf = bytearray(data)
    tokens = TOKENS.get(fmt, GEN_T)
    for _ in range(edits or rng.choice([1, 1, 2, 3, 5, 8])):
        size = len(buf)
        pos = rng.randint(0, size)
        op = rng.randrange(16)
        if op == 0 and size:  # flip a bit
            buf[rng.randrange(size)] ^= 1 << rng.randrange(8)
        elif op == 1 and size:  # set a byte
            buf[rng.randrange(size)] = rng.randrange(256)
        elif op == 2 and size:  # delete a chunk
            start = rng.randrange(size)
            del buf[start : start + rng.randint(1, min(256, size))]
        elif op == 3 and size:  # repeat a chunk
            start = rng.randrange(size)
            chunk = bytes(buf[start : start + rng.randint(1, 512)])
            buf[pos:pos] = chunk * rng.choice([1, 2, 5, 50])
        elif op == 4:  # truncate
            del buf[pos:]
        elif op in (5, 6, 7, 8):  # the format's tokens
            buf[pos:pos] = rng.choice(tokens) * rng.choice([1, 1, 1, 2, 3, 20])
        elif op == 9:  # a generic token
            buf[pos:pos] = rng.choice(GEN_T)
        elif op == 10:  # a splice of another seed of the format
            other = rng.choice(seeds.get(fmt) or [b""])
            if other:
                start = rng.randrange(len(other))
                buf[pos:pos] = other[start : start + rng.randint(1, 2000)]
        elif op == 11:  # a very long line or token
            unit = rng.choice([b"a", b"word ", b"x.", b"\t", b"-", b"\xc3\xa9", rng.choice(tokens)])
            buf[pos:pos] = unit * (rng.choice([2000, 20_000, 200_000]) // len(unit))
        elif op == 12:  # nesting deep, closed or not
            opening, closing = NEST.get(fmt, (b"(", b")"))
            depth = rng.choice([100, 1000, 10_000])
            buf[pos:pos] = opening * depth + (closing * depth if rng.random() < 0.6 else b"")
        elif op == 13:  # random bytes
            buf[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        elif op == 14 and size > 20:  # swap two chunks (timestamps out of order)
            a, b = sorted(rng.sample(range(size), 2))
            c = rng.randint(a, b)
            buf = buf[:a] + buf[c:b] + buf[a:c] + buf[b:]
        elif op == 15 and size:  # rewrite a number
            at = buf.find(rng.choice([b"0", b"1"]), rng.randrange(size))
            if at >= 0:
                numbers = [b"9", b"99999999999", b"-1", b"60", b"1e9", b"\xd9\xa3", b"", b"0" * 50]
                buf[at : at + 1] = rng.choice(numbers)
    return bytes(buf)


def encode_mutate(rng: random.Random, data: bytes) -> bytes:
    """``data`` in another encoding, with a byte-order mark, a false declaration of its
    encoding, NULs, or other line ends."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    op = rng.randrange(10)
    if op == 0:
        return text.encode(
            rng.choice(["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-be"]), "replace"
        )
    if op == 1:
        return codecs.BOM_UTF8 + data
    if op == 2:
        return rng.choice([codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE]) + data
    if op == 3:
        return text.encode("latin-1", "replace") + rng.choice([b"", b"\xe9\x80\x93", b"caf\xe9"])
    if op == 4:  # a declaration, and bytes that are not UTF-8
        decl = rng.choice(DECLS)
        body = data.replace(b"\xc3\xa9", b"\xe9") + b" caf\xe9 \x93q\x94 \x81\x8d"
        return decl + body if rng.random() < 0.6 else body[:20] + decl + body[20:]
    if op == 5:
        return data + rng.choice(LOCALVARS) + b"\xe9"
    if op == 6:
        at = rng.randint(0, len(data))
        return data[:at] + b"\x00" * rng.randint(1, 3) + data[at:]
    if op == 7:  # UTF-16 cut anywhere, even inside a character
        return text.encode("utf-16-le", "replace")[: rng.randint(0, 2 * len(text))]
    if op == 8:
        codec = rng.choice(["cp1252", "shift_jis", "koi8-r", "mac-roman", "cp437"])
        return text.encode(codec, "replace") + b"\x80\xff"
    return data.replace(b"\n", rng.choice([b"\r\n", b"\r", b"\xe2\x80\xa8", b"\xc2\x85", b"\x0b"]))


def mutate_zip(
    rng: random.Random, data: bytes, fmt: str, seeds: dict[str, list[bytes]]
) -> bytes | None:
    """The archive ``data`` with one member (an XML one, mostly) mutated, and sometimes a
    member dropped, doubled or renamed; None if ``data`` is no readable archive."""
    members = zip_members(data)
    if not members:
        return None
    xml_ends = (".xml", ".xhtml", ".html", ".htm", ".opf", ".rels", ".ncx")
    xmlish = [
        i for i, (name, _) in enumerate(members) if name.endswith(xml_ends) or name == "mimetype"
    ]
    i = rng.choice(xmlish or range(len(members)))
    name, body = members[i]
    dice = rng.random()
    if dice < 0.75:
        body = mutate_bytes(rng, body, fmt, seeds)
    elif dice < 0.9:
        body = encode_mutate(rng, body)
    members[i] = (name, body)
    if rng.random() < 0.1 and len(members) > 1:
        members.pop(rng.randrange(len(members)))
    if rng.random() < 0.05:
        members.append(rng.choice(members))
    if rng.random() < 0.05:  # a name outside the archive, or of a folder, or another
        j = rng.randrange(len(members))
        name = members[j][0]
        odd = ["../evil.xml", "/abs.xml", "", "a\\b.xml", "word/../word/document.xml"]
        members[j] = (rng.choice([*odd, name.upper(), name + "/"]), members[j][1])
    return build_zip(members, stored=rng.random() < 0.5)


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, mtime=0)  # no time stamp: the same seed, the same bytes


def mutate_seed(rng: random.Random, seeds: dict[str, list[bytes]], fmt: str) -> bytes:
    """A seed of ``fmt`` (now and then of another format) mutated."""
    pool = seeds.get(rng.choice(sorted(seeds)) if rng.random() < 0.1 else fmt) or seeds["text"]
    data = rng.choice(pool)
    dice = rng.random()
    if dice < 0.01:
        return b""
    if fmt in ZIP_FORMATS and dice < 0.85 and data.startswith(b"PK"):
        data = mutate_zip(rng, data, fmt, seeds) or mutate_bytes(rng, data, fmt, seeds)
    elif dice < 0.8 or fmt in ZIP_FORMATS or fmt == "pdf":
        data = mutate_bytes(rng, data, fmt, seeds)
    else:
        data = encode_mutate(rng, data)
        if rng.random() < 0.5:
            data = mutate_bytes(rng, data, fmt, seeds, 1)
    if fmt not in ZIP_FORMATS and rng.random() < 0.05:
        data = rng.choice([_gzip, bz2.compress, lzma.compress])(data)
    return data


@dataclass
class Case:
    fmt: str  # the --format given, or "auto"
    target: str  # the format the bytes were made as
    ext: str  # the file name's ending
    data: bytes = b""
    origin: str = "mutated"  # or "grammar", "grammar+mutated"


def make_case(
    rng: random.Random, seeds: dict[str, list[bytes]], fmt: str, targets: list[str]
) -> Case:
    """A case for ``--format fmt`` (``auto``: of a format of ``targets``, under its own
    file name or another)."""
    target = rng.choice(targets) if fmt == "auto" else fmt
    if fmt != "auto":
        ext = EXT.get(target, ".txt") if rng.random() < 0.5 else ".bin"
    elif rng.random() < 0.6:
        ext = EXT.get(target, ".txt")
    else:
        ext = rng.choice([".bin", ".txt", "", ".xml", EXT.get(rng.choice(FORMATS), ".txt")])
    case = Case(fmt, target, ext)
    if target in GRAMMAR_FORMATS and rng.random() < 0.5:
        case.data = Grammar(rng, bad=rng.random() < 0.15).document(target, "case" + ext)
        case.origin = "grammar"
        if rng.random() < 0.25:
            mutated = mutate_zip(rng, case.data, target, seeds) if target in ZIP_FORMATS else None
            case.data = mutated or mutate_bytes(rng, case.data, target, seeds)
            case.origin = "grammar+mutated"
    else:
        case.data = mutate_seed(rng, seeds, target)
    return case


# ----------------------------------------------------------------------------------------
# Running one case


class CaseTimeout(BaseException):
    """SIGALRM's: a BaseException, so that no ``except Exception`` in linseg swallows it."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise CaseTimeout


_LAST_DOC: dict[str, Any] = {}


def install_hook() -> None:
    """Keep the Document that ``linseg segment`` reads, to check its output against."""
    import linseg.cli.segment as segment

    read = segment.read_document

    def reading(*args: Any, **kwargs: Any) -> Any:
        _LAST_DOC["doc"] = doc = read(*args, **kwargs)
        return doc

    segment.read_document = reading


@dataclass
class Outcome:
    status: Any = None  # the exit status, if main returned
    kind: str | None = None  # what failed (exception, timeout, join, ...); None: nothing
    key: str | None = None  # the failure's key, for deduplication
    detail: str = ""
    error: str = ""  # a status 2's line
    secs: float = 0.0


def innermost_frame(tb: Any) -> str:
    """Where an exception was raised: its innermost frame in linseg, ``linseg/x.py:N``."""
    frames = traceback.extract_tb(tb)
    ours = [frame for frame in frames if frame.filename.startswith(PKG_DIR)]
    if not frames:
        return "?"
    frame = (ours or frames)[-1]
    name = "linseg/" + frame.filename[len(PKG_DIR) :] if ours else os.path.basename(frame.filename)
    return f"{name}:{frame.lineno}"


def case_argv(path: str, fmt: str) -> list[str]:
    return ["segment", path, "--output", "json", *(["--format", fmt] if fmt != "auto" else [])]


def run_case(path: str, fmt: str, timeout: int) -> Outcome:
    """``linseg segment path --output json [--format fmt]`` in this process, checked."""
    from linseg.cli import main

    out, err = io.StringIO(), io.StringIO()
    _LAST_DOC.clear()
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(timeout)
    start = time.monotonic()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(case_argv(path, fmt))
            except SystemExit as exc:  # argparse
                status = exc.code
    except CaseTimeout as exc:
        where = "".join(traceback.format_tb(exc.__traceback__)[-8:])
        key = f"timeout@{innermost_frame(exc.__traceback__)}"
        detail = f"still running after {timeout} s, in:\n{where}"
        return Outcome(kind="timeout", key=key, detail=detail, secs=time.monotonic() - start)
    except BaseException as exc:  # whatever else escapes main
        key = f"{type(exc).__name__}@{innermost_frame(exc.__traceback__)}"
        detail = traceback.format_exc()[-6000:]
        return Outcome(kind="exception", key=key, detail=detail, secs=time.monotonic() - start)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    outcome = Outcome(status=status, secs=time.monotonic() - start)
    problem = check_output(status, out.getvalue(), err.getvalue(), path, fmt)
    if problem:
        outcome.kind, outcome.key, outcome.detail = problem
    elif status == 2:
        outcome.error = err.getvalue().strip()
    return outcome


def check_output(
    status: Any, out: str, err: str, path: str, fmt: str
) -> tuple[str, str, str] | None:
    """What broke the contract in a run's exit status and output: (kind, key, detail)."""
    if status not in (0, 2):
        return "status", f"status{status}:{fmt}", err[-3000:]
    if "Traceback" in err:
        return "traceback", f"traceback:{fmt}", err[-3000:]
    if status == 2:
        lines = err.splitlines()
        if len(lines) == 1 and lines[0].startswith("linseg") and not out:
            return None
        return "multiline", f"multiline:{fmt}", f"stderr: {err[-2000:]!r}\nstdout: {out[:500]!r}"
    try:
        record = json.loads(out)
        joined = "".join(record["segments"])
        read_as = str(record.get("format", fmt))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        return "badjson", f"badjson:{fmt}", f"{exc!r}; stdout: {out[:1000]!r}"
    doc = _LAST_DOC.get("doc")
    if doc is None:
        return None
    text = doc.text
    if joined != text:
        at = next((i for i, (a, b) in enumerate(zip(joined, text)) if a != b), len(joined))
        detail = (
            f"the segments joined ({len(joined)} chars) are not the text read ({len(text)}): "
            f"from {at}, {joined[at : at + 60]!r} for {text[at : at + 60]!r}"
        )
        return "join", f"join:{read_as}", detail
    end = 0
    for start, stop in doc.spans:
        if start != end or stop < start:
            return "spans", f"spans:{read_as}", f"the spans do not tile the text at {end}"
        end = stop
    if doc.spans and end != len(text):
        return "spans", f"spans:{read_as}", f"the spans end at {end}, the text at {len(text)}"
    if read_as in ("text", "lines"):
        original = decoded_input(path)
        if original is not None and joined != original:
            detail = f"{len(joined)} chars joined, {len(original)} in the input decoded"
            return "join", f"join-input:{read_as}", detail
    return None


def decoded_input(path: str) -> str | None:
    """The file's text as linseg decodes it (decompressed, without a BOM), or None."""
    from linseg.readers.compression import decompressed
    from linseg.readers.encoding import decode

    try:
        return decode(decompressed(Path(path).read_bytes()), None)[0]
    except Exception:  # not decodable: then linseg refused it
        return None


# ----------------------------------------------------------------------------------------
# A worker: runs cases until the deadline and keeps what fails


def claim_slot(out: Path, key: str) -> bool:
    """Whether a case of ``key`` may be saved: one of its 3 slots, shared by all workers,
    is free."""
    folder = out / "failures" / ".keys"
    folder.mkdir(parents=True, exist_ok=True)
    stem = hashlib.sha1(key.encode()).hexdigest()[:16]
    for slot in range(KEEP_PER_KEY):
        with contextlib.suppress(FileExistsError):
            os.close(os.open(folder / f"{stem}.{slot}", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            return True
    return False


def save_case(folder: Path, data: bytes, ext: str, fmt: str, record: dict[str, Any]) -> str:
    """Save a case as ``<sha1-12><ext>``, its record beside it; its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (hashlib.sha1(data).hexdigest()[:12] + ext)
    path.write_bytes(data)
    repro = "linseg segment " + " ".join(case_argv(str(path), fmt)[1:])
    record = {**record, "format": fmt, "file": str(path), "size": len(data), "repro": repro}
    write_json(path.with_name(path.name + ".json"), record)
    return str(path)


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` whole or not at all: another process may read it at any moment."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False))
    os.replace(tmp, path)


@dataclass
class Tally:
    """What a campaign ran, for ``stats.json``: each worker keeps its own, the parent sums."""

    cases: int = 0
    outcomes: dict[str, Counter[str]] = field(default_factory=dict)  # format: outcome: count
    grammar: dict[str, Counter[str]] = field(default_factory=dict)  # the same, of new documents
    errors: Counter[str] = field(default_factory=Counter)
    failures: dict[str, dict[str, Any]] = field(default_factory=dict)  # key: count, files
    slow: list[dict[str, Any]] = field(default_factory=list)

    def count(self, fmt: str, label: str, origin: str = "") -> None:
        self.cases += 1
        self.outcomes.setdefault(fmt, Counter())[label] += 1
        if origin == "grammar":  # a generated document as it was made: is it read?
            self.grammar.setdefault(fmt, Counter())[label] += 1

    def fail(self, key: str, count: int, files: list[str]) -> None:
        entry = self.failures.setdefault(key, {"count": 0, "files": []})
        entry["count"] += count
        entry["files"] = (entry["files"] + files)[:KEEP_PER_KEY]

    def as_json(self, errors: int = 200) -> dict[str, Any]:
        return {
            "cases": self.cases,
            "outcomes": {fmt: dict(c.most_common()) for fmt, c in sorted(self.outcomes.items())},
            "grammar": {fmt: dict(c.most_common()) for fmt, c in sorted(self.grammar.items())},
            "errors": self.errors.most_common(errors),
            "failures": dict(sorted(self.failures.items(), key=lambda kv: -kv[1]["count"])),
            "slow": sorted(self.slow, key=lambda s: -s["seconds"])[:200],
        }

    def add(self, data: dict[str, Any]) -> None:
        self.cases += data["cases"]
        for mine, theirs in [(self.outcomes, data["outcomes"]), (self.grammar, data["grammar"])]:
            for fmt, counts in theirs.items():
                mine.setdefault(fmt, Counter()).update(counts)
        self.errors.update(dict(data["errors"]))
        for key, entry in data["failures"].items():
            self.fail(key, entry["count"], entry["files"])
        self.slow += data["slow"]


def one_line_error(message: str, workdir: Path) -> str:
    """A status 2's message, its paths and numbers blanked, to count alike ones together."""
    message = re.sub(r"0x[0-9a-f]+", "0xN", message.replace(str(workdir), "DIR"))
    return re.sub(r"(?<![\w-])\d[\d,]*(?!\w)", "N", message)[:120]


def limit_memory() -> None:
    if sys.platform.startswith("linux"):
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def worker(args: argparse.Namespace) -> int:
    """Run cases until ``args.deadline``, writing a heartbeat before each."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the workers
    faulthandler.enable()  # a crash in C leaves the Python stack in the worker's log
    out, wid = Path(args.out), args.worker_id
    heartbeat, counts = out / "workers" / f"{wid}.heartbeat", out / "workers" / f"{wid}.json"
    write_json(heartbeat, {"time": time.time(), "n": 0, "case": None})
    limit_memory()
    install_hook()
    workdir = out / "work" / f"w{wid.split('.')[0]}"
    write_include_files(workdir)
    seeds = load_seeds(args.seeds, args.seed)
    weights = [WEIGHTS.get(fmt, 2.0) for fmt in args.formats]
    targets = [fmt for fmt in args.formats if fmt != "auto"] or list(FORMATS)
    rng = random.Random(f"{args.seed}:{wid}")
    tally, flushed = Tally(), time.monotonic()
    while time.time() < args.deadline:
        case = make_case(rng, seeds, rng.choices(args.formats, weights)[0], targets)
        path = workdir / ("case" + case.ext)
        path.write_bytes(case.data)
        about = {
            "format": case.fmt,
            "target": case.target,
            "origin": case.origin,
            "ran_as": str(path),
            "worker": wid,
            "n": tally.cases,
        }
        write_json(heartbeat, {"time": time.time(), "case": str(path), "ext": case.ext, **about})
        faulthandler.dump_traceback_later(args.timeout + 20)  # and so does a hang in C
        outcome = run_case(str(path), case.fmt, args.timeout)
        faulthandler.cancel_dump_traceback_later()
        tally.count(case.fmt, outcome.kind or str(outcome.status), case.origin)
        if outcome.error:
            tally.errors[one_line_error(outcome.error, workdir)] += 1
        record = {
            "key": outcome.key,
            "kind": outcome.kind,
            "argv": case_argv(str(path), case.fmt),
            "status": outcome.status,
            "seconds": round(outcome.secs, 2),
            "detail": outcome.detail,
            **about,
        }
        if outcome.key:
            keep = claim_slot(out, outcome.key)
            saved = (
                save_case(out / "failures", case.data, case.ext, case.fmt, record) if keep else None
            )
            tally.fail(outcome.key, 1, [saved] if saved else [])
        if (
            outcome.secs > SLOW_SECONDS
            and len(case.data) < MAX_SEED_BYTES
            and len(tally.slow) < 100
        ):
            saved = save_case(out / "slow", case.data, case.ext, case.fmt, record)
            tally.slow.append(
                {"file": saved, "format": case.fmt, "seconds": round(outcome.secs, 1)}
            )
        if time.monotonic() - flushed > 15:
            write_json(counts, tally.as_json())
            flushed = time.monotonic()
    write_json(counts, tally.as_json())
    return 0


# ----------------------------------------------------------------------------------------
# The parent: starts the workers, watches their heartbeats, sums their counts


@dataclass
class Worker:
    index: int
    generation: int
    started: float = field(default_factory=time.time)
    proc: subprocess.Popen[bytes] | None = None

    @property
    def wid(self) -> str:
        return str(self.index) if self.generation == 1 else f"{self.index}.{self.generation}"


class Campaign:
    def __init__(self, args: argparse.Namespace):
        self.args, self.out = args, Path(args.out).resolve()
        self.started = time.time()
        self.deadline = self.started + args.minutes * 60
        self.hang_limit = max(HEARTBEAT_LIMIT, args.timeout + 30)
        self.lost = Tally()  # the cases that killed a worker
        self.events: list[dict[str, Any]] = []
        self.barren = 0  # workers that died before their first case

    def start(self, index: int, generation: int = 1) -> Worker:
        w = Worker(index, generation)
        cmd = [
            sys.executable,
            os.path.abspath(__file__),
            "--worker-id",
            w.wid,
            "--out",
            str(self.out),
            "--deadline",
            str(self.deadline),
            "--seed",
            str(self.args.seed),
            "--timeout",
            str(self.args.timeout),
            "--formats",
            ",".join(self.args.formats),
        ]
        for folder in self.args.seeds:
            cmd += ["--seeds", os.path.abspath(folder)]
        with open(self.out / "workers" / f"{w.wid}.log", "wb") as log:
            w.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        return w

    def run(self) -> int:
        shutil.rmtree(self.out / "workers", ignore_errors=True)  # a past campaign's counts
        (self.out / "workers").mkdir(parents=True)
        workers = [self.start(i) for i in range(self.args.workers)]
        merged = reported = time.time()
        try:
            while workers:
                time.sleep(2)
                workers = [w for w in map(self.watch, workers) if w is not None]
                if time.time() - merged > 30:
                    stats, merged = self.merge(), time.time()
                    if time.time() - reported > 300:
                        reported = time.time()
                        print(
                            f"{stats['minutes']:.0f} min: {stats['cases']:,} cases, "
                            f"{len(stats['failures'])} failure keys",
                            file=sys.stderr,
                        )
        except KeyboardInterrupt:
            print("interrupted: stopping the workers", file=sys.stderr)
            for w in workers:
                if w.proc:
                    w.proc.kill()
                    w.proc.wait()
        stats = self.merge()
        self.summary(stats)
        return 1 if stats["failures"] else 0

    def watch(self, w: Worker) -> Worker | None:
        """The same worker if all is well, a new one if it died or hung, None once done."""
        assert w.proc is not None
        beat: dict[str, Any] = {}
        with contextlib.suppress(OSError, ValueError):
            beat = json.loads((self.out / "workers" / f"{w.wid}.heartbeat").read_text())
        status = w.proc.poll()
        if status == 0:
            return None
        if status is not None:
            how = signal.Signals(-status).name if status < 0 else f"exit{status}"
            self.lose(w, beat, "died", f":{how}", f"the worker died ({how})")
        elif time.time() - beat.get("time", w.started) > self.hang_limit:
            w.proc.kill()
            w.proc.wait()
            self.lose(w, beat, "hang", "", f"no heartbeat for {self.hang_limit:.0f} s: killed")
        else:
            return w
        if self.barren >= 3:
            print(f"workers die before their first case: see {self.out}/workers/", file=sys.stderr)
            return None
        return self.start(w.index, w.generation + 1) if time.time() < self.deadline - 10 else None

    def lose(self, w: Worker, beat: dict[str, Any], kind: str, how: str, detail: str) -> None:
        """Keep the case a worker was running when it died or hung, as a failure."""
        log = (self.out / "workers" / f"{w.wid}.log").read_text(errors="replace")
        detail += f"; the end of its log (Python's stack, if faulthandler wrote it):\n{log[-4000:]}"
        if not beat.get("case"):
            self.barren += 1
            self.events.append({"event": kind, "worker": w.wid, "detail": detail})
            return
        fmt, key = beat["format"], f"{kind}:{beat['format']}{how}"
        data = Path(beat["case"]).read_bytes()
        seconds = round(time.time() - beat["time"], 1)
        record = {
            "key": key,
            "kind": kind,
            "argv": case_argv(beat["case"], fmt),
            "seconds": seconds,
            "detail": detail,
            **{k: beat[k] for k in ("target", "origin", "ran_as", "worker", "n")},
        }
        saved = (
            save_case(self.out / "failures", data, beat["ext"], fmt, record)
            if claim_slot(self.out, key)
            else None
        )
        self.lost.count(fmt, kind)
        self.lost.fail(key, 1, [saved] if saved else [])
        self.events.append({"event": kind, "worker": w.wid, "key": key, "file": saved})

    def merge(self) -> dict[str, Any]:
        """Sum the workers' counts into ``stats.json``."""
        total = Tally()
        total.add(self.lost.as_json())
        for path in sorted((self.out / "workers").glob("*.json")):
            with contextlib.suppress(OSError, ValueError):
                total.add(json.loads(path.read_text()))
        minutes = round((time.time() - self.started) / 60, 2)
        stats = {
            "seed": self.args.seed,
            "minutes": minutes,
            "workers": self.args.workers,
            "formats": self.args.formats,
            **total.as_json(errors=40),
            "watchdog": self.events,
        }
        write_json(self.out / "stats.json", stats)
        return stats

    def summary(self, stats: dict[str, Any]) -> None:
        print(
            f"\n{stats['cases']:,} cases in {stats['minutes']:.1f} min, seed {stats['seed']}, "
            f"{stats['workers']} worker(s); details in {self.out / 'stats.json'}\n"
        )
        print(f"{'format':<10} {'cases':>7} {'exit 0':>7} {'exit 2':>7} {'failed':>7}")
        for fmt, counts in stats["outcomes"].items():
            total, ok, refused = sum(counts.values()), counts.get("0", 0), counts.get("2", 0)
            print(f"{fmt:<10} {total:>7} {ok:>7} {refused:>7} {total - ok - refused:>7}")
        read = [f"{fmt} {c.get('0', 0)}/{sum(c.values())}" for fmt, c in stats["grammar"].items()]
        print(f"\ngenerated documents read (exit 0): {', '.join(read) or 'none'}")
        print(f"failures: {len(stats['failures']) or 'none'}")
        for key, entry in stats["failures"].items():
            print(f"  {entry['count']:>5}  {key}  {(entry['files'] or ['(not saved)'])[0]}")
        print(f"slow cases (over {SLOW_SECONDS:.0f} s): {len(stats['slow']) or 'none'}")
        for slow in stats["slow"][:10]:
            print(f"  {slow['seconds']:>6.1f} s  {slow['format']:<9} {slow['file']}")
        files = [entry["files"][0] for entry in stats["failures"].values() if entry["files"]]
        if files:
            record = json.loads(Path(files[0] + ".json").read_text())
            print(f"\nreproduce one: {record['repro']}")
            print(
                f"shrink it: python {sys.argv[0]} --minimize {files[0]} --format {record['format']}"
            )


# ----------------------------------------------------------------------------------------
# Shrinking a failing case


def ddmin(data: bytes, fails: Callable[[bytes], bool], deadline: float) -> bytes:
    """A smaller ``data`` that still ``fails``: chunks of lines, then of bytes, dropped
    while it fails (Zeller's delta debugging), until ``deadline``."""
    for unit in ("lines", "bytes"):
        parts = data.splitlines(keepends=True) if unit == "lines" else [bytes([b]) for b in data]
        step = len(parts) // 50_000 + 1
        parts = [b"".join(parts[i : i + step]) for i in range(0, len(parts), step)]
        n = 2
        while len(parts) >= 2 and time.time() < deadline:
            size, i, removed = max(1, len(parts) // n), 0, False
            while i < len(parts) and time.time() < deadline:
                candidate = parts[:i] + parts[i + size :]
                if candidate and fails(b"".join(candidate)):
                    parts, removed = candidate, True
                else:
                    i += size
            if not removed and size == 1:
                break
            n = max(n - 1, 2) if removed else min(n * 2, len(parts))
        data = b"".join(parts)
    return data


def minimize(args: argparse.Namespace) -> int:
    """Shrink ``args.minimize`` to a case failing with the same key (for a ZIP, its largest
    member), run under the same file name."""
    limit_memory()
    install_hook()
    source = Path(args.minimize)
    path = Path(tempfile.mkdtemp(prefix="linseg-minimize-")) / source.name
    original = source.read_bytes()
    members = zip_members(original) if original.startswith(b"PK") else None
    target = max(range(len(members)), key=lambda i: len(members[i][1])) if members else -1

    def build(part: bytes) -> bytes:
        if not members:
            return part
        return build_zip(
            [(name, part if i == target else b) for i, (name, b) in enumerate(members)]
        )

    def key(data: bytes) -> str | None:
        path.write_bytes(data)
        return run_case(str(path), args.format, args.timeout).key

    first = key(original)
    if first is None:
        print(f"{source} does not fail as --format {args.format}")
        return 1
    print(f"{source}: {first}; shrinking for up to {args.minutes:g} min")
    start = members[target][1] if members else original
    small = build(
        ddmin(start, lambda part: key(build(part)) == first, time.time() + args.minutes * 60)
    )
    result = source.with_name(source.name + ".min")
    result.write_bytes(small)
    print(f"{len(original):,} -> {len(small):,} bytes: {result} (run it named {source.name})")
    return 0


# ----------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = parser.add_argument
    add("--minutes", type=float, default=10.0, help="how long to run (or --minimize); 10")
    add("--workers", type=int, default=1, help="worker processes; 1")
    add("--out", default="fuzz-out", help="the output folder; fuzz-out")
    add("--seed", type=int, help="the random seed; by default one is chosen, and printed")
    add(
        "--formats",
        default="auto," + ",".join(FORMATS),
        help="comma-separated; auto: detection; all",
    )
    add("--seeds", action="append", default=[], metavar="DIR", help="more seed files (repeatable)")
    add("--timeout", type=int, default=20, help="seconds a case may run; 20")
    add("--minimize", metavar="FILE", help="shrink this failing case instead")
    add("--format", default="auto", help="the format --minimize runs its case as; auto")
    add("--worker-id", help=argparse.SUPPRESS)
    add("--deadline", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.formats = [fmt.strip() for fmt in args.formats.split(",") if fmt.strip()]
    unknown = sorted(set(args.formats + [args.format]) - {"auto", *FORMATS})
    if unknown or not args.formats:
        parser.error(f"unknown formats: {unknown}; use: auto, {', '.join(FORMATS)}")
    if args.workers < 1 or args.timeout < 1:
        parser.error("--workers and --timeout must be at least 1")
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1_000_000)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.minimize:
        return minimize(args)
    if args.worker_id is not None:
        return worker(args)
    print(
        f"fuzzing for {args.minutes:g} min, {args.workers} worker(s), seed {args.seed}, "
        f"into {args.out}",
        file=sys.stderr,
    )
    return Campaign(args).run()


if __name__ == "__main__":
    sys.exit(main())

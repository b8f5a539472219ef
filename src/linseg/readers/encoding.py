"""The encoding of a document's bytes: the one given, or else the one the bytes show.

When no encoding is given, bytes are read as the tools made for each format read them
(browsers, LaTeX, ``perldoc``, Emacs and ``groff``'s ``preconv``), in this order:

1. a **byte-order mark** names UTF-8, UTF-16 or UTF-32, and is dropped;
2. bytes that are **valid UTF-8** are UTF-8, whatever a declaration says (a file converted
   to UTF-8 often keeps its old header; and Latin-1 text is almost never valid UTF-8);
3. otherwise the encoding the document **declares** in its first 8 KB, or in an Emacs
   local-variables block at its end (an Info manual's):

   - an XML declaration, ``<?xml version="1.0" encoding="iso-8859-1"?>``;
   - an HTML ``<meta charset="...">`` or ``<meta http-equiv="Content-Type"
     content="text/html; charset=...">``;
   - an Emacs or Vim coding tag in the first two lines, ``-*- coding: latin-1 -*-`` (how a
     manual page's source declares it to ``preconv``), or ``coding: ...`` in a ``Local
     Variables:`` block;
   - POD's ``=encoding latin1``;
   - LaTeX's ``\\usepackage[latin1]{inputenc}`` (its option names: ``latin1`` to
     ``latin10``, ``cp1252``, ``ansinew``, ``applemac`` ...).
   - RTF's header, ``{\\rtf1\\ansi\\ansicpg1251`` (``\\ansi`` alone: Windows-1252), for
     the bytes that some writers put in the text unescaped.

   A Latin-1 or ASCII declaration is read as Windows-1252, as browsers read it.

Nothing is guessed: bytes that are neither valid UTF-8 nor in the encoding they declare
raise ``UnicodeDecodeError``, and the caller says to pass ``--encoding``.
"""

from __future__ import annotations

import codecs
import re

__all__ = ["decode", "declared"]

_BOMS = (
    # UTF-32's little-endian mark opens with UTF-16's: it is tried first.
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

_HEAD_BYTES = 8192
_TAIL_BYTES = 3000  # Emacs looks for local variables in the last 3000 characters

_NAME = rb"""["']?\s*([A-Za-z][-\w.:]*)"""
_XML = re.compile(rb"""\A<\?xml[^>]*?\sencoding\s*=\s*""" + _NAME)
_META = re.compile(rb"<meta\s[^>]*?charset\s*=\s*" + _NAME, re.I)
# PEP 263's pattern, which Emacs' -*- coding: x -*- and Vim's fileencoding=x both match.
_CODING_TAG = re.compile(rb"coding[:=]\s*([-\w.]+)")
_LOCAL_VARIABLES = re.compile(rb"Local Variables:.*?^\W*coding:\s*([-\w.]+)", re.I | re.S | re.M)
_POD = re.compile(rb"^=encoding\s+([-\w.:]+)", re.M)
_INPUTENC = re.compile(rb"^[^%\n]*\\usepackage\s*\[([^\]]*)\]\s*\{inputenc\}", re.M)
# RTF's header: its character set (\ansi: Windows-1252; \mac, \pc, \pca) and code page.
_RTF = re.compile(rb"\A\{\\rtf1?(?:[^{]*?\\ansicpg(\d+)|[^{]*?\\(ansi|mac|pca|pc)\b)")
_RTF_CHARSETS = {b"ansi": b"cp1252", b"mac": b"mac-roman", b"pc": b"cp437", b"pca": b"cp850"}

# inputenc's option names, and Emacs' Latin names once normalised (``iso-latin-9``,
# ``latin-9``: ``latin9``), that Python's codecs do not know by the same name.
_ALIASES = {
    "latin1": "iso8859-1",
    "latin2": "iso8859-2",
    "latin3": "iso8859-3",
    "latin4": "iso8859-4",
    "latin5": "iso8859-9",
    "latin9": "iso8859-15",
    "latin10": "iso8859-16",
    "ansinew": "cp1252",
    "applemac": "mac-roman",
    "decmulti": "iso8859-1",
    "utf8": "utf-8",
    "x-utf8": "utf-8",
}


def declared(data: bytes) -> str | None:
    """The encoding that ``data`` declares (see the module's docstring), as Python's
    codecs name it, or None: no declaration, an unknown name, a codec that is not for
    text, or UTF-16 or UTF-32 (which an ASCII-readable declaration cannot be in)."""
    head = data[:_HEAD_BYTES]
    first_two = b"\n".join(head.split(b"\n", 2)[:2])
    found: list[bytes] = []
    for pattern, where in (
        (_XML, head),
        (_META, head),
        (_CODING_TAG, first_two),
        (_POD, head),
        (_LOCAL_VARIABLES, data[-_TAIL_BYTES:]),
    ):
        m = pattern.search(where)
        if m:
            found.append(m.group(1))
    m = _RTF.match(head)
    if m:
        found.append(b"cp" + m.group(1) if m.group(1) else _RTF_CHARSETS[m.group(2)])
    m = _INPUTENC.search(head)
    if m:
        # The last option that names an encoding is the one in force.
        options = [o.strip().lower() for o in m.group(1).decode("ascii", "replace").split(",")]
        found += [o.encode() for o in reversed(options)]
    for raw in found:
        name = _codec(raw.decode("ascii", "replace"))
        if name is not None:
            return name
    return None


def _codec(label: str) -> str | None:
    """Python's name of the text codec ``label`` names, or None."""
    label = re.sub(r"-(?:unix|dos|mac)$", "", label.lower())  # Emacs' line-end variants
    label = re.sub(r"^(?:iso-)?latin-?(\d+)$", r"latin\1", label)
    try:
        info = codecs.lookup(_ALIASES.get(label, label))
    except LookupError:
        return None
    # Not a text encoding (hex, rot13 ...), or one that a declaration in ASCII cannot be.
    if not getattr(info, "_is_text_encoding", True):
        return None
    name = info.name
    if name.startswith(("utf-16", "utf-32")):
        return None
    # Browsers read a Latin-1 or ASCII label as Windows-1252 (the WHATWG Encoding
    # standard): bytes 0x80-0x9f in such files are nearly always its quotes and dashes.
    return "cp1252" if name in {"iso8859-1", "ascii"} else name


def decode(
    data: bytes, encoding: str | None = None, fallback: str | None = None
) -> tuple[str, str, str | None]:
    """``data`` decoded, without a leading byte-order mark; the codec used; and a note
    saying which encoding was read when the bytes chose one other than UTF-8 (else None).

    ``encoding``: the encoding to use (a byte-order mark is then only dropped if it is
    UTF-8's); None reads the bytes as the module's docstring says. ``fallback``: the
    encoding for bytes that are not valid UTF-8 and declare none (a file that another
    one includes is in its encoding). Raises ``UnicodeDecodeError`` on bytes invalid in
    the encoding used (UTF-8 when nothing else was found), and ValueError for an
    encoding name Python does not know.
    """
    if encoding is not None:
        try:
            text = data.decode(encoding)
        except LookupError as exc:  # an unknown name, or a codec that is not for text (hex)
            raise ValueError(f"--encoding {encoding!r}: {exc}") from None
        return (text[1:] if text.startswith("\ufeff") else text), encoding, None
    for mark, marked in _BOMS:
        if data.startswith(mark):
            text = data[len(mark) :].decode(marked)
            note = (
                None if marked == "utf-8" else f"read as {marked.upper()}, by its byte-order mark"
            )
            return text, marked, note
    try:
        return data.decode("utf-8"), "utf-8", None
    except UnicodeDecodeError as not_utf8:
        name = declared(data)
        why = "the encoding it declares"
        if name is None:
            name, why = fallback, "the encoding of the file that names it"
        if name is None or name == "utf-8":
            raise
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            # Windows-1252 leaves five bytes undefined, which Latin-1 reads as controls.
            if name != "cp1252":
                raise not_utf8 from None
            name, text = "iso8859-1", data.decode("iso8859-1")
        return text, name, f"read as {name}, {why} (it is not valid UTF-8)"


# Control characters that ordinary text does not hold: C0 and C1 controls less tab, line
# feed, vertical tab, form feed, carriage return, escape (terminal colours) and the ones
# Unicode counts as breaks (\x1c-\x1e, \x85).
_BINARY_CONTROLS = re.compile("[\x01-\x08\x0e-\x1a\x1f\x7f-\x84\x86-\x9f]")


def check_text(text: str) -> None:
    """Refuse decoded bytes that are not text, with a ValueError that says why.

    Any single-byte encoding (``--encoding latin-1``) decodes every file, so a binary
    file would otherwise be "segmented". A NUL character never occurs in text; in a
    file where more than a tenth of the first 64 KB are other control characters (two at
    least), the bytes are not text either.
    """
    nul = text.find("\x00")
    if nul >= 0:
        # Its first characters as bytes, one each (NUL stays NUL): the test of the bytes.
        order = _utf16_order(text[:1000].encode("latin-1", "replace"))
        if order is not None:
            raise ValueError(_UTF16_MESSAGE.format(order=order))
        raise ValueError(f"input is binary, not text (a NUL character at offset {nul})")
    head = text[:65536]
    if head:
        controls = len(_BINARY_CONTROLS.findall(head))
        if controls >= 2 and controls * 10 > len(head):
            raise ValueError(
                f"input is binary, not text ({controls} control characters "
                f"in its first {len(head)})"
            )


_UTF16_MESSAGE = (
    "input looks like UTF-16 text without a byte-order mark; pass --encoding utf-16-{order}"
)


def _utf16_order(head: bytes) -> str | None:
    """``"le"`` or ``"be"`` for UTF-16 text without a byte-order mark, by the NUL bytes of
    its ``head``: text in Latin script has one after (little-endian) or before
    (big-endian) nearly every letter; else None."""
    for order, zeros in (("le", head[1::2]), ("be", head[::2])):
        if len(zeros) > 4 and zeros.count(0) * 10 >= len(zeros) * 9:
            return order
    return None


def _looks_binary(data: bytes) -> bool:
    """Whether bytes are not text in any encoding: a NUL byte (outside UTF-16), or more
    than a tenth of the first 64 KB control bytes (two at least)."""
    head = data[:65536]
    if 0 in head:
        return True
    controls = sum(head.count(c) for c in _CONTROL_BYTES)
    return controls >= 2 and controls * 10 > len(head)


#: Control bytes that text does not hold (tab, line breaks, form feed and escape aside).
_CONTROL_BYTES = bytes(c for c in range(32) if c not in (9, 10, 11, 12, 13, 27))


def decode_error_message(exc: UnicodeDecodeError) -> str:
    """One line saying where the input stops being valid, and what to do.

    Bytes of UTF-16 text without a byte-order mark are named so, and binary bytes (a NUL,
    many control bytes) as binary, at once. Otherwise the encoding it suggests is Windows-1252 where that reads every byte: a file of
    Western European text that is not UTF-8 is most often Windows', and Latin-1 would read
    its quotes and dashes (0x80-0x9f) as invisible control characters."""
    data = bytes(exc.object)
    order = _utf16_order(data[:2000])
    if order is not None:
        return _UTF16_MESSAGE.format(order=order)
    if _looks_binary(data):
        return (
            f"input is binary, not text (bytes such as 0x{exc.object[exc.start]:02x} at "
            f"offset {exc.start}, and NUL or control bytes that text does not hold)"
        )
    try:
        data.decode("cp1252")
        guess = "cp1252 (Windows' Western European)"
    except UnicodeDecodeError:
        guess = "latin-1"
    return (
        f"input is not valid {exc.encoding} (byte 0x{exc.object[exc.start]:02x} at offset "
        f"{exc.start}); pass --encoding, e.g. --encoding {guess}"
    )

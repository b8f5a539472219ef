"""ZIP-based document formats (EPUB, DOCX, ODT, PPTX, ODP): opening them, reading their parts, and
refusing damaged ones with a ValueError that says why.

A ZIP can expand a thousandfold, so the parts a reader asks for are summed before they are
read, and an archive whose text parts would unpack to more than :data:`MAX_TEXT_BYTES` is
refused. XML is parsed with :mod:`xml.etree.ElementTree`, whose expat refuses the
entity expansions of a "billion laughs" file.
"""

from __future__ import annotations

import io
import os
import zipfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from xml.etree import ElementTree

from linseg.readers.catalogue import ZIP_MAGIC
from linseg.readers.formats import named
from linseg.readers.markup import note_in_brackets
from linseg.readers.suffixes import MAX_TEXT_BYTES

__all__ = [
    "MAX_TEXT_BYTES",
    "ODF_OFFICE",
    "ODF_TEXT",
    "check_size",
    "holds_part",
    "local",
    "not_a",
    "open_archive",
    "read_part",
    "read_xml",
    "sniff_zip",
    "outermost",
    "odf_spaces",
    "odf_text",
    "odf_list_starts",
    "count_of",
]


#: The XML namespaces of OpenDocument's parts that more than one reader walks.
ODF_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
ODF_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
ODF_STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"

# What a damaged archive raises: a bad CRC or header, a truncated or corrupt deflate
# stream, a compression or ZIP version Python does not read, an encrypted entry.
_DAMAGED = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, OSError)


def sniff_zip(
    data: bytes, path: str | os.PathLike[str] | None, fmt: str, mimetype: bytes | None
) -> bool:
    """Whether ``data`` is a ZIP archive of the format ``fmt``: named so
    (:func:`~linseg.readers.suffixes.named`), or (when the format has one) with
    ``mimetype`` stored as its first entry, as EPUB and OpenDocument require."""
    if not data.startswith(ZIP_MAGIC):
        return False
    if named(path) == fmt:
        return True
    # The local header is 30 bytes, then the name "mimetype", then its stored content.
    return mimetype is not None and data[30:38] == b"mimetype" and data[38:].startswith(mimetype)


def holds_part(data: bytes, name: str) -> bool:
    """Whether ``data`` is a ZIP archive that holds a part ``name`` (only its list of
    parts is read; a damaged archive holds none)."""
    if not data.startswith(ZIP_MAGIC):
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as book:
            return name in book.namelist()
    except _DAMAGED:
        return False


def not_a(kind: str) -> str:
    """``"not an EPUB"``, ``"not a DOCX"``: how an error about ``kind`` opens."""
    return f"not {'an' if kind[0] in 'AEIOU' else 'a'} {kind}"


def open_archive(data: bytes, kind: str) -> zipfile.ZipFile:
    """``data`` as a ZIP archive; ``kind`` (``"EPUB"``) names the format in errors."""
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except _DAMAGED as exc:
        raise ValueError(f"{not_a(kind)}: {exc}") from None


def check_size(book: zipfile.ZipFile, names: Sequence[str], kind: str) -> None:
    """Refuse an archive without one of ``names``, or whose ``names`` would unpack to
    more than :data:`MAX_TEXT_BYTES`."""
    held = set(book.namelist())
    missing = next((name for name in names if name not in held), None)
    if missing is not None:
        raise ValueError(f"{not_a(kind)}: it has no {missing}")
    size = sum(book.getinfo(name).file_size for name in names)
    if size > MAX_TEXT_BYTES:
        raise ValueError(
            f"the {kind}'s text unpacks to {size:,} bytes, more than the "
            f"{MAX_TEXT_BYTES:,} linseg reads"
        )


def read_part(book: zipfile.ZipFile, name: str, kind: str) -> bytes:
    """The bytes of the part ``name``."""
    try:
        return book.read(name)
    except KeyError:
        raise ValueError(f"{not_a(kind)}: it has no {name}") from None
    except _DAMAGED as exc:
        raise ValueError(f"cannot read {name} from the {kind}: {exc}") from None


def read_xml(book: zipfile.ZipFile, name: str, kind: str) -> ElementTree.Element:
    """The part ``name`` parsed as XML (its size checked first)."""
    check_size(book, [name], kind)
    try:
        return ElementTree.fromstring(read_part(book, name, kind))
    except ElementTree.ParseError as exc:
        raise ValueError(f"{not_a(kind)}: {name} is not XML ({exc})") from None
    except (LookupError, ValueError) as exc:  # its declaration names no text encoding
        raise ValueError(
            f"{not_a(kind)}: {name} declares an encoding it cannot be read in ({exc})"
        ) from None


def local(tag: str) -> str:
    """An element's name without its XML namespace."""
    return tag.rsplit("}", 1)[-1]


def outermost(root: ElementTree.Element, tags: tuple[str, ...]) -> Iterator[ElementTree.Element]:
    """The elements under ``root`` (itself too) whose tag is one of ``tags`` and that no
    such element holds, in document order. A reader that takes each one's text whole
    (a paragraph's, with a text box's paragraphs inside it) reads every element once:
    with ``iter()``, paragraphs nested a thousand deep were read a million times."""
    stack = [root]
    while stack:
        element = stack.pop()
        if element.tag in tags:
            yield element
        else:
            stack.extend(reversed(element))


#: The most spaces one OpenDocument ``text:s`` element stands for here (its count may be
#: any number; a line of spaces is no wider than this).
MAX_ODF_SPACES = 1000


def count_of(value: str | None) -> int | None:
    """A count or level an attribute gives in ASCII digits (at most six of them), or None
    for any other value: "2" but not "²", which ``str.isdigit`` takes and ``int`` refuses,
    nor a number of thousands of digits."""
    value = (value or "").strip()
    if value.isascii() and value.isdigit() and len(value) <= 6:
        return int(value)
    return None


def odf_text(
    element: ElementTree.Element,
    note: Callable[[ElementTree.Element], str] | None = None,
) -> str:
    """The text an OpenDocument paragraph (``text:p``, ``text:h``) shows, as a word
    processor or Impress shows it: its text and its spans', at any depth, ``text:s`` as
    its count of spaces, a tab as a space, ``text:line-break`` a line break; a note
    (``text:note``) as ``note`` gives it, in brackets where it stands
    (:func:`.markup.note_in_brackets`), or its text where no ``note`` is given; comments
    (``office:annotation``) left out. Read without recursion: a file may nest spans
    past Python's limit."""
    out: list[str] = []
    # What is left to write, last first: an element, or the text after one (its tail).
    stack: list[ElementTree.Element | str] = [element]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        tag = item.tag
        if item is not element and tag in _ODF_MARKS:
            out.append(odf_spaces(item.get(f"{ODF_TEXT}c")) if tag == _ODF_S else _ODF_MARKS[tag])
            continue
        if item is not element and tag == _ODF_NOTE and note is not None:
            # (Only the text's last character counts: the last piece written.)
            before = next((piece for piece in reversed(out) if piece), "")
            out.append(note_in_brackets(note(item), before))
            continue
        if tag == _ODF_ANNOTATION:
            continue
        out.append(item.text or "")
        for child in reversed(item):
            stack += [child.tail or "", child]
    return "".join(out)


_ODF_S = f"{ODF_TEXT}s"
_ODF_NOTE = f"{ODF_TEXT}note"
_ODF_ANNOTATION = f"{ODF_OFFICE}annotation"
# What a space, a tab and a line break show (a run of spaces: by its count).
_ODF_MARKS = {_ODF_S: " ", f"{ODF_TEXT}tab": " ", f"{ODF_TEXT}line-break": "\n"}


def odf_spaces(count: str | None) -> str:
    """The spaces an OpenDocument ``text:s`` element stands for: its ``text:c`` count (one
    if it has none, or one that is no number), at most :data:`MAX_ODF_SPACES`."""
    if count is not None and count.strip().isascii() and count.strip().isdigit():
        number = count_of(count)
        return " " * (MAX_ODF_SPACES if number is None else min(number, MAX_ODF_SPACES))
    return " "


def odf_list_starts(roots: list[ElementTree.Element]) -> dict[str, dict[int, int]]:
    """Each list style's first number at each level it numbers (``style:num-format``
    not empty; ``text:start-value``, 1 unless given), 0 at a level of bullets."""
    found: dict[str, dict[int, int]] = {}
    for root in roots:
        for style in root.iter(f"{ODF_TEXT}list-style"):
            starts = found.setdefault(style.get(f"{ODF_STYLE}name", ""), {})
            for level in style:
                depth = count_of(level.get(f"{ODF_TEXT}level")) or 1
                numbered = level.tag == f"{ODF_TEXT}list-level-style-number" and bool(
                    level.get(f"{ODF_STYLE}num-format")
                )
                start = count_of(level.get(f"{ODF_TEXT}start-value"))
                starts[depth] = (start or 1) if numbered else 0
    return found

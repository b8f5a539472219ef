"""Build a natural-document set in one language from manual pages (man(7) sources).

Usage: python tools/build_manpage_set.py MAN_DIR OUT_DIR [--headings | --plain-headings]
           [--prefix NAME]

Debian's translated manual pages (``manpages-de``, ``manpages-fr`` ... install
``/usr/share/man/LANG/man*/*.gz``) are real documents in many languages with sections of
their own (``.SH``). Each page becomes a document made the way ``natural/python-docs``
was made (``tools/build_natural_set.py``), so that the two kinds of set read alike:

- the sections are the page's ``.SH`` sections (a section without prose goes with the
  next one); with ``--headings`` every ``.SH`` and ``.SS`` heading stays, as a Markdown
  heading line (``##`` and ``###``; the page's name is the ``#`` title);
- only prose paragraphs are kept: tagged and indented paragraphs (``.TP``, ``.IP``,
  ``.HP``, everything between ``.RS`` and ``.RE``: option lists and the like),
  unfilled text (``.nf``, ``.EX``: synopses and examples), tables and equations are
  dropped, and so is a paragraph that does not end as a sentence does (in ``.``, ``!``,
  ``?`` or ``:``): a page's one-line description and the lines of its synopsis; font
  changes and other escapes are reduced to their text;
- manual pages have short sections (a name, a list of related pages, an author), which
  would make almost every page fail the python-docs rule that every section holds at
  least 3 sentences: a section of fewer is left out, text and all, and the page is kept
  when 4-25 sections remain, with 30-600 sentences in all (a sentence ending in ``.``,
  ``!`` or ``?`` followed by white space and a capital letter of any script).

Pages that only include another (``.so``), symbolic links and copies of a page already
read are skipped. For each page it writes ``NAME.txt`` and ``NAME.words`` as
``tools/build_natural_set.py`` does, named after the page's path (``man1/tar.1.gz`` ->
``man1--tar.1``).

Debian's translated manual pages are held out for independent evaluation, like a
benchmark's hidden test split: they are built locally, never shipped, tuned on or
looked at while developing (BENCHMARKS.md, "Held-out evaluation"):

    apt-get install manpages-de
    python tools/build_manpage_set.py /usr/share/man/de held-out/manpages/de
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_natural_set import _prose, add_set_options, sections_of, write_document
from linseg.readers.manpage import macro_arguments, plain

Event = tuple[str, int, str]

# Macros whose arguments are text in alternating fonts, joined without spaces (man(7)).
_ALTERNATING = {"BR", "RB", "BI", "IB", "IR", "RI"}
# Macros whose arguments are text in one font, joined by spaces.
_FONT = {"B", "I", "SM", "SB"}
# Macros that end a paragraph and start an item of a list (dropped with their text).
_ITEM = {"TP", "IP", "HP", "TQ"}
# Macros that end any paragraph and start a plain one.
_PARAGRAPH = {"PP", "P", "LP"}
# Unfilled or non-prose blocks, by the macro that opens them and the one that closes them.
_BLOCKS = {"nf": "fi", "EX": "EE", "TS": "TE", "EQ": "EN", "de": ".", "ig": "."}
# The colophon that Debian's translation project (manpages-l10n) adds to every page it
# translates: the same text on every page, the translators' and not the page's.
_TRANSLATORS = {
    "ÜBERSETZUNG",
    "TRADUCTION",
    "TRADUCCIÓN",
    "TRADUZIONE",
    "TŁUMACZENIE",
    "VERTALING",
    "ПЕРЕВОД",
    "TRADUÇÃO",
}
_SENTENCE_END = re.compile(r"[.!?][\"')\]\u00bb\u201d]*\s+(?=\w)")
_ENDS_AS_SENTENCE = re.compile(r"[.!?:][\"')\]\u00bb\u201d]*$")


def events(source: str) -> Iterator[Event]:
    """The page's title, headings and prose paragraphs, in order, as
    ``tools/build_natural_set.py``'s parser gives a Sphinx page's: ``("heading", level,
    text)`` (1 the title, 2 ``.SH``, 3 ``.SS``) and ``("p", 0, text)``."""
    paragraph: list[str] = []
    prose = True  # in a plain paragraph (not a list item or an indented block)
    indented = 0  # .RS depth
    closing: str | None = None  # the macro that ends the block being skipped
    heading: int | None = None  # a .SH or .SS whose text is on the next line
    colophon = False  # in the translators' section (_TRANSLATORS): left out

    def flush() -> Iterator[Event]:
        text = " ".join(" ".join(paragraph).split())
        paragraph.clear()
        if text:
            yield ("p", 0, text)

    for raw in source.splitlines():
        if closing is not None:
            ends = raw.strip() == ".." if closing == "." else raw[1:].split()[:1] == [closing]
            if ends and raw.startswith((".", "'")):
                closing = None
            continue
        if raw.startswith(('.\\"', "'\\\"", '\\"')):
            continue
        if not raw.startswith((".", "'")):
            if heading is not None:
                title = " ".join(plain(raw).split())
                if heading == 2:
                    colophon = title in _TRANSLATORS
                if not colophon:
                    yield ("heading", heading, title)
                heading = None
            elif prose and not indented and not colophon:
                paragraph.append(plain(raw))
            continue
        name, _, rest = raw[1:].strip().partition(" ")
        args = macro_arguments(rest)
        if name in ("SH", "SS", "TH"):
            yield from flush()
            prose, indented = True, 0
            level = {"TH": 1, "SH": 2, "SS": 3}[name]
            title = " ".join(plain(" ".join(args[:1] if name == "TH" else args)).split())
            if name == "SH":
                colophon = title in _TRANSLATORS
            if colophon:
                continue
            if title:
                yield ("heading", level, title)
            elif name != "TH":
                heading = level
        elif name in _PARAGRAPH:
            yield from flush()
            prose = True
        elif name in _ITEM:
            yield from flush()
            prose = False
        elif name == "RS":
            yield from flush()
            indented += 1
        elif name == "RE":
            indented = max(0, indented - 1)
        elif name in _BLOCKS:
            yield from flush()
            closing = _BLOCKS[name]
        elif colophon:
            continue
        elif name in _FONT | _ALTERNATING and prose and not indented:
            paragraph.append(plain(("" if name in _ALTERNATING else " ").join(args)))
        elif name in ("UE", "ME") and args and prose and not indented:
            # A link's text stands in the paragraph, its address (.UR, .MT) does not; what
            # follows the link (punctuation) is .UE's argument.
            paragraph[-1:] = ["".join(paragraph[-1:]) + plain(args[0])]
        # Every other request (spacing, fonts, conditionals ...) carries no prose.
    yield from flush()


def _sentences(paragraph: str) -> int:
    ends = _SENTENCE_END.finditer(paragraph)
    return 1 + sum(paragraph[m.end()].isupper() for m in ends)


def _length(section: list[str]) -> int:
    return sum(_sentences(p) for p in _prose(section))


def sections(source: str, headings: bool = False) -> list[list[str]] | None:
    """The page's sections of at least 3 sentences, as lists of paragraphs (with
    ``headings``, Markdown heading lines among them), or None if it has none."""
    prose = [e for e in events(source) if e[0] != "p" or _ENDS_AS_SENTENCE.search(e[2])]
    found = sections_of(prose, headings)
    return None if found is None else [s for s in found if _length(s) >= 3]


def keep(sections: list[list[str]] | None) -> bool:
    """4-25 sections and 30-600 sentences."""
    if not sections or not 4 <= len(sections) <= 25:
        return False
    return 30 <= sum(_length(s) for s in sections) <= 600


def pages(root: Path) -> Iterable[tuple[Path, str]]:
    """Each manual page's path under ``root`` and its source, ``.so`` pages left out."""
    seen: set[str] = set()
    for path in sorted(root.glob("man*/*")):
        # A page installed under several names (bzip2, bunzip2, bzcat) counts once.
        if path.is_symlink() or not path.is_file():
            continue
        data = path.read_bytes()
        if path.suffix == ".gz":
            data = gzip.decompress(data)
        source = data.decode("utf-8", errors="replace")
        if source.lstrip().startswith(".so ") or source in seen:
            continue
        seen.add(source)
        yield path, source


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("man", type=Path, help="one language's manual folder, e.g. /usr/share/man/de")
    add_set_options(ap)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    kept = 0
    for path, source in pages(args.man):
        found = sections(source, args.headings or args.plain_headings)
        if keep(found):
            assert found is not None
            rel = path.relative_to(args.man)
            stem = rel.name[: -len(".gz")] if rel.name.endswith(".gz") else rel.name
            parts = ([args.prefix] if args.prefix else []) + [*rel.parts[:-1], stem]
            write_document(found, args.out, "--".join(parts), args.plain_headings)
            kept += 1
    print(f"{kept} pages written to {args.out}")


if __name__ == "__main__":
    main()

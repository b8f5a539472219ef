"""Build Choi-style test corpora in German, French, Spanish and, for comparison, English.

Usage::

    apt-get install debian-reference-en debian-reference-de debian-reference-fr \\
        debian-reference-es maint-guide maint-guide-de maint-guide-fr maint-guide-es \\
        installation-guide-amd64 debian-handbook
    python tools/build_language_corpora.py            # writes benchmarks/languages/<lang>/

Options: ``--out DIR``, ``--seed N`` (default 0), ``--ranges 3-11:100`` (ranges and sample
counts, as ``linseg paper``'s generator takes them), ``--languages en,de,fr,es``.

The samples are made as the paper's (Choi 2000, section 4.1): "A sample is a concatenation
of ten text segments. A segment is the first n sentences of a randomly selected document",
n drawn uniformly from the range, documents drawn with replacement, by the same generator
(:func:`linseg.evaluation.corpora.brown.make_samples`) with the same seed for every language.

Sources
-------
Four books of the Debian project, each in English and in German, French and Spanish
translations, as Debian 12 ships them (all DFSG-free):

============================  =================================================  ==============
book                          Debian packages                                    licence
============================  =================================================  ==============
Debian Reference              debian-reference-{en,de,fr,es} (2.100)             GPL-2+
Debian New Maintainers' Guide maint-guide, maint-guide-{de,fr,es} (1.2.53)       GPL-2+
Debian Installation Guide     installation-guide-amd64 (20230508+deb12u1)        GPL-2
Debian Administrator's        debian-handbook (11.20220922)                      GPL-2+ or
Handbook                                                                         CC-BY-SA-3.0
============================  =================================================  ==============

The samples may be redistributed under the GPL, version 2, which every one of these
licences allows; the builder copies its text (``/usr/share/common-licenses/GPL-2``) beside
them. (Debian's ``manpages-*`` and ``linux-doc-*`` packages are kept out on purpose: they
are reserved for an independent evaluation.)

The pool of documents
---------------------
A document is a top-level section of a book (a section not inside another section; the
text of its subsections included, in order), or the introduction of a chapter (its text
before its first section). Its text is its prose paragraphs (``<p>``, and publican's
``<div class="para">``); dropped are headings, navigation, tables of contents, code and
screen listings, tables, lists, figures, examples, admonitions (notes, tips, warnings),
sidebars, footnotes, block quotes and legal notices. A paragraph is kept when it has at
least four words, ends with a sentence mark (``.``, ``!``, ``?``, ``…`` or ``:``) and is
in the book's language by :func:`linseg.text.identification.detect_language` (translations leave
some paragraphs in English). Paragraphs are split into sentences by linseg's splitter in
the language's mode (:func:`linseg.text.sentences.split_sentences`), each paragraph apart, and
each sentence is tokenised for the ``.ref`` format: punctuation set apart as its own
token, English clitics split as in the Penn Treebank (``do n't``, ``Debian 's``), French
elisions after their apostrophe (``l' homme``, ``qu' il``), abbreviations with inner
points kept whole (``z.B.``, ``e.g.``).

Sections keep the same identifier in every translation, so the documents are aligned: a
document is in the pool only if it has at least 11 sentences (the longest segment) in
every language built. The pools therefore hold translations of the same sections, under
the same names, and the same seed draws the same documents and the same segment lengths
in every language: each sample is a translation of the same sample in the others, and the
figures are comparable across languages.

Output: ``OUT/<lang>/<range>/<i>.ref``, ``OUT/<lang>/corpus.json`` (settings, package
versions, the pool's documents with their sentence counts, and each sample's sources),
``OUT/LICENSE`` (the GPL-2). Given the same package files, seed and versions of linseg,
sentencex and py3langid (recorded in ``corpus.json``), the output is the same byte for byte.
"""

from __future__ import annotations

import argparse
import glob
import json
import re
import shutil
import subprocess
import sys
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from importlib import metadata
from pathlib import Path

from linseg.evaluation.corpora.brown import SampleRange, make_samples, parse_ranges
from linseg.readers.ref import format_ref, is_separator
from linseg.readers.webpage import VOID_ELEMENTS
from linseg.text.identification import detect_language
from linseg.text.languages import LANGUAGES
from linseg.text.sentences import split_sentences

OUT = Path(__file__).resolve().parent.parent / "benchmarks" / "languages"
GPL = Path("/usr/share/common-licenses/GPL-2")
SEGMENTS = 10
MIN_SENTENCES = 11  # a document must be able to give the longest segment of 3-11


@dataclass(frozen=True)
class Book:
    """One book: its Debian package and HTML files in each language."""

    name: str
    title: str
    licence: str
    packages: dict[str, str]  # language -> Debian package
    files: dict[str, str]  # language -> glob of its HTML pages


_LANGS = ("en", "de", "fr", "es")
_HANDBOOK_DIRS = {"en": "en-US", "de": "de-DE", "fr": "fr-FR", "es": "es-ES"}
BOOKS: tuple[Book, ...] = (
    Book(
        "debian-reference",
        "Debian Reference",
        "GPL-2+",
        {lang: f"debian-reference-{lang}" for lang in _LANGS},
        {lang: f"/usr/share/debian-reference/*.{lang}.html" for lang in _LANGS},
    ),
    Book(
        "maint-guide",
        "Debian New Maintainers' Guide",
        "GPL-2+",
        {lang: "maint-guide" if lang == "en" else f"maint-guide-{lang}" for lang in _LANGS},
        {
            lang: f"/usr/share/doc/maint-guide{'' if lang == 'en' else '-' + lang}/html/*.{lang}.html"
            for lang in _LANGS
        },
    ),
    Book(
        "installation-guide",
        "Debian Installation Guide (amd64)",
        "GPL-2",
        {lang: "installation-guide-amd64" for lang in _LANGS},
        {lang: f"/usr/share/doc/installation-guide-amd64/{lang}/*.html" for lang in _LANGS},
    ),
    Book(
        "debian-handbook",
        "The Debian Administrator's Handbook",
        "GPL-2+ or CC-BY-SA-3.0",
        {lang: "debian-handbook" for lang in _LANGS},
        {
            lang: f"/usr/share/doc/debian-handbook/html/{_HANDBOOK_DIRS[lang]}/*.html"
            for lang in _LANGS
        },
    ),
)

# -- HTML: paragraphs by document ------------------------------------------------------

_SKIP_TAGS = frozenset(
    [
        "head",
        "script",
        "style",
        "pre",
        "table",
        "ul",
        "ol",
        "dl",
        "blockquote",
        "sup",
        "nav",
        "code-block",
        "figure",
    ]
)
_SKIP_CLASSES = frozenset(
    [
        "toc",
        "titlepage",
        "docnav",
        "navheader",
        "navfooter",
        "note",
        "tip",
        "warning",
        "caution",
        "important",
        "sidebar",
        "footnote",
        "footnotes",
        "legalnotice",
        "abstract",
        "screen",
        "programlisting",
        "informalexample",
        "example",
        "figure",
        "informalfigure",
        "mediaobject",
        "table",
        "informaltable",
        "index",
        "glossary",
        "bibliography",
        "literallayout",
        "synopsis",
        "cmdsynopsis",
        "funcsynopsis",
        "calloutlist",
        "revhistory",
        "itemizedlist",
        "orderedlist",
        "variablelist",
        "segmentedlist",
        "simplelist",
        "qandaset",
        "procedure",
        "blockquote",
        "list-of-tables",
        "list-of-figures",
        "list-of-examples",
    ]
)
_SECTIONS = frozenset(["section", "sect1", "sect2", "sect3", "sect4", "sect5", "simplesect"])
_CHAPTERS = frozenset(["chapter", "appendix", "preface", "article", "part", "partintro"])


class _Frame:
    __slots__ = ("tag", "skip", "kind", "key", "para")

    def __init__(self, tag: str, skip: bool, kind: str | None, key: str | None) -> None:
        self.tag = tag
        self.skip = skip
        self.kind = kind  # "section", "chapter" or None
        self.key = key
        self.para = False


class _PageParser(HTMLParser):
    """Collects ``(document key, paragraph text)`` pairs of one page, in order."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.stack: list[_Frame] = []
        self.skipping = 0
        self.buffer: list[str] | None = None
        self.paragraphs: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = set(a.get("class", "").split())
        if tag == "a":
            self._anchor(a.get("id") or a.get("name") or "")
        if tag in VOID_ELEMENTS:
            if tag == "br" and self.buffer is not None and not self.skipping:
                self.buffer.append(" ")
            return
        kind = None
        if tag == "div" and classes & _SECTIONS:
            kind = "section"
        elif tag == "div" and classes & _CHAPTERS:
            kind = "chapter"
        skip = tag in _SKIP_TAGS or bool(classes & _SKIP_CLASSES)
        frame = _Frame(tag, skip, kind, a.get("id") or None)
        self.stack.append(frame)
        if skip:
            self.skipping += 1
        elif (
            (tag == "p" or (tag == "div" and "para" in classes))
            and self.buffer is None
            and not self.skipping
        ):
            frame.para = True
            self.buffer = []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a":
            self._anchor(a.get("id") or a.get("name") or "")
        elif tag == "br" and self.buffer is not None and not self.skipping:
            self.buffer.append(" ")

    def _anchor(self, ident: str) -> None:
        if not ident:
            return
        for frame in reversed(self.stack):
            if frame.kind is not None:
                if frame.key is None:
                    frame.key = ident
                return

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_ELEMENTS or not any(f.tag == tag for f in self.stack):
            return
        while self.stack:
            frame = self.stack.pop()
            if frame.skip:
                self.skipping -= 1
            if frame.para:
                self._emit()
            if frame.tag == tag:
                return

    def handle_data(self, data: str) -> None:
        if self.buffer is not None and not self.skipping:
            self.buffer.append(data)

    def _document(self) -> str:
        sections = [f for f in self.stack if f.kind == "section"]
        if sections:
            return sections[0].key or f"{self.page}#section"
        chapters = [f for f in self.stack if f.kind == "chapter"]
        if chapters:
            return (chapters[-1].key or self.page) + "#intro"
        return f"{self.page}#page"

    def _emit(self) -> None:
        assert self.buffer is not None
        text = " ".join("".join(self.buffer).split())
        self.buffer = None
        if text:
            self.paragraphs.append((self._document(), text))


def read_book(book: Book, lang: str) -> dict[str, list[str]]:
    """``{document key: [paragraph, ...]}`` of one book in one language, in book order."""
    pattern = book.files[lang]
    pages = sorted(glob.glob(pattern))
    if not pages:
        sys.exit(
            f"error: no files {pattern} for {book.title} ({lang}). Install Debian's "
            f"{book.packages[lang]}: apt-get install {book.packages[lang]}"
        )
    docs: dict[str, list[str]] = {}
    for page in pages:
        parser = _PageParser(Path(page).name)
        with open(page, encoding="utf-8", errors="replace") as fh:
            parser.feed(fh.read())
        parser.close()
        for key, text in parser.paragraphs:
            docs.setdefault(key, []).append(text)
    return docs


# -- paragraphs, sentences, tokens -----------------------------------------------------

_PARAGRAPH_END = re.compile(r"[.!?\u2026:][\"'\u201d\u2019\u00bb)\]]*$")
_OPENERS = "\"'\u201c\u2018\u201e\u201a\u00ab\u2039\u00bb([{\u00bf\u00a1*"
_CLOSERS = "\"'\u201d\u2019\u00bb\u203a\u00ab)]},;:!?.\u2026*"
_PAIRS = {")": "(", "]": "[", "}": "{"}
_EN_CLITIC = re.compile(r"^(.*[^\W_])(n't|'s|'re|'ve|'ll|'m|'d)$", re.IGNORECASE)


def prose_paragraph(text: str, lang: str) -> bool:
    """Whether a paragraph is kept: four words or more, a sentence mark at its end, and
    written in ``lang``."""
    if len(text.split()) < 4 or not _PARAGRAPH_END.search(text):
        return False
    return detect_language(text) == lang


def _split_apostrophe(word: str, lang: str) -> list[str]:
    plain = word.replace("\u2019", "'")
    if lang == "en":
        m = _EN_CLITIC.match(plain)
        if m:
            cut = len(m.group(1))
            return [word[:cut], word[cut:]]
        return [word]
    elisions = LANGUAGES[lang].elisions
    if elisions:
        head, sep, rest = plain.partition("'")
        if sep and rest and head.lower() in elisions:
            cut = len(head) + 1
            return [word[:cut], *_split_apostrophe(word[cut:], lang)]
    return [word]


def tokenize_sentence(sentence: str, lang: str) -> str:
    """One sentence as a line of the ``.ref`` format: tokens separated by single spaces."""
    chunks = sentence.split()
    tokens: list[str] = []
    for n, chunk in enumerate(chunks):
        last = n == len(chunks) - 1
        head: list[str] = []
        while len(chunk) > 1 and chunk[0] in _OPENERS:
            head.append(chunk[0])
            chunk = chunk[1:]
        tail: list[str] = []
        while len(chunk) > 1 and chunk[-1] in _CLOSERS:
            # An abbreviation with inner points keeps its final point inside a sentence.
            if chunk[-1] == "." and not last and "." in chunk[:-1] and chunk[-2] != ".":
                break
            # A bracket closing one opened inside the token stays: sudo(8), f(x).
            if chunk[-1] in _PAIRS and _PAIRS[chunk[-1]] in chunk[:-1]:
                break
            tail.append(chunk[-1])
            chunk = chunk[:-1]
        tail.reverse()
        # A run of points is one token ("...").
        merged: list[str] = []
        for t in tail:
            if t == "." and merged and set(merged[-1]) == {"."}:
                merged[-1] += "."
            else:
                merged.append(t)
        tokens.extend(head)
        tokens.extend(_split_apostrophe(chunk, lang))
        tokens.extend(merged)
    return " ".join(t for t in tokens if t)


def document_sentences(paragraphs: Iterable[str], lang: str) -> list[str]:
    """The tokenised sentences of a document's kept paragraphs."""
    code = LANGUAGES[lang].sentences
    out: list[str] = []
    for para in paragraphs:
        para = unicodedata.normalize("NFC", para)
        if not prose_paragraph(para, lang):
            continue
        for a, b in split_sentences(para, code):
            line = tokenize_sentence(para[a:b], lang)
            if line and any(ch.isalpha() for ch in line) and not is_separator(line):
                out.append(line)
    return out


# -- the corpus ------------------------------------------------------------------------


def package_version(package: str) -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True
    )
    return done.stdout.strip() if done.returncode == 0 else "unknown"


def _python_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "unknown"


def build_pools(languages: list[str]) -> tuple[dict[str, dict[str, list[str]]], dict]:
    """The aligned pools ``{lang: {"book/section": [sentence, ...]}}`` and, per book and
    language, how many documents each step kept."""
    pools: dict[str, dict[str, list[str]]] = {lang: {} for lang in languages}
    stats: dict[str, dict] = {}
    for book in BOOKS:
        per_lang: dict[str, dict[str, list[str]]] = {}
        for lang in languages:
            docs = read_book(book, lang)
            per_lang[lang] = {key: document_sentences(paras, lang) for key, paras in docs.items()}
        long_enough = {
            lang: {k for k, s in docs.items() if len(s) >= MIN_SENTENCES}
            for lang, docs in per_lang.items()
        }
        common = set.intersection(*long_enough.values())
        stats[book.name] = {
            lang: {
                "sections": len(per_lang[lang]),
                f"with {MIN_SENTENCES}+ sentences": len(long_enough[lang]),
                "in the pool": len(common),
            }
            for lang in languages
        }
        for lang in languages:
            for key in sorted(common):
                pools[lang][f"{book.name}/{key}"] = per_lang[lang][key]
    return pools, stats


def write_corpora(
    out: Path, languages: list[str], ranges: list[SampleRange], seed: int
) -> dict[str, int]:
    """Write every language's samples and manifest; return the pool size per language."""
    pools, stats = build_pools(languages)
    versions = {
        pkg: package_version(pkg)
        for book in BOOKS
        for pkg in sorted({book.packages[lang] for lang in languages})
    }
    out.mkdir(parents=True, exist_ok=True)
    if GPL.is_file():
        shutil.copyfile(GPL, out / "LICENSE")
    sizes: dict[str, int] = {}
    for lang in languages:
        pool = pools[lang]
        sizes[lang] = len(pool)
        if len(pool) < 2:
            sys.exit(f"error: only {len(pool)} documents in the {lang} pool")
        folder = out / lang
        manifest: dict = {
            "language": lang,
            "seed": seed,
            "segments": SEGMENTS,
            "min_sentences": MIN_SENTENCES,
            "packages": versions,
            "tools": {name: _python_version(name) for name in ("linseg", "sentencex", "py3langid")},
            "books": {b.name: {"title": b.title, "licence": b.licence} for b in BOOKS},
            "pool_steps": {book: s[lang] for book, s in stats.items()},
            "documents": {name: len(sents) for name, sents in sorted(pool.items())},
            "ranges": {},
        }
        for r in ranges:
            target = folder / r.name
            target.mkdir(parents=True, exist_ok=True)
            for old in target.glob("*.ref"):
                old.unlink()
            samples = make_samples(pool, r, SEGMENTS, seed)
            entries = []
            for i, sample in enumerate(samples):
                text = format_ref([s + " " for s in sample.sentences], sample.boundaries)
                (target / f"{i}.ref").write_text(text, encoding="utf-8")
                entries.append({"file": f"{r.name}/{i}.ref", "sources": sample.sources})
            manifest["ranges"][r.name] = {"count": r.count, "samples": entries}
        (folder / "corpus.json").write_text(
            json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    return sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument(
        "--out", type=Path, default=OUT, help="output folder (default: %(default)s)"
    )
    parser.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    parser.add_argument(
        "--ranges", default="3-11:100", help="ranges and sample counts (default: 3-11:100)"
    )
    parser.add_argument(
        "--languages", default=",".join(_LANGS), help="languages (default: en,de,fr,es)"
    )
    args = parser.parse_args(argv)
    languages = [c.strip() for c in args.languages.split(",") if c.strip()]
    unknown = [c for c in languages if c not in _LANGS]
    if unknown:
        parser.error(f"no sources for {', '.join(unknown)}: languages are {', '.join(_LANGS)}")
    try:
        ranges = parse_ranges(args.ranges)
    except ValueError as exc:
        parser.error(str(exc))
    sizes = write_corpora(args.out, languages, ranges, args.seed)
    for lang, n in sizes.items():
        print(f"{lang}: {n} documents in the pool -> {args.out / lang}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

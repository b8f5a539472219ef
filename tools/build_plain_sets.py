"""Build the forms of plain text people paste in, from real pages: transcripts without
punctuation, chat logs, and Choi-style mixes of Chinese or Japanese documentation.

Usage::

    python tools/build_plain_sets.py transcripts SET_DIR OUT_DIR
    python tools/build_plain_sets.py chat SET_DIR OUT_DIR [--seed N]
    python tools/build_plain_sets.py mixes OUT_DIR --language zh|ja (--html GLOB | --man DIR)
        [--count N] [--seed N]

``SET_DIR`` is a natural-document set (``NAME.txt`` with ``NAME.words`` beside it, as
``tools/build_natural_set.py`` writes them; ``$LINSEG_DATA/natural/python-docs`` is one).
Each page becomes one document of the form, and the true sections stay where they were:

``transcripts``
    the page lower-cased; every character that is not a letter, digit, apostrophe or
    hyphen becomes a space; the whole page on one line (runs of spaces are one space).
    ``NAME.words`` holds the section starts as offsets of the new text's words.
``chat``
    each sentence of the page (linseg's splitter, its white space made single spaces) a
    line ``[hh:mm] <nick> sentence``: the clock starts at a random time of day and moves
    0-3 minutes a line (uniform), the nick is drawn from five for each line. A section
    starts at the first word of its line (the ``[hh:mm]``), and every word of the line,
    prefix included, is a scoring position.
``mixes``
    Choi-style samples (:func:`linseg.evaluation.corpora.brown.make_samples`, eight
    distinct documents a sample): each segment is the first 3-8 sentences of a document,
    with its paragraph breaks kept; segments are separated by a blank line.
    ``NAME.chars`` holds the section starts as offsets among the text's non-white-space
    characters: the sets are scored at character level, since neither language writes
    spaces between words. The documents come from DocBook HTML pages (``--html``, a
    glob: the top-level sections of a book, as ``tools/build_language_corpora.py`` reads
    them) or from manual pages (``--man``, a folder of ``man*/*.gz`` sources: a page's
    description section, ``DESCRIPTION`` or its translation). A paragraph is kept when it
    ends as a sentence does and holds Han or kana characters; a document when it gives 3
    sentences or more.

Development sets come from the python-docs pages (tune on the tuning half only) and from
freely licensed documentation that is not reserved, Debian's ``debian-reference-zh-cn``
and ``debian-reference-ja`` (GPL-2+)::

    apt-get download debian-reference-zh-cn debian-reference-ja
    dpkg -x debian-reference-zh-cn_*.deb root; dpkg -x debian-reference-ja_*.deb root
    python tools/build_plain_sets.py mixes dev/zh --language zh \\
        --html 'root/usr/share/debian-reference/*.zh-cn.html'

Debian's translated manual pages (``manpages-zh``, ``manpages-ja``) and the Linux kernel's
documentation are held out for independent evaluation: build those sets only to report
final figures (BENCHMARKS.md gives the commands).
"""

from __future__ import annotations

import argparse
import glob
import json
import re
import sys
import unicodedata
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from linseg.evaluation.corpora.brown import SampleRange, make_samples
from linseg.evaluation.natural import find_natural_documents, load_document
from linseg.text.sentences import split_sentences

NICKS = ("alice", "bob", "carol", "dave", "erin")
_NOT_KEPT = re.compile(r"[^\w'\-]|_")
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_ENDS_AS_SENTENCE = re.compile("[.!?\u3002\uff01\uff1f\uff0e:\uff1a][\"')\\]\u300d\u300f\uff09]*$")
SEGMENTS = 8


def _write(out: Path, name: str, text: str, starts: list[int], suffix: str = ".words") -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.txt").write_text(text, encoding="utf-8")
    (out / f"{name}{suffix}").write_text(" ".join(map(str, starts)) + "\n", encoding="utf-8")


def transcript_form(text: str, reference: list[int]) -> tuple[str, list[int]]:
    """A page as speech recognition writes it, and its section starts in the new words."""
    words = text.split()
    new_words: list[str] = []
    first_new: list[int] = []  # the first new word made from each old word or after it
    for word in words:
        first_new.append(len(new_words))
        new_words.extend(_NOT_KEPT.sub(" ", word.lower()).split())
    starts = sorted({first_new[r] for r in reference if 0 < first_new[r] < len(new_words)})
    return " ".join(new_words) + "\n", starts


def chat_form(text: str, reference: list[int], rng: np.random.Generator) -> tuple[str, list[int]]:
    """A page as a chat log, one sentence a message, and its section starts."""
    word_at = {m.start(): i for i, m in enumerate(re.finditer(r"\S+", text))}
    section_of_word = np.searchsorted(
        np.array(reference, dtype=np.int64), np.arange(len(word_at)), "right"
    )
    clock = int(rng.integers(0, 24 * 60))
    lines: list[str] = []
    starts: list[int] = []
    n_words = 0
    section = 0
    for a, b in split_sentences(text):
        sentence = " ".join(text[a:b].split())
        if not sentence:
            continue
        first = next((word_at[i] for i in range(a, b) if i in word_at), None)
        if first is not None and section_of_word[first] > section:
            section = int(section_of_word[first])
            if n_words:
                starts.append(n_words)
        nick = NICKS[int(rng.integers(0, len(NICKS)))]
        line = f"[{clock // 60 % 24:02d}:{clock % 60:02d}] <{nick}> {sentence}"
        lines.append(line)
        n_words += len(line.split())
        clock += int(rng.integers(0, 4))
    return "\n".join(lines) + "\n", starts


def _pages(set_dir: Path):
    for txt, words in find_natural_documents(set_dir):
        doc = load_document(txt, words)
        yield txt.relative_to(set_dir).with_suffix(""), doc


def build_transcripts(set_dir: Path, out: Path) -> int:
    n = 0
    for name, doc in _pages(set_dir):
        text, starts = transcript_form(doc.text, doc.reference)
        _write(out / name.parent, name.name, text, starts)
        n += 1
    return n


def build_chat(set_dir: Path, out: Path, seed: int) -> int:
    n = 0
    for i, (name, doc) in enumerate(_pages(set_dir)):
        rng = np.random.default_rng([seed, i])
        text, starts = chat_form(doc.text, doc.reference, rng)
        _write(out / name.parent, name.name, text, starts)
        n += 1
    return n


# -- mixes of Chinese or Japanese documentation ------------------------------------------


def _cjk_paragraph(text: str) -> bool:
    text = text.strip()
    return bool(text) and bool(_ENDS_AS_SENTENCE.search(text)) and bool(_CJK.search(text))


def _sentences(paragraphs: list[str], language: str) -> list[str]:
    """The sentences of a document's kept paragraphs; a paragraph's last one ends in a
    blank line."""
    out: list[str] = []
    for para in paragraphs:
        para = " ".join(unicodedata.normalize("NFC", para).split())
        if not _cjk_paragraph(para):
            continue
        pieces = [para[a:b].strip() for a, b in split_sentences(para, language)]
        pieces = [p for p in pieces if p]
        if pieces:
            pieces[-1] += "\n\n"
            out.extend(pieces)
    return out


def html_documents(pattern: str, language: str) -> dict[str, list[str]]:
    """The top-level sections of a DocBook book's HTML pages, as sentence lists."""
    from build_language_corpora import _PageParser

    pages = sorted(glob.glob(pattern))
    if not pages:
        sys.exit(f"error: no files {pattern}")
    docs: dict[str, list[str]] = {}
    for page in pages:
        parser = _PageParser(Path(page).name)
        parser.feed(Path(page).read_text(encoding="utf-8", errors="replace"))
        parser.close()
        for key, text in parser.paragraphs:
            docs.setdefault(key, []).append(text)
    return {k: _sentences(v, language) for k, v in docs.items()}


_DESCRIPTION = {"DESCRIPTION", "描述", "说明", "說明", "描述說明", "説明", "解説", "詳細"}


def man_documents(man_dir: Path, language: str) -> dict[str, list[str]]:
    """Each manual page's description section, as a sentence list."""
    from build_manpage_set import events, pages

    docs: dict[str, list[str]] = {}
    for path, source in pages(man_dir):
        section: str | None = None
        paragraphs: list[str] = []
        for kind, level, value in events(source):
            if kind == "heading" and level == 2:
                if section is not None:
                    break
                if value.strip().upper() in _DESCRIPTION:
                    section = value
            elif kind == "p" and section is not None:
                paragraphs.append(value)
        if paragraphs:
            docs[path.relative_to(man_dir).as_posix()] = _sentences(paragraphs, language)
    return docs


def build_mixes(docs: dict[str, list[str]], out: Path, count: int, seed: int) -> int:
    pool = {k: v for k, v in docs.items() if len(v) >= 3}
    if len(pool) < SEGMENTS:
        sys.exit(f"error: only {len(pool)} documents of 3 sentences or more")
    samples = make_samples(pool, SampleRange(3, 8, count), SEGMENTS, seed, distinct=True)
    out.mkdir(parents=True, exist_ok=True)
    manifest = {"seed": seed, "documents": len(pool), "samples": []}
    for i, sample in enumerate(samples):
        pieces = list(sample.sentences)
        starts_at = set(sample.boundaries)
        text_parts: list[str] = []
        chars = 0
        starts: list[int] = []
        for j, sentence in enumerate(pieces):
            if j in starts_at:
                if text_parts and not text_parts[-1].endswith("\n\n"):
                    text_parts[-1] = text_parts[-1].rstrip() + "\n\n"
                starts.append(chars)
            text_parts.append(sentence)
            chars += sum(not c.isspace() for c in sentence)
        text = "".join(text_parts).rstrip() + "\n"
        _write(out, f"{i:03d}", text, starts, ".chars")
        manifest["samples"].append({"file": f"{i:03d}.txt", "sources": sample.sources})
    (out / "corpus.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
    return len(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    sub = parser.add_subparsers(dest="form", required=True)
    for form in ("transcripts", "chat"):
        p = sub.add_parser(form)
        p.add_argument("set_dir", type=Path)
        p.add_argument("out", type=Path)
        p.add_argument("--seed", type=int, default=0)
    p = sub.add_parser("mixes")
    p.add_argument("out", type=Path)
    p.add_argument("--language", choices=("zh", "ja"), required=True)
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--html", help="a glob of a DocBook book's HTML pages")
    source.add_argument("--man", type=Path, help="a folder of manual pages (man*/*.gz)")
    p.add_argument("--count", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.form == "transcripts":
        n = build_transcripts(args.set_dir, args.out)
    elif args.form == "chat":
        n = build_chat(args.set_dir, args.out, args.seed)
    else:
        docs = (
            html_documents(args.html, args.language)
            if args.html
            else man_documents(args.man, args.language)
        )
        n = build_mixes(docs, args.out, args.count, args.seed)
    print(f"wrote {n} documents to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build a natural-document set of Wikipedia articles, their own sections the reference.

Usage: python tools/build_wikipedia_set.py DUMP OUT_DIR [--sources DIR]

``DUMP`` is a MediaWiki XML export (``.xml`` or ``.xml.bz2``), or a wheel of gensim, whose
test data holds a shortened dump of the English Wikipedia (206 pages of 2016, 106 of them
articles; CC BY-SA 3.0 and GFDL, as Wikipedia's text is):

    pip download --no-deps gensim==4.4.0 -d /tmp/gensim
    apt-get install pandoc
    python tools/build_wikipedia_set.py /tmp/gensim/gensim-4.4.0-*.whl /tmp/wikipedia \\
        --sources /tmp/wikipedia-src

Each article (namespace 0, not a redirect) is rendered to HTML by pandoc (``-f
mediawiki``), not by linseg's reader, so that the reference does not depend on the
reading being measured; its footnotes (``<ref>``) and category links are taken out of the
wikitext first, as a reader of the rendered page does not read them in the running text.
The rendered page then becomes a document as in ``tools/build_natural_set.py``: the
sections are the highest heading level that occurs at least three times (``==`` in most
articles, the lead before the first), the headings are removed and only prose
paragraphs are kept. An article is kept when it has 4-25 sections and 30-600 sentences;
unlike the manuals' sets, a section of fewer than three sentences does not exclude it
(only 3 of the 106 articles would remain: Wikipedia's sections are often short).

``--sources DIR`` also writes each kept article's wikitext (``NAME.wikitext``), as it was in
the dump, for ``benchmarks/bench_markup.py --format mediawiki``. The set is for a second
opinion: nothing is tuned on it.
"""

from __future__ import annotations

import argparse
import bz2
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from xml.etree import ElementTree

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_natural_set import HtmlPage, keep, sections_of, write_document

_GENSIM_DUMP = (
    "gensim/test/test_data/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2"
)
_FOOTNOTE = re.compile(r"<ref\b[^>]*/>|<ref\b[^>]*>.*?</ref\s*>", re.DOTALL | re.IGNORECASE)
_CATEGORY = re.compile(r"\[\[\s*Category\s*:[^\[\]]*\]\]", re.IGNORECASE)


def dump_bytes(path: Path) -> bytes:
    """The XML of the dump at ``path``: a gensim wheel's, a ``.bz2`` file's or a file's."""
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as wheel:
            return bz2.decompress(wheel.read(_GENSIM_DUMP))
    data = path.read_bytes()
    return bz2.decompress(data) if path.suffix == ".bz2" else data


def articles(xml: bytes) -> list[tuple[str, str]]:
    """Each article's title and wikitext: pages of namespace 0 that are not redirects."""
    found = []
    for page in ElementTree.fromstring(xml):
        if not page.tag.endswith("page"):
            continue
        fields = {child.tag.rpartition("}")[2]: child for child in page.iter()}
        text = fields["text"].text or "" if "text" in fields else ""
        if fields["ns"].text == "0" and not text.lstrip().lower().startswith("#redirect"):
            found.append((fields["title"].text or "", text))
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "dump", type=Path, help="a MediaWiki XML dump (.xml, .xml.bz2) or gensim's wheel"
    )
    ap.add_argument("out", type=Path, help="the folder to write NAME.txt and NAME.words to")
    ap.add_argument(
        "--sources", type=Path, help="a folder to write each kept article's wikitext to"
    )
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.sources:
        args.sources.mkdir(parents=True, exist_ok=True)
    kept = 0
    pages = articles(dump_bytes(args.dump))
    with tempfile.TemporaryDirectory() as tmp:
        for title, text in pages:
            name = re.sub(r"[^A-Za-z0-9]+", "_", title).strip("_")
            source = Path(tmp) / f"{name}.wikitext"
            source.write_text(_CATEGORY.sub("", _FOOTNOTE.sub("", text)), encoding="utf-8")
            rendered = subprocess.run(
                ["pandoc", "-f", "mediawiki", "-t", "html5", "-s", "--metadata", f"title={title}",
                 str(source)],
                capture_output=True, text=True, timeout=120,
            )  # fmt: skip
            if rendered.returncode:
                print(f"pandoc could not render {title}: left out", file=sys.stderr)
                continue
            page = HtmlPage()
            page.feed(rendered.stdout)
            sections = sections_of(page.events)
            # Any section with prose (sections_of drops the others), however short.
            if keep(sections, least=1):
                assert sections is not None
                write_document(sections, args.out, name)
                if args.sources:
                    (args.sources / f"{name}.wikitext").write_text(text, encoding="utf-8")
                kept += 1
    print(f"{kept} of {len(pages)} articles written to {args.out}")


if __name__ == "__main__":
    main()

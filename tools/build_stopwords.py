"""Write linseg's stopword lists for languages other than English from Apache Lucene's.

Usage::

    apt-get install --no-install-recommends liblucene8-java
    python tools/build_stopwords.py            # writes src/linseg/data/stopwords-<code>.txt

or, without installing the package (``apt-get download liblucene8-java`` fetches the
``.deb`` alone)::

    python tools/build_stopwords.py --deb liblucene8-java_8.8.1-4_all.deb

The lists come from the jars of Debian's ``liblucene8-java`` (Apache Lucene 8.7's
analysers, Debian 12): ``lucene-analyzers-common`` and, for Polish,
``lucene-analyzers-stempel``. Twelve of them (Danish, Dutch, Finnish, French, German,
Hungarian, Italian, Norwegian, Portuguese, Russian, Spanish, Swedish) are the Snowball
project's own stop lists, BSD-licensed, which Lucene carries unchanged; the others are
Jacques Savoy's (BSD), the Carrot2 project's (BSD, Polish) or Lucene's (Apache-2.0). Each
list is written one word a line, sorted, after a header naming its source, normalised as
:func:`linseg.text.words.lowercase` gives words (NFC, lower case; Greek without accents,
Persian with the Persian yeh and kaf); entries holding a space are left out. English keeps
linseg's own list (``stopwords-en.txt``) and is not touched.

Beside the lists it writes ``stopwords-README.md`` (sources and licences, entry counts) and
``stopwords-LICENSE.txt`` (Lucene's LICENSE.txt and NOTICE.txt, verbatim: the Apache
licence, the Snowball project's BSD licence, and the notices for Savoy's and Carrot2's
lists). The output depends only on the package's files: running it twice gives the same
bytes.
"""

from __future__ import annotations

import argparse
import glob
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from linseg.text.languages import LANGUAGES
from linseg.text.words import lowercase

PACKAGE = "liblucene8-java"
JAR_DIR = Path("/usr/share/java")
OUT = Path(__file__).resolve().parent.parent / "src" / "linseg" / "data"

_SNOWBALL = "the Snowball project's stop list (Martin Porter, Richard Boulton), BSD licence"
_SAVOY = "Jacques Savoy's list (University of Neuchatel, CLEF), BSD licence"
_LUCENE = "Apache Lucene's list, Apache-2.0"


@dataclass(frozen=True)
class Source:
    """Where one language's list is in Lucene's jars."""

    code: str
    jar: str  # "common" or "stempel"
    member: str
    snowball_format: bool  # '|' starts a comment, several words may share a line
    origin: str


_A = "org/apache/lucene/analysis/"
SOURCES: tuple[Source, ...] = (
    Source("ar", "common", _A + "ar/stopwords.txt", False, _SAVOY),
    Source("hy", "common", _A + "hy/stopwords.txt", False, _LUCENE),
    Source("eu", "common", _A + "eu/stopwords.txt", False, _LUCENE),
    Source(
        "ca",
        "common",
        _A + "ca/stopwords.txt",
        False,
        "the cue.language project's list (Jonathan Feinberg), Apache-2.0",
    ),
    Source("cs", "common", _A + "cz/stopwords.txt", False, _LUCENE),
    Source("da", "common", _A + "snowball/danish_stop.txt", True, _SNOWBALL),
    Source("nl", "common", _A + "snowball/dutch_stop.txt", True, _SNOWBALL),
    Source("et", "common", _A + "et/stopwords.txt", False, _LUCENE),
    Source("fi", "common", _A + "snowball/finnish_stop.txt", True, _SNOWBALL),
    Source("fr", "common", _A + "snowball/french_stop.txt", True, _SNOWBALL),
    Source("de", "common", _A + "snowball/german_stop.txt", True, _SNOWBALL),
    Source("el", "common", _A + "el/stopwords.txt", False, _LUCENE),
    Source("hi", "common", _A + "hi/stopwords.txt", False, _SAVOY),
    Source("hu", "common", _A + "snowball/hungarian_stop.txt", True, _SNOWBALL),
    Source(
        "id",
        "common",
        _A + "id/stopwords.txt",
        False,
        "F. Z. Tala, 'A Study of Stemming Effects on Information Retrieval in Bahasa "
        "Indonesia' (2003), appendix D, via Lucene, Apache-2.0",
    ),
    Source("ga", "common", _A + "ga/stopwords.txt", False, _LUCENE),
    Source("it", "common", _A + "snowball/italian_stop.txt", True, _SNOWBALL),
    Source("lt", "common", _A + "lt/stopwords.txt", False, _LUCENE),
    Source("no", "common", _A + "snowball/norwegian_stop.txt", True, _SNOWBALL),
    Source("fa", "common", _A + "fa/stopwords.txt", False, _SAVOY),
    Source(
        "pl",
        "stempel",
        _A + "pl/stopwords.txt",
        False,
        "the Carrot2 project's list, BSD licence",
    ),
    Source("pt", "common", _A + "snowball/portuguese_stop.txt", True, _SNOWBALL),
    Source("ro", "common", _A + "ro/stopwords.txt", False, _SAVOY),
    Source("ru", "common", _A + "snowball/russian_stop.txt", True, _SNOWBALL),
    Source("es", "common", _A + "snowball/spanish_stop.txt", True, _SNOWBALL),
    Source("sv", "common", _A + "snowball/swedish_stop.txt", True, _SNOWBALL),
    Source(
        "tr",
        "common",
        _A + "tr/stopwords.txt",
        False,
        "Lucene's list (LUCENE-559) merged with F. Can et al., 'Information Retrieval on "
        "Turkish Texts' (JASIST 2008), Apache-2.0",
    ),
)


def parse_list(text: str, snowball_format: bool) -> list[str]:
    """The entries of a Lucene stopword file, in file order."""
    words: list[str] = []
    for line in text.splitlines():
        line = line.lstrip("\ufeff")
        if snowball_format:
            words.extend(line.split("|", 1)[0].split())
        else:
            entry = line.split("#", 1)[0].strip()
            if entry and not any(ch.isspace() for ch in entry):
                words.append(entry)
    return words


def find_jars(deb: Path | None, workdir: Path) -> tuple[dict[str, Path], str]:
    """The two jars ({"common": path, "stempel": path}) and the package version."""
    if deb is not None:
        if not deb.is_file():
            sys.exit(f"error: {deb} does not exist")
        root = workdir / "deb"
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
        version = subprocess.run(
            ["dpkg-deb", "-f", str(deb), "Version"], check=True, capture_output=True, text=True
        ).stdout.strip()
        jar_dir = root / "usr" / "share" / "java"
    else:
        jar_dir = JAR_DIR
        done = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", PACKAGE], capture_output=True, text=True
        )
        version = done.stdout.strip() if done.returncode == 0 else ""
    jars: dict[str, Path] = {}
    for key in ("common", "stempel"):
        found = sorted(glob.glob(str(jar_dir / f"lucene-analyzers-{key}-*.jar")))
        if not found:
            sys.exit(
                f"error: no lucene-analyzers-{key}-*.jar in {jar_dir}. Install Debian's "
                f"{PACKAGE} (apt-get install --no-install-recommends {PACKAGE}), or pass "
                f"--deb with the file 'apt-get download {PACKAGE}' fetches."
            )
        jars[key] = Path(found[-1])
    if not version:
        version = "unknown"
    return jars, version


def _header(source: Source, jar: Path, version: str, count: int) -> str:
    name = LANGUAGES[source.code].name
    return (
        f"# Stopwords for {name} ({source.code}): {count} words.\n"
        f"# Written by tools/build_stopwords.py; do not edit by hand.\n"
        f"# Source: {source.member} in {jar.name}, Debian package {PACKAGE} {version}.\n"
        f"# Origin: {source.origin}.\n"
        f"# Licences: see stopwords-README.md and stopwords-LICENSE.txt beside this file.\n"
    )


def _readme(rows: list[tuple[Source, int]], jars: dict[str, Path], version: str) -> str:
    lines = [
        "# Stopword lists",
        "",
        "`stopwords-en.txt` is linseg's own English list (the Glasgow list plus yes/no/said,",
        "as in Choi 2000). Every other `stopwords-<code>.txt` here is written by",
        "`tools/build_stopwords.py` from Apache Lucene's analysers as Debian ships them:",
        f"package `{PACKAGE}` {version} (Debian 12), jars "
        + ", ".join(f"`{p.name}`" for p in jars.values())
        + ". To rebuild:",
        "",
        "```bash",
        f"apt-get install --no-install-recommends {PACKAGE}",
        "python tools/build_stopwords.py",
        "```",
        "",
        "Each list is normalised as `linseg.text.words.lowercase` gives words (NFC, lower",
        "case; Greek without accents and with `σ` for final sigma; Persian with the Persian",
        "yeh and kaf), sorted, with a header naming its source; entries holding a space are",
        "left out. Nothing else is changed.",
        "",
        "| code | language | file in the jar | origin | words |",
        "| --- | --- | --- | --- | --- |",
    ]
    for source, count in rows:
        name = LANGUAGES[source.code].name
        lines.append(f"| {source.code} | {name} | `{source.member}` | {source.origin} | {count} |")
    missing = sorted(
        c for c, lang in LANGUAGES.items() if c != "en" and c not in {s.code for s, _ in rows}
    )
    lines += [
        "",
        "No list: " + ", ".join(f"{LANGUAGES[c].name} ({c})" for c in missing) + ".",
        "",
        "## Licences",
        "",
        "- The Snowball lists (Danish, Dutch, Finnish, French, German, Hungarian, Italian,",
        "  Norwegian, Portuguese, Russian, Spanish, Swedish) are the Snowball project's",
        "  (snowballstem.org), under its BSD licence, reproduced in `stopwords-LICENSE.txt`",
        '  ("The following license applies to the Snowball stemmers").',
        "- Jacques Savoy's lists (Arabic, Hindi, Persian, Romanian) and the Carrot2",
        "  project's (Polish) are BSD-licensed, as Lucene's NOTICE.txt (in",
        "  `stopwords-LICENSE.txt`) states.",
        "- The others are part of Apache Lucene, under the Apache License 2.0 (its text is",
        "  at the top of `stopwords-LICENSE.txt`); the Catalan list came to Lucene from",
        "  the cue.language project under the same licence.",
        "",
        "`stopwords-LICENSE.txt` is Lucene's `META-INF/LICENSE.txt` followed by its",
        "`META-INF/NOTICE.txt`, copied verbatim from the jar.",
        "",
    ]
    return "\n".join(lines)


def build(out: Path, deb: Path | None) -> list[Path]:
    """Write every list, the README and the licence file into ``out``."""
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        jars, version = find_jars(deb, Path(tmp))
        archives = {key: zipfile.ZipFile(path) for key, path in jars.items()}
        try:
            rows: list[tuple[Source, int]] = []
            for source in SOURCES:
                raw = archives[source.jar].read(source.member).decode("utf-8")
                words = sorted(
                    {lowercase(w, source.code) for w in parse_list(raw, source.snowball_format)}
                )
                path = out / f"stopwords-{source.code}.txt"
                header = _header(source, jars[source.jar], version, len(words))
                path.write_text(header + "".join(w + "\n" for w in words), encoding="utf-8")
                written.append(path)
                rows.append((source, len(words)))
            licence = archives["common"].read("META-INF/LICENSE.txt").decode("utf-8")
            notice = archives["common"].read("META-INF/NOTICE.txt").decode("utf-8")
        finally:
            for archive in archives.values():
                archive.close()
        path = out / "stopwords-LICENSE.txt"
        path.write_text(licence.rstrip("\n") + "\n\n\n" + notice.rstrip("\n") + "\n", "utf-8")
        written.append(path)
        path = out / "stopwords-README.md"
        path.write_text(_readme(rows, jars, version), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--deb", type=Path, help=f"the {PACKAGE} .deb, if not installed")
    parser.add_argument(
        "--out", type=Path, default=OUT, help="folder to write (default: %(default)s)"
    )
    args = parser.parse_args(argv)
    if args.deb is not None and shutil.which("dpkg-deb") is None:
        sys.exit("error: --deb needs dpkg-deb (Debian's dpkg)")
    for path in build(args.out, args.deb):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

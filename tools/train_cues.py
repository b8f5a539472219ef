"""Train linseg's English section-cue model (``src/linseg/data/cues-en.npz``).

Usage::

    apt-get update
    mkdir debs && (cd debs && apt-get download $(cat ../tools/cue-packages.txt))
    python tools/train_cues.py build debs cue-sets     # the pages (and cue-sets-titles)
    python tools/train_cues.py train cue-sets          # writes the two models, their README

**Where the text comes from.** The Sphinx HTML manuals of the Debian 12 documentation
packages listed in ``tools/cue-packages.txt`` (340 packages: the ``python-*-doc`` manuals
and the other ``*-doc`` packages of Debian 12 whose HTML is a Sphinx manual and which
yield at least one page). ``build`` unpacks each package (``dpkg -x``), finds its manual
(the folder of its shallowest ``searchindex.js``) and turns its pages into natural
documents as ``tools/build_natural_set.py`` does for the evaluation sets: prose paragraphs
only, headings removed, the page's own sections as the reference; and once more into
``cue-sets-titles`` with every heading kept as a line of plain text (``--plain-headings``:
a title without marks, its section starting at the title). It keeps each package's
``copyright`` file beside its pages. Every package is in Debian's main archive, so its
text is free to redistribute; ``train`` writes the list of packages, their versions and
the licences their copyright files name into ``cues-README.md``.

**What is left out.** The manuals linseg is evaluated on never enter: Python's own
documentation (``natural/python-docs``), Django's (``django-docs``), the eight manuals of
``sphinx-headings``, the paper's corpus and its Brown sources, and the held-out Linux
kernel documentation and manual pages. ``build`` refuses those packages by name
(:data:`EVALUATED`), whatever the package list says.

**The models.** Logistic regressions of "a section starts here" on the feature strings
:func:`linseg.compose.costs.cues.gap_features` reads at each gap, hashed into ``2 ** BITS``
weights, fitted by L-BFGS (:data:`MODELS`): one of paragraph gaps (``cues-en.npz``), and
one of sentence gaps in the same pages read with their blank lines as spaces
(``cues-en-sentences.npz``), for text that comes without paragraphs. Each file holds the
weights (float16), the intercept and the log-odds of the training base rate;
:class:`linseg.compose.costs.SectionCues` scores a gap as the log-odds less the base
rate's.

The model of paragraph gaps also reads titles (``ot=1`` where the paragraph after the gap
looks like a title, :func:`linseg.compose.costs.cues.title_like`, ``pt=1`` where the one before
does; its file says so, ``titles``), and learns from the pages twice: without their
headings and with them as plain lines. Plain text often has its titles so; a model that
has seen none cuts after a title as often as before it. The sentence model reads no
titles: a text without blank lines has no title lines to read.

Their L2 penalties were chosen by what the default makes of them. The model of sentence
gaps has 30 (1, 10, 30 and 100 were compared by the area under the ROC curve on the
python-docs tuning half's gaps, where 10-100 agree within 0.01; 3 scores the same on the
training pages cross-fitted without their blank lines, 36.0% Pk, and costs Brown samples
of the paper's kind a point). The model of paragraph gaps has 3: against 30, it takes the
default's Pk on the tuning half from 27.6% to 27.3%, and on the training pages
cross-fitted (``tools/crossfit_cues.py``) from 33.6% to 33.2% (paired interval -0.75 to
-0.08 points; B 28.2% to 28.9%), and from 33.8% to 33.2% with every OpenStack manual in
one fold, so that no project's boilerplate is on both sides. 1 scores 33.0% there (0.3:
32.8%) but lowers B on the tuning half (33.7% against 35.2%).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from scipy.optimize import minimize

from linseg.compose.costs.cues import feature_index, gap_features, paragraph_texts
from linseg.evaluation.natural import load_documents
from linseg.text.outline import paragraph_starts
from linseg.text.sentences import split_sentences

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_natural_set import build_set

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "linseg" / "data"
BITS = 18
#: Each model: its file, the units whose gaps it reads, its L2 penalty, and whether it
#: reads titles (:func:`linseg.compose.costs.cues.title_like`), learning from the pages with
#: their titles as plain lines (:func:`titled`) beside the pages without them.
MODELS = (
    ("cues-en.npz", "paragraphs", 3.0, True),
    ("cues-en-sentences.npz", "sentences", 30.0, False),
)
#: Packages whose manuals linseg is evaluated on (or holds out): never trained on.
#: Manuals of projects built on one of them (Django's and Flask's extensions, Sphinx's
#: themes) are left out too, so that no evaluated project's own subject matter is learned.
EVALUATED = re.compile(
    r"django|flask|astropy|celery|click|dask|distributed|werkzeug|sphinx"
    r"|^python3(\.\d+)?-doc$|^python-doc$|^linux-doc|^manpages"
)


def titled(sets: Path) -> Path:
    """Where ``build`` writes the pages of ``sets`` again with every heading as a plain
    line (``SETS-titles``, beside it)."""
    return sets.with_name(sets.name + "-titles")


def build(debs: Path, sets: Path) -> None:
    """Unpack every package in ``debs`` and write its manual's pages to ``sets/PACKAGE``,
    headings removed, and to ``SETS-titles/PACKAGE`` with each heading a plain line."""
    total = 0
    for deb in sorted(debs.glob("*.deb")):
        package, version = deb.name.split("_")[:2]
        if EVALUATED.search(package):
            print(f"{package}: an evaluated manual, left out", file=sys.stderr)
            continue
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["dpkg", "-x", str(deb), tmp], check=True)
            indexes = sorted(
                Path(tmp).rglob("searchindex.js"), key=lambda p: (len(p.parts), str(p))
            )
            if not indexes:
                continue
            name = re.sub(r"-doc$", "", re.sub(r"^python-", "", package))
            out = sets / package
            kept = build_set(
                indexes[0].parent, out, prefix=name, plain_headings_to=titled(sets) / package
            )
            if not kept:
                shutil.rmtree(out, ignore_errors=True)
                shutil.rmtree(titled(sets) / package, ignore_errors=True)
                continue
            copyright_file = Path(tmp) / "usr" / "share" / "doc" / package / "copyright"
            if copyright_file.is_file():
                shutil.copyfile(copyright_file, out / "COPYRIGHT")
            (out / "VERSION").write_text(version.replace("%3a", ":") + "\n", encoding="utf-8")
            total += kept
            print(f"{package}: {kept} pages", flush=True)
    print(f"{total} pages written to {sets}")


def _pages(
    sets: Path | list[Path], units: str = "paragraphs"
) -> list[tuple[list[str], list[bool]]]:
    """Each page's units as the default reads them (its sentence splitter, paragraph
    starts and unit texts), and whether each starts a section, for every page under
    ``sets`` (a folder, or a list of folders). ``units="sentences"``
    reads the page with its blank lines as spaces, as a text without paragraphs comes,
    and every sentence is a unit."""
    pages = []
    for doc in load_documents(sets):
        text = doc.text if units == "paragraphs" else _without_blank_lines(doc.text)
        spans = split_sentences(text)
        sentences = [text[a:b] for a, b in spans]
        if units == "paragraphs":
            starts = paragraph_starts(sentences)
        else:
            starts = list(range(len(sentences)))
        words = np.searchsorted(doc.word_starts, [spans[s][0] for s in starts])
        sections = set(doc.reference)
        if len(starts) >= 2:
            labels = [int(w) in sections for w in words]
            pages.append((paragraph_texts(sentences, starts), labels))
    return pages


def _without_blank_lines(text: str) -> str:
    """``text`` with each run of white space that holds a blank line turned into as many
    spaces: one paragraph, its words where they were."""
    return re.sub(r"\s*\n[^\S\n]*\n\s*", lambda m: " " * len(m.group(0)), text)


def _matrix(
    pages: list[tuple[list[str], list[bool]]], titles: bool
) -> tuple[sp.csr_matrix, np.ndarray]:
    rows: list[int] = []
    cols: list[int] = []
    y: list[bool] = []
    for paragraphs, labels in pages:
        for features, label in zip(gap_features(paragraphs, titles), labels[1:]):
            # Every feature counts, as gap_log_odds sums them: two in one slot count twice
            # (csr_matrix sums repeated cells).
            rows += [len(y)] * len(features)
            cols += [feature_index(f, BITS) for f in features]
            y.append(label)
    data = np.ones(len(rows))
    return sp.csr_matrix((data, (rows, cols)), shape=(len(y), 1 << BITS)), np.array(y, float)


def fit(x: sp.csr_matrix, y: np.ndarray, l2: float) -> tuple[np.ndarray, float]:
    """The weights and intercept of an L2-penalised logistic regression (intercept free)."""

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        z = x @ w[:-1] + w[-1]
        nll = np.logaddexp(0, -z) @ y + np.logaddexp(0, z) @ (1 - y)
        g = 1 / (1 + np.exp(-z)) - y
        grad = np.append(x.T @ g + l2 * w[:-1], g.sum())
        return float(nll + 0.5 * l2 * w[:-1] @ w[:-1]), grad

    result = minimize(
        loss, np.zeros(x.shape[1] + 1), jac=True, method="L-BFGS-B", options={"maxiter": 500}
    )
    return result.x[:-1], float(result.x[-1])


def _licence(copyright_file: Path) -> str:
    if not copyright_file.is_file():
        return "see the package's copyright file"
    text = copyright_file.read_text(encoding="utf-8", errors="replace")
    # DEP-5: the licence of the "Files: *" stanza; otherwise the first licence named.
    named = []
    for stanza in re.split(r"\n\s*\n", text):
        licence = re.search(r"^License:[ \t]*(\S.*)$", stanza, re.M)
        if licence:
            if re.search(r"^Files:\s*\*\s*$", stanza, re.M):
                return licence.group(1).strip()
            named.append(licence.group(1).strip())
    return named[0] if named else "see the package's copyright file"


def _fit_and_save(
    pages: list[tuple[list[str], list[bool]]], path: Path, l2: float, titles: bool
) -> tuple[int, int]:
    x, y = _matrix(pages, titles)
    weights, intercept = fit(x, y, l2)
    rate = float(y.mean())
    np.savez_compressed(
        path,
        weights=weights.astype(np.float16),
        intercept=np.float64(intercept),
        base_logit=np.float64(np.log(rate / (1 - rate))),
        bits=np.int64(BITS),
        titles=np.int64(titles),
    )
    return len(y), int(y.sum())


def fit_models(
    sets: Path | list[Path], out: Path, with_titles: Path | list[Path]
) -> list[tuple[int, int, int]]:
    """Fit each model of :data:`MODELS` on the pages under ``sets`` (a folder, or a list
    of folders), a model that reads titles on those under ``with_titles`` too (the same
    pages with their titles as plain lines), and write it to ``out``: the pages, gaps and
    section starts it read."""
    counts = []
    for name, units, l2, titles in MODELS:
        pages = _pages(sets, units) + (_pages(with_titles, units) if titles else [])
        counts.append((len(pages), *_fit_and_save(pages, out / name, l2, titles)))
    return counts


def train(sets: Path, out: Path) -> None:
    """Fit both models on the pages in ``sets``: of paragraph gaps (``cues-en.npz``) and
    of sentence gaps in the pages read without their blank lines
    (``cues-en-sentences.npz``), and write their README."""
    out.mkdir(parents=True, exist_ok=True)
    (_, gaps, starts), (n_pages, sentence_gaps, sentence_starts) = fit_models(
        sets, out, titled(sets)
    )
    rows = []
    for folder in sorted(p for p in sets.iterdir() if p.is_dir()):
        n = len(list(folder.glob("*.txt")))
        version = (folder / "VERSION").read_text().strip() if (folder / "VERSION").exists() else ""
        rows.append(f"| `{folder.name}` | {version} | {n} | {_licence(folder / 'COPYRIGHT')} |")
    (out / "cues-README.md").write_text(
        _README.format(
            pages=f"{n_pages:,}",
            packages=len(rows),
            gaps=f"{gaps:,}",
            starts=f"{starts:,}",
            sentence_gaps=f"{sentence_gaps:,}",
            sentence_starts=f"{sentence_starts:,}",
            bits=BITS,
            l2=MODELS[0][2],
            sentence_l2=MODELS[1][2],
            rows="\n".join(rows),
        ),
        encoding="utf-8",
    )
    print(
        f"{n_pages} pages, {gaps} paragraph gaps with and without titles ({starts} section starts), "
        f"{sentence_gaps} sentence gaps ({sentence_starts}): {out}"
    )


_README = """# cues-en.npz, cues-en-sentences.npz: where English writers start a section

The models of `linseg.compose.SectionCues`: logistic regressions of "a section starts at
this gap" on the feature strings `linseg.compose.costs.cues.gap_features` reads there (first
words of the unit after it, last words and mark of the one before, lengths, and the words
the two sides share), hashed into 2^{bits} weights (float16), with L2 penalties of {l2}
(paragraph gaps) and {sentence_l2} (sentence gaps).
Trained by `tools/train_cues.py` (its docstring gives the commands) on {pages} pages: the
prose of the Sphinx manuals of {packages} Debian 12 documentation packages, headings
removed, each page's own sections as the reference.

- `cues-en.npz` reads paragraph gaps in those pages and in the same pages again with
  every heading kept as a line of plain text, a title without marks (its section starts
  at the title): {gaps} gaps, {starts} section starts. Beside the features above, it
  reads whether the paragraph after the gap, and the one before, looks like a title
  (`linseg.compose.costs.cues.title_like`).
- `cues-en-sentences.npz` reads sentence gaps in the same pages with their blank lines
  read as spaces, as a text without paragraphs comes: {sentence_gaps} of them,
  {sentence_starts} section starts (a section whose first paragraph the sentence splitter
  joins to the sentence before it starts inside a sentence, and is not counted).

None of the manuals linseg is evaluated on is among them: not Python's documentation,
Django's, the eight manuals of `benchmarks/natural/sphinx-headings`, the paper's corpus or
its Brown sources, nor the held-out Linux kernel documentation and manual pages.

## Licences

Every package is in Debian's main archive (free software by the Debian Free Software
Guidelines). The model holds no text, only one weight per hashed feature. The licence
below is the one each package's Debian copyright file names for its files as a whole
(`Files: *`), or the first it names; the copyright file itself, installed with the
package as `/usr/share/doc/PACKAGE/copyright`, is the authority.

| package | version | pages | licence |
| --- | --- | ---: | --- |
{rows}
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="unpack the packages and write their pages")
    b.add_argument("debs", type=Path, help="folder of the downloaded .deb files")
    b.add_argument("sets", type=Path, help="where to write one folder of pages per package")
    t = sub.add_parser("train", help="fit the model on the pages and write it")
    t.add_argument("sets", type=Path, help="the folder 'build' wrote (and SETS-titles beside it)")
    t.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT})")
    args = ap.parse_args()
    if args.command == "build":
        build(args.debs, args.sets)
    else:
        train(args.sets, args.out)


if __name__ == "__main__":
    main()

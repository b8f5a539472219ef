"""A large development set for methods on real documents: the cue models' own pages,
cross-fitted.

Usage::

    python tools/train_cues.py build debs cue-sets          # as for training (its docstring)
    python tools/crossfit_cues.py train cue-sets folds      # two cue models per fold
    python tools/crossfit_cues.py evaluate cue-sets folds '{}' '{"penalty": 1.5}' ...
    python tools/crossfit_cues.py evaluate cue-sets folds --flat '{}' ...
    python tools/crossfit_cues.py evaluate cue-sets folds --titles '{}' ...

The 1,186 pages that ``tools/train_cues.py`` learns the section cues from are twenty times
the python-docs tuning half, and made the same way from other manuals. They cannot score
the shipped cue models, which learned from them; so the packages are split into two
folds (by sorted name, alternately: :func:`folds`), each fold's cue models are trained on
the other fold's pages alone, as ``tools/train_cues.py`` trains the shipped ones
(``train``), and each page is segmented with the models that did not see it
(``evaluate``). That is a development set, for choosing among ideas with many more pages
than the tuning half: a difference of half a point of Pk is outside the
noise here (``evaluate`` prints each setting's paired 95% interval against the first),
where on 55 pages it is not.

Each setting is a JSON object of the default method's numbers, any of ``penalty``,
``rank_weight`` and ``cue_weight`` (the defaults of ``u00_pr`` where left out); the
segmenter is ``u00_pr`` as a composition (``docs/compose.md``) with the fold's models in
its :class:`~linseg.compose.costs.SectionCues`. ``--flat`` reads each page with its blank
lines as spaces, as a text extracted without its layout comes (the sentence cues). The
cue models of a fold are the shipped ones' recipe on about half the pages, so a little
weaker than the shipped ones.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from linseg.compose import Composition, costs, measures, strategies, transforms
from linseg.evaluation.natural import NaturalDocument, evaluate_natural, load_documents
from linseg.evaluation.significance import bootstrap_interval
from linseg.methods import create
from linseg.methods.u00 import RANK_EXPONENT, RANK_MASK

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train_cues import MODELS, _without_blank_lines, fit_models, titled

#: The default method's numbers that a setting may change.
NUMBERS = ("penalty", "rank_weight", "cue_weight")


def folds(sets: Path) -> list[list[Path]]:
    """The packages' folders in two folds: sorted by name, taken alternately."""
    packages = sorted(p for p in sets.iterdir() if p.is_dir())
    return [packages[0::2], packages[1::2]]


def train(sets: Path, out: Path) -> None:
    """For each fold, the paragraph and sentence cue models of the other fold's pages."""
    # Of two folds, fold 0 learns from fold 1's pages and fold 1 from fold 0's.
    for f, other in enumerate(reversed(folds(sets))):
        target = out / f"fold{f}"
        target.mkdir(parents=True, exist_ok=True)
        with_titles = [titled(sets) / package.name for package in other]
        for (name, *_), (_, gaps, starts) in zip(MODELS, fit_models(other, target, with_titles)):
            print(f"fold {f}: {name} from {gaps:,} gaps ({starts:,} section starts)")


def segmenter(models: Path, setting: dict[str, float]) -> Composition:
    """``u00_pr`` with ``setting``'s numbers, reading the section cues of ``models``."""
    unknown = set(setting) - set(NUMBERS)
    if unknown:
        raise SystemExit(f"a setting takes {', '.join(NUMBERS)}; not {', '.join(sorted(unknown))}")
    params = {**create("u00_pr").get_params(), **setting}
    cues = costs.SectionCues(models / MODELS[0][0], models / MODELS[1][0])
    cost = costs.Sum([(1.0, costs.Multinomial()), (params["cue_weight"], cues)])
    return Composition(
        measures.StemCosine(),
        transforms.LocalRank(RANK_MASK),
        strategies.ExactDP(
            params["penalty"],
            RANK_EXPONENT,
            cost=cost,
            similarity_weight=params["rank_weight"],
            units="headings",
            diagonal=False,
        ),
    )


def pages(folder: list[Path], flat: bool) -> list[NaturalDocument]:
    docs = load_documents(folder)
    if not flat:
        return docs
    return [
        NaturalDocument(d.name, _without_blank_lines(d.text), d.reference, d.path) for d in docs
    ]


def evaluate(
    sets: Path, out: Path, settings: list[dict[str, float]], flat: bool, titles: bool = False
) -> None:
    """Each setting's means over every page, scored with the models that did not see it;
    with ``titles``, the pages with their titles as plain lines (``SETS-titles``)."""
    docs = [
        pages([titled(sets) / p.name for p in fold] if titles else fold, flat)
        for fold in folds(sets)
    ]
    first: np.ndarray | None = None
    for setting in settings:
        results = []
        for f, fold_docs in enumerate(docs):
            results += evaluate_natural(segmenter(out / f"fold{f}", setting), fold_docs)
        pk = np.array([r.method.pk for r in results])
        b = np.array([r.method.b for r in results])
        found = np.mean([r.method.found_true for r in results])
        line = f"{json.dumps(setting)}: Pk {100 * pk.mean():.2f}, B {100 * b.mean():.1f}, found/true {found:.2f}"
        if first is None:
            first = pk
            no_boundary = np.mean([r.no_boundary.pk for r in results])
            line += f" ({len(results)} pages; no boundary {100 * no_boundary:.1f})"
        else:
            low, high = bootstrap_interval(pk - first)
            line += f"; Pk minus the first's {100 * (pk - first).mean():+.2f} ({100 * low:+.2f} to {100 * high:+.2f})"
        print(line, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train", help="train each fold's cue models on the other fold")
    e = sub.add_parser("evaluate", help="score settings of the default on every page")
    for p in (t, e):
        p.add_argument("sets", type=Path, help="the folder 'tools/train_cues.py build' wrote")
        p.add_argument("folds", type=Path, help="where the fold models are (or go)")
    e.add_argument("settings", nargs="+", help="JSON objects: penalty, rank_weight, cue_weight")
    e.add_argument("--flat", action="store_true", help="read the pages without blank lines")
    e.add_argument(
        "--titles", action="store_true", help="score the pages with their titles as plain lines"
    )
    args = ap.parse_args()
    if args.command == "train":
        train(args.sets, args.folds)
    else:
        settings = [json.loads(s) for s in args.settings]
        evaluate(args.sets, args.folds, settings, args.flat, args.titles)


if __name__ == "__main__":
    main()

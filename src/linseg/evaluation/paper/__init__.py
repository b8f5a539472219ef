"""The paper's experiments (section 4), run as one procedure over a corpus of samples.

Every registered method that names a row of the paper's tables (``paper_row``) runs over
every sample, scored by word-level Pk (equation 6) and timed in CPU seconds; methods
registered with ``needs_n_segments`` get the reference's number of segments, the others
decide it themselves. Table 7 runs C99 given the count with masks 1x1 to 17x17.

Table 2 follows the paper's convention for its degenerate baselines, which the author
computed on the metric's own positions ("simulation of Beeferman metric" in his codes):
``B_a`` marks every word gap, and ``B_(r,?)`` and ``B_(r,b)`` are the expected Pk of
random hypotheses over the word gaps, by equations (8) and (9). ``B_n`` and ``B_e`` are
the registered segmenters. The registered ``B_a``, ``B_(r,?)`` and ``B_(r,b)``, which can
only cut at sentence breaks, run too; their empirical Pk is reported beside the same
equations applied to sentence breaks (``baselines.json``).

Per-sample results are appended to ``OUT/cache/<config>.jsonl`` as they arrive, so an
interrupted run resumes where it stopped; a sample's entry is keyed by its path and a
checksum of its bytes, a configuration by method, parameters and stemmer.

- :mod:`~.experiments` -- each table's rows and the configurations that fill them;
- :mod:`~.run` -- the run over a corpus, in worker processes, resumable;
- :mod:`~.output` -- the tables written beside the author's figures, and the tests of
  significance;
- :mod:`~.tables` -- the paper's own published figures;
- :mod:`~.reference` -- the author's per-sample logs;
- :mod:`~.figures` -- the paper's illustrations, drawn for any document.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from linseg._imports import lazy

if TYPE_CHECKING:
    from linseg.evaluation.paper.experiments import (
        BEYOND,
        MASKS,
        REFERENCE_CODES,
        TABLES,
        TITLES,
        Config,
        PaperRun,
        configs_for,
    )
    from linseg.evaluation.paper.output import read_reference_table, tables_json, write_outputs
    from linseg.evaluation.paper.run import run_paper

_NAMES = {
    "TABLES": "experiments",
    "TITLES": "experiments",
    "BEYOND": "experiments",
    "MASKS": "experiments",
    "REFERENCE_CODES": "experiments",
    "Config": "experiments",
    "PaperRun": "experiments",
    "configs_for": "experiments",
    "run_paper": "run",
    "read_reference_table": "output",
    "tables_json": "output",
    "write_outputs": "output",
}
__all__ = [
    "TABLES",
    "TITLES",
    "BEYOND",
    "MASKS",
    "REFERENCE_CODES",
    "Config",
    "PaperRun",
    "configs_for",
    "run_paper",
    "read_reference_table",
    "tables_json",
    "write_outputs",
]
__getattr__, __dir__ = lazy(__name__, _NAMES)

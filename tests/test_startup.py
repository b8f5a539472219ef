"""Start-up: what loads when, and what a long run says on a terminal."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from linseg.cli.options import LONG_DOCUMENT, announce
from linseg.kernels import active

EXAMPLE = Path(__file__).parent.parent / "examples" / "three-topics.txt"
HEAVY = ["scipy", "matplotlib", "dask", "distributed", "py3langid", "numba"]


def loaded_after(code: str) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_import_linseg_loads_no_method_and_no_heavy_package():
    mods = loaded_after("import linseg")
    assert not [m for m in mods if m.split(".")[0] in HEAVY]
    assert "linseg.methods.c99" not in mods and "numpy" not in mods
    # The lazy names still resolve.
    mods = loaded_after("import linseg; linseg.C99; linseg.pk")
    assert "linseg.methods.c99" in mods and "linseg.evaluation.metrics" in mods


def test_segmenting_a_document_loads_no_heavy_package():
    code = (
        "import sys, io\n"
        "from linseg.cli import main\n"
        "sys.stdout = io.StringIO()\n"
        f"main(['segment', {str(EXAMPLE)!r}])\n"
        "sys.stdout = sys.__stdout__"
    )
    mods = loaded_after(code)
    assert not [m for m in mods if m.split(".")[0] in HEAVY]
    # The default method's kernel, compiled or pure (linseg.kernels).
    assert "linseg.compose.costs._multinomial" + ("_py" if active() == "pure" else "") in mods


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_long_work_is_announced_on_a_terminal_only(monkeypatch):
    term = _Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    with announce("segmenting", LONG_DOCUMENT):
        pass
    assert term.getvalue().startswith("linseg: segmenting ...") and term.getvalue().endswith(" s\n")
    term = _Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    with announce("segmenting", LONG_DOCUMENT - 1):  # short work: nothing
        pass
    assert term.getvalue() == ""
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    with announce("segmenting", 10 * LONG_DOCUMENT):  # not a terminal: nothing
        pass
    assert piped.getvalue() == ""

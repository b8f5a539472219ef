"""Every code example in the README and the documentation runs, so none goes stale.

- ```` ```console ```` blocks: each ``$ command`` runs in bash and its output must equal
  the lines shown under it;
- ```` ```bash ```` blocks: the whole block runs in bash (``set -e``) and must succeed;
- ```` ```python ```` blocks: executed; their ``assert`` lines are the expected results.

Examples run in a scratch folder that holds links to ``examples/`` and ``benchmarks/``
(the bundled documents), so what they write
stays out of the checkout. A block that reads ``$LINSEG_DATA``, or runs ``linseg paper``
or ``linseg corpus brown`` (which read the shared data through it), skips when it is unset; a
Python block that imports a package of an optional extra not installed skips naming it. A
block preceded by ``<!-- not executed: WHY -->`` is not run, and must say why (the
install commands, which ``.ci/run`` itself performs, and the command that runs this suite).
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_FENCE = re.compile(
    r"(<!-- not executed: (?P<why>[^>]*)-->\n)?```(?P<lang>\w*)\n(?P<code>.*?)```", re.S
)


def _blocks():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in _FENCE.finditer(text):
            if m.group("lang") not in ("console", "bash", "python"):
                continue
            line = text[: m.start("lang")].count("\n") + 1
            yield pytest.param(
                m.group("lang"),
                m.group("code"),
                m.group("why"),
                id=f"{page.relative_to(ROOT)}:{line}",
            )


BLOCKS = list(_blocks())
#: What marks a block that needs the shared data: it names $LINSEG_DATA or runs a command
#: that reads the data through it (the paper's corpus, the Brown corpus).
_NEEDS_DATA = re.compile(r"LINSEG_DATA|linseg (?:paper|corpus brown)\b")


#: The optional extras whose packages an example may import, and the extra to install.
_EXTRAS = {
    "llama_index": "llamaindex",
    "haystack": "haystack",
    "langchain_text_splitters": "langchain",
}
_IMPORT = re.compile(r"^(?:from|import) (\w+)", re.M)


def _missing_extra(code: str) -> str | None:
    for name in _IMPORT.findall(code):
        if name in _EXTRAS and importlib.util.find_spec(name) is None:
            return f"needs linseg[{_EXTRAS[name]}] ({name} is not installed)"
    return None


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.pop("COLUMNS", None)
    return env


@pytest.fixture
def workdir(tmp_path):
    for folder in ("examples", "benchmarks"):
        (tmp_path / folder).symlink_to(ROOT / folder, target_is_directory=True)
    return tmp_path


def _bash(script: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", script],
        cwd=cwd,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_pages_have_examples():
    langs = [b.values[0] for b in BLOCKS]
    assert langs.count("console") >= 4 and langs.count("python") >= 3 and langs.count("bash") >= 8


@pytest.mark.parametrize("lang,code,why", BLOCKS)
def test_example_runs(lang, code, why, workdir):
    if why is not None:
        assert why.strip(), "a block that is not executed must say why"
        pytest.skip(f"not executed: {why.strip()}")
    if _NEEDS_DATA.search(code) and not os.environ.get("LINSEG_DATA"):
        pytest.skip(
            "the example reads the shared data through $LINSEG_DATA, which is not set "
            "(see 'linseg data status')"
        )
    if lang == "python":
        missing = _missing_extra(code)
        if missing:
            pytest.skip(missing)
        cwd = os.getcwd()
        os.chdir(workdir)
        try:
            exec(compile(code, "<example>", "exec"), {"__name__": "__example__"})
        finally:
            os.chdir(cwd)
        return
    if lang == "bash":
        proc = _bash(code, workdir)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert "Traceback" not in proc.stderr
        return
    for command, expected in re.findall(r"^\$ (.*)\n((?:(?!\$ ).*\n?)*)", code, re.M):
        proc = _bash(command, workdir)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert proc.stdout == expected, command

"""What several test modules share: running the command line, a deterministic sentence
encoder, and the check that a function is fully annotated."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import zlib

import numpy as np

from linseg.cli import main


def run_cli(args, stdin: bytes | None = None):
    """Run ``linseg`` in a subprocess: returns (exit code, stdout, stderr)."""
    proc = subprocess.run(
        [sys.executable, "-m", "linseg", *args], input=stdin, capture_output=True, timeout=300
    )
    return (
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
    )


def segment_file(path, capsys) -> dict:
    """``linseg segment PATH --output json`` in this process: the JSON record (the run
    must succeed)."""
    assert main(["segment", str(path), "--output", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def refused_in_one_line(path, data: bytes, capsys, message: str) -> None:
    """``linseg segment PATH`` of a file holding ``data`` exits with status 2 and one line
    on standard error that says ``message``."""
    path.write_bytes(data)
    assert main(["segment", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def encoder(sentences: list[str]) -> np.ndarray:
    """A small deterministic sentence encoder: hashed bag of lower-cased words."""
    out = np.zeros((len(sentences), 64))
    for i, s in enumerate(sentences):
        for w in s.lower().split():
            out[i, zlib.crc32(w.strip(".,").encode()) % 64] += 1.0
    return out


def unannotated(obj, label: str) -> list[str]:
    functions = []
    if inspect.isclass(obj):
        for name, member in vars(obj).items():
            if (not name.startswith("_") or name == "__init__") and inspect.isfunction(member):
                functions.append((f"{label}.{name}", member))
    elif inspect.isfunction(obj):
        functions.append((label, obj))
    out = []
    for where, f in functions:
        sig = inspect.signature(f)
        params = [
            p.name
            for p in sig.parameters.values()
            if p.name not in ("self", "cls") and p.annotation is inspect.Parameter.empty
        ]
        returns = sig.return_annotation is inspect.Signature.empty and f.__name__ != "__init__"
        if params or returns:
            out.append(f"{where}({', '.join(params)}){' -> ?' if returns else ''}")
    return out

"""Writing a segmented document: the ``text``, ``choi`` and ``json`` output formats.

``text``  each segment exactly as it stood in the input, with a line of ``==========``
          between segments (a newline is added to a segment that lacks one).
``choi``  the ``.ref`` format: one sentence a line, segments between separator lines.
``json``  one record: the method, its parameters, every automatic choice, the
          boundaries and the segments' text, which joined give the input back.

The record reads only what every :class:`~linseg.base.Segmentation` has, so any method's
result can be written in any format.
"""

from __future__ import annotations

import json
from typing import Any

from .ref import SEPARATOR, format_ref
from .run import DocumentRun

__all__ = ["OUTPUTS", "render", "record"]

OUTPUTS = ("text", "choi", "json")


def record(run: DocumentRun) -> dict[str, Any]:
    """The JSON record of a run (see the module docstring)."""
    doc = run.document
    params = {
        k: v
        for k, v in run.segmenter.get_params().items()
        if isinstance(v, (int, float, str, bool, type(None)))
    }
    pieces = doc.segment_texts(run.boundaries)
    out: dict[str, Any] = {
        "method": run.method,
        "params": params,
        "format": doc.format,
        "format_detected": doc.format_detected,
        "tokenized": doc.tokenized,
        "n_sentences": len(doc.sentences),
        "n_segments": len(pieces),
        "n_segments_requested": run.n_segments_requested,
        "band": run.band,
        "boundaries": run.boundaries,
        "segments": pieces,
        "notes": list(run.notes),
    }
    if doc.reference is not None:
        out["reference"] = doc.reference
    return out


def render(run: DocumentRun, output: str | None = None) -> str:
    """The run in an output format (None: ``choi`` for ``choi`` input, else ``text``)."""
    doc = run.document
    output = output or ("choi" if doc.format == "choi" else "text")
    if output == "json":
        return json.dumps(record(run), ensure_ascii=False) + "\n"
    if output == "choi":
        # One sentence a line: a line break inside a sentence would read back as two.
        lines = [" ".join(s.split()) for s in doc.sentences]
        return format_ref(lines, run.boundaries) if lines else ""
    if output != "text":
        raise ValueError(f"unknown output format {output!r}; use one of: {', '.join(OUTPUTS)}")
    out = []
    for i, piece in enumerate(doc.segment_texts(run.boundaries)):
        if i:
            out.append(SEPARATOR + "\n")
        out.append(piece if piece.endswith("\n") else piece + "\n")
    return "".join(out)

"""The ``.ref`` format of Choi's corpus.

A sample is a sequence of segments; each segment is preceded by a line of ten ``=``
and the last one is followed by one. Every other line is one tokenised sentence.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["RefDocument", "read_ref", "parse_ref", "write_ref", "format_ref", "find_ref_files"]

SEPARATOR = "=========="


@dataclass
class RefDocument:
    """A reference-segmented document: sentences and the true boundaries."""

    sentences: list[str]
    boundaries: list[int]
    path: str | None = None
    _lengths: list[int] | None = field(default=None, repr=False, compare=False)

    @property
    def n_segments(self) -> int:
        return len(self.boundaries) + 1 if self.sentences else 0

    def word_lengths(self) -> list[int]:
        """Whitespace tokens per sentence: the positions of word-level Pk."""
        if self._lengths is None or len(self._lengths) != len(self.sentences):
            self._lengths = [len(s.split()) for s in self.sentences]
        return self._lengths


def is_separator(line: str) -> bool:
    """A line of three or more ``=`` (and nothing else but surrounding space)."""
    if "===" not in line:
        return False
    stripped = line.strip()
    return len(stripped) >= 3 and not stripped.strip("=")


def parse_ref(text: str, path: str | None = None) -> RefDocument:
    """Parse ``.ref`` text. Blank lines are ignored; a file with no separator is one segment."""
    sentences: list[str] = []
    boundaries: list[int] = []
    for line in text.splitlines():
        if is_separator(line):
            if sentences and (not boundaries or boundaries[-1] != len(sentences)):
                boundaries.append(len(sentences))
            continue
        if line.strip():
            sentences.append(line.rstrip("\r\n"))
    if boundaries and boundaries[-1] == len(sentences):
        boundaries.pop()
    return RefDocument(sentences, boundaries, path)


def read_ref(path: str | os.PathLike[str]) -> RefDocument:
    with open(path, encoding="utf-8", errors="replace") as fh:
        return parse_ref(fh.read(), str(path))


def format_ref(sentences: Sequence[str], boundaries: Iterable[int]) -> str:
    """The ``.ref`` text of sentences cut at ``boundaries``."""
    cuts = set(boundaries)
    out = [SEPARATOR]
    for i, s in enumerate(sentences):
        if i in cuts:
            out.append(SEPARATOR)
        out.append(s)
    out.append(SEPARATOR)
    return "\n".join(out) + "\n"


def write_ref(
    path: str | os.PathLike[str], sentences: Sequence[str], boundaries: Iterable[int]
) -> None:
    Path(path).write_text(format_ref(sentences, boundaries), encoding="utf-8")


def _natural_key(p: Path) -> tuple:
    parts = []
    for part in p.parts:
        stem = part[:-4] if part.endswith(".ref") else part
        parts.append((0, int(stem), "") if stem.isdigit() else (1, 0, part))
    return tuple(parts)


def find_ref_files(root: str | os.PathLike[str]) -> list[Path]:
    """Every ``.ref`` file under ``root``, in natural order (``2.ref`` before ``10.ref``)."""
    root = Path(root)
    if root.is_file():
        return [root]
    return sorted(root.rglob("*.ref"), key=lambda p: _natural_key(p.relative_to(root)))

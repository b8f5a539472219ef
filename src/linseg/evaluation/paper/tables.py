"""The paper's published figures (Choi 2000, tables 2-8), for reports to set beside ours.

Error rates are fractions (0.12 for the paper's "12%"); times are the paper's CPU seconds
per sample on a Pentium II 266 MHz; None is the paper's "n/a". Columns are
:data:`RANGES`. Rows are keyed by the paper's row names written plainly
(``C99_b``, ``H94_(c,d)``, ``R98_(s,cos)``, ``3x3``); :func:`paper_row` finds a row from
any reasonable spelling of its name.
"""

from __future__ import annotations

__all__ = ["RANGES", "PAPER_PK", "PAPER_SECONDS", "TABLE_OF", "paper_row", "row_key"]

RANGES = ("3-11", "3-5", "6-8", "9-11")

_: None = None
PAPER_PK: dict[str, tuple[float | None, ...]] = {
    # Table 2: baselines
    "B_e": (0.45, 0.38, 0.39, 0.36),
    "B_n": (0.47, 0.47, 0.47, 0.46),
    "B_(r,b)": (0.47, 0.47, 0.47, 0.46),
    "B_a": (0.53, 0.53, 0.53, 0.54),
    "B_(r,?)": (0.53, 0.53, 0.53, 0.54),
    # Table 3: TextTiling
    "H94_(c,d)": (0.46, 0.44, 0.43, 0.48),
    "H94_(c,r)": (0.46, 0.44, 0.44, 0.49),
    "H94_(j,r)": (0.54, 0.45, 0.52, 0.53),
    # Table 4: DotPlot
    "R98_(m,sa)": (0.18, 0.20, 0.15, 0.12),
    "R98_(s,cos)": (0.21, 0.18, 0.19, 0.18),
    "R98_(m,dot)": (0.22, 0.21, 0.18, 0.16),
    "R98": (0.22, 0.21, 0.18, 0.16),
    "R98_(min)": (_, 0.34, 0.37, 0.37),
    # Table 5: Segmenter
    "K98_(p)": (0.36, 0.23, 0.33, 0.43),
    "K98_(j,a)": (_, 0.41, 0.46, 0.50),
    "K98_(j)": (_, 0.44, 0.48, 0.51),
    # Table 6: C99
    "C99_b": (0.12, 0.12, 0.09, 0.09),
    "C99": (0.13, 0.18, 0.10, 0.10),
    # Table 7: mask size (given the reference number of segments)
    "1x1": (0.48, 0.48, 0.50, 0.49),
    "3x3": (0.12, 0.11, 0.10, 0.08),
    "5x5": (0.12, 0.11, 0.10, 0.08),
    "7x7": (0.12, 0.11, 0.10, 0.08),
    "9x9": (0.12, 0.11, 0.10, 0.09),
    "11x11": (0.12, 0.11, 0.10, 0.09),
    "13x13": (0.12, 0.11, 0.10, 0.09),
    "15x15": (0.12, 0.11, 0.10, 0.09),
    "17x17": (0.12, 0.10, 0.10, 0.08),
}

PAPER_SECONDS: dict[str, tuple[float | None, ...]] = {
    "H94_(c,d)": (0.67, 0.52, 0.66, 0.88),
    "H94_(c,r)": (0.68, 0.52, 0.67, 0.92),
    "H94_(j,r)": (3.77, 2.21, 3.69, 5.07),
    "R98_(s,cos)": (4.54, 2.24, 4.36, 6.99),
    "R98": (29.58, 9.29, 28.09, 55.03),
    "R98_(m,sa)": (41.02, 7.34, 40.05, 113.5),
    "R98_(m,dot)": (46.58, 9.24, 42.72, 115.4),
    "R98_(min)": (_, 19.62, 58.77, 122.6),
    "K98_(p)": (4.24, 2.57, 4.21, 6.00),
    "K98_(j)": (_, 21.43, 65.54, 129.3),
    "K98_(j,a)": (_, 21.44, 65.49, 129.7),
    "C99_b": (4.00, 1.91, 3.73, 5.99),
    "C99": (4.04, 2.12, 4.04, 6.31),
    "1x1": (3.92, 2.06, 3.84, 5.91),
    "3x3": (3.83, 2.03, 3.79, 5.85),
    "5x5": (3.86, 2.04, 3.84, 5.92),
    "7x7": (3.90, 2.06, 3.88, 6.00),
    "9x9": (3.96, 2.07, 3.92, 6.12),
    "11x11": (4.02, 2.09, 3.98, 6.26),
    "13x13": (4.11, 2.11, 4.07, 6.41),
    "15x15": (4.20, 2.14, 4.14, 6.60),
    "17x17": (4.29, 2.17, 4.25, 6.79),
}

TABLE_OF = {
    **dict.fromkeys(("B_e", "B_n", "B_(r,b)", "B_a", "B_(r,?)"), "Table 2 (baselines)"),
    **dict.fromkeys(("H94_(c,d)", "H94_(c,r)", "H94_(j,r)"), "Table 3 (TextTiling)"),
    **dict.fromkeys(
        ("R98_(m,sa)", "R98_(s,cos)", "R98_(m,dot)", "R98", "R98_(min)"), "Table 4 (DotPlot)"
    ),
    **dict.fromkeys(("K98_(p)", "K98_(j,a)", "K98_(j)"), "Table 5 (Segmenter)"),
    **dict.fromkeys(("C99_b", "C99"), "Table 6 (C99)"),
    **dict.fromkeys(
        ("1x1", "3x3", "5x5", "7x7", "9x9", "11x11", "13x13", "15x15", "17x17"),
        "Table 7 (mask size)",
    ),
}


def row_key(name: str) -> str:
    """A spelling-insensitive key: ``$C99_{(b)}$``, ``C99_b`` and ``c99b`` all give ``c99b``."""
    return "".join(ch for ch in name.lower().replace("\u00d7", "x") if ch.isalnum() or ch == "?")


# linseg's registry names for rows the paper spells differently: its H94_(c,d) is
# Hearst's program with defaults and K98_(p) Kan's own Segmenter, which linseg's fixed
# link-distance Segmenter follows; only the paper's re-implementation has the adaptive
# variant, K98_(j,a).
_ALIASES = {"H94": "H94_(c,d)", "H94_r": "H94_(c,r)", "K98": "K98_(p)", "K98_a": "K98_(j,a)"}
_BY_KEY = {row_key(k): k for k in PAPER_PK}
_BY_KEY.update({row_key(alias): row for alias, row in _ALIASES.items()})


def paper_row(name: str | None) -> str | None:
    """The paper's row name for ``name`` (any spelling), or None if the paper has no such row."""
    if not name:
        return None
    return _BY_KEY.get(row_key(name))

"""Clock times in transcripts, written as HH:MM:SS (and .mmm)."""

from __future__ import annotations

__all__ = ["format_clock"]


def format_clock(seconds: float, millis: bool = False) -> str:
    """``HH:MM:SS`` (whole seconds, rounded down), or ``HH:MM:SS.mmm`` with ``millis``."""
    total_ms = max(0, round(seconds * 1000))
    ms = total_ms % 1000
    s = total_ms // 1000
    clock = f"{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}"
    return f"{clock}.{ms:03d}" if millis else clock

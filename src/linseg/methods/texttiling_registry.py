"""Registers TextTiling with Hearst's default parameters (H94) and the paper's k=6, w=20 (H94_r)."""

from . import register
from .texttiling import TextTiling

register("texttiling", TextTiling,
         "Hearst 1994/97 TextTiling: block comparison (w=20, k=10), depth scores, mean - sd/2",
         paper_row="H94")
register("texttiling_r", TextTiling,
         "TextTiling with the parameters recommended in Hearst's paper, k=6, w=20",
         paper_row="H94_r", w=20, k=6)

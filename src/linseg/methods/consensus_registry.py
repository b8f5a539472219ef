"""Registers linseg's own method, :class:`~linseg.methods.consensus.ConsensusDP`."""

from . import register
from .consensus import ConsensusDP

register(
    "consensus_dp",
    ConsensusDP,
    "linseg's own: the count from C99 and U00 together, one exact DP of C99's rank and "
    "U00's likelihood (chosen on Brown genres other than a and j)",
)

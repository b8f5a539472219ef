"""Registers linseg's own method, :class:`~linseg.methods.consensus.ConsensusDP`."""

from . import register
from .consensus import ConsensusDP

register(
    "consensus_dp",
    ConsensusDP,
    "linseg's own: count = mean of C99's and U00's, exact DP of C99's rank score "
    "(chosen on Brown genres other than a and j)",
)

"""Registers linseg's own method, :class:`~linseg.methods.consensus.ConsensusDP`."""

from . import register
from .compose_registry import LSA_TRAINING
from .consensus import ConsensusDP

register(
    "consensus_dp",
    ConsensusDP,
    "linseg's own: the count from C99 and U00 together, one exact DP of C99's rank, "
    "an LSA rank, U00's likelihood and a length prior (chosen on Brown genres other "
    "than a and j)",
    trained_on=LSA_TRAINING
    + "; six numbers (count and score weights) chosen on Brown genres other than a and j",
)

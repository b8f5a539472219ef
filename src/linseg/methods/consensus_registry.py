"""Registers linseg's own method, :class:`~linseg.methods.consensus.ConsensusDP`."""

from . import register
from .compose_registry import LSA_TRAINING
from .consensus import ConsensusDP

register(
    "consensus_dp",
    ConsensusDP,
    "linseg's own: the count from C99 and U00 together, one exact DP of C99's rank, "
    "an LSA rank, U00's likelihood, a length prior and block comparison (chosen on Brown "
    "genres other than a and j)",
    trained_on=LSA_TRAINING
    + "; eight numbers (count and score weights) chosen on Brown genres other than a and j",
)

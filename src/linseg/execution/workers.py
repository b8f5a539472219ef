"""What every worker process of linseg's process pools sets up.

linseg parallelises over documents, one process per core. A measure that multiplies
matrices (the LSA cosine, a user's embeddings) would also start the BLAS library's own
threads in every process: more threads than cores, which then wait for each other. In a
worker, BLAS gets one thread. So it does while one process evaluates many small
documents in turn: on matrices this small, BLAS's idle threads spin and double the CPU
time for a few per cent of wall time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["one_blas_thread", "blas_on_one_thread"]


def one_blas_thread() -> None:
    """Limit the BLAS libraries loaded in this process (and any loaded later through
    NumPy) to one thread each, for the rest of the process's life."""
    import numpy  # noqa: F401  (loads NumPy's BLAS, so that the limit reaches it)
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")


@contextmanager
def blas_on_one_thread() -> Iterator[None]:
    """One BLAS thread inside the block, the process's setting restored after it."""
    import numpy  # noqa: F401  (loads NumPy's BLAS, so that the limit reaches it)
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1, user_api="blas"):
        yield

import numpy as np

def search(
    indptr: np.ndarray,
    words: np.ndarray,
    counts: np.ndarray,
    vocabulary: int,
    n: int,
    alpha: float,
    penalty: float,
    limit: int,
    m: int,
    largest: int,
    gap_costs: np.ndarray | None = None,
) -> tuple[list[int], float]: ...
def segment_costs(
    indptr: np.ndarray,
    words: np.ndarray,
    counts: np.ndarray,
    vocabulary: int,
    n: int,
    alpha: float,
    largest: int,
    out: np.ndarray,
) -> None: ...

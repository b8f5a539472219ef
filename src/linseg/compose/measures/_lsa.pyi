import numpy as np

def sentence_vectors(
    ids: np.ndarray,
    offsets: np.ndarray,
    row_of: np.ndarray,
    space: np.ndarray,
    local: int,
    out: np.ndarray,
) -> None: ...

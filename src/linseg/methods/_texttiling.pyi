import numpy as np

def block_cosines(
    terms: np.ndarray, starts: np.ndarray, n_seq: int, k: int, n_terms: int
) -> np.ndarray: ...

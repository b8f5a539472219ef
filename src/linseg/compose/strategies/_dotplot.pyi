import numpy as np

def greedy(
    p: np.ndarray, w: np.ndarray, n_boundaries: int, minimise: bool, whole: bool
) -> tuple[np.ndarray, np.ndarray]: ...
def reynar(
    cum: np.ndarray, w: np.ndarray, n_boundaries: int, minimise: bool
) -> tuple[np.ndarray, np.ndarray]: ...

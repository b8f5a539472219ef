import numpy as np

def _score_table(c: np.ndarray, off: float, den: np.ndarray, L: int) -> np.ndarray: ...
def _best_with_penalty(s: np.ndarray, penalty: float) -> np.ndarray: ...
def _best_with_count(
    s: np.ndarray,
    k: int,
    lo: np.ndarray,
    hi: np.ndarray,
    base: np.ndarray,
    back: np.ndarray,
    block: int,
) -> np.ndarray: ...
def _dense_back(s: np.ndarray, k: int, block: int) -> np.ndarray: ...

import numpy as np

def _cosine_band(ids: np.ndarray, offsets: np.ndarray, n_vocab: int, w: int) -> np.ndarray: ...
def _dots_band(ids: np.ndarray, offsets: np.ndarray, n_vocab: int, w: int) -> np.ndarray: ...
def _rank_band(sim: np.ndarray, half: int) -> np.ndarray: ...
def _band_cumsums(rank: np.ndarray) -> tuple[np.ndarray, np.ndarray]: ...
def _cluster(
    mode: int,
    s_full: np.ndarray,
    diag: np.ndarray,
    left: np.ndarray,
    right: np.ndarray,
    n: int,
    steps: int,
    rsum: np.ndarray,
    lsum: np.ndarray,
    rtsum: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]: ...

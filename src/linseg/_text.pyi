import numpy as np

UNKNOWN_ID: int

def hash_put(keys: np.ndarray, vals: np.ndarray, h: int, value: int) -> bool: ...
def rehash(
    old_keys: np.ndarray, old_vals: np.ndarray, keys: np.ndarray, vals: np.ndarray
) -> None: ...
def lookup_tokens(
    data: np.ndarray, n_sentences: int, keys: np.ndarray, vals: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]: ...

import numpy as np

UNKNOWN_ID: int

def rehash(
    old_keys: np.ndarray, old_vals: np.ndarray, keys: np.ndarray, vals: np.ndarray
) -> None: ...
def lookup_tokens(
    data: np.ndarray, n_sentences: int, keys: np.ndarray, vals: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]: ...
def lookup_raw_words(
    sentences: list[str], keys: np.ndarray, vals: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]: ...
def hash_put_many(
    keys: np.ndarray, vals: np.ndarray, hashes: np.ndarray, values: np.ndarray
) -> int: ...

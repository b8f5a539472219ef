import numpy as np

def token_spans(texts: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]: ...
def pair_buckets(
    hashes: np.ndarray, offsets: np.ndarray, content: np.ndarray, window: int
) -> np.ndarray: ...
def paragraph_weights(
    texts: list[str],
    lowers: list[str],
    starts: np.ndarray,
    ends: np.ndarray,
    hashes: np.ndarray,
    offsets: np.ndarray,
    weights: np.ndarray,
    first_words: int,
    title_words: int,
) -> tuple[np.ndarray, np.ndarray]: ...

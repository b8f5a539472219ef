"""The paper's experiments: reference figures, runs over corpora, speed and significance."""

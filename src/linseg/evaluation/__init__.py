"""Measuring segmenters: scores (:mod:`~linseg.evaluation.metrics`), significance, the
corpora they are measured on (:mod:`~linseg.evaluation.corpora`, the natural sets of
:mod:`~linseg.evaluation.natural`), the paper's experiments and tables, figures and
reports."""

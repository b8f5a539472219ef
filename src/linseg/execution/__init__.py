"""How long work runs: a progress line on a terminal (:mod:`~linseg.execution.progress`)
and the set-up of worker processes (:mod:`~linseg.execution.workers`).

Any layer may use these; they import nothing else of linseg.
"""

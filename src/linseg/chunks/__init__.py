"""What people do with segments: bound their sizes (:mod:`~linseg.chunks.bounds`) and name
their topics (:mod:`~linseg.chunks.keywords`)."""

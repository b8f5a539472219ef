"""linseg inside other frameworks: :mod:`~linseg.integrations.langchain` (a LangChain text
splitter)."""

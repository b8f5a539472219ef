"""Reading documents: every input format linseg reads, each in a module of its own, behind
one registry of formats."""

"""The PyScript front end of the dominoes table (pure geometry modules are importable on CPython)."""

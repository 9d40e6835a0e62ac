"""docs/: the writers and renderers of the pages, and the store of facts (docs/store.py)."""

"""tests/: the checks of the pages, the layout, the commands and the matches."""

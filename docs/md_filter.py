#!/usr/bin/env python3
"""Doxygen's input filter for the Markdown pages (FILTER_PATTERNS in docs/docs.cmake).

A stage page shows a figure of docs/ by its path from the page (../../docs/layout-s03.svg),
which is what GitHub needs; Doxygen finds images by name in its IMAGE_PATH (docs/) and
copies them beside the HTML. So Doxygen reads the page with that prefix taken off the
images: ![alt](layout-s03.svg).
"""
import re
import sys

sys.stdout.reconfigure(encoding="utf-8")
with open(sys.argv[1], encoding="utf-8") as f:
    text = re.sub(r"(!\[[^\]]*\]\()(?:\.\./)+docs/", r"\1", f.read())
# A link to a glossary term (docs/glossary.md#ffo, its <a name="ffo">) becomes a link to
# the anchor itself, which Doxygen resolves on any page (it cannot follow a link into
# another page to a fragment).
text = re.sub(r"\]\((?:[\w./]*/)?glossary\.md#([\w-]+)\)", r"](#\1)", text)
# A link to the overview (docs/overview.md) is a link to the site's main page, which
# Doxygen names index and will not resolve by its file name.
text = re.sub(r"\]\((?:[\w./]*/)?overview\.md\)", "](@ref index)", text)
# A folded block (<details><summary>...</summary> ... </details>, each tag line alone, as
# docs/update_docs.py writes them): Doxygen 1.9.4 would open a new <details> at every
# paragraph inside; passed through as raw HTML blocks, the Markdown between them renders once.
text = re.sub(r"^(<details>.*|</details>)[ \t]*$", r"\\htmlonly[block]\1\\endhtmlonly", text, flags=re.M)
sys.stdout.write(text)

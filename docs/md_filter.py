#!/usr/bin/env python3
"""Doxygen's input filter for the Markdown pages (FILTER_PATTERNS in docs/docs.cmake).

A stage page shows a figure of docs/ by its path from the page (../../docs/layout-s03.svg),
which is what GitHub needs; Doxygen finds images by name in its IMAGE_PATH (docs/) and
copies them beside the HTML. So Doxygen reads the page with that prefix taken off the
images: ![alt](layout-s03.svg). Links to a glossary term, to the overview and to a source
file are rewritten the same way, into what Doxygen resolves (below).
"""
import os
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
# A link to a header (a step page lists its files, [e06_deep.h](e06_deep.h), and those it
# includes, [e01_rules.h](../e01_minimax/e01_rules.h)) is a link to the header's page on
# the site, which Doxygen finds by the file's name (every header's is its own), not by
# its path. A source file the site does not document (a sketch, or a header without a
# Doxygen comment: the search steps' sketch programs, left out by docs/docs.cmake) would
# lead nowhere: its link becomes the file's name in code type.
def documented(target):
    path = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(sys.argv[1])), target))
    if not path.endswith(".h") or not os.path.isfile(path):
        return False
    with open(path, encoding="utf-8") as f:
        return re.search(r"^[ \t]*(///|/\*\*)", f.read(), flags=re.M) is not None


def source_link(m):
    name, target = m.group(1), m.group(2)
    if documented(target):
        return f"[{name}](@ref {os.path.basename(target)})"
    return f"`{name.strip('`')}`"


text = re.sub(r"\[([^\]]+)\]\(((?:\.\./)*[\w/]*\w\.(?:h|ino))\)", source_link, text)
# A folded block (<details><summary>...</summary> ... </details>, each tag line alone, as
# docs/update_docs.py writes them): Doxygen 1.9.4 would open a new <details> at every
# paragraph inside; passed through as raw HTML blocks, the Markdown between them renders once.
text = re.sub(r"^(<details>.*|</details>)[ \t]*$", r"\\htmlonly[block]\1\\endhtmlonly", text, flags=re.M)
sys.stdout.write(text)

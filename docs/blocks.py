"""A page's generated blocks, each between `<!-- NAME:begin -->` and `<!-- NAME:end -->`:
whether a page has one, what it holds, the page with it replaced, and, for the scripts
that write their own blocks, whether a page file can take them and the file rewritten.
Every script that reads or writes a block goes through these."""
import re
import sys


def _pattern(name):
    return re.compile(r"(<!-- %s:begin -->\n)(.*?)(<!-- %s:end -->)" % (re.escape(name), re.escape(name)), re.S)


def has_markers(text, name):
    return f"<!-- {name}:begin -->" in text


def block_text(text, name):
    """What the page's first block `name` holds, or None when it has none."""
    found = _pattern(name).search(text)
    return found.group(2) if found else None


def replace_between(text, name, body, path):
    """`text` with its first block `name` holding `body`; stops the script, naming `path`,
    when there is no such block."""
    pattern = _pattern(name)
    if not pattern.search(text):
        raise SystemExit(f"update_docs: {path} has no <!-- {name}:begin/end --> markers")
    return pattern.sub(lambda m: m.group(1) + body + m.group(3), text, count=1)


def missing_markers(page, names):
    """Why the blocks `names` cannot be written into `page` (unreadable, or a block without
    its markers), as one line; None when they can. For the scripts that play games for an
    hour before they write: they ask first."""
    try:
        with open(page, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        return f"cannot read {page}: {e.strerror}"
    missing = [n for n in names if not has_markers(text, n)]
    return f"{page} has no <!-- {missing[0]}:begin/end --> markers" if missing else None


def rewrite_page(page, blocks, script, optional=()):
    """Rewrites a page's generated blocks, {name: body}, for the scripts that write their own
    (a name in `optional` only where the page has its markers). Every block is replaced before
    the page is opened to write; a failed read or write is one line on stderr and 1, else 0."""
    try:
        with open(page, encoding="utf-8") as f:
            text = f.read()
        for name, body in blocks.items():
            if name not in optional or has_markers(text, name):
                text = replace_between(text, name, body, page)
        with open(page, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        print(f"{script}: cannot rewrite {page}: {e.strerror}", file=sys.stderr)
        return 1
    return 0

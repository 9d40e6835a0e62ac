"""A page's generated blocks, each between `<!-- NAME:begin -->` and `<!-- NAME:end -->`:
whether a page has one, what it holds, and the page with it replaced. Every script that
reads or writes a block goes through these three."""
import re


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

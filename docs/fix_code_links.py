#!/usr/bin/env python3
"""Makes the code on a stage page link into that stage, run after Doxygen (target docs).

Every stage defines the same names (countFlips, WIDTH, CELLS, ...) in its own namespace,
and Doxygen links a name in a page's code block to whichever stage it meets first: the
key code of s05 linked `CELLS` to s04. A page belongs to one stage, so each such link is
pointed at the same name in the page's own namespace, or, when that stage has no such
name, made plain text.

    python3 lab.py fix-code-links build/docs/html stages      (rewrites the pages in place)
"""
import os
import re
import sys

CODE_LINK = re.compile(r'<a class="code[^"]*" href="([^"#]+)(#[^"]*)?">(.*?)</a>', re.S)
FILE_NS = re.compile(r"^(?:namespace|class|struct|union)(.+?)(?:_1_1.*)?\.html$")


def doxygen_name(ns):
    return ns.replace("_", "__")


def namespace_of_file(html_file):
    """The top namespace a Doxygen output file documents (None for other files)."""
    m = FILE_NS.match(html_file)
    return m.group(1).replace("__", "_") if m else None


def page_namespaces(stages):
    """Page file -> the namespace its stage's header declares."""
    out = {}
    for folder in sorted(os.listdir(stages)):
        header = os.path.join(stages, folder, folder + ".h")
        if not os.path.exists(header):
            continue
        with open(header, encoding="utf-8") as f:
            m = re.search(r"^namespace (\w+)", f.read(), flags=re.M)
        if m:
            out[f"md_stages_{folder}_README.html"] = m.group(1)
    return out


def members(html, ns):
    """name -> link of every documented member of namespace ns and of its classes (from
    the namespace's page and the classes' pages)."""
    d = doxygen_name(ns)
    pages = [f for f in sorted(os.listdir(html)) if f == f"namespace{d}.html" or
             (re.match(r"(class|struct|union)%s_1_1" % re.escape(d), f) and f.endswith(".html")
              and not f.endswith("-members.html"))]
    found = {}
    for page in pages:
        with open(os.path.join(html, page), encoding="utf-8") as f:
            text = f.read()
        for href, name in re.findall(r'<a class="el" href="([^"]+)">([^<]+)</a>', text):
            if namespace_of_file(href.split("#")[0]) == ns:
                found.setdefault(name.split("::")[-1], href)
    return found


def stray_links(text, own, stage_namespaces):
    """The code links of a page that lead into another stage's namespace."""
    return [(m, namespace_of_file(m.group(1))) for m in CODE_LINK.finditer(text)
            if namespace_of_file(m.group(1)) in stage_namespaces and namespace_of_file(m.group(1)) != own]


def fix(html, stages):
    pages = page_namespaces(stages)
    stage_namespaces = set(pages.values())
    changed = 0
    for page, own in pages.items():
        path = os.path.join(html, page)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        mine = members(html, own)

        def repl(m):
            ns = namespace_of_file(m.group(1))
            if ns not in stage_namespaces or ns == own:
                return m.group(0)
            name = re.sub(r"<[^>]+>", "", m.group(3)).split("::")[-1]
            if name in mine:
                return m.group(0).replace(m.group(1) + (m.group(2) or ""), mine[name], 1)
            return m.group(3)

        new = CODE_LINK.sub(repl, text)
        if new != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
            changed += 1
    print(f"fix_code_links: code on {changed} stage page(s) now links into its own stage only")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: fix_code_links.py HTML_DIR STAGES_DIR", file=sys.stderr)
        sys.exit(2)
    fix(sys.argv[1], sys.argv[2])

#!/usr/bin/env python3
"""Checks the BUILT documentation site as a reader's clicks would: every relative link
(href, src, data) of every HTML page must name a file of the site, and every #anchor
an id or name in that file. Links to other sites are not followed (the build machine
is offline), but a link to a Markdown or source file that Doxygen left unconverted is
reported: in the site it leads nowhere.

With the stages folder as well, the code on each stage page must link only into that
stage's own namespace (docs/fix_code_links.py makes it so after Doxygen).

    python3 lab.py check-site build/docs/html [stages]
"""
import html.parser
import os
import re
import sys
import urllib.parse

from docs import fix_code_links  # which namespace each stage page belongs to



class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("id", "name") and v:
                self.ids.add(v)
            if v and ((k == "href" and tag in ("a", "link", "area")) or
                      (k == "src" and tag in ("img", "script", "iframe")) or (k == "data" and tag == "object")):
                self.links.append((tag, v))


def parse(path):
    p = Page()
    with open(path, encoding="utf-8", errors="replace") as f:
        p.feed(f.read())
    return p


def stray_code_links(site, stages):
    """Code links on a stage page that lead into another stage."""
    pages = fix_code_links.page_namespaces(stages)
    problems = []
    for page, own in sorted(pages.items()):
        path = os.path.join(site, page)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                for m, ns in fix_code_links.stray_links(f.read(), own, set(pages.values())):
                    problems.append(f"{page}: the code's '{re.sub('<[^>]+>', '', m.group(3))}' links into "
                                    f"{ns}, not into this page's {own}")
    return problems


def main(site, stages=None):
    site = os.path.abspath(site)
    if not os.path.exists(os.path.join(site, "index.html")):
        print(f"FAIL: {site}/index.html does not exist: build the site first (cmake --build build --target docs)")
        return 1
    pages = {}
    for root, _, files in os.walk(site):
        for name in files:
            if name.endswith(".html"):
                path = os.path.join(root, name)
                pages[path] = parse(path)
    problems, checked = [], 0
    for path, page in sorted(pages.items()):
        for tag, link in page.links:
            url = urllib.parse.urlsplit(link)
            if url.scheme or link.startswith("//"):
                continue  # another site (http, https, mailto) or script code (javascript:)
            checked += 1
            rel = os.path.relpath(path, site)
            target = os.path.normpath(os.path.join(os.path.dirname(path), urllib.parse.unquote(url.path))) \
                if url.path else path
            if not target.startswith(site + os.sep) and target != site:
                problems.append(f"{rel}: <{tag}> {link!r} leaves the site")
                continue
            if not os.path.isfile(target):
                problems.append(f"{rel}: <{tag}> {link!r}: no such file in the site")
                continue
            if url.fragment and target.endswith(".html"):
                ids = pages[target].ids if target in pages else parse(target).ids
                if urllib.parse.unquote(url.fragment) not in ids:
                    problems.append(f"{rel}: <{tag}> {link!r}: {os.path.relpath(target, site)} has no "
                                    f"anchor '{url.fragment}'")
    if stages:
        problems += stray_code_links(site, stages)
    for p in problems:
        print("FAIL:", p)
    if problems:
        print(f"{len(problems)} broken or stray link(s) of {checked} relative links in {len(pages)} pages")
        return 1
    print(f"{checked} relative links in {len(pages)} pages: every file and anchor exists")
    return 0


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        print("usage: check_site.py SITE_DIR [STAGES_DIR]", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))

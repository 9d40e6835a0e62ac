#!/usr/bin/env python3
"""Pictures a reader can use without seeing them:

- every SVG in the repository has a non-empty <title> and <desc> as children of its root
  element (what a screen reader announces, and a browser shows as a tooltip);
- every image in every Markdown page has a meaningful alt text: not empty, not a file
  name, at least three words; and a local image file exists.

    python3 lab.py check-figures .

It first runs itself on planted faults and fails if it misses one.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"
MD_IMAGE = re.compile(r"!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_IMAGE = re.compile(r"<img\b[^>]*>", re.I)


def skipped(name):
    return name.startswith(".") or name.startswith("build") or name == "node_modules"


def files(root, ending):
    for top, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not skipped(d))
        for n in sorted(names):
            if n.endswith(ending):
                yield os.path.join(top, n)


def svg_problems(text):
    try:
        root = ET.fromstring(text.encode("utf-8"))
    except ET.ParseError as e:
        return [f"not well-formed XML ({e})"]
    if root.tag != SVG_NS + "svg":
        return ["the root element is not an SVG <svg>"]
    out = []
    for tag in ("title", "desc"):
        el = root.find(SVG_NS + tag)
        if el is None or not "".join(el.itertext()).strip():
            out.append(f"no <{tag}> (or an empty one) under the root <svg>")
    return out


def images(text):
    """[(alt, src)] of the Markdown and HTML images of a page (code blocks left out)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    found = [(m.group(1), m.group(2)) for m in MD_IMAGE.finditer(text)]
    for tag in HTML_IMAGE.findall(text):
        alt, src = re.search(r'\balt="([^"]*)"', tag), re.search(r'\bsrc="([^"]*)"', tag)
        found.append((alt.group(1) if alt else "", src.group(1) if src else ""))
    return found


def alt_problem(alt, src):
    words = alt.strip()
    stem = os.path.splitext(os.path.basename(src))[0]
    if not words:
        return "an empty alt text"
    if re.fullmatch(r"[\w./-]+\.\w{2,4}", words) or words.lower() in (stem.lower(), stem.lower().replace("-", " ")):
        return f'the alt text "{alt}" is a file name'
    if len(words.split()) < 3:
        return f'the alt text "{alt}" says too little (three words or more: what the picture shows)'
    return None


def check(root):
    problems, svgs, pictures = [], 0, 0
    for path in files(root, ".svg"):
        svgs += 1
        with open(path, encoding="utf-8") as f:
            problems += [f"{os.path.relpath(path, root)}: {p}" for p in svg_problems(f.read())]
    for path in files(root, ".md"):
        with open(path, encoding="utf-8") as f:
            found = images(f.read())
        for alt, src in found:
            pictures += 1
            where = f"{os.path.relpath(path, root)}: image {src}"
            p = alt_problem(alt, src)
            if p:
                problems.append(f"{where}: {p}")
            if src and not re.match(r"[a-z]+:", src) and not os.path.exists(os.path.join(os.path.dirname(path), src)):
                problems.append(f"{where}: no such file next to the page")
    if not svgs or not pictures:
        problems.append(f"found {svgs} SVG files and {pictures} images in pages under {root}: nothing to check")
    return problems, svgs, pictures


def self_test():
    """The checks on planted faults: each must be caught, each good case pass."""
    good_svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>A plot</title><desc>What it shows</desc></svg>'
    assert not svg_problems(good_svg)
    assert svg_problems('<svg xmlns="http://www.w3.org/2000/svg"><desc>only a desc</desc></svg>')
    assert svg_problems('<svg xmlns="http://www.w3.org/2000/svg"><title> </title><desc>x</desc></svg>')
    assert svg_problems('<svg xmlns="http://www.w3.org/2000/svg"><g><title>t</title><desc>d</desc></g></svg>')
    assert svg_problems("<svg")
    assert images("![a b c](x.svg)\n```\n![](y.svg)\n```\n<img src=\"z.png\">") == [("a b c", "x.svg"), ("", "z.png")]
    assert alt_problem("", "x.svg") and alt_problem("progression", "docs/progression.svg")
    assert alt_problem("layout-s03.svg", "docs/layout-s03.svg") and alt_problem("layout s03", "docs/layout-s03.svg")
    assert alt_problem("the plot", "p.svg")
    assert alt_problem("Time per stage, lower is better", "docs/progression.svg") is None


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: check_figures.py <repository folder>", file=sys.stderr)
        return 2
    self_test()
    problems, svgs, pictures = check(sys.argv[1])
    for p in problems:
        print("FAIL:", p)
    if problems:
        return 1
    print(f"{svgs} SVG files with a title and a description; {pictures} images in pages, each with an alt text")
    return 0


if __name__ == "__main__":
    sys.exit(main())

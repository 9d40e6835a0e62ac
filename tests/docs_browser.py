#!/usr/bin/env python3
"""Opens the built documentation site in headless Chromium, as a reader would, and
checks what the browser rendered: the overview has the progression plot (and the search
plot, once there are search steps) and links to every stage and step page in order, and
a stage page shows its key code.

    tests/docs_browser.py build/docs/html stages/   (exit 77 = skipped: no Chromium)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile


def dom(browser, page):
    with tempfile.TemporaryDirectory() as profile:
        cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={profile}", "--virtual-time-budget=3000", "--dump-dom", "file://" + page]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120).stdout


def main(html, stages):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        print("SKIPPED: Chromium is not installed (apt-get install chromium); the site was not seen in a browser")
        return 77
    index = os.path.join(os.path.abspath(html), "index.html")
    if not os.path.exists(index):
        print(f"FAIL: {index} does not exist: build the site first (cmake --build build --target docs)")
        return 1
    problems = []
    page = dom(browser, index)
    folders = sorted(d for d in os.listdir(stages) if re.match(r"s\d\d_", d))
    steps = sorted(d for d in os.listdir(stages) if re.match(r"e\d\d_", d))
    for plot in ["progression.svg"] + (["search.svg"] if steps else []):
        # Doxygen embeds an SVG as <object data=...>, other images as <img src=...>.
        if not re.search(r'<(img[^>]*src|object[^>]*data)="%s"' % re.escape(plot), page):
            problems.append(f"the overview shows no plot {plot}")
        svg = os.path.join(os.path.dirname(index), plot)
        if not os.path.exists(svg) or "<svg" not in open(svg, encoding="utf-8").read(4000):
            problems.append(f"{plot} is missing from the site or is not an SVG")
    for kind, names in (("stage", folders), ("step", steps)):
        positions = [page.find(f"md_stages_{f}_README.html") for f in names]
        if any(p < 0 for p in positions):
            problems.append(f"the overview does not link every {kind} page: missing " +
                            ", ".join(f for f, p in zip(names, positions) if p < 0))
        elif positions != sorted(positions):
            problems.append(f"the overview lists the {kind}s out of order")
    if folders:
        stage = dom(browser, os.path.join(os.path.dirname(index), f"md_stages_{folders[-1]}_README.html"))
        if 'class="fragment"' not in stage:
            problems.append(f"the page of {folders[-1]} shows no code fragment")
        if "Pitfalls" not in stage:
            problems.append(f"the page of {folders[-1]} has no Pitfalls section")
    for p in problems:
        print("FAIL:", p)
    if not problems:
        print(f"Chromium rendered the overview (plots, {len(folders)} stage and {len(steps)} step links in order) "
              f"and {folders[-1]}'s page")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

#!/usr/bin/env python3
"""Opens the built documentation site in headless Chromium, as a reader would, and
checks what the browser rendered: the overview has the progression plot (and the search
plot, once there are search steps) and links to every stage and step page in order, and
a stage page shows its key code, and the Japanese pages are drawn with real glyphs: the
characters of a Japanese paragraph, drawn in the font the page resolves for it, must not
all look alike (with no CJK font, Chromium draws every one as the same empty box); and
the text of every table header, links included ("as fast as s01", where Doxygen links the
stage's name), stands out from the header's background as the web's accessibility rule
asks of text (a contrast ratio of 4.5 at least), on a stage page and a Japanese one. A
screenshot of the first such header is left in build/docs/header-check.png to look at.

    python3 lab.py docs-browser build/docs/html stages/   (exit 77 = skipped: no Chromium)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

JAPANESE_PAGES = ("md_README_ja.html", "overview_ja.html", "glossary.html")
# The lowest contrast of a table header's text (its links included) on that header's
# background, the WCAG 2 ratio (1 to 21): 4.5 is the least that reads as body text.
CONTRAST_PROBE = r"""<script>
window.addEventListener("load", function () {
  function rgb(c) { var m = c.match(/[\d.]+/g); return m ? m.map(Number) : [0, 0, 0, 0]; }
  function lum(c) {
    return [0, 1, 2].map(function (i) { var v = c[i] / 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
        .reduce(function (s, v, i) { return s + v * [0.2126, 0.7152, 0.0722][i]; }, 0);
  }
  function background(e) {
    for (; e; e = e.parentElement) { var c = rgb(getComputedStyle(e).backgroundColor); if (c.length < 4 || c[3] > 0) return c; }
    return [255, 255, 255];
  }
  var out = document.createElement("pre"), worst = 99, what = "", first = null;
  out.id = "contrast-probe";
  document.querySelectorAll("th, th a").forEach(function (e) {
    if (!e.textContent.trim()) return;
    var a = lum(rgb(getComputedStyle(e).color)), b = lum(background(e));
    var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (e.tagName === "A" && !first) first = e;
    if (ratio < worst) { worst = ratio; what = e.tagName.toLowerCase() + " '" + e.textContent.trim().slice(0, 30) + "'"; }
  });
  if (first) {  // the screenshot shows the top of the page: bring that header's table there
    var table = first.closest("table"), top = document.querySelector("div.contents") || document.body;
    top.insertBefore(table, top.firstChild);
  }
  out.textContent = worst === 99 ? "no-headers" : "contrast " + worst.toFixed(2) + " " + what + (first ? " linked" : "");
  document.body.appendChild(out);
});
</script>"""
CONTRAST_PAGES = ("md_stages_s02_delta_README.html", "md_README_ja.html")
# Drawn in the page itself: the first paragraph with Japanese in it, its font, and each of
# its first distinct CJK characters on a canvas in that font; the verdict goes into the DOM.
GLYPH_PROBE = r"""<script>
window.addEventListener("load", function () {
  var cjk = /[\u3040-\u30ff\u4e00-\u9fff]/, out = document.createElement("pre");
  out.id = "glyph-probe";
  var el = Array.prototype.find.call(document.querySelectorAll("p, td, h1, li"),
                                     function (e) { return cjk.test(e.textContent); });
  if (!el) { out.textContent = "no-japanese"; document.body.appendChild(out); return; }
  var chars = [];
  Array.prototype.forEach.call(el.textContent, function (c) {
    if (cjk.test(c) && chars.indexOf(c) < 0 && chars.length < 12) chars.push(c);
  });
  var family = getComputedStyle(el).fontFamily, seen = {};
  chars.forEach(function (c) {
    var canvas = document.createElement("canvas");
    canvas.width = canvas.height = 48;
    var g = canvas.getContext("2d");
    g.font = "40px " + family;
    g.fillText(c, 4, 40);
    seen[canvas.toDataURL()] = true;
  });
  out.textContent = "glyphs " + Object.keys(seen).length + " of " + chars.length + " in " + family;
  document.body.appendChild(out);
});
</script>"""


def dom(browser, page):
    with tempfile.TemporaryDirectory() as profile:
        cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={profile}", "--virtual-time-budget=3000", "--dump-dom", "file://" + page]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120).stdout


def folded(dom_text, name):
    """The page's folded blocks as Chromium built them: each <details> holds its summary and
    the rendered Markdown under it (a table, code or a paragraph). Doxygen 1.9.4 without
    docs/md_filter.py opened an empty <details> at every paragraph instead."""
    blocks = re.findall(r"<details[^>]*>(.*?)</details>", dom_text, flags=re.S)
    if not blocks:
        return [f"the page of {name} has no folded block (<details>)"]
    empty = [b for b in blocks if not re.search(r'<table|class="fragment"|<p[ >]|<ul|<ol', b.split("</summary>", 1)[-1])]
    return [f"the page of {name} has {len(empty)} folded block(s) with nothing rendered inside"] if empty else []


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
        problems += folded(stage, folders[-1])
    problems += japanese_glyphs(browser, os.path.dirname(index))
    problems += header_contrast(browser, os.path.dirname(index))
    for p in problems:
        print("FAIL:", p)
    if not problems:
        print(f"Chromium rendered the overview (plots, {len(folders)} stage and {len(steps)} step links in order), "
              f"{folders[-1]}'s page (its folded blocks with their content), the Japanese pages with real glyphs "
              f"({', '.join(JAPANESE_PAGES)}) and readable table headers ({', '.join(CONTRAST_PAGES)})")
    return 1 if problems else 0


def probed(browser, html, name, probe, screenshot=None):
    """The text the probe script leaves in <pre id=...> of a copy of page `name` (beside it,
    so that its styles load as on the site), or None; with `screenshot`, a picture of the
    window as the probe left it."""
    path = os.path.join(html, name)
    copy = os.path.join(html, "probe-" + name)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(copy, "w", encoding="utf-8") as f:
        f.write(text.replace("</body>", probe + "</body>"))
    try:
        got = re.search(r'<pre id="[a-z-]+-probe">([^<]*)</pre>', dom(browser, copy))
        if screenshot:
            with tempfile.TemporaryDirectory() as profile:
                subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                f"--user-data-dir={profile}", "--virtual-time-budget=3000", "--hide-scrollbars",
                                "--window-size=1200,700", f"--screenshot={screenshot}", "file://" + copy],
                               capture_output=True, timeout=120)
    finally:
        os.remove(copy)
    return got.group(1) if got else None


def header_contrast(browser, html):
    """Every table header's text and links on CONTRAST_PAGES readable on its background."""
    problems = []
    shot = os.path.join(os.path.dirname(os.path.abspath(html)), "header-check.png")
    for i, name in enumerate(CONTRAST_PAGES):
        if not os.path.exists(os.path.join(html, name)):
            problems.append(f"the site has no page {name}")
            continue
        got = probed(browser, html, name, CONTRAST_PROBE, screenshot=shot if i == 0 else None)
        m = re.match(r"contrast ([\d.]+) (.*)", got or "")
        if not m:
            problems.append(f"{name}: the contrast probe found no table header ({got or 'no result'})")
        elif float(m.group(1)) < 4.5:
            problems.append(f"{name}: a table header's text ({m.group(2)}) has a contrast of {m.group(1)} on its "
                            "background, below 4.5: hard to read (docs/site.css)")
        elif i == 0 and "linked" not in m.group(2):
            problems.append(f"{name}: no link in a table header to check (the check needs one)")
    return problems


def japanese_glyphs(browser, html):
    """Each Japanese page, with GLYPH_PROBE added, in a copy beside it (its styles load as
    on the site): distinct characters must draw distinct glyphs."""
    problems = []
    for name in JAPANESE_PAGES:
        path = os.path.join(html, name)
        if not os.path.exists(path):
            problems.append(f"the site has no Japanese page {name}")
            continue
        got = probed(browser, html, name, GLYPH_PROBE)
        m = re.match(r"glyphs (\d+) of (\d+) in (.*)", got or "")
        if not m:
            problems.append(f"{name}: the glyph probe did not run ({got or 'no result'})")
        elif int(m.group(2)) < 4 or int(m.group(1)) < int(m.group(2)):
            problems.append(f"{name}: {m.group(2)} distinct Japanese characters drawn as {m.group(1)} distinct "
                            f"glyphs in {m.group(3)}: Chromium has no CJK font and shows boxes "
                            "(apt-get install fonts-noto-cjk)")
    return problems


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

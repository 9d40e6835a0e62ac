#!/usr/bin/env python3
"""Draws the measured figures of the docs from bench/report.py's JSON (needs python3-matplotlib):

- docs/progression.svg: time per item of each benchmark family, stage by stage, with the
  stages past the articles shaded;
- docs/search.svg: what each search step buys: CPU time and nodes to solve the same work,
  one workload per panel, step by step.

    python3 lab.py figures --source . --bench build/bench-report.json

docs/update_docs.py calls the same functions (target update-docs). Every SVG gets a <title>
and a <desc> (tests/check_figures.py checks it), written from the same data as the picture.
"""
import argparse
import json
import os
import re
import sys

from bench import report as bench  # bench/report.py: which steps ran which workload
from xml.sax.saxutils import escape


# The alt texts of the two plots, used by every page that shows them (the SVG's own
# <desc> carries the numbers; an alt text on a page may not, see tests/check_docs.py).
PROGRESSION_ALT = ("Time per item, stage by stage, one line per benchmark (log scale, lower is better; "
                   "the stages past the articles shaded)")
SEARCH_ALT = ("What each search step buys: CPU time and nodes to solve the same workload, step by step "
              "(log scale, smaller is better)")


def pyplot():
    try:
        import matplotlib
    except ImportError:
        raise SystemExit("figures: matplotlib is missing: apt-get install python3-matplotlib "
                         "(and run this with /usr/bin/python3)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams["svg.hashsalt"] = "reversi-lab"  # the same data draws the same file
    return plt


def titled(svg, title, desc):
    """svg with <title> and <desc> as the first children of the root element, so that a
    screen reader (and a browser's tooltip) has the picture's words."""
    root = re.search(r"<svg\b[^>]*>", svg)
    if not root:
        raise SystemExit("figures: no <svg> element to title")
    words = f"\n <title>{escape(title)}</title>\n <desc>{escape(desc)}</desc>"
    return svg[:root.end()] + words + svg[root.end():]


def save(plt, fig, path, note, title, desc):
    fig.text(0.01, 0.01, note, fontsize=8)
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    fig.savefig(path, format="svg", metadata={"Date": None})
    plt.close(fig)
    with open(path, encoding="utf-8") as f:
        svg = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(titled(svg, title, desc))


def number(v):
    """A measured value as the pages write it (update_docs.fmt): whole from 100 on, with
    thousands separated, else one decimal; so a plot and a table show the same figure."""
    return f"{v:,.0f}" if v >= 100 else f"{v:.1f}"


def log_axis(axis):
    """A log scale labelled with plain numbers (1, 2, 5, 10, ...), not powers of ten."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter
    axis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    axis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}" if v >= 1 else f"{v:g}"))
    axis.set_minor_formatter(NullFormatter())


def past_articles(src, stage):
    """True when the stage's header says it goes past the articles (s09 on)."""
    path = os.path.join(src, "stages", stage, stage + ".h")
    return os.path.exists(path) and "past the articles" in open(path, encoding="utf-8").read()


def progression(report, path, src, families):
    """families: [(benchmark family, label, unit)], one line each."""
    plt = pyplot()
    stages = [s["stage"] for s in report["stages"]]
    fig, ax = plt.subplots(figsize=(9, 5.2))
    lines = []
    for fam, label, per in families:
        pts = [(x, s["summary"][fam]) for x, s in enumerate(report["stages"]) if fam in s["summary"]]
        if not pts:
            continue
        med = [p[1][0] for p in pts]
        err = [[m - p[1][1] for m, p in zip(med, pts)], [p[1][2] - m for m, p in zip(med, pts)]]
        ax.errorbar([p[0] for p in pts], med, yerr=err, marker="o", capsize=3, linewidth=1, label=f"{label} [{per}]")
        lines.append(f"{label}: {number(med[0])} {per} on {stages[pts[0][0]]}, {number(med[-1])} on "
                     f"{stages[pts[-1][0]]}")
    ax.set_yscale("log")
    log_axis(ax.yaxis)
    ax.set_xticks(list(range(len(stages))))
    ax.set_xticklabels(stages, rotation=30, ha="right")
    ax.set_xlim(-0.5, len(stages) - 0.5)
    ax.set_ylabel("time per item (ns, log scale; lower is better)")
    ax.set_title("Time per item, stage by stage (median, min-max bars)")
    ax.grid(True, which="both", axis="y", alpha=0.3)
    beyond = [x for x, s in enumerate(stages) if past_articles(src, s)]
    where = ""
    if beyond:
        first = beyond[0]
        ax.axvspan(first - 0.5, len(stages) - 0.5, color="0.9", zorder=0)
        ax.axvline(first - 0.5, color="0.4", linestyle="--", linewidth=1)
        for x, text, side in ((first - 0.6, f"from the articles\n({stages[0][:3]}-{stages[first - 1][:3]})", "right"),
                              (first - 0.4, f"beyond the articles\n({stages[first][:3]}-{stages[-1][:3]})", "left")):
            ax.text(x, 0.98, text, transform=ax.get_xaxis_transform(), ha=side, va="top", fontsize=9, color="0.25")
        where = (f" The articles' stages run from {stages[0]} to {stages[first - 1]}; {stages[first]} to "
                 f"{stages[-1]} go beyond them (shaded).")
    ax.legend(fontsize=8, loc="lower left")
    save(plt, fig, path, f"Measured on {report['machine']}; median of {report['repetitions']} repetitions "
         "(bench/report.py)", "Time per item, stage by stage (log scale, lower is better)",
         "A line per benchmark family, time per item on a log scale for each stage; lower is better." + where +
         " " + "; ".join(lines) + ".")


STEP_COLOURS = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c"]


def search(report, path, label):
    """One row of panels per workload that two steps or more ran (on the default stage):
    CPU time per run and nodes per run, one bar per step; label(workload) names a row."""
    plt = pyplot()
    shared = bench.step_by_step(report)
    if not shared:
        return False
    steps = [st["step"] for st in report["steps"]]
    colour = {s: STEP_COLOURS[i % len(STEP_COLOURS)] for i, s in enumerate(steps)}
    heights = [len(per) + 0.8 for _, per in shared]
    fig, axes = plt.subplots(len(shared), 2, figsize=(10, 0.42 * sum(heights) + 1.6),
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    told = []
    for row, (w, per) in enumerate(shared):
        names = [s for s, _ in per]
        for col, (key, unit) in enumerate((("ms", "ms"), ("nodes", "nodes"))):
            ax = axes[row][col]
            vals = [r["ms"][0] if key == "ms" else r["nodes"] for _, r in per]
            ys = list(range(len(per)))[::-1]  # the first step on top
            xerr = None
            if key == "ms":
                xerr = [[v - r["ms"][1] for v, (_, r) in zip(vals, per)],
                        [r["ms"][2] - v for v, (_, r) in zip(vals, per)]]
            # dots, not bars: on a log scale a bar's length from the axis's edge means nothing
            ax.set_xscale("log")
            ax.set_xlim(min(vals) / 3, max(vals) * 6)  # room for the value beside the largest
            ax.hlines(ys, min(vals) / 3, vals, colors=[colour[s] for s in names], linewidth=1, alpha=0.5)
            ax.errorbar(vals, ys, xerr=xerr, fmt="none", ecolor="0.2", capsize=3)
            ax.scatter(vals, ys, s=70, c=[colour[s] for s in names], zorder=3)
            log_axis(ax.xaxis)
            ax.set_ylim(-0.6, len(per) - 0.4)
            ax.set_yticks(ys)
            ax.set_yticklabels([s[:3] for s in names])
            for y, v in zip(ys, vals):
                ax.text(v * 1.15, y, f"{number(v)} {unit}", va="center", fontsize=9)
            ax.tick_params(axis="x", labelsize=8)
            ax.grid(True, which="major", axis="x", alpha=0.3)
            ax.set_title(("CPU time per run, " if col == 0 else "nodes per run, ") + label(w), fontsize=10, loc="left")
        told.append(f"{label(w)}: " + ", ".join(f"{s[:3]} {number(r['ms'][0])} ms and {r['nodes']:,} nodes"
                                                 for s, r in per))
    fig.suptitle("What each search step buys: the same work, step by step (log scales; smaller is better)", fontsize=11)
    stage = report["steps"][-1]["default_stage"]
    save(plt, fig, path, f"Measured on {report['machine']} with the move generator {stage}; CPU time, median of "
         f"{report.get('step_repetitions', '?')} repetitions (min-max bars); bench/report.py", SEARCH_ALT,
         f"Each row is one workload that two or more search steps ran on {stage}; the left panel shows the CPU time "
         "per run, the right panel the nodes searched, both on log scales; smaller is better. " + "; ".join(told) + ".")
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", default=".", help="the repository (default: .)")
    ap.add_argument("--bench", required=True, help="JSON written by python3 lab.py report --json")
    args = ap.parse_args()
    try:
        with open(args.bench, encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        print(f"figures: cannot read {args.bench}: {e}", file=sys.stderr)
        sys.exit(2)
    from docs import update_docs  # the families and the workload names the tables use
    if report.get("stages"):
        progression(report, os.path.join(args.source, "docs", "progression.svg"), args.source, update_docs.FAMILIES)
        print("drew docs/progression.svg")
    if report.get("steps") and search(report, os.path.join(args.source, "docs", "search.svg"),
                                      update_docs.workload_label):
        print("drew docs/search.svg")


if __name__ == "__main__":
    main()

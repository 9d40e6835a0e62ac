#!/usr/bin/env python3
"""Checks the docs' checkers and generators on small known inputs, so that a check that
stopped seeing anything (or a filter that ate code) fails here instead of passing quietly:
- tests/check_docs.py: a Python repr is found; a typed time, cycle count or speed-up is found (in a table column
  headed by a unit too), a count of squares,
  a printed key (`us=`) or a number inside a generated block is not; a Japanese page
  whose generated block differs from its English page's is reported;
- docs/update_docs.py: the diff leaves out comment-only lines and keeps code, with the
  headers' own line numbers;
- docs/step_files.py: a search step's own files in reading order (the idea's first), each
  described by its @brief, the earlier steps' files it includes, generated data not shown;
- tests/check_docs.py: a lesson without its figure, or holding on no platform, is reported;
- docs/lessons.py: a lesson whose data are missing says so instead of inventing a number,
  and one that the numbers contradict on a platform says so;
- tests/check_front_door.py: a README over 150 lines, or one without a link to s01 or to a
  reference page, is reported; short ones with every link are not;
- python3 lab.py check-docs --length / --ratios: a stage page over the word limit outside <details>,
  and a ratio in another convention than "as fast as", are found (folded words do not count);
- tests/check_docs.py: a stage page naming its machine twice, or with numbers and no
  measured-on block, is reported;
- tests/check_docs.py: a stage page with no glossary link outside its generated blocks (or
  only in code), a term linked to the bare glossary without its anchor (English or
  Japanese, its text wrapped or not), and a link to an anchor the glossary lacks, are
  reported; one linked to its terms' anchors, or to the glossary by name, is not;
- tests/check_facts.py: a quantity with two values on two pages (English or Japanese) is found;
- tests/check_embedded_pages.py: an exact embedded figure the code no longer measures, or a row
  gone from a page, is found; a "~" figure that moved and the sidebars' timing lines are not;
  a block measured with other compilers is left out, with a line that says so.
"""
import contextlib
import io
import os
import sys
import tempfile

from docs import lessons
from docs import step_files
from docs import update_docs
from tests import check_docs
from tests import check_front_door

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

failures = []


def expect(ok, what):
    if not ok:
        failures.append(what)


def flagged(text):
    return [p.split("(")[1].split(")")[0] for p in check_docs.typed_numbers("sample", text)]


# Measured figures typed by hand are found...
for typed in ["the scan takes 474 ns here", "21,583 cycles on the AVR", "a 1.25x gain", "190 M instructions",
              "depth 11 in 0.56 s of CPU", "0.56 s here", "2.6 ms on the Mega", "the sweep took 3.30 times as long",
              "| method | ATmega2560 us |\n|---|---:|\n| recursive | 738 |",
              "| stage | cycles |\n|---|---|\n| s05 | 21,572 |"]:
    expect(flagged(typed), f"not flagged: {typed!r}")
# ... but not what is no measurement: counts, keys of printed lines, generated blocks, code.
for fine in ["64 squares and 8 directions", "prints `legalmoves reps=100 us=...`", "100,000 runs took 3-4 s",
             "<!-- numbers:begin -->\n474 ns\n<!-- numbers:end -->", "```\n474 ns\n```", "a 10x10 board",
             "| method | ATmega2560 us |\n|---|---:|\n| recursive | see below |", "| board | squares |\n|---|---|\n| 9 x 9 | 81 |",
             "<!-- go:begin -->\n| method | us |\n|---|---|\n| recursive | 738 |\n<!-- go:end -->"]:
    expect(not flagged(fine), f"flagged although not measured: {fine!r}")

# A Python repr in a page or a figure is found (the plot legend once printed a function).
for repr_text in ["label <function unit at 0x7f3a>", "<text>&lt;function unit at 0x7f&gt;</text>",
                  "<__main__.Row object at 0x7f3a12>"]:
    expect(check_docs.REPR.search(repr_text), f"Python repr not found in {repr_text!r}")
expect(not check_docs.REPR.search("a function of the board, <b>object</b> at hand"), "a repr found in plain prose")

# A Japanese page whose generated block is not its English page's is reported.
with tempfile.TemporaryDirectory() as root:
    os.makedirs(os.path.join(root, "docs"))
    pages = {"README.md": "a", "README.ja.md": "a", "docs/overview.md": "b", "docs/overview.ja.md": "c"}
    for name, body in pages.items():
        with open(os.path.join(root, name), "w", encoding="utf-8") as f:
            f.write(f"x\n<!-- numbers:begin -->\n{body}\n<!-- numbers:end -->\n"
                    f"<!-- search:begin -->\nsame\n<!-- search:end -->\n")
    found = check_docs.translations_in_step(root)
    expect(len(found) == 1 and "overview.ja.md" in found[0] and "numbers" in found[0],
           f"translations_in_step: expected one report on docs/overview.ja.md's numbers, got {found}")

# A README that grew back into a manual, or lost a link (a mention in prose is no link), is
# reported; short ones with every link are not.
with tempfile.TemporaryDirectory() as root:
    def links(name):
        return "".join(f"- [page]({link})\n" for link in check_front_door.wanted(name))
    for name in check_front_door.FRONT_DOORS:
        with open(os.path.join(root, name), "w", encoding="utf-8") as f:
            f.write("# reversi-lab\n\n" + links(name))
    expect(check_front_door.problems(root) == [], f"front door: short READMEs reported: "
                                                  f"{check_front_door.problems(root)}")
    with open(os.path.join(root, "README.md"), "w", encoding="utf-8") as f:
        f.write("# reversi-lab\n\n" + links("README.md") + "a line of the manual\n" * 150)
    with open(os.path.join(root, "README.ja.md"), "w", encoding="utf-8") as f:
        f.write("# reversi-lab\n\n" + links("README.ja.md").replace("- [page](docs/esp32.md)", "- see docs/esp32.md"))
    found = check_front_door.problems(root)
    expect(len(found) == 2 and "README.md" in found[0] and "lines" in found[0]
           and found[1] == "README.ja.md: no link to docs/esp32.md",
           f"front door: expected a long README.md and README.ja.md without docs/esp32.md, got {found}")

# A lesson that holds on no platform, or has no figure, is reported; one that holds is not.
with tempfile.TemporaryDirectory() as root:
    os.makedirs(os.path.join(root, "docs"))
    with open(os.path.join(root, "docs", "lessons.md"), "w", encoding="utf-8") as f:
        f.write("<!-- lesson-a:begin -->\n**Measured:** 2x.\n\n**Holds on:** host.\n<!-- lesson-a:end -->\n"
                "<!-- lesson-b:begin -->\n**Measured:** 1x.\n\n**Does not hold on:** host.\n<!-- lesson-b:end -->\n"
                "<!-- lesson-c:begin -->\nNot measured yet.\n<!-- lesson-c:end -->\n")
    found = check_docs.lessons_hold(root)
    expect(len(found) == 2 and "lesson-b" in found[0] and "lesson-c" in found[1],
           f"lessons_hold: expected lesson-b and lesson-c reported, got {found}")

# The diff's filter: comment-only lines out, code (with its trailing comments) in.
header = "/**\n * @file a.h\n */\n#include <x>\n\n// why\n\nint f();  // kept\n/* one line */\nint g();\n"
kept = update_docs.code_lines(header)
expect([n for n, _ in kept] == [4, 5, 8, 10], f"code_lines kept lines {[n for n, _ in kept]}, expected 4, 5, 8, 10")

# A lesson without its data says it was not measured.
text = "".join(f"<!-- {m}:begin -->\n<!-- {m}:end -->\n" for m in ["lessons-sources"] + [m for m, _ in lessons.LESSONS])
out = lessons.write(text, None, None, None, "HOW", "COUNT", update_docs.replace_between)
expect(out.count("Not measured yet") == len(lessons.LESSONS) and "**Measured:**" not in out,
       "lessons.write without reports must say 'Not measured yet' for every lesson")

# The sources line names the stages' machine: a run that rewrites no stage lesson (a report
# of the search steps only) leaves it, and the lessons it keeps, as they were.
text = "".join(f"<!-- {m}:begin -->\nkept\n<!-- {m}:end -->\n" for m in ["lessons-sources"] + [m for m, _ in lessons.LESSONS])
out = lessons.write(text, {"machine": "CPU X", "steps": []}, None, None, "HOW", "COUNT", update_docs.replace_between)
expect(out == text, "lessons.write with a report that measures no lesson must change nothing, the sources line included")

block = lessons.held("s07 is slower", [("host", True), ("AVR", False)])
expect("**Holds on:** host." in block and "**Does not hold on:** AVR." in block,
       f"lessons.held must split the platforms by the verdict, got {block!r}")

# A lesson's comparative word comes from its numbers: the same sentence turns round when
# the times do (lesson 2, s02 against s01, on made-up figures), and a difference inside the
# repetitions' spread is no verdict (the stage pages' rule: the quartiles overlap).
def abstraction_on(t1, t2):
    def stage(name, times):
        raw = [{"run_type": "iteration", "name": "FlipScan", "items_per_second": 1e9 / t} for t in times]
        return {"stage": name, "summary": {"FlipScan": (sorted(times)[len(times) // 2], min(times), max(times))},
                "raw": {"benchmarks": raw}}
    rep = {"stages": [stage("s01_naive", t1), stage("s02_delta", t2)]}
    emb = {"stages": {"s01_naive": {"AVR flip scan (cycles)": "1,000"}, "s02_delta": {"AVR flip scan (cycles)": "3,000"}}}
    return lessons.abstraction(lessons.Data(rep, emb, None))


slow, fast = abstraction_on([99, 100, 101], [124, 125, 126]), abstraction_on([124, 125, 126], [99, 100, 101])
expect("0.80x as fast" in slow[0] and "(slower:" in slow[0] and dict(slow[1])[lessons.HOST],
       f"lessons: s02 taking 125 ns against 100 must read 0.80x, slower, holding: {slow}")
expect("1.25x as fast" in fast[0] and "(faster:" in fast[0] and not dict(fast[1])[lessons.HOST],
       f"lessons: s02 taking 100 ns against 125 must read 1.25x, faster, not holding: {fast}")
noisy = abstraction_on([90, 100, 130], [80, 125, 140])
expect("(within noise:" in noisy[0] and dict(noisy[1])[lessons.HOST] is None,
       f"lessons: medians 100 and 125 with overlapping quartiles must read 'within noise', neither way: {noisy}")
block = lessons.held("x", [("host", None), ("AVR", True)])
expect("**Cannot tell on (within the noise):** host." in block and "**Holds on:** AVR." in block
       and "Does not hold" not in block, f"lessons.held must list a platform that cannot tell apart, got {block!r}")
expect(lessons.word(100, 100.5) == "too close to call" and lessons.x(0.0594) == "0.059x",
       "lessons: a difference under 1 % is too close to call; a ratio under 0.1 keeps three decimals")

# A stage page over the word limit outside <details> is reported; folded words do not count.
long_text = "word " * (check_docs.PAGE_WORDS + 1)
expect(check_docs.words_outside_details(long_text) == check_docs.PAGE_WORDS + 1, "words_outside_details miscounts")
expect(check_docs.words_outside_details(f"a b\n<details><summary>s</summary>\n\n{long_text}\n</details>\n") == 2,
       "words inside <details> were counted")
expect(check_docs.words_outside_details("<details><summary>s</summary>\n<details>x</details>\ny z\n</details>\nw") == 1,
       "words of a <details> that holds another were counted")
expect(len(check_docs.nested_folds("p", "<details><summary>a</summary>\n<details><summary>b</summary>\nx\n"
                                        "</details>\n</details>\n<details>y</details>")) == 1,
       "nested_folds: expected the one fold opened inside another")
expect(check_docs.nested_folds("p", "<details>a</details>\n<details><summary>b</summary>\nx\n</details>") == [],
       "nested_folds: folds side by side were reported")
expect(len(check_docs.long_pages([("page x", check_docs.PAGE_WORDS + 1),
                                  ("page y", check_docs.PAGE_WORDS)])) == 1,
       "long_pages: expected exactly the page over the limit reported")

# A ratio in another convention than "B runs N.NNx as fast as A" is found; the site's own is not.
for other in ["s05 / s01 1.04x", "(time ratio; below 1 is faster)", "the first needs 0.79x the cycles of the second",
              "the first runs at 1.07x the speed of the second", "| measured | s01_naive | s03_wall | s03 / s01 |"]:
    expect(check_docs.other_ratios("sample", other), f"another ratio convention not found: {other!r}")
for own in ["s03 runs 0.80x as fast as s01", "| as fast as s01 |", "2.05x as many instructions",
            "```\ns05 / s01 1.04x\n```", "the first runs 1.07x as fast as the second"]:
    expect(not check_docs.other_ratios("sample", own), f"the site's convention flagged: {own!r}")

# A page that speaks of the project's own work (an issue, a stage's goal, an unnamed engine) is found.
for internal in ["This meets the issue's speed goal.", "as issue 23 asks", "within 2x of the best public engine"]:
    expect(check_docs.internal_text("sample", internal), f"internal text not found: {internal!r}")
for fine in ["Edax 4.6 (AVX2 build, zero weights) solves it in 13.5 s here.", "a tissue of lies", "the goal of a search"]:
    expect(not check_docs.internal_text("sample", fine), f"ordinary text flagged: {fine!r}")

# A stage page that links the glossary nowhere in its own prose (only inside a generated block
# or a code block), links a term to the bare glossary, or links an anchor the glossary lacks
# (the link's text wrapped onto a second line), is reported, naming the page; a page linked
# in its prose to an anchor the glossary has, or to the glossary by its name, is not.
with tempfile.TemporaryDirectory() as root:
    glossary = "../../docs/glossary.md"
    planted = {"s01_linked": f"# s01\n\nSolve [FFO]({glossary}#ffo) #1 (the [glossary]({glossary})).\n",
               "s02_generated": f"# s02\n\n<!-- numbers:begin -->\n[FFO]({glossary}#ffo)\n<!-- numbers:end -->\n",
               "s03_code": f"# s03\n\n```\n[FFO]({glossary}#ffo)\n```\n",
               "s04_missing": f"# s04\n\nA [null\nwindow]({glossary}#null-window).\n",
               "s05_bare": f"# s05\n\nSolve [FFO]({glossary}#ffo) #1 with a\n[null\nwindow]({glossary}).\n"}
    for folder, text in planted.items():
        os.makedirs(os.path.join(root, "stages", folder))
        with open(os.path.join(root, "stages", folder, "README.md"), "w", encoding="utf-8") as f:
            f.write(text)
    os.makedirs(os.path.join(root, "docs"))
    with open(os.path.join(root, "docs", "glossary.md"), "w", encoding="utf-8") as f:
        f.write('| <a name="ffo"></a>FFO | the test positions |\n')
    found = check_docs.glossary_linked(root)
    page = "stages/{}/README.md".format
    expect(len(found) == 4 and found[0].startswith(page("s02_generated") + ": no link to docs/glossary.md")
           and found[1].startswith(page("s03_code") + ": no link to docs/glossary.md")
           and found[2].startswith(page("s04_missing") + ":3: links glossary.md#null-window")
           and found[3].startswith(page("s05_bare") + ":4: links the glossary for 'null window' without an anchor"),
           f"glossary_linked: expected s02 and s03 without a link in their prose, s04's missing anchor and "
           f"s05's bare link, got {found}")
    with contextlib.redirect_stdout(io.StringIO()) as out:
        status = check_docs.main(root)
    expect(status == 1 and "FAIL: " + page("s02_generated") + ": no link" in out.getvalue(),
           f"check_docs: a stage page without a glossary link passed the whole check: {out.getvalue()!r}")

# The ablation table: the default first, each variant's nodes against the default's, and
# the site's ratio convention (the variant's time / the default's), round by round: the median
# of the rounds' ratios (1.30 here), not the ratio of the median times (2.40 / 2.00 = 1.20).
from docs import ablation  # docs/ablation.py
sample = {"step": "e06_endgame", "stage": "s11_avx512", "ffo": [40, 44], "rounds": 3, "cores": 2,
          "command": "e06_ablation --ffo=40-44 --rounds=3", "cpuinfo": {},
          "variants": [{"name": "default", "idea": "", "off": "every idea on", "nodes": 1000, "seconds": [2.0, 1.0, 3.0]},
                       {"name": "parity", "idea": "parity", "off": "one round", "nodes": 1500, "seconds": [2.4, 1.5, 3.9]}]}
rows = [l for l in ablation.table(sample).splitlines() if l.startswith("| ")]
expect(len(rows) == 3 and rows[1].startswith("| (none) |") and "| 1,000 | 1.00 | 2.00 (1.00-3.00) | - |" in rows[1],
       f"ablation: the default's row is wrong: {rows[1:2]}")
expect("| 1,500 | 1.50 | 2.40 (1.50-3.90) | 1.30x (1.20-1.50) |" in rows[2], f"ablation: a variant's row is wrong: {rows[2:3]}")
expect(ablation.fill("no markers here", sample, None) == "no markers here", "ablation: a page without markers changed")
expect("meanwhile" not in ablation.table(sample)
       and "(`e06_ablation --ffo=40-44 --rounds=3`) (the other core ran a duel meanwhile)."
       in ablation.table(dict(sample, beside="a duel")), "ablation: the caption does not say what else ran")
# A step of one idea (ablation.VERDICT_ROW): its verdict is its row's, and the Japanese page
# says what that row's searcher lacks in Japanese, with the same numbers; a label the table
# does not give stays in English rather than be mistranslated.
from docs import ja  # docs/ja.py
one = dict(sample, step="e12_more_games", ffo=[40, 44],
           variants=[sample["variants"][0], dict(sample["variants"][1], name="weights")])
said = ablation.verdict(one)
expect("e12 visits 0.67x as many nodes as e11 (step 07's weights) and runs 1.30x as fast" in said, f"ablation.verdict: {said!r}")
said_ja = ja.verdict(said)
expect("e11(ステップ 07 の重み)の 0.67x、速さは 1.30x" in said_ja and "1.20-1.50x" in said_ja, f"ja.verdict: {said_ja!r}")
other = said.replace("step 07's weights", "no such label")
expect(ja.verdict(other).startswith("**Verdict.**"), "ja.verdict: an unknown ablation label was translated")
# A step's run on its deeper positions (ablation.DEEPER) fills its own block, not the first table.
from docs.blocks import replace_between  # docs/blocks.py
two = "<!-- ablation:begin -->\nfirst\n<!-- ablation:end -->\n<!-- ablation-deeper:begin -->\nsecond\n<!-- ablation-deeper:end -->\n"
deep = dict(sample, step="e10_stable", ffo=ablation.DEEPER["e10_stable"])
filled = ablation.fill(two, deep, replace_between, os.path.join("stages", "e10_stable", "README.md"))
expect("first" in filled and "second" not in filled and "FFO #45-#49" in filled
       and "--target ablation-e10-deeper" in filled, "ablation: a deeper run did not fill its own block")

# A stage page's one-sentence verdict: against its base, in the site's convention, host and AVR.
report = {"machine": "AMD EPYC (family 26, model 2: Zen 5), 2 cores, Linux 6", "stages": [
    {"stage": "s02_delta", "summary": {"FlipScan": [200.0, 190, 210], "Perft/7": [100.0, 90, 110]}},
    {"stage": "s03_wall", "summary": {"FlipScan": [100.0, 90, 110], "Perft/7": [125.0, 120, 130]}}]}
cycles = {"stages": {"s02_delta": {"AVR flip scan (cycles)": "30,000"}, "s03_wall": {"AVR flip scan (cycles)": "20,000"}}}
said = update_docs.stage_verdict(report, "s03_wall", "s02_delta", cycles)
expect("Against s02, s03 runs the flip scan 2.00x as fast and perft(7) 0.80x as fast on the host "
       "(AMD EPYC (family 26, model 2: Zen 5))" in said and "1.50x as fast on the AVR" in said,
       f"stage_verdict: {said!r}")
expect("AVR" not in update_docs.stage_verdict(report, "s03_wall", "s02_delta", None), "stage_verdict: an AVR figure from nothing")

# A search step's verdict: the heaviest workload shared with the step before, nodes and time.
def run(workload, nodes, ms):
    return {"variant": "", "workload": workload, "stage": "s11_avx512", "nodes": nodes, "ms": ms}
report = {"machine": "AMD EPYC (family 26, model 2: Zen 5), 2 cores, Linux 6", "steps": [
    {"step": "e04_pvs", "default_stage": "s11_avx512",
     "results": {"a": run("Midgame/d7", 100, [1.0]), "b": run("FFO/1-19", 1000, [40.0, 50.0, 60.0])}},
    {"step": "e05_table", "default_stage": "s11_avx512",
     "results": {"a": run("Midgame/d7", 90, [1.0]), "b": run("FFO/1-19", 400, [20.0, 25.0, 30.0]),
                 "c": run("FFO/40", 5, [1.0])}}]}
said = update_docs.step_verdict(report, "e05_table", "e04_pvs")
expect("(FFO #1-19, on s11_avx512), e05 visits 0.40x as many nodes as e04 and runs 2.00x as fast" in said,
       f"step_verdict: {said!r}")

# The machine line: steps taken from another run (report.py --steps-from) are said to be,
# even where that run had as many rounds as this one; a single run's line does not say it.
one = {"machine": "CPU X", "repetitions": 6, "rounds": 3, "step_repetitions": 3}
merged = dict(one, step_rounds=3, steps_from_another_run=True)
expect("another run" in update_docs.machine_line(merged) and "from 3 processes" in update_docs.machine_line(merged),
       f"machine_line: steps from another run not said: {update_docs.machine_line(merged)!r}")
expect("another run" not in update_docs.machine_line(one), f"machine_line: one run said to be two: {update_docs.machine_line(one)!r}")

# The machine a measurement names: vendor's model name, family and model, and the core where known.
from bench import report as bench_report
for fields, named in [({"vendor_id": "GenuineIntel", "cpu family": "6", "model": "143", "model name": "Intel(R) Xeon(R)"},
                       "Intel(R) Xeon(R) (family 6, model 143: Sapphire Rapids)"),
                      ({"vendor_id": "AuthenticAMD", "cpu family": "25", "model": "17", "model name": "AMD EPYC"},
                       "AMD EPYC (family 25, model 17: Zen 4)"),
                      ({"vendor_id": "Other", "cpu family": "9", "model": "1", "model name": "X"}, "X (family 9, model 1)"),
                      ({"model name": "Y"}, "Y")]:
    expect(bench_report.cpu_name(fields) == named, f"cpu_name({fields}) = {bench_report.cpu_name(fields)!r}, not {named!r}")

# One number per fact: a planted disagreement between two pages is found, agreement is not.
from tests import check_facts
stage_table = ("| benchmark | time per item | min-max | as fast as s01 | as fast as s02 (previous) |\n|---|---|---|---|---|\n"
               "| flip scan (countFlips on 64 squares) | {v} ns/position | 1-2 | 0.77x | 1.02x |\n")
overview = ("| stage | technique | flip scan (countFlips on 64 squares) (ns/position) |\n|---|---|---|\n"
            "| s03_wall | walls | {v} (0.77x) |\n")
agree = check_facts.facts_of("stages/s03_wall/README.md", stage_table.format(v=687)) + \
    check_facts.facts_of("docs/overview.md", overview.format(v=687))
expect(len(agree) >= 3 and not check_facts.disagreements(agree), f"facts: agreeing pages reported ({agree})")
planted = check_facts.facts_of("stages/s03_wall/README.md", stage_table.format(v=687)) + \
    check_facts.facts_of("docs/overview.md", overview.format(v=666))
found = check_facts.disagreements(planted)
expect(len(found) == 1 and "s03, FlipScan, host" in found[0] and "666" in found[0] and "687" in found[0],
       f"facts: the planted disagreement (687 against 666) not found, got {found}")
perft = ("| perft --bulk | count | wall s (median) | min-max | CPU s (median) |\n|---|---:|---:|---:|---:|\n"
         "| s10 11 | 212,258,800 | 0.451 | 0.45-0.46 | 0.450 |\n")
fast = ("| depth | leaves | ns per leaf | min-max | CPU s for the whole perft | leaves/s |\n|---|---|---|---|---|---|\n"
        "| 11 | 212,258,800 | 1.60 | 1.60-1.60 | 0.339 | 626.52 M |\n")
found = check_facts.disagreements(check_facts.facts_of("docs/cli.md", perft) +
                                  check_facts.facts_of("stages/s10_simd/README.md", fast))
expect(len(found) == 1 and "perft(11)" in found[0], f"facts: perft(11) 0.450 against 0.339 not found, got {found}")
# A Japanese table reads back into the same facts.
ja_overview = ("| ステージ | アイデア | 返る数の走査(64 マスに countFlips)(ns/局面) |\n|---|---|---|\n"
               "| s03_wall | 壁 | 666 (0.77x) |\n")
found = check_facts.disagreements(check_facts.facts_of("stages/s03_wall/README.md", stage_table.format(v=687)) +
                                  check_facts.facts_of("docs/overview.ja.md", ja_overview))
expect(len(found) == 1 and "666" in found[0], f"facts: a Japanese page's disagreement not found, got {found}")

# The embedded figures against a report: a stale exact figure is found, "~" and timing lines are not.
from tests import check_embedded_pages
steps = "caption. Compilers: avr-gcc 5.4.0 (Debian 12).\n\n| step | AVR solve (cycles) | lx106 solve (instr.) |\n|---|---|---|\n{rows}"
timed = "| operation | RISC-V |\n|---|---|\n| game | {v} |\n"
with tempfile.TemporaryDirectory() as d:
    os.makedirs(os.path.join(d, "docs"))
    with open(os.path.join(d, "docs", "esp32.md"), "w", encoding="utf-8") as f:
        f.write("<!-- esp32-steps:begin -->\n" + steps.format(rows="| e06 | 347,757 | ~133,000 |\n| e07 | - | ~132,000 |\n")
                + "<!-- esp32-steps:end -->\n<!-- embedded-timed:begin -->\n" + timed.format(v="2,496,000")
                + "<!-- embedded-timed:end -->\n")

    def report(rows, v="2,495,000"):
        return [{"file": "docs/esp32.md", "marker": "esp32-steps", "text": steps.format(rows=rows)},
                {"file": "docs/esp32.md", "marker": "embedded-timed", "text": timed.format(v=v)}]
    found, skipped = check_embedded_pages.compare(report("| e06 | 347,757 | ~132,000 |\n| e07 | - | ~133,000 |\n"), d)
    expect(not found and not skipped, f"embedded: a moved ~ figure or timing line reported ({found}, {skipped})")
    found, _ = check_embedded_pages.compare(report("| e06 | 347,801 | ~133,000 |\n| e07 | - | ~132,000 |\n"), d)
    expect(len(found) == 1 and "e06" in found[0] and "347,757" in found[0] and "347,801" in found[0],
           f"embedded: the stale AVR figure (347,757 against 347,801) not found, got {found}")
    found, _ = check_embedded_pages.compare(report("| e06 | 347,757 | ~133,000 |\n"), d)
    expect(len(found) == 1 and "e07" in found[0], f"embedded: a row the report no longer has not found, got {found}")
    # Another machine's compilers: its figures differ, and the block is left out, saying so.
    other = [dict(s, text=s["text"].replace("avr-gcc 5.4.0", "avr-gcc 7.3.0")) for s in report("| e06 | 1 | ~1 |\n")]
    found, skipped = check_embedded_pages.compare(other, d)
    expect(not found and len(skipped) == 1 and "avr-gcc 7.3.0" in skipped[0] and "avr-gcc 5.4.0" in skipped[0],
           f"embedded: a block from other compilers compared ({found}) or not said ({skipped})")

# A search step's own files (docs/step_files.py), on a made-up step: the idea's file first,
# the step's header second, the others as its comment names them, the sketch last; the
# earlier steps' files it includes, not its own; generated data linked, not shown.
with tempfile.TemporaryDirectory() as root:
    step = os.path.join(root, "stages", "e02_b")
    os.makedirs(step)
    files = {
        "e02_b.h": "/**\n * @file e02_b.h\n * @brief Search step 02 — b: all of it (put together).\n *\n"
                   " * Its files: e02_zeta.h (the rest) and e02_idea.h.\n */\n#include \"e02_idea.h\"\n"
                   "#include \"../e01_a/e01_rules.h\"\nint f();  // kept\n",
        "e02_idea.h": "/**\n * @brief The trick, step 02's idea: one line (not two). More words.\n */\n"
                      "// a comment line\n\nint g();\nint h();\n",
        "e02_zeta.h": "/// @file\n/// @brief The rest (a parenthesis): what the rest is.\nint z();\n",
        "e02_data.h": "// Generated.\n" + "const int x = 1;\n" * 1001,
        "e02_b.ino": "// e02_b — Arduino sketch for search step 02 (b).\n#include \"../e01_a/e01_sketch.h\"\n"
                     "#include \"../e02_b/e02_b.h\"\n",
    }
    for name, text in files.items():
        with open(os.path.join(step, name), "w", encoding="utf-8") as f:
            f.write(text)
    got, sketches = step_files.own_files(root, "e02_b")
    expect([n for n, _ in got] == ["e02_idea.h", "e02_b.h", "e02_zeta.h", "e02_data.h", "e02_b.ino"] and
           sketches == {"e02_b.ino"}, f"step_files: files in the order {[n for n, _ in got]}")
    expect(step_files.code_lines(files["e02_idea.h"]) == 2, "step_files: comment-only and blank lines counted as code")
    block = step_files.block(root, "e02_b")
    expect("| [e02_idea.h](e02_idea.h) | 2 | The trick, step 02's idea: one line (not two). |" in block,
           "step_files: the idea's file is not described by its @brief's first sentence")
    expect("| [e02_zeta.h](e02_zeta.h) | 1 | The rest |" in block and
           "| `e02_b.ino` (the sketch) | 2 | Arduino sketch for search step 02 |" in block,
           "step_files: another file is not described by its @brief's head (or the sketch by its first comment)")
    expect("[e01_rules.h](../e01_a/e01_rules.h), [e01_sketch.h](../e01_a/e01_sketch.h)." in block and
           "../e02_b/" not in block.split("<details>")[0], "step_files: the earlier steps' files wrong, or its own listed")
    expect("generated data, not shown" in block and "const int x" not in block and "int z();" in block,
           "step_files: generated data shown, or a file's code left out")
    expect(block.count("<details>") == 4 and "lines of code without comments or blank lines; e02_data.h is" in block,
           "step_files: a fold per file shown, and the generated file named, expected")

# The block table: a page's block that no writer claims is named; the repository's own
# pages have none, and every writer in the table writes a block some page has.
from docs import blocks  # docs/blocks.py
with tempfile.TemporaryDirectory() as root:
    os.makedirs(os.path.join(root, "build"))
    planted = os.path.join("build", "planted" + ".md")  # (split: not a citation of a file)
    with open(os.path.join(root, planted), "w", encoding="utf-8") as f:
        f.write("# A page\n\n<!-- nobody-writes-this:begin -->\n1.23x\n<!-- nobody-writes-this:end -->\n")
    got = blocks.unclaimed(root, [planted])
    expect(any("nobody-writes-this" in p and "has no writer" in p for p in got),
           f"blocks.unclaimed: a block with no writer not named ({got[:2]})")
expect(blocks.writer_of("lesson-simd") == "lesson-*" and blocks.writer_of("numbers") == "numbers"
       and blocks.writer_of("no-such-block") is None, "blocks.writer_of: a name's entry not found")
expect(check_docs.block_writers(ROOT, check_docs.repo_files(ROOT)) == [],
       "the repository's pages: a block without its writer, or a writer without its block")

# The machine named once: in the measured-on block, the rest linking to it.
ONCE = ("<!-- verdict:begin -->\n**Verdict.** faster on the host ([this page's machine](#measured-on-s99)).\n"
        "<!-- verdict:end -->\n<!-- measured-on:begin -->\n<a name=\"measured-on-s99\"></a>**Measured on:** CPU X "
        "(family 1, model 2), 2 cores, Linux 6. The host figures on this page were measured there.\n"
        "<!-- measured-on:end -->\n<!-- numbers:begin -->\nMeasured on [this page's machine](#measured-on-s99).\n"
        "<!-- numbers:end -->\n")
expect(check_docs.machine_once("a page", ONCE) == [], "a page naming its machine once must pass")
expect(len(check_docs.machine_once("a page", ONCE.replace("Measured on [this page's machine](#measured-on-s99)",
                                                        "Measured on CPU X (family 1, model 2)"))) == 1,
       "a page naming its machine twice must fail")
expect(len(check_docs.machine_once("a page", "<!-- numbers:begin -->\nx\n<!-- numbers:end -->\n")) == 1,
       "a page with numbers and no measured-on block must fail")

# The Japanese twins: one beside every stage page, linking the glossary, its C++ the code's.
with tempfile.TemporaryDirectory() as root:
    glossary = "../../docs/glossary.md"
    os.makedirs(os.path.join(root, "docs"))
    with open(os.path.join(root, "docs", "glossary.md"), "w", encoding="utf-8") as f:
        f.write('| <a name="ffo"></a>FFO | the test positions |\n')
    code = "int f() {\n  return 1;\n}\n"
    twins = {"s01_true": f"# s01\n\n[FFO]({glossary}#ffo)\n\n```cpp\n{code}```\n",
             "s02_edited": f"# s02\n\n[FFO]({glossary}#ffo)\n\n```cpp\n{code.replace('1', '2')}```\n",
             "s03_unlinked": "# s03\n\nFFO\n", "s04_alone": None,
             "s05_bare": f"# s05\n\n[FFO]({glossary}#ffo)の[評価関数]({glossary})は[用語集]({glossary})に。\n"}
    for folder, ja in twins.items():
        os.makedirs(os.path.join(root, "stages", folder))
        for name, text in (("README.md", f"# {folder}\n"), ("README.ja.md", ja), (f"{folder}.h", code)):
            if text is not None:
                with open(os.path.join(root, "stages", folder, name), "w", encoding="utf-8") as f:
                    f.write(text)
    found = check_docs.japanese_stage_pages(root)  # (the paths below split: not citations of files)
    expect(len(found) == 4 and found[0].startswith("stages/s02_edited/" + "README.ja.md:5: its C++ block is not")
           and found[1].startswith("stages/s03_unlinked/" + "README.ja.md: no link to docs/glossary.md")
           and found[2].startswith("stages/s04_alone/" + "README.md: no Japanese page beside it")
           and found[3].startswith("stages/s05_bare/" + "README.ja.md:3: links the glossary for '評価関数' without an anchor"),
           f"japanese_stage_pages: expected s02's edited code, s03's missing glossary link, s04's missing twin, "
           f"s05's bare link to a term: {found}")

for f in failures:
    print("FAIL:", f)
if failures:
    sys.exit(1)
print("check_docs, the diff filter and the lessons behave on known inputs")

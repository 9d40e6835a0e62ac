"""The numbers of docs/lessons.md: for each lesson, the measured figure that proves it and
the platforms it holds on, from the same reports as the stage pages (docs/update_docs.py
calls `write`). A lesson never measured says so; one whose data this run lacks (a partial
run, such as the page-counts target's) keeps the figure of the run that had them."""
import re

HOST = "x86-64 host"
AVR = "ATmega2560 (simavr)"
LX106 = "Xtensa lx106 (QEMU)"
RISCV = "RISC-V rv32imac (QEMU)"


class Data:
    """The three reports, read by stage and benchmark; a missing figure raises KeyError."""

    def __init__(self, report, embedded, counts):
        self.report, self.embedded, self.counts = report or {}, embedded or {}, counts or {}

    def host(self, stage, family):
        """(median, min, max) ns per item of a stage's benchmark ("s05" or a sidebar name)."""
        return next(s for s in self.report.get("stages", []) if s["stage"].startswith(stage))["summary"][family]

    def emb(self, stage, column):
        value = self.embedded["stages"][stage][column]
        if not re.fullmatch(r"[\d,]+", value):
            raise KeyError(column)
        return int(value.replace(",", ""))

    def count(self, run):
        return self.counts["runs"][run]

    def step_pair(self, workload):
        """The two steps that ran one workload (the step's own and its successor), in order."""
        per = {}
        for st in self.report.get("steps", []):
            for r in st["results"].values():
                if not r["variant"] and r["stage"] == st["default_stage"] and r["workload"] == workload:
                    per[st["step"]] = r
        if len(per) < 2:
            raise KeyError(workload)
        return sorted(per.items())[:2]

    def step_rates(self, step, workload):
        """{stage: nodes per second} of one step's workload on every stage."""
        st = next(s for s in self.report["steps"] if s["step"] == step)
        by = {r["stage"]: r["rate"][0] for r in st["results"].values() if not r["variant"] and r["workload"] == workload}
        if len(by) < 2:
            raise KeyError(workload)
        return by


def ns(v):
    return f"{v:,.0f}" if v >= 100 else f"{v:.1f}"


def spread(v):
    return f"{ns(v[0])} ns [{ns(v[1])}-{ns(v[2])}]"


def claims(d):
    loop, const = d.host("s06", "Variant/FlipScan/s05:run-time-colour,loop"), d.host("s06", "Variant/FlipScan/colour-constant,loop")
    return (f"the loop with the colour as a constant runs at {loop[0] / const[0]:.2f}x the speed of the same loop "
            f"with the colour in a variable ({spread(const)} against {spread(loop)} per position, one executable)",
            [(HOST, True)])  # the lesson is the measuring itself, whichever way it comes out


def abstraction(d):
    a, b = d.host("s01", "FlipScan"), d.host("s02", "FlipScan")
    ca, cb = d.emb("s01_naive", "AVR flip scan (cycles)"), d.emb("s02_delta", "AVR flip scan (cycles)")
    return (f"s02's one generic scan runs at {a[0] / b[0]:.2f}x the speed of s01's eight loops ({spread(b)} against "
            f"{spread(a)} per position), and takes {cb / ca:.2f}x the cycles on the AVR ({cb:,} against {ca:,})",
            [(HOST, b[0] > a[0]), (AVR, cb / ca > max(1, b[0] / a[0]))])


def sentinels(d):
    a, b = d.host("s02", "FlipScan"), d.host("s03", "FlipScan")
    ca, cb = d.emb("s02_delta", "AVR flip scan (cycles)"), d.emb("s03_wall", "AVR flip scan (cycles)")
    return (f"the walls make the flip scan {ca / cb:.2f}x as fast on the AVR ({cb:,} cycles against {ca:,}) but "
            f"only {a[0] / b[0]:.2f}x on the host ({spread(b)} against {spread(a)})",
            [(AVR, ca / cb > max(1, a[0] / b[0])), (HOST, b[0] < a[0])])


def unrolling(d):
    a, b = d.host("s05", "FlipScan"), d.host("s06", "FlipScan")
    ca, cb = d.emb("s05_cell91", "AVR flip scan (cycles)"), d.emb("s06_unrolled", "AVR flip scan (cycles)")
    xa, xb = d.emb("s05_cell91", "lx106 flip scan (instr.)"), d.emb("s06_unrolled", "lx106 flip scan (instr.)")
    return (f"s06's flip scan is {a[0] / b[0]:.2f}x as fast as s05's on the host ({spread(b)} against {spread(a)}); "
            f"s05's takes {ca / cb:.2f}x the cycles on the AVR ({ca:,} against {cb:,}) and {xa / xb:.2f}x the "
            f"instructions on the lx106 ({xa:,} against {xb:,})",
            [(HOST, b[0] < a[0]), (AVR, cb < ca), (LX106, xb < xa)])


def instructions(d):
    ca_, cb_ = d.count("bench_s06_unrolled:FlipScan"), d.count("bench_s07_recursion:FlipScan")
    ia, ib = ca_["instructions"], cb_["instructions"]
    a, b = d.host("s06", "FlipScan"), d.host("s07", "FlipScan")
    ca, cb = d.emb("s06_unrolled", "AVR flip scan (cycles)"), d.emb("s07_recursion", "AVR flip scan (cycles)")
    return (f"s07's flip scan executes {ia / ib:.2f}x fewer instructions than s06's on the host ({ib:,.0f} against "
            f"{ia:,.0f}, callgrind) with as many simulated mispredicted branches ({cb_['mispredicted']:.1f} against "
            f"{ca_['mispredicted']:.1f}), yet runs only {a[0] / b[0]:.2f}x as fast ({spread(b)} against {spread(a)}); "
            f"on the AVR its cycles fall {ca / cb:.2f}x ({cb:,} against {ca:,})",
            # holds where the time falls by less than half of what the instruction count falls by; on
            # the AVR (no branch predictor) the cycles are expected to follow the instructions
            [(HOST, ia > ib and a[0] / b[0] - 1 < (ia / ib - 1) / 2), (AVR, cb >= ca)])


def tables(d):
    a, b = d.host("s07", "Perft/7"), d.host("s08", "Perft/7")
    ca, cb = d.count("bench_s07_recursion:Perft/7"), d.count("bench_s08_line_index:Perft/7")
    fa, fb = (d.embedded["raw"][s]["riscv"]["flash"] for s in ("s07_recursion", "s08_line_index"))
    ra, rb = (d.embedded["raw"][s]["riscv"]["flipscan_cycles"] for s in ("s07_recursion", "s08_line_index"))
    avr = d.embedded["raw"]["s08_line_index"]["avr"].get("error", "")
    return (f"in perft(7) s08 runs {cb['instructions']:,.0f} instructions per leaf against s07's "
            f"{ca['instructions']:,.0f}, yet is {a[0] / b[0]:.2f}x as fast ({spread(b)} against {spread(a)}): "
            f"{cb['mispredicted']:.1f} simulated mispredicted branches per leaf against {ca['mispredicted']:.1f}. "
            f"The price is memory: the RISC-V sketch takes {fb:,} bytes of flash against {fa:,}, and there, "
            f"where no branch is mispredicted, the look-ups cost more than they save (a flip scan executes "
            f"{rb:,} instructions against {ra:,})"
            + (f"; the AVR sketch cannot be built (\"{avr}\")" if avr else ""),
            # the trade pays where the table makes the stage faster: on the host by time, on RISC-V by
            # instructions; on the AVR it cannot be made at all
            [(HOST, cb["instructions"] > ca["instructions"] and b[0] < a[0]), (RISCV, rb < ra), (AVR, not avr)])


def representation(d):
    a, b, c = d.host("s01", "LegalMoves"), d.host("s08", "LegalMoves"), d.host("s09", "LegalMoves")
    return (f"bitboards find all legal moves {a[0] / c[0]:.2f}x as fast as s01 and {b[0] / c[0]:.2f}x as fast as "
            f"the line-index tables of s08 ({spread(c)} against {spread(a)} and {spread(b)} per position)",
            [(HOST, c[0] < min(a[0], b[0]))])


def word_size(d):
    fa, fb = d.emb("s05_cell91", "AVR flip scan (cycles)"), d.emb("s09_bitboard", "AVR flip scan (cycles)")
    la, lb = d.emb("s05_cell91", "AVR legalMoves (cycles)"), d.emb("s09_bitboard", "AVR legalMoves (cycles)")
    h8, h9 = d.host("s08", "FlipScan"), d.host("s09", "FlipScan")
    return (f"on the AVR s09's flip scan takes {fb / fa:.1f}x the cycles of s05's ({fb:,} against {fa:,}) while its "
            f"legalMoves takes {lb / la:.2f}x ({lb:,} against {la:,}); even on the host, square by square, it runs "
            f"at {h8[0] / h9[0]:.2f}x the speed of s08 ({spread(h9)} against {spread(h8)})",
            [(AVR, fb > fa), (HOST, h9[0] > h8[0])])


def simd(d):
    a, b = d.host("s09", "PerftFastBulk/11"), d.host("s11", "PerftFastBulk/11")
    c = d.host("s10", "PerftFastBulk/11")
    return (f"perft(11) with bulk counting: {ns(a[0])} ns per leaf on s09 (portable), {ns(c[0])} on s10 (AVX2), "
            f"{ns(b[0])} on s11 (AVX-512): {a[0] / b[0]:.2f}x from the same bitboards",
            [(HOST + " with AVX2 and AVX-512", b[0] < c[0] < a[0])])


def search(d):
    (s1, r1), (s2, r2) = d.step_pair("Midgame/d4")
    rates = d.step_rates(s1, "Midgame/d4")
    first, last = sorted(rates)[0], sorted(rates)[-1]
    return (f"on the same midgame positions at depth 4, {s2} visits {r1['nodes'] / r2['nodes']:.1f}x fewer nodes than "
            f"{s1} ({r2['nodes']:,} against {r1['nodes']:,}) and finishes {r1['ms'][0] / r2['ms'][0]:.1f}x sooner; "
            f"every move-generation stage together, {first} to {last}, makes {s1} "
            f"{rates[last] / rates[first]:.2f}x as fast",
            # fewer nodes, sooner, and by more than all the stages' speed-ups together
            [(HOST, r2["nodes"] < r1["nodes"] and r2["ms"][0] < r1["ms"][0]
              and rates[last] / rates[first] < r1["nodes"] / r2["nodes"])])


LESSONS = [("lesson-claims", claims), ("lesson-abstraction", abstraction), ("lesson-sentinels", sentinels),
           ("lesson-unrolling", unrolling), ("lesson-instructions", instructions), ("lesson-tables", tables),
           ("lesson-representation", representation), ("lesson-word-size", word_size), ("lesson-simd", simd),
           ("lesson-search", search)]


def sources(d, how, count_how):
    parts = []
    if d.report.get("stages"):
        parts.append(f"host times measured on {d.report['machine']} with {how}, median of "
                     f"{d.report['repetitions']} repetitions (min-max in brackets)")
    if d.embedded.get("caption"):
        parts.append("the AVR, lx106 and RISC-V figures from the embedded report (`python3 bench/embedded_report.py`, "
                     "exact counts of one run in the simulators)")
    if d.counts.get("tool"):
        parts.append(f"instruction and simulated misprediction counts from {count_how}")
    return ("Generated by docs/update_docs.py: " + "; ".join(parts) + ".\n") if parts else "Not measured yet.\n"


def current(text, marker):
    m = re.search(r"<!-- %s:begin -->\n(.*?)<!-- %s:end -->" % (marker, marker), text, re.S)
    return m.group(1) if m else ""


def held(figure, platforms):
    """A lesson's block: its figure, then the platforms where that figure bears it out and
    those where it does not (decided from the numbers, so a change of code or machine that
    turns a lesson around shows here)."""
    out = [f"**Measured:** {figure}."]
    for label, ok in (("Holds on", True), ("Does not hold on", False)):
        names = [p for p, good in platforms if good == ok]
        if names:
            out.append(f"**{label}:** {'; '.join(names)}.")
    return "\n\n".join(out) + "\n"


def write(text, report, embedded, counts, how, count_how, replace_between):
    """lessons.md with every block whose data are given filled in; a block whose data are
    missing from this run (a partial report) keeps what it had, or says it was never measured."""
    d = Data(report, embedded, counts)
    if d.report.get("stages") and d.embedded and d.counts:
        text = replace_between(text, "lessons-sources", sources(d, how, count_how), "docs/lessons.md")
    for marker, lesson in LESSONS:
        try:
            figure, platforms = lesson(d)
            body = held(figure, platforms)
        except (KeyError, StopIteration, TypeError, ZeroDivisionError):
            body = current(text, marker).strip() and current(text, marker) or \
                f"Not measured yet: needs the bench report, the embedded report and the page counts ({how}).\n"
        text = replace_between(text, marker, body, "docs/lessons.md")
    return text

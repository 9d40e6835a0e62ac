"""The numbers of docs/lessons.md: for each lesson, the measured figure that tests it and
the platforms it holds on, from the same reports as the stage pages (docs/update_docs.py
calls `write`). The words that depend on the numbers (faster, slower, more, fewer) are
written from them too, in the site's one ratio convention ("B runs N.NNx as fast as A"). A lesson never measured says so; one whose data this run lacks (a partial
run, such as the page-counts target's) keeps the figure of the run that had them."""
import re
import statistics

from docs import verdicts  # docs/verdicts.py: the stage pages' rule for a host difference (the quartiles)
from docs.blocks import block_text, core_of  # docs/blocks.py: a page's generated blocks, a CPU's core


HOST = "x86-64 host"
# Host comparisons a lesson makes from one process, interleaved (bench/verdict_pairs.py
# measures them with the `verdicts` target): where the question is a difference smaller
# than what separate processes drift by on a shared machine. (faster, than) keys.
ONE_PROCESS = [("s07:FlipScan", "s06:FlipScan")]
AVR = "ATmega2560 (simavr)"
LX106 = "Xtensa lx106 (QEMU)"
RISCV = "RISC-V rv32imac (QEMU)"


class Data:
    """The three reports and the store's perft rounds, read by stage and benchmark; a missing
    figure raises KeyError."""

    def __init__(self, report, embedded, counts, perft=None):
        self.report, self.embedded, self.counts = report or {}, embedded or {}, counts or {}
        self.perft = perft or {}  # the latest perft run in the store: {configuration: fact}
        self.times = verdicts.report_times(self.report)  # each benchmark's repetitions

    def host(self, stage, family):
        """(median, min, max) ns per item of a stage's benchmark ("s05" or a sidebar name)."""
        return next(s for s in self.report.get("stages", []) if s["stage"].startswith(stage))["summary"][family]

    def one_process(self, a, b):
        """(A's, B's (median, min, max), how) for stage B against stage A, each (stage, family):
        from their one-process pair where the store has it, else from the report's tables."""
        key_a, key_b = (f"{stage}:{family}" for stage, family in (a, b))
        p = verdicts.pair_in(verdicts.stored_pairs(), key_b, key_a)
        if p:
            summary = [(statistics.median(t), min(t), max(t)) for t in (p["b"], p["a"])]
            return summary[0], summary[1], verdicts.pair_source(p)
        return self.host(*a), self.host(*b), "separate runs"

    def judge(self, a, b):
        """B against A on the host, each (stage, family): "faster", "slower", "within noise"
        (the quartiles of their repetitions overlap) or "too close to call" (medians under
        1 % apart): the stage pages' rule (docs/verdicts.py), so a lesson and a page agree."""
        ra, rb = (self.times[f"{stage}:{family}"][1] for stage, family in (a, b))
        v = verdicts.host_verdict(rb, ra)
        return {"holds": "faster", "does not hold": "slower", verdicts.VERDICTS[2]: "within noise"}.get(v, "too close to call")

    def bears(self, verdict, want):
        """A host verdict as a lesson's test: True where it is the one the lesson expects,
        False where it is the other way, None where the measurement cannot tell."""
        return True if verdict == want else None if verdict in ("within noise", "too close to call") else False

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


# The site's one ratio convention: "B runs N.NNx as fast as A" is A's time (or cycles, or
# instructions) over B's, so above 1 is faster and below 1 slower. The comparative word is
# generated with the number, so a re-measurement that turns a result round cannot leave a
# sentence saying the opposite of its figure.
CLOSE = 0.01  # medians under 1 % apart: too close to call (as docs/verdicts.py decides)


def speed(a, b):
    """How fast B runs against A, from A's and B's time (or cycles, or instructions)."""
    return a / b


def x(r):
    """A speed ratio as printed: two decimals, three below 0.1 so that a large slowdown keeps its size."""
    return f"{r:.3f}x" if r < 0.1 else f"{r:.2f}x"


def word(a, b, faster="faster", slower="slower", same="too close to call"):
    """The comparative word for B against A: faster, slower, or too close to call."""
    r = a / b
    return same if abs(r - 1) < CLOSE else faster if r > 1 else slower


def machine(d):
    """The report's machine line; without a report, the perft run's (the one lesson it measures)."""
    return d.report.get("machine") or next((f["measured_on"] for f in d.perft.values()), "the host")


def core(d):
    """The report's processor, short: its core's name ("Zen 4"), else its family and model."""
    return core_of(machine(d))


LOOP, CONSTANT = ("s06", "Variant/FlipScan/s05:run-time-colour,loop"), ("s06", "Variant/FlipScan/colour-constant,loop")
UNROLLED = ("s06", "Variant/FlipScan/run-time-colour,unrolled")


def claims(d):
    loop, const = d.host(*LOOP), d.host(*CONSTANT)
    w = d.judge(LOOP, CONSTANT)
    verdict = {"faster": "the article's advice holds here", "slower": "the article's advice does not hold here",
               "within noise": "the measurement cannot tell here",
               "too close to call": "the article's advice makes no difference here"}[w]
    return (f"the loop with the colour as a constant runs {x(speed(loop[0], const[0]))} as fast as the same loop "
            f"with the colour in a variable ({w}: {spread(const)} against {spread(loop)} per "
            f"position, one executable): {verdict}",
            [(HOST + ", where it was measured", True)])  # the lesson is the measuring itself, whichever way it comes out


def abstraction(d):
    a, b = d.host("s01", "FlipScan"), d.host("s02", "FlipScan")
    ca, cb = d.emb("s01_naive", "AVR flip scan (cycles)"), d.emb("s02_delta", "AVR flip scan (cycles)")
    w = d.judge(("s01", "FlipScan"), ("s02", "FlipScan"))
    return (f"s02's one generic scan runs {x(speed(a[0], b[0]))} as fast as s01's eight loops on the host "
            f"({w}: {spread(b)} against {spread(a)} per position), and {x(speed(ca, cb))} as fast "
            f"on the AVR ({word(ca, cb)}: {cb:,} cycles against {ca:,})",
            # small chips pay more: the AVR's slowdown is the larger of the two
            [(HOST, d.bears(w, "slower")), (AVR, cb / ca > max(1, b[0] / a[0]))])


def sentinels(d):
    a, b = d.host("s02", "FlipScan"), d.host("s03", "FlipScan")
    ca, cb = d.emb("s02_delta", "AVR flip scan (cycles)"), d.emb("s03_wall", "AVR flip scan (cycles)")
    host_less = ca / cb > a[0] / b[0]
    w = d.judge(("s02", "FlipScan"), ("s03", "FlipScan"))
    return (f"with the walls, the flip scan runs {x(speed(ca, cb))} as fast on the AVR ({word(ca, cb)}: "
            f"{cb:,} cycles against {ca:,}) {'but only' if host_less else 'and'} {x(speed(a[0], b[0]))} as fast "
            f"on the host ({w}: {spread(b)} against {spread(a)})",
            [(AVR, ca / cb > max(1, a[0] / b[0])), (HOST, d.bears(w, "faster"))])


def unrolling(d):
    loop, unrolled = d.host(*LOOP), d.host(*UNROLLED)
    w, whole = d.judge(LOOP, UNROLLED), d.judge(("s05", "FlipScan"), ("s06", "FlipScan"))
    a, b = d.host("s05", "FlipScan"), d.host("s06", "FlipScan")
    ca, cb = d.emb("s05_cell91", "AVR flip scan (cycles)"), d.emb("s06_unrolled", "AVR flip scan (cycles)")
    xa, xb = d.emb("s05_cell91", "lx106 flip scan (instr.)"), d.emb("s06_unrolled", "lx106 flip scan (instr.)")
    return (f"on the host, the eight directions written out, with the colour still a variable, make s05's flip scan "
            f"run {x(speed(loop[0], unrolled[0]))} as fast ({w}: {spread(unrolled)} "
            f"against {spread(loop)}, one executable). Stage 06 as a whole (written out and the colour a constant) "
            f"runs {x(speed(a[0], b[0]))} as fast as s05 on the host ({whole}: {spread(b)} against {spread(a)}), "
            f"{x(speed(ca, cb))} as fast on the AVR ({cb:,} cycles against {ca:,}) and {x(speed(xa, xb))} as "
            f"fast on the lx106 ({xb:,} instructions against {xa:,})",
            # on the host the lesson's test is the one-executable pair (the whole stages' times come
            # from separate processes); the sketches carry only the whole stage
            [(HOST, d.bears(w, "faster")), (AVR, cb < ca), (LX106, xb < xa)])


def instructions(d):
    ca_, cb_ = d.count("bench_s06_unrolled:FlipScan"), d.count("bench_s07_recursion:FlipScan")
    ia, ib = ca_["instructions"], cb_["instructions"]
    ma, mb = ca_["mispredicted"], cb_["mispredicted"]
    a, b, how = d.one_process(("s06", "FlipScan"), ("s07", "FlipScan"))
    ca, cb = d.emb("s06_unrolled", "AVR flip scan (cycles)"), d.emb("s07_recursion", "AVR flip scan (cycles)")
    misses = ("about as many" if abs(mb / ma - 1) < 0.05 else "fewer" if mb < ma else "more")
    return (f"s07's flip scan executes {ib:,.0f} instructions per position against s06's {ia:,.0f} (callgrind), "
            f"with {misses} simulated mispredicted branches ({mb:.1f} against {ma:.1f}), and runs "
            f"{x(speed(a[0], b[0]))} as fast on the host ({how}: {spread(b)} against {spread(a)}); on the AVR it runs "
            f"{x(speed(ca, cb))} as fast ({cb:,} cycles against {ca:,})",
            # holds where the time falls by less than half of what the instruction count falls by; on
            # the AVR (no branch predictor) the cycles are expected to follow the instructions
            [(HOST, ia > ib and a[0] / b[0] - 1 < (ia / ib - 1) / 2), (AVR, cb >= ca)])


def tables(d):
    sa, sb = d.host("s07", "FlipScan"), d.host("s08", "FlipScan")
    ma, mb = d.count("bench_s07_recursion:FlipScan"), d.count("bench_s08_line_index:FlipScan")
    a, b = d.host("s07", "Perft/7"), d.host("s08", "Perft/7")
    ca, cb = d.count("bench_s07_recursion:Perft/7"), d.count("bench_s08_line_index:Perft/7")
    fa, fb = (d.embedded["raw"][s]["riscv"]["flash"] for s in ("s07_recursion", "s08_line_index"))
    ra, rb = (d.embedded["raw"][s]["riscv"]["flipscan_cycles"] for s in ("s07_recursion", "s08_line_index"))
    avr = d.embedded["raw"]["s08_line_index"]["avr"].get("error", "")
    more = cb["instructions"] > ca["instructions"]
    scan, perft = d.judge(("s07", "FlipScan"), ("s08", "FlipScan")), d.judge(("s07", "Perft/7"), ("s08", "Perft/7"))
    return (f"in the flip scan, where stage 07 mispredicts {ma['mispredicted']:.1f} branches per position "
            f"(callgrind's model), s08 mispredicts {mb['mispredicted']:.1f} and runs {x(speed(sa[0], sb[0]))} as fast "
            f"({scan}: {spread(sb)} against {spread(sa)}); in perft(7) it executes {cb['instructions']:,.0f} "
            f"instructions per leaf, {'more than' if more else 'fewer than'} s07's {ca['instructions']:,.0f}, with "
            f"{cb['mispredicted']:.1f} mispredicted branches against {ca['mispredicted']:.1f}, and runs "
            f"{x(speed(a[0], b[0]))} as fast ({perft}: {spread(b)} against {spread(a)}). "
            f"The price is memory: the RISC-V sketch takes {fb:,} bytes of flash against {fa:,}, and there, "
            f"where no branch is mispredicted, s08's flip scan executes {rb:,} instructions against s07's {ra:,} "
            f"(it runs {x(speed(ra, rb))} as fast)"
            + (f"; the AVR sketch cannot be built (\"{avr}\")" if avr else ""),
            # the trade pays where the table makes the stage faster: on the host by time (the flip
            # scan, where the branches were), on RISC-V by instructions; on the AVR it cannot be made
            [(HOST, d.bears(scan, "faster") if mb["mispredicted"] < ma["mispredicted"] else False), (RISCV, rb < ra),
             (AVR, not avr)])


BEFORE_BITBOARDS = ("s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08")  # a board of one byte a square


def representation(d):
    a, c = d.host("s01", "LegalMoves"), d.host("s09", "LegalMoves")
    best = min(BEFORE_BITBOARDS, key=lambda s: d.host(s, "LegalMoves")[0])
    b = d.host(best, "LegalMoves")
    return (f"listing all legal moves, bitboards run {x(speed(a[0], c[0]))} as fast as s01 and "
            f"{x(speed(b[0], c[0]))} as fast as the fastest stage before them at it, {best} ({spread(c)} against "
            f"{spread(a)} and {spread(b)} per position)",
            [(HOST, d.bears(d.judge((best, "LegalMoves"), ("s09", "LegalMoves")), "faster"))])


def word_size(d):
    fa, fb = d.emb("s05_cell91", "AVR flip scan (cycles)"), d.emb("s09_bitboard", "AVR flip scan (cycles)")
    la, lb = d.emb("s05_cell91", "AVR legalMoves (cycles)"), d.emb("s09_bitboard", "AVR legalMoves (cycles)")
    h8, h9 = d.host("s08", "FlipScan"), d.host("s09", "FlipScan")
    w = d.judge(("s08", "FlipScan"), ("s09", "FlipScan"))
    return (f"on the AVR s09's flip scan runs {x(speed(fa, fb))} as fast as s05's ({word(fa, fb)}: {fb:,} "
            f"cycles against {fa:,}), its legalMoves {x(speed(la, lb))} as fast ({word(la, lb)}: {lb:,} cycles "
            f"against {la:,}); on the host, square by square, s09's flip scan runs {x(speed(h8[0], h9[0]))} "
            f"as fast as s08's ({w}: {spread(h9)} against {spread(h8)})",
            [(AVR, fb > fa), (HOST, d.bears(w, "slower"))])


def simd(d):
    """From bench/perft_speed.py's interleaved rounds in the store (the same facts as the
    command-line page's and stage 11's perft table): one value per fact."""
    run = d.perft
    per_leaf = {s: statistics.median(run[f"{s} 11"]["value"]["wall"]) / run[f"{s} 11"]["value"]["count"] * 1e9
                for s in ("s09", "s10", "s11")}

    def rounds(a, b):  # how many times as fast b runs as a, each round, and the lesson's word
        ratios = [ta / tb for ta, tb in zip(run[f"{a} 11"]["value"]["wall"], run[f"{b} 11"]["value"]["wall"])]
        word = "faster" if min(ratios) > 1 else "slower" if max(ratios) < 1 else "within noise"
        return statistics.median(ratios), word
    (avx2, w2), (avx512, w512) = rounds("s09", "s10"), rounds("s10", "s11")
    where = run["s10 11"]["measured_on"]

    def said(word):
        return f"{word} in every round" if word != "within noise" else "within noise: the rounds disagree"
    return (f"perft(11) with bulk counting on {where}, the whole command's wall time in "
            f"{len(run['s10 11']['value']['wall'])} interleaved rounds (bench/perft_speed.py): {ns(per_leaf['s09'])} "
            f"ns per leaf on s09 (portable), {ns(per_leaf['s10'])} on s10 (AVX2), {ns(per_leaf['s11'])} on s11 "
            f"(AVX-512). s10 runs {x(avx2)} as fast as s09 ({said(w2)}), s11 {x(avx512)} as fast as s10 "
            f"({said(w512)})",
            # (named by the perft run's own processor: it need not be the report's)
            [(f"{HOST} ({core_of(where)}), AVX2 (s10 against s09)", d.bears(w2, "faster")),
             (f"{HOST} ({core_of(where)}), AVX-512 (s11 against s10)", d.bears(w512, "faster"))])


def search(d):
    (s1, r1), (s2, r2) = d.step_pair("Midgame/d4")
    rates = d.step_rates(s1, "Midgame/d4")
    first, best = sorted(rates)[0], max(rates, key=rates.get)  # the first stage, and the fastest for this search
    # (the steps' report can come from another run than the stages' one: it names its machine)
    return (f"on {machine(d)}, on the same midgame positions at depth 4, {s2} visits {r2['nodes']:,} nodes where {s1} visits "
            f"{r1['nodes']:,} (one in {r1['nodes'] / r2['nodes']:.1f}) and runs "
            f"{x(speed(r1['ms'][0], r2['ms'][0]))} as fast; the fastest move-generation stage for it, {best}, "
            f"makes {s1} run {x(speed(rates[best], rates[first]))} as fast as on {first}",
            # fewer nodes, sooner, and by more than the best of the stages' speed-ups
            [(HOST, r2["nodes"] < r1["nodes"] and r2["ms"][0] < r1["ms"][0]
              and rates[best] / rates[first] < r1["nodes"] / r2["nodes"])])


LESSONS = [("lesson-claims", claims), ("lesson-abstraction", abstraction), ("lesson-sentinels", sentinels),
           ("lesson-unrolling", unrolling), ("lesson-instructions", instructions), ("lesson-tables", tables),
           ("lesson-representation", representation), ("lesson-word-size", word_size), ("lesson-simd", simd),
           ("lesson-search", search)]
FROM_STEPS = {"lesson-search"}  # the lessons measured by the search steps' report, not the stages'


def sources(d, how, count_how):
    parts = []
    if d.report.get("stages"):
        parts.append(f"host times measured on {d.report['machine']} with {how}, median of "
                     f"{d.report['repetitions']} repetitions (min-max in brackets)")
    if d.embedded.get("caption"):
        parts.append("the AVR, lx106 and RISC-V figures from the embedded report (`python3 lab.py embedded-report`, "
                     "exact counts of one run in the simulators)")
    if d.counts.get("tool"):
        parts.append(f"instruction and simulated misprediction counts from {count_how}")
    return ("Generated by docs/update_docs.py: " + "; ".join(parts) + ".\n") if parts else "Not measured yet.\n"


def current(text, marker):
    return block_text(text, marker) or ""


def held(figure, platforms):
    """A lesson's block: its figure, then the platforms where that figure bears it out and
    those where it does not, and those where the measurement cannot tell (None: a host
    difference within the noise); decided from the numbers, so a change of code or machine
    that turns a lesson around shows here."""
    out = [f"**Measured:** {figure}."]
    for label, ok in (("Holds on", True), ("Does not hold on", False), ("Cannot tell on (within the noise)", None)):
        names = [p for p, good in platforms if good is ok]
        if names:
            out.append(f"**{label}:** {'; '.join(names)}.")
    return "\n\n".join(out) + "\n"


def write(text, report, embedded, counts, how, count_how, replace_between, perft=None):
    """lessons.md with every block whose data are given filled in; a block whose data are
    missing from this run (a partial report) keeps what it had, or says it was never measured.
    `perft`: the store's latest perft run (store.latest_run of bench/perft_speed.py)."""
    d = Data(report, embedded, counts, perft)
    kept = []  # the lessons this run could not measure: they keep their figures
    for marker, lesson in LESSONS:
        try:
            figure, platforms = lesson(d)
            # the host is named by its processor, the report's unless the lesson names the one it was
            # measured on; a lesson kept from an earlier run keeps its own
            body = held(figure, [(p if p.startswith(HOST + " (") else p.replace(HOST, f"{HOST} ({core(d)})", 1), ok)
                                 for p, ok in platforms])
        except (KeyError, StopIteration, TypeError, ZeroDivisionError):
            kept.append(marker)
            body = current(text, marker).strip() and current(text, marker) or \
                f"Not measured yet: needs the bench report, the embedded report and the page counts ({how}).\n"
        text = replace_between(text, marker, body, "docs/lessons.md")
    # The sources line names the machine of the stages' host times: written only when every
    # lesson that uses them was written from this run's report, so that it names theirs.
    if not set(kept) - FROM_STEPS:
        text = replace_between(text, "lessons-sources", sources(d, how, count_how), "docs/lessons.md")
    return text

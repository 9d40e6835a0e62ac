#!/usr/bin/env python3
"""docs/verdicts.py on made-up data: how a verdict is decided on each platform, and that
its check catches a timing claim without a row for a platform, or with missing data.

    tests/verdicts_test.py
"""
import json
import os
import tempfile
import unittest

from docs import verdicts


CLAIM = {"stage": "s04_flat", "article": "000", "claim": "flat beats 2-D", "faster": "s04:FlipScan",
         "than": "s03:FlipScan"}


def embedded(s03, s04):
    """An embedded report's raw part with these AVR / lx106 / RISC-V flip-scan counts."""
    def stage(n):
        return {"avr": {"flipscan": n[0]}, "xtensa": {"flipscan": n[1]}, "riscv": {"flipscan_cycles": n[2]}}
    return {"raw": {"s03_wall": stage(s03), "s04_flat": stage(s04)}}


def pairs(a, b):
    return {"machine": "test", "pairs": [{"faster": CLAIM["faster"], "than": CLAIM["than"], "unit": "ns/position",
                                          "a": a, "b": b, "how": "one process"}]}


class Decisions(unittest.TestCase):
    def setUp(self):
        verdicts._data.update(pairs=None, embedded=None, why=None, times={}, machine=None)

    def test_the_bench_report_is_the_data_set(self):
        """With the bench report, a host verdict reads its repetitions (the tables' own
        numbers), not verdict-pairs.json: one value per quantity on every page."""
        def stage(prefix, times):
            return {"stage": prefix, "raw": {"benchmarks": [
                {"name": "FlipScan", "run_type": "iteration", "items_per_second": 1e9 / t} for t in times]}}
        report = {"machine": "AMD EPYC (family 26, model 2: Zen 5)", "stages": [stage("s03_wall", [30, 31, 32, 33]),
                                                                               stage("s04_flat", [20, 21, 22, 23])]}
        verdicts.load(pairs([90, 91, 92, 93], [10, 11, 12, 13]), None, None, report)
        platform, verdict, figure = verdicts.host_row(CLAIM, "")
        self.assertEqual(verdict, "holds")  # the pairs' numbers would say "does not hold"
        self.assertIn("s04:FlipScan: 21.5 ns/position", figure)
        self.assertIn("runs 1.47x as fast as the second", figure)  # 31.5 / 21.5
        self.assertIn("Zen 5", figure)
        verdicts.load(pairs([90, 91, 92, 93], [10, 11, 12, 13]), None, None, None)  # without it: the pairs
        self.assertEqual(verdicts.host_row(CLAIM, "")[1], "does not hold")

    def test_a_row_without_its_report_keeps_what_it_had(self):
        head = "| article | claim | platform | verdict | figure |\n|---|---|---|---|---|\n"
        old = head + "| 000 | c | host x86 | holds | a |\n|  |  | AVR (ATmega2560, simavr) | holds | 1 cycles |\n"
        new = head + f"| 000 | c | host x86 | holds | b |\n|  |  | AVR (ATmega2560, simavr) | {verdicts.MISSING} | x |\n"
        kept = verdicts.keep_missing(new, old)
        self.assertIn("| host x86 | holds | b |", kept)
        self.assertIn("| AVR (ATmega2560, simavr) | holds | 1 cycles |", kept)

    def test_host_quartiles(self):
        self.assertEqual(verdicts.host_verdict([10, 11, 12, 13], [20, 21, 22, 23]), "holds")
        self.assertEqual(verdicts.host_verdict([20, 21, 22, 23], [10, 11, 12, 13]), "does not hold")
        # one outlier each way: the quartiles still separate them
        self.assertEqual(verdicts.host_verdict([10, 11, 11, 12, 40], [5, 20, 21, 21, 22]), "holds")
        self.assertTrue(verdicts.host_verdict([10, 15, 20, 25], [12, 17, 22, 27]).startswith("within noise"))
        # quartiles apart, but medians 0.5 % apart: too small to tell
        self.assertTrue(verdicts.host_verdict([100.0, 100.1, 100.2, 100.3], [100.6, 100.7, 100.8, 100.9])
                        .startswith("too small to tell"))

    def test_counts_have_no_spread(self):
        self.assertEqual(verdicts.count_verdict(99, 100), "holds")
        self.assertEqual(verdicts.count_verdict(101, 100), "does not hold")
        self.assertEqual(verdicts.count_verdict(100, 100), "no difference")
        self.assertTrue(verdicts.count_verdict(100, 900, tolerance=1000).startswith("within noise"))

    def test_a_row_per_platform(self):
        verdicts._data.update(pairs=pairs([5, 6, 6, 7], [9, 9, 10, 11]), embedded=embedded((300, 30, 3), (200, 40, 3)))
        rows = {p: v for p, v, _ in verdicts.timing_rows(CLAIM)}
        self.assertEqual(list(rows), verdicts.expected_platforms(CLAIM))
        self.assertEqual(len(rows), 4)
        self.assertEqual(rows[verdicts.HOST], "holds")
        self.assertEqual(rows["AVR (ATmega2560, simavr)"], "holds")
        self.assertEqual(rows["lx106 (QEMU)"], "does not hold")
        self.assertEqual(rows["RISC-V rv32imac (QEMU)"], "no difference")

    def test_missing_data_says_so(self):
        verdicts._data.update(pairs=None, embedded={"raw": {"s04_flat": {"avr": {"flipscan": 1}}}})
        rows = {p: v for p, v, _ in verdicts.timing_rows(CLAIM)}
        self.assertEqual(rows[verdicts.HOST], verdicts.MISSING)
        self.assertEqual(rows["AVR (ATmega2560, simavr)"], verdicts.MISSING)

    def test_a_stage_that_cannot_run(self):
        verdicts._data.update(embedded={"raw": {"s03_wall": {"avr": {"flipscan": 5}},
                                                "s04_flat": {"avr": {"error": "too big for AVR"}}}})
        row = [r for r in verdicts.timing_rows(CLAIM) if r[0].startswith("AVR")][0]
        self.assertEqual(row[1], "cannot run there")
        self.assertIn("too big", row[2])

    def test_no_embedded_row_where_nothing_is_measured(self):
        perft = dict(CLAIM, faster="s04:Perft/7", than="s03:Perft/7")
        self.assertEqual(verdicts.expected_platforms(perft), [verdicts.HOST])
        # ... but one row says which platforms do not measure it, and why
        rows = verdicts.timing_rows(perft)
        self.assertEqual([r[:2] for r in rows[1:]], [("AVR, lx106, RISC-V rv32imac", "not measured there")])
        self.assertIn("host only", rows[1][2])
        self.assertEqual(len(verdicts.timing_rows(CLAIM)), 4)  # measured everywhere: no such row
        midgame = dict(CLAIM, faster="e04:Midgame/d7/s11_avx512", than="e03:Midgame/d7/s11_avx512")
        self.assertEqual(verdicts.expected_platforms(midgame), [verdicts.HOST])
        endgame = dict(CLAIM, faster="e04:Endgame/e12/s11_avx512", than="e03:Endgame/e12/s11_avx512")
        self.assertEqual(len(verdicts.expected_platforms(endgame)), 4)

    def test_a_sidebar_method_is_timed_by_its_sketch(self):
        go = {"stage": "go_capture", "article": "001", "claim": "recursion beats the sweep",
              "faster": "go_capture:Article/recursive", "than": "go_capture:Article/sweep"}
        self.assertEqual(len(verdicts.expected_platforms(go)), 4)
        verdicts._data.update(embedded={"raw": {"go_capture": {
            "avr": {"timed": {"recursive": 1000, "sweep": 3000}},
            "xtensa": {"timed": {"recursive": 1000, "sweep": 1005}},  # within its 1 %: no verdict
            "riscv": {"timed": {"recursive": 2000}}}}})  # no sweep line: its data are missing
        rows = {p: (v, f) for p, v, f in verdicts.timing_rows(go)}
        self.assertEqual(rows["AVR (ATmega2560, simavr)"][0], "holds")
        self.assertIn("timing lines", rows["AVR (ATmega2560, simavr)"][1])
        self.assertTrue(rows["lx106 (QEMU)"][0].startswith("within noise"))
        self.assertEqual(rows["RISC-V rv32imac (QEMU)"][0], verdicts.MISSING)
        variant = dict(go, faster="go_capture:Many/recursive", than="go_capture:Many/sweep")
        self.assertEqual(verdicts.expected_platforms(variant), [verdicts.HOST])  # random boards: host only


class Check(unittest.TestCase):
    def tree(self, rows):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        d = tmp.name
        os.makedirs(os.path.join(d, "docs"))
        with open(os.path.join(d, "docs", "claims.json"), "w") as f:
            json.dump([CLAIM], f)
        with open(os.path.join(d, "docs", "overview.md"), "w") as f:
            f.write("<!-- claims:begin -->\n" + verdicts.table([("000", CLAIM["claim"], rows)]) + "<!-- claims:end -->\n")
        return d

    def test_complete_ledger_passes(self):
        verdicts._data.update(pairs=pairs([5, 6, 6, 7], [9, 9, 10, 11]), embedded=embedded((3, 3, 3), (2, 2, 2)))
        self.assertEqual(verdicts.check(self.tree(verdicts.timing_rows(CLAIM))), [])

    def test_a_platform_row_left_out_fails(self):
        verdicts._data.update(pairs=pairs([5, 6, 6, 7], [9, 9, 10, 11]), embedded=embedded((3, 3, 3), (2, 2, 2)))
        rows = [r for r in verdicts.timing_rows(CLAIM) if not r[0].startswith("lx106")]
        problems = verdicts.check(self.tree(rows))
        self.assertEqual(len(problems), 1)
        self.assertIn("no row for lx106", problems[0])

    def test_the_row_of_the_platforms_that_do_not_measure_it_is_required(self):
        verdicts._data.update(pairs=pairs([5, 6, 6, 7], [9, 9, 10, 11]))
        perft = dict(CLAIM, faster="s04:Perft/7", than="s03:Perft/7")
        tmp = self.tree([])
        with open(os.path.join(tmp, "docs", "claims.json"), "w") as f:
            json.dump([perft], f)
        with open(os.path.join(tmp, "docs", "overview.md"), "w") as f:
            rows = [("host x86", "holds", "figure")]
            f.write("<!-- claims:begin -->\n" + verdicts.table([("000", perft["claim"], rows)]) + "<!-- claims:end -->\n")
        problems = verdicts.check(tmp)
        self.assertEqual(len(problems), 1)
        self.assertIn("no row for AVR, lx106, RISC-V", problems[0])

    def test_missing_data_fails(self):
        verdicts._data.update(pairs=None, embedded=embedded((3, 3, 3), (2, 2, 2)))
        problems = verdicts.check(self.tree(verdicts.timing_rows(CLAIM)))
        self.assertEqual(len(problems), 1)
        self.assertIn(verdicts.MISSING, problems[0])


class StillSlower(unittest.TestCase):
    """A "why it is slower" section must still show a timed row below 1.00x."""

    def test_a_slowdown_the_data_show(self):
        self.assertTrue(verdicts.still_slower("| host time | 585 | 619 | runs 0.94x as fast |\n"
                                              "| AVR cycles | 21,655 | 21,572 | runs 1.00x as fast |"))

    def test_a_slowdown_gone_is_found(self):
        self.assertFalse(verdicts.still_slower("| host time | 13.6 | 6.4 | runs 2.12x as fast |\n"
                                               "| AVR cycles | 11,402 | 11,403 | runs 1.00x as fast |\n"
                                               "| instructions | 261 | 132 | 0.51x as many |"))


class SeveralProcesses(unittest.TestCase):
    """bench/verdict_pairs.py splits a pair's repetitions among processes and pools them: a
    process that runs one side slowly throughout moves the spread, not the verdict."""

    def test_one_slow_process_does_not_decide(self):
        from bench import verdict_pairs
        tmp = tempfile.mkdtemp()
        count = os.path.join(tmp, "count")
        exe = os.path.join(tmp, "bench_compare")
        # A stand-in for bench_compare: s11 takes 10 ns a position against s10's 12, except in
        # the first process, where s11 takes 30 (every repetition alike, as seen on a real run).
        with open(exe, "w") as f:
            f.write(f"""#!/usr/bin/env python3
import json, os, sys
n = int(open({count!r}).read()) if os.path.exists({count!r}) else 0
open({count!r}, "w").write(str(n + 1))
reps = int(next(a for a in sys.argv if a.startswith("--benchmark_repetitions=")).split("=")[1])
run = [dict(name=f"{{s}}/FlipScan", run_type="iteration", items_per_second=1e9 / t)
       for s, t in (("s11_avx512", 30.0 if n == 0 else 10.0), ("s10_simd", 12.0)) for _ in range(reps)]
print(json.dumps(dict(benchmarks=run)))
""")
        os.chmod(exe, 0o755)
        claim = {"faster": "s11:FlipScan", "than": "s10:FlipScan"}
        got = verdict_pairs.measure(tmp, claim, 15, 0.01, processes=3)
        self.assertEqual(open(count).read(), "3")
        self.assertEqual((len(got["a"]), len(got["b"])), (15, 15))
        self.assertIn("3 processes of 5", got["how"])
        self.assertEqual(verdicts.pair_source(got), "interleaved in each of 3 processes")
        self.assertEqual(verdicts.host_verdict(got["a"], got["b"]), verdicts.VERDICTS[2])  # within noise, not "slower"
        os.unlink(count)
        alone = verdict_pairs.measure(tmp, claim, 15, 0.01, processes=1)  # the slow process alone decides
        self.assertEqual(verdicts.host_verdict(alone["a"], alone["b"]), "does not hold")
        self.assertEqual(verdicts.pair_source(alone), "one process, interleaved")


if __name__ == "__main__":
    unittest.main()

#!/usr/bin/env python3
"""Checks bench/flash_cache.py's model on tiny traces whose answers are worked out by
hand, so that the flash-cache figures on stage 08's page cannot silently be wrong:
the cache's hits, misses and LRU replacement, reads that straddle two lines, the move
of host addresses to the target's layout (pointer tables scaled), the parsing of
lackey's trace, the cut of one iteration out of two runs, and the line-fill cost."""
import sys

from bench import flash_cache as fc


failures = []


def check(what, got, want):
    if got != want:
        failures.append(f"{what}: got {got!r}, want {want!r}")


# 2 sets x 2 ways of 32-byte lines: 0, 64 and 128 all fall in set 0.
c = fc.Cache(size=128, ways=2, line=32)
for a in (0, 64, 0, 128, 0, 64):
    c.read(a)
# miss, miss, hit, miss (evicts 64, the least recent; FIFO would evict 0), hit, miss.
check("LRU in one set: accesses, misses", (c.accesses, c.misses), (6, 4))
c.read(32)  # set 1, untouched by the above
c.read(40)  # same line
check("another set", (c.accesses, c.misses), (8, 5))

c = fc.Cache(size=128, ways=2, line=32)
c.read(30, 4)  # bytes 30..33: lines 0 and 1
check("straddling read", (c.accesses, c.misses), (2, 2))

c = fc.Cache(size=64, ways=1, line=32)  # direct-mapped, 2 sets
for a in (0, 64, 0):
    c.read(a)
check("direct-mapped conflict", c.misses, 3)
try:
    fc.Cache(size=100, ways=2, line=32)
    failures.append("a size that is not a multiple of ways * line was accepted")
except ValueError:
    pass

# The ESP32's geometry: 512 sets; a footprint of 1,024 lines in 512 sets fits, 1,025 does not.
g = fc.ESP32_CACHE
fits = [(i * 32, 1) for i in range(1024)]
check("ESP32 cache, 32 KB footprint, repeated", fc.simulate(fits, g)["repeated"], (1024, 0))
check("ESP32 cache, 32 KB footprint, cold", fc.simulate(fits, g)["cold"], (1024, 1024))
over = [(i * 32, 1) for i in range(1025)]  # line 1024 shares set 0 with lines 0 and 512
r = fc.simulate(over, g)
# Repeated: line 0 was evicted by 1024, so 0 misses (evicting 512), 512 misses (evicting
# 1024), 1024 misses (evicting 0): 3 misses; the other 1,022 lines stay.
check("ESP32 cache, one line too many, repeated", r["repeated"], (1025, 3))
check("lines touched", r["lines"], 1025)

# Host layout (runtime base 0x1000): a byte table and a pointer table of 2 x 8-byte pointers.
host = {"_ZN3s08L1TE": (0x100, 16), "_ZN3s08L1PE": (0x200, 16)}
target = {"_ZN3s08L1TE": (0x6000_0000, 16), "_ZN3s08L1PE": (0x6000_0040, 8)}
move = fc.relocator(host, target, 0x1000)
check("byte table", move(0x1105, 1), (0x6000_0005, 1))
check("pointer table, second pointer", move(0x1208, 8), (0x6000_0044, 4))
check("outside every table", move(0x1110, 1), None)
check("below every table", move(0x10, 1), None)
trace = ["I  04001000,3", " L 00001105,1", " S 00001105,1", " M 00001208,8", " L 00009999,4"]
check("lackey trace", fc.parse_lackey(trace, move), [(0x6000_0005, 1), (0x6000_0044, 4)])
check("grep pattern", fc.page_pattern([(0x1100, 0x1110), (0x1200, 0x1210)]), "^ [LM] (00001)")

setup, it = [(1, 1), (2, 1)], [(3, 1), (4, 1), (5, 1)]
check("one iteration", fc.one_iteration(setup + it, setup + it + it), it)
try:
    fc.one_iteration(setup + it, setup + it + [(3, 1), (4, 1), (6, 1)])
    failures.append("two different iterations were accepted")
except SystemExit:
    pass

# QIO: 8 + 32/4 + 4 + 256/4 = 84 flash clocks; at 80 MHz for a 240 MHz CPU, 3 cycles each.
check("QIO 80 MHz fill", fc.fill_cycles(80, 4, 4), 252.0)
check("DIO 40 MHz fill", fc.fill_cycles(40, 2, 0), (8 + 16 + 128) * 6.0)

for f in failures:
    print("FAIL " + f)
if failures:
    sys.exit(1)
print("flash-cache model: all checks passed")

#!/usr/bin/env python3
"""The embedded checks of one sketch, and the functions the embedded report reuses.

    embedded.py warm   --board mega|uno --out DIR
    embedded.py avr    --board mega|uno --out DIR --source SRC --folder FOLDER
                       --checker CHECKER --runner SIMAVR_RUN [--host-sketch EXE] [--too-big]
    embedded.py xtensa --out DIR --source SRC --folder sNN_name
    embedded.py xtensa-sketch --out DIR --source SRC --folder eNN_name
                       --checker CHECKER --host-sketch EXE

warm    compiles an empty sketch so that the Arduino core lands in DIR's build cache
        once, before the sketches are compiled in parallel.
avr     compiles stages/<folder> with arduino-builder for the board, measures flash
        and static RAM (avr-size) against the board's limits (boards.txt), runs it with
        SIMAVR_RUN -m MCU ELF, which also watches the stack and stops the sketch when the
        stack grows into the static data, and has CHECKER judge what it printed (CHECKER
        cat OUTPUT). With --host-sketch (the search steps), the output must also be the
        host build's of the same sketch, line for line (us= values aside): the same
        nodes and scores with AVR's 16-bit int. With --too-big it asserts instead that
        the sketch does NOT fit: it does not build, its static data exceeds the board,
        or its stack runs into the static data; it prints the sizes and the limit.
xtensa  compiles the stage header freestanding into tests/embedded/xtensa_driver.cpp
        with xtensa-lx106-elf-g++ -O2, runs it under qemu-system-xtensa, and passes
        when it exits 0 (grid, legalMoves and play checked against the golden grid).
xtensa-sketch
        compiles the sketch itself (a search step's, with its src/ move generator)
        freestanding for the lx106 on the Arduino shim's interface (xtensa_arduino.cpp),
        runs it under qemu-system-xtensa, has CHECKER judge its output, and compares it
        with the host build's output line for line (us= values aside).

Exit status: 0 pass, 1 fail, 77 skipped because a toolchain is missing (CTest reports
it as skipped, never as passed).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
ARDUINO_HARDWARE = "/usr/share/arduino/hardware"
BOARDS_TXT = os.path.join(ARDUINO_HARDWARE, "arduino/avr/boards.txt")

# name: (arduino-builder FQBN, boards.txt prefix, simavr MCU, first RAM address)
BOARDS = {
    "mega": ("arduino:avr:mega:cpu=atmega2560", "mega.menu.cpu.atmega2560", "atmega2560", 0x200),
    "uno": ("arduino:avr:uno", "uno", "atmega328p", 0x100),
}
AVR_DATA_SPACE = 0x800000  # where avr-ld puts data addresses
AVR_TOOLS = {
    "arduino-builder": "arduino-builder arduino-core-avr",
    "avr-g++": "gcc-avr avr-libc",
    "avr-size": "binutils-avr",
    "avr-nm": "binutils-avr",
}
XTENSA_TOOLS = {
    "xtensa-lx106-elf-g++": "gcc-xtensa-lx106",
    "xtensa-lx106-elf-nm": "binutils-xtensa-lx106",
    "xtensa-lx106-elf-size": "binutils-xtensa-lx106",
    "qemu-system-xtensa": "qemu-system-misc",
}
XTENSA_FLAGS = ["-std=c++11", "-O2", "-ffreestanding", "-fno-exceptions", "-fno-rtti", "-nostdlib",
                "-Wall", "-Wextra", "-Wl,--no-warn-rwx-segments"]
QEMU_XTENSA = ["qemu-system-xtensa", "-M", "sim", "-cpu", "lx106", "-semihosting", "-display", "none",
               "-serial", "none", "-monitor", "none", "-icount", "shift=0"]
# simavr_run's exit statuses (tests/embedded/simavr_run.c).
RUNNER_STATUS = {0: "printed DONE", 2: "could not load the program", 3: "no DONE within the emulated time limit",
                 4: "the CPU stopped or crashed before DONE", 5: "stack overflow into the static data"}
RUNNER_STACK_OVERFLOW = 5
# The functions the sketches and the Xtensa driver time; with the stage's own
# out-of-line functions they are the "stage code" whose size is reported.
TIMED_FUNCTIONS = ("flipScan()", "legalMovesOnce()", "playOnce()")


class Skip(Exception):
    """A toolchain is missing: the check cannot run here."""


def require(tools):
    missing = sorted({pkg for tool, pkg in tools.items() if not shutil.which(tool)})
    if missing:
        raise Skip("missing " + ", ".join(t for t in tools if not shutil.which(t)) +
                   " (Debian: apt-get install " + " ".join(missing) + ")")


def namespace_of(source, folder):
    """sNN for a numbered stage; otherwise what the sketch's `namespace stage = X;` names."""
    m = re.match(r"s(\d\d)_", folder)
    if m:
        return "s" + m.group(1)
    with open(os.path.join(source, "stages", folder, folder + ".ino"), encoding="utf-8") as f:
        m = re.search(r"namespace\s+stage\s*=\s*(\w+)\s*;", f.read())
    return m.group(1) if m else None


def board_limits(board):
    """(flash bytes, RAM bytes) the board offers a sketch, from the Arduino core's boards.txt."""
    prefix = BOARDS[board][1]
    values = {}
    with open(BOARDS_TXT, encoding="utf-8") as f:
        for line in f:
            key, _, value = line.strip().partition("=")
            values[key] = value
    def get(name):  # a menu entry overrides the board's default
        base = prefix.split(".menu.")[0]
        return int(values.get(f"{prefix}.upload.{name}") or values[f"{base}.upload.{name}"])
    return get("maximum_size"), get("maximum_data_size")


def sections(size_tool, elf):
    """{section: bytes} from `size -A`."""
    out = subprocess.run([size_tool, "-A", elf], check=True, capture_output=True, text=True).stdout
    result = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].startswith(".") and parts[1].isdigit():
            result[parts[0]] = int(parts[1])
    return result


def avr_memory(elf):
    """(flash, RAM) as the Arduino IDE counts them: .text + .data; .data + .bss + .noinit."""
    s = sections("avr-size", elf)
    return s.get(".text", 0) + s.get(".data", 0), s.get(".data", 0) + s.get(".bss", 0) + s.get(".noinit", 0)


def stage_code_bytes(nm_tool, elf, namespace):
    """Bytes of the timed functions plus every out-of-line function of the stage's namespace."""
    out = subprocess.run([nm_tool, "-S", "-C", elf], check=True, capture_output=True, text=True).stdout
    total = 0
    for line in out.splitlines():
        m = re.match(r"[0-9a-f]+ ([0-9a-f]+) [tTwW] (.*)$", line)
        if not m:
            continue
        name = re.sub(r"^\(anonymous namespace\)::", "", m.group(2))
        if name.split(" [clone")[0] in TIMED_FUNCTIONS or (namespace and name.startswith(namespace + "::")):
            total += int(m.group(1), 16)
    return total


def compile_sketch(source, folder, board, out):
    """Compiles stages/<folder> for the board into <out>/avr-<board>/<folder>; returns
    (ELF path or None, arduino-builder's exit status, its output)."""
    out, source = os.path.abspath(out), os.path.abspath(source)  # arduino-builder wants absolute paths
    build = os.path.join(out, f"avr-{board}", folder)
    cache = os.path.join(out, f"avr-{board}", "core-cache")
    os.makedirs(build, exist_ok=True)
    os.makedirs(cache, exist_ok=True)
    elf = os.path.join(build, folder + ".ino.elf")
    if os.path.exists(elf):
        os.remove(elf)
    cmd = ["arduino-builder", "-compile", "-hardware", ARDUINO_HARDWARE, "-hardware", "/usr/share/arduino-builder",
           "-tools", "/usr/bin", "-fqbn", BOARDS[board][0], "-build-path", build, "-build-cache", cache,
           "-quiet", "-prefs=compiler.cpp.extra_flags=-DDECIMAL_DIG=9", os.path.join(source, "stages", folder)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return (elf if os.path.exists(elf) else None), r.returncode, r.stdout + r.stderr


def warm(args):
    require(AVR_TOOLS)
    sketch = os.path.join(args.out, "warmup", "stages", "warmup")
    os.makedirs(sketch, exist_ok=True)
    with open(os.path.join(sketch, "warmup.ino"), "w") as f:
        f.write("// Compiled once so that the Arduino core is in the build cache.\n"
                "void setup() { Serial.begin(115200); Serial.println(1L); }\nvoid loop() {}\n")
    elf, code, log = compile_sketch(os.path.join(args.out, "warmup"), "warmup", args.board, args.out)
    if code != 0 or not elf:
        print(log)
        print(f"the Arduino core does not compile for the {args.board}")
        return 1
    print(f"Arduino core for the {args.board} compiled into the build cache")
    return 0


def run_avr(runner, board, elf, timeout=300):
    """(exit status, stdout, stderr) of the sketch in simavr."""
    r = subprocess.run([runner, "-m", BOARDS[board][2], elf], capture_output=True, text=True, timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def runner_marks(stderr):
    """{mark: (cycles, deepest stack in bytes)} from simavr_run's report."""
    return {int(m): (int(c), int(k)) for m, c, k in
            re.findall(r"^simavr_run: mark (\d+) cycles=(\d+) stack=(\d+)$", stderr, re.M)}


def runner_stack(stderr):
    """{max, static, free} bytes from simavr_run's stack line, or None."""
    m = re.search(r"^simavr_run: stack max=(\d+) static=(\d+) free=(-?\d+)$", stderr, re.M)
    return dict(zip(("max", "static", "free"), map(int, m.groups()))) if m else None


def output_is_right(output, path, checker, host_sketch):
    """Whether what a sketch printed (saved to `path`) is right: CHECKER judges it (CHECKER
    cat PATH), and with host_sketch it must also be that build's output. Says why not."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(output)
    r = subprocess.run([checker, "cat", path], capture_output=True, text=True)
    print((r.stdout + r.stderr).strip())
    if r.returncode != 0:
        return False
    if host_sketch:
        diff = host_difference(output, host_sketch)
        if diff:
            print(f"FAIL: {diff}")
            return False
        print("the output is the host build's, line for line (us= aside)")
    return True


def host_difference(output, host_sketch):
    """Where `output` differs from the host build of the same sketch ("" if nowhere), ignoring
    the us= values (time differs by machine; everything else must not)."""
    host = subprocess.run([host_sketch], capture_output=True, text=True, timeout=120)
    if host.returncode != 0:
        return f"the host build {host_sketch} exited with {host.returncode}"
    def lines(text):
        return [re.sub(r" us=\d+", " us=T", l.rstrip("\r")) for l in text.split("\n") if l.strip()]
    here, there = lines(output), lines(host.stdout)
    for i, (a, b) in enumerate(zip(here, there)):
        if a != b:
            hint = ("\n  (a table of another size visits other nodes: the sketch must give its table "
                    "as many slots here as on the host)" if a.startswith("table slots=") else "")
            return f"line {i + 1} differs from the host build's:\n  here: {a}\n  host: {b}{hint}"
    if len(here) != len(there):
        return f"{len(here)} lines here, {len(there)} in the host build's output"
    return ""


def avr(args):
    require(AVR_TOOLS)
    if not os.path.exists(args.runner):
        raise Skip(f"{args.runner} was not built (libsimavr-dev missing when CMake configured?)")
    elf, code, log = compile_sketch(args.source, args.folder, args.board, args.out)
    max_flash, max_ram = board_limits(args.board)
    if not elf:
        print(log)
        reason = too_big_reason(log, args.source, args.folder, args.board)
        if args.too_big and reason:
            print(f"TOO BIG, as expected: {reason}; the {args.board} has {max_ram} bytes of RAM")
            return 0
        print(f"FAIL: {args.folder} does not compile for the {args.board} (arduino-builder exit {code})")
        return 1
    flash, ram = avr_memory(elf)
    fits = flash <= max_flash and ram <= max_ram
    print(f"{args.folder} on the {args.board}: flash {flash} of {max_flash} bytes, RAM {ram} of {max_ram} bytes "
          "(static: .data + .bss)")
    listed = f"'{args.folder}:{args.board}' in LAB_AVR_TOO_BIG (tests/embedded/embedded.cmake)"
    if args.too_big and not fits:
        what = "flash" if flash > max_flash else "RAM"
        print(f"TOO BIG, as expected: {args.folder} needs more {what} than the {args.board} has")
        return 0
    if not fits:
        print(log)
        print(f"FAIL: {args.folder} does not fit the {args.board}; if that is expected, add {listed}")
        return 1
    if code != 0:
        print(log)
        print(f"FAIL: arduino-builder exit {code}")
        return 1
    print(f"running: {args.runner} -m {BOARDS[args.board][2]} {elf}", flush=True)
    status, output, err = run_avr(args.runner, args.board, elf)
    print(err.strip())
    stack = runner_stack(err)
    if args.too_big:
        if status == RUNNER_STACK_OVERFLOW and stack:
            print(f"TOO BIG, as expected: {args.folder} has {stack['static']} bytes of static data, and its stack "
                  f"reached {stack['max']} bytes ({stack['static'] + stack['max']} in all) at the instruction that "
                  f"ran it into them: the {args.board} has {max_ram} bytes of RAM")
            return 0
        print(output)
        if status == 0:
            print(f"FAIL: {args.folder} fits the {args.board} now (static data and stack): take {listed} "
                  "off that list so that its output is checked")
        else:
            print(f"FAIL: simavr_run exit {status} ({RUNNER_STATUS.get(status, '?')}), not the stack overflow "
                  f"that {listed} expects")
        return 1
    if status != 0:
        print(output)
        print(f"FAIL: simavr_run exit {status}: {RUNNER_STATUS.get(status, '?')}" +
              (f"; if {args.folder} cannot fit the {args.board}, add {listed}"
               if status == RUNNER_STACK_OVERFLOW else ""))
        return 1
    if stack:
        print(f"RAM at the deepest: {stack['static']} static + {stack['max']} stack = "
              f"{stack['static'] + stack['max']} of {max_ram} bytes ({stack['free']} never used)")
    return 0 if output_is_right(output, os.path.join(os.path.dirname(elf), "output.txt"), args.checker,
                                args.host_sketch) else 1


def too_big_reason(log, source, folder, board):
    """Why a sketch that failed to build does not fit the board, from the build log, or
    None. The sketch's const data lives in RAM on an AVR, whose data addresses are 16 bits."""
    # avr-gcc refuses any single object over 32,767 bytes (its size_t is 16 bits).
    huge = sorted(set(re.findall(r"size of array .(\w+). is too large", log)))
    if huge:
        return ", ".join(f"{n} is {host_sizeof(source, folder, n):,} bytes" for n in huge) + \
            " (avr-gcc allows objects of at most 32,767 bytes)"
    # Smaller objects that add up past 64 KB: the assembler cannot address them.
    ends = [int(n) for n in re.findall(r"too large for field of 2 bytes at (\d+)", log)]
    if ends:
        return (f"its static data runs to byte {max(ends):,}, past the 65,536 bytes that the AVR's "
                "16-bit data addresses reach")
    # Static data past the end of this board's RAM: the linker names where it got to.
    past = [int(a, 16) for a in re.findall(r"address (0x[0-9a-f]+) of .* section .\.(?:data|bss|noinit). "
                                           r"is not within region .data.", log)]
    if past:
        return (f"its static data (.data + .bss) reaches {max(past) - AVR_DATA_SPACE - BOARDS[board][3]:,} bytes "
                f"into RAM before the linker gives up")
    return None


def host_sizeof(source, folder, name):
    """sizeof(ns::name) of the stage header, measured with the host's C++ compiler."""
    ns = namespace_of(source, folder)
    program = (f'#include "{folder}/{folder}.h"\n#include <cstdio>\n'
               f'int main() {{ std::printf("%zu", sizeof({ns}::{name})); }}\n')
    exe = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"lab_sizeof_{os.getpid()}")
    try:
        subprocess.run(["c++", "-std=c++11", "-I", os.path.join(source, "stages"), "-x", "c++", "-", "-o", exe],
                       input=program, check=True, capture_output=True, text=True)
        return int(subprocess.run([exe], check=True, capture_output=True, text=True).stdout)
    finally:
        if os.path.exists(exe):
            os.remove(exe)


def golden_data(source):
    """common/golden.h's position and grid as C string literals (one source of truth)."""
    with open(os.path.join(source, "common", "golden.h"), encoding="utf-8") as f:
        text = f.read()
    def literal(name):
        m = re.search(r"\b%s\s*=\s*((?:\s*\"[^\"]*\")+)\s*;" % name, text)
        if not m:
            raise SystemExit(f"embedded.py: cannot find `{name} = \"...\";` in common/golden.h")
        return m.group(1).strip()
    return ("// Generated by tests/embedded/embedded.py from common/golden.h.\n"
            f"static const char GOLDEN_POSITION[] =\n    {literal('position')};\n"
            f"static const char GOLDEN_GRID[] =\n    {literal('grid')};\n")


def build_xtensa(source, folder, out):
    """Compiles the Xtensa harness for one numbered stage; returns (ELF or None, log)."""
    build = os.path.join(out, "xtensa", folder)
    os.makedirs(build, exist_ok=True)
    with open(os.path.join(build, "golden_data.h"), "w", encoding="utf-8") as f:
        f.write(golden_data(source))
    elf = os.path.join(build, folder + ".elf")
    cmd = ["xtensa-lx106-elf-g++", *XTENSA_FLAGS, "-I", os.path.join(source, "stages"), "-I", build,
           f'-DSTAGE_HEADER="{folder}/{folder}.h"', f"-DSTAGE_NS={namespace_of(source, folder)}",
           "-isystem", os.path.join(HERE, "xtensa_libc"), "-T", os.path.join(HERE, "xtensa.ld"),
           os.path.join(HERE, "xtensa_start.S"), os.path.join(HERE, "xtensa_support.cpp"),
           os.path.join(HERE, "xtensa_driver.cpp"), "-lgcc", "-o", elf]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return (elf if r.returncode == 0 else None), " ".join(cmd) + "\n" + r.stdout + r.stderr


def run_xtensa(elf, timeout=60):
    """(exit status, output) of the harness under QEMU."""
    r = subprocess.run(QEMU_XTENSA + ["-device", f"loader,file={elf},cpu-num=0"],
                       capture_output=True, text=True, timeout=timeout)
    return r.returncode, r.stdout + r.stderr


def xtensa(args):
    require(XTENSA_TOOLS)
    elf, log = build_xtensa(args.source, args.folder, args.out)
    if not elf:
        print(log)
        print(f"FAIL: {args.folder}.h does not compile freestanding for the lx106")
        return 1
    code, output = run_xtensa(elf)
    print(output, end="")
    if code != 0:
        print(f"FAIL: the harness exited with {code}")
        return 1
    print(f"{args.folder} on the lx106 under QEMU: grid, legalMoves and play agree with the golden grid")
    return 0


def build_xtensa_sketch(source, folder, out):
    """Compiles stages/<folder>/<folder>.ino for the lx106 on the Arduino shim's interface
    (tests/arduino/Arduino.h, implemented by xtensa_arduino.cpp); returns (ELF or None, log)."""
    build = os.path.join(out, "xtensa", folder)
    os.makedirs(build, exist_ok=True)
    wrapper = os.path.join(build, "sketch.cpp")
    with open(wrapper, "w", encoding="utf-8") as f:
        f.write(f'// Generated by tests/embedded/embedded.py: the sketch as C++ on the shim.\n'
                f'#include "Arduino.h"\n#include "{folder}.ino"\n')
    elf = os.path.join(build, folder + ".elf")
    cmd = ["xtensa-lx106-elf-g++", *XTENSA_FLAGS, "-I", os.path.join(os.path.dirname(HERE), "arduino"),
           "-isystem", os.path.join(HERE, "xtensa_libc"), "-I", HERE, "-I", os.path.join(source, "stages", folder),
           "-T", os.path.join(HERE, "xtensa.ld"), os.path.join(HERE, "xtensa_start.S"),
           os.path.join(HERE, "xtensa_support.cpp"), os.path.join(HERE, "xtensa_arduino.cpp"), wrapper,
           "-lgcc", "-o", elf]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return (elf if r.returncode == 0 else None), " ".join(cmd) + "\n" + r.stdout + r.stderr


def missing_helpers(log):
    """The compiler support routines (__name) a failed lx106 link could not find."""
    return sorted(set(re.findall(r"undefined reference to .(__\w+).", log)))


def xtensa_sketch(args):
    require(XTENSA_TOOLS)
    elf, log = build_xtensa_sketch(args.source, args.folder, args.out)
    if not elf:
        print(log)
        missing = missing_helpers(log)
        print(f"FAIL: {args.folder}.ino does not compile freestanding for the lx106" +
              (f": it needs {', '.join(missing)}, which Debian's lx106 libgcc lacks" if missing else ""))
        return 1
    code, output = run_xtensa(elf)
    print(output, end="")
    if code != 0:
        print(f"FAIL: the sketch exited with {code} under QEMU")
        return 1
    if not output_is_right(output, os.path.join(os.path.dirname(elf), "output.txt"), args.checker, args.host_sketch):
        return 1
    print(f"{args.folder} on the lx106 under QEMU: its output is right")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["warm", "avr", "xtensa", "xtensa-sketch"])
    ap.add_argument("--board", choices=sorted(BOARDS), default="mega")
    ap.add_argument("--out", required=True, help="where builds go (e.g. build/embedded)")
    ap.add_argument("--source", default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument("--folder")
    ap.add_argument("--checker")
    ap.add_argument("--runner")
    ap.add_argument("--host-sketch", help="the sketch built for the host shim: its output must be the same")
    ap.add_argument("--too-big", action="store_true")
    args = ap.parse_args()
    if args.what != "warm" and not args.folder:
        ap.error("--folder is required")
    if args.what == "avr" and not (args.checker and args.runner):
        ap.error("avr needs --checker and --runner")
    if args.what == "xtensa-sketch" and not (args.checker and args.host_sketch):
        ap.error("xtensa-sketch needs --checker and --host-sketch")
    try:
        return {"warm": warm, "avr": avr, "xtensa": xtensa, "xtensa-sketch": xtensa_sketch}[args.what](args)
    except Skip as e:
        print(f"SKIPPED (not passed): {e}")
        return SKIP


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The embedded checks of one sketch, and the functions the embedded report reuses.

    embedded.py warm   --board mega|uno --out DIR
    embedded.py avr    --board mega|uno --out DIR --source SRC --folder FOLDER
                       --checker CHECKER --runner SIMAVR_RUN [--host-sketch EXE] [--too-big]
    embedded.py xtensa --out DIR --source SRC --folder sNN_name [--checker CHECKER --host-sketch EXE]
    embedded.py xtensa-sketch --out DIR --source SRC --folder FOLDER
                       --checker CHECKER --host-sketch EXE
    embedded.py names  --source SRC --folder FOLDER
    embedded.py esp32  --out DIR --source SRC --folder FOLDER
    embedded.py riscv  --out DIR --source SRC --folder FOLDER --checker CHECKER --host-sketch EXE
    embedded.py riscv-game --out DIR --source SRC --folder e07_patterns --host-sketch EXE

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
        when it exits 0 (grid, legalMoves and play checked against the golden grid);
        given --checker and --host-sketch it then runs the whole sketch as xtensa-sketch.
xtensa-sketch
        compiles the sketch itself (any sketch; a search step's with its src/ move generator)
        freestanding for the lx106 on the Arduino shim's interface (xtensa_arduino.cpp),
        runs it under qemu-system-xtensa, has CHECKER judge its output, and compares it
        with the host build's output line for line (us= values aside).
names   checks that the sketch names its own folder wherever it names a stage: its first
        comment, every stage=, its title line, the `namespace stage =` of a numbered
        stage; and that any other stage its strings name is one whose header it includes
        (a search step's move generator).
esp32   compiles the sketch's ARDUINO_ARCH_ESP32 branch on the ESP32 signature stub
        (esp32/Arduino.h) with -Wall -Wextra -Werror, as core 2.x (-std=gnu++11) and
        core 3.x (-std=gnu++2b), for the lx106 (xtensa-lx106-elf-g++) and for rv32imc/ilp32
        (riscv64-unknown-elf-g++, the ESP32-C3's instruction set): four compilations.
riscv   builds the whole sketch, ESP32 branch included, for rv32imac with picolibc on the
        stub's implementation (esp32_shim.cpp) at -Os as the ESP32 core builds, runs it under
        qemu-system-riscv32 -icount shift=0, has CHECKER judge its output, and compares it
        with EXE (the same sketch and shim built for the host) line for line, times and
        cycles aside; its result line must name its folder; the stack must stay in bounds.
        Its input is /dev/null: the sketch's output ends with DONE.
riscv-game
        the same RISC-V build of a sketch with a game over Serial (step 07's), fed a
        scripted game on the semihosting console (QEMU's standard input, a file): the
        script is made by playing EXE (the host build), the output is judged against the
        referee's rules by serial_game.py (every board, move, pass, refusal, the end) and
        must be EXE's output for the same script, times and cycles aside; the stack must
        stay in bounds.

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
RISCV_TOOLS = {
    "riscv64-unknown-elf-gcc": "gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf",
    "riscv64-unknown-elf-size": "binutils-riscv64-unknown-elf",
    "qemu-system-riscv32": "qemu-system-misc",
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
    """sNN for a numbered stage, eNN for a search step; otherwise what the sketch's
    `namespace stage = X;` names."""
    m = re.match(r"([se])(\d\d)_", folder)
    if m:
        return m.group(1) + m.group(2)
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


# Where the sketch folders are compiled from: tests/sketches.py's copies (--sketches, each
# folder with every file its sketch includes, as the Arduino IDE gets it), else stages/.
SKETCHES = None


def sketch_folder(source, folder):
    """The folder a sketch is compiled from."""
    return os.path.join(SKETCHES or os.path.join(source, "stages"), folder)


def compile_sketch(sketch, folder, board, out, cache=None):
    """Compiles the sketch folder `sketch` (named folder) for the board into
    <out>/avr-<board>/<folder>, the Arduino core kept in `cache` (default
    <out>/avr-<board>/core-cache); returns (ELF path or None, arduino-builder's exit
    status, its output)."""
    out, sketch = os.path.abspath(out), os.path.abspath(sketch)  # arduino-builder wants absolute paths
    build = os.path.join(out, f"avr-{board}", folder)
    cache = os.path.abspath(cache) if cache else os.path.join(out, f"avr-{board}", "core-cache")
    os.makedirs(build, exist_ok=True)
    os.makedirs(cache, exist_ok=True)
    elf = os.path.join(build, folder + ".ino.elf")
    if os.path.exists(elf):
        os.remove(elf)
    cmd = ["arduino-builder", "-compile", "-hardware", ARDUINO_HARDWARE, "-hardware", "/usr/share/arduino-builder",
           "-tools", "/usr/bin", "-fqbn", BOARDS[board][0], "-build-path", build, "-build-cache", cache,
           "-quiet", "-prefs=compiler.cpp.extra_flags=-DDECIMAL_DIG=9", sketch]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return (elf if os.path.exists(elf) else None), r.returncode, r.stdout + r.stderr


def warm(args):
    require(AVR_TOOLS)
    sketch = os.path.join(args.out, "warmup", "stages", "warmup")
    os.makedirs(sketch, exist_ok=True)
    with open(os.path.join(sketch, "warmup.ino"), "w") as f:
        f.write("// Compiled once so that the Arduino core is in the build cache.\n"
                "void setup() { Serial.begin(115200); Serial.println(1L); }\nvoid loop() {}\n")
    elf, code, log = compile_sketch(sketch, "warmup", args.board, args.out)
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


def output_is_right(output, path, checker, host_sketch, masked=re.compile(r"\b(us)=\d+")):
    """Whether what a sketch printed (saved to `path`) is right: CHECKER judges it (CHECKER
    cat PATH), and with host_sketch it must also be that build's output. Says why not."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(output)
    r = subprocess.run([checker, "cat", path], capture_output=True, text=True)
    print((r.stdout + r.stderr).strip())
    if r.returncode != 0:
        return False
    if host_sketch:
        diff = host_difference(output, host_sketch, masked)
        if diff:
            print(f"FAIL: {diff}")
            return False
        print(f"the output is the host build's, line for line ({masked.pattern} aside)")
    return True


def host_difference(output, host_sketch, masked=re.compile(r"\b(us)=\d+"), input_path=None):
    """Where `output` differs from the host build of the same sketch ("" if nowhere), ignoring
    the values `masked` matches (time differs by machine; everything else must not). The
    host build reads its Serial input from `input_path` (default: none, /dev/null)."""
    with open(input_path or os.devnull, "rb") as given:
        host = subprocess.run([host_sketch], stdin=given, capture_output=True, text=True, timeout=120)
    if host.returncode != 0:
        return f"the host build {host_sketch} exited with {host.returncode}"
    def lines(text):
        return [masked.sub(r"\1=T", l.rstrip("\r")) for l in text.split("\n") if l.strip()]
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
    elf, code, log = compile_sketch(sketch_folder(args.source, args.folder), args.folder, args.board, args.out)
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
    # The array's namespace: that of the step whose file defines it (e08 compiles step 07's
    # src/e07_weights.h), else the sketch's own.
    huge = sorted(set(re.findall(r"([\w./+-]+):\d+:\d+: error: size of array .(\w+). is too large", log)))
    if huge:
        owner = lambda path: (re.match(r"([es]\d\d)_", os.path.basename(path)) or [None, None])[1]
        sizes = {n: host_sizeof(source, folder, n, owner(path)) for path, n in huge}
        return ", ".join(f"{n} is {size:,} bytes" for n, size in sorted(sizes.items())) + \
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


def host_sizeof(source, folder, name, ns=None):
    """sizeof(ns::name) of the stage header (ns: the folder's namespace unless given),
    measured with the host's C++ compiler."""
    ns = ns or namespace_of(source, folder)
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
    """common/library/golden.h's position and grid as C string literals (one source of truth)."""
    with open(os.path.join(source, "common", "library", "golden.h"), encoding="utf-8") as f:
        text = f.read()
    def literal(name):
        m = re.search(r"\b%s\s*=\s*((?:\s*\"[^\"]*\")+)\s*;" % name, text)
        if not m:
            raise SystemExit(f"embedded.py: cannot find `{name} = \"...\";` in common/library/golden.h")
        return m.group(1).strip()
    return ("// Generated by tests/embedded/embedded.py from common/library/golden.h.\n"
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
    # With a checker and the host build, the whole sketch runs on the lx106 too.
    return xtensa_sketch(args) if args.checker and args.host_sketch else 0


def build_xtensa_sketch(source, folder, out):
    """Compiles stages/<folder>/<folder>.ino for the lx106 on the Arduino shim's interface
    (tests/arduino/Arduino.h, implemented by xtensa_arduino.cpp); returns (ELF or None, log)."""
    build = os.path.join(out, "xtensa-sketch", folder)
    os.makedirs(build, exist_ok=True)
    wrapper = os.path.join(build, "sketch.cpp")
    with open(wrapper, "w", encoding="utf-8") as f:
        f.write(f'// Generated by tests/embedded/embedded.py: the sketch as C++ on the shim.\n'
                f'#include "Arduino.h"\n#include "{folder}.ino"\n')
    elf = os.path.join(build, folder + ".elf")
    cmd = ["xtensa-lx106-elf-g++", *XTENSA_FLAGS, "-I", os.path.join(os.path.dirname(HERE), "arduino"),
           "-isystem", os.path.join(HERE, "xtensa_libc"), "-I", HERE, "-I", sketch_folder(source, folder),
           "-T", os.path.join(HERE, "xtensa.ld"), os.path.join(HERE, "xtensa_start.S"),
           os.path.join(HERE, "xtensa_support.cpp"), os.path.join(HERE, "xtensa_arduino.cpp"), wrapper,
           "-lgcc", "-o", elf]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return (elf if r.returncode == 0 else None), " ".join(cmd) + "\n" + r.stdout + r.stderr


def judge(output, elf, args, where):
    """0 when a whole sketch's output (run from `elf`) is right: CHECKER's verdict and the
    host build's output, machine-dependent fields aside; else 1."""
    if not output_is_right(output, os.path.join(os.path.dirname(elf), "output.txt"), args.checker, args.host_sketch,
                           MACHINE_FIELDS):
        return 1
    print(f"{args.folder} on {where}: its output is right")
    return 0


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
    return judge(output, elf, args, "the lx106 under QEMU")


# ---- names: every sketch names its own folder ----

def stage_folders(source):
    """Every sketch folder under stages/ (a folder holding <folder>.ino)."""
    root = os.path.join(source, "stages")
    return sorted(d for d in os.listdir(root) if os.path.exists(os.path.join(root, d, d + ".ino")))


def name_problems(source, folder):
    """What the sketch says about stages that is not its own folder ([] if nothing)."""
    with open(os.path.join(source, "stages", folder, folder + ".ino"), encoding="utf-8") as f:
        text = f.read()
    problems = []
    first = text.split("\n", 1)[0]
    if not first.startswith(f"// {folder} "):
        problems.append(f"the first comment line names no folder or another one: {first!r}")
    for m in re.finditer(r"\bstage=(<?[\w]+>?)", text):
        if m.group(1) not in (folder, "<folder>"):
            problems.append(f"line {text.count(chr(10), 0, m.start()) + 1}: stage={m.group(1)}")
    m = re.search(r"\bnamespace\s+stage\s*=\s*(\w+)\s*;", text)
    if m and re.match(r"s\d\d_", folder) and m.group(1) != folder[:3]:
        problems.append(f"namespace stage = {m.group(1)}, not {folder[:3]}")
    # the string literals, but for #include paths (they name the files a sketch builds on)
    code = re.sub(r'#include\s+"[^"\n]*"', lambda m: " " * len(m.group(0)), text)
    strings = [(code.count("\n", 0, m.start()) + 1, m.group(1))
               for m in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', code)]
    titles = [(n, s) for n, s in strings if re.match(r"[a-z][a-z0-9]*_[a-z0-9_]+: ", s)]  # "<folder>: ..."
    named = re.search(r'STEP_NAME\[\]\s*=\s*"(\w+)"', text)  # a search step: its name, then ": " and STEP_TITLE
    if named:
        if named.group(1) != folder:
            problems.append(f"STEP_NAME is {named.group(1)!r}, not {folder!r}")
    elif not titles or not titles[0][1].startswith(folder + ": "):
        problems.append("no title line \"%s: ...\"%s" % (folder, f" (line {titles[0][0]}: {titles[0][1]!r})"
                                                           if titles else ""))
    included = set()
    for path in re.findall(r'#include\s+"([^"]+)"', text):
        included.update(re.findall(r"\w+", path))
    folders = set(stage_folders(source))
    for n, literal in strings:
        for word in re.findall(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b", literal):
            mentioned = word in folders or re.fullmatch(r"[se]\d\d_\w+", word)
            if mentioned and word != folder and word not in included:
                problems.append(f"line {n}: the string {literal!r} names {word}")
    return problems


def names(args):
    problems = name_problems(args.source, args.folder)
    for p in problems:
        print(f"FAIL: stages/{args.folder}/{args.folder}.ino: {p}")
    if not problems:
        print(f"{args.folder}.ino names its own folder wherever it names a stage")
    return 1 if problems else 0


# ---- esp32: the ARDUINO_ARCH_ESP32 branch on the signature stub ----

ESP32_STUB = os.path.join(HERE, "esp32")
# (core, C++ standard) as each Arduino-ESP32 generation compiles sketches.
ESP32_CORES = ((2, "gnu++11"), (3, "gnu++2b"))
ESP32_WARNINGS = ["-Wall", "-Wextra", "-Werror"]
# The ESP32 core builds sketches with -Os; so do the ESP32 checks and the RISC-V runs.
ESP32_TARGETS = {
    "lx106": ["xtensa-lx106-elf-g++", "-ffreestanding", "-isystem", os.path.join(HERE, "xtensa_libc")],
    "rv32imc": ["riscv64-unknown-elf-gcc", "-march=rv32imc", "-mabi=ilp32", "--specs=picolibc.specs"],
}


def sketch_wrapper(out, folder, kind):
    """<out>/<kind>/<folder>/sketch.cpp: the sketch as C++ after the stub's Arduino.h."""
    build = os.path.join(out, kind, folder)
    os.makedirs(build, exist_ok=True)
    wrapper = os.path.join(build, "sketch.cpp")
    with open(wrapper, "w", encoding="utf-8") as f:
        f.write(f'// Generated by tests/embedded/embedded.py: the sketch as C++ on the ESP32 stub.\n'
                f'#include "Arduino.h"\n#include "{folder}.ino"\n')
    return build, wrapper


def esp32(args):
    require({**{t: XTENSA_TOOLS[t] for t in ("xtensa-lx106-elf-g++",)},
             "riscv64-unknown-elf-gcc": RISCV_TOOLS["riscv64-unknown-elf-gcc"]})
    build, wrapper = sketch_wrapper(args.out, args.folder, "esp32")
    failed = 0
    for target, compiler in ESP32_TARGETS.items():
        for core, std in ESP32_CORES:
            cmd = [*compiler, f"-std={std}", "-Os", "-fno-exceptions", "-fno-rtti", *ESP32_WARNINGS,
                   f"-DLAB_ESP32_CORE={core}", "-I", ESP32_STUB, "-I", sketch_folder(args.source, args.folder),
                   "-c", wrapper, "-o", os.path.join(build, f"{target}-core{core}.o")]
            r = subprocess.run(cmd, capture_output=True, text=True)
            what = f"{args.folder}: ESP32 core {core}.x branch ({std}) for the {target}"
            if r.returncode != 0:
                print(" ".join(cmd) + "\n" + r.stdout + r.stderr)
                print(f"FAIL: {what} does not compile with {' '.join(ESP32_WARNINGS)}")
                failed += 1
            else:
                print(f"{what}: compiles with {' '.join(ESP32_WARNINGS)}")
    return 1 if failed else 0


# ---- riscv: the whole sketch under qemu-system-riscv32 ----

RISCV_RAM, RISCV_RAM_SIZE, RISCV_STACK = 0x80400000, 0x400000, 0x10000
RISCV_FLAGS = ["-march=rv32imac", "-mabi=ilp32", "--specs=picolibc.specs", "--oslib=semihost", "--crt0=semihost",
               "-std=gnu++2b", "-DLAB_ESP32_CORE=3", "-Os", "-fno-exceptions", "-fno-rtti", *ESP32_WARNINGS]
RISCV_LINK = ["-Wl,--defsym=__flash=0x80000000", "-Wl,--defsym=__flash_size=0x400000",
              f"-Wl,--defsym=__ram={RISCV_RAM:#x}", f"-Wl,--defsym=__ram_size={RISCV_RAM_SIZE:#x}",
              # picolibc's script puts the stack between __heap_end and the end of RAM
              f"-Wl,--defsym=__stack_size={RISCV_STACK:#x}",
              f"-Wl,--defsym=__heap_end={RISCV_RAM + RISCV_RAM_SIZE - RISCV_STACK:#x}"]
QEMU_RISCV = ["qemu-system-riscv32", "-M", "virt", "-bios", "none", "-display", "none", "-serial", "none",
              "-monitor", "none", "-semihosting-config", "enable=on,target=native", "-icount", "shift=0", "-kernel"]
STACK_LINE = re.compile(r"^lab-esp32: stack max=(\d+) limit=(\d+)$", re.M)
# What differs between runs of the same code on different machines: times, clocks, the
# stack left free (not measured on the host), and which fills s10 runs (fills=avx2 on an
# x86 host that has AVX2).
MACHINE_FIELDS = re.compile(r"\b(us|\w+_cycles|cpu_mhz|fills|stack_free)=\w+")


def build_riscv(source, folder, out, kind="riscv"):
    """Compiles the sketch and the shim for rv32imac and links them into <out>/<kind>/<folder>;
    returns (ELF or None, the sketch object, log). The object alone gives the sketch's own
    flash and RAM."""
    build, wrapper = sketch_wrapper(out, folder, kind)
    obj, elf = os.path.join(build, "sketch.o"), os.path.join(build, folder + ".elf")
    log = ""
    for cmd in (["riscv64-unknown-elf-gcc", *RISCV_FLAGS, "-I", ESP32_STUB, "-I", sketch_folder(source, folder),
                 "-c", wrapper, "-o", obj],
                ["riscv64-unknown-elf-gcc", *RISCV_FLAGS, "-I", ESP32_STUB, obj, os.path.join(HERE, "esp32_shim.cpp"),
                 *RISCV_LINK, "-o", elf]):
        r = subprocess.run(cmd, capture_output=True, text=True)
        log += " ".join(cmd) + "\n" + r.stdout + r.stderr
        if r.returncode != 0:
            return None, obj, log
    return elf, obj, log


def run_riscv(elf, timeout=120, input_path=None):
    """(exit status, Serial output, stack report or None) of the sketch under QEMU. The
    semihosting console (the sketch's stdout) comes out on QEMU's stderr, with the shim's
    stack line, which is taken out; QEMU's own stdout, normally empty, is kept after it.
    The console's input, the sketch's Serial input, is QEMU's standard input: the file
    `input_path`, or /dev/null (QEMU 7.2 reads it only when the sketch reads Serial)."""
    with open(input_path or os.devnull, "rb") as given:
        r = subprocess.run(QEMU_RISCV + [elf], stdin=given, capture_output=True, text=True, timeout=timeout)
    m = STACK_LINE.search(r.stderr)
    stack = {"max": int(m.group(1)), "limit": int(m.group(2))} if m else None
    return r.returncode, re.sub(r"^lab-esp32: .*\n?", "", r.stderr, flags=re.M) + r.stdout, stack


def riscv_memory(obj):
    """(flash, static RAM) of the sketch's own object: .text + .rodata + .data; .data + .bss
    (size's Berkeley columns text + data, data + bss)."""
    out = subprocess.run(["riscv64-unknown-elf-size", obj], check=True, capture_output=True, text=True).stdout
    text, data, bss = (int(v) for v in out.splitlines()[1].split()[:3])
    return text + data, data + bss


def result_lines(output):
    return [l.rstrip("\r") for l in output.split("\n") if l.startswith("result ")]


def riscv(args):
    require(RISCV_TOOLS)
    elf, obj, log = build_riscv(args.source, args.folder, args.out)
    if not elf:
        print(log)
        print(f"FAIL: {args.folder}.ino (its ESP32 branch) does not build for rv32imac")
        return 1
    code, output, stack = run_riscv(elf)
    print(output, end="")
    if code != 0:
        print(f"FAIL: the sketch exited with {code} under qemu-system-riscv32")
        return 1
    if not stack:
        print("FAIL: the stack overflowed its region, or the shim printed no stack report")
        return 1
    flash, ram = riscv_memory(obj)
    print(f"rv32imac: the sketch's own flash {flash} bytes, static RAM {ram} bytes; stack at the deepest "
          f"{stack['max']} bytes, the ESP32 loop task has {stack['limit']}")
    if stack["max"] > stack["limit"]:
        print(f"FAIL: the stack needs {stack['max']} bytes, more than the loop task's {stack['limit']}: "
              "use less, or give the loop task more with SET_LOOP_TASK_STACK_SIZE (ESP32 branch)")
        return 1
    for line in result_lines(output):
        if f" stage={args.folder} " not in line + " ":
            print(f"FAIL: the ESP32 result line names another stage: {line}")
            return 1
    # A sketch that says which fills it runs (s10, s11) must say portable on an ESP32: the
    # host comparison masks fills=, since an x86 host may run its vector fills.
    with open(os.path.join(args.source, "stages", args.folder, args.folder + ".ino"), encoding="utf-8") as f:
        says_fills = "fills=" in f.read()
    fills = re.findall(r"\bfills=(\w+)", output)
    if says_fills and (not fills or set(fills) != {"portable"}):
        print(f"FAIL: on an ESP32 core the sketch must run and name the portable fills, it printed fills={fills}")
        return 1
    if judge(output, elf, args, "rv32imac under QEMU") != 0:
        return 1
    problem = column_problem(args.folder, os.path.join(os.path.dirname(elf), "output.txt"))
    if problem:
        print(f"FAIL: bench/esp32_column.py cannot use the result line: {problem}")
        return 1
    print("bench/esp32_column.py reads its result line")
    return 0


def riscv_game(args):
    require(RISCV_TOOLS)
    from tests.embedded import serial_game
    constants = serial_game.constants(sketch_folder(args.source, args.folder))
    build = os.path.join(args.out, "riscv-game", args.folder)
    os.makedirs(build, exist_ok=True)
    try:
        script = serial_game.script(args.host_sketch)
    except (RuntimeError, ValueError, IndexError, AssertionError) as e:  # its game went wrong
        print(f"FAIL: playing {args.host_sketch} to make the script: {e}")
        return 1
    path = os.path.join(build, "script.txt")
    with open(path, "wb") as f:
        f.write(script)
    print(f"the script, made by playing {args.host_sketch}: {len(script)} bytes in {path}")
    # The host build's output for the whole script is judged too: a wrong game fails here,
    # before the slow run.
    with open(path, "rb") as given:
        host = subprocess.run([args.host_sketch], stdin=given, capture_output=True, text=True, timeout=120)
    problem, _ = serial_game.judge(script, host.stdout, constants["PLAY_DEPTH"], constants["PLAY_EXACT"])
    if host.returncode != 0 or problem:
        print(host.stdout)
        print(problem or f"FAIL: the host build exited with {host.returncode}")
        return 1
    elf, obj, log = build_riscv(args.source, args.folder, args.out, "riscv-game")
    if not elf:
        print(log)
        print(f"FAIL: {args.folder}.ino (its ESP32 branch) does not build for rv32imac")
        return 1
    code, output, stack = run_riscv(elf, timeout=600, input_path=path)
    with open(os.path.join(build, "output.txt"), "w", encoding="utf-8", newline="") as f:
        f.write(output)
    if code != 0:
        print(output)
        print(f"FAIL: the sketch exited with {code} under qemu-system-riscv32")
        return 1
    if not stack:
        print(output)
        print("FAIL: the stack overflowed its region, or the shim printed no stack report")
        return 1
    if stack["max"] > stack["limit"]:
        print(f"FAIL: the stack needs {stack['max']} bytes, more than the loop task's {stack['limit']}")
        return 1
    problem, counts = serial_game.judge(script, output, constants["PLAY_DEPTH"], constants["PLAY_EXACT"])
    if problem:
        print(output)
        print(problem)
        return 1
    diff = host_difference(output, args.host_sketch, MACHINE_FIELDS, input_path=path)
    if diff:
        print(output)
        print(f"FAIL: {diff}")
        return 1
    print(f"{args.folder} on rv32imac under QEMU played the script: " +
          ", ".join(f"{n} {what}" for what, n in counts.items()) +
          f", all as the rules say; the output is the host build's ({MACHINE_FIELDS.pattern} aside); "
          f"stack at the deepest {stack['max']} of {stack['limit']} bytes")
    return 0


def column_problem(folder, log):
    """What keeps bench/esp32_column.py from turning the sketch's ESP32 result line (in the
    saved output `log`) into its columns ("" if nothing): the same line a board prints."""
    from bench import esp32_column
    try:
        stages, steps, memory = esp32_column.columns(esp32_column.parse([log]))
    except SystemExit as e:
        return str(e)
    kind, table = (("cycles per operation", stages) if re.match(r"s\d\d_", folder) else
                   ("solve cycles and nodes", steps) if re.match(r"e\d\d_", folder) else ("stack", memory))
    if folder not in table:
        return f"no {kind} for {folder}"
    return "" if folder in memory else f"no stack_free for {folder}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["warm", "avr", "xtensa", "xtensa-sketch", "names", "esp32", "riscv",
                                     "riscv-game"])
    ap.add_argument("--board", choices=sorted(BOARDS), default="mega")
    ap.add_argument("--out", help="where builds go (e.g. build/embedded)")
    ap.add_argument("--source", default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument("--folder")
    ap.add_argument("--sketches", help="the sketch folders as tests/sketches.py writes them (default: stages/)")
    ap.add_argument("--checker")
    ap.add_argument("--runner")
    ap.add_argument("--host-sketch", help="the sketch built for the host shim: its output must be the same")
    ap.add_argument("--too-big", action="store_true")
    args = ap.parse_args()
    global SKETCHES
    SKETCHES = args.sketches
    if args.what != "warm" and not args.folder:
        ap.error("--folder is required")
    if args.what != "names" and not args.out:
        ap.error("--out is required")
    if args.what == "avr" and not (args.checker and args.runner):
        ap.error("avr needs --checker and --runner")
    if args.what in ("xtensa-sketch", "riscv") and not (args.checker and args.host_sketch):
        ap.error(f"{args.what} needs --checker and --host-sketch")
    if args.what == "riscv-game" and not args.host_sketch:
        ap.error("riscv-game needs --host-sketch")
    try:
        return {"warm": warm, "avr": avr, "xtensa": xtensa, "xtensa-sketch": xtensa_sketch, "names": names,
                "esp32": esp32, "riscv": riscv, "riscv-game": riscv_game}[args.what](args)
    except Skip as e:
        print(f"SKIPPED (not passed): {e}")
        return SKIP


if __name__ == "__main__":
    sys.exit(main())

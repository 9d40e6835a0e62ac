# Every sketch on real microcontroller toolchains, in simulators (tests/embedded).
# Included by tests/tests.cmake before the sketches; lab_host_sketch() calls
# lab_sketch_checks(folder label checker) once per sketch folder. Per sketch:
#   <label>:names  the sketch names its own folder wherever it names a stage (first
#       comment, stage=, title line; other stages only if it includes their header).
#   <label>:avr-mega, <label>:avr-uno  arduino-builder compiles the sketch for the board,
#       avr-size checks it fits, simavr (simavr_run) runs it and <checker> judges the
#       Serial output against the golden grid. A sketch listed in LAB_AVR_TOO_BIG gets
#       instead a test asserting that it does not fit (size and limit in its output).
#       simavr_run also stops a sketch whose stack grows into its static data. A search
#       step's (eNN) output must moreover be the host build's (sketch_<folder>), line for
#       line apart from us= values: same nodes and scores with AVR's 16-bit int.
#   <label>:xtensa (numbered stages)  the header compiled freestanding for the lx106 with
#       xtensa-lx106-elf-g++ -O2 into xtensa_driver.cpp, run under qemu-system-xtensa,
#       grid, legalMoves and play checked; then the whole sketch, as below.
#   <label>:xtensa (every sketch)  the sketch itself (a search step's with its src/ stage)
#       compiled freestanding for the lx106 on the Arduino shim's interface
#       (xtensa_arduino.cpp), run under QEMU, judged by <checker> and compared with the
#       host build's output (sketch_<folder>, us= values aside).
#   <label>:esp32  the sketch's ARDUINO_ARCH_ESP32 branch compiled on the ESP32 signature
#       stub (esp32/Arduino.h) with -Wall -Wextra -Werror as core 2.x and 3.x, for the lx106
#       and for rv32imc (the ESP32-C3's instruction set).
#   <label>:riscv  the whole sketch, ESP32 branch included, on the stub's implementation
#       (esp32_shim.cpp) for rv32imac, run under qemu-system-riscv32 -icount, judged by
#       <checker> and compared line for line (times aside) with sketch_esp32_<folder>, the
#       same sketch and shim built for the host; its stack is watched, and a sketch that
#       names its fills (s10, s11) must name the portable ones. No input: Serial is /dev/null.
#   <label>:riscv-game  (a sketch with a game over Serial, src/eNN_game.h: step 07's, or a copy of an earlier step's)
#       the same RISC-V build fed a scripted game on QEMU's semihosting console, the script
#       made by playing sketch_esp32_<folder>; every board, move, pass, refusal and the end
#       judged against the referee's rules (tests/embedded/serial_game.py), the output the
#       host build's for the same script (times aside).
# All but :names are labelled `embedded` and <label>. A missing toolchain makes them
# SKIPPED (exit 77), never passed. The numbers (cycles, instructions, sizes, stack) are
# collected by bench/embedded_report.py, not by these tests.

# "folder:board" pairs that do not fit the board: their test asserts exactly that, and
# prints the sizes (the embedded report's tables give them too).
# s08_line_index: its flip tables (sixteen arrays of 6,561 bytes) are const data, which
# sits in RAM on AVR: together they run past the 64 KB that AVR's 16-bit data addresses
# reach, on every board.
# eNN_*:uno (2,048 bytes of RAM): the searcher's static data (its PV table most of it)
# leaves too little for the stack, which takes a board copy, a move list, saved registers
# and locals per ply: it runs into the static data in the first searches (e05, e06: the
# table pool does not even link). One that fits fails its test, saying so.
# e07_patterns to e12_more_games: the weights are one array of 2,007,180 characters;
# avr-gcc allows no object over 32,767 bytes, and no AVR has that much flash.
set(LAB_AVR_TOO_BIG s08_line_index:mega s08_line_index:uno e01_minimax:uno e02_alphabeta:uno
    e03_ordering:uno e04_pvs:uno e05_table:uno e06_endgame:uno e07_patterns:mega e07_patterns:uno
    e08_selective:mega e08_selective:uno e09_bitsolve:mega e09_bitsolve:uno e10_stable:mega e10_stable:uno
    e11_parallel:mega e11_parallel:uno e12_more_games:mega e12_more_games:uno)
set(LAB_AVR_BOARDS mega uno)
set(LAB_EMBEDDED_OUT "${CMAKE_BINARY_DIR}/embedded")

# The simavr runner: a small C program on libsimavr.
include(CheckLanguage)
check_language(C)
find_path(LAB_SIMAVR_INCLUDE_DIR sim_avr.h PATH_SUFFIXES simavr)
find_library(LAB_SIMAVR_LIBRARY simavr)
set(LAB_SIMAVR_RUN "${CMAKE_BINARY_DIR}/simavr_run")
if(CMAKE_C_COMPILER AND LAB_SIMAVR_INCLUDE_DIR AND LAB_SIMAVR_LIBRARY)
  enable_language(C)
  add_executable(simavr_run "${CMAKE_CURRENT_LIST_DIR}/simavr_run.c")
  target_include_directories(simavr_run PRIVATE "${LAB_SIMAVR_INCLUDE_DIR}")
  target_link_libraries(simavr_run PRIVATE "${LAB_SIMAVR_LIBRARY}")
  set_target_properties(simavr_run PROPERTIES C_STANDARD 99 RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}")
else()
  set(LAB_SIMAVR_RUN "${CMAKE_BINARY_DIR}/simavr_run-not-built")
endif()

set(lab_embedded_missing "")
foreach(tool arduino-builder avr-g++ avr-size avr-nm xtensa-lx106-elf-g++ qemu-system-xtensa
        riscv64-unknown-elf-gcc qemu-system-riscv32)
  string(MAKE_C_IDENTIFIER "LAB_TOOL_${tool}" var)
  find_program(${var} ${tool})
  if(NOT ${var})
    list(APPEND lab_embedded_missing ${tool})
  endif()
endforeach()
if(NOT LAB_SIMAVR_LIBRARY OR NOT LAB_SIMAVR_INCLUDE_DIR)
  list(APPEND lab_embedded_missing libsimavr)
endif()
if(lab_embedded_missing)
  string(REPLACE ";" ", " lab_embedded_missing "${lab_embedded_missing}")
  message(WARNING "embedded tests (label `embedded`) will be SKIPPED, not passed: missing "
    "${lab_embedded_missing}. On Debian/Ubuntu: apt-get install arduino-builder arduino-core-avr "
    "gcc-avr avr-libc simavr libsimavr-dev gcc-xtensa-lx106 binutils-xtensa-lx106 qemu-system-misc "
    "gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf")
endif()

# The Arduino core is compiled once per board into the build cache before the sketches.
foreach(board IN LISTS LAB_AVR_BOARDS)
  add_test(NAME embedded:avr-${board}-core
           COMMAND Python3::Interpreter "${LAB_PY}" embedded warm --board ${board} --out "${LAB_EMBEDDED_OUT}")
  set_tests_properties(embedded:avr-${board}-core PROPERTIES LABELS embedded SKIP_RETURN_CODE 77
                       FIXTURES_SETUP lab_avr_core_${board} TIMEOUT 300)
endforeach()

# lab_sketch_checks(<folder> <label> <checker target>): the embedded tests of one sketch.
function(lab_sketch_checks folder label checker)
  add_test(NAME ${label}:names
           COMMAND Python3::Interpreter "${LAB_PY}" embedded names --source "${CMAKE_SOURCE_DIR}" --folder ${folder})
  set_tests_properties(${label}:names PROPERTIES LABELS "${label};sketch")
  add_test(NAME ${label}:esp32
           COMMAND Python3::Interpreter "${LAB_PY}" embedded esp32 --out "${LAB_EMBEDDED_OUT}"
                   --source "${CMAKE_SOURCE_DIR}" --sketches "${LAB_SKETCHES}" --folder ${folder})
  set_tests_properties(${label}:esp32 PROPERTIES LABELS "embedded;${label}" SKIP_RETURN_CODE 77 TIMEOUT 300)
  # The sketch's ESP32 branch on the host: what its RISC-V run must print (times aside).
  add_executable(sketch_esp32_${folder} "${CMAKE_SOURCE_DIR}/tests/arduino/sketch.cpp"
                 "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/esp32_shim.cpp")
  target_include_directories(sketch_esp32_${folder} PRIVATE "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/esp32"
                             "${LAB_SKETCHES}/${folder}")
  add_dependencies(sketch_esp32_${folder} sketches)
  target_compile_definitions(sketch_esp32_${folder} PRIVATE LAB_ESP32_CORE=3 LAB_SKETCH_INO="${folder}.ino")
  target_link_libraries(sketch_esp32_${folder} PRIVATE ${folder})
  add_test(NAME ${label}:riscv
           COMMAND Python3::Interpreter "${LAB_PY}" embedded riscv --out "${LAB_EMBEDDED_OUT}"
                   --source "${CMAKE_SOURCE_DIR}" --sketches "${LAB_SKETCHES}" --folder ${folder} --checker $<TARGET_FILE:${checker}>
                   --host-sketch $<TARGET_FILE:sketch_esp32_${folder}>)
  set_tests_properties(${label}:riscv PROPERTIES LABELS "embedded;${label}" SKIP_RETURN_CODE 77 TIMEOUT 300)
  file(STRINGS "${CMAKE_SOURCE_DIR}/stages/${folder}/${folder}.ino" game REGEX "#include \".*e07_game\\.h\"")  # step 07's game
  if(game)
    add_test(NAME ${label}:riscv-game
             COMMAND Python3::Interpreter "${LAB_PY}" embedded riscv-game --out "${LAB_EMBEDDED_OUT}"
                     --source "${CMAKE_SOURCE_DIR}" --sketches "${LAB_SKETCHES}" --folder ${folder} --host-sketch $<TARGET_FILE:sketch_esp32_${folder}>)
    set_tests_properties(${label}:riscv-game PROPERTIES LABELS "embedded;${label}" SKIP_RETURN_CODE 77 TIMEOUT 900)
  endif()
  foreach(board IN LISTS LAB_AVR_BOARDS)
    set(name ${label}:avr-${board})
    set(extra "")
    if("${folder}:${board}" IN_LIST LAB_AVR_TOO_BIG)
      set(name ${name}:too-big)
      set(extra --too-big)
    endif()
    if(folder MATCHES "^e[0-9][0-9]_")
      list(APPEND extra --host-sketch $<TARGET_FILE:sketch_${folder}>)
    endif()
    add_test(NAME ${name}
             COMMAND Python3::Interpreter "${LAB_PY}" embedded avr --board ${board} --out "${LAB_EMBEDDED_OUT}"
                     --source "${CMAKE_SOURCE_DIR}" --sketches "${LAB_SKETCHES}" --folder ${folder} ${extra}
                     --checker $<TARGET_FILE:${checker}> --runner "${LAB_SIMAVR_RUN}")
    set_tests_properties(${name} PROPERTIES LABELS "embedded;${label}" SKIP_RETURN_CODE 77
                         FIXTURES_REQUIRED lab_avr_core_${board} TIMEOUT 300)
  endforeach()
  if(folder MATCHES "^s[0-9][0-9]_")
    add_test(NAME ${label}:xtensa
             COMMAND Python3::Interpreter "${LAB_PY}" embedded xtensa --out "${LAB_EMBEDDED_OUT}"
                     --source "${CMAKE_SOURCE_DIR}" --folder ${folder} --checker $<TARGET_FILE:${checker}>
                     --host-sketch $<TARGET_FILE:sketch_${folder}>)
    set_tests_properties(${label}:xtensa PROPERTIES LABELS "embedded;${label}" SKIP_RETURN_CODE 77 TIMEOUT 300)
  else()  # search steps and sidebars: the whole sketch
    add_test(NAME ${label}:xtensa
             COMMAND Python3::Interpreter "${LAB_PY}" embedded xtensa-sketch --out "${LAB_EMBEDDED_OUT}"
                     --source "${CMAKE_SOURCE_DIR}" --sketches "${LAB_SKETCHES}" --folder ${folder} --checker $<TARGET_FILE:${checker}>
                     --host-sketch $<TARGET_FILE:sketch_${folder}>)
    set_tests_properties(${label}:xtensa PROPERTIES LABELS "embedded;${label}" SKIP_RETURN_CODE 77 TIMEOUT 300)
  endif()
endfunction()

# embedded-report: every sketch's AVR cycles, flash/RAM and stack, lx106 and RISC-V
# instruction counts, RISC-V memory and stack, the Go frames, into the store of facts
# (docs/facts/embedded.json, read by python3 lab.py update-docs) and printed as tables.
add_custom_target(embedded-report
  COMMAND Python3::Interpreter "${LAB_PY}" embedded-report --build "${CMAKE_BINARY_DIR}" --store
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
  USES_TERMINAL
  COMMENT "Measuring every sketch on AVR (simavr), Xtensa lx106 and RISC-V (QEMU)")
if(TARGET simavr_run)
  add_dependencies(embedded-report simavr_run)
endif()

# Stage 08's table reads through a model of the ESP32's flash cache (bench/flash_cache.py):
# `flash-cache` (about ten minutes under valgrind, not in CI) traces the benchmark
# workloads of s05, s07 and s08 into the store of facts (docs/facts/flash.json) and rewrites
# the table on stage 08's page from it; it reads the lx106
# sketch builds of the `:xtensa` tests for the flash layout. embedded:flash-cache-model
# checks the model itself on tiny traces worked out by hand.
add_test(NAME embedded:flash-cache-model
         COMMAND Python3::Interpreter "${LAB_PY}" flash-cache-test)
set_tests_properties(embedded:flash-cache-model PROPERTIES LABELS "embedded")
add_custom_target(flash-cache
  COMMAND Python3::Interpreter "${LAB_PY}" flash-cache --build "${CMAKE_BINARY_DIR}" --store
          --json "${CMAKE_BINARY_DIR}/flash-cache.json"
  COMMAND Python3::Interpreter "${LAB_PY}" update-docs --source "${CMAKE_SOURCE_DIR}"
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
  USES_TERMINAL
  COMMENT "Replaying s05's, s07's and s08's table reads through a model of the ESP32 flash cache (valgrind)")
if(LAB_BENCHMARKS)
  add_dependencies(flash-cache bench_s05_cell91 bench_s07_recursion bench_s08_line_index)
endif()

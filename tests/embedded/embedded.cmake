# Every sketch on real microcontroller toolchains, in simulators (tests/embedded).
# Included by CMakeLists.txt before the stages; add_stage() (and the sidebars) call
# lab_sketch_checks(folder label checker) once per sketch folder. Per sketch:
#   <label>:avr-mega, <label>:avr-uno  arduino-builder compiles the sketch for the board,
#       avr-size checks it fits, simavr (simavr_run) runs it and <checker> judges the
#       Serial output against the golden grid. A sketch listed in LAB_AVR_TOO_BIG gets
#       instead a test asserting that it does not fit (size and limit in its output).
#       simavr_run also stops a sketch whose stack grows into its static data. A search
#       step's (eNN) output must moreover be the host build's (sketch_<folder>), line for
#       line apart from us= values: same nodes and scores with AVR's 16-bit int.
#   <label>:xtensa (numbered stages)  the header compiled freestanding for the lx106 with
#       xtensa-lx106-elf-g++ -O2 into xtensa_driver.cpp, run under qemu-system-xtensa,
#       grid, legalMoves and play checked.
#   <label>:xtensa (search steps)  the sketch itself (step header + its src/ stage) compiled
#       freestanding for the lx106 on the Arduino shim's interface (xtensa_arduino.cpp), run
#       under QEMU, judged by <checker> and compared with the host build's output.
# All are labelled `embedded` and <label>. A missing toolchain makes them SKIPPED
# (exit 77), never passed. The numbers (cycles, instructions, sizes) are collected by
# bench/embedded_report.py, not by these tests.

# "folder:board" pairs that do not fit the board: their test asserts exactly that.
# s08_line_index: its flip table FLIPS[2][6561][8] is 104,976 bytes; const data sits in
# RAM on AVR, and avr-gcc rejects any object over 32,767 bytes.
# e01_minimax:uno (2,048 bytes of RAM): the sketch has 1,559 bytes of static data (the
# searcher with its 32x32 PV table is 1,066 of them) and each ply of the search takes 191
# bytes of stack (a 91-byte board copy, a 64-byte move list, 18 saved registers, the
# return address, locals), on 52 bytes below the top. Its stack runs into the static data
# in the first depth-2 search; the 7-empty solve reaches 11 plies (passes count) and
# takes 2,248 bytes of stack on the Mega. The later steps' sketches are the same with more
# per ply (bounds, ordering, a table): listed too; one that fits fails its test, saying so.
set(LAB_AVR_TOO_BIG s08_line_index:mega s08_line_index:uno e01_minimax:uno e02_alphabeta:uno
    e03_ordering:uno e04_pvs:uno e05_table:uno e06_endgame:uno)
set(LAB_AVR_BOARDS mega uno)
set(LAB_EMBEDDED_OUT "${CMAKE_BINARY_DIR}/embedded")
set(LAB_EMBEDDED_PY "${CMAKE_CURRENT_LIST_DIR}/embedded.py")

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
foreach(tool arduino-builder avr-g++ avr-size avr-nm xtensa-lx106-elf-g++ qemu-system-xtensa)
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
    "gcc-avr avr-libc simavr libsimavr-dev gcc-xtensa-lx106 binutils-xtensa-lx106 qemu-system-misc")
endif()

# The Arduino core is compiled once per board into the build cache before the sketches.
foreach(board IN LISTS LAB_AVR_BOARDS)
  add_test(NAME embedded:avr-${board}-core
           COMMAND Python3::Interpreter "${LAB_EMBEDDED_PY}" warm --board ${board} --out "${LAB_EMBEDDED_OUT}")
  set_tests_properties(embedded:avr-${board}-core PROPERTIES LABELS embedded SKIP_RETURN_CODE 77
                       FIXTURES_SETUP lab_avr_core_${board} TIMEOUT 300)
endforeach()

# lab_sketch_checks(<folder> <label> <checker target>): the embedded tests of one sketch.
function(lab_sketch_checks folder label checker)
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
             COMMAND Python3::Interpreter "${LAB_EMBEDDED_PY}" avr --board ${board} --out "${LAB_EMBEDDED_OUT}"
                     --source "${CMAKE_SOURCE_DIR}" --folder ${folder} ${extra}
                     --checker $<TARGET_FILE:${checker}> --runner "${LAB_SIMAVR_RUN}")
    set_tests_properties(${name} PROPERTIES LABELS "embedded;${label}" SKIP_RETURN_CODE 77
                         FIXTURES_REQUIRED lab_avr_core_${board} TIMEOUT 300)
  endforeach()
  if(folder MATCHES "^s[0-9][0-9]_")
    add_test(NAME ${label}:xtensa
             COMMAND Python3::Interpreter "${LAB_EMBEDDED_PY}" xtensa --out "${LAB_EMBEDDED_OUT}"
                     --source "${CMAKE_SOURCE_DIR}" --folder ${folder})
    set_tests_properties(${label}:xtensa PROPERTIES LABELS "embedded;${label}" SKIP_RETURN_CODE 77 TIMEOUT 300)
  elseif(folder MATCHES "^e[0-9][0-9]_")
    add_test(NAME ${label}:xtensa
             COMMAND Python3::Interpreter "${LAB_EMBEDDED_PY}" xtensa-sketch --out "${LAB_EMBEDDED_OUT}"
                     --source "${CMAKE_SOURCE_DIR}" --folder ${folder} --checker $<TARGET_FILE:${checker}>
                     --host-sketch $<TARGET_FILE:sketch_${folder}>)
    set_tests_properties(${label}:xtensa PROPERTIES LABELS "embedded;${label}" SKIP_RETURN_CODE 77 TIMEOUT 300)
  endif()
endfunction()

# embedded-report: every sketch's AVR cycles, flash/RAM and lx106 instruction counts
# into build/embedded.json (read by docs/update_docs.py) and printed as a table.
add_custom_target(embedded-report
  COMMAND Python3::Interpreter "${CMAKE_SOURCE_DIR}/bench/embedded_report.py" --build "${CMAKE_BINARY_DIR}"
          --json "${CMAKE_BINARY_DIR}/embedded.json"
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
  USES_TERMINAL
  COMMENT "Measuring every sketch on AVR (simavr) and Xtensa lx106 (QEMU)")
if(TARGET simavr_run)
  add_dependencies(embedded-report simavr_run)
endif()

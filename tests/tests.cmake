# The tests (CTest), in two sets.
#   quick     label `quick`, target `quick`: what `./lab test` builds and runs in minutes.
#             Every stage's suite and perft, every step's suite on one stage, every step
#             on every stage through the registry (the same nodes), FFO #1-#19 solved by
#             every step that can, the library's and the commands' tests, the sidebars',
#             the exercises' checker's own tests and the checks of the pages' sources.
#   the rest  what `./lab test all` adds: the sketches on the host and on simulated boards
#             (tests/embedded), each step's ideas switched off (label `ideas`), the
#             fuzzers' corpora (tests/fuzz), the site in Chromium, matches against
#             gtp-rhino, the trainer, play in a real terminal.
# Label `long` (ctest --preset long) is in neither: hours of checking.

# Catch2 2.x (Debian 12) needs a main of our own; 3.x ships one.
if(CMAKE_CROSSCOMPILING)
  # The aarch64 build: Debian's Catch2 2.x is one header, the same for every architecture,
  # but its CMake package would put the host's /usr/include before the cross compiler's
  # own headers. Take the header alone.
  find_path(LAB_CATCH2_INCLUDE catch2/catch.hpp PATHS /usr/include NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH REQUIRED)
  file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/catch2-header")
  file(CREATE_LINK "${LAB_CATCH2_INCLUDE}/catch2" "${CMAKE_BINARY_DIR}/catch2-header/catch2" SYMBOLIC)
  add_library(Catch2::Catch2 INTERFACE IMPORTED)
  target_include_directories(Catch2::Catch2 INTERFACE "${CMAKE_BINARY_DIR}/catch2-header")
  set(Catch2_VERSION 2)
else()
  find_package(Catch2 REQUIRED)
endif()
if(Catch2_VERSION VERSION_GREATER_EQUAL 3)
  add_library(lab_catch INTERFACE)
  target_link_libraries(lab_catch INTERFACE Catch2::Catch2WithMain)
else()
  add_library(lab_catch STATIC tests/catch_main.cpp)
  target_link_libraries(lab_catch PUBLIC Catch2::Catch2)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    # This file is Catch2's own runner, the same in every build and none of our code: without
    # optimisation, debug information or sanitizers it compiles in seconds, not minutes
    # (the sanitizer build's longest compile). The tests themselves keep their build's flags.
    set_source_files_properties(tests/catch_main.cpp PROPERTIES COMPILE_OPTIONS "-O0;-g0;-fno-sanitize=all")
  endif()
endif()
target_include_directories(lab_catch INTERFACE "${CMAKE_SOURCE_DIR}/tests")

# What ./lab test builds (every test labelled `quick` runs one of these or a script).
add_custom_target(quick)
# The pinned variants' programs (below), built with the full set.
add_custom_target(pinned-variants ALL)
add_dependencies(quick reversi-lab)
# Every stage's test executable (what the aarch64 build makes and runs under QEMU).
add_custom_target(stage-suites)

# lab_quick(TARGETS target... TESTS test...): in ./lab test.
function(lab_quick)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "" "TARGETS;TESTS")
  if(arg_TARGETS)
    add_dependencies(quick ${arg_TARGETS})
  endif()
  foreach(test IN LISTS arg_TESTS)
    set_property(TEST ${test} APPEND PROPERTY LABELS quick)
  endforeach()
endfunction()

# lab_python_test(<name> <labels> <tool> [args...]): a Python check, run from the sources
# through the tools' one entry point (python3 lab.py TOOL).
function(lab_python_test name labels tool)
  add_test(NAME ${name} COMMAND Python3::Interpreter "${LAB_PY}" ${tool} ${ARGN})
  set_tests_properties(${name} PROPERTIES LABELS "${labels}")
endfunction()

# The layering: the library below the commands, nothing else including a command's header,
# the search's value types below the step contract and the registry; the self-test plants
# each fault and must find it.
lab_python_test(layout:includes layout check-layout "${CMAKE_SOURCE_DIR}")
lab_python_test(layout:self-test layout check-layout --self-test)
lab_quick(TESTS layout:includes layout:self-test)

# The search steps' size: no step's own header over 700 lines, no function over 80, no run
# of 40 lines repeated between two steps' own files (the self-test plants each).
lab_python_test(steps:size steps check-steps "${CMAKE_SOURCE_DIR}")
lab_python_test(steps:size-self-test steps check-steps --self-test)
lab_quick(TESTS steps:size steps:size-self-test)

# The C++ as .clang-format lays it out (clang-format 14, Debian 12's; skipped without it):
# in the full set, which installs it. python3 lab.py check-format . --fix rewrites what it finds.
lab_python_test(format:code format check-format "${CMAKE_SOURCE_DIR}")
lab_python_test(format:self-test format check-format --self-test)
set_tests_properties(format:code format:self-test PROPERTIES SKIP_RETURN_CODE 77)

# --- The stages -------------------------------------------------------------------------
# Each stage's suite: tests/stage_suite.cpp compiled for that stage (-DREVERSI_STAGE=sNN),
# with the files only that stage has (its own variants) beside it.
set(LAB_STAGE_TESTS_s06_unrolled tests/s06_variants_test.cpp)
set(LAB_STAGE_TESTS_s07_recursion tests/s07_variants_test.cpp)
set(LAB_STAGE_TESTS_s08_line_index tests/s08_tables_test.cpp)
set(LAB_STAGE_TESTS_s09_bitboard tests/fast_perft_test.cpp)
set(LAB_STAGE_TESTS_s10_simd tests/fast_perft_test.cpp tests/s10_simd_test.cpp)
set(LAB_STAGE_TESTS_s11_avx512 tests/fast_perft_test.cpp tests/s11_avx512_test.cpp)
foreach(folder IN LISTS LAB_STAGES)
  string(SUBSTRING ${folder} 0 3 ns)
  lab_built_for(${folder} test_${folder} SOURCES tests/stage_suite.cpp ${LAB_STAGE_TESTS_${folder}}
                LIBRARIES lab_basics lab_catch)
  # "~[.]": an exclusion alone would also run the hidden long tests ([.long]).
  add_test(NAME ${ns}:suite COMMAND test_${folder} "~[perft]~[.]")
  add_test(NAME ${ns}:perft COMMAND test_${folder} "[perft]")
  set_tests_properties(${ns}:suite ${ns}:perft PROPERTIES LABELS "${ns};stages")
  lab_quick(TARGETS test_${folder} TESTS ${ns}:suite ${ns}:perft)
  add_dependencies(stage-suites test_${folder})
  add_test(NAME ${ns}:page COMMAND Python3::Interpreter "${LAB_PY}" check-page
           "${CMAKE_SOURCE_DIR}/stages/${folder}")
  set_tests_properties(${ns}:page PROPERTIES LABELS "${ns};docs")
  lab_quick(TESTS ${ns}:page)
endforeach()
foreach(folder s09_bitboard s10_simd s11_avx512)  # perft 11 and 12 (a few seconds): ctest -L long
  string(SUBSTRING ${folder} 0 3 ns)
  add_test(NAME ${ns}:long COMMAND test_${folder} "[long]")
  set_tests_properties(${ns}:long PROPERTIES LABELS "${ns};long")
endforeach()

# --- The search steps -------------------------------------------------------------------
# Each step's suite: tests/search_suite.cpp compiled for that step (-DREVERSI_STEP=eNN) on
# one stage, with the step's own tests of it as it ships. Its ideas switched off, each
# another instantiation of the searcher, are a test program of their own in the full set
# (eNN:ideas, label `ideas`). A test of node counts pinned for every step on its
# workloads belongs to test_registry below (quick), which runs them through the registry
# on the program's own compiled steps (StepEntry::runWith: a step, a stage, a position, a
# depth or a solve, a table size); its counts of the ideas switched off, each an
# instantiation of its own, belong to the eNN:ideas programs.
# The FFO positions of the eNN:ffo tests: #1-#19, the ones every step but e01 solves in
# seconds. The sanitizer build, whose searches run several times slower, takes fewer
# (scaled down, not out: CMakePresets.json).
set(LAB_FFO_TEST "1-19" CACHE STRING "The FFO positions each step solves in its eNN:ffo test")
set(LAB_STEP_TESTS_e04_pvs tests/aspiration_test.cpp)
set(LAB_STEP_TESTS_e05_table tests/aspiration_test.cpp tests/table_test.cpp)
set(LAB_STEP_TESTS_e06_endgame tests/aspiration_test.cpp tests/table_test.cpp)
set(LAB_STEP_TESTS_e07_patterns tests/e07_eval_test.cpp)
set(LAB_STEP_TESTS_e10_stable tests/stable_test.cpp)
set(LAB_STEP_TESTS_e11_parallel tests/parallel_test.cpp)
set(LAB_STEP_TESTS_e12_more_games tests/e12_weights_test.cpp)
set(LAB_STEP_IDEAS_e04_pvs tests/pvs_ideas_test.cpp)
set(LAB_STEP_IDEAS_e06_endgame tests/undo_test.cpp tests/ablation_test.cpp)
set(LAB_STEP_IDEAS_e08_selective tests/selective_test.cpp)
set(LAB_STEP_IDEAS_e09_bitsolve tests/bitsolve_test.cpp)
set(LAB_STEP_IDEAS_e10_stable tests/stable_ideas_test.cpp)
foreach(folder IN LISTS LAB_STEPS)
  string(SUBSTRING ${folder} 0 3 ns)
  lab_built_for(${folder} test_${folder} SOURCES tests/search_suite.cpp ${LAB_STEP_TESTS_${folder}}
                LIBRARIES lab_library lab_catch)
  add_test(NAME ${ns}:suite COMMAND test_${folder})
  set_tests_properties(${ns}:suite PROPERTIES LABELS "${ns};steps")
  lab_quick(TARGETS test_${folder} TESTS ${ns}:suite)
  if(LAB_STEP_IDEAS_${folder})
    lab_built_for(${folder} test_${folder}_ideas SOURCES ${LAB_STEP_IDEAS_${folder}} LIBRARIES lab_library lab_catch)
    # Each idea off is another instantiation of the search: at -O1 they compile in about
    # half the time, and the tests count nodes and compare scores, which -O1 does not change.
    target_compile_options(test_${folder}_ideas PRIVATE -O1)
    add_test(NAME ${ns}:ideas COMMAND test_${folder}_ideas)
    set_tests_properties(${ns}:ideas PROPERTIES LABELS "${ns};steps;ideas")
  endif()
  # The step on every stage, through the registry: its section of the registry test.
  add_test(NAME ${ns}:stages COMMAND test_registry "every move generator gives the same*" -c ${folder})
  set_tests_properties(${ns}:stages PROPERTIES LABELS "${ns};steps")
  # FFO #1-#19 solved by the program against the published scores and moves; minimax
  # (e01) would take hours. Step 02's (alpha-beta without ordering, about 25 s, the
  # longest quick test: started first, not last) is its pinned solves through the registry,
  # which check the published results too (tests/pinned_nodes_test.cpp): one solve of
  # those positions, not two. (The sanitizer build solves fewer: the program's solve.)
  if(ns STREQUAL "e02" AND LAB_FFO_TEST STREQUAL "1-19")
    add_test(NAME ${ns}:ffo COMMAND test_registry "[pinned][long]" -c ${folder})
    set_tests_properties(${ns}:ffo PROPERTIES LABELS "${ns};steps;ffo;pinned" COST 1000)
    lab_quick(TESTS ${ns}:ffo)
  elseif(NOT ns STREQUAL "e01")
    set(threads "")
    if(NOT ns STRLESS "e11")  # a step that solves on several threads, on two: the same scores and moves
      set(threads --threads 2)
    endif()
    add_test(NAME ${ns}:ffo COMMAND reversi-lab solve --ffo ${LAB_FFO_TEST} --engine ${ns} ${threads})
    set_tests_properties(${ns}:ffo PROPERTIES LABELS "${ns};steps;ffo")
    lab_quick(TESTS ${ns}:ffo)
  endif()
  add_test(NAME ${ns}:page COMMAND Python3::Interpreter "${LAB_PY}" check-page
           "${CMAKE_SOURCE_DIR}/stages/${folder}")
  set_tests_properties(${ns}:page PROPERTIES LABELS "${ns};docs")
  lab_quick(TESTS ${ns}:stages ${ns}:page)
endforeach()
target_compile_definitions(test_e07_patterns PRIVATE REVERSI_SOURCE_DIR="${CMAKE_SOURCE_DIR}")  # the page's sizes

# --- The library and the commands -------------------------------------------------------
# The registry as the program uses it: every step on every stage (a section per step, run
# as eNN:stages above), every step's measured limits.
add_executable(test_registry tests/registry_test.cpp tests/pinned_nodes_test.cpp)
target_link_libraries(test_registry PRIVATE lab_library lab_catch)
target_compile_definitions(test_registry PRIVATE REVERSI_SOURCE_DIR="${CMAKE_SOURCE_DIR}")  # tests/pinned_nodes.txt
# (A filter of exclusions alone would also run the hidden long solves: "~[.]" keeps them out.)
add_test(NAME registry:suite COMMAND test_registry "~[.]~every move generator gives the same*")
set_tests_properties(registry:suite PROPERTIES LABELS "library")
lab_quick(TARGETS test_registry TESTS registry:suite)
# The node counts pinned before the steps were recomposed (tests/pinned_nodes.txt): the
# steps as they ship are in registry:suite; their FFO #40-#44 solves (about a minute), and
# every step's variants (another table, the undo stack, each idea off: each an instantiation
# of the search, one program per step compiled side by side), are in the full set.
# A test per step that has long lines (its section of the test case), so that the two
# cores share them; started first (COST), being the longest of the full set.
foreach(folder IN LISTS LAB_STEPS)
  string(SUBSTRING ${folder} 0 3 ns)
  if(ns MATCHES "^e(06|07|08|09|10)$")  # step 02's long lines are e02:ffo above
    add_test(NAME steps:pinned-ffo-${ns} COMMAND test_registry "[pinned][long]" -c ${folder})
    set_tests_properties(steps:pinned-ffo-${ns} PROPERTIES LABELS "steps;pinned" COST 100)
  endif()
endforeach()
foreach(number RANGE 4 10)
  add_executable(test_pinned_${number} EXCLUDE_FROM_ALL tests/pinned_variants_test.cpp)
  target_compile_definitions(test_pinned_${number} PRIVATE PINNED_STEP=${number} REVERSI_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  target_link_libraries(test_pinned_${number} PRIVATE lab_library lab_catch)
  target_compile_options(test_pinned_${number} PRIVATE -O1)  # as the ideas' tests above
  add_dependencies(pinned-variants test_pinned_${number})
  add_test(NAME steps:pinned-${number} COMMAND test_pinned_${number})
  set_tests_properties(steps:pinned-${number} PROPERTIES LABELS "steps;pinned;ideas")
endforeach()

# The library: positions, the reference, every stage against the reference and each other.
add_executable(test_library tests/common_test.cpp tests/cross_stage_test.cpp)
target_link_libraries(test_library PRIVATE lab_library lab_catch)
add_test(NAME library:suite COMMAND test_library)
set_tests_properties(library:suite PROPERTIES LABELS "library;cross")
lab_quick(TARGETS test_library TESTS library:suite)

# The commands, in-process: every command's output and refusals, play, gtp, the time
# control, hashed perft.
add_executable(test_commands tests/cli_test.cpp tests/play_test.cpp tests/gtp_test.cpp tests/search_cli_test.cpp
  tests/perft_hash_test.cpp tests/time_control_test.cpp)
target_link_libraries(test_commands PRIVATE lab_commands lab_catch)
target_compile_definitions(test_commands PRIVATE REVERSI_SOURCE_DIR="${CMAKE_SOURCE_DIR}")  # README checks
add_test(NAME commands:suite COMMAND test_commands)
set_tests_properties(commands:suite PROPERTIES LABELS "commands;cli")
lab_quick(TARGETS test_commands TESTS commands:suite)
# ./lab's refusals (tests/lab_usage.sh): a wrong or extra argument is one line and exit 2,
# before any install, build or training.
add_test(NAME lab:usage COMMAND bash "${CMAKE_SOURCE_DIR}/tests/lab_usage.sh" "${CMAKE_SOURCE_DIR}")
set_tests_properties(lab:usage PROPERTIES LABELS "commands")
lab_quick(TESTS lab:usage)
# Hashed perft 11-14 against the published counts (about a minute): ctest -L long
add_test(NAME hash:long COMMAND test_commands "[long]")
set_tests_properties(hash:long PROPERTIES LABELS "hash;long")

# The real binary with stdout closed and full for every command, a directory as stdin,
# and Ctrl-C during a long perft (tests/cli_process_test.py).
lab_python_test(cli:process "commands;cli;write" cli-process-test $<TARGET_FILE:reversi-lab>)
lab_quick(TESTS cli:process)
# `play` in a real terminal (tmux), and `gtp` against Debian's gtp-rhino through the
# referee bench/match.py; each skipped (77) when its tool is missing.
add_test(NAME play:tmux COMMAND bash "${CMAKE_SOURCE_DIR}/tests/play_tmux.sh" $<TARGET_FILE:reversi-lab>)
set_tests_properties(play:tmux PROPERTIES LABELS "commands;play" SKIP_RETURN_CODE 77)
lab_python_test(gtp:match match gtp-match-test $<TARGET_FILE:reversi-lab>)
set_tests_properties(gtp:match PROPERTIES SKIP_RETURN_CODE 77)
# The GTP referee's own checks (bench/match.py: rules, faults, a short rhino match).
lab_python_test(match:referee "match;commands" match-test)
set_tests_properties(match:referee PROPERTIES TIMEOUT 300)

# --- The sidebars -----------------------------------------------------------------------
# Their own tests (which drive their commands) and checkers of their sketches' output.
set(LAB_SIDEBAR_LABEL_go_capture go)
set(LAB_SIDEBAR_LABEL_gray_variant gray)
set(LAB_SIDEBAR_TESTS_go_capture tests/go_test.cpp tests/go_cli_test.cpp)
set(LAB_SIDEBAR_TESTS_gray_variant tests/gray_test.cpp tests/gray_cli_test.cpp)
foreach(folder IN LISTS LAB_SIDEBARS)
  set(label ${LAB_SIDEBAR_LABEL_${folder}})
  add_executable(test_${folder} ${LAB_SIDEBAR_TESTS_${folder}})
  target_link_libraries(test_${folder} PRIVATE ${folder} lab_commands lab_catch)
  add_test(NAME ${label}:suite COMMAND test_${folder})
  set_tests_properties(${label}:suite PROPERTIES LABELS "${label};sidebars")
  add_test(NAME ${label}:page COMMAND Python3::Interpreter "${LAB_PY}" check-page
           "${CMAKE_SOURCE_DIR}/stages/${folder}")
  set_tests_properties(${label}:page PROPERTIES LABELS "${label};docs")
  lab_quick(TARGETS test_${folder} TESTS ${label}:suite ${label}:page)
endforeach()

# --- The sketches -----------------------------------------------------------------------
# Each sketch compiled as C++ on the host against the Arduino shim (tests/arduino/:
# sketch.cpp, once per sketch with its .ino named by -DLAB_SKETCH_INO), run, and its
# Serial output judged by its checker: the article's grid (sketch_check), the search's
# answers against the reference (search_sketch_check), the sidebars' own.
add_library(lab_arduino STATIC tests/arduino/Arduino.cpp tests/arduino/sketch_main.cpp)
target_include_directories(lab_arduino PUBLIC tests/arduino)
add_executable(sketch_check tests/sketch_check.cpp)
target_link_libraries(sketch_check PRIVATE lab_basics)
add_executable(search_sketch_check tests/search_sketch_check.cpp)
target_include_directories(search_sketch_check PRIVATE "${CMAKE_SOURCE_DIR}/tests")
target_link_libraries(search_sketch_check PRIVATE lab_library)
add_executable(go_sketch_check tests/go_sketch_check.cpp)
target_link_libraries(go_sketch_check PRIVATE lab_commands)
add_executable(gray_sketch_check tests/gray_sketch_check.cpp)
target_link_libraries(gray_sketch_check PRIVATE lab_commands)

# Every sketch's folder as the Arduino IDE gets it, with every file it includes (a search
# step's sketch includes earlier steps' files by relative paths): tests/sketches.py writes
# them into build/sketches/, where the host, AVR, Xtensa and RISC-V builds compile them and
# `./lab sketches` tells a learner to open them. Written again when a file of stages/ changes.
set(LAB_SKETCHES "${CMAKE_BINARY_DIR}/sketches")
file(GLOB lab_sketch_inputs CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/stages/*/*.h" "${CMAKE_SOURCE_DIR}/stages/*/*.ino")
add_custom_command(OUTPUT "${LAB_SKETCHES}/.written"
  COMMAND Python3::Interpreter "${LAB_PY}" sketches write "${LAB_SKETCHES}"
  COMMAND "${CMAKE_COMMAND}" -E touch "${LAB_SKETCHES}/.written"
  DEPENDS ${lab_sketch_inputs} "${CMAKE_SOURCE_DIR}/tests/sketches.py"
  COMMENT "Writing the sketches' folders (build/sketches)")
add_custom_target(sketches DEPENDS "${LAB_SKETCHES}/.written")
# Each sketch's folder, so written, holds every file it includes, each the repository's
# file but for its #include lines.
lab_python_test(sketches:verify sketch sketches verify)
lab_quick(TESTS sketches:verify)

# The same sketches on microcontroller toolchains, in simulators (tests/embedded): if that
# file defines lab_sketch_checks(folder label checker), every sketch folder is handed to
# it with its CTest label and checker. A cross build (the aarch64 preset) runs only the
# stage suites: the embedded checks are host tools (simavr, QEMU), so it leaves them out
# instead of warning that they will skip. The sanitizer build (asan preset) leaves them
# out too: its tests skip them, and their host programs (sketch_esp32_*) would only
# lengthen its build.
option(LAB_EMBEDDED_CHECKS "The sketches' checks on AVR, Xtensa and RISC-V toolchains (tests/embedded)" ON)
if(NOT CMAKE_CROSSCOMPILING AND LAB_EMBEDDED_CHECKS)
  include(tests/embedded/embedded.cmake OPTIONAL)
endif()

# lab_host_sketch(<folder> <label> <checker>): sketch_<folder> and its tests. The sketch
# is compiled from its folder as the Arduino IDE gets it (LAB_SKETCHES, above).
function(lab_host_sketch folder label checker)
  add_executable(sketch_${folder} tests/arduino/sketch.cpp)
  target_compile_definitions(sketch_${folder} PRIVATE LAB_SKETCH_INO="${folder}.ino")
  target_include_directories(sketch_${folder} PRIVATE "${LAB_SKETCHES}/${folder}")
  target_link_libraries(sketch_${folder} PRIVATE lab_arduino ${folder})
  add_dependencies(sketch_${folder} sketches)
  add_test(NAME ${label}:sketch COMMAND ${checker} $<TARGET_FILE:sketch_${folder}>)
  set_tests_properties(${label}:sketch PROPERTIES LABELS "${label};sketch")
  if(COMMAND lab_sketch_checks)
    lab_sketch_checks(${folder} ${label} ${checker})
  endif()
endfunction()
foreach(folder IN LISTS LAB_STAGES)
  string(SUBSTRING ${folder} 0 3 ns)
  lab_host_sketch(${folder} ${ns} sketch_check)
endforeach()
foreach(folder IN LISTS LAB_STEPS)
  string(SUBSTRING ${folder} 0 3 ns)
  lab_host_sketch(${folder} ${ns} search_sketch_check)
endforeach()
foreach(folder IN LISTS LAB_SIDEBARS)
  set(label ${LAB_SIDEBAR_LABEL_${folder}})
  lab_host_sketch(${folder} ${label} ${label}_sketch_check)
endforeach()

# --- The rest ---------------------------------------------------------------------------
# How step 07's weights are made (bench/e07_train.cpp, ./lab train): a short training run
# twice (one thread, then two), the same data and weights bit for bit, and the ones
# tests/e07_train_test.py expects.
lab_python_test(e07:train "e07;train" e07-train-test $<TARGET_FILE:e07_train>)
# bench/duel_report.py on one opening pair (e02 against e01), twice: the same games, one fact.
lab_python_test(match:duel match duel-report-test "${CMAKE_BINARY_DIR}")
set_tests_properties(match:duel PROPERTIES TIMEOUT 300)
# bench/ffo_long.py on FFO #1-#3 (kept, resumed, restarted, bad input) and the page's table.
lab_python_test(bench:ffo-long docs ffo-long-test "${CMAKE_BINARY_DIR}")
set_tests_properties(bench:ffo-long PROPERTIES TIMEOUT 120)
# bench/match_report.py on two games: its JSON, the page's block, --from-json.
lab_python_test(match:report match match-report-test "${CMAKE_BINARY_DIR}")
set_tests_properties(match:report PROPERTIES SKIP_RETURN_CODE 77)

include(tests/fuzz/fuzz.cmake)  # fuzz harnesses, corpus replay, the long run

# --- ThreadSanitizer ----------------------------------------------------------------------
# The threaded code (./lab tsan: the tsan preset builds the target `tsan` with
# -fsanitize=thread and runs the tests labelled tsan; other builds leave them out): perft
# split over threads, plain and hashed (the hashed table shared by the threads), and the
# trainer's jobs (self-play and labels on several threads), and step 11's solve on two
# threads and on three (more threads than cores: a thread that waits gives its core up),
# and a whole game over GTP at 0.05 s a move with the solves on two threads (most stopped
# by the clock half-way: the helpers told to stop and joined).
# A report of ThreadSanitizer fails the test whatever the exit status; the published
# count, or every FFO result right, must be printed.
add_custom_target(tsan)
add_dependencies(tsan reversi-lab e07_train)
add_test(NAME tsan:perft COMMAND reversi-lab perft --stage 9 --depth 9 --threads 4)
add_test(NAME tsan:perft-hash COMMAND reversi-lab perft --stage 11 --depth 10 --threads 4 --hash --hash-mb 4)
set_tests_properties(tsan:perft PROPERTIES PASS_REGULAR_EXPRESSION "perft\\(9\\) = 3005288[^0-9]")
set_tests_properties(tsan:perft-hash PROPERTIES PASS_REGULAR_EXPRESSION "perft\\(10\\) = 24571284[^0-9]")
add_test(NAME tsan:train COMMAND bash "${CMAKE_SOURCE_DIR}/tests/tsan_train.sh" $<TARGET_FILE:e07_train>
         "${CMAKE_BINARY_DIR}/tsan-train")
add_test(NAME tsan:e11 COMMAND reversi-lab solve --ffo 1-19 --engine e11 --stage 11 --threads 2)
add_test(NAME tsan:e11-three COMMAND reversi-lab solve --ffo 1-9 --engine e11 --stage 9 --threads 3)
set_tests_properties(tsan:e11 PROPERTIES PASS_REGULAR_EXPRESSION "total positions 19 correct 19 ")
set_tests_properties(tsan:e11-three PROPERTIES PASS_REGULAR_EXPRESSION "total positions 9 correct 9 ")
add_test(NAME tsan:timed-threads COMMAND bash -c
         "{ for i in $(seq 32); do echo 'genmove black'; echo 'genmove white'; done; echo final_score; echo quit; } | \
          '$<TARGET_FILE:reversi-lab>' gtp --level 7 --time 0.05 --threads 2")
set_tests_properties(tsan:timed-threads PROPERTIES PASS_REGULAR_EXPRESSION "\n= ([BW][+][0-9]+|0)\n")
set_tests_properties(tsan:perft tsan:perft-hash tsan:train tsan:e11 tsan:e11-three tsan:timed-threads PROPERTIES LABELS tsan
                     FAIL_REGULAR_EXPRESSION "ThreadSanitizer" TIMEOUT 600)

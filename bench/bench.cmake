# The measurements: every stage's and step's Google Benchmark program, the programs that
# time two of them in one process, the ablations, the trainer of step 07's weights, and
# the targets that play matches or time perft and rewrite a page's table with the result.
# None is built by the tests (./lab test, ./lab test all), except bench_compare, whose own
# check (bench:compare) is in the full set. bench_step_compare (every step on every stage
# again, three minutes of compiling) is built with the benches (./lab build, ./lab bench);
# its check, bench:step-compare, is a long one: ctest --preset long after ./lab build.

# Every benchmark executable (bench_*). ./lab bench builds this target, and the targets that
# measure (update-docs, page-counts, verdicts, flash-cache, ...) depend on the ones they run.
add_custom_target(benches)
function(lab_bench target)
  set_target_properties(${target} PROPERTIES EXCLUDE_FROM_ALL TRUE)
  add_dependencies(benches ${target})
endfunction()

if(LAB_BENCHMARKS)
  # Each stage's benchmark: bench/stage_bench.cpp compiled for that stage
  # (-DREVERSI_STAGE=sNN), with the files only that stage has beside it.
  set(LAB_STAGE_BENCH_s06_unrolled bench/s06_variants_bench.cpp)
  set(LAB_STAGE_BENCH_s07_recursion bench/s07_variants_bench.cpp)
  set(LAB_STAGE_BENCH_s09_bitboard bench/fast_perft_bench.cpp bench/s09_variants_bench.cpp)
  set(LAB_STAGE_BENCH_s10_simd bench/fast_perft_bench.cpp)
  set(LAB_STAGE_BENCH_s11_avx512 bench/fast_perft_bench.cpp)
  foreach(folder IN LISTS LAB_STAGES)
    lab_built_for(${folder} bench_${folder} SOURCES bench/stage_bench.cpp ${LAB_STAGE_BENCH_${folder}}
                  LIBRARIES lab_basics benchmark::benchmark)
    lab_bench(bench_${folder})
  endforeach()

  # Each step's benchmark: bench/search_bench.cpp compiled for that step (-DREVERSI_STEP=eNN).
  set(LAB_STEP_BENCH_e05_table bench/e05_variants_bench.cpp)
  set(LAB_STEP_BENCH_e06_endgame bench/e06_variants_bench.cpp)
  foreach(folder IN LISTS LAB_STEPS)
    lab_built_for(${folder} bench_${folder} SOURCES bench/search_bench.cpp ${LAB_STEP_BENCH_${folder}}
                  LIBRARIES lab_library benchmark::benchmark)
    lab_bench(bench_${folder})
  endforeach()

  add_executable(bench_go_capture bench/go_bench.cpp)
  add_executable(bench_gray_variant bench/gray_bench.cpp)
  foreach(folder IN LISTS LAB_SIDEBARS)
    target_include_directories(bench_${folder} PRIVATE "${CMAKE_SOURCE_DIR}/tests")
    target_link_libraries(bench_${folder} PRIVATE ${folder} lab_basics benchmark::benchmark)
    lab_bench(bench_${folder})
  endforeach()

  # ./lab compare A B: two stages' shared benchmarks in one process.
  add_executable(bench_compare bench/compare.cpp)
  target_link_libraries(bench_compare PRIVATE lab_library benchmark::benchmark)
  # The same for two search steps on one workload (the step pairs of the claims). Each
  # step on every stage is bench/step_compare_entry.cpp compiled for that step alone (an
  # object library per step), so the steps compile side by side.
  add_executable(bench_step_compare bench/step_compare.cpp)
  target_include_directories(bench_step_compare PRIVATE "${CMAKE_SOURCE_DIR}/tests")
  target_link_libraries(bench_step_compare PRIVATE lab_library benchmark::benchmark)
  lab_bench(bench_step_compare)
  foreach(folder IN LISTS LAB_STEPS)
    string(SUBSTRING ${folder} 0 3 ns)
    add_library(bench_step_${ns} OBJECT EXCLUDE_FROM_ALL bench/step_compare_entry.cpp)
    target_compile_definitions(bench_step_${ns} PRIVATE REVERSI_STEP=${ns})
    target_include_directories(bench_step_${ns} PRIVATE "${CMAKE_SOURCE_DIR}/tests" "${CMAKE_SOURCE_DIR}/bench")
    target_link_libraries(bench_step_${ns} PRIVATE lab_basics benchmark::benchmark)
    target_sources(bench_step_compare PRIVATE $<TARGET_OBJECTS:bench_step_${ns}>)
  endforeach()
  add_test(NAME bench:compare COMMAND Python3::Interpreter "${LAB_PY}" compare-test stages
           $<TARGET_FILE:bench_compare>)
  set_tests_properties(bench:compare PROPERTIES LABELS "bench")
  add_test(NAME bench:step-compare COMMAND Python3::Interpreter "${LAB_PY}" compare-test steps
           $<TARGET_FILE:bench_step_compare>)
  set_tests_properties(bench:step-compare PROPERTIES LABELS "bench;long")

  # A step with each idea off alone on FFO #40-#44 (bench/ablation.cpp; e06: about half an
  # hour): not a test. Its run for the page: `ablation` (step 06's, the first), `ablation-eNN`.
  # Step 04 keeps no table: it solves FFO #1-#19, its own page's work, not #40-#44.
  # One run of step `ns`'s ablation on FFO `ffo` (and any further options) as target `run`,
  # recorded in the store of facts (docs/facts/ablation.json), which update-docs reads.
  function(lab_ablation_run run ns ffo)
    add_custom_target(${run} COMMAND ${ns}_ablation --ffo=${ffo} --rounds=3 ${ARGN}
                                     "--json=${CMAKE_BINARY_DIR}/${run}.json"
      COMMAND Python3::Interpreter "${LAB_PY}" ablation --store "${CMAKE_BINARY_DIR}/${run}.json"
      WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}" DEPENDS ${ns}_ablation USES_TERMINAL)
  endfunction()
  foreach(folder e04_pvs e06_endgame e08_selective e09_bitsolve e10_stable e12_more_games)
    string(SUBSTRING ${folder} 0 3 ns)
    string(SUBSTRING ${folder} 1 2 number)
    math(EXPR number "${number}")  # 08, not an octal literal
    lab_built_for(${folder} ${ns}_ablation SOURCES bench/ablation.cpp LIBRARIES lab_library)
    target_compile_definitions(${ns}_ablation PRIVATE ABLATION_STEP=${number})
    lab_bench(${ns}_ablation)
    set(run ablation-${ns})
    if(ns STREQUAL "e06")
      set(run ablation)
    endif()
    set(ffo 40-44)
    if(ns STREQUAL "e04")
      set(ffo 1-19)
    endif()
    lab_ablation_run(${run} ${ns} ${ffo})
  endforeach()
  # Step 10's two ideas whose gain its page says grows with the solve's depth, on FFO #45-#49
  # (docs/ablation.py's DEEPER; about 13 minutes on 2 cores): its page's second table.
  lab_ablation_run(ablation-e10-deeper e10 45-49 --only=default,stable,sort-mobility)
  # Step 12's weights against step 07's on the same deeper positions (about 5 minutes).
  lab_ablation_run(ablation-e12-deeper e12 45-49)
endif()

# The measurement behind each step's row of kLimits (common/library/search_registry.cpp):
# CPU seconds of its solves and searches on the seeded games; not a test, not built by default.
add_executable(search_limits EXCLUDE_FROM_ALL bench/search_limits.cpp)
target_include_directories(search_limits PRIVATE "${CMAKE_SOURCE_DIR}/tests")
target_link_libraries(search_limits PRIVATE lab_library)

# How step 07's weights are made (./lab train runs the chain; bench/e07_train.cpp). Plain
# x86-64 or arm64 doubles, no fused multiply-add: the same weights on every machine. Its
# test (e07:train) is in tests/tests.cmake.
add_executable(e07_train bench/e07_train.cpp)
target_link_libraries(e07_train PRIVATE e07_patterns e08_selective lab_library)
target_compile_options(e07_train PRIVATE -ffp-contract=off)

# e06 at level 7 against gtp-rhino -l 1..5 (20 games against -l 3, 8 against -l 4,
# 4 against the others; about an hour): `cmake --build build --target match-report`
# prints the table, keeps build/match-report.json, records the run in the store of facts
# (docs/facts/matches.json) and rewrites the e06 page's table
# (the step is named: the page is e06's, whichever step is the last).
add_custom_target(match-report
  COMMAND Python3::Interpreter "${LAB_PY}" match-report --build "${CMAKE_BINARY_DIR}" --engine e06
          --json "${CMAKE_BINARY_DIR}/match-report.json" --store
          --page "${CMAKE_SOURCE_DIR}/stages/e06_endgame/README.md"
  DEPENDS reversi-lab WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}" USES_TERMINAL)
# The time control in games: the last step at level 7 and 5 s a move against gtp-rhino -l 5,
# 4 games (about twenty minutes, one game at a time): `cmake --build build --target
# match-timed` prints the table, keeps build/match-timed.json, records the run in the store
# and rewrites docs/cli.md's table, whose longest move is what --time promises (within its
# budget plus 10 %).
add_custom_target(match-timed
  COMMAND Python3::Interpreter "${LAB_PY}" match-report --build "${CMAKE_BINARY_DIR}" --level 7
          --time 5 --games 5:4 --jobs 1 --json "${CMAKE_BINARY_DIR}/match-timed.json" --store
          --page "${CMAKE_SOURCE_DIR}/docs/cli.md" --block match-timed
  DEPENDS reversi-lab WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}" USES_TERMINAL)
# The same at 1 s a move, the exact solves on both cores (`cmake --build build --target
# match-1s`, a quarter of an hour: most of it gtp-rhino's), docs/cli.md's match-1s table:
# every game won and no move over 1.1 s is the bar a new search step is held to.
add_custom_target(match-1s
  COMMAND Python3::Interpreter "${LAB_PY}" match-report --build "${CMAKE_BINARY_DIR}" --level 7
          --time 1 --threads 2 --games 5:4 --jobs 1 --json "${CMAKE_BINARY_DIR}/match-1s.json" --store
          --page "${CMAKE_SOURCE_DIR}/docs/cli.md" --block match-1s
  DEPENDS reversi-lab WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}" USES_TERMINAL)
# The ladder: each search step against the one before, at the same number of nodes per
# move (bench/duel_report.py's LADDER and PROTOCOL: 40 games a duel, a million nodes a
# move, each at level 7 or the highest it plays; two duels at a time on 2 cores):
# `cmake --build build --target duel-report` records every duel in the store
# (docs/facts/duels.json) and writes the step pages' duel blocks from it. A count repeats
# on any machine, so a rerun changes no page.
add_custom_target(duel-report
  COMMAND Python3::Interpreter "${LAB_PY}" duel-report --build "${CMAKE_BINARY_DIR}" --ladder
          --jobs 2 --json "${CMAKE_BINARY_DIR}/duel-report.json" --pages
  DEPENDS reversi-lab WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}" USES_TERMINAL)
# Stages 09, 10 and 11, plain, hashed and threaded perft, in interleaved rounds (about a
# minute), recorded in the store of facts (docs/facts/perft.json), and the SIMD kernels'
# instruction counts: `cmake --build build --target perft-speed` rewrites their tables in
# docs/cli.md and stages/s11_avx512/README.md (update-docs then writes the lessons' from
# the same facts).
add_custom_target(perft-speed
  COMMAND Python3::Interpreter "${LAB_PY}" perft-speed --build "${CMAKE_BINARY_DIR}"
          --pages docs/cli.md stages/s11_avx512/README.md
  COMMAND Python3::Interpreter "${LAB_PY}" simd-instructions --cxx "${CMAKE_CXX_COMPILER}"
          --page stages/s11_avx512/README.md
  DEPENDS reversi-lab WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}" USES_TERMINAL)

# Step 11's gain by the clock: FFO #40-#49 solved on one thread and on two, three interleaved
# rounds (bench/parallel_speedup.cpp; 3 minutes on a 2-core AMD Zen 4), each thread's nodes, the
# ratio's median and spread, recorded in the store of facts (docs/facts/parallel.json, by
# docs/parallel.py), which the step's page takes its verdict and table from:
# `cmake --build build --target parallel-speedup`. Not a test, not built by default.
add_executable(parallel_speedup EXCLUDE_FROM_ALL bench/parallel_speedup.cpp)
target_link_libraries(parallel_speedup PRIVATE lab_library)
add_custom_target(parallel-speedup
  COMMAND parallel_speedup --ffo=40-49 --rounds=3 --threads=2 "--json=${CMAKE_BINARY_DIR}/parallel-e11.json"
  COMMAND Python3::Interpreter "${LAB_PY}" parallel --store "${CMAKE_BINARY_DIR}/parallel-e11.json"
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}" DEPENDS parallel_speedup USES_TERMINAL)

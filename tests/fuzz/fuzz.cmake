# Fuzzing, corpus replay and the long run (included by tests/tests.cmake; the harnesses
# link the commands, lab_commands, or read every stage from stage_list.h).
#
# - fuzz_<name>: libFuzzer executables, only when the compiler is clang (the `asan`
#   preset: CMAKE_CXX_COMPILER=clang++ with coverage and sanitizer flags for
#   everything). `./lab fuzz [SECONDS]` builds and runs them (tests/fuzz/run.sh).
# - replay_<name>: the same harness with a plain main (replay_main.cpp), built by any
#   compiler: ctest fuzz:<name> replays tests/fuzz/corpus/<name> (seeds and every
#   regression input found) in the default and the sanitizer builds.
# - long_run: every stage vs the reference on 1,000,000 random positions, ctest
#   long:all-stages, label `long` (excluded from the default and asan test presets).
set(LAB_FUZZ_DIR "${CMAKE_CURRENT_LIST_DIR}")
set(LAB_FUZZ_HARNESSES position cli stages lines)

add_library(lab_fuzz_support INTERFACE)
target_include_directories(lab_fuzz_support INTERFACE "${LAB_FUZZ_DIR}" "${CMAKE_SOURCE_DIR}/tests")
target_link_libraries(lab_fuzz_support INTERFACE lab_commands)

add_custom_target(fuzzers)
add_custom_target(fuzz-replays)  # what the sanitizer build replays (./lab asan)
foreach(name IN LISTS LAB_FUZZ_HARNESSES)
  add_executable(replay_${name} "${LAB_FUZZ_DIR}/fuzz_${name}.cpp" "${LAB_FUZZ_DIR}/replay_main.cpp")
  target_link_libraries(replay_${name} PRIVATE lab_fuzz_support)
  add_dependencies(fuzz-replays replay_${name})
  add_test(NAME fuzz:${name} COMMAND replay_${name} "${LAB_FUZZ_DIR}/corpus/${name}")
  set_tests_properties(fuzz:${name} PROPERTIES LABELS "fuzz")

  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    add_executable(fuzz_${name} "${LAB_FUZZ_DIR}/fuzz_${name}.cpp")
    target_link_libraries(fuzz_${name} PRIVATE lab_fuzz_support)
    target_compile_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    add_dependencies(fuzzers fuzz_${name})
  endif()
  if(TARGET fuzz_${name} AND name STREQUAL "stages")
    # The differential harness's input is a board, not text to match: comparison
    # tracing (half its time in the stages' inner loops) buys it nothing, and only the
    # stages' own edges are worth feedback (stages_coverage.txt). It compiles the
    # reference and the position code itself, under the same options, instead of
    # linking lab_basics and lab_commands: their copies trace every comparison.
    target_compile_options(fuzz_stages PRIVATE -fno-sanitize-coverage=trace-cmp
      "-fsanitize-coverage-allowlist=${LAB_FUZZ_DIR}/stages_coverage.txt")
    target_sources(fuzz_stages PRIVATE "${CMAKE_SOURCE_DIR}/common/library/reference.cpp"
                   "${CMAKE_SOURCE_DIR}/common/library/position.cpp")
    set_property(TARGET fuzz_stages PROPERTY LINK_LIBRARIES "")
    target_include_directories(fuzz_stages PRIVATE "${LAB_FUZZ_DIR}" "${CMAKE_SOURCE_DIR}/tests"
      "${CMAKE_SOURCE_DIR}/stages" "${CMAKE_SOURCE_DIR}/common/library")
  endif()
endforeach()

add_executable(long_run "${LAB_FUZZ_DIR}/long_run.cpp")
target_link_libraries(long_run PRIVATE lab_fuzz_support)
set_target_properties(long_run PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}")
add_test(NAME long:all-stages COMMAND long_run 1000000)
set_tests_properties(long:all-stages PROPERTIES LABELS "long" TIMEOUT 3600)

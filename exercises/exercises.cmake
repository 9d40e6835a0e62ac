# The exercises (exercises/NN_slug/exercise.json; exercises/README.md explains them).
# For every exercise and every kind of candidate -- `start` (the starting point as it is),
# `solution` (the reference solution), `work` (the student's working copy), `other`
# (any folder: `exercises.py check N --dir D`) and the planted wrong solutions'
# (LAB_PLANTED_KINDS, below) -- two targets, built
# only when asked (by exercises/exercises.py, which copies the candidate's files first):
#   exercise_NN_KIND_suite    the start's shared test suite (tests/stage_suite.cpp or
#                             tests/search_suite.cpp) on the candidate
#   exercise_NN_KIND_measure  the start and the candidate in one program
#                             (bench/exercise_bench.cpp): their timings, interleaved, or
#                             their node counts; not built for an AVR (cycles) exercise
# and, for an AVR (cycles) exercise, once: exercise_NN_avr_reference, the checker's own
# sketch (bench/exercise_avr.ino) built on the host with the untouched start: what the
# candidate's build of the same sketch must print in simavr. exercises.py copies the
# start's sketch beside it as stage_sketch.h (build/exercises/NN_slug/avr-reference/).
# The candidate's files live in build/exercises/NN_slug/KIND/stages/<start>/, beside
# copies of what the start includes from other folders by relative paths (a step's
# ../e01_minimax/e01_rules.h), laid out as stages/ is; a file built on the candidate has
# that stages/ folder first on its include path. A stage's suite finds the candidate's
# copy where the registry includes "<start>/<start>.h" (stage_list.h); a step's suite
# includes that header alone (tests/this_step.h). Both link only lab_basics, which holds
# no stage or step: nothing else defines the start's names.
# The measurement holds both: bench/exercise_side.cpp is compiled twice, the start as the
# registry lists it, and the candidate's header alone with its namespace renamed by the
# compiler (-Ds05=s05_yours), so that it links beside the start, which it would
# otherwise silently replace (two definitions of one inline function: the linker keeps
# either). What both sides include from other folders keeps its namespace (e01) and is
# defined twice alike: exercises.py refuses a candidate that changes it.
# The kinds of the planted wrong solutions (exercises/planted.json): an exercise's first
# planted copy is checked as planted1, its second as planted2, ..., each in its own
# folder, so that their builds run side by side. exercises.py reads this line.
set(LAB_PLANTED_KINDS planted1 planted2 planted3)
file(GLOB lab_exercise_manifests CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/exercises/[0-9][0-9]_*/exercise.json")

foreach(manifest IN LISTS lab_exercise_manifests)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${manifest}")
  get_filename_component(exdir "${manifest}" DIRECTORY)
  get_filename_component(name "${exdir}" NAME)
  string(SUBSTRING "${name}" 0 2 nn)
  file(READ "${manifest}" json)
  string(JSON start GET "${json}" start)
  string(JSON metric GET "${json}" metric)
  string(REGEX MATCH "^([se])([0-9][0-9])_(.+)$" ok "${start}")
  if(NOT ok OR NOT EXISTS "${CMAKE_SOURCE_DIR}/stages/${start}/${start}.h")
    message(FATAL_ERROR "exercise ${name}: start '${start}' is not a stage or step folder")
  endif()
  set(ns "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
  if(CMAKE_MATCH_1 STREQUAL "s")
    set(kind_define REVERSI_STAGE=${ns})
    set(suite_source tests/stage_suite.cpp)
    set(suite_defines "")
  else()
    set(kind_define REVERSI_STEP=${ns})
    # The search suite and the step's own tests (tests/tests.cmake: a table's step runs
    # its tables tiny, large and absent), as the step itself is tested.
    set(suite_source tests/search_suite.cpp ${LAB_STEP_TESTS_${start}})
    math(EXPR number "${CMAKE_MATCH_2}")
    # The start's step alone (tests/this_step.h says why), with its number (the suite's
    # limits depend on it).
    set(suite_defines REVERSI_EXERCISE_HEADER="${start}/${start}.h" REVERSI_EXERCISE_NUMBER=${number})
  endif()
  set(measured OFF)  # an AVR (cycles) exercise is measured in simavr, not here
  if(LAB_BENCHMARKS AND NOT metric STREQUAL "cycles")
    set(measured ON)
  endif()
  if(measured)
    # The start's side of the measurement, the same for every kind of candidate.
    add_library(exercise_${nn}_start_side OBJECT EXCLUDE_FROM_ALL bench/exercise_side.cpp)
    target_compile_definitions(exercise_${nn}_start_side PRIVATE ${kind_define} REVERSI_EXERCISE_YOURS=0)
    target_link_libraries(exercise_${nn}_start_side PRIVATE lab_basics benchmark::benchmark)
    target_include_directories(exercise_${nn}_start_side PRIVATE "${CMAKE_SOURCE_DIR}/tests")
  endif()
  if(metric STREQUAL "cycles")
    add_executable(exercise_${nn}_avr_reference EXCLUDE_FROM_ALL tests/arduino/sketch.cpp)
    target_compile_definitions(exercise_${nn}_avr_reference PRIVATE LAB_SKETCH_INO="exercise_avr.ino")
    target_include_directories(exercise_${nn}_avr_reference PRIVATE "${CMAKE_BINARY_DIR}/exercises/${name}/avr-reference"
                               "${CMAKE_SOURCE_DIR}/bench" "${CMAKE_SOURCE_DIR}/stages/${start}")
    target_link_libraries(exercise_${nn}_avr_reference PRIVATE lab_arduino)
  endif()
  foreach(kind start solution work other ${LAB_PLANTED_KINDS})
    set(candidate "${CMAKE_BINARY_DIR}/exercises/${name}/${kind}/stages")
    set(target "exercise_${nn}_${kind}")
    add_executable(${target}_suite EXCLUDE_FROM_ALL ${suite_source})
    target_compile_definitions(${target}_suite PRIVATE ${kind_define} ${suite_defines})
    target_include_directories(${target}_suite BEFORE PRIVATE "${candidate}")
    target_link_libraries(${target}_suite PRIVATE lab_basics lab_catch)
    if(measured)
      add_library(${target}_yours OBJECT EXCLUDE_FROM_ALL bench/exercise_side.cpp)
      target_compile_definitions(${target}_yours PRIVATE ${kind_define} REVERSI_EXERCISE_YOURS=1
                                 REVERSI_EXERCISE_HEADER="${start}/${start}.h" ${ns}=${ns}_yours)
      target_include_directories(${target}_yours BEFORE PRIVATE "${candidate}")
      target_include_directories(${target}_yours PRIVATE "${CMAKE_SOURCE_DIR}/tests")
      target_link_libraries(${target}_yours PRIVATE lab_basics benchmark::benchmark)
      add_executable(${target}_measure EXCLUDE_FROM_ALL bench/exercise_bench.cpp
                     $<TARGET_OBJECTS:exercise_${nn}_start_side> $<TARGET_OBJECTS:${target}_yours>)
      target_compile_definitions(${target}_measure PRIVATE ${kind_define})
      target_include_directories(${target}_measure PRIVATE "${CMAKE_SOURCE_DIR}/tests")
      # The FFO positions and the table sizes of a step's workloads (the linker takes no
      # stage or step of the library's registry: nothing here names one).
      target_link_libraries(${target}_measure PRIVATE lab_library benchmark::benchmark)
    endif()
  endforeach()
endforeach()
# The driver's own checks: bad input, the manifests and statements, no build needed.
add_test(NAME exercises:cli COMMAND Python3::Interpreter "${LAB_PY}" exercises
         --source "${CMAKE_SOURCE_DIR}" --build "${CMAKE_BINARY_DIR}" self-test)
set_tests_properties(exercises:cli PROPERTIES LABELS "exercises;docs")
lab_quick(TESTS exercises:cli)

# The library and the commands (common/library/, common/commands/) and the program.
#
# lab_basics    what every test and benchmark needs and no stage or step: positions and
#               their parsing, the reference rules, seeded random positions, sketch
#               output, bad input (usage.h), the search's value types (search_types.h)
# lab_library   the rest of the library: the registry of every stage and every step
#               (registry.cpp, search_registry.cpp, a step_entry.cpp object per step), the
#               FFO positions, hashed perft, the playing engine
# lab_commands  the commands of reversi-lab (common/commands/), one file per command;
#               above the library, which never includes one of their headers (the test
#               layout:includes, tests/check_layout.py)
# reversi-lab   the program: common/commands/main.cpp
set(LAB_GEN "${CMAKE_BINARY_DIR}/generated")

add_library(lab_basics STATIC common/library/position.cpp common/library/reference.cpp
  common/library/random_positions.cpp common/library/sketch_output.cpp common/library/usage.cpp
  common/library/search_types.cpp)
target_include_directories(lab_basics PUBLIC "${CMAKE_SOURCE_DIR}/common/library" "${CMAKE_SOURCE_DIR}/stages")

# The FFO positions (common/library/ffo.txt) compiled in, so the program needs no data
# file: the only text CMake writes for the compiler, and it is data.
file(READ "${CMAKE_SOURCE_DIR}/common/library/ffo.txt" ffo_text)
file(CONFIGURE OUTPUT "${LAB_GEN}/ffo_data.h" CONTENT
"// Written by common/common.cmake from common/library/ffo.txt: data, not code.
#pragma once
#include <string_view>
namespace reversi { inline constexpr std::string_view kFfoText = R\"ffo(${ffo_text})ffo\"; }
")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/common/library/ffo.txt")

add_library(lab_library STATIC common/library/registry.cpp common/library/search_registry.cpp
  common/library/ffo.cpp common/library/engine.cpp common/library/perft_hash.cpp)
target_include_directories(lab_library PRIVATE "${LAB_GEN}")
target_link_libraries(lab_library PUBLIC lab_basics Threads::Threads)
# Each step on every stage: common/library/step_entry.cpp compiled once per step, so the
# steps (the longest compiles of the build) go side by side. The sanitizer presets compile
# them on the stages the program and the tests name (search_registry.h: stageBuiltForSteps).
set(LAB_STEP_STAGES "" CACHE STRING "Numbers of the stages the search steps are compiled on (empty: every stage)")
if(LAB_STEP_STAGES)
  set(mask 0)
  foreach(number IN LISTS LAB_STEP_STAGES)
    math(EXPR mask "${mask} | (1 << ${number})")
  endforeach()
  target_compile_definitions(lab_basics PUBLIC REVERSI_STEP_STAGES=${mask})  # every target agrees
endif()
foreach(folder IN LISTS LAB_STEPS)
  string(SUBSTRING ${folder} 0 3 ns)
  add_library(lab_step_${ns} OBJECT common/library/step_entry.cpp)
  target_compile_definitions(lab_step_${ns} PRIVATE REVERSI_STEP=${ns})
  target_link_libraries(lab_step_${ns} PRIVATE lab_basics)
  target_sources(lab_library PRIVATE $<TARGET_OBJECTS:lab_step_${ns}>)
  # The ThreadSanitizer build (./lab tsan) checks the threaded code: perft, the trainer's
  # jobs (which compile their own searches) and step 11's solve. The steps before 11 run
  # on one thread, and step 10's solver, compiled once per x86-64 level and picked by a
  # resolver that runs before ThreadSanitizer is set up, crashes the program at its start
  # when instrumented: they are compiled without it there. Step 11 is instrumented; under
  # ThreadSanitizer its copy of step 10's solver is the portable one (e10_isa.h).
  if(CMAKE_CXX_FLAGS MATCHES "-fsanitize=thread" AND ns STRLESS "e11")
    target_compile_options(lab_step_${ns} PRIVATE -fno-sanitize=thread)
  endif()
endforeach()

add_library(lab_commands STATIC common/commands/cli.cpp common/commands/cli_args.cpp common/commands/cli_go.cpp
  common/commands/cli_gray.cpp common/commands/input_line.cpp common/commands/cli_play.cpp
  common/commands/cli_gtp.cpp common/commands/cli_search.cpp)
# The commands' tests include their headers as "commands/cli.h": a file naming one stands out.
target_include_directories(lab_commands PUBLIC "${CMAKE_SOURCE_DIR}/common")
target_link_libraries(lab_commands PUBLIC lab_library)

add_executable(reversi-lab common/commands/main.cpp)
target_link_libraries(reversi-lab PRIVATE lab_commands)

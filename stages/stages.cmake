# The stages, the search steps and the two sidebars: an INTERFACE library each, named
# after its folder, which puts stages/ on the include path of whatever builds on it.
#
# The stages and steps are listed once, in the registry: common/library/stage_list.h and
# step_list.h. CMake reads their REVERSI_STAGE_TRAITS and REVERSI_STEP_TRAITS lines, so
# that a new stage is a folder and its lines there, and gets the same targets as every
# other (tests/tests.cmake, bench/bench.cmake). The sidebars are no Reversi stages: they
# are named here.
#   LAB_STAGES  the stage folders, in stage order (s01_naive ...)
#   LAB_STEPS   the step folders, in step order (e01_minimax ...)
#   LAB_SIDEBARS
set(LAB_SIDEBARS go_capture gray_variant)

# lab_read_registry(<out> <header> <macro> <letter>): the folders named by the <macro>
# lines of <header>, in order, each checked: its namespace is the folder's first three
# characters, and the folder has its header, sketch and page.
function(lab_read_registry out header macro letter)
  file(STRINGS "${header}" lines REGEX "^${macro}\\(")
  set(folders "")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^${macro}\\((${letter}[0-9][0-9]), *[0-9]+, *\"(${letter}[0-9][0-9]_[a-z0-9_]+)\"")
      message(FATAL_ERROR "${header}: cannot read the line '${line}' (${macro}(${letter}NN, N, \"${letter}NN_name\", ...))")
    endif()
    set(ns "${CMAKE_MATCH_1}")
    set(folder "${CMAKE_MATCH_2}")
    string(SUBSTRING "${folder}" 0 3 prefix)
    if(NOT prefix STREQUAL ns)
      message(FATAL_ERROR "${header}: ${ns} is listed with the folder ${folder}")
    endif()
    foreach(f "${folder}.h" "${folder}.ino" "README.md")
      if(NOT EXISTS "${CMAKE_SOURCE_DIR}/stages/${folder}/${f}")
        message(FATAL_ERROR "${header} lists ${folder}, but stages/${folder}/${f} is missing")
      endif()
    endforeach()
    list(APPEND folders "${folder}")
  endforeach()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${header}")
  set(${out} ${folders} PARENT_SCOPE)
endfunction()

lab_read_registry(LAB_STAGES "${CMAKE_SOURCE_DIR}/common/library/stage_list.h" REVERSI_STAGE_TRAITS s)
lab_read_registry(LAB_STEPS "${CMAKE_SOURCE_DIR}/common/library/step_list.h" REVERSI_STEP_TRAITS e)

foreach(folder IN LISTS LAB_STAGES LAB_STEPS LAB_SIDEBARS)
  add_library(${folder} INTERFACE)
  target_include_directories(${folder} INTERFACE "${CMAKE_SOURCE_DIR}/stages")
endforeach()

# lab_built_for(<folder> <target> SOURCES file... LIBRARIES target...): an executable built
# from shared sources for one stage or step (the tests' and benchmarks' programs): compiled
# with -DREVERSI_STAGE=sNN or -DREVERSI_STEP=eNN, which tests/this_stage.h and
# tests/this_step.h turn into ThisStage or ThisStep, and linked to the folder's target.
function(lab_built_for folder target)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "SOURCES;LIBRARIES")
  string(SUBSTRING ${folder} 0 3 ns)
  set(kind REVERSI_STEP)
  if(ns MATCHES "^s")
    set(kind REVERSI_STAGE)
  endif()
  add_executable(${target} ${arg_SOURCES})
  target_compile_definitions(${target} PRIVATE ${kind}=${ns})
  target_include_directories(${target} PRIVATE "${CMAKE_SOURCE_DIR}/tests")
  target_link_libraries(${target} PRIVATE ${folder} ${arg_LIBRARIES})
endfunction()

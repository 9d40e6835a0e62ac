# The documentation site (target `docs`) and the numbers in the pages (`update-docs`).
# Included last by CMakeLists.txt, after every stage, step and test has been added. The
# checks of the pages' sources are in ./lab test (label `quick`); the built site's
# (docs:links, docs:browser) and the embedded figures' (docs:embedded), in the full set.

# Stage folders in reading order: the numbered stages, the search steps, then the sidebars.
file(GLOB lab_numbered RELATIVE "${CMAKE_SOURCE_DIR}/stages" "${CMAKE_SOURCE_DIR}/stages/s[0-9][0-9]_*/README.md")
file(GLOB lab_steps RELATIVE "${CMAKE_SOURCE_DIR}/stages" "${CMAKE_SOURCE_DIR}/stages/e[0-9][0-9]_*/README.md")
file(GLOB lab_all RELATIVE "${CMAKE_SOURCE_DIR}/stages" "${CMAKE_SOURCE_DIR}/stages/*/README.md")
list(TRANSFORM lab_numbered REPLACE "/README.md$" "")
list(TRANSFORM lab_steps REPLACE "/README.md$" "")
list(TRANSFORM lab_all REPLACE "/README.md$" "")
list(SORT lab_numbered)
list(SORT lab_steps)
list(SORT lab_all)
set(lab_sidebars ${lab_all})
list(REMOVE_ITEM lab_sidebars ${lab_numbered} ${lab_steps})
set(LAB_PAGE_FOLDERS ${lab_numbered} ${lab_steps} ${lab_sidebars})

find_package(Doxygen)
if(DOXYGEN_FOUND)
  # The page templates are for authors, not readers: they stay out of the site.
  set(doc_inputs "${CMAKE_SOURCE_DIR}/docs/overview.md" "${CMAKE_SOURCE_DIR}/README.md" "${CMAKE_SOURCE_DIR}/README.ja.md"
                 "${CMAKE_SOURCE_DIR}/docs/sources.md" "${CMAKE_SOURCE_DIR}/docs/glossary.md"
                 "${CMAKE_SOURCE_DIR}/docs/your-stage.md" "${CMAKE_SOURCE_DIR}/docs/lessons.md"
                 "${CMAKE_SOURCE_DIR}/docs/cli.md" "${CMAKE_SOURCE_DIR}/docs/esp32.md"
                 "${CMAKE_SOURCE_DIR}/docs/testing.md" "${CMAKE_SOURCE_DIR}/docs/layout.md"
                 "${CMAKE_SOURCE_DIR}/docs/overview.ja.md" "${CMAKE_SOURCE_DIR}/docs/measurements.md")
  # The exercises' page and their statements (never their solutions: exercises/solutions/).
  file(GLOB exercise_pages "${CMAKE_SOURCE_DIR}/exercises/[0-9][0-9]_*/README*.md")
  list(SORT exercise_pages)
  list(APPEND doc_inputs "${CMAKE_SOURCE_DIR}/exercises/README.md" ${exercise_pages})
  # A header without a Doxygen comment (/** or ///) is sketch code, the programs the search
  # steps' sketches run (e01_sketch.h, e05_sketch_table.h, e07_game.h): the site leaves it
  # out as it leaves out the .ino files, and docs/md_filter.py makes a page's link to it plain.
  foreach(folder IN LISTS LAB_PAGE_FOLDERS)
    set(dir "${CMAKE_SOURCE_DIR}/stages/${folder}")
    file(GLOB headers "${dir}/*.h")
    list(SORT headers)
    list(APPEND doc_inputs "${dir}/README.md")
    if(EXISTS "${dir}/README.ja.md")  # its Japanese twin
      list(APPEND doc_inputs "${dir}/README.ja.md")
    endif()
    foreach(header IN LISTS headers)
      file(STRINGS "${header}" doc_comment REGEX "^[ \t]*(///|/\\*\\*)" LIMIT_COUNT 1)
      if(doc_comment)
        list(APPEND doc_inputs "${header}")
      endif()
    endforeach()
  endforeach()
  set(DOXYGEN_PROJECT_NAME "reversi-lab")
  set(DOXYGEN_PROJECT_BRIEF "How fast can a Reversi move be checked? One technique per stage.")
  set(DOXYGEN_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/docs")
  set(DOXYGEN_USE_MDFILE_AS_MAINPAGE "${CMAKE_SOURCE_DIR}/docs/overview.md")
  set(DOXYGEN_IMAGE_PATH "${CMAKE_SOURCE_DIR}/docs")
  # A stage page names a figure by its path from the page (for GitHub); Doxygen by its name.
  set(DOXYGEN_FILTER_PATTERNS "*.md=${CMAKE_SOURCE_DIR}/docs/md_filter.py")
  set(DOXYGEN_EXAMPLE_PATH "${CMAKE_SOURCE_DIR}/stages")
  set(DOXYGEN_STRIP_FROM_PATH "${CMAKE_SOURCE_DIR}")
  set(DOXYGEN_WARN_AS_ERROR YES)
  set(DOXYGEN_WARN_IF_UNDOCUMENTED YES)
  set(DOXYGEN_WARN_NO_PARAMDOC YES)
  set(DOXYGEN_HAVE_DOT NO)
  set(DOXYGEN_GENERATE_TREEVIEW YES)
  set(DOXYGEN_SORT_MEMBER_DOCS NO)  # keep each header's top-to-bottom order
  set(DOXYGEN_QUIET YES)
  set(DOXYGEN_EXCLUDE_SYMBOLS "reversi")
  # Step 10's x86-64 kernels (e10_kernels_x86.h) are declared with GCC's
  # __attribute__((target(...))), which Doxygen would read as a variable's name: it reads
  # them without it (only this macro is expanded; every other is left as written).
  set(DOXYGEN_MACRO_EXPANSION YES)
  set(DOXYGEN_EXPAND_ONLY_PREDEF YES)
  # And step 11's threads are what the site documents, not the boards' one-thread fallback
  # (E11_THREADS: Doxygen defines neither __cpp_exceptions nor __STDC_HOSTED__).
  set(DOXYGEN_PREDEFINED "__attribute__(x)=" "DOXYGEN")
  # A step page shows each of its files whole, folded, and the key code of a page is an
  # excerpt: both with the comments that say why, /** */ and /// ones included (Doxygen
  # strips those from code by default).
  set(DOXYGEN_STRIP_CODE_COMMENTS NO)
  # The site's own style rules (a link in a table's dark header row is drawn white).
  set(DOXYGEN_HTML_EXTRA_STYLESHEET "${CMAKE_SOURCE_DIR}/docs/site.css")
  doxygen_add_docs(docs ${doc_inputs} COMMENT "Building the documentation site in build/docs/html")
  # Each stage's code links into that stage, not into the first stage with the same name.
  add_custom_command(TARGET docs POST_BUILD
    COMMAND Python3::Interpreter "${LAB_PY}" fix-code-links
            "${CMAKE_BINARY_DIR}/docs/html" "${CMAKE_SOURCE_DIR}/stages")
else()
  add_custom_target(docs COMMAND ${CMAKE_COMMAND} -E echo "doxygen is not installed: apt-get install doxygen"
                    COMMAND ${CMAKE_COMMAND} -E false)
endif()

# The layout pictures of the stage pages (docs/layout-sNN.svg) are drawn from the stages' own
# constants: layout_constants prints them, docs/layouts.py draws (update-docs) or compares
# (docs:layouts; not in a cross build, whose programs do not run here).
add_executable(layout_constants tests/layout_constants.cpp)
target_include_directories(layout_constants PRIVATE "${CMAKE_SOURCE_DIR}/stages")
if(NOT CMAKE_CROSSCOMPILING)
  add_test(NAME docs:layouts COMMAND Python3::Interpreter "${LAB_PY}" layouts
           --dump "$<TARGET_FILE:layout_constants>" --source "${CMAKE_SOURCE_DIR}" --check)
  set_tests_properties(docs:layouts PROPERTIES LABELS docs)
  lab_quick(TARGETS layout_constants TESTS docs:layouts)
endif()

# update-docs: run every stage's and every search step's benchmark and the embedded report,
# then rewrite every generated block (the numbers in the stage and step pages,
# docs/overview.md and its Japanese copy, README.md and README.ja.md, docs/lessons.md, the
# claims ledger and the "Why it is slower" sections), redraw docs/progression.svg and
# docs/search.svg (docs/figures.py) and the layout pictures (docs/layouts.py). The slow
# valgrind measurements and the training are not re-run: every block is written from the
# store of facts, docs/facts/ (the bench report and the embedded report of this run; the
# duels, the perft rounds, the ablations (`ablation`, `ablation-eNN`), the pairs and counts
# of `verdicts`, the counts of `page-counts`, the flash-cache model's (`flash-cache`) and
# the training of `./lab train --write`, as their last runs left them). The perft tables
# and the duel blocks are written again from the store last: their writers link a page's
# machine where the page names it, and this run's report may have changed that machine.
add_custom_target(update-docs
  COMMAND Python3::Interpreter "${LAB_PY}" report --build "${CMAKE_BINARY_DIR}" --store
  COMMAND Python3::Interpreter "${LAB_PY}" update-docs --source "${CMAKE_SOURCE_DIR}"
  COMMAND Python3::Interpreter "${LAB_PY}" perft-speed --from-store
          --pages docs/cli.md stages/s11_avx512/README.md
  COMMAND Python3::Interpreter "${LAB_PY}" duel-report --root "${CMAKE_SOURCE_DIR}" --pages
  COMMAND Python3::Interpreter "${LAB_PY}" transcripts --build "${CMAKE_BINARY_DIR}"
          --source "${CMAKE_SOURCE_DIR}"
  COMMAND Python3::Interpreter "${LAB_PY}" layouts --dump "$<TARGET_FILE:layout_constants>"
          --source "${CMAKE_SOURCE_DIR}"
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
  USES_TERMINAL
  COMMENT "Measuring every stage and rewriting the numbers in the docs")
add_dependencies(update-docs reversi-lab layout_constants)
foreach(folder IN LISTS lab_all)  # the sidebars too: the report times their benchmarks
  if(TARGET bench_${folder})
    add_dependencies(update-docs bench_${folder})
  endif()
endforeach()

# page-counts: callgrind counts the runs the pages name (<!-- counts-runs: ... -->), a few
# minutes under valgrind, into the store of facts (docs/facts/counts.json), and rewrites the
# pages' counts tables.
set(lab_counted)
foreach(folder IN LISTS lab_numbered)
  if(TARGET bench_${folder})
    list(APPEND lab_counted bench_${folder})
  endif()
endforeach()
add_custom_target(page-counts
  COMMAND Python3::Interpreter "${LAB_PY}" page-counts --build "${CMAKE_BINARY_DIR}"
          --source "${CMAKE_SOURCE_DIR}" --store
  COMMAND Python3::Interpreter "${LAB_PY}" update-docs --source "${CMAKE_SOURCE_DIR}"
  DEPENDS ${lab_counted}
  WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
  USES_TERMINAL
  COMMENT "Counting instructions with callgrind for the pages")

# verdicts: host pairs in one process, interleaved (s11 against s10 for its page, and any
# claim's pair the bench report does not time; seconds) and the evidence of the "Why it is slower" sections (callgrind, objdump), then
# the ledger and the sections rewritten with the embedded figures of the store of facts.
set(lab_verdict_benches)
foreach(folder IN LISTS lab_numbered lab_steps lab_sidebars)
  if(TARGET bench_${folder})
    list(APPEND lab_verdict_benches bench_${folder})
  endif()
endforeach()
if(TARGET bench_compare)
  add_custom_target(verdicts
    COMMAND Python3::Interpreter "${LAB_PY}" verdict-pairs --build "${CMAKE_BINARY_DIR}" --store
    COMMAND Python3::Interpreter "${LAB_PY}" why-slower --build "${CMAKE_BINARY_DIR}" --store
    COMMAND Python3::Interpreter "${LAB_PY}" update-docs --source "${CMAKE_SOURCE_DIR}"
    DEPENDS bench_compare bench_step_compare ${lab_verdict_benches}
    WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
    USES_TERMINAL
    COMMENT "Timing the claims' pairs side by side, counting the slowdowns, rewriting the verdicts")
endif()

# ffo-long-eNN: step NN solves FFO #40-#59 one by one (hours, not part of update-docs), a
# process each, keeping every result in the store of facts (docs/facts/ffo_long.json) as it
# comes (a run stopped part way goes on from there) and the step's page's table with it. Steps 09 and 10:
# the solvers that take the whole test in hours, not days; steps 11 and 12 on every core (tens of minutes on two).
if(lab_steps)
  foreach(step e09 e10 e11 e12)
    set(threads "")
    if(NOT step STRLESS "e11")
      set(threads --threads all)
    endif()
    add_custom_target(ffo-long-${step}
      COMMAND Python3::Interpreter "${LAB_PY}" ffo-long --build "${CMAKE_BINARY_DIR}"
              --engine ${step} --ffo 40-59 ${threads}
      DEPENDS reversi-lab
      WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
      USES_TERMINAL
      COMMENT "Solving FFO #40-#59 with ${step} (bench/ffo_long.py; docs/facts/ffo_long.json, its page)")
  endforeach()
endif()

# The generated diffs and the stage list must match the code (numbers may differ by machine).
add_test(NAME docs:generated COMMAND Python3::Interpreter "${LAB_PY}" update-docs
         --source "${CMAKE_SOURCE_DIR}" --check)
set_tests_properties(docs:generated PROPERTIES LABELS docs)

# The built site: every relative link and anchor resolves (run after the docs target).
add_test(NAME docs:links COMMAND Python3::Interpreter "${LAB_PY}" check-site
         "${CMAKE_BINARY_DIR}/docs/html" "${CMAKE_SOURCE_DIR}/stages")
set_tests_properties(docs:links PROPERTIES LABELS docs)
# The sources: no page or source file cites a file the repository lacks, no Python repr
# in a page or a figure.
add_test(NAME docs:truth COMMAND Python3::Interpreter "${LAB_PY}" check-docs
         "${CMAKE_SOURCE_DIR}")
set_tests_properties(docs:truth PROPERTIES LABELS docs)
# No measured figure typed by hand outside the generated blocks: typed, it drifts.
add_test(NAME docs:numbers COMMAND Python3::Interpreter "${LAB_PY}" check-docs --numbers
         "${CMAKE_SOURCE_DIR}")
set_tests_properties(docs:numbers PROPERTIES LABELS docs)
# One number per fact: a measured quantity has one value on every page (English and Japanese).
add_test(NAME docs:facts COMMAND Python3::Interpreter "${LAB_PY}" check-facts "${CMAKE_SOURCE_DIR}")
set_tests_properties(docs:facts PROPERTIES LABELS docs)
# The store of facts (docs/facts/): one value per key (a planted second one fails), and the
# step pages' duel blocks are what the store gives (a typed number fails).
add_test(NAME docs:store COMMAND Python3::Interpreter "${LAB_PY}" store-test "${CMAKE_SOURCE_DIR}")
set_tests_properties(docs:store PROPERTIES LABELS docs)
# ./lab docs times itself: each step that succeeds leaves its time in the store, a failure
# stops the run untimed, and the layout page's block sums only a fully timed list.
add_test(NAME docs:pipeline COMMAND Python3::Interpreter "${LAB_PY}" pipeline-test)
set_tests_properties(docs:pipeline PROPERTIES LABELS docs)
# A stage or step page reads in minutes: at most 2,000 words (ten minutes) outside its <details> blocks.
add_test(NAME docs:length COMMAND Python3::Interpreter "${LAB_PY}" check-docs --length
         "${CMAKE_SOURCE_DIR}")
set_tests_properties(docs:length PROPERTIES LABELS docs)
# One ratio convention ("B runs N.NNx as fast as A", docs/measurements.md) on every page.
add_test(NAME docs:ratios COMMAND Python3::Interpreter "${LAB_PY}" check-docs --ratios
         "${CMAKE_SOURCE_DIR}")
set_tests_properties(docs:ratios PROPERTIES LABELS docs)
# No hard-wrapped Japanese paragraph: Markdown would join its lines with a stray space.
add_test(NAME docs:japanese-lines COMMAND Python3::Interpreter "${LAB_PY}" check-japanese
         "${CMAKE_SOURCE_DIR}")
set_tests_properties(docs:japanese-lines PROPERTIES LABELS docs)
# The READMEs stay a front door: at most 150 lines, linking s01 and the reference pages.
add_test(NAME docs:front-door COMMAND Python3::Interpreter "${LAB_PY}" check-front-door
         "${CMAKE_SOURCE_DIR}")
set_tests_properties(docs:front-door PROPERTIES LABELS docs)
# The pages' embedded figures are those the code measures now: the embedded report run
# again (about a minute, in build/docs-embedded: beside the embedded tests, started first).
add_test(NAME docs:embedded COMMAND Python3::Interpreter "${LAB_PY}" check-embedded-pages
         --build "${CMAKE_BINARY_DIR}")
set_tests_properties(docs:embedded PROPERTIES LABELS docs COST 90 TIMEOUT 900)
# The checkers and generators above on small known inputs (a check that sees nothing fails).
add_test(NAME docs:checkers COMMAND Python3::Interpreter "${LAB_PY}" check-docs-test)
set_tests_properties(docs:checkers PROPERTIES LABELS docs)
# Every SVG has a <title> and a <desc>; every image in a page a meaningful alt text.
add_test(NAME docs:figures COMMAND Python3::Interpreter "${LAB_PY}" check-figures
         "${CMAKE_SOURCE_DIR}")
set_tests_properties(docs:figures PROPERTIES LABELS docs)
# The example sessions of docs/cli.md are the program's own output (times aside).
add_test(NAME docs:transcripts COMMAND Python3::Interpreter "${LAB_PY}" transcripts
         --build "${CMAKE_BINARY_DIR}" --source "${CMAKE_SOURCE_DIR}" --check)
set_tests_properties(docs:transcripts PROPERTIES LABELS docs)
# Every timing claim has a verdict row for each platform that measures it, none with its
# data missing, and every listed slowdown its "Why it is slower" section; and the rules
# that decide a verdict, on made-up data.
add_test(NAME docs:verdicts COMMAND Python3::Interpreter "${LAB_PY}" verdicts --check
         --source "${CMAKE_SOURCE_DIR}")
add_test(NAME docs:verdict-rules COMMAND Python3::Interpreter "${LAB_PY}" verdicts-test)
# e07's training table (docs/learned.py) on a made-up training run; its bad input.
add_test(NAME docs:learned COMMAND Python3::Interpreter "${LAB_PY}" learned-test)
set_tests_properties(docs:verdicts docs:verdict-rules docs:learned PROPERTIES LABELS docs)

# The site as a reader sees it: headless Chromium loads it (run after the docs target).
add_test(NAME docs:browser COMMAND Python3::Interpreter "${LAB_PY}" docs-browser
         "${CMAKE_BINARY_DIR}/docs/html" "${CMAKE_SOURCE_DIR}/stages")
set_tests_properties(docs:browser PROPERTIES LABELS docs SKIP_RETURN_CODE 77)
if(TARGET embedded-report)
  add_dependencies(update-docs embedded-report)  # the store's embedded figures: the embedded columns
endif()

# The checks above that read the sources and the program alone, not the built site or the
# simulators: in ./lab test.
lab_quick(TESTS docs:generated docs:truth docs:numbers docs:facts docs:store docs:pipeline docs:length docs:ratios docs:japanese-lines
          docs:front-door docs:checkers docs:figures docs:transcripts docs:verdicts docs:verdict-rules docs:learned)

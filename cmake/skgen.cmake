# skgen.cmake - scan annotated sources as build steps, check the generated code.
#
#   list(APPEND CMAKE_MODULE_PATH <skgen>/cmake)
#   include(skgen)
#   add_library(myops SHARED src/add.cpp src/mul.cpp ...)
#   skgen_add_check(myops)
#
# skgen_add_check(<target> [SOURCES <src>...] [NAME <name>] [ALL])
#
# For each C++ source of <target> (or each of SOURCES), one build step runs
# `skgen --dump-facts` on that translation unit with the flags of this build
# (its compile_commands.json) and writes the facts with a depfile of every
# file they were read from: Ninja (or Make) re-scans a source only when one of
# its inputs changed, and any distributed build backend can run the step. A
# source without annotations costs one cheap textual check. The scans share
# skgen's facts cache and precompiled header in the build directory (the
# first scan that can use the header builds it: --eager-pch).
#
# One more step, target <name> (default <target>_skgen_check), links the facts
# (`skgen --check --facts=...`): it fails, printing the diff, when generated
# code in the sources is out of date or the annotations are wrong. It depends
# only on the facts, which are rewritten only when they change, so a build
# with nothing changed runs nothing. With ALL it is part of the default build.
#
# SKGEN_EXECUTABLE: the skgen to run (default: found on PATH).

cmake_minimum_required(VERSION 3.20)

if(NOT SKGEN_EXECUTABLE)
  find_program(SKGEN_EXECUTABLE skgen)
endif()

function(skgen_add_check target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "ALL" "NAME" "SOURCES")
  if(NOT SKGEN_EXECUTABLE)
    message(FATAL_ERROR "skgen_add_check: set SKGEN_EXECUTABLE (skgen not found)")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "skgen_add_check: no target '${target}'")
  endif()
  if(NOT ARG_NAME)
    set(ARG_NAME ${target}_skgen_check)
  endif()
  if(NOT ARG_SOURCES)
    get_target_property(ARG_SOURCES ${target} SOURCES)
  endif()
  # The scans read the flags of the build from compile_commands.json.
  set_property(TARGET ${target} PROPERTY EXPORT_COMPILE_COMMANDS ON)
  get_target_property(src_dir ${target} SOURCE_DIR)
  set(db ${CMAKE_BINARY_DIR}/compile_commands.json)
  set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/skgen/${target})

  set(facts_files)
  set(facts_args)
  foreach(src IN LISTS ARG_SOURCES)
    if(src MATCHES "^\\$<" OR NOT src MATCHES "\\.(cpp|cc|cxx|c\\+\\+|C)$")
      continue()
    endif()
    get_filename_component(abs ${src} ABSOLUTE BASE_DIR ${src_dir})
    file(RELATIVE_PATH rel ${src_dir} ${abs})
    if(rel MATCHES "^\\.\\./")
      string(MD5 rel ${abs})
    endif()
    set(facts ${out_dir}/${rel}.facts.json)
    get_filename_component(facts_dir ${facts} DIRECTORY)
    file(MAKE_DIRECTORY ${facts_dir})
    add_custom_command(
      OUTPUT ${facts}
      COMMAND ${SKGEN_EXECUTABLE} -p ${CMAKE_BINARY_DIR} -j1 --eager-pch
              --dump-facts=${facts} --depfile=${facts}.d ${abs}
      DEPENDS ${abs} ${db} ${SKGEN_EXECUTABLE}
      DEPFILE ${facts}.d
      COMMENT "skgen: scanning ${rel}"
      VERBATIM)
    list(APPEND facts_files ${facts})
    list(APPEND facts_args --facts=${facts})
  endforeach()

  set(stamp ${out_dir}/check.stamp)
  add_custom_command(
    OUTPUT ${stamp}
    COMMAND ${SKGEN_EXECUTABLE} --check ${facts_args}
    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
    DEPENDS ${facts_files} ${SKGEN_EXECUTABLE}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
    COMMENT "skgen: checking the generated code of ${target}"
    VERBATIM)
  if(ARG_ALL)
    add_custom_target(${ARG_NAME} ALL DEPENDS ${stamp})
  else()
    add_custom_target(${ARG_NAME} DEPENDS ${stamp})
  endif()
endfunction()

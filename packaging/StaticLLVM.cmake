# SKGEN_STATIC_LLVM (the wheel, utils/build_wheel.sh): skgen links LLVM's and
# Clang's static archives, so the binary needs no LLVM at run time. Sets
# SKGEN_LLVM_LIBS and SKGEN_CLANG_LIBS, what lib/*/CMakeLists.txt link.
#
# Debian builds LLVM with LLVM_LINK_LLVM_DYLIB: its exported clang* archives
# name the shared `LLVM` as their dependency. Here each clang* target of the
# closure gets the LLVM component archives instead (the union of the
# LINK_COMPONENTS of those Clang libraries), and LLVMSupport's shared system
# libraries become static ones: zlib and zstd (llvm::compression, used by the
# AST writer), not Z3 (only the static analyzer's solver, which skgen does not
# link).
set(_skgen_llvm_components
    Support TargetParser FrontendOpenMP FrontendHLSL BinaryFormat Core Demangle
    MC MCParser Option ProfileData WindowsDriver BitReader BitstreamReader
    Object)
llvm_map_components_to_libnames(SKGEN_LLVM_LIBS ${_skgen_llvm_components})

find_package(Threads REQUIRED)
find_library(SKGEN_LIBZ_STATIC libz.a REQUIRED)
find_library(SKGEN_LIBZSTD_STATIC libzstd.a REQUIRED) # Debian: libzstd-dev
set_target_properties(LLVMSupport PROPERTIES INTERFACE_LINK_LIBRARIES
  "${SKGEN_LIBZ_STATIC};${SKGEN_LIBZSTD_STATIC};rt;dl;m;Threads::Threads;LLVMDemangle")

# What skgen's code and its use of Tooling need; the closure follows.
set(SKGEN_CLANG_LIBS clangTooling clangToolingCore clangToolingInclusions
    clangFrontend clangDriver clangSerialization clangParse clangSema
    clangAnalysis clangASTMatchers clangAST clangEdit clangLex clangBasic
    clangFormat clangRewrite)
set(_skgen_pending ${SKGEN_CLANG_LIBS})
set(_skgen_seen)
while(_skgen_pending)
  list(POP_FRONT _skgen_pending _lib)
  if(_lib IN_LIST _skgen_seen OR NOT _lib MATCHES "^clang")
    continue()
  endif()
  list(APPEND _skgen_seen ${_lib})
  get_target_property(_deps ${_lib} INTERFACE_LINK_LIBRARIES)
  if(NOT _deps)
    set(_deps)
  endif()
  list(TRANSFORM _deps REPLACE "^LLVM$" "${SKGEN_LLVM_LIBS}")
  set_target_properties(${_lib} PROPERTIES INTERFACE_LINK_LIBRARIES "${_deps}")
  list(APPEND _skgen_pending ${_deps})
endwhile()
list(APPEND SKGEN_CLANG_LIBS ${SKGEN_LLVM_LIBS})
message(STATUS "skgen: static LLVM/Clang (${_skgen_seen})")
# libstdc++ and libgcc static too: skgen is an executable that shares no C++
# objects with any other module, and the binary then needs only glibc (the
# manylinux tag follows from glibc's symbol versions alone).
add_link_options(-static-libstdc++ -static-libgcc)

# Sourced by utils/build.sh and utils/test-asan.sh: with ccache installed
# (utils/setup.sh), compiles go through it, keyed on paths relative to the
# repository, so every clone (CI's clean ones included) shares one cache.
# Prints the CMake arguments that set the launcher.
ccache_cmake_args() {
  command -v ccache >/dev/null || return 0
  echo "-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
}
export CCACHE_BASEDIR="$ROOT" CCACHE_NOHASHDIR=true

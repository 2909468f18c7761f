# The one place compiler flags are pinned, for both toolchains that must build
# the same C++20: Debian's g++ 12 (native CLI, tests, benchmarks) and
# Emscripten 3.1.6's clang 14 (the WebAssembly build). No -ffast-math anywhere:
# results must be byte-identical natively and in WebAssembly.
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)

if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release)
endif()

set(FLASHSCOPE_WARNINGS -Wall -Wextra -Wno-unused-parameter)
set(CMAKE_CXX_FLAGS_RELEASE "-O2")
# x86-64 doubles must round like wasm's f64: SSE2 math, no FMA contraction.
add_compile_options(-ffp-contract=off)

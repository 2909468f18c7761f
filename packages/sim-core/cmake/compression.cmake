# The decompression libraries compressed traces are read with
# (src/trace/decoders/), natively: Debian's zlib1g-dev, libbz2-dev,
# liblzma-dev and libzstd-dev (scripts/lib.sh installs them). The
# WebAssembly build decodes in JavaScript instead (Emscripten's ports of
# these libraries download their sources, and the build has no network).
# Defines FLASHSCOPE_COMPRESSION_LIBRARIES.
if(NOT EMSCRIPTEN)
  find_package(ZLIB REQUIRED)
  find_package(BZip2 REQUIRED)
  find_package(LibLZMA REQUIRED)
  # libzstd ships no CMake module in CMake 3.25 and its config file names
  # differ between releases: look for the header and library directly.
  find_path(ZSTD_INCLUDE_DIR zstd.h REQUIRED)
  find_library(ZSTD_LIBRARY NAMES zstd REQUIRED)
  add_library(flashscope_zstd UNKNOWN IMPORTED)
  set_target_properties(flashscope_zstd PROPERTIES
    IMPORTED_LOCATION ${ZSTD_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${ZSTD_INCLUDE_DIR})
  set(FLASHSCOPE_COMPRESSION_LIBRARIES
      ZLIB::ZLIB BZip2::BZip2 LibLZMA::LibLZMA flashscope_zstd)
else()
  set(FLASHSCOPE_COMPRESSION_LIBRARIES)
endif()

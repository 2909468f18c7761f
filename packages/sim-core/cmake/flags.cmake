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

# --- WebAssembly (Emscripten 3.1.6, Debian's package) ----------------------
# Every flag of the wasm build is here; CMakeLists.txt only names targets.
# scripts/build-wasm.sh configures it with emcmake into build-wasm/.
if(EMSCRIPTEN)
  # The core reports bad input by throwing InputError and the C API catches
  # it (api/flashscope_api.cpp), so exceptions must be caught, never abort:
  # no -fno-exceptions. Two correct ways, chosen here:
  #   js   Emscripten's JavaScript-based catching (-fexceptions,
  #        DISABLE_EXCEPTION_CATCHING=0): runs everywhere; calls that may
  #        throw go through JS invoke_* wrappers, which cost ~13 % of the
  #        timed run's speed (bench, Node 20: 3.1 s vs 2.75 s with catching
  #        disabled) and 54 KB of wasm.
  #   wasm (default) native wasm exception handling (-fwasm-exceptions): no
  #        run-time cost (2.6 s) but needs the engine's support (Chrome 95,
  #        Firefox 100, Safari 15.2, Node 17) — every browser FlashScope's
  #        users run, and the Node 20 the tests use. It keeps the wasm build
  #        at the issue's >= 0.6 of native speed.
  set(FLASHSCOPE_WASM_EH wasm CACHE STRING "C++ exception catching in wasm: js or wasm")
  set_property(CACHE FLASHSCOPE_WASM_EH PROPERTY STRINGS js wasm)
  if(FLASHSCOPE_WASM_EH STREQUAL "wasm")
    set(FLASHSCOPE_WASM_EXCEPTIONS -fwasm-exceptions)
  elseif(FLASHSCOPE_WASM_EH STREQUAL "js")
    set(FLASHSCOPE_WASM_EXCEPTIONS -fexceptions -sDISABLE_EXCEPTION_CATCHING=0)
  else()
    message(FATAL_ERROR "FLASHSCOPE_WASM_EH must be js or wasm, not ${FLASHSCOPE_WASM_EH}")
  endif()
  add_compile_options(${FLASHSCOPE_WASM_EXCEPTIONS})

  # The C API (api/flashscope_api.h) plus the allocator the JavaScript side
  # uses to pass strings in. The trace reader's callback into JavaScript
  # (Module.fsReadTrace, api/js_byte_input.cpp) is an EM_JS import, not an
  # export.
  set(FLASHSCOPE_WASM_EXPORTS
      _fs_api_version _fs_create _fs_destroy _fs_precondition _fs_advance _fs_now_ns
      _fs_describe _fs_snapshot _fs_snapshot_size _fs_snapshot_meta _fs_result_json
      _fs_run_scenario _fs_last_error _fs_trace_open _fs_trace_scan _fs_trace_summary
      _fs_trace_close _fs_stability_create _fs_stability_advance _fs_stability_progress
      _fs_stability_result _fs_fio_resolve _fs_device_schema _fs_effective_device _fs_stability_defaults
      _fs_burst_template _fs_trace_fit _malloc _free)
  list(JOIN FLASHSCOPE_WASM_EXPORTS "," FLASHSCOPE_WASM_EXPORT_LIST)

  set(FLASHSCOPE_WASM_LINK_FLAGS
      -O2
      ${FLASHSCOPE_WASM_EXCEPTIONS}
      # A 64 GiB drive's FTL tables take ~200 MB: start small, grow on demand
      # up to the 2 GiB default maximum (pointers stay below 2^31, so they
      # are plain non-negative numbers in JavaScript).
      -sALLOW_MEMORY_GROWTH=1
      -sINITIAL_MEMORY=67108864
      -sMODULARIZE=1
      -sEXPORT_NAME=createFlashScope
      -sEXPORTED_FUNCTIONS=${FLASHSCOPE_WASM_EXPORT_LIST}
      # HEAPU8 is on the module without being listed (3.1.6 assigns
      # Module["HEAPU8"] whenever memory grows); read it afresh after calls.
      -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,stringToUTF8,lengthBytesUTF8
      # No files: device and job text arrive as strings.
      -sFILESYSTEM=0)
  # Browser flavour (the worker): ES module glue plus a separate .wasm.
  set(FLASHSCOPE_WASM_WEB_LINK_FLAGS
      -sENVIRONMENT=web,worker
      -sEXPORT_ES6=1)
  # Node flavour (tests, benchmarks): CommonJS with the .wasm inlined and
  # compiled synchronously, because under Node 20 the ES6 glue fetches the
  # .wasm by path (which fails) and refers to __dirname. The factory fills
  # the object it is given and returns it, ready, without awaiting.
  set(FLASHSCOPE_WASM_NODE_LINK_FLAGS
      -sENVIRONMENT=node
      -sSINGLE_FILE=1
      -sWASM_ASYNC_COMPILATION=0)
  # Debian's em++ runs its JavaScript optimizer under Node, which needs
  # acorn from /usr/share/nodejs; without it linking above -O0 fails.
  # (A string: CMake puts it in front of the link command as is.)
  set(FLASHSCOPE_WASM_LINK_LAUNCHER
      "${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs")
endif()

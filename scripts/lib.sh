# Shared by the scripts: install what a fresh Debian machine lacks.
# Sourced, not run.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$REPO_ROOT/packages/sim-core/build"

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# apt packages the native build and its checks need.
ensure_native_toolchain() {
  local missing=()
  command -v cmake >/dev/null || missing+=(cmake)
  command -v g++ >/dev/null || missing+=(g++)
  command -v make >/dev/null || missing+=(make)
  command -v clang-format >/dev/null || missing+=(clang-format)
  [ -f /usr/include/gtest/gtest.h ] || missing+=(libgtest-dev)
  # The CLI's argument parser (header-only; packages/sim-core/CMakeLists.txt).
  [ -f /usr/include/CLI/CLI.hpp ] || missing+=(libcli11-dev)
  # Compressed traces: the decoders' libraries (src/trace/decoders/), and
  # the command-line tools the Node tests compress their xz and zstd
  # samples with (packages/wasm/src/node_compressed_trace.test.ts).
  [ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)
  [ -f /usr/include/bzlib.h ] || missing+=(libbz2-dev)
  [ -f /usr/include/lzma.h ] || missing+=(liblzma-dev)
  [ -f /usr/include/zstd.h ] || missing+=(libzstd-dev)
  command -v xz >/dev/null || missing+=(xz-utils)
  command -v zstd >/dev/null || missing+=(zstd)
  command -v bzip2 >/dev/null || missing+=(bzip2)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# The fio JSON readers the C++ tests run on FlashScope's fio output
# (packages/sim-core/src/report/fio_readers_test.cpp): Debian's fio, which
# ships tools/fio_jsonplus_clat2csv as /usr/bin/fio_jsonplus_clat2csv (a
# Python script needing six) and runs the key-layout comparison; jq for the
# kbench-style queries; and fio-plot from PyPI with every dependency pinned
# (scripts/fio-plot-requirements.txt), in a venv of Debian's Python under
# build/ that the tests find at $FIO_PLOT_VENV. Explicit returns: test.sh
# calls this with errexit off.
FIO_PLOT_VENV="$REPO_ROOT/build/fio-plot-venv"
FIO_PLOT_VERSION=1.1.21
FIO_PLOT_REQUIREMENTS="$REPO_ROOT/scripts/fio-plot-requirements.txt"
ensure_fio_readers() {
  local missing=()
  command -v fio >/dev/null || missing+=(fio)
  command -v fio_jsonplus_clat2csv >/dev/null || missing+=(fio)
  command -v jq >/dev/null || missing+=(jq)
  command -v python3 >/dev/null || missing+=(python3)
  python3 -c 'import six' 2>/dev/null || missing+=(python3-six)
  /usr/bin/python3 -c 'import venv, ensurepip' 2>/dev/null || missing+=(python3-venv)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}" >&2
    as_root apt-get update -qq || return 1
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null ||
      return 1
  fi
  local installed
  installed=$("$FIO_PLOT_VENV/bin/python" -c \
    'import importlib.metadata as m; print(m.version("fio-plot"))' 2>/dev/null || true)
  if [ "$installed" != "$FIO_PLOT_VERSION" ]; then
    echo "installing: fio-plot==$FIO_PLOT_VERSION in $FIO_PLOT_VENV" >&2
    rm -rf "$FIO_PLOT_VENV"
    /usr/bin/python3 -m venv "$FIO_PLOT_VENV" || return 1
    "$FIO_PLOT_VENV/bin/pip" install -q -r "$FIO_PLOT_REQUIREMENTS" || return 1
  fi
}

# The sweep engine's Python side (tools/sweep: `flashscope sweep`, local or
# on Ray): a venv of Debian's Python at build/sweep-venv with every package
# pinned (tools/sweep/requirements.txt: pyarrow, ray[default], pytest). The
# venv keeps a copy of the requirements it was made from, so a second call
# is one file comparison, and a changed pin rebuilds it. Explicit returns:
# test.sh calls this with errexit off.
SWEEP_VENV="$REPO_ROOT/build/sweep-venv"
SWEEP_REQUIREMENTS="$REPO_ROOT/tools/sweep/requirements.txt"
ensure_sweep_venv() {
  if cmp -s "$SWEEP_REQUIREMENTS" "$SWEEP_VENV/requirements.installed.txt" &&
    [ -x "$SWEEP_VENV/bin/python" ]; then
    return 0
  fi
  if ! /usr/bin/python3 -c 'import venv, ensurepip' 2>/dev/null; then
    echo "installing: python3-venv" >&2
    as_root apt-get update -qq || return 1
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null ||
      return 1
  fi
  echo "installing: the sweep engine's Python packages in $SWEEP_VENV" >&2
  rm -rf "$SWEEP_VENV"
  /usr/bin/python3 -m venv "$SWEEP_VENV" || return 1
  "$SWEEP_VENV/bin/pip" install -q -r "$SWEEP_REQUIREMENTS" || return 1
  cp "$SWEEP_REQUIREMENTS" "$SWEEP_VENV/requirements.installed.txt"
}

ensure_npm_packages() {
  if [ ! -d "$REPO_ROOT/node_modules" ] || [ "$REPO_ROOT/package-lock.json" -nt "$REPO_ROOT/node_modules" ]; then
    (cd "$REPO_ROOT" && npm ci --no-audit --no-fund)
  fi
}

build_native() {
  ensure_native_toolchain
  cmake -S "$REPO_ROOT/packages/sim-core" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$BUILD_DIR" -j "$(nproc)"
}

# --- WebAssembly -------------------------------------------------------------
WASM_BUILD_DIR="$REPO_ROOT/packages/sim-core/build-wasm"

# Debian's Emscripten (3.1.6), plus cmake/make to drive it.
ensure_emscripten() {
  local missing=()
  command -v em++ >/dev/null || missing+=(emscripten)
  command -v cmake >/dev/null || missing+=(cmake)
  command -v make >/dev/null || missing+=(make)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}" >&2
    as_root apt-get update -qq || return 1
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null || return 1
  fi
}

# Builds both flavours of the simulator's WebAssembly module into
# packages/wasm/dist (flags: packages/sim-core/cmake/flags.cmake):
#   flashscope.web.mjs + flashscope.web.wasm   for the browser worker
#   flashscope.node.cjs                        for Node (tests, benchmarks)
# Explicit returns: test.sh calls this with errexit off.
build_wasm() {
  ensure_emscripten || return 1
  local dist="$REPO_ROOT/packages/wasm/dist"
  # em++'s optimizer needs acorn from /usr/share/nodejs (the link step also
  # sets this itself; configure-time compiler checks link too).
  export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
  # emcmake echoes its command line on stderr: keep the output for failures.
  local log
  log=$(emcmake cmake -S "$REPO_ROOT/packages/sim-core" -B "$WASM_BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release -DFLASHSCOPE_WASM_DIST="$dist" 2>&1) || {
    echo "$log" >&2
    return 1
  }
  cmake --build "$WASM_BUILD_DIR" -j "$(nproc)" || return 1
  local file
  for file in flashscope.web.mjs flashscope.web.wasm flashscope.node.cjs; do
    [ -s "$dist/$file" ] || { echo "build_wasm: no $dist/$file" >&2; return 1; }
  done
}

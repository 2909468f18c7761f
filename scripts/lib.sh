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
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
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

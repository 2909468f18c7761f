#!/usr/bin/env bash
# Formats the C++ sources in place (npm test checks them unchanged).
source "$(dirname "$0")/lib.sh"
ensure_native_toolchain
cd "$REPO_ROOT"
git ls-files -co --exclude-standard 'packages/sim-core/src/*.cpp' 'packages/sim-core/src/*.h' |
  xargs -r clang-format -i

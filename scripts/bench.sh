#!/usr/bin/env bash
# Prints the simulator's speed and memory figures (not asserted anywhere).
source "$(dirname "$0")/lib.sh"
build_native >/dev/null
exec "$BUILD_DIR/flashscope_bench" --presets "$REPO_ROOT/public/presets/devices" "$@"

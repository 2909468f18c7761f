#!/usr/bin/env bash
# Prints the simulator's speed and memory figures (not asserted anywhere):
# the native benchmark, then the WebAssembly build on the native benchmark's
# first workload (4 KiB random writes in GC steady state) under Node, with
# the native CLI timed on the identical workload and the wasm/native ratio.
source "$(dirname "$0")/lib.sh"
build_native >/dev/null
"$BUILD_DIR/flashscope_bench" --presets "$REPO_ROOT/public/presets/devices" "$@"

echo
echo "FlashScope WebAssembly benchmark (Node, one core)"
build_wasm >/dev/null
wasm_args=()
for arg in "$@"; do [ "$arg" = --quick ] && wasm_args+=(--quick); done
node "$REPO_ROOT/packages/wasm/bench/bench-wasm.mjs" \
  --native "$BUILD_DIR/flashscope" --presets "$REPO_ROOT/public/presets/devices" "${wasm_args[@]}"

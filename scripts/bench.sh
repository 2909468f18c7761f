#!/usr/bin/env bash
# Prints the simulator's speed and memory figures (not asserted anywhere):
# the native benchmark, then the WebAssembly build under Node on the native
# benchmark's first workload (4 KiB random writes in GC steady state), the
# zoned scenario and the classic FTL scenario (C-lash), each with the native
# CLI timed on the identical workload and the wasm/native ratio.
# Trace parsing: one generated 256 MiB MSR-format trace (build/bench/, made
# once by scripts/gen-msr-trace.mjs and reused) parsed by flashscope_bench,
# then inspected in wasm and by `flashscope trace inspect`, with MB/s each
# and their ratio (targets: >= 200 MB/s native, >= 100 MB/s wasm).
# Sweeps (tools/sweep): the example spec's points per minute on 1 and 2
# local workers, and the overhead per point against bare `flashscope run`s.
# Long runs (flashscope_bench's last section, alone with --long-only): peak
# memory against run length (1, 2, 4 passes of random writes) and a
# week-long sparse trace's replay speed in simulated days per wall second.
source "$(dirname "$0")/lib.sh"
build_native >/dev/null

msr_trace="$REPO_ROOT/build/bench/msr-256mb.csv"
if [ ! -s "$msr_trace" ]; then
  mkdir -p "$(dirname "$msr_trace")"
  # Written aside and renamed: an interrupted run leaves no short file behind.
  node "$REPO_ROOT/scripts/gen-msr-trace.mjs" "$msr_trace.part" 256 >/dev/null
  mv "$msr_trace.part" "$msr_trace"
fi

"$BUILD_DIR/flashscope_bench" --presets "$REPO_ROOT/public/presets/devices" \
  --msr-trace "$msr_trace" "$@"

echo
echo "FlashScope WebAssembly benchmark (Node, one core)"
build_wasm >/dev/null
wasm_args=()
for arg in "$@"; do [ "$arg" = --quick ] && wasm_args+=(--quick); done
node "$REPO_ROOT/packages/wasm/bench/bench-wasm.mjs" \
  --native "$BUILD_DIR/flashscope" --presets "$REPO_ROOT/public/presets/devices" \
  --msr-trace "$msr_trace" "${wasm_args[@]}"

# Compressed traces: the same 256 MiB trace as a .gz (made once beside it),
# inspected by the CLI, which decodes it chunk by chunk: the text rate and
# the peak RSS, far below the trace's size (GNU time, where installed).
echo
echo "Compressed trace (gzip, native CLI)"
if [ ! -s "$msr_trace.gz" ]; then
  gzip -1 -c "$msr_trace" >"$msr_trace.gz.part" && mv "$msr_trace.gz.part" "$msr_trace.gz"
fi
gz_bytes=$(stat -c %s "$msr_trace.gz")
if [ -x /usr/bin/time ]; then
  gz_report=$(/usr/bin/time -f 'peak RSS %M KiB' "$BUILD_DIR/flashscope" trace inspect \
    "$msr_trace.gz" --format msr 2>&1 >/dev/null)
else
  gz_report=$("$BUILD_DIR/flashscope" trace inspect "$msr_trace.gz" --format msr 2>&1 >/dev/null)
fi
echo "trace inspect of a $((gz_bytes / 1048576)) MiB .gz of the 256 MiB trace: ${gz_report//$'\n'/; }"

# The sweep engine on the example spec (public/sweeps/): points per minute on
# 1 and 2 workers, and what a point costs beyond a bare `flashscope run`.
echo
ensure_sweep_venv
PYTHONPATH="$REPO_ROOT/tools/sweep" "$SWEEP_VENV/bin/python" -m flashscope_sweep bench \
  "$REPO_ROOT/public/sweeps/zns-placements-op.json" --flashscope "$BUILD_DIR/flashscope"

#!/usr/bin/env bash
# Prints one SHA-256 per result the simulator produces for a fixed set of
# runs: every shipped scenario, every device preset under a short mixed job,
# the benchmark's steady-state workload, fio's JSON output, a stability run,
# a real trace's replay and inspection. A refactoring that must not change
# results (issue 16) is checked by running this before and after:
#
#   bash scripts/result-hashes.sh > before.txt   # on the old commit
#   bash scripts/result-hashes.sh > after.txt
#   diff before.txt after.txt                    # no output: byte-identical
#
# Uses the native CLI of packages/sim-core/build (FLASHSCOPE_CLI to override).
# Lines are "HASH  NAME"; nothing here is timed.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cli="${FLASHSCOPE_CLI:-$repo/packages/sim-core/build/flashscope}"
presets=public/presets/devices
shared="$repo/../shared"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Job files and scenarios are named relative to the work folder (results
# quote the path), so a checkout anywhere gives the same bytes.
cd "$work"
ln -s "$repo/public" public
[ -d "$shared" ] && ln -s "$shared" shared

hash_of() { # NAME COMMAND...: stdout of the command, hashed; FAILED if it fails
  local name="$1"
  shift
  local digest="FAILED"
  if "$@" >"$work/out" 2>"$work/stderr"; then
    digest=$(sha256sum <"$work/out" | cut -d' ' -f1)
  fi
  printf '%s  %s\n' "$digest" "$name"
}

for scenario in public/scenarios/*.json; do
  hash_of "scenario $(basename "$scenario")" "$cli" run --scenario "$scenario" --json
done
hash_of "scenario default.json --events" "$cli" run --scenario public/scenarios/default.json --events

cat >mixed.fio <<'EOF'
[mixed]
rw=randrw
rwmixread=30
bs=4k
iodepth=16
number_ios=20000
EOF
for preset in "$presets"/*.json; do
  name="$(basename "$preset" .json)"
  [ "$name" = index ] && continue
  case "$name" in
  zns-*) continue ;; # a zoned drive takes zoned jobs: the zns scenario covers it
  esac
  hash_of "preset $name mixed.fio" "$cli" run --device "preset:$name" --presets "$presets" \
    --fio mixed.fio --set precondition.fill=0.5 --json
done

# The benchmark's first workload (npm run bench), shortened.
cat >randwrite.fio <<'EOF'
[randwrite]
rw=randwrite
bs=4k
iodepth=32
norandommap=1
number_ios=200000
EOF
hash_of "bench tlc-64g steady state" "$cli" run --device preset:tlc-64g --presets "$presets" \
  --fio randwrite.fio --set precondition.fill=1 --set precondition.random_writes=1 --json
hash_of "fio json+ tlc-8g" "$cli" run --device preset:tlc-8g --presets "$presets" \
  --fio mixed.fio --output-format=json+
hash_of "fio normal tlc-8g" "$cli" run --device preset:tlc-8g --presets "$presets" \
  --fio mixed.fio --output-format=normal
hash_of "stability tlc-8g" "$cli" stability --device preset:tlc-8g --presets "$presets" --json
if [ -d shared/traces/real ]; then
  hash_of "trace msr_hm0 replay tlc-8g" "$cli" run --device preset:tlc-8g --presets "$presets" \
    --trace shared/traces/real/msr_hm0_sample.csv --json
  hash_of "trace tencent inspect" "$cli" trace inspect shared/traces/real/tencent_cbs_sample.csv.bz2 --json
fi

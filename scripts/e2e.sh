#!/usr/bin/env bash
# The Playwright tests alone: builds the app (native, wasm, web) and runs
# e2e/*.spec.ts in Debian's Chromium against it on a free local port.
#   bash scripts/e2e.sh [--no-build] [PLAYWRIGHT ARGS...]
#   FLASHSCOPE_URL=http://127.0.0.1:4173 bash scripts/e2e.sh --no-build   # a running app
source "$(dirname "$0")/lib-web.sh"
ensure_npm_packages
ensure_chromium
# e2e/sweep.spec.ts runs `flashscope sweep` (the Python engine in build/sweep-venv).
ensure_sweep_venv
if [ "${1:-}" = --no-build ]; then
  shift
else
  build_native >/dev/null
  build_web
fi
run_e2e "$@"

#!/usr/bin/env bash
# `npm start`: builds everything (native CLI, WebAssembly, web app) and
# serves FlashScope on http://127.0.0.1:4173/ (PORT overrides; a busy port
# falls back to a free one) with the default scenario playing. Ctrl-C stops.
# `npm start -- --cli` runs the default scenario headless in the CLI instead.
source "$(dirname "$0")/lib-web.sh"
ensure_npm_packages
build_native >/dev/null
if [ "${1:-}" = --cli ]; then
  shift
  exec "$BUILD_DIR/flashscope" run --scenario "$REPO_ROOT/public/scenarios/default.json" "$@"
fi
build_web
echo
echo "FlashScope is starting; open the URL below in a browser (Ctrl-C stops it)."
serve_web "${PORT:-4173}"

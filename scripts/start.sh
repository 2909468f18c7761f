#!/usr/bin/env bash
# FlashScope's main job. Until the web app exists, this runs the CLI on the
# default scenario and prints its summary.
source "$(dirname "$0")/lib.sh"
ensure_npm_packages
build_native >/dev/null
exec "$BUILD_DIR/flashscope" run --scenario "$REPO_ROOT/public/scenarios/default.json" "$@"

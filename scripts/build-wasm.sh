#!/usr/bin/env bash
# Builds the WebAssembly flavours of the simulator into packages/wasm/dist:
# flashscope.web.mjs + flashscope.web.wasm (browser worker) and
# flashscope.node.cjs (Node). Installs Debian's emscripten if missing.
source "$(dirname "$0")/lib.sh"
build_wasm
echo "built $REPO_ROOT/packages/wasm/dist/{flashscope.web.mjs,flashscope.web.wasm,flashscope.node.cjs}"

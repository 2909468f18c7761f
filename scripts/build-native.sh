#!/usr/bin/env bash
# Builds the native CLI at packages/sim-core/build/flashscope (and the tests).
source "$(dirname "$0")/lib.sh"
build_native
echo "built $BUILD_DIR/flashscope"

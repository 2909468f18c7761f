#!/usr/bin/env bash
# Installs the sweep engine's Python side (`flashscope sweep`, local or Ray):
# build/sweep-venv with tools/sweep/requirements.txt. Idempotent: quick when
# the venv already holds those pins. `npm test` and `npm run bench` run it.
source "$(dirname "$0")/lib.sh"
ensure_sweep_venv
echo "sweep venv ready: $SWEEP_VENV/bin/python (PYTHONPATH=$REPO_ROOT/tools/sweep)"

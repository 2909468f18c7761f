#!/usr/bin/env bash
# `npm test`: every test. Installs what is missing (apt, npm ci), then runs,
# in order: the native build, clang-format, the core's one-way layers
# (scripts/check-layers.mjs, and its own test), Prettier, ESLint, tsc, the C++
# tests (GoogleTest, with the fio JSON readers: Debian's fio and jq, and
# fio-plot in a venv), the sweep engine's tests (pytest in build/sweep-venv,
# scripts/setup-sweep.sh), the WebAssembly and web builds, the TypeScript unit
# tests (Vitest) and the end-to-end tests (Playwright in Debian's Chromium).
# A failing step does not stop the later ones; the last line counts them all
# ("N passed, N failed"), and the exit status is non-zero if anything failed.
source "$(dirname "$0")/lib-web.sh"
set +e # from here on each step's status is recorded, not fatal
cd "$REPO_ROOT"
started=$SECONDS

ensure_npm_packages || exit 1
ensure_chromium || exit 1
# The fio readers the C++ tests run; the tests that need one fail, naming
# this step, when it is missing.
ensure_fio_readers || echo "could not install the fio JSON readers (ensure_fio_readers)" >&2
# The sweep engine's venv (pyarrow, Ray, pytest); its tests fail, naming
# this step, when it is missing.
ensure_sweep_venv || echo "could not install the sweep venv (bash scripts/setup-sweep.sh)" >&2

rm -rf "$REPORT_DIR"
mkdir -p "$REPORT_DIR"
STATUS="$REPORT_DIR/status.tsv"
: >"$STATUS"

# step KIND NAME CMD...: runs CMD, records "KIND NAME EXIT SECONDS".
# KIND is "check" (one pass/fail item) or a runner whose JSON report the
# summary reads (googletest, vitest, playwright).
step() {
  local kind=$1 name=$2 t0=$SECONDS rc=0
  shift 2
  echo
  echo "== $name"
  "$@" || rc=$?
  printf '%s\t%s\t%s\t%s\n' "$kind" "$name" "$rc" "$((SECONDS - t0))" >>"$STATUS"
  return $rc
}

clang_format_check() {
  git ls-files -co --exclude-standard 'packages/sim-core/src/*.cpp' 'packages/sim-core/src/*.h' |
    xargs -r clang-format --dry-run --Werror
}

googletest() {
  "$BUILD_DIR/flashscope_tests" --gtest_brief=1 --gtest_output="json:$REPORT_DIR/googletest.json"
}

# The sweep engine (tools/sweep) against the native binary just built; the
# Ray test starts and stops its own local cluster.
sweep_pytest() {
  "$SWEEP_VENV/bin/python" -m pytest -q -p no:cacheprovider "$REPO_ROOT/tools/sweep/tests" \
    --junitxml="$REPORT_DIR/pytest.xml"
}

vitest() {
  npx --no-install vitest run --reporter=default --reporter=json \
    --outputFile.json="$REPORT_DIR/vitest.json"
}

step check "native build" build_native
native_ok=$?
step check "clang-format" clang_format_check
step check "core layers" node scripts/check-layers.mjs
step check "core layers checker test" node --test scripts/check-layers.test.mjs
step check "prettier" prettier_check
step check "eslint" eslint_check
for dir in "${TYPECHECK_DIRS[@]}"; do
  step check "tsc $dir" typecheck "$dir"
done
if [ $native_ok = 0 ]; then
  step googletest "C++ tests (GoogleTest)" googletest
  step pytest "sweep tests (pytest)" sweep_pytest
fi
step check "wasm + web build" build_web
web_ok=$?
step vitest "TypeScript unit tests (Vitest)" vitest
if [ $web_ok = 0 ]; then
  step playwright "end-to-end tests (Playwright)" run_e2e
fi

echo
echo "== summary ($((SECONDS - started)) s)"
node "$REPO_ROOT/scripts/test-summary.mjs" "$REPORT_DIR"

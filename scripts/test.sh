#!/usr/bin/env bash
# Every test: formatting, the native build, the C++ unit and CLI tests.
source "$(dirname "$0")/lib.sh"
ensure_npm_packages
build_native

echo "== clang-format check"
cd "$REPO_ROOT"
git ls-files -co --exclude-standard 'packages/sim-core/src/*.cpp' 'packages/sim-core/src/*.h' |
  xargs -r clang-format --dry-run --Werror

echo "== C++ tests (GoogleTest)"
report="$BUILD_DIR/test-report.json"
status=0
"$BUILD_DIR/flashscope_tests" --gtest_brief=1 --gtest_output="json:$report" || status=$?

# One closing line CI reads, whatever the runner: "N passed, N failed".
node -e '
  const r = require(process.argv[1]);
  const failed = r.failures + r.errors;
  console.log(`${r.tests - failed - (r.disabled || 0)} passed, ${failed} failed`);
' "$report"
exit $status

#!/usr/bin/env bash
# Static checks of the TypeScript/JavaScript side, as npm test runs them:
# Prettier, ESLint (zero warnings) and tsc --noEmit per workspace.
#   bash scripts/lint.sh [--fix]   (--fix: Prettier --write and eslint --fix)
source "$(dirname "$0")/lib-web.sh"
ensure_npm_packages
cd "$REPO_ROOT"
if [ "${1:-}" = --fix ]; then
  npx --no-install prettier --log-level warn --write "$JS_FILES"
  npx --no-install eslint --fix --max-warnings 0 .
  exit
fi
status=0
echo "== prettier --check"
prettier_check || status=1
echo "== eslint"
eslint_check || status=1
for dir in "${TYPECHECK_DIRS[@]}"; do
  echo "== tsc $dir"
  typecheck "$dir" || status=1
done
exit $status

# Shared by start.sh, test.sh and e2e.sh: the browser, the web build and the
# static server. Sourced, not run; sources lib.sh (install helpers, the
# native build and, from the WebAssembly work, ensure_emscripten/build_wasm).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

WEB_DIST="$REPO_ROOT/apps/web/dist"
WASM_DIST="$REPO_ROOT/packages/wasm/dist"
REPORT_DIR="$REPO_ROOT/build/reports"
# Playwright drives Debian's Chromium: nothing here may download a browser.
CHROMIUM="${FLASHSCOPE_CHROMIUM:-/usr/bin/chromium}"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# Debian's chromium (and fonts, so text in screenshots is legible).
ensure_chromium() {
  if [ ! -x "$CHROMIUM" ] || ! fc-list 2>/dev/null | grep -qi liberation; then
    echo "installing: chromium fonts-liberation" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  fi
}

# The WebAssembly build (packages/wasm/dist); the functions come from lib.sh.
build_wasm_package() {
  if ! declare -F build_wasm >/dev/null; then
    echo "lib.sh has no build_wasm yet: cannot build packages/wasm" >&2
    return 1
  fi
  # Explicit returns: test.sh calls these with errexit off.
  if declare -F ensure_emscripten >/dev/null; then ensure_emscripten || return 1; fi
  build_wasm
}

# The UI bundle (apps/web/dist), which embeds the worker and the .wasm.
build_web() {
  build_wasm_package || return 1
  (cd "$REPO_ROOT" && npm run --silent build -w @flashscope/web) || return 1
  [ -f "$WEB_DIST/index.html" ] || { echo "no $WEB_DIST/index.html after the build" >&2; return 1; }
}

# Static checks of the TypeScript/JavaScript side (npm run lint, npm test).
JS_FILES='**/*.{ts,tsx,js,mjs,cjs}'
prettier_check() { (cd "$REPO_ROOT" && npx --no-install prettier --log-level warn --check "$JS_FILES"); }
eslint_check() { (cd "$REPO_ROOT" && npx --no-install eslint --max-warnings 0 .); }

# tsc --noEmit on DIR/tsconfig.json, or on each project that a
# solution-style tsconfig (files: [] plus references) lists.
typecheck() {
  local configs config
  configs=$(cd "$REPO_ROOT" && node -e '
    const ts = require("typescript"), path = require("path");
    const file = path.resolve(process.argv[1], "tsconfig.json");
    const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
    if (error) {
      console.error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
      process.exit(1);
    }
    const refs = config.references || [];
    const solution = refs.length > 0 && Array.isArray(config.files) &&
      config.files.length === 0 && !config.include;
    const list = solution ? refs.map((r) => path.resolve(path.dirname(file), r.path)) : [file];
    console.log(list.join("\n"));
  ' "$1") || return 1
  for config in $configs; do
    (cd "$REPO_ROOT" && npx --no-install tsc -p "$config" --noEmit) || return 1
  done
}
TYPECHECK_DIRS=(apps/web packages/wasm e2e)

# Serves apps/web/dist in the foreground until interrupted.
serve_web() {
  local port="${1:-4173}"
  exec node "$REPO_ROOT/scripts/serve.mjs" "$WEB_DIST" --host 127.0.0.1 --port "$port"
}

# A port nothing listens on now (the kernel's pick, released at once).
free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => {
    console.log(s.address().port); s.close(); });'
}

# Runs Playwright against the built app, which playwright.config.ts serves
# on a free port (or against FLASHSCOPE_URL if set); extra arguments go to
# Playwright. Its JSON report lands in $REPORT_DIR/playwright.json.
run_e2e() {
  ensure_chromium || return 1
  mkdir -p "$REPORT_DIR"
  rm -f "$REPORT_DIR/playwright.json"
  (cd "$REPO_ROOT" &&
    E2E_PORT="${E2E_PORT:-$(free_port)}" FLASHSCOPE_CHROMIUM="$CHROMIUM" \
      PLAYWRIGHT_JSON_OUTPUT_FILE="$REPORT_DIR/playwright.json" \
      npx --no-install playwright test "$@")
}

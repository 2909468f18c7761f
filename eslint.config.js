// ESLint for every TypeScript and JavaScript file in the repo; `npm test`
// runs it with --max-warnings 0, so a warning fails the build like an error.
// CommonJS because the root package.json has no "type"; Node would otherwise
// re-parse it as ESM with a warning on every run.
const { defineConfig } = require('eslint/config');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');
const { importX, createNodeResolver } = require('eslint-plugin-import-x');

module.exports = defineConfig(
  {
    // Build outputs and Emscripten's generated glue are not ours to lint.
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/build-*/**',
      'test-results/**',
      'playwright-report/**',
      'packages/wasm/**/*.gen.*',
      'packages/wasm/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter an interface requires but this code ignores.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The UI and the worker run in the browser.
    files: ['apps/web/**/*.{ts,tsx,js,jsx}', 'packages/wasm/**/*.{ts,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // One-way layers (docs/conventions.md convention 1, issue 16): no module may reach
    // itself again through imports that run. Type-only imports vanish at
    // compile time, so they may point back (a type beside its module).
    files: ['apps/web/**/*.{ts,tsx}', 'packages/wasm/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The rule reads each imported file; without a TypeScript parser for
      // them it sees no imports at all and passes everything.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Tooling, configs, scripts, Node-side tests and e2e specs run in Node
    // (e2e specs also hold page.evaluate callbacks that run in the browser).
    files: [
      '*.{js,mjs,cjs,ts}',
      'scripts/**/*.{js,mjs,cjs,ts}',
      'e2e/**/*.ts',
      '**/*.config.{js,mjs,cjs,ts}',
      '**/*.test.{ts,tsx,js}',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.cjs', 'eslint.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

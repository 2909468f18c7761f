// `npx vitest run` at the root runs the unit tests of every TypeScript
// workspace, each with its own Vite/Vitest config. The Playwright specs in
// e2e/ are not Vitest tests and stay out.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['apps/web', 'packages/wasm'],
    // A workspace without tests yet is not a failure; the summary of
    // `npm test` shows how many ran.
    passWithNoTests: true,
  },
});

// End-to-end tests: the built app (apps/web/dist) in Debian's Chromium.
// Run them with `bash scripts/e2e.sh` (builds first) or as part of `npm test`.
//
// Nothing here may download a browser: the executable is /usr/bin/chromium
// (FLASHSCOPE_CHROMIUM overrides). The app is served by scripts/serve.mjs on
// E2E_PORT (scripts/e2e.sh picks a free one); FLASHSCOPE_URL points the
// tests at an app that is already running instead.
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4174);
const externalUrl = process.env.FLASHSCOPE_URL;
const baseURL = externalUrl ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // screenshot.spec.ts makes the README's picture (npm run screenshot).
  testIgnore: process.env.FLASHSCOPE_SCREENSHOT ? [] : ['**/screenshot.spec.ts'],
  outputDir: 'test-results',
  // One worker: the machine has two cores, the app runs its simulation in a
  // Web Worker of its own, and the performance figures want a quiet machine.
  workers: 1,
  fullyParallel: false,
  // A test that passes only on a retry is a bug to fix, not to hide.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // The JSON report feeds the summary line of `npm test`.
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'build/reports/playwright.json' },
    ],
  ],
  use: {
    baseURL,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: {
          executablePath: process.env.FLASHSCOPE_CHROMIUM ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: externalUrl
    ? undefined
    : {
        command: `node scripts/serve.mjs apps/web/dist --host 127.0.0.1 --port ${port} --strict-port`,
        url: `${baseURL}/`,
        reuseExistingServer: false,
        timeout: 30_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});

// Not a test: `npm run screenshot` takes docs/screenshot.png for the README
// from the running app. playwright.config.ts leaves this file out unless
// FLASHSCOPE_SCREENSHOT is set.
import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './helpers/app';
import { REPO_ROOT } from './helpers/sim';

const MAX_BYTES = 300 * 1024;

test('screenshot for the README', async ({ app, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.open();
  // Far enough into the default scenario that GC has visibly run.
  await app.waitForSimTime(400e6);
  await expect.poll(() => app.chartPointCount('chart-throughput')).toBeGreaterThan(20);
  const file = path.join(REPO_ROOT, 'docs/screenshot.png');
  await page.screenshot({ path: file });
  expect(statSync(file).size, 'docs/screenshot.png size').toBeLessThan(MAX_BYTES);
});

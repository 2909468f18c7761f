// Performance figures of the device view, measured and PRINTED, not
// asserted (a shared 2-core CI machine makes thresholds flaky): frames per
// second while a 16,384-block device simulates, and the longest main-thread
// task. The device is made through the config panel: the tlc-64g preset
// (8 x 4 x 2 x 184 blocks) with 256 blocks per plane.
import type { Page, TestInfo } from '@playwright/test';
import { expect, test, type App } from './helpers/app';
import { simState } from './helpers/sim';

const MEASURE_MS = 5000;

interface Measurement {
  fps: number;
  repaintsPerSecond: number;
  longestTaskMs: number | null;
  longestFrameGapMs: number;
  simAdvancedNs: number;
}

test('perf: device view with 16,384 blocks while simulating', async ({ app, page }, testInfo) => {
  await app.open();
  await app.waitForRunning(true);
  // The default device first, for comparison, once it is past start-up.
  await app.waitForSimTime(50e6);
  const defaultBlocks = (await simState(page)).blocks;
  report(testInfo, `${defaultBlocks} blocks (default speed)`, await measure(page));

  await loadBigDevice(app);
  const big = await simState(page);
  expect(big.blocks).toBe(16_384);
  await app.waitForRunning(true);
  await app.waitForSimTime(0);
  report(testInfo, '16384 blocks (default speed)', await measure(page));
  await app.setSpeed('max');
  report(testInfo, '16384 blocks (speed max)', await measure(page));
});

async function loadBigDevice(app: App): Promise<void> {
  const before = await simState(app.page);
  await app.byTestId('device-preset').selectOption('tlc-64g');
  // The preset's own geometry shows once its text has loaded.
  await expect(app.byTestId('geometry-blocks_per_plane')).toHaveValue('184');
  await app.byTestId('geometry-blocks_per_plane').fill('256');
  await app.byTestId('apply').click();
  await app.page.waitForFunction((previousRun) => {
    const state = window.__flashscope?.store.getState() as
      { sim: { runId: number; layout: { blocks: number } | null } } | undefined;
    return !!state && state.sim.runId > previousRun && state.sim.layout?.blocks === 16_384;
  }, before.runId);
}

/** Counts animation frames, app repaints and long tasks over MEASURE_MS. */
async function measure(page: Page): Promise<Measurement> {
  const result = await page.evaluate(async (durationMs) => {
    const hook = window.__flashscope;
    if (!hook) throw new Error('window.__flashscope is missing');
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const repaintsBefore = hook.frames;
    const simBefore = hook.simTimeNs;
    let frames = 0;
    let longestGap = 0;
    const start = await new Promise<number>(requestAnimationFrame);
    let last = start;
    while (last - start < durationMs) {
      const now = await new Promise<number>(requestAnimationFrame);
      longestGap = Math.max(longestGap, now - last);
      last = now;
      frames++;
    }
    observer.disconnect();
    const seconds = (last - start) / 1000;
    return {
      fps: frames / seconds,
      repaintsPerSecond: (hook.frames - repaintsBefore) / seconds,
      longestTaskMs: longTasks.length ? Math.max(...longTasks) : null,
      longestFrameGapMs: longestGap,
      simAdvancedNs: hook.simTimeNs - simBefore,
    };
  }, MEASURE_MS);
  // Measured while simulating, or the figure means nothing.
  expect(result.simAdvancedNs, 'simulated time during the measurement').toBeGreaterThan(0);
  return result;
}

function report(testInfo: TestInfo, what: string, m: Measurement) {
  const task = m.longestTaskMs === null ? 'none over 50 ms' : `${Math.round(m.longestTaskMs)} ms`;
  const line =
    `perf: device view ${what}: ${m.fps.toFixed(1)} fps, ` +
    `${m.repaintsPerSecond.toFixed(1)} device repaints/s; ` +
    `longest main-thread task ${task}; longest frame gap ${Math.round(m.longestFrameGapMs)} ms`;
  console.log(line);
  testInfo.annotations.push({ type: 'perf', description: line });
}

// The app opens on the default scenario and plays it: the device view
// redraws, the clock and the charts move, and pause / play / step do what
// their labels say.
import { expect, test } from './helpers/app';

test('the app loads and plays the default scenario', async ({ app }) => {
  await app.open();
  for (const id of [
    'play',
    'pause',
    'step',
    'reset',
    'speed',
    'policy-gc',
    'fio-editor',
    'metric-waf',
    'metric-iops',
    'metric-p99',
    'sim-time',
    'chart-throughput',
    'chart-latency',
    'chart-waf',
  ] as const) {
    await expect(app.byTestId(id), id).toBeVisible();
  }
  await app.waitForRunning(true);
  const start = await app.probe();
  // Simulated time moves on its own, shown both by the hook and the clock.
  const shownTime = await app.byTestId('sim-time').innerText();
  await app.waitForSimTime(start.simTimeNs);
  await expect(app.byTestId('sim-time')).not.toHaveText(shownTime);
  // Figures appear: host I/O completes, so IOPS and the latency tail are numbers.
  await expect.poll(() => app.metricValue('metric-iops')).toBeGreaterThan(0);
  await expect.poll(() => app.metricValue('metric-p99')).toBeGreaterThan(0);
  expect((await app.probe()).lastError).toBeNull();
});

test('the device view redraws as the simulation runs', async ({ app }) => {
  await app.open();
  await app.waitForRunning(true);
  const framesBefore = (await app.probe()).frames;
  const pixelsBefore = await app.byTestId('device-view').screenshot();
  // The app counts the frames it has drawn...
  await expect.poll(async () => (await app.probe()).frames).toBeGreaterThan(framesBefore + 10);
  // ...and what it draws changes: blocks fill, GC erases them.
  await expect
    .poll(async () => (await app.byTestId('device-view').screenshot()).equals(pixelsBefore))
    .toBe(false);
});

test('the charts gain points over simulated time', async ({ app }) => {
  await app.open();
  await app.waitForRunning(true);
  const throughputBefore = await app.chartPointCount('chart-throughput');
  const wafBefore = await app.chartPointCount('chart-waf');
  await expect
    .poll(() => app.chartPointCount('chart-throughput'))
    .toBeGreaterThan(throughputBefore + 5);
  await expect.poll(() => app.chartPointCount('chart-waf')).toBeGreaterThan(wafBefore);
});

test('pause stops simulated time; play and step move it again', async ({ app, page }) => {
  await app.open();
  await app.waitForSimTime(0);
  await app.byTestId('pause').click();
  await app.waitForRunning(false);
  // The clock catches up with the time the simulation paused at...
  await expect.poll(() => app.clockShowsSimTime()).toBe(true);

  // ...and then neither moves: watch both for a second of wall time,
  // sampling on every animation frame.
  const paused = await page.evaluate(async () => {
    const clock = document.querySelector('[data-testid="sim-time"]');
    const samples = new Set<string>();
    const end = performance.now() + 1000;
    while (performance.now() < end) {
      await new Promise(requestAnimationFrame);
      samples.add(`${window.__flashscope?.simTimeNs} ${clock?.textContent}`);
    }
    return [...samples];
  });
  expect(paused, 'simulated time and the clock while paused').toHaveLength(1);

  // One step advances the clock and leaves the simulation paused.
  const beforeStep = (await app.probe()).simTimeNs;
  await app.byTestId('step').click();
  await app.waitForSimTime(beforeStep);
  await app.waitForRunning(false);

  // Play resumes.
  const beforePlay = (await app.probe()).simTimeNs;
  await app.byTestId('play').click();
  await app.waitForRunning(true);
  await app.waitForSimTime(beforePlay);
});

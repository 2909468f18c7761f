// Week-long runs on the time charts (issue 28): a sparse MSR Cambridge
// volume, 60 bursts of I/O spread over 7 days, replays to its end. The
// series doubles its interval as it grows (the result's
// series_interval_ms: 10 ms x 2^14 = 163.84 s here), and the charts say
// so instead of "per 10 ms"; the throughput axis reads in a unit whose
// ticks are plain numbers (B/s or kB/s, not 0.00000-0.00010 MB/s); and the
// latency lines break where an interval had no I/O instead of joining the
// bursts across days of silence.
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/app';
import { savedRunResult, simState, waitForFinishedRun, waitForLastFrame } from './helpers/sim';

const DAYS = 7;
const BURSTS = 60; // one every 2.8 h: five chart bins (of 300 over the week) apart
const REQUESTS_PER_BURST = 8;

/**
 * An MSR Cambridge CSV (Windows FILETIME, 100 ns ticks): BURSTS bursts of
 * REQUESTS_PER_BURST 16 KiB requests 1 ms apart, evenly over DAYS, 3 writes
 * in 4, within 16 MiB. Deterministic.
 */
function sparseWeekTrace(): Buffer {
  const startTicks = 128_166_372_003_061_629n;
  const gapTicks = BigInt(Math.floor((DAYS * 86_400e7) / BURSTS));
  const lines: string[] = [];
  for (let burst = 0; burst < BURSTS; burst++) {
    for (let k = 0; k < REQUESTS_PER_BURST; k++) {
      const ticks = startTicks + BigInt(burst) * gapTicks + BigInt(k) * 10_000n;
      const type = k % 4 === 3 ? 'Read' : 'Write';
      const offset = ((burst * REQUESTS_PER_BURST + k) % 1024) * 16_384;
      lines.push(`${ticks},wdev,1,${type},${offset},16384,1000`);
    }
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** A chart's y tick labels, top to bottom as drawn. */
function yTicks(page: Page, testId: string): Promise<string[]> {
  return page
    .getByTestId(testId)
    .locator('.axis-y text')
    .evaluateAll((texts) => texts.map((text) => text.textContent ?? ''));
}

/**
 * The pieces a series line is drawn in (each subpath of its path starts
 * with M), how many of them are a lone point ("Mx,yZ", no length), and the
 * dots that show those.
 */
function linePieces(page: Page, testId: string, series: string) {
  return page
    .getByTestId(testId)
    .locator(`[data-series="${series}"]`)
    .evaluate((group) => {
      const d = group.querySelector('path:not([opacity])')?.getAttribute('d') ?? '';
      return {
        pieces: (d.match(/M/g) ?? []).length,
        lonePoints: (d.match(/M[^MLZ]*Z/g) ?? []).length,
        dots: group.querySelectorAll('circle').length,
      };
    });
}

test('a sparse week: subtitles give the series interval, axes read well, latency breaks on silence', async ({
  app,
  page,
}) => {
  test.setTimeout(180_000);
  await app.open();
  await page.getByTestId('workload-mode-trace').click();
  await page.getByTestId('trace-input').setInputFiles({
    name: 'sparse-week.csv',
    mimeType: 'text/csv',
    buffer: sparseWeekTrace(),
  });
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  await app.setSpeed('max');
  const before = await simState(page);
  await app.byTestId('apply').click();
  expect((await waitForFinishedRun(page, before.runId)).error).toBeNull();
  await waitForLastFrame(page);

  // The interval the core ended with, as the frame and the exported result say.
  const intervalMs = await page.evaluate(() => {
    const state = window.__flashscope!.store.getState() as {
      sim: { frame: { meta: { series_interval_ms: number } } };
    };
    return state.sim.frame.meta.series_interval_ms;
  });
  expect(intervalMs).toBe(163_840);
  const result = await savedRunResult<{ series_interval_ms: number }>(page);
  expect(result.series_interval_ms).toBe(intervalMs);
  await page.getByTestId('view-live').click();
  await expect(app.byTestId('chart-throughput').locator('.card-subtitle')).toHaveText(
    /^Host I\/O over simulated time, per 2 min 43 s/,
  );
  await expect(app.byTestId('chart-latency').locator('.card-subtitle')).toContainText(
    'per 2 min 43 s',
  );
  for (const id of ['chart-throughput', 'chart-latency'] as const) {
    await expect(app.byTestId(id).locator('.card-subtitle')).not.toContainText('10 ms');
  }

  // Rates of a few hundred bytes a second: the axis counts bytes, in 3 to
  // 6 plain ticks, and the legend names the unit.
  await expect(app.byTestId('chart-throughput').locator('.chart-legend')).toContainText(
    'write B/s',
  );
  await expect(app.byTestId('chart-throughput').getByRole('radio').first()).toHaveText('B/s');
  const ticks = await yTicks(page, 'chart-throughput');
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  expect(ticks.length).toBeLessThanOrEqual(6);
  for (const tick of ticks) expect(tick).toMatch(/^\d+(\.\d)?$/);
  expect(Math.max(...ticks.map(Number))).toBeGreaterThanOrEqual(10);

  // 60 bursts, each alone in its bins: 60 pieces of p99 line (a dot where a
  // burst fits one bin), not one line joined across the days between them.
  const iops = await page.evaluate(() => {
    const state = window.__flashscope!.store.getState() as {
      sim: { series: { column(key: string): Float64Array } };
    };
    return Array.from(state.sim.series.column('iops'));
  });
  const withIo = iops.filter((value) => value > 0).length;
  expect(withIo).toBeGreaterThanOrEqual(BURSTS);
  expect(withIo).toBeLessThan(iops.length / 10);
  for (const line of ['p99', 'mean']) {
    await expect
      .poll(async () => (await linePieces(page, 'chart-latency', line)).pieces)
      .toBe(BURSTS);
    const { lonePoints, dots } = await linePieces(page, 'chart-latency', line);
    expect(dots, `${line}: a dot for each lone point`).toBe(lonePoints);
  }
});

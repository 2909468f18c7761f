// A week-long trace in the browser (issue 14): a sparse volume shaped like
// MSR Cambridge's wdev_1 (bursts of I/O spread over 6.9 days), generated
// here, replays at "as fast as possible" to its end in Chromium with no
// error. What a user would notice goes wrong with a long run is checked with
// numbers: the series the charts draw stays within the core's point budget,
// the worker's WebAssembly memory stays flat and under a stated bound while
// days of simulated time pass, and the time axes count in days.
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/app';
import { simState, waitForFinishedRun } from './helpers/sim';

const DAY_NS = 86_400e9;
const SPAN_DAYS = 6.9;
const BURSTS = 1000; // one every ~10 minutes
const REQUESTS_PER_BURST = 24;
const REQUESTS = BURSTS * REQUESTS_PER_BURST;
// The core keeps at most this many points per series (metrics/time_series.h).
const MAX_SERIES_POINTS = 4096;
// The wasm heap of the default (teaching) drive with this replay: measured
// at 64 MiB after one day and at the end; the bound leaves room for other
// drives without letting growth per I/O pass (before issue 14 the same
// replay died with std::bad_alloc: 6 million points per series).
const MAX_WASM_HEAP_BYTES = 128 * 1024 * 1024;

/**
 * An MSR Cambridge CSV (Windows FILETIME clock, 100 ns ticks) of BURSTS
 * bursts of REQUESTS_PER_BURST requests, 1 ms apart, evenly over SPAN_DAYS;
 * 60 % writes of 4..64 KiB within 2 GiB. Deterministic (an LCG).
 */
function weekLongMsrTrace(): Buffer {
  const startTicks = 128_166_372_003_061_629n; // 2007, as in the MSR traces
  const burstGapTicks = BigInt(Math.floor((SPAN_DAYS * 86_400e7) / (BURSTS - 1)));
  let state = 7;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 8;
  };
  const lines: string[] = [];
  for (let burst = 0; burst < BURSTS; burst++) {
    for (let k = 0; k < REQUESTS_PER_BURST; k++) {
      const ticks = startTicks + BigInt(burst) * burstGapTicks + BigInt(k) * 10_000n;
      const type = next() % 10 < 6 ? 'Write' : 'Read';
      const size = 4096 << (next() % 5);
      const offset = (next() % 524_288) * 4096;
      lines.push(`${ticks},wdev,1,${type},${offset},${size},1000`);
    }
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The numbers this spec reads from the page. */
async function longRunState(page: Page) {
  return page.evaluate(() => {
    const hook = window.__flashscope;
    const state = hook?.store.getState() as
      | {
          sim: {
            series: { length: number };
            traceReplay: { requests: number } | null;
          };
        }
      | undefined;
    return {
      heapBytes: hook?.wasmHeapBytes ?? 0,
      simTimeNs: hook?.simTimeNs ?? 0,
      seriesPoints: state?.sim.series.length ?? 0,
      replayed: state?.sim.traceReplay?.requests ?? 0,
    };
  });
}

test('a week-long trace replays at full speed to its end with flat memory', async ({
  app,
  page,
}) => {
  test.setTimeout(180_000);
  await app.open();
  await page.getByTestId('workload-mode-trace').click();
  await page.getByTestId('trace-input').setInputFiles({
    name: 'wdev-like-week.csv',
    mimeType: 'text/csv',
    buffer: weekLongMsrTrace(),
  });
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('trace-figure-requests')).toHaveText(REQUESTS.toLocaleString('en'));
  await expect(page.getByTestId('trace-figure-duration')).toHaveText('6.9 d');

  await app.setSpeed('max');
  const before = await simState(page);
  await app.byTestId('apply').click();

  // A day into the replay, the heap the drive and the fixed budgets need.
  await page.waitForFunction(
    ([runId, day]) => {
      const hook = window.__flashscope;
      const sim = hook?.store.getState() as { sim: { runId: number } } | undefined;
      return !!hook && !!sim && sim.sim.runId > runId && hook.simTimeNs >= day;
    },
    [before.runId, DAY_NS] as const,
    { timeout: 120_000 },
  );
  const early = await longRunState(page);

  const finished = await waitForFinishedRun(page, before.runId);
  expect(finished.error).toBeNull();
  const end = await longRunState(page);
  expect(end.replayed).toBe(REQUESTS);
  expect(end.simTimeNs).toBeGreaterThanOrEqual(SPAN_DAYS * DAY_NS * 0.99);
  // Six more days of replay leave the memory where it was after the first.
  expect(end.heapBytes).toBeGreaterThan(0);
  expect(end.heapBytes).toBeLessThanOrEqual(MAX_WASM_HEAP_BYTES);
  expect(end.heapBytes).toBeLessThanOrEqual(early.heapBytes * 1.15);
  expect(end.seriesPoints).toBeGreaterThan(100);
  expect(end.seriesPoints).toBeLessThanOrEqual(MAX_SERIES_POINTS);
  console.log(
    `long trace: ${REQUESTS} requests over ${SPAN_DAYS} days; wasm heap ` +
      `${(early.heapBytes / 2 ** 20).toFixed(0)} MiB after 1 day, ` +
      `${(end.heapBytes / 2 ** 20).toFixed(0)} MiB at the end; ${end.seriesPoints} series points`,
  );

  // The charts span the week in days.
  const axis = app.byTestId('chart-throughput').locator('.axis-x text');
  await expect(axis.filter({ hasText: /^6 d$/ })).toHaveCount(1);
  await expect(app.byTestId('sim-time')).toHaveText(/^6 d 2\d h$/);
});

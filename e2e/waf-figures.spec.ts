// Issue 28: the WAF figures agree, and say why, in the app (the real wasm
// worker in Chromium, real traces from ../shared/traces/real, never copied
// into the repo).
// - tlc-8g filled, the Tencent CBS sample replayed: once the run has ended,
//   the WAF chart's "now", the key figure and the exported result's waf are
//   the same number (before, the chart stopped at the host's last
//   completion: 2.26 against 2.66); the chart explains the end-of-run
//   drain, ten times what the buffer held, by cause from the result. The
//   Compare view's WAF chart ends on its table's WAF.
// - MSR hm_0 on tlc-8g: the WAF card shows the padding share of the result.
// - MSR hm_0 on the default drive at 1280x720: WAF 0.83 with an empty
//   buffer; the note names the rewrites met in the buffer (the result's
//   write_buffer.overwritten_bytes), not data "still held", and is readable
//   whole (before, the figure's note was cut to nothing at that width).
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type App } from './helpers/app';
import {
  savedRunConfig,
  savedRunResult,
  simState,
  waitForFinalFigures,
  waitForFinishedRun,
} from './helpers/sim';

const REAL = path.resolve(__dirname, '../../shared/traces/real');
const TENCENT = path.join(REAL, 'tencent_cbs_sample.csv.bz2');
const HM0 = path.join(REAL, 'msr_hm0_sample.csv');

/** What these tests read of the exported result JSON. */
interface WafResult {
  waf: number;
  sim_time_ms: number;
  host: { write_bytes: number };
  nand: { page_programs: number; write_bytes: number; programs_by_cause: Record<string, number> };
  end_of_run: {
    host_end_ms: number;
    buffer_drained_bytes: number;
    drain_page_programs: number;
    drain_nand_write_bytes: number;
    drain_programs_by_cause: Record<string, number>;
  };
  write_buffer: { buffered_bytes: number; overwritten_bytes: number; trimmed_bytes: number };
}

/** A capacity as the app writes it (decimal units, apps/web/src/app/format.ts formatBytes). */
function decimalBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** Replays `trace` on `device`, filled to `fill` %, at full speed, to its end; the WAF shown. */
async function replayToEnd(
  app: App,
  page: Page,
  device: string,
  fill: number,
  trace: string,
): Promise<number> {
  await app.open();
  await app.setSpeed('max');
  await app.byTestId('device-preset').selectOption(device);
  await page.getByTestId('workload-mode-trace').click();
  await app.byTestId('fill-level').fill(String(fill));
  await page.getByTestId('trace-input').setInputFiles(trace);
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  const before = await simState(page);
  await app.byTestId('apply').click();
  const run = await waitForFinishedRun(page, before.runId);
  expect(run.error).toBeNull();
  return waitForFinalFigures(app);
}

/** The number a chart's subtitle states before "now" ("… since the start: 2.66 now"). */
async function chartNow(chart: Locator): Promise<number> {
  const subtitle = await chart.locator('.card-subtitle').innerText();
  const match = /([\d.]+) now$/.exec(subtitle);
  return match ? Number(match[1]) : Number.NaN;
}

test('after a drain, the WAF chart, the key figure and the exported waf agree', async ({
  app,
  page,
}) => {
  test.setTimeout(180_000);
  const shown = await replayToEnd(app, page, 'tlc-8g', 100, TENCENT);
  const chart = app.byTestId('chart-waf');
  await expect.poll(() => chartNow(chart)).toBe(shown);

  const { result, series } = await savedRunConfig<WafResult>(page);
  expect(Number(result.waf.toFixed(2))).toBe(shown);
  // The saved series ends on the run's WAF: its last point is the drain's.
  expect(series.waf[series.waf.length - 1]).toBe(result.waf);
  const end = result.end_of_run;
  expect(series.t_ms[series.t_ms.length - 1]).toBeCloseTo(result.sim_time_ms, 6);
  expect(series.t_ms[series.t_ms.length - 1]).toBeGreaterThan(end.host_end_ms);
  // The drain programmed several times what the buffer held (33.3 MB and
  // 345 MB natively), and the chart says where from, with the result's figures.
  expect(end.drain_nand_write_bytes).toBeGreaterThan(5 * end.buffer_drained_bytes);
  const bytesPerProgram = end.drain_nand_write_bytes / end.drain_page_programs;
  await page.getByTestId('view-live').click();
  const note = page.getByTestId('waf-drain-note');
  await expect(note).toContainText(
    `The end-of-run drain programmed ${decimalBytes(end.drain_nand_write_bytes)} of flash ` +
      `for ${decimalBytes(end.buffer_drained_bytes)} held in the write buffer`,
  );
  await expect(note).toContainText(
    `${decimalBytes(end.drain_programs_by_cause.gc * bytesPerProgram)} garbage collection`,
  );
  await expect(note).toContainText(
    `${decimalBytes(end.drain_programs_by_cause.host * bytesPerProgram)} buffered host data`,
  );
  // The drain is drawn as its own dashed segment.
  await expect(chart.locator('g[data-series="waf-drain"] path[stroke-dasharray]')).toHaveCount(1);
  // Padding is 0.1 % of this run's programs: the WAF card does not name it.
  await expect(page.getByTestId('waf-padding-share')).toHaveCount(0);
});

test('the Compare view’s WAF chart ends on its table’s WAF', async ({ app, page }) => {
  test.setTimeout(180_000);
  await app.open();
  await page.getByTestId('workload-mode-trace').click();
  await page.getByTestId('trace-input').setInputFiles(TENCENT);
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  await page.getByTestId('view-compare').click();
  const configs = page.getByTestId('compare-config');
  await expect(configs).toHaveCount(2);
  for (const index of [0, 1]) {
    await configs.nth(index).getByTestId('compare-device').selectOption('tlc-8g');
    await configs.nth(index).getByTestId('compare-overrides').fill('precondition.fill=1');
  }
  await configs.nth(1).getByTestId('compare-gc').selectOption('fifo');
  await page.getByTestId('compare-run').click();
  for (const index of [0, 1]) {
    await expect(configs.nth(index)).toHaveAttribute('data-status', 'done', { timeout: 150_000 });
  }
  const table = page.getByTestId('compare-table');
  const waf = await table
    .locator('tr[data-metric="waf"] td')
    .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-value'))));
  expect(waf).toHaveLength(2);
  const labels = await configs
    .getByTestId('compare-label')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const subtitle = page.getByTestId('compare-chart-waf').locator('.card-subtitle');
  await expect(subtitle).toHaveText(
    `NAND writes ÷ host writes since the start; last: ` +
      `${labels[0]} ${waf[0].toFixed(2)}, ${labels[1]} ${waf[1].toFixed(2)}`,
  );
});

test('the WAF card shows the padding share of a sparse trace on a TLC drive', async ({
  app,
  page,
}) => {
  test.setTimeout(120_000);
  await replayToEnd(app, page, 'tlc-8g', 0, HM0);
  const result = await savedRunResult<WafResult>(page);
  const share = result.nand.programs_by_cause.padding / result.nand.page_programs;
  // 473 of 645 page programs natively: most of this WAF is padding.
  expect(share).toBeGreaterThan(0.5);
  await page.getByTestId('view-live').click();
  await expect(page.getByTestId('waf-padding-share')).toHaveText(
    `${Math.round(share * 100)} % padding`,
  );
});

test.describe('at 1280x720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('a WAF below 1 names the rewrites met in the buffer, readable whole', async ({
    app,
    page,
  }) => {
    test.setTimeout(120_000);
    const shown = await replayToEnd(app, page, 'teaching-slc-tiny', 0, HM0);
    expect(shown).toBeLessThan(1);
    const result = await savedRunResult<WafResult>(page);
    expect(result.write_buffer.buffered_bytes).toBe(0);
    expect(result.write_buffer.overwritten_bytes).toBeGreaterThan(0);
    await page.getByTestId('view-live').click();

    const note = page.getByTestId('waf-note');
    await expect(note).toHaveText(
      `Below 1: ${decimalBytes(result.write_buffer.overwritten_bytes)} of host writes were ` +
        'overwritten in the write buffer before they reached flash (only the newest copy is programmed)',
    );
    await expect(note).not.toContainText('still held');
    // Readable whole: inside the window, and neither it nor a box around
    // it (up to the figures row) cuts its text.
    const box = await note.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
    const clipped = await note.evaluate((element: HTMLElement) => {
      const cut: string[] = [];
      for (let e: HTMLElement | null = element; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (e.scrollWidth > e.clientWidth + 1 && style.overflowX !== 'visible') {
          cut.push(`${e.className || e.tagName}: ${e.scrollWidth} > ${e.clientWidth}`);
        }
        if (style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap') {
          cut.push(`${e.className || e.tagName}: ellipsis`);
        }
        if (e.classList.contains('figures')) break;
      }
      return cut;
    });
    expect(clipped).toEqual([]);
    await expect(note).toBeVisible();
  });
});

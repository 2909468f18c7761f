// What-if compare, saved runs and exports: the real MQSim TPC-C trace from
// ../shared/traces (read from there, never copied into the repo) replayed
// on two configurations of the default drive (GC greedy vs fifo), one
// worker each; the compare table shows both results and marks the better
// values; the run is saved in IndexedDB (the trace by name and summary),
// survives a reload and opens again with the same figures; the JSON and
// CSV exports hold both results.
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test, type App } from './helpers/app';
import { downloadBytes, downloadFile, simState, waitForFinishedRun } from './helpers/sim';

const TPCC_TRACE = path.resolve(__dirname, '../../shared/traces/mqsim_tpcc-small.trace');
/** Records in the trace (trace.spec.ts counts them with awk). */
const TPCC_REQUESTS = 6999;

/** The default 4 KiB random write job, stopped after 1 s. */
const SHORT_JOB = `[global]
ioengine=libaio
direct=1
time_based=1
runtime=1s

[randwrite-4k-qd4]
rw=randwrite
bs=4k
iodepth=4
`;

/** The raw value of a metric row, per column (NaN where the cell shows none). */
async function rowValues(table: Locator, metric: string): Promise<number[]> {
  const cells = table.locator(`tr[data-metric="${metric}"] td`);
  return cells.evaluateAll((tds) =>
    tds.map((td) => {
      const value = td.getAttribute('data-value');
      return value ? Number(value) : Number.NaN;
    }),
  );
}

async function openView(app: App, view: 'live' | 'compare' | 'saved'): Promise<void> {
  await app.page.getByTestId(`view-${view}`).click();
  await expect(app.page.getByTestId(`view-${view}`)).toHaveAttribute('aria-selected', 'true');
}

test('compare greedy vs fifo on a trace, find the run again after a reload, export it', async ({
  app,
  page,
}) => {
  test.setTimeout(120_000);
  await app.open();
  await page.getByTestId('workload-mode-trace').click();
  await page.getByTestId('trace-input').setInputFiles(TPCC_TRACE);
  await expect(page.getByTestId('trace-summary')).toContainText('6,999');

  await openView(app, 'compare');
  const configs = page.getByTestId('compare-config');
  await expect(configs).toHaveCount(2);
  await expect(configs.nth(0).getByTestId('compare-gc')).toHaveValue('greedy');
  await configs.nth(1).getByTestId('compare-gc').selectOption('fifo');
  await expect(configs.nth(1).getByTestId('compare-label')).toHaveValue(/fifo$/);

  // A third configuration can be added and removed again.
  await page.getByTestId('compare-add').click();
  await expect(configs).toHaveCount(3);
  await configs.nth(2).getByTestId('compare-remove').click();
  await expect(configs).toHaveCount(2);

  await page.getByTestId('compare-run').click();
  // Both columns run at once, each in its own worker, to the end of the job.
  for (const index of [0, 1]) {
    await expect(configs.nth(index)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  }
  await expect(configs.nth(0).getByTestId('compare-status')).toContainText('s simulated');
  const table = page.getByTestId('compare-table');
  await expect(table).toBeVisible();
  const waf = await rowValues(table, 'waf');
  expect(waf).toHaveLength(2);
  for (const value of waf) expect(value).toBeGreaterThan(1); // GC ran on the full drive
  expect(waf[0]).not.toBe(waf[1]);
  const iops = await rowValues(table, 'iops');
  for (const value of iops) expect(value).toBeGreaterThan(100);
  // The lower WAF is marked better, with a title that says so.
  const better = waf[0] < waf[1] ? 0 : 1;
  const wafCells = table.locator('tr[data-metric="waf"] td');
  await expect(wafCells.nth(better)).toHaveClass(/better/);
  await expect(wafCells.nth(better)).toHaveAttribute('title', /better/);
  await expect(wafCells.nth(1 - better)).not.toHaveClass(/better/);
  // The second column shows its difference from the first.
  // (One decimal under 10 %, whole per cent above.)
  const delta = ((waf[1] - waf[0]) / waf[0]) * 100;
  const magnitude = Math.abs(delta).toFixed(Math.abs(delta) < 10 ? 1 : 0);
  await expect(wafCells.nth(1).locator('.compare-delta')).toHaveText(
    `${delta > 0 ? '+' : '−'}${magnitude} %`,
  );
  await expect(page.getByTestId('compare-chart-waf').locator('path[stroke]')).not.toHaveCount(0);

  // export-json: both configurations with their result objects.
  const json = await downloadFile(page, page.getByTestId('export-json'));
  expect(json.name).toMatch(/\.json$/);
  const exported = JSON.parse(json.text) as {
    workload: { kind: string; fioText: string; trace: { name: string; summary: unknown } };
    configs: Array<{
      label: string;
      set: string[];
      result: { waf: number; host: { read_requests: number; write_requests: number } };
    }>;
  };
  expect(exported.configs).toHaveLength(2);
  expect(exported.configs.map((config) => config.result.waf)).toEqual(waf);
  expect(exported.configs[1].set).toContain('gc.victim=fifo');
  // Each configuration replayed the whole trace.
  for (const config of exported.configs) {
    const { read_requests, write_requests } = config.result.host;
    expect(read_requests + write_requests).toBe(TPCC_REQUESTS);
  }
  // The trace travels by name and summary, never by content.
  expect(exported.workload).toMatchObject({
    kind: 'trace',
    fioText: '',
    trace: { name: 'mqsim_tpcc-small.trace', summary: { requests: TPCC_REQUESTS } },
  });
  expect(json.text).not.toContain('938513000 4 264719034'); // the trace's first line
  const csv = await downloadFile(page, page.getByTestId('export-csv'));
  expect(csv.text.split('\r\n')[3]).toBe(`waf,ratio,${waf[0]},${waf[1]}`);

  // After a reload the run is still there, and opens with the same figures.
  await page.reload();
  await page.waitForFunction(() => window.__flashscope !== undefined);
  await openView(app, 'saved');
  const saved = page.getByTestId('saved-runs').getByTestId('saved-run');
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toContainText('greedy vs');
  await expect(saved.first()).toContainText('fifo');
  await expect(saved.first()).toContainText(`WAF ${waf[0].toFixed(2)}`);
  await expect(saved.first()).toContainText('mqsim_tpcc-small.trace');
  await saved.first().getByTestId('saved-run-open').click();
  const savedTable = page.getByTestId('saved-run-detail').getByTestId('compare-table');
  await expect(savedTable).toBeVisible();
  expect(await rowValues(savedTable, 'waf')).toEqual(waf);
  await expect(page.getByTestId('saved-chart-waf')).toBeVisible();

  // Delete removes it.
  await saved.first().getByTestId('saved-run-delete').click();
  await expect(saved).toHaveCount(0);
});

test('a finished live trace run is saved; its charts save as SVG and PNG', async ({
  app,
  page,
}) => {
  await app.open();
  await app.setSpeed('max');
  // The trace is inspected in a worker of its own, made after the run's.
  await page.getByTestId('workload-mode-trace').click();
  await page.getByTestId('trace-input').setInputFiles(TPCC_TRACE);
  await expect(page.getByTestId('trace-summary')).toContainText('6,999');
  const before = await simState(page);
  await app.byTestId('apply').click();
  await waitForFinishedRun(page, before.runId);

  await openView(app, 'saved');
  const saved = page.getByTestId('saved-run');
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toHaveAttribute('data-kind', 'live');
  await expect(saved.first()).toContainText('teaching-slc-tiny · greedy');
  await expect(saved.first()).toContainText('mqsim_tpcc-small.trace (mqsim · 6,999 requests)');
  await saved.first().getByTestId('saved-run-open').click();
  const waf = page.getByTestId('saved-run-detail').locator('tr[data-metric="waf"] td');
  await expect(waf).toHaveCount(1);
  const shown = Number(await waf.first().getAttribute('data-value'));
  // The live figure shows the same WAF, to its two decimals.
  await openView(app, 'live');
  await expect.poll(() => app.metricValue('metric-waf')).toBeCloseTo(shown, 2);
  await openView(app, 'saved');

  const svg = await downloadFile(page, page.getByTestId('saved-chart-waf-export-svg'));
  expect(svg.name).toBe('flashscope-write-amplification.svg');
  expect(svg.text).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg.text).toContain('Write amplification');
  expect(svg.text).toContain('teaching-slc-tiny · greedy'); // the legend is drawn in
  const png = await downloadBytes(page, page.getByTestId('saved-chart-waf-export-png'));
  expect(png.name).toBe('flashscope-write-amplification.png');
  expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.bytes.length).toBeGreaterThan(2000);
});

test('share-config makes a link that opens the same configuration', async ({ app, page }) => {
  await app.open();
  await app.byTestId('policy-gc').selectOption('fifo');
  await app.byTestId('fio-editor').fill(SHORT_JOB);
  await page.getByTestId('share-config').click();
  const link = await page.getByTestId('share-url').inputValue();
  expect(new URL(link).searchParams.get('config')).toMatch(/^[A-Za-z0-9_-]+$/);

  await app.open(link);
  await expect(app.byTestId('policy-gc')).toHaveValue('fifo');
  await expect(app.byTestId('fio-editor')).toHaveValue(SHORT_JOB);
  await expect(app.byTestId('fill-level')).toHaveValue('90');
  // The shared configuration is what runs.
  await expect.poll(async () => (await simState(page)).phase).toBe('ready');
  await expect(page.getByTestId('config-state')).toHaveText('The run uses these settings');
  await expect(app.byTestId('error-banner')).toHaveCount(0);
});

test('a broken ?config= says so and the default scenario runs', async ({ app, page }) => {
  await app.open('/?config=not-a-configuration');
  await expect(app.byTestId('error-banner')).toContainText('could not be read');
  await expect(app.byTestId('error-banner')).toContainText('default scenario');
  await expect(app.byTestId('device-preset')).toHaveValue('teaching-slc-tiny');
  await app.waitForSimTime(0);
  expect(page.url()).toContain('config=');
});

test('a configuration that fails shows its error in its column; the other finishes', async ({
  app,
  page,
}) => {
  await app.open();
  await app.byTestId('fio-editor').fill(SHORT_JOB);
  await openView(app, 'compare');
  const configs = page.getByTestId('compare-config');
  await expect(configs).toHaveCount(2);
  await configs.nth(1).getByTestId('compare-overrides').fill('gc.bogus=1');
  await page.getByTestId('compare-run').click();

  await expect(configs.nth(1)).toHaveAttribute('data-status', 'error');
  await expect(configs.nth(1).getByTestId('compare-error')).toContainText('unknown key "gc.bogus"');
  await expect(configs.nth(0)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const table = page.getByTestId('compare-table');
  const [first, second] = await rowValues(table, 'waf');
  expect(first).toBeGreaterThan(1);
  expect(second).toBeNaN();
  await expect(table.locator('thead th[data-status="error"]')).toContainText('failed');
  // Nothing to mark against a failed column.
  await expect(table.locator('td.better')).toHaveCount(0);
});

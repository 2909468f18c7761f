// Sweeps in the app (issue 20, part 3): the compare view opens a sweep's
// results.parquet (decoded in a worker), lists its metrics, and plots WAF
// against zns.placement: seven categories in the spec's order, each mark's
// value the Parquet row's WAF (read here independently with hyparquet).
// A file that is not a sweep's says so by name, and the simulation running
// in the live view keeps running through all of it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { expect, test, type App } from './helpers/app';
import { downloadFile, REPO_ROOT } from './helpers/sim';

const EXAMPLE_SPEC = path.join(REPO_ROOT, 'public/sweeps/zns-placements-op.json');
const example = JSON.parse(readFileSync(EXAMPLE_SPEC, 'utf8')) as {
  grid: { 'zns.placement': string[]; overprovision: number[] };
};
const TENCENT = path.join(
  REPO_ROOT,
  '..',
  'shared',
  'traces',
  'real',
  'tencent_cbs_sample.csv.bz2',
);
/** Seed 004's placements in the example spec's order. */
const PLACEMENTS = example.grid['zns.placement'];

let dir = '';
let resultsPath = '';

/** Runs `flashscope sweep SPEC --out DIR` (the real command, local engine) and returns DIR/results.parquet. */
function runSweep(spec: string, out: string): string {
  execFileSync(
    path.join(REPO_ROOT, 'packages/sim-core/build/flashscope'),
    ['sweep', spec, '--out', out],
    { stdio: ['ignore', 'ignore', 'inherit'], timeout: 240_000 },
  );
  return path.join(out, 'results.parquet');
}

test.beforeAll(() => {
  test.setTimeout(300_000);
  dir = mkdtempSync(path.join(tmpdir(), 'flashscope-sweep-'));
  // The README's example: seed 004's placements at two over-provisioning levels.
  resultsPath = runSweep(EXAMPLE_SPEC, path.join(dir, 'example'));
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openCompare(app: App): Promise<void> {
  await app.page.getByTestId('view-compare').click();
  await expect(app.page.getByTestId('view-compare')).toHaveAttribute('aria-selected', 'true');
}

test('a sweep opens in the compare view and plots WAF by placement', async ({ app, page }) => {
  const bytes = readFileSync(resultsPath);
  const rows = await parquetReadObjects({
    file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  });
  await app.open();
  await openCompare(app);
  await page.getByTestId('sweep-open').setInputFiles(resultsPath);
  const view = page.getByTestId('sweep-view');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('sweep-error')).toHaveCount(0);

  const metrics = await page
    .getByTestId('sweep-metric')
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(metrics).toContain('waf');
  await page.getByTestId('sweep-metric').selectOption('waf');
  await page.getByTestId('sweep-setting').selectOption('zns.placement');

  const chart = page.getByTestId('sweep-chart');
  await expect(chart.getByTestId('sweep-category')).toHaveText(PLACEMENTS);
  // One mark per row (no volumes), each the row's WAF, drawn over the row's placement.
  const marks = await chart.getByTestId('sweep-mark').evaluateAll((circles) =>
    circles.map((circle) => ({
      row: Number(circle.getAttribute('data-row')),
      value: Number(circle.getAttribute('data-value')),
      category: Number(circle.parentElement!.getAttribute('data-category')),
    })),
  );
  expect(marks).toHaveLength(rows.length);
  expect(new Set(marks.map((mark) => mark.row)).size).toBe(rows.length);
  for (const mark of marks) {
    expect(mark.value).toBe(rows[mark.row].waf);
    expect(PLACEMENTS[mark.category]).toBe(rows[mark.row]['zns.placement']);
  }
  // The over-provisioning levels are the series, in the legend.
  await expect(chart.locator('.legend-item')).toHaveText(
    example.grid.overprovision.map((op) => `overprovision=${op}`),
  );
  const normal = rows.findIndex(
    (row) => row['zns.placement'] === 'normal' && row.overprovision === 0.5,
  );
  await chart.locator(`[data-testid="sweep-mark"][data-row="${normal}"]`).hover();
  await expect(page.getByTestId('sweep-hover')).toContainText(
    'overprovision=0.5 · zns.placement=normal',
  );
  await expect(page.getByTestId('sweep-table').getByTestId('sweep-row')).toHaveCount(rows.length);

  // The chart saves like the others, with its title line.
  const svg = await downloadFile(page, page.getByTestId('sweep-chart-export-svg'));
  expect(svg.name).toMatch(/\.svg$/);
  expect(svg.text).toContain('Write amplification by zns.placement');
  expect(svg.text).toContain('NAND bytes / host bytes');
});

test('a per-volume sweep of a real trace shows each setting as a box over its volumes', async ({
  app,
  page,
}) => {
  test.setTimeout(300_000);
  // Every volume of the Tencent CBS sample (bzip2, unsorted, 2,038 volumes)
  // as its own drive, under two GC victims.
  const spec = path.join(dir, 'tencent-volumes.json');
  writeFileSync(
    spec,
    JSON.stringify({
      name: 'Tencent CBS sample, each volume, two GC victims',
      base: { device: 'preset:tlc-8g', trace: TENCENT, format: 'tencent' },
      grid: { 'gc.victim': ['greedy', 'fifo'] },
      volumes: 'each',
    }),
  );
  const results = runSweep(spec, path.join(dir, 'tencent'));
  const bytes = readFileSync(results);
  const rows = (await parquetReadObjects({
    file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  })) as Array<{ 'gc.victim': string; host_requests: number; status: string }>;
  expect(rows).toHaveLength(2 * 2038);

  await app.open();
  await openCompare(app);
  await page.getByTestId('sweep-open').setInputFiles(results);
  await page.getByTestId('sweep-metric').selectOption('host_requests');
  await page.getByTestId('sweep-setting').selectOption('gc.victim');
  const boxes = page.getByTestId('sweep-chart').getByTestId('sweep-box');
  await expect(boxes).toHaveCount(2);
  // Each box is its victim's volumes: their count and median, computed here from the rows.
  for (const [i, victim] of ['greedy', 'fifo'].entries()) {
    const counts = rows
      .filter((row) => row['gc.victim'] === victim && row.status === 'ok')
      .map((row) => row.host_requests)
      .sort((a, b) => a - b);
    const middle = counts.length / 2;
    const median =
      counts.length % 2 ? counts[Math.floor(middle)] : (counts[middle - 1] + counts[middle]) / 2;
    await expect(boxes.nth(i)).toHaveAttribute('data-count', String(counts.length));
    expect(Number(await boxes.nth(i).getAttribute('data-median'))).toBeCloseTo(median, 9);
    expect(Number(await boxes.nth(i).getAttribute('data-max'))).toBe(counts[counts.length - 1]);
  }
});

test('a file that is not a sweep says so by name; the simulation keeps running', async ({
  app,
  page,
}) => {
  const notParquet = path.join(dir, 'notes.parquet');
  writeFileSync(notParquet, 'point,status\na,ok\n');
  const otherParquet = path.join(dir, 'other.parquet');
  writeFileSync(
    otherParquet,
    Buffer.from(parquetWriteBuffer({ columnData: [{ name: 'x', data: [1, 2], type: 'DOUBLE' }] })),
  );
  await app.open();
  await app.waitForRunning(true);
  await openCompare(app);

  const before = await app.probe();
  await page.getByTestId('sweep-open').setInputFiles(notParquet);
  await expect(page.getByTestId('sweep-error')).toContainText('notes.parquet: not a Parquet file');
  await expect(page.getByTestId('sweep-view')).toHaveCount(0);
  await page.getByTestId('sweep-open').setInputFiles(otherParquet);
  await expect(page.getByTestId('sweep-error')).toContainText(
    'other.parquet: Parquet without FlashScope sweep metadata',
  );
  // The live run went on meanwhile, without an error.
  await app.waitForSimTime(before.simTimeNs);
  const after = await app.probe();
  expect(after.running).toBe(true);
  expect(after.lastError).toBeNull();

  // A good file afterwards replaces the message.
  await page.getByTestId('sweep-open').setInputFiles(resultsPath);
  await expect(page.getByTestId('sweep-view')).toBeVisible();
  await expect(page.getByTestId('sweep-error')).toHaveCount(0);
});

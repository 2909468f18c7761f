// Sweeps in the app (issue 20, part 3): the compare view opens a sweep's
// results.parquet (decoded in a worker), lists its metrics, and plots WAF
// against zns.placement: seven categories in the spec's order, each mark's
// value the Parquet row's WAF (read here independently with hyparquet).
// A file that is not a sweep's says so by name, and the simulation running
// in the live view keeps running through all of it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { placementsOpSweep, writeSweepParquet } from '../apps/web/src/sweep/testSweepFile';
import { expect, test, type App } from './helpers/app';
import { downloadFile } from './helpers/sim';

/** Seed 004's placements in the example spec's order. */
const PLACEMENTS = ['normal', 'warcip', 'sepbit', 'bhbdp_pre', 'bhbdp', 'fk', 'zbopt'];

let dir = '';
let resultsPath = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'flashscope-sweep-'));
  // TODO(integrator, issue 20): once `flashscope sweep` and
  // public/sweeps/zns-placements-op.json have landed, run the real sweep here
  // instead of writing the stand-in:
  //   execFileSync(path.join(REPO_ROOT, 'packages/sim-core/build/flashscope'),
  //     ['sweep', path.join(REPO_ROOT, 'public/sweeps/zns-placements-op.json'), '--out', dir],
  //     { stdio: 'inherit', timeout: 120_000 });
  // (REPO_ROOT from ./helpers/sim, execFileSync from node:child_process; drop the
  // writeSweepParquet import). Until then: a file with the contract's columns
  // and metadata, written with hyparquet-writer.
  resultsPath = path.join(dir, 'results.parquet');
  writeFileSync(resultsPath, Buffer.from(writeSweepParquet(placementsOpSweep())));
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
  await expect(chart.locator('.legend-item')).toHaveText([
    'overprovision=0.25',
    'overprovision=0.5',
  ]);
  const normal = rows.findIndex(
    (row) => row['zns.placement'] === 'normal' && row.overprovision === 0.5,
  );
  await chart.locator(`[data-testid="sweep-mark"][data-row="${normal}"]`).hover();
  await expect(page.getByTestId('sweep-hover')).toContainText(
    'zns.placement=normal · overprovision=0.5',
  );
  await expect(page.getByTestId('sweep-table').getByTestId('sweep-row')).toHaveCount(rows.length);

  // The chart saves like the others, with its title line.
  const svg = await downloadFile(page, page.getByTestId('sweep-chart-export-svg'));
  expect(svg.name).toMatch(/\.svg$/);
  expect(svg.text).toContain('Write amplification by zns.placement');
  expect(svg.text).toContain('NAND bytes / host bytes');
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

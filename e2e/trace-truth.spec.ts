// Traces whose figures are not the trace's own say so where a presenter
// looks (issue 28, "Traces"): the real Tencent CBS sample (../shared, never
// copied) touches 1.4 GB, far more than the default 53.7 MB drive, and a
// banner gives its footprint, the drive and the preset that holds it, the
// very sentence the CLI prints, with the figures of the exported result; a
// trace whose clock repair decides the figures (one MSR record three hours
// early, sorted first: 127 s become 3 h) says so above its summary, and
// one click replays it in file order.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './helpers/app';
import { savedRunResult, simState, waitForFinishedRun } from './helpers/sim';

const REAL = path.resolve(__dirname, '../../shared/traces/real');
const TENCENT = path.join(REAL, 'tencent_cbs_sample.csv.bz2');
const CLI = path.resolve(__dirname, '../packages/sim-core/build/flashscope');

/** The MSR sample with line 501 stamped three hours (108e9 ticks of 100 ns) earlier. */
function msrSampleWithOneRecordHoursEarly(): Buffer {
  const lines = readFileSync(path.join(REAL, 'msr_hm0_sample.csv'), 'utf8').split('\n');
  const fields = lines[500].split(',');
  fields[0] = (BigInt(fields[0]) - 108_000_000_000n).toString();
  lines[500] = fields.join(',');
  return Buffer.from(lines.join('\n'));
}

/** The note `flashscope run` prints for this trace on this preset, as a sentence. */
function cliWrapNote(preset: string, trace: string): string {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build it with npm run build:native`);
  const text = execFileSync(CLI, ['run', '--device', `preset:${preset}`, '--trace', trace], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const note = text.split('\n').find((line) => line.startsWith('note: the trace touches'));
  if (!note) throw new Error(`no wrap note in:\n${text}`);
  const words = note.slice('note: '.length);
  return `${words[0].toUpperCase()}${words.slice(1)}.`;
}

test('a trace bigger than the drive: a banner with its footprint, the drive and a preset that holds it', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForRunning(true);
  await page.getByTestId('workload-mode-trace').click();
  await page.getByTestId('trace-input').setInputFiles(TENCENT);
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('trace-figure-requests')).toHaveText('50,000');

  await app.setSpeed('max');
  const before = await simState(page);
  await app.byTestId('apply').click();
  const banner = page.getByTestId('trace-wrap-note');
  const finished = await waitForFinishedRun(page, before.runId);
  expect(finished.error).toBeNull();

  await expect(banner).toHaveText(
    `This trace does not fit the drive. ${cliWrapNote('teaching-slc-tiny', TENCENT)}`,
  );
  await expect(banner).toContainText('the drive holds 53.7 MB');
  await expect(banner).toContainText('preset:tlc-1tb-p4500-like (8.1 GB)');
  // Its figures are the exported result's.
  const result = await savedRunResult<{
    capacity: { logical_bytes: number };
    trace: { footprint_bytes: number; wrapped: boolean };
  }>(page);
  expect(result.trace.wrapped).toBe(true);
  expect(result.capacity.logical_bytes).toBe(53_686_272);
  await page.getByTestId('view-live').click();
  await expect(banner).toContainText(
    `touches ${(result.trace.footprint_bytes / 1e9).toFixed(1)} GB (its footprint)`,
  );
});

test('a clock repair that decides the figures is said first, and file order replays without it', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForRunning(true);
  await page.getByTestId('workload-mode-trace').click();
  await page.getByTestId('trace-input').setInputFiles({
    name: 'hm0-early.csv',
    mimeType: 'text/csv',
    buffer: msrSampleWithOneRecordHoursEarly(),
  });
  const summary = page.getByTestId('trace-summary');
  await expect(summary).toHaveAttribute('data-done', 'true');
  const warnings = page.getByTestId('trace-repair-warnings');
  await expect(warnings).toContainText(
    "Sorting by time put line 501's record, 10674 s before the file's first record, first",
  );
  // First: above the figures it decides (the sorted trace spans 10,801 s).
  const order = await summary.evaluate((section) =>
    [...section.querySelectorAll('[data-testid]')]
      .map((element) => element.getAttribute('data-testid'))
      .filter((id) => id === 'trace-repair-warnings' || id === 'trace-figure-duration'),
  );
  expect(order).toEqual(['trace-repair-warnings', 'trace-figure-duration']);
  await expect(page.getByTestId('trace-figure-duration')).toHaveText('3.0 h');

  await warnings.getByTestId('trace-repair-clock').click();
  await expect(page.getByTestId('trace-clock')).toHaveValue('as_is');
  await expect(summary).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('trace-figure-duration')).toHaveText('2.1 min');
  await expect(warnings).toHaveCount(0);
});

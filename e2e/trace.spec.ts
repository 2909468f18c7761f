// Trace replay in the browser: the real MQSim TPC-C trace from
// ../shared/traces (read from there, never copied into the repo) is picked
// in the workload panel, previewed with its detected format, scanned in a
// worker with a progress bar to 100 %, summarised with its exact request
// count, then replayed to the end. A binary file is refused with an error
// naming it while the previous summary stays, and a dropped trace with a bad
// line lists it and stops a run with the file and line in the banner.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/app';
import { simState, waitForFinishedRun } from './helpers/sim';

const TPCC_TRACE = path.resolve(__dirname, '../../shared/traces/mqsim_tpcc-small.trace');
// Counted with awk on the file: 6999 lines, each a record
// (`awk 'NF == 5' | wc -l`); field 5 = 1 read (4381), 0 write (2618);
// field 4 in 512-byte sectors: 36,315,136 bytes read, 23,403,520 written.
const TPCC = {
  requests: 6999,
  reads: 4381,
  writes: 2618,
  read_bytes: 36_315_136,
  write_bytes: 23_403_520,
  size_bytes: 194_790,
};

interface Summary {
  name: string;
  format: string;
  done: boolean;
  requests: number;
  reads: number;
  writes: number;
  read_bytes: number;
  write_bytes: number;
  bytes_read: number;
  size_bytes: number;
  bad_lines: number;
  bad_line_examples: Array<{ line: number; reason: string }>;
}

/** The traces slice as the specs read it: the accepted file's summary, the scan, the error. */
async function traceState(page: Page) {
  return page.evaluate(() => {
    const state = window.__flashscope?.store.getState() as {
      traces: {
        summary: Summary | null;
        pending: unknown;
        error: { message: string } | null;
        file: { name: string } | null;
      };
      sim: { traceReplay: { requests: number; bytes_read: number; size_bytes: number } | null };
    };
    return {
      summary: state.traces.summary,
      scanning: state.traces.pending !== null,
      error: state.traces.error?.message ?? null,
      file: state.traces.file?.name ?? null,
      replay: state.sim.traceReplay,
    };
  });
}

/** Bytes that are no text trace: a fixed pseudo-random sequence (an LCG), NULs included. */
function randomBytes(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 12345;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** An MQSim trace of `records` 4 KiB requests with one bad line at line `badLine`. */
function mqsimWithBadLine(records: number, badLine: number): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < records; i++) {
    lines.push(`${1_000_000 + i * 50_000} 1 ${i * 8} 8 ${i % 3 === 0 ? 1 : 0}`);
  }
  lines.splice(badLine - 1, 0, '1000000 1 banana 8 0');
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function pickTpccTrace(page: Page): Promise<void> {
  await page.getByTestId('workload-mode-trace').click();
  await page.getByTestId('trace-input').setInputFiles(TPCC_TRACE);
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('trace-figure-requests')).toHaveText('6,999');
}

test('an MQSim trace: preview, detected format, scan to 100 %, summary, replay', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForRunning(true);
  await page.getByTestId('workload-mode-trace').click();
  await expect(app.byTestId('fio-editor')).toBeHidden();
  await page.getByTestId('trace-input').setInputFiles(TPCC_TRACE);

  // The first lines, as in the file, and the format the worker detected.
  const preview = page.getByTestId('trace-preview');
  await expect(preview).toContainText('938513000 4 264719034 16 0');
  await expect(preview).toContainText('938828000 3 197570570 16 0');
  await expect(page.getByTestId('trace-detected')).toContainText(/mqsim · \d+ % confidence/);
  await expect(page.getByTestId('trace-format')).toHaveValue('auto');

  // The scan's bar ends full.
  const progress = page.getByTestId('trace-progress');
  await expect(progress).toHaveAttribute('data-phase', 'scanned');
  await expect(progress).toHaveAttribute('value', '1000');
  await expect(page.getByTestId('trace-progress-text')).toContainText('(100 %)');

  // The summary: every record counted, reads and writes split exactly.
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('trace-figure-requests')).toHaveText('6,999');
  // 4381 / 6999 = 62.6 %
  await expect(page.getByTestId('trace-figure-mix')).toHaveText('62.6 % read · 37.4 % write');
  await expect(page.getByTestId('trace-size-histogram')).toContainText('≤ 8 KiB');
  await expect(page.getByTestId('trace-bad-lines')).toHaveText('No bad lines');
  const scanned = await traceState(page);
  expect(scanned.summary).toMatchObject({
    name: 'mqsim_tpcc-small.trace',
    format: 'mqsim',
    done: true,
    bad_lines: 0,
    bytes_read: TPCC.size_bytes,
    ...TPCC,
  });

  // Apply & restart replays it; the run ends with every request issued.
  const before = await simState(page);
  await app.setSpeed('max');
  await app.byTestId('apply').click();
  const finished = await waitForFinishedRun(page, before.runId);
  expect(finished.error).toBeNull();
  await expect.poll(async () => (await traceState(page)).replay?.requests).toBe(TPCC.requests);
  await expect(progress).toHaveAttribute('data-phase', 'replayed');
  await expect(progress).toHaveAttribute('value', '1000');
  // The key figures describe the replayed run: a WAF, a run-average IOPS,
  // and at least the trace's 136.5 ms span of simulated time.
  await expect(app.byTestId('metric-waf')).toHaveText(/^\d+\.\d\d$/);
  expect(await app.metricValue('metric-iops')).toBeGreaterThan(0);
  expect(finished.simTimeNs).toBeGreaterThanOrEqual(1_075_002_000 - 938_513_000);
});

test('a binary file is refused with its name; the previous summary stays', async ({
  app,
  page,
}) => {
  await app.open();
  await pickTpccTrace(page);
  const fioText = await page.evaluate(() => {
    const state = window.__flashscope?.store.getState() as {
      config: { draft: { fioText: string } };
    };
    return state.config.draft.fioText;
  });

  await page.getByTestId('trace-input').setInputFiles({
    name: 'random.bin',
    mimeType: 'application/octet-stream',
    buffer: randomBytes(64 * 1024),
  });
  const error = page.getByTestId('trace-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('random.bin');
  await expect(error).toContainText(/binary/i);

  // The last good trace is still the workload, with its summary; the fio job is untouched.
  const after = await traceState(page);
  expect(after.scanning).toBe(false);
  expect(after.file).toBe('mqsim_tpcc-small.trace');
  expect(after.summary?.requests).toBe(TPCC.requests);
  await expect(page.getByTestId('trace-figure-requests')).toHaveText('6,999');
  await expect(page.getByTestId('trace-file')).toHaveText('mqsim_tpcc-small.trace');
  await page.getByTestId('workload-mode-fio').click();
  await expect(app.byTestId('fio-editor')).toHaveValue(fioText);
});

test('a dropped trace: its bad line is listed, and stops a run with file:line', async ({
  app,
  page,
}) => {
  await app.open();
  await page.getByTestId('workload-mode-trace').click();
  // Dropped on the drop zone this time, as a user drags a file from the desktop.
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'bad-line.trace', { type: 'text/plain' }));
    return transfer;
  }, mqsimWithBadLine(200, 120).toString('utf8'));
  await page.getByTestId('trace-drop').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('trace-figure-requests')).toHaveText('200');
  const badLines = page.getByTestId('trace-bad-lines');
  await expect(badLines).toContainText('1 bad line');
  await expect(badLines).toContainText('bad-line.trace:120');
  expect((await traceState(page)).summary?.bad_line_examples.map((bad) => bad.line)).toEqual([120]);

  // bad_lines "stop" (the default): the replay stops there, and says where.
  await expect(page.getByTestId('trace-bad-lines-policy')).toHaveValue('stop');
  await app.setSpeed('max');
  await app.byTestId('apply').click();
  const banner = app.byTestId('error-banner');
  await expect(banner).toContainText('bad-line.trace:120:');
  // The trace panel keeps the file and its summary for a second try.
  expect((await traceState(page)).summary?.requests).toBe(200);

  // "skip" replays the other 200 records to the end.
  await page.getByTestId('trace-bad-lines-policy').selectOption('skip');
  const before = await simState(page);
  await app.byTestId('apply').click();
  const finished = await waitForFinishedRun(page, before.runId);
  expect(finished.error).toBeNull();
  await expect.poll(async () => (await traceState(page)).replay?.requests).toBe(200);
});

test('the bundled sample trace loads with one click and is detected as MSR', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForRunning(true);
  await page.getByTestId('workload-mode-trace').click();
  await page.getByTestId('trace-sample').click();
  await expect(page.getByTestId('trace-file')).toHaveText('sample-oltp.msr.csv');
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  // public/traces/sample-oltp.msr.csv, from scripts/gen-sample-trace.mjs:
  // 3000 records, 1514 reads (`grep -c ,Read,`) and 1486 writes.
  await expect(page.getByTestId('trace-figure-requests')).toHaveText('3,000');
  await expect(page.getByTestId('trace-detected')).toContainText(/msr · \d+ % confidence/);
  const { summary } = await traceState(page);
  expect(summary).toMatchObject({ format: 'msr', reads: 1514, writes: 1486, bad_lines: 0 });
});

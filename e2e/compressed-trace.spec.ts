// Compressed traces in the browser, as SNIA IOTTA distributes them: the real
// Tencent CBS sample (bzip2, ../shared/traces/real, never copied into the
// repo) and gzip and xz copies of the real MQSim TPC-C trace are picked in
// the workload panel, decoded in the worker chunk by chunk by the JavaScript
// decoders, and summarised with the exact counts of their text; the progress
// bar, which counts compressed bytes, ends full.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './helpers/app';

const REAL = path.resolve(__dirname, '../../shared/traces/real');
const TPCC_TRACE = path.resolve(__dirname, '../../shared/traces/mqsim_tpcc-small.trace');

async function expectScannedSummary(
  page: import('@playwright/test').Page,
  requests: string,
  compression: string,
): Promise<void> {
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('trace-figure-requests')).toHaveText(requests);
  await expect(page.getByTestId('trace-figure-compression')).toHaveText(compression);
  const progress = page.getByTestId('trace-progress');
  await expect(progress).toHaveAttribute('data-phase', 'scanned');
  await expect(progress).toHaveAttribute('value', '1000');
}

test('the real Tencent .bz2 and .gz/.xz copies of the TPC-C trace scan to their exact counts', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForRunning(true);
  await page.getByTestId('workload-mode-trace').click();

  // bzcat | wc -l -> 50000 records; the preview is decoded text.
  await page
    .getByTestId('trace-input')
    .setInputFiles(path.join(REAL, 'tencent_cbs_sample.csv.bz2'));
  await expectScannedSummary(page, '50,000', 'bzip2');
  await expect(page.getByTestId('trace-preview')).toContainText('1538323200,4247200,128,1,1058');

  // The TPC-C trace (6999 records) gzipped and xz-compressed here.
  const tpcc = readFileSync(TPCC_TRACE);
  await page.getByTestId('trace-input').setInputFiles({
    name: 'tpcc.trace.gz',
    mimeType: 'application/gzip',
    buffer: gzipSync(tpcc),
  });
  await expectScannedSummary(page, '6,999', 'gzip');

  const xz = spawnSync('xz', ['-c'], { input: tpcc, maxBuffer: 1 << 26 });
  expect(xz.status, String(xz.stderr)).toBe(0);
  await page.getByTestId('trace-input').setInputFiles({
    name: 'tpcc.trace.xz',
    mimeType: 'application/x-xz',
    buffer: xz.stdout,
  });
  await expectScannedSummary(page, '6,999', 'xz');
  await expect(page.getByTestId('trace-figure-mix')).toHaveText('62.6 % read · 37.4 % write');
});

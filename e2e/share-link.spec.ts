// Share links that reproduce the meeting (issue 19): the link names the
// scenario, carries the overrides, speed and tab; opened in a fresh page it
// shows the same names and, run to the end (&run=end), the same figures. A
// trace link asks for the same file and refuses another.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { App, expect, test } from './helpers/app';
import { simState, waitForFinalFigures, waitForFinishedRun } from './helpers/sim';

const TPCC_TRACE = path.resolve(__dirname, '../../shared/traces/mqsim_tpcc-small.trace');
const WSRCH_TRACE = path.resolve(__dirname, '../../shared/traces/mqsim_wsrch-small.trace');
const SCENARIO = 'slc-cliff-fill25';

async function figures(app: App): Promise<{ waf: string; iops: string }> {
  return {
    waf: await app.byTestId('metric-waf').innerText(),
    iops: await app.byTestId('metric-iops').innerText(),
  };
}

/** Opens `link` in a fresh browser context (the shared tab may hide the device view). */
async function openFresh(app: App, browser: Browser, link: string): Promise<App> {
  const fresh = new App(await (await browser.newContext()).newPage(), app.errors);
  await fresh.page.goto(link);
  await fresh.page.waitForFunction(() => window.__flashscope !== undefined);
  return fresh;
}

/** The scenario run to its end at full speed, then the speed and tab a presenter left. */
async function presenterPage(app: App): Promise<{ waf: string; iops: string }> {
  await app.open();
  await app.setSpeed('max');
  const before = await simState(app.page);
  await app.byTestId('preset-select').selectOption(SCENARIO);
  await app.page.waitForFunction(
    (runId) =>
      (window.__flashscope?.store.getState() as { sim: { runId: number } }).sim.runId > runId,
    before.runId,
  );
  const scenarioRun = await simState(app.page);
  await app.byTestId('policy-gc').selectOption('fifo');
  await app.byTestId('restart-confirm').click();
  await waitForFinishedRun(app.page, scenarioRun.runId);
  await app.setSpeed('10s');
  await app.page.getByTestId('view-compare').click();
  // The figures row showing the last frame, not one it drew before (it refreshes every 200 ms).
  await waitForFinalFigures(app);
  return figures(app);
}

test('a shared link opens on the same scenario, speed and tab, and run to the end on the same figures', async ({
  app,
  page,
  browser,
}) => {
  const shown = await presenterPage(app);
  await expect(app.byTestId('preset-select')).toHaveValue(SCENARIO);
  await page.getByTestId('share-config').click();
  const plain = await page.getByTestId('share-url').inputValue();
  await page.getByTestId('share-run-end').check();
  const toEnd = await page.getByTestId('share-url').inputValue();
  expect(new URL(toEnd).searchParams.get('run')).toBe('end');
  expect(new URL(plain).searchParams.has('run')).toBe(false);

  // A fresh page (no shared storage) opens the plain link on the same names.
  const fresh = await openFresh(app, browser, plain);
  await expect(fresh.byTestId('preset-select')).toHaveValue(SCENARIO);
  await expect(fresh.byTestId('policy-gc')).toHaveValue('fifo');
  await expect(fresh.byTestId('speed')).toHaveValue('10s');
  await expect(fresh.page.getByTestId('view-compare')).toHaveAttribute('aria-selected', 'true');

  // The run=end link opens finished, on the shared speed and tab, with the same figures.
  const ended = await openFresh(app, browser, toEnd);
  await ended.page.waitForFunction(
    () => (window.__flashscope?.store.getState() as { sim: { finished: boolean } }).sim.finished,
    undefined,
    { timeout: 120_000 },
  );
  await expect(ended.byTestId('preset-select')).toHaveValue(SCENARIO);
  await expect(ended.byTestId('speed')).toHaveValue('10s');
  await expect(ended.page.getByTestId('view-compare')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => figures(ended)).toEqual(shown);
  expect(shown.waf).toMatch(/\d\.\d/);
});

test('a trace link asks for the same file, refuses another and runs the right one', async ({
  app,
  page,
  browser,
}) => {
  await app.open();
  await page.getByTestId('workload-mode-trace').click();
  await page.getByTestId('trace-input').setInputFiles(TPCC_TRACE);
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  await page.getByTestId('share-config').click();
  const link = await page.getByTestId('share-url').inputValue();
  // The fingerprint (hashed in a worker) is the SHA-256 of the file's first
  // MiB, the format links made before carry: node:crypto agrees.
  const tpcc = readFileSync(TPCC_TRACE);
  const config = new URL(link).searchParams.get('config') ?? '';
  const shared = JSON.parse(Buffer.from(config, 'base64url').toString('utf8')) as {
    trace: { sha256: string; size: number };
  };
  expect(shared.trace).toMatchObject({
    size: tpcc.length,
    sha256: createHash('sha256')
      .update(tpcc.subarray(0, 1024 * 1024))
      .digest('hex'),
  });

  const other = await (await browser.newContext()).newPage();
  const recipient = new App(other, app.errors);
  await recipient.open(link);
  const needed = other.getByTestId('share-trace-needed');
  await expect(needed).toContainText('mqsim_tpcc-small.trace');
  await expect(needed).toContainText('194,790 bytes');
  // Nothing runs in its place (no old fio job): no run is loaded.
  const before = await simState(other);
  expect(before.runId).toBe(0);
  expect(before.simTimeNs).toBe(0);

  await other.getByTestId('share-trace-file').setInputFiles(WSRCH_TRACE);
  await expect(other.getByTestId('share-trace-refused')).toContainText(
    'This file has 683630 bytes',
  );
  expect((await simState(other)).runId).toBe(0);
  await expect(needed).toBeVisible();
  // Same name and size, one byte changed: the worker's digest tells them apart.
  const changed = Buffer.from(tpcc);
  changed[100] ^= 1;
  await other.getByTestId('share-trace-file').setInputFiles({
    name: 'mqsim_tpcc-small.trace',
    mimeType: 'text/plain',
    buffer: changed,
  });
  await expect(other.getByTestId('share-trace-refused')).toContainText('content differs');
  expect((await simState(other)).runId).toBe(0);

  await other.getByTestId('share-trace-file').setInputFiles(TPCC_TRACE);
  await expect(needed).toHaveCount(0);
  await expect(other.getByTestId('trace-summary')).toHaveAttribute('data-done', 'true');
  await expect(other.getByTestId('trace-figure-requests')).toHaveText('6,999');
  await other.waitForFunction(
    () => (window.__flashscope?.store.getState() as { sim: { runId: number } }).sim.runId > 0,
  );
  await expect(other.getByTestId('workload-mode-trace')).toHaveAttribute('aria-checked', 'true');
});

test('a link shared during a lesson opens the same lesson at the same step', async ({
  app,
  page,
  browser,
}) => {
  await app.open('/?lesson=basics');
  const title = app.byTestId('lesson-step-title');
  await expect(title).toContainText('No overwriting in place');
  await app.byTestId('lesson-next').click();
  await expect(title).not.toContainText('No overwriting in place');
  const second = await title.innerText();
  await page.getByTestId('share-config').click();
  const link = await page.getByTestId('share-url').inputValue();
  expect(new URL(link).searchParams.has('lesson')).toBe(false);

  const other = new App(await (await browser.newContext()).newPage(), app.errors);
  await other.open(link);
  await expect(other.byTestId('lesson-step-title')).toHaveText(second);
});

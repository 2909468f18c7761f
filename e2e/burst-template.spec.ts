// The burst / idle / burst template (issue 19): on the 970 EVO-like drive the
// workload section sizes the bursts to the cache the core says the run will
// start with; applied and run to the end, the run writes bursts x 1.5 x that
// cache, and each burst outruns the cache (the core's slc.cliff is there).
import { expect, test } from './helpers/app';
import { savedRunResult, simState } from './helpers/sim';

interface BurstRunResult {
  host: { write_bytes: number };
  slc: { capacity_bytes_at_start: number; cliff: { host_written_bytes: number } | null };
}

const MIB = 2 ** 20;

test('the burst template sized to the 970 EVO-like cache writes 3 x 1.5 x the cache', async ({
  app,
  page,
}) => {
  test.setTimeout(420_000);
  await app.open();
  await app.setSpeed('max');
  // An empty drive: the SLC workload preset drops the default scenario's fill and random
  // preconditioning, then the drive.
  await app.byTestId('workload-preset').selectOption('slc-seqwrite-1m-qd64');
  await app.byTestId('device-preset').selectOption('tlc-500g-970evo-like');
  await expect(app.byTestId('fill-level')).toHaveValue('0');

  await page.getByTestId('burst-template-section').locator('summary').click();
  await page.getByTestId('burst-multiple').fill('1.5');
  await page.getByTestId('burst-idle-s').fill('20');
  await expect(page.getByTestId('burst-idle-s-value')).toHaveText('20 s');
  // The core's figures for this drive, empty: 4 GB static + 18 GB dynamic.
  await expect(page.getByTestId('burst-cache')).toHaveText('cache at start: 22.0 GB');
  await expect(page.getByTestId('burst-size')).toHaveText(
    '3 bursts of 33.0 GB (99.1 GB), 20 s idle between',
  );

  await page.getByTestId('burst-template').click();
  const editor = app.byTestId('fio-editor');
  await expect(editor).toHaveValue(/\[burst-3-after-20s-idle\]/);
  const job = await editor.inputValue();
  expect(job).toMatch(/startdelay=20s/);
  const burstBytes = Number(/^size=(\d+)m$/m.exec(job)![1]) * MIB;
  // Not yet applied: the editor holds the job until Apply, as after choosing a preset.
  await expect(page.getByText('Edited — not yet applied')).toBeVisible();

  const before = await simState(page);
  await app.byTestId('apply').click();
  await page.waitForFunction(
    (previous) => {
      const state = window.__flashscope?.store.getState() as
        { sim: { runId: number; finished: boolean } } | undefined;
      return !!state && state.sim.runId > previous && state.sim.finished;
    },
    before.runId,
    { timeout: 360_000 },
  );
  expect((await simState(page)).error).toBeNull();

  const result = await savedRunResult<BurstRunResult>(page);
  const cache = result.slc.capacity_bytes_at_start;
  expect(cache).toBeGreaterThan(21.5e9);
  expect(cache).toBeLessThan(22.5e9);
  expect(result.host.write_bytes).toBe(3 * burstBytes);
  // Each burst is 1.5 x the cache, rounded to whole MiB.
  expect(Math.abs(result.host.write_bytes - 3 * 1.5 * cache)).toBeLessThanOrEqual(3 * MIB);
  expect(result.slc.cliff).not.toBeNull();
  expect(result.slc.cliff!.host_written_bytes).toBeLessThan(burstBytes);
  expect((await app.probe()).lastError).toBeNull();
});

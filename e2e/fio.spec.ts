// A broken fio job is reported the way the CLI reports it, with the file and
// line, and nothing else breaks: the text the user typed stays in the
// editor, and a corrected job runs.
import { expect, test } from './helpers/app';
import { simState } from './helpers/sim';

const BROKEN_JOB = '[job]\nrw=randwrite\nbs=4k\niodepth=8\nflux_capacitor=88mph\n';
const FIXED_JOB = '[job]\nrw=randwrite\nbs=4k\niodepth=8\ntime_based=1\nruntime=60s\n';

test('an invalid fio job shows file:line in the error banner; a valid one then runs', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForRunning(true);
  const editor = app.byTestId('fio-editor');
  await expect(app.byTestId('error-banner')).toBeHidden();

  await editor.fill(BROKEN_JOB);
  await app.byTestId('apply').click();
  const banner = app.byTestId('error-banner');
  await expect(banner).toBeVisible();
  // "NAME.fio:5: unknown option 'flux_capacitor'": the file, the line, the problem.
  await expect(banner).toContainText(/\S+\.fio:5:/);
  await expect(banner).toContainText('flux_capacitor');
  // The user's text is kept, so they can fix it.
  await expect(editor).toHaveValue(BROKEN_JOB);

  await editor.fill(FIXED_JOB);
  const before = await simState(page);
  await app.byTestId('apply').click();
  await expect(banner).toBeHidden();
  await page.waitForFunction((previousRun) => {
    const state = window.__flashscope?.store.getState() as { sim: { runId: number } };
    return state.sim.runId > previousRun && (window.__flashscope?.simTimeNs ?? 0) > 0;
  }, before.runId);
  await expect(editor).toHaveValue(FIXED_JOB);
  expect((await simState(page)).error).toBeNull();
});

// Switching the GC victim policy and re-running changes the write
// amplification the app shows, by exactly what the simulator computes. The
// default job runs for 600 s, so the spec gives it a 2 s runtime in the fio
// editor: both runs then end at the same simulated time with the same seed,
// and each WAF shown is compared with the native CLI's for the same inputs.
import { expect, test } from './helpers/app';
import { cliResult, simState, waitForFinishedRun } from './helpers/sim';

const DEVICE = 'teaching-slc-tiny'; // the app's default device preset
const PRESET_SETS = ['precondition.fill=0.9']; // what the default workload preset adds
const JOB = `; the default 4K random write job, stopped after 2 s
[global]
ioengine=libaio
direct=1
time_based=1
runtime=2s

[randwrite-4k-qd4]
rw=randwrite
bs=4k
iodepth=4
`;

test('switching GC greedy -> fifo and re-running changes the WAF shown', async ({ app, page }) => {
  const expected = {
    greedy: cliResult(DEVICE, JOB, [...PRESET_SETS, 'gc.victim=greedy']).waf,
    fifo: cliResult(DEVICE, JOB, [...PRESET_SETS, 'gc.victim=fifo']).waf,
  };
  // On this scenario the policy matters (1.52 vs 1.60); otherwise the test
  // would prove nothing.
  expect(Math.abs(expected.fifo - expected.greedy)).toBeGreaterThan(0.05);

  await app.open();
  await expect(app.byTestId('policy-gc')).toHaveValue('greedy');
  await app.setSpeed('max');
  await app.byTestId('fio-editor').fill(JOB);
  const before = await simState(page);
  await app.byTestId('apply').click();
  const greedyRun = await waitForFinishedRun(page, before.runId);
  expect(greedyRun.simTimeNs).toBeGreaterThanOrEqual(2e9);
  // The figures row refreshes a few times a second; wait for the final one.
  await expect.poll(() => app.metricValue('metric-waf')).toBeCloseTo(expected.greedy, 2);

  await app.byTestId('policy-gc').selectOption('fifo');
  // The app offers to restart with the new policy; take the offer.
  await app.byTestId('restart-confirm').click();
  const fifoRun = await waitForFinishedRun(page, greedyRun.runId);
  expect(fifoRun.simTimeNs).toBeGreaterThanOrEqual(2e9);
  await expect.poll(() => app.metricValue('metric-waf')).toBeCloseTo(expected.fifo, 2);
  // The edited job is what ran both times.
  await expect(app.byTestId('fio-editor')).toHaveValue(JOB);
});

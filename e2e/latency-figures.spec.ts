// One "p99" on screen (issue 28, docs/figures.md): the latency CDF marked a
// p50 and a p99 read off the curve of reads and writes mixed, while the
// figures row beside it shows the core's p99 of the op with more
// completions, the result JSON's latency_us. On a 70/30 random mix the two
// "p99" disagreed. Now the chart draws reads and writes apart, each marked
// at the core's own p50 and p99: the figures row's p99 is one of its marks.
import { expect, test } from './helpers/app';
import { simState, waitForFinishedRun, waitForLastFrame } from './helpers/sim';

// 70 % reads on the app's teaching drive: more reads complete than writes,
// so the figures row quotes the reads' p99.
const MIX_JOB = '[mix]\nrw=randrw\nrwmixread=70\nbs=4k\niodepth=16\nnumber_ios=20000\n';

interface OpLatency {
  count: number;
  p50: number;
  p99: number;
}

test('the latency CDF marks each op at the core’s p50 and p99, the figures row’s p99 among them', async ({
  app,
  page,
}) => {
  test.setTimeout(120_000);
  await app.open();
  await app.setSpeed('max');
  const before = await simState(page);
  await app.byTestId('fio-editor').fill(MIX_JOB);
  await app.byTestId('apply').click();
  expect((await waitForFinishedRun(page, before.runId)).error).toBeNull();
  await waitForLastFrame(page);

  const latency = await page.evaluate(() => {
    const state = window.__flashscope!.store.getState() as {
      sim: { frame: { meta: { latency_us: Record<'read' | 'write', OpLatency> } } };
    };
    return state.sim.frame.meta.latency_us;
  });
  expect(latency.read.count).toBeGreaterThan(latency.write.count);
  expect(latency.write.count).toBeGreaterThan(0);

  // The figures row: the reads' p99, as the core gives it.
  const rowP99 = (await app.byTestId('metric-p99').innerText()).trim();
  const chart = page.getByTestId('chart-latency-cdf');
  const labels = chart.locator('.reference text');
  await expect(labels.first()).toBeVisible();
  // (SVG text has no innerText: its text content.)
  const texts = (await labels.allTextContents()).map((text) => text.trim());
  // Each "p99" on the chart names its op; the figures row's is the reads'.
  const p99s = texts.filter((text) => /\bp99\b/.test(text));
  expect(p99s).toContain(`read p99 ${rowP99}`);
  expect(p99s).toHaveLength(2);

  // Every mark is the core's figure for its op: p50 and p99 of reads and of writes.
  const marks = chart.getByTestId('cdf-mark');
  await expect(marks).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    const mark = marks.nth(i);
    const op = (await mark.getAttribute('data-op')) as 'read' | 'write';
    const percentile = (await mark.getAttribute('data-percentile')) as 'p50' | 'p99';
    expect(Number(await mark.getAttribute('data-latency-us'))).toBe(latency[op][percentile]);
  }
  expect((await app.probe()).lastError).toBeNull();
});

// Honest cliff figures (issue 19): on each SLC scenario run to its end, the
// "Throughput vs data written" annotation shows the core's cliff, the very
// figures of the result JSON's slc.cliff that the app exports (not a rate
// recomputed in TypeScript that averages in recovered bursts), and its label
// sits inside the chart, never clipped at the edge.
import { expect, test } from './helpers/app';
import { runScenarioToEnd, savedRunResult } from './helpers/sim';

interface ExportedCliff {
  host_written_bytes: number;
  write_mbps_before: number;
  write_mbps_after: number;
}

const SCENARIOS = [
  'slc-cliff-fill25',
  'slc-cliff-fill50',
  'slc-cliff-fill75',
  'slc-burst-idle-recovery',
];

for (const scenario of SCENARIOS) {
  test(`${scenario}: the cliff annotation is the core's slc.cliff, its label inside the chart`, async ({
    app,
    page,
  }) => {
    test.setTimeout(240_000);
    const run = await runScenarioToEnd(app, scenario);
    expect(run.error).toBeNull();
    // The last frame (its meta says finished) is the one the chart draws.
    await page.waitForFunction(() => {
      const state = window.__flashscope?.store.getState() as
        { sim: { frame: { meta: { finished?: boolean } } | null } } | undefined;
      return state?.sim.frame?.meta.finished === true;
    });

    const chart = app.byTestId('chart-throughput-vs-written');
    const annotation = chart.locator('[data-testid="cliff-annotation"]');
    await expect(annotation).toBeVisible();
    await expect(annotation).toContainText('after the cache is exhausted');

    // The core's result JSON for this run, as the app exports it.
    await page.getByTestId('view-saved').click();
    await expect(page.getByTestId('saved-run')).toHaveCount(1);
    const { cliff } = (await savedRunResult<{ slc: { cliff: ExportedCliff | null } }>(page)).slc;
    expect(cliff).not.toBeNull();
    await page.getByTestId('view-live').click();
    await expect(annotation).toBeVisible();

    const shown = async () => ({
      bytes: Number(await annotation.getAttribute('data-cliff-bytes')),
      before: Number(await annotation.getAttribute('data-before-mbps')),
      after: Number(await annotation.getAttribute('data-after-mbps')),
    });
    await expect
      .poll(async () => Math.abs((await shown()).after / cliff!.write_mbps_after - 1))
      .toBeLessThan(0.01);
    const figures = await shown();
    expect(figures.bytes).toBe(cliff!.host_written_bytes);
    expect(Math.abs(figures.before / cliff!.write_mbps_before - 1)).toBeLessThan(0.01);
    // A cliff: the rate after the cache is exhausted is below the one before.
    expect(figures.after).toBeGreaterThan(0);
    expect(figures.after).toBeLessThan(figures.before);

    // The label's box lies inside the chart's svg: nothing clipped at the edge.
    const svg = chart.locator('svg:has([data-testid="cliff-annotation"])');
    const svgBox = (await svg.boundingBox())!;
    const labelBox = (await chart.getByTestId('cliff-label').boundingBox())!;
    expect(labelBox.x).toBeGreaterThanOrEqual(svgBox.x);
    expect(labelBox.y).toBeGreaterThanOrEqual(svgBox.y);
    expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(svgBox.x + svgBox.width);
    expect(labelBox.y + labelBox.height).toBeLessThanOrEqual(svgBox.y + svgBox.height);
    expect((await app.probe()).lastError).toBeNull();
  });
}

// Honest cliff figures (issue 19): on each SLC scenario run to its end, the
// "Throughput vs data written" annotation shows the core's cliff, the very
// figures of the result JSON's slc.cliff that the app exports (not a rate
// recomputed in TypeScript that averages in recovered bursts), and its label
// sits inside the chart, never clipped at the edge.
import { expect, test } from './helpers/app';
import { runScenarioToEnd, savedRunResult, waitForLastFrame } from './helpers/sim';

interface ExportedCliff {
  host_written_bytes: number;
  write_mbps_before: number;
  write_mbps_after: number;
  depth: number;
}

interface ExportedBurst {
  cache_bytes: number | null;
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
    await waitForLastFrame(page);

    const chart = app.byTestId('chart-throughput-vs-written');
    const annotation = chart.locator('[data-testid="cliff-annotation"]');
    await expect(annotation).toBeVisible();
    await expect(annotation).toContainText('after the cache is exhausted');

    // The core's result JSON for this run, as the app exports it.
    await page.getByTestId('view-saved').click();
    await expect(page.getByTestId('saved-run')).toHaveCount(1);
    const { cliff, bursts } = (
      await savedRunResult<{ slc: { cliff: ExportedCliff | null; bursts: ExportedBurst[] } }>(page)
    ).slc;
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
    // The label's depth is the core's.
    await expect(annotation).toContainText(`(−${Math.round(cliff!.depth * 100)} %)`);

    // Each burst's own cache, as the core reports it, listed in the SLC card;
    // on the burst / idle / burst run each later burst's cliff is labelled
    // on the chart too, inside it.
    const listed = app.byTestId('burst-recovery').locator('li[data-burst]');
    await expect(listed).toHaveCount(bursts.length);
    for (let i = 0; i < bursts.length; i++) {
      const cache = await listed.nth(i).getAttribute('data-cache-bytes');
      expect(cache === null ? null : Number(cache)).toBe(bursts[i].cache_bytes);
    }
    const later = chart.getByTestId('burst-cliff-label');
    if (scenario === 'slc-burst-idle-recovery') {
      await expect(later).toHaveCount(2);
      await expect(later.nth(0)).toContainText(
        /^burst 2 after 5 s idle: cache [\d.]+ GB, \d+ % of the first$/,
      );
      await expect(later.nth(1)).toContainText(
        /^burst 3 after 30 s idle: cache [\d.]+ GB, \d+ % of the first$/,
      );
      for (let i = 0; i < 2; i++) {
        const box = (await later.nth(i).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(svgBox.x);
        expect(box.x + box.width).toBeLessThanOrEqual(svgBox.x + svgBox.width);
      }
    } else {
      await expect(later).toHaveCount(0);
    }
    expect((await app.probe()).lastError).toBeNull();
  });
}

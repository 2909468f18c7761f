// The basics lesson charts each over-provisioning step's WAF beside the
// greedy model's value the core computes (meta.waf_model), from step 2 on
// (the steps that quote them): the three loading steps are run to the end
// (at full speed) and the last step's chart shows the very WAF each run
// ended at in the key figures — 2.57, 4.34 and 9.45 as the native CLI
// measures (scenario/lesson_claims_test.cpp) — and the model's 2.56, 4.32
// and 9.35.
import { expect, test, type App } from './helpers/app';
import { waitForFinalFigures } from './helpers/sim';

/** Lets the loaded run finish at full speed; returns the WAF its key figure ends at. */
async function finalWaf(app: App): Promise<number> {
  await app.waitForSimTime(1_000_000);
  await app.setSpeed('max');
  await app.page.waitForFunction(() => window.__flashscope?.running === false, null, {
    timeout: 90_000,
  });
  return waitForFinalFigures(app);
}

/** The chart's values of one series, left to right: [label, value]. */
async function chartValues(app: App, series: 'simulated' | 'model'): Promise<[string, number][]> {
  const groups = app.page.getByTestId('lesson-waf-chart').getByTestId('lesson-result');
  return groups.evaluateAll(
    (elements, key) =>
      elements.map((element) => {
        const bar = element.querySelector(`[data-testid="lesson-result-${key}"]`);
        return [
          element.getAttribute('data-label') ?? '',
          Number(bar?.getAttribute('data-value') ?? Number.NaN),
        ] as [string, number];
      }),
    series,
  );
}

test('the basics lesson charts each step WAF against the model', async ({ app }) => {
  test.setTimeout(300_000);
  await app.open('/?lesson=basics');
  await expect(app.page.getByTestId('lesson-basics')).toBeVisible();
  const wafs: number[] = [];
  // Steps 1, 3 and 4 load 28 %, 15 % and 7 % over-provisioning.
  for (const [title, clicks, chart] of [
    ['No overwriting in place', 0, false],
    ['Less spare space: 15 %', 2, true],
    ['A consumer drive: 7 %', 1, true],
  ] as const) {
    for (let i = 0; i < clicks; i++) await app.byTestId('lesson-next').click();
    await expect(app.byTestId('lesson-step-title')).toContainText(title);
    // No chart on step 1, which quotes no WAF; the 15 % and 7 % steps show theirs growing.
    await expect(app.page.getByTestId('lesson-waf-chart')).toHaveCount(chart ? 1 : 0);
    wafs.push(await finalWaf(app));
  }
  expect(wafs[0]).toBeCloseTo(2.57, 2);
  expect(wafs[1]).toBeCloseTo(4.34, 2);
  expect(wafs[2]).toBeCloseTo(9.45, 2);

  await app.byTestId('lesson-next').click();
  await expect(app.byTestId('lesson-step-title')).toContainText('What over-provisioning buys');
  const chart = app.page.getByTestId('lesson-waf-chart');
  await expect(chart).toBeVisible();
  await expect(chart).toContainText('simulated');
  await expect(chart).toContainText('model');
  await expect(chart).not.toContainText('not run yet'); // every loading step ran

  const simulated = await chartValues(app, 'simulated');
  expect(simulated.map(([label]) => label)).toEqual(['28 %', '15 %', '7 %']);
  simulated.forEach(([, value], i) => expect(Math.abs(value - wafs[i])).toBeLessThan(0.01));
  const model = await chartValues(app, 'model');
  expect(model.map(([, value]) => Number(value.toFixed(2)))).toEqual([2.56, 4.32, 9.35]);
  // The bars' labels read the same figures (two decimals).
  for (const text of ['2.57', '4.34', '9.45', '2.56', '4.32', '9.35']) {
    await expect(chart.locator('text', { hasText: text })).not.toHaveCount(0);
  }
  // The simulated bars are the finished runs', and taller as the spare shrinks.
  expect(simulated[0][1]).toBeLessThan(simulated[1][1]);
  expect(simulated[1][1]).toBeLessThan(simulated[2][1]);
  expect((await app.probe()).lastError).toBeNull();
});

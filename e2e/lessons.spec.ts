// The lessons "basics", "wear-leveling" and "read-disturb" open by URL and
// every step opens without errors. Each run is let finish (at full speed) where a step quotes
// its final figure: the app shows the same WAF the native CLI measures
// (packages/sim-core/src/scenario/lesson_claims_test.cpp): 2.57 at 28 %
// over-provisioning, 2.61 with static wear levelling; 2.02 with read-disturb
// refresh (scenario/lesson_read_disturb_test.cpp).
import { expect, test, type App } from './helpers/app';

/** Lets the loaded run finish at full speed; its final WAF tile shows `waf`. */
async function expectFinalWaf(app: App, waf: number): Promise<void> {
  await app.waitForSimTime(1_000_000);
  await app.setSpeed('max');
  await app.page.waitForFunction(() => window.__flashscope?.running === false, null, {
    timeout: 90_000,
  });
  // (The figures row refreshes a few times a second: it may lag the end briefly.)
  await expect.poll(() => app.metricValue('metric-waf')).toBeCloseTo(waf, 2);
}

/** Opens the steps with these titles in turn (the first is open already unless `next`). */
async function stepThrough(app: App, id: string, titles: string[], next = false): Promise<void> {
  for (let index = 0; index < titles.length; index++) {
    if (index > 0 || next) await app.byTestId('lesson-next').click();
    await expect(app.byTestId('lesson-step-title')).toContainText(titles[index]);
    await expect(app.page.getByTestId(`lesson-${id}`)).toBeVisible();
    await expect(app.page.getByTestId('view-live')).toHaveAttribute('aria-selected', 'true');
    const { lastError } = await app.probe();
    expect(lastError).toBeNull();
  }
}

test('the basics lesson: GC, over-provisioning and WAF, step by step', async ({ app }) => {
  test.setTimeout(180_000);
  await app.open('/?lesson=basics');
  await expect(app.page.getByTestId('lesson-basics')).toBeVisible();
  await expect(app.byTestId('lesson-step-title')).toContainText('No overwriting in place');
  // Step 1 loads the full drive at 28 % over-provisioning; step 2 quotes its WAF.
  await expectFinalWaf(app, 2.57);
  await stepThrough(app, 'basics', [
    'No overwriting in place',
    'Write amplification',
    'Less spare space: 15 %',
    'A consumer drive: 7 %',
    'What over-provisioning buys',
  ]);
});

test('the wear-leveling lesson: the erase histogram narrows, step by step', async ({ app }) => {
  test.setTimeout(180_000);
  await app.open('/?lesson=wear-leveling');
  await expect(app.page.getByTestId('lesson-wear-leveling')).toBeVisible();
  await expect(app.page.getByTestId('chart-erase-histogram')).toBeVisible();
  await stepThrough(app, 'wear-leveling', [
    'Hot and cold data',
    'Dynamic wear levelling',
    'Static wear levelling',
  ]);
  // Step 3 (dynamic + static) ends at WAF 2.61, its histogram in view.
  await expectFinalWaf(app, 2.61);
  await expect(app.page.getByTestId('chart-erase-histogram')).toBeVisible();
  await stepThrough(app, 'wear-leveling', ['Try it yourself'], true);
});

test('a lesson step that changes over-provisioning shows it in the settings panel', async ({
  app,
}) => {
  // The preset says 25 %; the lesson's steps load the same preset at 28 % and
  // 15 %, so "change Over-provisioning in the panel" starts from the value
  // the class just saw, not the preset's.
  await app.open('/?lesson=basics');
  const field = app.page.getByTestId('overprovision');
  await expect(field).toHaveValue('28');
  await app.byTestId('lesson-next').click();
  await app.byTestId('lesson-next').click();
  await expect(app.byTestId('lesson-step-title')).toContainText('Less spare space: 15 %');
  await expect(field).toHaveValue('15');
});

test('the hot-cold lesson: GC victims, SLC size split and zoned placement, step by step', async ({
  app,
}) => {
  test.setTimeout(240_000);
  await app.open('/?lesson=hot-cold');
  await expect(app.page.getByTestId('lesson-hot-cold')).toBeVisible();
  // Each running step quotes its final WAF, measured by the native CLI
  // (packages/sim-core/src/scenario/lesson_hot_cold_test.cpp); the app's
  // run of the step ends at the same figure, and the view it names is shown.
  const steps: { title: string; waf?: number; focus: string }[] = [
    { title: 'Hot and cold data', waf: 1.57, focus: 'chart-waf' },
    { title: 'Oldest first', focus: 'lesson-runs' },
    { title: 'Cost-benefit', waf: 1.17, focus: 'lesson-runs' },
    { title: 'An SLC cache that takes every write', focus: 'chart-waf' },
    { title: 'Size split', waf: 1.44, focus: 'lesson-runs' },
    { title: 'A zoned drive', focus: 'zones-card' },
    { title: 'SepBIT', waf: 1.38, focus: 'lesson-runs' },
    { title: 'Try it yourself', focus: 'chart-waf' },
  ];
  for (const [index, step] of steps.entries()) {
    await stepThrough(app, 'hot-cold', [step.title], index > 0);
    await expect(app.page.getByTestId(step.focus)).toBeVisible();
    if (step.waf !== undefined) await expectFinalWaf(app, step.waf);
  }
});

test('the read-disturb lesson: blocks coloured by reads, refreshes, step by step', async ({
  app,
}) => {
  test.setTimeout(180_000);
  await app.open('/?lesson=read-disturb');
  await expect(app.page.getByTestId('lesson-read-disturb')).toBeVisible();
  await expect(app.byTestId('lesson-step-title')).toContainText('Reading wears too');
  // Step 1 colours the blocks by reads, against QLC's refresh limit.
  await expect(app.page.getByTestId('color-reads')).toHaveAttribute('aria-checked', 'true');
  await expect(app.page.getByTestId('legend-reads')).toBeVisible();
  await expect(app.page.getByTestId('legend-reads-limit')).toHaveText('20,000');
  // Step 2 quotes the WAF the refreshes bring: 2.02 with a trickle of host writes.
  await expectFinalWaf(app, 2.02);
  await stepThrough(app, 'read-disturb', [
    'Reading wears too',
    'Writes nobody asked for',
    'Reads wait behind refreshes',
    'Without refresh',
  ]);
  // Refresh off: the drive counts no reads, and the legend says so.
  await expect(app.page.getByTestId('legend-reads')).toContainText('Read-disturb refresh is off');
  await stepThrough(app, 'read-disturb', ['Cells that tolerate more reads'], true);
  await expect(app.page.getByTestId('legend-reads-limit')).toHaveText('50,000');
  await stepThrough(app, 'read-disturb', ['Hot data in the SLC cache', 'Try it yourself'], true);
});

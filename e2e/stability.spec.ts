// The Stability tab (issue 7, seed 001): the enterprise stability test on
// the tiny SLC teaching drive (steady in a few rounds, a second or two in
// wasm) — purge, 2x capacity preconditioning, rounds to SNIA PTS steady
// state — run in a worker of its own; the report shades the steady-state
// window, shows the CV the result JSON holds, and exports that JSON; the
// finished run joins the table of runs side by side, and "Compare variants"
// fills it with the five variants (GC, suspend, client vs enterprise); then the lesson "Why SSDs
// jitter" opens and one of its steps runs the test.
import type { Page } from '@playwright/test';
import { expect, test, type App } from './helpers/app';
import { downloadFile } from './helpers/sim';

const PRESET = 'teaching-slc-tiny';

test('run a stability test: steady-state window, CV as in the result JSON, JSON export', async ({
  app,
  page,
}) => {
  test.setTimeout(120_000);
  await app.open();
  await app.byTestId('device-preset').selectOption(PRESET);
  await page.getByTestId('view-stability').click();
  await expect(page.getByTestId('view-stability')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('stability-device')).toHaveText(PRESET);
  // Seed 001's QoS limits are the defaults.
  await expect(page.getByTestId('stability-qos-read')).toHaveValue('1000');
  await expect(page.getByTestId('stability-qos-write')).toHaveValue('200');
  // The core's 10 ms IOPS sampling is the default; the run uses what is set.
  await expect(page.getByTestId('stability-sampling-ms')).toHaveValue('10');
  await page.getByTestId('stability-sampling-ms').fill('20');

  await page.getByTestId('stability-run').click();
  const report = page.getByTestId('stability-report');
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('stability-steady')).toContainText('Steady state reached');
  // The window is shaded on the IOPS chart, and its rounds are marked in the bars.
  await expect(report.getByTestId('stability-window')).toHaveCount(1);
  const windowWidth = Number(
    await report.getByTestId('stability-window').first().getAttribute('width'),
  );
  expect(windowWidth).toBeGreaterThan(10);

  const exported = await downloadFile(page, report.getByTestId('export-json'));
  expect(exported.name).toMatch(/^flashscope-stability-teaching-slc-tiny-.*\.json$/);
  const result = JSON.parse(exported.text) as {
    device: string;
    cv: number;
    rounds: unknown[];
    steady_state: { reached: boolean; round: number; window: [number, number] };
    qos: { read_limit_us: number; write_limit_us: number; pass: boolean };
    series: { in_window: boolean[] };
    iops_intervals: { interval_ms: number };
  };
  expect(result.device).toBe(PRESET);
  expect(result.steady_state.reached).toBe(true);
  expect(result.rounds.length).toBe(result.steady_state.round);
  expect(result.steady_state.window[1] - result.steady_state.window[0]).toBe(4);
  expect(result.series.in_window.filter(Boolean).length).toBeGreaterThan(10);
  expect(result.qos.read_limit_us).toBe(1000);
  expect(result.qos.write_limit_us).toBe(200);
  expect(result.cv).toBeGreaterThan(0);
  expect(result.iops_intervals.interval_ms).toBe(20);
  await expect(page.getByTestId('metric-cv')).toHaveText(`${(result.cv * 100).toFixed(2)} %`);
  await expect(page.getByTestId('stability-qos')).toHaveAttribute(
    'data-pass',
    String(result.qos.pass),
  );

  const csv = await downloadFile(page, report.getByTestId('export-csv'));
  expect(csv.text).toContain(`cv,${result.cv},fraction`);

  // The run is kept side by side, labelled by what the drive does about GC and suspend.
  const history = page.getByTestId('stability-history');
  await expect(history.getByTestId('stability-history-row')).toHaveCount(1);
  await expect(history.getByTestId('stability-history-label')).toHaveText(
    'greedy GC · bg GC · no suspend',
  );
  await expect(history.getByTestId('stability-history-cv')).toHaveAttribute(
    'data-value',
    String(result.cv),
  );
  expect(app.errors).toEqual([]);
});

/** Runs the default stability test on PRESET; its report and the result it exports. */
async function runDefaultTest(app: App, page: Page) {
  await app.open();
  await app.byTestId('device-preset').selectOption(PRESET);
  await page.getByTestId('view-stability').click();
  await page.getByTestId('stability-run').click();
  const report = page.getByTestId('stability-report');
  await expect(report).toBeVisible({ timeout: 60_000 });
  const exported = await downloadFile(page, report.getByTestId('export-json'));
  return { report, exported };
}

test("the window's IOPS: the report and the runs table show the core's interval mean as Window IOPS, and the steady-state line the rounds' mean by that name", async ({
  app,
  page,
}) => {
  // Issue 28: the report showed "Window IOPS 7,372" beside "mean 7,405 IOPS"
  // for the same window (the jitter lesson's cost-benefit run) without
  // saying they are different means. Each is the core's: the mean of the
  // sampling intervals wholly in the window (iops_intervals.mean, the CV's
  // samples) and the mean of the window rounds' IOPS the steady-state rule
  // judges (steady_state.mean_iops, a short round weighing as much as a
  // long one). On this drive at 10 ms natively: 7,850 and 7,873.
  test.setTimeout(120_000);
  const { exported } = await runDefaultTest(app, page);
  const result = JSON.parse(exported.text) as {
    steady_state: { window: [number, number]; mean_iops: number };
    iops_intervals: { interval_ms: number; samples: number; mean: number };
  };
  const shown = (iops: number) => Math.round(iops).toLocaleString('en');
  const intervals = result.iops_intervals;
  // Two different figures on this run, so a label that mixes them up shows.
  expect(shown(intervals.mean)).not.toBe(shown(result.steady_state.mean_iops));

  const windowIops = page.getByTestId('metric-window-iops');
  await expect(windowIops).toHaveText(shown(intervals.mean));
  await expect(windowIops.locator('xpath=..')).toContainText(
    `mean of the ${intervals.samples} intervals of ${intervals.interval_ms} ms in the window`,
  );
  // The steady-state line names its mean for what it is.
  await expect(page.getByTestId('stability-rounds-mean')).toHaveText(
    shown(result.steady_state.mean_iops),
  );
  await expect(page.getByTestId('stability-steady')).toContainText(
    `the rounds' mean ${shown(result.steady_state.mean_iops)} IOPS`,
  );
  // The runs table gives the run the report's figure.
  const row = page.getByTestId('stability-history-iops');
  await expect(row).toHaveText(shown(intervals.mean));
  await expect(row).toHaveAttribute('data-value', String(intervals.mean));
  expect(app.errors).toEqual([]);
});

test("the report states the rule and the window WAF its result holds; a run that writes nothing shows '—' for its WAF", async ({
  app,
  page,
}) => {
  // Issue 28: the steady-state limits were typed into the report's text and
  // the round chart ("(≤ 20)", "5 rounds within 20 % … 10 %", a ± 10 %
  // band), and the runs table worked out the window WAF itself, printing
  // "0.00" for a run with no writes where the CLI prints "—". The result
  // now says which rule judged the run (steady_state.window_rounds,
  // max_range_fraction, max_slope_excursion_fraction) and its window WAF
  // (window_waf, null without writes), and the screen shows those.
  test.setTimeout(120_000);
  const { report, exported } = await runDefaultTest(app, page);
  const result = JSON.parse(exported.text) as {
    window_waf: number | null;
    steady_state: {
      mean_iops: number;
      window_rounds: number;
      max_range_fraction: number;
      max_slope_excursion_fraction: number;
    };
  };
  const steady = result.steady_state;
  const percent = (fraction: number) => `${Math.round(fraction * 100)} %`;
  await expect(page.getByTestId('stability-steady')).toContainText(
    `(≤ ${percent(steady.max_range_fraction)}), slope excursion`,
  );
  await expect(page.getByTestId('stability-steady')).toContainText(
    `(≤ ${percent(steady.max_slope_excursion_fraction)})`,
  );
  const rounds = page.getByTestId('stability-chart-rounds');
  await expect(rounds).toContainText(
    `the detector looks for ${steady.window_rounds} rounds within ${percent(steady.max_range_fraction)} of their mean with a fitted slope within ${percent(steady.max_slope_excursion_fraction)}`,
  );
  // The band: half the range limit either side of the rounds' mean.
  const band = rounds.getByTestId('stability-rounds-band');
  await expect(band).toHaveCount(2);
  const half = steady.max_range_fraction / 2;
  const bandIops = await band.evaluateAll((lines) =>
    lines.map((line) => Number(line.getAttribute('data-iops'))),
  );
  expect(bandIops[0]).toBeCloseTo(steady.mean_iops * (1 - half), 6);
  expect(bandIops[1]).toBeCloseTo(steady.mean_iops * (1 + half), 6);
  await expect(rounds).toContainText(`Rounds' mean ± ${percent(half)}`);

  // The window WAF: the random preconditioning has the drive in GC.
  expect(result.window_waf).not.toBeNull();
  expect(result.window_waf!).toBeGreaterThan(1.5);
  await expect(page.getByTestId('metric-window-waf')).toHaveText(result.window_waf!.toFixed(2));
  const waf = page.getByTestId('stability-history-waf');
  await expect(waf).toHaveText(result.window_waf!.toFixed(2));
  await expect(waf).toHaveAttribute('data-value', String(result.window_waf));

  // Rounds of reads only: nothing written, no WAF anywhere.
  await page.getByTestId('stability-workload').selectOption('panel');
  await app.byTestId('fio-editor').fill('[reads]\nrw=randread\nbs=4k\niodepth=32\nnorandommap\n');
  await page.getByTestId('stability-run').click();
  await expect(page.getByTestId('stability-history-row')).toHaveCount(2, { timeout: 60_000 });
  await expect(report).toBeVisible();
  const reads = JSON.parse((await downloadFile(page, report.getByTestId('export-json'))).text) as {
    window_waf: number | null;
    rounds: { write_iops: number }[];
  };
  expect(reads.rounds.every((r) => r.write_iops === 0)).toBe(true);
  expect(reads.window_waf).toBeNull();
  await expect(page.getByTestId('metric-window-waf')).toHaveText('—');
  await expect(waf.nth(1)).toHaveText('—');
  await expect(waf.nth(1)).toHaveAttribute('data-value', '');
  expect(app.errors).toEqual([]);
});

test('compare the variants: five runs side by side, suspend has the shorter read tail', async ({
  app,
  page,
}) => {
  test.setTimeout(180_000);
  await app.open();
  await app.byTestId('device-preset').selectOption(PRESET);
  await page.getByTestId('view-stability').click();
  await page.getByTestId('stability-compare').click();
  const history = page.getByTestId('stability-history');
  await expect(page.getByTestId('stability-comparison-progress')).toHaveText(
    'Compared 5 of 5 variants.',
    { timeout: 150_000 },
  );
  await expect(history.getByTestId('stability-history-label')).toHaveText([
    'greedy GC · bg GC · no suspend',
    'cost-benefit GC · bg GC · no suspend',
    'greedy GC · no bg GC · no suspend',
    'greedy GC · bg GC · P/E suspend',
    'greedy GC · bg GC · no suspend · paced GC',
  ]);
  // The default round is closed-loop and the teaching drive's 5 % GC
  // threshold equals the background one: the table says background GC
  // cannot differ here. The seed's random preconditioning has the drive in
  // GC from the first round, so no fresh-drive note.
  const notes = history.getByTestId('stability-history-note');
  await expect(notes).toHaveCount(2);
  await expect(notes.nth(0)).toContainText('closed-loop');
  await expect(notes.nth(1)).toContainText('same 7 free blocks per plane');
  // Reads suspend programs and erases instead of waiting them out
  // (natively: p99.9 2605 µs -> 848 µs at seed 1).
  const readP999 = async (row: number) =>
    Number(
      await history.getByTestId('stability-history-read-p999').nth(row).getAttribute('data-value'),
    );
  const baseline = await readP999(0);
  expect(baseline).toBeGreaterThan(0);
  expect(await readP999(3)).toBeLessThan(0.85 * baseline);
  // The report on screen is the last variant's: the enterprise drive.
  await expect(page.getByTestId('stability-controls')).toHaveText(
    'greedy GC · bg GC · no suspend · paced GC',
  );
  await page.getByTestId('stability-history-clear').click();
  await expect(history).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

test('the lesson "Why SSDs jitter" opens and runs the stability test from a step', async ({
  app,
  page,
}) => {
  test.setTimeout(120_000);
  await app.open();
  await app.byTestId('lesson-select').selectOption('jitter');
  const lesson = page.getByTestId('lesson-jitter');
  await expect(lesson).toBeVisible();
  await expect(app.byTestId('lesson-step-title')).toContainText('GC gets in the way');
  // Step 3 opens the Stability tab and runs the test on the lesson's drive.
  await app.byTestId('lesson-next').click();
  await expect(page.getByTestId('view-stability')).toHaveAttribute('aria-selected', 'true');
  await app.byTestId('lesson-next').click();
  await expect(app.byTestId('lesson-step-title')).toContainText('Rounds until steady state');
  await expect(lesson).toBeVisible();
  await expect(page.getByTestId('stability-report')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('metric-cv')).toHaveText(/^\d+\.\d\d %$/);
  // Steps 5 (cost-benefit) and 7 (client vs enterprise) run it again: each
  // finished run joins the table, the last one with paced GC.
  const history = page.getByTestId('stability-history-label');
  await expect(history).toHaveCount(1, { timeout: 60_000 });
  await app.byTestId('lesson-next').click();
  await app.byTestId('lesson-next').click();
  await expect(history).toHaveCount(2, { timeout: 60_000 });
  await app.byTestId('lesson-next').click();
  await app.byTestId('lesson-next').click();
  await expect(app.byTestId('lesson-step-title')).toContainText('Client vs enterprise');
  await expect(history).toHaveText(
    [
      'greedy GC · bg GC · no suspend',
      'cost-benefit GC · bg GC · no suspend',
      'greedy GC · bg GC · no suspend · paced GC',
    ],
    { timeout: 60_000 },
  );
  expect(app.errors).toEqual([]);
});

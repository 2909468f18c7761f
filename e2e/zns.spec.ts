// A zoned (ZNS) drive in the app: the scenario public/scenarios/
// zns-placement.json (a zoned device and the cloud block generator) loads
// through the scenario picker. The zones view animates — write pointers
// move from frame to frame, zones reset, and GC's copies are drawn as
// arrows to exactly the zones that received them — while the open and
// active zones never exceed the drive's limits. Switching the placement policy
// from Normal to ZB-OPT and re-running the same writes brings the host
// FTL's WAF down by a clear margin (seed 004: 2.008 vs 1.017); the chart of
// reclaimed zones' garbage proportion has bars. The lesson "ZNS placement"
// opens by URL on the same scenario.
import type { Page } from '@playwright/test';
import { expect, test, type App, type ZoneFigures } from './helpers/app';
import { loadScenarioAtFullSpeed, waitForFinalFrame } from './helpers/sim';

const SCENARIO = 'zns-placement';

/** The latest frame's ZnsMeta figures (null before a frame of a zoned drive). */
interface ZnsFigures {
  placement: string;
  waf: number | null;
  user_write_bytes: number;
  gc_write_bytes: number;
  open: number;
  active: number;
  max_open: number;
  max_active: number;
  resets: number;
  gc_count: number;
  gp_histogram: number[];
}

async function znsFigures(page: Page): Promise<ZnsFigures | null> {
  return page.evaluate(() => {
    const state = window.__flashscope?.store.getState() as
      { sim: { frame: { meta: { zns?: Record<string, unknown> | null } } | null } } | undefined;
    const zns = state?.sim.frame?.meta.zns;
    if (!zns) return null;
    const { state: _state, wp: _wp, valid: _valid, class: _class, ...figures } = zns;
    return figures as unknown as ZnsFigures;
  });
}

async function zoneFigures(page: Page): Promise<ZoneFigures> {
  return page.evaluate(() => {
    const zones = window.__flashscope?.zones;
    if (!zones) throw new Error('window.__flashscope.zones is missing');
    // A plain copy: the hook's object also has methods.
    return JSON.parse(JSON.stringify(zones)) as ZoneFigures;
  });
}

/** "5 / 14" -> [5, 14]. */
async function counter(app: App, id: 'zns-open-count' | 'zns-active-count') {
  const text = await app.byTestId(id).innerText();
  const match = /(\d+)\s*\/\s*(\d+)/.exec(text);
  if (!match) throw new Error(`${id} shows "${text}"`);
  return { count: Number(match[1]), limit: Number(match[2]) };
}

/**
 * Loads the scenario at `speed` (full speed unless given); its first frame
 * carries the zoned drive's zones.
 */
async function loadScenario(app: App, speed = 'max'): Promise<number> {
  const before = await loadScenarioAtFullSpeed(app, SCENARIO, 'zns', speed);
  await expect(app.byTestId('zones-view')).toBeVisible();
  return before;
}

test('the zones view fills, resets and keeps the open and active zones within their limits', async ({
  app,
  page,
}) => {
  test.setTimeout(180_000);
  // Watched at 1 s of simulated time per second, as a user would: GC starts
  // at 0.5 s simulated, and at full speed on a loaded machine the run could
  // end with too few consecutive frames painted to see an exact one.
  await loadScenario(app, '1s');
  await expect(app.byTestId('policy-placement')).toBeVisible();

  // Write pointers move between two painted frames.
  await page.waitForFunction(() => (window.__flashscope?.zones.frame ?? -1) >= 0);
  const first = await zoneFigures(page);
  expect(first.zoneCount).toBeGreaterThan(0);
  expect(Number(await app.byTestId('zones-view').getAttribute('data-zone-count'))).toBe(
    first.zoneCount,
  );
  await page.waitForFunction(
    (seen) => {
      const zones = window.__flashscope?.zones;
      return !!zones && zones.frame > seen.frame && zones.writtenBlocks !== seen.writtenBlocks;
    },
    first,
    { timeout: 60_000 },
  );

  // Zones are reset (GC reclaims them) and the view flashes them.
  await page.waitForFunction(
    () => {
      const zones = window.__flashscope?.zones;
      return !!zones && zones.resets > 0 && zones.resetFlashes > 0;
    },
    undefined,
    { timeout: 120_000 },
  );

  // GC's copies: arrows from each reclaimed zone to the zones the frame's
  // meta names (gc_targets), drawn on the overlay; in some frame painted
  // right after the one before it, the targets' blocks add up to exactly
  // the GC writes between the two.
  await page.waitForFunction(
    () => {
      const zones = window.__flashscope?.zones;
      return !!zones && zones.gcArrows > 0 && zones.gcArrowsDrawn > 0 && zones.gcExactFrames > 0;
    },
    undefined,
    { timeout: 120_000 },
  );

  // The counters: what the frame says, never above the drive's limits, in any frame drawn.
  const drawn = await zoneFigures(page);
  expect(drawn.maxOpen).toBeGreaterThan(0);
  expect(drawn.peakOpen).toBeGreaterThan(0);
  expect(drawn.peakOpen).toBeLessThanOrEqual(drawn.maxOpen);
  if (drawn.maxActive > 0) expect(drawn.peakActive).toBeLessThanOrEqual(drawn.maxActive);
  for (let sample = 0; sample < 5; sample++) {
    const open = await counter(app, 'zns-open-count');
    expect(open.limit).toBe(drawn.maxOpen);
    expect(open.count).toBeLessThanOrEqual(open.limit);
    const active = await counter(app, 'zns-active-count');
    expect(active.count).toBeLessThanOrEqual(active.limit);
  }
  // Seven open zone classes (seed 004) fit within the open-zone limit.
  const figures = (await znsFigures(page))!;
  expect(figures.open).toBeLessThanOrEqual(figures.max_open);
  expect((await zoneFigures(page)).peakOpen).toBeLessThanOrEqual(figures.max_open);
});

test('switching placement Normal -> ZB-OPT re-runs the same writes with a much lower WAF', async ({
  app,
  page,
}) => {
  test.setTimeout(240_000);
  const before = await loadScenario(app);
  const placement = app.byTestId('policy-placement');
  if ((await placement.inputValue()) !== 'normal') {
    await placement.selectOption('normal');
    await app.byTestId('restart-confirm').click();
  }
  const normalRun = await waitForFinalFrame(page, before, 'zns', 'placement', 'normal');
  const normal = (await znsFigures(page))!;
  expect(normal.placement).toBe('normal');
  expect(normal.waf).not.toBeNull();
  // The figure the zones view shows is the frame's.
  await expect
    .poll(async () => Number(await app.byTestId('zns-waf').innerText()))
    .toBeCloseTo(normal.waf!, 2);
  // Reclaimed zones by garbage proportion: the chart has bars.
  expect(normal.gp_histogram.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
  await expect(
    app.byTestId('chart-gp').locator('rect.gp-bar:not([data-count="0"])'),
  ).not.toHaveCount(0);
  await expect(app.byTestId('chart-zns-class-waf')).toBeVisible();

  await placement.selectOption('zbopt');
  // The app offers to restart with the new policy; take the offer.
  await app.byTestId('restart-confirm').click();
  await waitForFinalFrame(page, normalRun.runId, 'zns', 'placement', 'zbopt');
  const zbopt = (await znsFigures(page))!;
  expect(zbopt.placement).toBe('zbopt');
  // The same workload: the same user writes.
  expect(zbopt.user_write_bytes).toBe(normal.user_write_bytes);
  // Normal mixes lifetimes; ZB-OPT sorts them: far fewer GC copies (thesis 2.008 vs 1.017).
  expect(normal.waf! - zbopt.waf!).toBeGreaterThan(0.2);
  expect(zbopt.gc_write_bytes).toBeLessThan(normal.gc_write_bytes);
  await expect
    .poll(async () => Number(await app.byTestId('zns-waf').innerText()))
    .toBeCloseTo(zbopt.waf!, 2);
});

test('the lesson "ZNS placement" opens on the zns-placement scenario', async ({ app }) => {
  await app.open('/?lesson=zns');
  await expect(app.byTestId('lesson-zns')).toBeVisible();
  await expect(app.byTestId('lesson-step-title')).toContainText('Zones');
  await expect(app.byTestId('preset-select')).toHaveValue(SCENARIO);
  await expect(app.byTestId('zones-view')).toBeVisible();
  await expect(app.byTestId('policy-placement')).toHaveValue('normal');
  // The ZB-OPT step reloads the scenario with that placement, shown in the form.
  await app.byTestId('lesson-next').click();
  await app.byTestId('lesson-next').click();
  await expect(app.byTestId('lesson-step-title')).toContainText('ZB-OPT');
  await expect(app.byTestId('policy-placement')).toHaveValue('zbopt');
  await expect
    .poll(async () => (await znsFigures(app.page))?.placement ?? null, { timeout: 30_000 })
    .toBe('zbopt');
});

// Reading the simulation's state through the app's store hook, and the
// native CLI's figures for the same scenario (the simulator is
// deterministic: same scenario and seed, same result natively and in wasm).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, type App } from './app';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(REPO_ROOT, 'packages/sim-core/build/flashscope');
const DEVICE_PRESETS = path.join(REPO_ROOT, 'public/presets/devices');

/** The parts of the store's sim slice the specs read. */
export interface SimState {
  phase: string;
  running: boolean;
  finished: boolean;
  simTimeNs: number;
  runId: number;
  blocks: number | null;
  error: { message: string; file?: string; line?: number } | null;
}

export async function simState(page: Page): Promise<SimState> {
  return page.evaluate(() => {
    const state = window.__flashscope?.store.getState() as
      { sim: Record<string, unknown> & { layout: { blocks: number } | null } } | undefined;
    if (!state) throw new Error('window.__flashscope.store is missing');
    const sim = state.sim;
    return {
      phase: String(sim.phase),
      running: Boolean(sim.running),
      finished: Boolean(sim.finished),
      simTimeNs: Number(sim.simTimeNs),
      runId: Number(sim.runId),
      blocks: sim.layout ? sim.layout.blocks : null,
      error: (sim.error as SimState['error']) ?? null,
    };
  });
}

/** Waits until a run newer than `afterRunId` has run to its end (a long run gives `timeoutMs`). */
export async function waitForFinishedRun(
  page: Page,
  afterRunId: number,
  timeoutMs = 120_000,
): Promise<SimState> {
  await page.waitForFunction(
    (previous) => {
      const state = window.__flashscope?.store.getState() as
        { sim: { runId: number; finished: boolean } } | undefined;
      return !!state && state.sim.runId > previous && state.sim.finished;
    },
    afterRunId,
    { timeout: timeoutMs },
  );
  return simState(page);
}

/**
 * Loads `scenario` through the scenario picker (it starts playing) at full
 * speed (or at `speed`, a speed option's value) and waits for the new run's
 * first frame that carries meta[`part`] (a zoned drive's zns, a classic
 * drive's classic). Returns the run id the page had before, for
 * waitForFinishedRun / waitForFinalFrame.
 */
export async function loadScenarioAtFullSpeed(
  app: App,
  scenario: string,
  part: 'zns' | 'classic',
  speed = 'max',
): Promise<number> {
  await app.open();
  await app.setSpeed(speed);
  const before = await simState(app.page);
  await app.byTestId('preset-select').selectOption(scenario);
  await app.page.waitForFunction(
    ({ runId, part }) => {
      const state = window.__flashscope?.store.getState() as
        { sim: { runId: number; frame: { meta: Record<string, unknown> } | null } } | undefined;
      return !!state && state.sim.runId > runId && !!state.sim.frame?.meta[part];
    },
    { runId: before.runId, part },
  );
  return before.runId;
}

/**
 * Waits for the run after `afterRunId` to finish and for its last frame
 * (the store may hear "finished" before the frame whose meta says so),
 * whose meta[`part`][`field`] is `expected` (e.g. zns.placement "zbopt").
 */
export async function waitForFinalFrame(
  page: Page,
  afterRunId: number,
  part: 'zns' | 'classic',
  field: string,
  expected: string,
): Promise<SimState> {
  const run = await waitForFinishedRun(page, afterRunId);
  await page.waitForFunction(
    ({ part, field, expected }) => {
      const state = window.__flashscope?.store.getState() as
        | { sim: { frame: { meta: Record<string, unknown> & { finished?: boolean } } | null } }
        | undefined;
      const meta = state?.sim.frame?.meta;
      const object = meta?.[part] as Record<string, unknown> | null | undefined;
      return meta?.finished === true && object?.[field] === expected;
    },
    { part, field, expected },
  );
  return run;
}

/** Waits for the finished run's last frame (the store may hear "finished" before it). */
export async function waitForLastFrame(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const state = window.__flashscope?.store.getState() as
      { sim: { frame: { meta: { finished?: boolean } } | null } } | undefined;
    return state?.sim.frame?.meta.finished === true;
  });
}

/**
 * Waits for the finished run's last frame and for the figures row to show
 * its WAF (the row refreshes at most every 200 ms); returns that WAF as shown.
 */
export async function waitForFinalFigures(app: App): Promise<number> {
  await waitForLastFrame(app.page);
  const endWaf = await app.page.evaluate(() => {
    const state = window.__flashscope!.store.getState() as {
      sim: { frame: { meta: { waf: number } } };
    };
    return state.sim.frame.meta.waf;
  });
  const shown = Number(endWaf.toFixed(2));
  await expect.poll(() => app.metricValue('metric-waf')).toBe(shown);
  return shown;
}

/**
 * `flashscope run --json` on a device preset and fio job text, with --set
 * overrides: what the app must show for the same inputs.
 */
export function cliResult(devicePreset: string, fioText: string, sets: string[]): { waf: number } {
  if (!existsSync(CLI)) {
    throw new Error(`${CLI} is missing: build it with npm run build:native`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'flashscope-e2e-'));
  try {
    const fioFile = path.join(dir, 'job.fio');
    writeFileSync(fioFile, fioText);
    const args = ['run', '--device', path.join(DEVICE_PRESETS, `${devicePreset}.json`)];
    args.push('--fio', fioFile, '--json');
    for (const set of sets) args.push('--set', set);
    // stderr carries the CLI's timing line; keep it out of the test output.
    const stdout = execFileSync(CLI, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(stdout) as { waf: number };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Clicks `button` and returns the file it downloads: its suggested name and bytes (a PNG). */
export async function downloadBytes(
  page: Page,
  button: Locator,
): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** Clicks `button` and returns the file it downloads: its suggested name and text. */
export async function downloadFile(
  page: Page,
  button: Locator,
): Promise<{ name: string; text: string }> {
  const { name, bytes } = await downloadBytes(page, button);
  return { name, text: bytes.toString('utf8') };
}

/** Opens the app, loads `scenario` at full speed and waits for its run to end. */
export async function runScenarioToEnd(app: App, scenario: string): Promise<SimState> {
  await app.open();
  await app.setSpeed('max');
  const before = await simState(app.page);
  await app.byTestId('preset-select').selectOption(scenario);
  return waitForFinishedRun(app.page, before.runId);
}

/**
 * The first configuration of the first saved run, as its "Export JSON"
 * writes it: the core's result JSON (without its series) and the series
 * the record keeps, binned (a bin's WAF is its last value).
 */
export async function savedRunConfig<T>(
  page: Page,
): Promise<{ result: T; series: Record<string, number[]> }> {
  await page.getByTestId('view-saved').click();
  await page.getByTestId('saved-run').first().getByTestId('saved-run-open').click();
  const exported = await downloadFile(
    page,
    page.getByTestId('saved-run-detail').getByTestId('export-json'),
  );
  return (
    JSON.parse(exported.text) as {
      configs: Array<{ result: T; series: Record<string, number[]> }>;
    }
  ).configs[0];
}

/** The core's result JSON of the first saved run, as its "Export JSON" writes it. */
export async function savedRunResult<T>(page: Page): Promise<T> {
  return (await savedRunConfig<T>(page)).result;
}

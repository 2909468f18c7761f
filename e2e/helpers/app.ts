// What every spec needs: a `test` whose `app` fixture opens FlashScope,
// reads the app's test hook (window.__flashscope) and, after the test, fails
// it if the page logged a console error or threw an uncaught exception.
//
// Waiting is always on a condition (expect.poll, waitForFunction on the
// hook), never on a fixed sleep. The hook is the app's contract with these
// tests: { frames, simTimeNs, running, lastError, store }.
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** The plain fields of window.__flashscope (the store stays in the page). */
export interface Probe {
  frames: number;
  simTimeNs: number;
  running: boolean;
  lastError: string | null;
}

/** The data-testids the UI promises (the first list is the agreed contract). */
export type TestId =
  | 'device-view'
  | 'play'
  | 'pause'
  | 'step'
  | 'reset'
  | 'speed'
  | 'policy-gc'
  | 'fio-editor'
  | 'metric-waf'
  | 'metric-iops'
  | 'metric-p99'
  | 'sim-time'
  | 'chart-throughput'
  | 'chart-latency'
  | 'chart-waf'
  | 'error-banner'
  // Controls the config panel adds.
  | 'apply'
  | 'restart-confirm'
  | 'device-preset'
  | 'geometry-channels'
  | 'geometry-dies_per_channel'
  | 'geometry-planes_per_die'
  | 'geometry-blocks_per_plane'
  | 'run-status'
  // The SLC cache (issue 4).
  | 'slc-funnel'
  | 'slc-occupancy'
  | 'chart-throughput-vs-written'
  | 'cliff-annotation'
  | 'policy-slc'
  | 'policy-slc-when-full'
  | 'fill-level'
  | 'preset-select'
  | 'workload-preset'
  | 'lesson-slc-cliff'
  | 'lesson-step-title'
  | 'lesson-next'
  // The customer report (issue 19).
  | 'export-report'
  // Each burst's own SLC cache and recovery after idle (issue 19).
  | 'burst-recovery'
  // Zoned (ZNS) drives (issue 6).
  | 'zones-view'
  | 'zns-open-count'
  | 'zns-active-count'
  | 'zns-waf'
  | 'policy-placement'
  | 'policy-zns-gc'
  | 'chart-gp'
  | 'chart-zns-class-waf'
  | 'lesson-zns'
  | 'lesson-select'
  // Stability testing (issue 7).
  | 'stability-report'
  | 'metric-cv'
  | 'lesson-jitter'
  // Classic FTLs and write caches (issue 7).
  | 'policy-mapping'
  | 'policy-cache'
  | 'policy-cmt-entries'
  | 'policy-cache-bytes'
  | 'classic-note'
  | 'cache-view'
  | 'cache-page-space'
  | 'cache-block-erases'
  | 'cache-mean-response'
  | 'cmt-view'
  | 'cmt-misses';

export class App {
  constructor(
    readonly page: Page,
    /** Console errors and uncaught exceptions seen so far. */
    readonly errors: string[],
  ) {}

  byTestId(id: TestId): Locator {
    return this.page.getByTestId(id);
  }

  /** Loads the app and waits until its hook and device view are there. */
  async open(path = '/'): Promise<void> {
    await this.page.goto(path);
    await this.page.waitForFunction(() => window.__flashscope !== undefined);
    await expect(this.byTestId('device-view')).toBeVisible();
  }

  async probe(): Promise<Probe> {
    return this.page.evaluate(() => {
      const hook = window.__flashscope;
      if (!hook) throw new Error('window.__flashscope is missing');
      return {
        frames: hook.frames,
        simTimeNs: hook.simTimeNs,
        running: hook.running,
        lastError: hook.lastError ?? null,
      };
    });
  }

  /** Waits until the simulation runs and its clock has passed `ns`. */
  async waitForSimTime(ns: number): Promise<void> {
    await this.page.waitForFunction((mark) => (window.__flashscope?.simTimeNs ?? 0) > mark, ns, {
      timeout: 60_000,
    });
  }

  async waitForRunning(running: boolean): Promise<void> {
    await this.page.waitForFunction((want) => window.__flashscope?.running === want, running);
  }

  /** Picks a speed by option value or by its visible label. */
  async setSpeed(valueOrLabel: string): Promise<void> {
    const speed = this.byTestId('speed');
    const values = await speed
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    await speed.selectOption(
      values.includes(valueOrLabel) ? valueOrLabel : { label: valueOrLabel },
    );
  }

  /** The number shown in a metric tile ("WAF 3.04" -> 3.04); NaN if none. */
  async metricValue(id: TestId): Promise<number> {
    const text = (await this.byTestId(id).innerText()).replace(/,/g, '');
    const match = /-?\d+(\.\d+)?(e[+-]?\d+)?/i.exec(text);
    return match ? Number(match[0]) : Number.NaN;
  }

  /**
   * True once the sim-time clock shows the hook's simulated time, to the
   * clock's own precision ("29.7 ms" shows 29,660,000 ns). The figures row
   * refreshes a few times a second, so it may lag the hook briefly.
   */
  async clockShowsSimTime(): Promise<boolean> {
    const text = await this.byTestId('sim-time').innerText();
    const { simTimeNs } = await this.probe();
    const shown = parseSimTime(text);
    // (+1 ns: toFixed may round an exact half either way.)
    return shown !== null && Math.abs(shown.ns - simTimeNs) <= shown.resolutionNs / 2 + 1;
  }

  /**
   * How many data points a chart draws: the vertices of its line paths
   * (every coordinate pair after an M or L) plus its circles. Axes add a
   * constant, so the count rises exactly when the data does.
   */
  async chartPointCount(id: TestId): Promise<number> {
    return this.byTestId(id).evaluate((chart) => {
      let count = chart.querySelectorAll('circle').length;
      for (const path of chart.querySelectorAll('path')) {
        const d = path.getAttribute('d') ?? '';
        count += (d.match(/[ML]/g) ?? []).length;
      }
      for (const line of chart.querySelectorAll('polyline')) {
        count += line.points.length;
      }
      return count;
    });
  }
}

const UNIT_NS: Record<string, number> = { ns: 1, µs: 1e3, us: 1e3, ms: 1e6, s: 1e9 };

/** "29.7 ms" -> 29.7e6 ns, resolution 0.1e6 (formatSimTime's formats). */
export function parseSimTime(text: string): { ns: number; resolutionNs: number } | null {
  const minutes = /(\d+)\s*min\s+(\d+)\s*s/.exec(text);
  // Whole seconds are truncated there, so the true time is up to 1 s later.
  if (minutes) {
    return { ns: (Number(minutes[1]) * 60 + Number(minutes[2]) + 0.5) * 1e9, resolutionNs: 1e9 };
  }
  const match = /(\d+)(?:\.(\d+))?\s*(ns|µs|us|ms|s)\b/.exec(text);
  if (!match) return null;
  const unit = UNIT_NS[match[3]];
  const decimals = match[2]?.length ?? 0;
  return { ns: Number(`${match[1]}.${match[2] ?? 0}`) * unit, resolutionNs: unit / 10 ** decimals };
}

export const test = base.extend<{ app: App }>({
  app: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(new App(page, errors));
    expect(errors, 'console errors or uncaught exceptions in the page').toEqual([]);
  },
});

export { expect };

/** window.__flashscope.zones: the zones view's latest painted frame and its animations. */
export interface ZoneFigures {
  staticRenders: number;
  overlayRenders: number;
  frame: number;
  zoneCount: number;
  writtenBlocks: number;
  open: number;
  active: number;
  maxOpen: number;
  maxActive: number;
  peakOpen: number;
  peakActive: number;
  resets: number;
  gcCount: number;
  waf: number | null;
  resetFlashes: number;
  gcHighlights: number;
  gcArrows: number;
  gcArrowsDrawn: number;
  gcExactFrames: number;
}

declare global {
  interface Window {
    __flashscope?: {
      frames: number;
      simTimeNs: number;
      running: boolean;
      lastError: string | null;
      // The worker's WebAssembly memory at the latest frame (0 before one).
      wasmHeapBytes: number;
      // What the zones view last drew (apps/web/src/zones/zoneRenderStats.ts).
      zones: ZoneFigures;
      // The app's Zustand store; specs reach into it only where no control
      // exists (loading a custom device for the performance figure).
      store: {
        getState(): unknown;
        setState?(partial: unknown): void;
        subscribe?(listener: (state: unknown) => void): () => void;
      };
    };
  }
}

// What a lesson's text claims is on screen (issue 28, part 3): every step of
// every lesson in public/lessons, presented at 1280x720 as a class sees it,
// one test per step. Each figure a step's text quotes from its run (marked
// {2.57}, apps/web/src/lessons/quotedFigures.ts) is on screen at that step,
// in the step's focus view (the card it sits in) or the figures row, and
// equal to the quoted figure at the precision the text writes it ("7.6 ms"
// is confirmed by "7.63 ms", not by "8 ms"). A view the text points at
// ("the table beside this text", "the erase histogram") is on screen for
// the most part. The step's moment comes first: a run that plays is let
// finish (at full speed; the texts quote final figures), a step that
// pauses at a moment waits for it, a stability test for its result.
//
// The steps run in order on one page, as a presenter clicks through them:
// a later step compares its run with the earlier ones. A test whose page is
// not at the step before it (it runs alone, or after a failure restarted
// the worker) walks there first.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  test as base,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { confirms, quantitiesIn, quotedQuantity } from './helpers/quotedNumbers';

interface StepJson {
  title: string;
  text: string;
  focus: string;
  play?: boolean;
  pauseOn?: string;
  runStability?: boolean;
}

interface LessonJson {
  id: string;
  steps: StepJson[];
}

const LESSONS_DIR = path.resolve(__dirname, '../public/lessons');
const LESSONS: LessonJson[] = readdirSync(LESSONS_DIR)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => JSON.parse(readFileSync(path.join(LESSONS_DIR, name), 'utf8')) as LessonJson);

const PROJECTOR = { width: 1280, height: 720 };

/** The figures a text quotes: its {…} marks (quotedFigures.ts has the app's own reader). */
function quotedFiguresOf(text: string): string[] {
  return [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]);
}

/** The text as shown: without the marks' braces. */
function shownText(text: string): string {
  return text.replace(/[{}]/g, '');
}

/**
 * Views a text points at by name, and the data-testids that show them: a
 * step that plays must have each view it names mostly on screen. ("Try it
 * yourself" steps, which do not play, name views for runs still to come.)
 */
const NAMED_VIEWS: Array<[RegExp, string[]]> = [
  [/\btable beside this text\b/i, ['lesson-runs']],
  [/\bchart beside this text\b/i, ['lesson-waf-chart']],
  [/\brim\b/i, ['slc-funnel']],
  [/\bWAF chart\b/, ['chart-waf']],
  [/\berase histogram\b/i, ['chart-erase-histogram']],
  [/\bZones view\b/, ['zones-view']],
  [/\bgarbage-proportion chart\b/i, ['chart-gp']],
  [/\blatency chart\b/i, ['chart-latency', 'chart-latency-cdf']],
  [/\bThroughput vs data written\b/, ['chart-throughput-vs-written']],
  [/\bcache view\b/i, ['cache-view']],
  [/\bmerges panel\b/i, ['merge-counts']],
  [/\bmapping cache panel\b/i, ['cmt-view']],
  [/\bdevice view\b/i, ['device-view']],
];

/** Figures a step compares with, read on screen at the end of an earlier step. */
const CARRIED: Array<{ lesson: string; from: number; testId: string; at: number; what: string }> = [
  // Page mapping's mean response time is "several times C-lash's".
  {
    lesson: 'caching',
    from: 0,
    testId: 'cache-mean-response',
    at: 1,
    what: "C-lash's mean response",
  },
];

/** The page a lesson is presented on, kept across its step tests. */
interface Presenter {
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** The lesson on the page, and its step whose moment has been played out. */
  lesson: string | null;
  reached: number;
  carried: Map<string, string>;
}

/** One page for all the lessons (a worker-scoped fixture), opened by the first step. */
const test = base.extend<object, { presenter: Presenter }>({
  presenter: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        viewport: PROJECTOR,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use({ context, page, errors, lesson: null, reached: -1, carried: new Map() });
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/** The shown element with this data-testid (a hidden tab may hold another). */
function shown(page: Page, testId: string): Locator {
  return page.getByTestId(testId).filter({ visible: true }).first();
}

/**
 * How much of `locator`'s height is on screen below the top bar (0 to 1).
 * A view a text points at must be mostly there: whether a focus view fits
 * whole is lesson-present.spec.ts's check.
 */
async function shareOnScreen(page: Page, locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box || box.height === 0) return 0;
  const top = await page.evaluate(
    () => document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0,
  );
  const shownHeight = Math.min(box.y + box.height, PROJECTOR.height) - Math.max(box.y, top);
  return Math.max(0, shownHeight) / box.height;
}

/** The share of a view's height a pointing text needs on screen. */
const MOSTLY = 0.75;

/**
 * The texts on screen in the step's focus view (the card it sits in) and in
 * the figures row: each element's own text, where the element is whole in
 * the viewport below the top bar.
 */
async function textsOnScreen(page: Page, focus: string): Promise<Record<string, string[]>> {
  return page.evaluate((focusId) => {
    const top = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
    const onScreen = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        (box.width > 0 || box.height > 0) &&
        box.top >= top - 0.5 &&
        box.bottom <= window.innerHeight + 0.5 &&
        box.left >= -0.5 &&
        box.right <= window.innerWidth + 0.5
      );
    };
    const focusElement = [...document.querySelectorAll(`[data-testid="${focusId}"]`)].find(
      (element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 || box.height > 0;
      },
    );
    const places: Record<string, Element | null> = {
      'focus view': focusElement ? (focusElement.closest('.card') ?? focusElement) : null,
      'figures row': document.querySelector('[aria-label="Key figures"]'),
    };
    const texts: Record<string, string[]> = {};
    for (const [where, root] of Object.entries(places)) {
      texts[where] = [];
      if (!root) continue;
      for (const element of [root, ...root.querySelectorAll('*')]) {
        const own = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join('')
          .trim();
        if (own && onScreen(element)) texts[where].push(own);
      }
    }
    return texts;
  }, focus);
}

/** The quoted figures of `step` not confirmed on screen, each with where it was looked for. */
async function missingFigures(page: Page, step: StepJson, extra: string[]): Promise<string[]> {
  const texts = await textsOnScreen(page, step.focus);
  const shownQuantities = Object.values(texts).flat().flatMap(quantitiesIn);
  return [...quotedFiguresOf(step.text), ...extra].filter((figure) => {
    const quoted = quotedQuantity(figure);
    return !shownQuantities.some((quantity) => confirms(quantity, quoted));
  });
}

/** Waits until step `index` is open and its actions (a load, a pause...) are done. */
async function settled(page: Page, lesson: LessonJson, index: number): Promise<void> {
  const card = page.getByTestId(`lesson-${lesson.id}`);
  await expect(card).toHaveAttribute('data-step', String(index + 1));
  await expect(card).toHaveAttribute('data-settled', 'true', { timeout: 60_000 });
}

/** Brings the step's moment: the end of its run, its pause, its stability test's result. */
async function playOut(page: Page, lesson: LessonJson, index: number): Promise<void> {
  const step = lesson.steps[index];
  if (step.runStability) {
    const tests = lesson.steps.slice(0, index + 1).filter((s) => s.runStability).length;
    await expect(page.getByTestId('stability-history-row')).toHaveCount(tests, {
      timeout: 300_000,
    });
  } else if (step.pauseOn) {
    await page.waitForFunction(() => window.__flashscope?.running === false, null, {
      timeout: 120_000,
    });
  } else if (step.play) {
    await page.getByTestId('speed').selectOption('max');
    // The last frame, whose meta says the run finished (the store may hear it first).
    await page.waitForFunction(
      () => {
        const state = window.__flashscope?.store.getState() as
          { sim: { running: boolean; frame: { meta: { finished: boolean } } | null } } | undefined;
        return state?.sim.running === false && state.sim.frame?.meta.finished === true;
      },
      null,
      { timeout: 300_000 },
    );
  }
}

/** Opens `lesson` (when needed) and walks to step `index`, playing out each step on the way. */
async function reach(presenter: Presenter, lesson: LessonJson, index: number): Promise<void> {
  const { page } = presenter;
  if (presenter.lesson !== lesson.id || presenter.reached >= index) {
    presenter.lesson = lesson.id; // start over
    presenter.reached = -1;
  }
  while (presenter.reached < index) {
    const next = presenter.reached + 1;
    if (next === 0) {
      await page.goto(`/?lesson=${lesson.id}`);
      await page.waitForFunction(() => window.__flashscope !== undefined);
    } else {
      await page.keyboard.press('ArrowRight');
    }
    await settled(page, lesson, next);
    await playOut(page, lesson, next);
    for (const carry of CARRIED) {
      if (carry.lesson === lesson.id && carry.from === next) {
        // The figure as of the run's last frame, the one the runs table keeps
        // (a figure read as the run ends may still be a frame older).
        const figure = shown(page, carry.testId);
        const lastFrameNs = await page.evaluate(() => {
          const state = window.__flashscope!.store.getState() as {
            sim: { frame: { meta: { sim_time_ns: number } } };
          };
          return state.sim.frame.meta.sim_time_ns;
        });
        await expect(figure).toHaveAttribute('data-sim-time-ns', String(lastFrameNs));
        presenter.carried.set(carry.what, await figure.innerText());
      }
    }
    presenter.reached = next;
  }
}

/** The read-disturb lesson's first run: the GC engine's moves counted as what they are. */
async function refreshesAgree(page: Page): Promise<void> {
  const figures = await page.evaluate(() => {
    const state = window.__flashscope!.store.getState() as {
      sim: {
        frame: { meta: { gc_runs: number; read_disturb?: { refreshes: number } | null } };
        events: { gc: unknown[]; openGc: Map<number, unknown> };
      };
    };
    return {
      gcRuns: state.sim.frame.meta.gc_runs,
      refreshes: state.sim.frame.meta.read_disturb?.refreshes ?? null,
      // The GC runs the timeline draws: a refresh's moves are not among them.
      timelineGcBars: state.sim.events.gc.length + state.sim.events.openGc.size,
    };
  });
  // The drive refreshes blocks, and the device view outlines them, but GC never runs:
  // "GC runs", the GC timeline and the refresh counts all say so.
  expect(figures.refreshes).toBeGreaterThan(0);
  expect(figures.gcRuns).toBe(0);
  expect(figures.timelineGcBars, 'GC runs the timeline draws').toBe(figures.gcRuns);
  await expect(page.getByTestId('chart-gc-timeline')).toContainText(`${figures.gcRuns} GC runs`);
  await expect(page.getByTestId('metric-gc-runs')).toHaveText(String(figures.gcRuns));
  await expect(page.getByTestId('metric-refreshes')).toHaveText(String(figures.refreshes));
  await expect(page.getByTestId('legend-refreshes')).toContainText(
    `refreshed block (${figures.refreshes} so far)`,
  );
}

const EXTRA_CHECKS: Record<string, (page: Page) => Promise<void>> = {
  'read-disturb 1': refreshesAgree,
};

for (const lesson of LESSONS) {
  test.describe(`lesson ${lesson.id}`, () => {
    lesson.steps.forEach((step, index) => {
      test(`step ${index + 1}: the figures and views its text names are on screen`, async ({
        presenter,
      }) => {
        test.setTimeout(600_000);
        const { page } = presenter;
        const errorsBefore = presenter.errors.length;
        await reach(presenter, lesson, index);
        const where = `${lesson.id} step ${index + 1} (${step.title})`;
        await expect(page.getByTestId('lesson-step-title')).toContainText(step.title);
        // The focus is brought beside the text once it shows.
        await expect(shown(page, step.focus), `${where}: focus ${step.focus}`).toBeVisible({
          timeout: 60_000,
        });
        await expect
          .poll(() => shareOnScreen(page, shown(page, step.focus)), {
            message: `${where}: focus ${step.focus} on screen`,
          })
          .toBeGreaterThanOrEqual(MOSTLY);

        // Earlier runs' figures the step compares with.
        const carried = CARRIED.filter((c) => c.lesson === lesson.id && c.at === index).map(
          (c) => presenter.carried.get(c.what) ?? `${c.what} (not recorded)`,
        );
        await expect
          .poll(() => missingFigures(page, step, carried), {
            message: `${where}: quoted figures not on screen in ${step.focus} or the figures row`,
            timeout: 30_000,
          })
          .toEqual([]);

        if (step.play !== false) {
          for (const [phrase, testIds] of NAMED_VIEWS) {
            if (!phrase.test(shownText(step.text))) continue;
            await expect
              .poll(
                async () => {
                  const shares = await Promise.all(
                    testIds.map((testId) => shareOnScreen(page, shown(page, testId))),
                  );
                  return Math.max(...shares);
                },
                { message: `${where}: the text names ${phrase}: ${testIds.join(' or ')}` },
              )
              .toBeGreaterThanOrEqual(MOSTLY);
          }
        }
        await EXTRA_CHECKS[`${lesson.id} ${index + 1}`]?.(page);
        expect(presenter.errors.slice(errorsBefore), 'console errors in the page').toEqual([]);
      });
    });
  });
}

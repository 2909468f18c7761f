// Lessons (public/lessons/NAME.json): a guided run for a course or a
// customer meeting. A lesson names one scenario — the keys of a scenario
// file, or the path of one relative to the lesson file
// ("../scenarios/zns-placement.json") — and a list of steps; each step is a short text plus what the app
// does when the step opens: (re)load the scenario, perhaps with extra
// overrides, pick a speed and a colour mode, play, and pause again at a
// moment worth talking about.
//
// The format, key by key (checkLesson below enforces it):
//   id        the file's name without ".json"; the app opens it at /?lesson=ID
//   title     shown in the lesson menu and over the steps
//   summary   optional, one sentence
//   scenario  a scenario object, or "../scenarios/NAME.json"
//   runs      optional, {figures: [...]}: the lesson's runs table
//             (LessonRuns.tsx), one row per step that loads a run, one column
//             per figure of lessons/lessonFigures.ts; shown on the steps whose
//             focus is "lesson-runs", so a step can compare its run with
//             the ones before it
//   steps     a list of objects:
//     title, text   what the presenter says; plain text for students (no CLI
//                   commands, no citations); a figure the text quotes from
//                   the run is marked {2.57} (lessons/quotedFigures.ts): it
//                   is what the simulator gives (asserted by the core's
//                   tests) and is on screen at that step, in the focus view
//                   or the figures row (e2e/lesson-figures.spec.ts)
//     focus         the data-testid of the one view the step talks about
//                   ("chart-latency", "device-view", "slc-funnel",
//                   "cache-view", "stability-report", "metric-waf", ...).
//                   The presentation layout scrolls it into view beside the
//                   docked text and highlights it, so it must be shown once
//                   the step's actions are done and be no taller than the
//                   screen (a chart or a panel, not a whole tab). Optional in
//                   the format; every shipped step has one (a test checks).
//     load          {set: {...}, workload?: {...}}: reload the scenario from
//                   time 0 with these overrides (and generator keys); a step
//                   without it goes on from the state the previous step left
//     run           a loading step's short name for its run in the lesson's
//                   runs table ("greedy GC"); the step's title when absent
//     speed         one of SPEED_OPTIONS' ids (store/speeds.ts): choose one at
//                   which the step's moment takes seconds to watch, not a
//                   blink ("10s" for a 200 s run, "100ms" for a 1.5 s one).
//                   Every shipped step sets one (a test checks)
//     play          true to run, false to pause when the step opens
//     pauseOn       one of PAUSE_MOMENTS: pause at the first such event after
//                   the step opened (where the step has such a moment)
//     colorMode     the device view's colouring (COLOR_MODES)
//     view          the main area's tab (VIEW_TABS); "live" unless said
//     runStability  true to start a stability test on the panel's device
// "Replay this step" reloads the scenario as the nearest step at or before
// it with a "load" left it and redoes this step's actions.

import { COLOR_MODES, VIEW_TABS, type ColorMode, type ViewTab } from '../store/viewSlice';
import { SPEED_OPTIONS } from '../store/speeds';
import { checkScenario, checkSources, type ScenarioFile } from '../config/scenarioFile';
import { objectOrNull } from '../util/json';
import { isLessonFigureId, LESSON_FIGURE_IDS, type LessonFigureId } from './lessonFigures';
import { splitQuotedFigures } from './quotedFigures';

/** Moments a step can pause the run at (the events that mark them). */
export const PAUSE_MOMENTS = ['cache_exhausted', 'cache_recovered', 'idle_migration'] as const;
export type PauseMoment = (typeof PAUSE_MOMENTS)[number];

export interface LessonStep {
  title: string;
  text: string;
  /** The data-testid of the view the step talks about (brought into view when presenting). */
  focus?: string;
  /**
   * Reload the lesson's scenario from time 0, with these overrides added,
   * and these keys laid over its generator workload (e.g. another DiskSim
   * preset), when it has one.
   */
  load?: { set: Record<string, unknown>; workload?: Record<string, unknown> };
  /** A loading step's short name for its run in the runs table (default: the title). */
  run?: string;
  speed?: string;
  colorMode?: ColorMode;
  play?: boolean;
  pauseOn?: PauseMoment;
  /** Switch the main area to this view (the Stability tab, back to Live...). */
  view?: ViewTab;
  /** Start a stability test on the panel's device (after any load). */
  runStability?: boolean;
}

/** Figures a lesson can chart per step (read from the run's live meta). */
export const RESULT_METRICS = ['waf'] as const;
export type ResultMetric = (typeof RESULT_METRICS)[number];
/** Model values the core computes beside a metric (meta.waf_model). */
export const RESULT_MODELS = ['waf_model'] as const;
export type ResultModel = (typeof RESULT_MODELS)[number];

/**
 * The lesson's results chart (lessons/LessonResults.tsx): each step that
 * loads a run with a value for the setting `from` in its `load.set` becomes
 * one entry, labelled by that value, showing the run's `metric` (its latest
 * value, final once it finishes) beside the core's `model` value. The chart
 * shows on the steps numbered in `showOn` (1-based, as the panel counts).
 */
export interface LessonResults {
  metric: ResultMetric;
  model?: ResultModel;
  /** The x axis: what varies from step to step ("Over-provisioning"). */
  label: string;
  /** The `load.set` key whose value labels a step ("overprovision"). */
  from: string;
  /** percent: 0.28 reads "28 %"; number: as it is. */
  format: 'percent' | 'number';
  /** Step indices (0-based here) the chart shows on. */
  showOn: number[];
}

/**
 * The lesson's runs table (lessons/LessonRuns.tsx): one row per step that
 * loads a run, one column per figure; shown on the steps whose focus is
 * RUNS_TABLE_ID.
 */
export interface LessonRuns {
  figures: LessonFigureId[];
}

/** The runs table's data-testid: a step focusing it shows the table. */
export const RUNS_TABLE_ID = 'lesson-runs';

export interface Lesson {
  id: string;
  title: string;
  summary: string;
  /** The scenario itself, or the path of its file relative to the lesson file. */
  scenario: ScenarioFile | string;
  steps: LessonStep[];
  results?: LessonResults;
  runs?: LessonRuns;
  /** Research references behind the lesson: a "Sources" note, never in its texts. */
  sources?: string[];
}

/** A focus: one plain data-testid (lower-case words and digits joined by "-"), no selector. */
export const FOCUS_TEST_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A scenario file's path relative to a lesson: no scheme, host or absolute path. */
const SCENARIO_PATH = /^(\.\.?\/)*[a-z0-9][a-z0-9_/-]*\.json$/i;

/** Checks a parsed lesson; throws an Error naming `file` and the problem. */
export function checkLesson(value: unknown, file: string): Lesson {
  const fail = (problem: string): never => {
    throw new Error(`${file}: ${problem}`);
  };
  const root = objectOrNull(value) ?? fail('a lesson must be a JSON object');
  const text = (object: Record<string, unknown>, key: string, where: string): string =>
    typeof object[key] === 'string' && object[key] !== ''
      ? (object[key] as string)
      : fail(`${where} needs a "${key}" text`);
  const steps = Array.isArray(root.steps) ? root.steps : fail('"steps" must be a list');
  if (steps.length === 0) fail('a lesson needs at least one step');
  const lesson: Lesson = {
    id: text(root, 'id', 'the lesson'),
    title: text(root, 'title', 'the lesson'),
    summary: typeof root.summary === 'string' ? root.summary : '',
    ...(root.sources === undefined ? {} : { sources: checkSources(root.sources, fail) }),
    scenario:
      typeof root.scenario === 'string'
        ? SCENARIO_PATH.test(root.scenario) && !root.scenario.includes('//')
          ? root.scenario
          : fail(`scenario "${root.scenario}" must be a relative path to a .json file`)
        : checkScenario(root.scenario, `${file} (scenario)`),
    steps: steps.map((raw, index) => {
      const where = `step ${index + 1}`;
      const step = objectOrNull(raw) ?? fail(`${where} must be an object`);
      const checked: LessonStep = {
        title: text(step, 'title', where),
        text: text(step, 'text', where),
      };
      try {
        splitQuotedFigures(checked.text);
      } catch (error) {
        fail(`${where}: ${(error as Error).message}`);
      }
      if (step.focus !== undefined) {
        if (typeof step.focus !== 'string' || !FOCUS_TEST_ID.test(step.focus)) {
          fail(`${where}: "focus" must be a data-testid such as "chart-latency"`);
        }
        checked.focus = step.focus as string;
      }
      if (step.load !== undefined) {
        const load = objectOrNull(step.load) ?? fail(`${where}: "load" must be an object`);
        const set = load.set === undefined ? {} : objectOrNull(load.set);
        checked.load = { set: set ?? fail(`${where}: "load.set" must be an object`) };
        if (load.workload !== undefined) {
          const workload = objectOrNull(load.workload);
          if (!workload || 'generator' in workload) {
            fail(`${where}: "load.workload" must be an object of generator keys (not "generator")`);
          }
          checked.load.workload = workload!;
        }
      }
      if (step.run !== undefined) {
        if (!checked.load) fail(`${where}: "run" names the run of a step that loads one`);
        checked.run = text(step, 'run', where);
      }
      if (step.speed !== undefined) {
        if (!SPEED_OPTIONS.some((option) => option.id === step.speed)) {
          fail(`${where}: unknown speed ${JSON.stringify(step.speed)}`);
        }
        checked.speed = step.speed as string;
      }
      if (step.colorMode !== undefined) {
        if (!COLOR_MODES.includes(step.colorMode as ColorMode)) {
          fail(`${where}: unknown colorMode ${JSON.stringify(step.colorMode)}`);
        }
        checked.colorMode = step.colorMode as ColorMode;
      }
      if (step.play !== undefined) {
        if (typeof step.play !== 'boolean') fail(`${where}: "play" must be true or false`);
        checked.play = step.play as boolean;
      }
      if (step.view !== undefined) {
        if (!VIEW_TABS.includes(step.view as ViewTab)) {
          fail(`${where}: view must be one of ${VIEW_TABS.join(', ')}`);
        }
        checked.view = step.view as ViewTab;
      }
      if (step.runStability !== undefined) {
        if (typeof step.runStability !== 'boolean') {
          fail(`${where}: "runStability" must be true or false`);
        }
        checked.runStability = step.runStability as boolean;
      }
      if (step.pauseOn !== undefined) {
        if (!PAUSE_MOMENTS.includes(step.pauseOn as PauseMoment)) {
          fail(`${where}: pauseOn must be one of ${PAUSE_MOMENTS.join(', ')}`);
        }
        checked.pauseOn = step.pauseOn as PauseMoment;
      }
      return checked;
    }),
  };
  if (root.results !== undefined) lesson.results = checkResults(root.results, lesson.steps, fail);
  if (root.runs !== undefined) lesson.runs = checkRuns(root.runs, fail);
  lesson.steps.forEach((step, index) => {
    if (step.focus === RUNS_TABLE_ID && !lesson.runs) {
      fail(`step ${index + 1}: focus "${RUNS_TABLE_ID}" needs the lesson's "runs" table`);
    }
  });
  return lesson;
}

/** Checks a lesson's "runs" table key. */
function checkRuns(value: unknown, fail: (problem: string) => never): LessonRuns {
  const runs = objectOrNull(value) ?? fail('"runs" must be an object');
  const figures = Array.isArray(runs.figures) ? runs.figures : [];
  if (figures.length === 0 || !figures.every(isLessonFigureId)) {
    fail(`runs: figures must list some of ${LESSON_FIGURE_IDS.join(', ')}`);
  }
  return { figures: figures as LessonFigureId[] };
}

/** Checks a lesson's "results" key against its (checked) steps. */
function checkResults(
  value: unknown,
  steps: LessonStep[],
  fail: (problem: string) => never,
): LessonResults {
  const results = objectOrNull(value) ?? fail('"results" must be an object');
  if (!RESULT_METRICS.includes(results.metric as ResultMetric)) {
    fail(`results: metric must be one of ${RESULT_METRICS.join(', ')}`);
  }
  if (results.model !== undefined && !RESULT_MODELS.includes(results.model as ResultModel)) {
    fail(`results: model must be one of ${RESULT_MODELS.join(', ')}`);
  }
  for (const key of ['label', 'from'] as const) {
    if (typeof results[key] !== 'string' || results[key] === '') {
      fail(`results needs a "${key}" text`);
    }
  }
  const from = results.from as string;
  if (!steps.some((step) => step.load?.set[from] !== undefined)) {
    fail(`results: no step loads a run with "${from}" in its load.set`);
  }
  const format = results.format ?? 'number';
  if (format !== 'percent' && format !== 'number') {
    fail('results: format must be "percent" or "number"');
  }
  const showOn = Array.isArray(results.showOn) ? results.showOn : [];
  if (
    showOn.length === 0 ||
    !showOn.every((n) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= steps.length)
  ) {
    fail(`results: showOn must list step numbers from 1 to ${steps.length}`);
  }
  return {
    metric: results.metric as ResultMetric,
    ...(results.model !== undefined ? { model: results.model as ResultModel } : {}),
    label: results.label as string,
    from,
    format: format as 'percent' | 'number',
    showOn: showOn.map((n) => (n as number) - 1),
  };
}

/** The lesson id of a page URL's query (?lesson=slc-cliff), or null. */
export function lessonIdFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('lesson');
  // Ids are file names in public/lessons: nothing that could leave that folder.
  return id && /^[a-z0-9][a-z0-9-]*$/.test(id) ? id : null;
}

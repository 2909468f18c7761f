// Lessons (public/lessons/NAME.json): a guided run for a course or a
// customer meeting. A lesson names one scenario — the keys of a scenario
// file, or the path of one relative to the lesson file
// ("../scenarios/zns-placement.json") — and a list of steps; each step is a short text plus what the app
// does when the step opens: (re)load the scenario, perhaps with extra
// overrides, pick a speed and a colour mode, play, and pause again at a
// moment worth talking about.

import { COLOR_MODES, VIEW_TABS, type ColorMode, type ViewTab } from '../store/viewSlice';
import { SPEED_OPTIONS } from '../store/speeds';
import { checkScenario, checkSources, type ScenarioFile } from '../config/scenarioFile';
import { objectOrNull } from '../util/json';

/** Moments a step can pause the run at (the events that mark them). */
export const PAUSE_MOMENTS = ['cache_exhausted', 'cache_recovered', 'idle_migration'] as const;
export type PauseMoment = (typeof PAUSE_MOMENTS)[number];

export interface LessonStep {
  title: string;
  text: string;
  /**
   * Reload the lesson's scenario from time 0, with these overrides added,
   * and these keys laid over its generator workload (e.g. another DiskSim
   * preset), when it has one.
   */
  load?: { set: Record<string, unknown>; workload?: Record<string, unknown> };
  speed?: string;
  colorMode?: ColorMode;
  play?: boolean;
  pauseOn?: PauseMoment;
  /** Switch the main area to this view (the Stability tab, back to Live...). */
  view?: ViewTab;
  /** Start a stability test on the panel's device (after any load). */
  runStability?: boolean;
}

export interface Lesson {
  id: string;
  title: string;
  summary: string;
  /** The scenario itself, or the path of its file relative to the lesson file. */
  scenario: ScenarioFile | string;
  steps: LessonStep[];
  /** Research references behind the lesson: a "Sources" note, never in its texts. */
  sources?: string[];
}

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
  return {
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
}

/** The lesson id of a page URL's query (?lesson=slc-cliff), or null. */
export function lessonIdFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('lesson');
  // Ids are file names in public/lessons: nothing that could leave that folder.
  return id && /^[a-z0-9][a-z0-9-]*$/.test(id) ? id : null;
}

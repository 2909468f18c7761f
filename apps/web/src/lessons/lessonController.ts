// LessonController: opens a lesson (public/lessons/ID.json) and carries out
// each step's actions through the app's SimSession, like a presenter would
// with the controls: load the lesson's scenario, pick speed and colours,
// play, and pause at the step's moment (the first matching event in a
// frame that arrives after the step opened). Stepping again while a load is
// pending supersedes it. Replaying a step reloads the scenario state it
// started from and does its actions again.

import type { SimEvent } from '@flashscope/wasm/protocol';
import type { SimSession } from '../app/simSession';
import { checkScenario, type ScenarioFile } from '../config/scenarioFile';
import { resolveScenario } from '../config/scenarioLoader';
import { stabilityInputFrom, stabilityRunner } from '../stability/stabilityRunner';
import { stabilityStore } from '../stability/stabilityStore';
import type { AppStore } from '../store';
import { checkLesson, type Lesson, type LessonStep, type PauseMoment } from './lessonFile';
import { recordStepRun, resetLessonResults } from './lessonResults';

const base = () => import.meta.env.BASE_URL ?? '/';

export function lessonUrl(id: string): string {
  return `${base()}lessons/${id}.json`;
}

/** True when `event` marks `moment`. */
export function marksMoment(event: SimEvent, moment: PauseMoment): boolean {
  if (moment === 'idle_migration') return event.kind === 'migration_start' && event.background;
  return event.kind === moment;
}

/** Keeps ?lesson=ID in the address bar in step with the lesson on screen (shareable). */
function setLessonInUrl(id: string | null): void {
  const url = new URL(window.location.href);
  if (id === null) url.searchParams.delete('lesson');
  else url.searchParams.set('lesson', id);
  window.history.replaceState(window.history.state, '', url);
}

/** The id of a scenario file's draft: "../scenarios/zns-placement.json" -> "zns-placement". */
export function scenarioIdOfPath(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.endsWith('.json') ? name.slice(0, -'.json'.length) : name;
}

export class LessonController {
  private stopWatching: (() => void) | null = null;
  /** Ends the recording of the run a step loaded into the lesson's results. */
  private stopRecording: (() => void) | null = null;
  /** Bumped by every step change: an older step's pending load does nothing more. */
  private generation = 0;
  /** The scenario file a lesson names by path, fetched once per lesson opened. */
  private scenarioFile: { lessonId: string; scenario: ScenarioFile; url: string } | null = null;

  constructor(
    private readonly store: AppStore,
    private readonly session: SimSession,
  ) {}

  /** Fetches and checks lesson `id`, shows it and runs its first step. */
  async open(id: string): Promise<boolean> {
    let lesson: Lesson;
    try {
      const response = await fetch(lessonUrl(id));
      if (!response.ok) throw new Error(`lesson "${id}" not found (${response.status})`);
      lesson = checkLesson(JSON.parse(await response.text()), `${id}.json`);
    } catch (error) {
      this.store.getState().sim.reportError({
        kind: 'input',
        message: `Lesson ${id}: ${(error as Error).message}`,
      });
      return false;
    }
    this.store.getState().view.showLesson({ lesson, step: 0, run: 0, settled: false });
    resetLessonResults(lesson);
    setLessonInUrl(lesson.id);
    return this.goTo(0);
  }

  /** Shows step `index` and does what it says. */
  goTo(index: number): Promise<boolean> {
    const shown = this.store.getState().view.lesson;
    if (!shown || index < 0 || index >= shown.lesson.steps.length) return Promise.resolve(false);
    return this.perform(index, shown.lesson.steps[index].load, index);
  }

  /**
   * Runs the current step again from its start: reloads the scenario as the
   * nearest step at or before it with a `load` left it (that step's
   * overrides), then redoes this step's own actions (speed, view, play,
   * pause at its moment...).
   */
  replay(): Promise<boolean> {
    const shown = this.store.getState().view.lesson;
    if (!shown) return Promise.resolve(false);
    const { steps } = shown.lesson;
    let loader = shown.step;
    while (loader > 0 && !steps[loader].load) loader--;
    // A lesson whose steps never load (none ships) replays its plain scenario.
    return this.perform(shown.step, steps[loader].load ?? { set: {} }, loader);
  }

  /**
   * Shows step `index` and does its actions, loading the scenario with `load`
   * (step `loader`'s) first; the run counts as `loader`'s in the lesson's results.
   */
  private async perform(index: number, load: LessonStep['load'], loader: number): Promise<boolean> {
    const shown = this.store.getState().view.lesson;
    if (!shown) return false;
    const generation = ++this.generation;
    this.unwatch();
    const { lesson } = shown;
    const run = shown.run + 1;
    this.store.getState().view.showLesson({ lesson, step: index, run, settled: false });
    const step = lesson.steps[index];
    if (step.colorMode) this.store.getState().view.setColorMode(step.colorMode);
    if (step.speed) this.session.setSpeed(step.speed);
    if (load) {
      try {
        const source = await this.scenarioOf(lesson);
        const scenario = { ...source.scenario, set: { ...source.scenario.set, ...load.set } };
        if (load.workload) {
          if (!source.scenario.workload) {
            throw new Error(
              `step ${index + 1}: load.workload needs a scenario with a generator workload`,
            );
          }
          scenario.workload = { ...source.scenario.workload, ...load.workload };
        }
        const { config } = this.store.getState();
        // A scenario's overrides are read against the core's schema, which comes with the worker.
        if (config.schema === null) throw new Error('the simulator has not started');
        const draft = await resolveScenario(
          scenario,
          source.id,
          source.url,
          config.devicePresets,
          config.schema,
        );
        if (generation !== this.generation) return false;
        config.selectScenario(draft);
        if (!(await this.session.apply(draft, false))) return false;
        this.stopRecording?.();
        this.stopRecording = recordStepRun(this.store, lesson, loader);
      } catch (error) {
        this.store.getState().sim.reportError({
          kind: 'input',
          message: `Lesson ${lesson.id}: ${(error as Error).message}`,
        });
        return false;
      }
      if (generation !== this.generation) return false;
    }
    if (step.view) this.store.getState().view.setTab(step.view);
    if (step.runStability) {
      const { settings } = stabilityStore.getState();
      if (settings) void stabilityRunner.start(stabilityInputFrom(this.store.getState(), settings));
    }
    if (step.pauseOn) this.watch(step.pauseOn);
    if (step.play === true) this.session.play();
    else if (step.play === false) this.session.pause();
    this.store.getState().view.showLesson({ lesson, step: index, run, settled: true });
    return true;
  }

  /**
   * The lesson's scenario, where its paths are relative to and the id its
   * draft gets: an inline one is the lesson's own ("lesson-ID"); a file is
   * fetched beside the lesson and keeps its name, so the scenario picker
   * shows it.
   */
  private async scenarioOf(
    lesson: Lesson,
  ): Promise<{ scenario: ScenarioFile; url: string; id: string }> {
    if (typeof lesson.scenario !== 'string') {
      return { scenario: lesson.scenario, url: lessonUrl(lesson.id), id: `lesson-${lesson.id}` };
    }
    const id = scenarioIdOfPath(lesson.scenario);
    if (this.scenarioFile?.lessonId !== lesson.id) {
      const url = new URL(lesson.scenario, new URL(lessonUrl(lesson.id), window.location.href))
        .href;
      const response = await fetch(url);
      if (!response.ok) {
        throw new Error(`${lesson.scenario}: ${response.status} ${response.statusText}`);
      }
      const scenario = checkScenario(JSON.parse(await response.text()), `${id}.json`);
      this.scenarioFile = { lessonId: lesson.id, scenario, url };
    }
    return { scenario: this.scenarioFile.scenario, url: this.scenarioFile.url, id };
  }

  close(): void {
    this.generation++;
    this.unwatch();
    this.stopRecording?.();
    this.stopRecording = null;
    resetLessonResults(null);
    this.store.getState().view.showLesson(null);
    setLessonInUrl(null);
  }

  private watch(moment: PauseMoment): void {
    let seenVersion = this.store.getState().sim.frameVersion;
    const unsubscribe = this.store.subscribe((state) => {
      const { frame, frameVersion } = state.sim;
      if (frameVersion === seenVersion) return;
      seenVersion = frameVersion;
      if (frame && frame.meta.events.some((event) => marksMoment(event, moment))) {
        this.unwatch();
        this.session.pause();
      }
    });
    this.stopWatching = unsubscribe;
  }

  private unwatch(): void {
    this.stopWatching?.();
    this.stopWatching = null;
  }
}

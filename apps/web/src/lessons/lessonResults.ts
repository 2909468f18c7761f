// A lesson's results, step by step: what each step's run gave (its latest
// figures, final once it finishes) — the figures of its results chart
// (lessonFile.ts LessonResults: a metric beside the core's model value) and
// of its runs table (LessonRuns) — kept for the lesson's life in one slot
// per step, so a later step can show the runs side by side. A vanilla
// Zustand store of its own, like the stability tab's: the live run's slice
// is replaced by every load, these results outlive it.

import type { SnapshotMeta } from '@flashscope/wasm/protocol';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { AppStore } from '../store';
import type { Lesson, LessonResults } from './lessonFile';
import { LESSON_FIGURES, type LessonFigureId } from './lessonFigures';

/** What one step's run gave so far. */
export interface StepResult {
  /** The lesson's figures at the run's latest frame (null: none yet, or none on this drive). */
  values: Partial<Record<LessonFigureId, number | null>>;
  finished: boolean;
}

/** The figures `lesson` shows per run: its chart's metric and model, its runs table's columns. */
export function lessonFigureIds(lesson: Lesson): LessonFigureId[] {
  const ids = new Set<LessonFigureId>(lesson.runs?.figures ?? []);
  if (lesson.results) ids.add(lesson.results.metric);
  if (lesson.results?.model) ids.add(lesson.results.model);
  return [...ids];
}

/** The figures `ids` at a frame: the core's, read from its meta, never recomputed. */
export function stepResultOf(meta: SnapshotMeta, ids: LessonFigureId[]): StepResult {
  const values: StepResult['values'] = {};
  for (const id of ids) values[id] = LESSON_FIGURES[id].of(meta);
  return { values, finished: meta.finished };
}

/** A step result's value of `id`, null when it has none. */
export function resultValue(
  result: StepResult | null,
  id: LessonFigureId | undefined,
): number | null {
  return id === undefined ? null : (result?.values[id] ?? null);
}

interface LessonResultsState {
  lessonId: string | null;
  /** One slot per step of the lesson: the result of the run it loaded, or null. */
  byStep: (StepResult | null)[];
}

export const lessonResultsStore = createStore<LessonResultsState>(() => ({
  lessonId: null,
  byStep: [],
}));

export function useLessonResults(): LessonResultsState {
  return useStore(lessonResultsStore);
}

/** Empty slots for `lesson` (null: no lesson). */
export function resetLessonResults(lesson: Lesson | null): void {
  lessonResultsStore.setState({
    lessonId: lesson?.id ?? null,
    byStep: lesson ? lesson.steps.map(() => null) : [],
  });
}

/** One entry of the chart: a step that loads a run with the `from` setting. */
export interface ResultEntry {
  step: number;
  /** The step's setting, formatted: "28 %". */
  label: string;
  result: StepResult | null;
}

export function formatSetting(value: unknown, format: LessonResults['format']): string {
  if (typeof value !== 'number') return String(value);
  return format === 'percent' ? `${+(value * 100).toFixed(1)} %` : String(value);
}

/** The chart's entries, in step order, from the recorded results. */
export function resultEntries(lesson: Lesson, byStep: (StepResult | null)[]): ResultEntry[] {
  const spec = lesson.results;
  if (!spec) return [];
  return lesson.steps.flatMap((step, index) => {
    const value = step.load?.set[spec.from];
    if (value === undefined) return [];
    return [
      { step: index, label: formatSetting(value, spec.format), result: byStep[index] ?? null },
    ];
  });
}

/**
 * Records the run step `step` loaded into its slot, frame by frame, while
 * that run is the app's: another load or a reset (a new runId) ends it, and
 * the slot keeps the last figures.
 */
export function recordStepRun(store: AppStore, lesson: Lesson, step: number): () => void {
  const ids = lessonFigureIds(lesson);
  if (ids.length === 0) return () => {};
  const runId = store.getState().sim.runId;
  let seenVersion = -1;
  const record = (): void => {
    const { sim } = store.getState();
    if (sim.frameVersion === seenVersion || !sim.frame) return;
    seenVersion = sim.frameVersion;
    const { lessonId, byStep } = lessonResultsStore.getState();
    if (lessonId !== lesson.id || step >= byStep.length) return;
    const next = byStep.slice();
    next[step] = stepResultOf(sim.frame.meta, ids);
    lessonResultsStore.setState({ byStep: next });
  };
  const unsubscribe = store.subscribe((state) => {
    if (state.sim.runId !== runId) unsubscribe();
    else record();
  });
  record();
  return unsubscribe;
}

/** One row of the runs table: a step that loaded a run, and what it gave. */
export interface RunRow {
  step: number;
  /** The step's `run` name, or its title. */
  label: string;
  result: StepResult | null;
}

/**
 * The runs table's rows at step `current`: the steps up to it that load a
 * run, in step order (the later ones have not been reached yet).
 */
export function runRows(lesson: Lesson, byStep: (StepResult | null)[], current: number): RunRow[] {
  return lesson.steps.flatMap((step, index) =>
    step.load && index <= current
      ? [{ step: index, label: step.run ?? step.title, result: byStep[index] ?? null }]
      : [],
  );
}

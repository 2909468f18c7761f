// A lesson's results, step by step (lessonFile.ts LessonResults): what each
// step's run gave (its latest figure, final once it finishes) beside the
// core's model value, kept for the lesson's life in one slot per step, so
// a later step can show the runs side by side. A vanilla Zustand store of
// its own, like the stability tab's: the live run's slice is replaced by
// every load, these results outlive it.

import type { SnapshotMeta } from '@flashscope/wasm/protocol';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { AppStore } from '../store';
import type { Lesson, LessonResults, ResultMetric, ResultModel } from './lessonFile';

/** What one step's run gave so far. */
export interface StepResult {
  /** The metric's latest value (null before the run has one). */
  simulated: number | null;
  /** The core's model value for the step's drive (null where none applies). */
  model: number | null;
  finished: boolean;
}

/** The figures a lesson can chart, read from the live meta (the core's, never recomputed). */
const METRICS: Record<ResultMetric, (meta: SnapshotMeta) => number | null> = {
  waf: (meta) => meta.waf,
};
const MODELS: Record<ResultModel, (meta: SnapshotMeta) => number | null> = {
  waf_model: (meta) => meta.waf_model?.waf ?? null,
};

export function stepResultOf(meta: SnapshotMeta, results: LessonResults): StepResult {
  return {
    simulated: METRICS[results.metric](meta),
    model: results.model ? MODELS[results.model](meta) : null,
    finished: meta.finished,
  };
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
 * the slot keeps the last figure.
 */
export function recordStepRun(store: AppStore, lesson: Lesson, step: number): () => void {
  const spec = lesson.results;
  if (!spec) return () => {};
  const runId = store.getState().sim.runId;
  let seenVersion = -1;
  const record = (): void => {
    const { sim } = store.getState();
    if (sim.frameVersion === seenVersion || !sim.frame) return;
    seenVersion = sim.frameVersion;
    const { lessonId, byStep } = lessonResultsStore.getState();
    if (lessonId !== lesson.id || step >= byStep.length) return;
    const next = byStep.slice();
    next[step] = stepResultOf(sim.frame.meta, spec);
    lessonResultsStore.setState({ byStep: next });
  };
  const unsubscribe = store.subscribe((state) => {
    if (state.sim.runId !== runId) unsubscribe();
    else record();
  });
  record();
  return unsubscribe;
}

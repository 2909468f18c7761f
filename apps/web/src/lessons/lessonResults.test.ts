import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BlockArrays, Layout, SnapshotMeta } from '@flashscope/wasm/protocol';
import { createAppStore } from '../store';
import { checkLesson } from './lessonFile';
import {
  lessonResultsStore,
  recordStepRun,
  resetLessonResults,
  resultEntries,
} from './lessonResults';

const LESSONS = path.resolve(__dirname, '../../../../public/lessons');
const basics = checkLesson(
  JSON.parse(readFileSync(path.join(LESSONS, 'basics.json'), 'utf8')),
  'basics.json',
);

const layout = { blocks: 256 } as Layout;
const blocks = {} as BlockArrays;

/** A frame's meta with what the recorder reads; the rest empty. */
function meta(waf: number | null, model: number | null, finished: boolean): SnapshotMeta {
  return {
    finished,
    waf,
    waf_model: model === null ? null : { name: 'greedy', spare_factor: 0.2, waf: model },
    sim_time_ns: 1e9,
    series: { t_ms: [] },
    events: [],
    events_dropped: 0,
  } as unknown as SnapshotMeta;
}

describe('the basics lesson results chart', () => {
  it('charts WAF against the core model by over-provisioning on the last step', () => {
    expect(basics.results).toEqual({
      metric: 'waf',
      model: 'waf_model',
      label: 'Over-provisioning',
      from: 'overprovision',
      format: 'percent',
      showOn: [4],
    });
    expect(basics.results!.showOn).toEqual([basics.steps.length - 1]);
    // One entry per loading step, labelled by its setting, empty before any run.
    resetLessonResults(basics);
    const entries = resultEntries(basics, lessonResultsStore.getState().byStep);
    expect(entries.map((entry) => [entry.step, entry.label, entry.result])).toEqual([
      [0, '28 %', null],
      [2, '15 %', null],
      [3, '7 %', null],
    ]);
  });

  it('keeps each step run its last figures, one slot per step, after the next load', () => {
    const store = createAppStore();
    resetLessonResults(basics);
    const run = (step: number, frames: Array<[number | null, number | null, boolean]>) => {
      store.getState().sim.loaded(layout, {});
      recordStepRun(store, basics, step);
      for (const [waf, model, finished] of frames) {
        store.getState().sim.frameArrived({ frame: 1, blocks, meta: meta(waf, model, finished) });
      }
    };
    // The measured WAFs and model values of lesson_claims_test.cpp.
    run(0, [
      [null, 2.562, false],
      [1.9, 2.562, false],
      [2.574, 2.562, true],
    ]);
    expect(lessonResultsStore.getState().byStep[0]).toEqual({
      simulated: 2.574,
      model: 2.562,
      finished: true,
    });
    run(2, [[3.1, 4.315, false]]); // a new run: step 1's slot no longer follows the frames
    expect(lessonResultsStore.getState().byStep[0]?.simulated).toBe(2.574);
    expect(lessonResultsStore.getState().byStep[2]).toEqual({
      simulated: 3.1,
      model: 4.315,
      finished: false,
    });
    store.getState().sim.frameArrived({ frame: 2, blocks, meta: meta(4.344, 4.315, true) });
    run(3, [[9.454, 9.349, true]]);
    const { byStep } = lessonResultsStore.getState();
    expect(byStep).toHaveLength(5);
    const chart = resultEntries(basics, byStep).map((entry) => [
      entry.label,
      entry.result?.simulated,
      entry.result?.model,
      entry.result?.finished,
    ]);
    expect(chart).toEqual([
      ['28 %', 2.574, 2.562, true],
      ['15 %', 4.344, 4.315, true],
      ['7 %', 9.454, 9.349, true],
    ]);
    // A reset of the run (a new runId) ends the recording: the slot keeps 9.454.
    store.getState().sim.runReset();
    store.getState().sim.frameArrived({ frame: 1, blocks, meta: meta(1.2, 9.349, false) });
    expect(lessonResultsStore.getState().byStep[3]?.simulated).toBe(9.454);
  });

  it('shows no model where the core has none (null waf_model)', () => {
    const store = createAppStore();
    resetLessonResults(basics);
    store.getState().sim.loaded(layout, {});
    recordStepRun(store, basics, 0);
    store.getState().sim.frameArrived({ frame: 1, blocks, meta: meta(1.7, null, true) });
    expect(lessonResultsStore.getState().byStep[0]).toEqual({
      simulated: 1.7,
      model: null,
      finished: true,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BlockArrays, Layout, SnapshotMeta } from '@flashscope/wasm/protocol';
import { createAppStore } from '../store';
import { checkLesson } from './lessonFile';
import { LESSON_FIGURES } from './lessonFigures';
import {
  lessonResultsStore,
  recordStepRun,
  resetLessonResults,
  resultEntries,
  runRows,
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
  it('charts WAF against the core model by over-provisioning on the steps that quote them', () => {
    expect(basics.results).toEqual({
      metric: 'waf',
      model: 'waf_model',
      label: 'Over-provisioning',
      from: 'overprovision',
      format: 'percent',
      showOn: [1, 2, 3, 4],
    });
    // Not on step 1, which quotes no WAF; each step after it quotes its run's WAF and model.
    basics.steps.forEach((step, index) =>
      expect(step.focus === 'lesson-waf-chart', `step ${index + 1}`).toBe(index > 0),
    );
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
      values: { waf: 2.574, waf_model: 2.562 },
      finished: true,
    });
    run(2, [[3.1, 4.315, false]]); // a new run: step 1's slot no longer follows the frames
    expect(lessonResultsStore.getState().byStep[0]?.values.waf).toBe(2.574);
    expect(lessonResultsStore.getState().byStep[2]).toEqual({
      values: { waf: 3.1, waf_model: 4.315 },
      finished: false,
    });
    store.getState().sim.frameArrived({ frame: 2, blocks, meta: meta(4.344, 4.315, true) });
    run(3, [[9.454, 9.349, true]]);
    const { byStep } = lessonResultsStore.getState();
    expect(byStep).toHaveLength(5);
    const chart = resultEntries(basics, byStep).map((entry) => [
      entry.label,
      entry.result?.values.waf,
      entry.result?.values.waf_model,
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
    expect(lessonResultsStore.getState().byStep[3]?.values.waf).toBe(9.454);
  });

  it('shows no model where the core has none (null waf_model)', () => {
    const store = createAppStore();
    resetLessonResults(basics);
    store.getState().sim.loaded(layout, {});
    recordStepRun(store, basics, 0);
    store.getState().sim.frameArrived({ frame: 1, blocks, meta: meta(1.7, null, true) });
    expect(lessonResultsStore.getState().byStep[0]).toEqual({
      values: { waf: 1.7, waf_model: null },
      finished: true,
    });
  });
});

describe('the runs table of the read-disturb lesson', () => {
  const readDisturb = checkLesson(
    JSON.parse(readFileSync(path.join(LESSONS, 'read-disturb.json'), 'utf8')),
    'read-disturb.json',
  );

  /** A frame of a 10 s run with these figures (µs for latencies). */
  function readMeta(figures: {
    refreshes: number | null;
    readIops: number;
    p99: number;
    p999: number;
    finished: boolean;
  }): SnapshotMeta {
    const read = {
      count: 100,
      mean: 300,
      p50: 200,
      p90: 400,
      p99: figures.p99,
      p999: figures.p999,
    };
    return {
      ...meta(2.02, null, figures.finished),
      host_write_bytes: 8_178_892,
      nand_write_bytes: 16_568_320,
      read_iops: figures.readIops,
      read_disturb: figures.refreshes === null ? null : { refreshes: figures.refreshes },
      latency_us: { read: { ...read, max: 9000 }, write: { ...read, count: 0, max: 0 } },
    } as unknown as SnapshotMeta;
  }

  it('lists the runs up to the step on screen, each with the core figures of its last frame', () => {
    const store = createAppStore();
    resetLessonResults(readDisturb);
    // The figures lesson_read_disturb_test.cpp measures for steps 1 and 4.
    store.getState().sim.loaded(layout, {});
    recordStepRun(store, readDisturb, 0);
    store.getState().sim.frameArrived({
      frame: 1,
      blocks,
      meta: readMeta({ refreshes: 8, readIops: 26_272, p99: 1800, p999: 7600, finished: true }),
    });
    const { byStep } = lessonResultsStore.getState();
    // Step 4 (index 3) compares: its own run has not started yet.
    expect(runRows(readDisturb, byStep, 3).map((row) => [row.step, row.label])).toEqual([
      [0, 'refresh at 20,000 reads'],
      [3, 'refresh off'],
    ]);
    expect(runRows(readDisturb, byStep, 3)[1].result).toBeNull();
    expect(byStep[0]).toEqual({
      values: {
        refreshes: 8,
        host_written: 8_178_892,
        flash_written: 16_568_320,
        waf: 2.02,
        reads_per_second: 26_272,
        read_p99: 1800,
        read_p999: 7600,
      },
      finished: true,
    });
    // As the table shows them.
    const shown = readDisturb.runs!.figures.map((id) =>
      LESSON_FIGURES[id].format(byStep[0]!.values[id]!),
    );
    expect(shown).toEqual(['8', '8.2 MB', '16.6 MB', '2.02', '26,272', '1.80 ms', '7.60 ms']);
    // Refresh off: the core sends no refresh count (null), not 0.
    store.getState().sim.loaded(layout, {});
    recordStepRun(store, readDisturb, 3);
    store.getState().sim.frameArrived({
      frame: 1,
      blocks,
      meta: readMeta({ refreshes: null, readIops: 28_234, p99: 1000, p999: 1900, finished: false }),
    });
    const off = lessonResultsStore.getState().byStep[3]!;
    expect(off.values.refreshes).toBeNull();
    expect(off.finished).toBe(false);
  });
});

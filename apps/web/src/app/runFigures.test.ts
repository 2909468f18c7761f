// Run averages and the mean response on screen are the exported result's
// (issue 28), on real runs of the wasm core through the app's store:
// - a job that starts 400 ms into the run: the figures row's "run avg"
//   IOPS and the lessons' reads/s divide by the job's span, as the result's
//   throughput does (the time since 0 s gave a third less);
// - the same run stopped at 300 ms: the rate so far, in the figures row and
//   in the stopped run's result alike (the result said 0, and Compare
//   worked out its own);
// - the mean response of reads and writes (the cache view's, the lessons'
//   table's) is the core's, the result's mean_response_us.

import { describe, expect, it } from 'vitest';

import { LESSON_FIGURES } from '../lessons/lessonFigures';
import { runIops, type RunResult } from '../runs/resultJson';
import { keyFigures } from './computeKeyFigures';
import { agedSmallTlc, runThroughStore } from './storeRun';

// 128 TLC blocks of 48 pages, filled and overwritten before the run.
const device = agedSmallTlc('run-figures-small');
const lateMix =
  '[late-mix]\nstartdelay=400ms\nrw=randrw\nrwmixread=50\nbs=4k\niodepth=8\n' + 'number_ios=8000\n';

type Result = RunResult & {
  mean_response_us: number | null;
  throughput: { read_iops: number };
  jobs: Array<{ start_ms: number; end_ms: number; mean_response_us: number }>;
};

describe('run averages on screen', () => {
  it('span the jobs as the result’s throughput does when the job starts late', () => {
    const { store, result } = runThroughStore<Result>({ deviceJson: device, fioText: lateMix }, 50);
    const sim = store.getState().sim;
    const meta = sim.frame!.meta;
    const [job] = result.jobs;
    expect(job.start_ms).toBe(400);
    const spanS = (job.end_ms - job.start_ms) / 1000;
    expect(result.throughput.iops).toBeCloseTo(8000 / spanS, 3);
    expect(keyFigures(sim).runIops).toBe(result.throughput.iops);
    expect(LESSON_FIGURES.reads_per_second.of(meta)).toBe(result.throughput.read_iops);
    // Over the time since 0 s it would read well below.
    expect(8000 / (job.end_ms / 1000)).toBeLessThan(result.throughput.iops * 0.95);
  });

  it('of a run stopped midway are its rate so far, the stopped result’s', () => {
    const { store, result } = runThroughStore<Result>(
      { deviceJson: device, fioText: lateMix },
      50,
      600,
    );
    const sim = store.getState().sim;
    expect(sim.frame!.meta.finished).toBe(false);
    const { read_requests, write_requests, trim_requests = 0 } = result.host;
    const requests = read_requests + write_requests + trim_requests;
    expect(requests).toBeGreaterThan(500);
    expect(requests).toBeLessThan(8000);
    // 200 ms of I/O: from the job's start at 400 ms to the stop at 600 ms.
    expect(result.throughput.iops).toBeCloseTo(requests / ((result.sim_time_ms - 400) / 1000), 3);
    expect(keyFigures(sim).runIops).toBe(result.throughput.iops);
    expect(runIops(result)).toBe(result.throughput.iops);
  });
});

describe('the mean response on screen', () => {
  it('is the result’s mean_response_us, reads and writes together', () => {
    const { store, result } = runThroughStore<Result>(
      {
        deviceJson: device,
        fioText: '[mix]\nrw=randrw\nrwmixread=70\nbs=4k\niodepth=4\nnumber_ios=6000\n',
      },
      50,
    );
    const meta = store.getState().sim.frame!.meta;
    expect(result.mean_response_us).toBeGreaterThan(0);
    expect(LESSON_FIGURES.mean_response.of(meta)).toBe(result.mean_response_us);
    expect(LESSON_FIGURES.mean_response.of(meta)).toBe(result.jobs[0].mean_response_us);
  });
});

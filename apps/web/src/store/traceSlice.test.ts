import { describe, expect, it } from 'vitest';
import { TPCC_SUMMARY } from '../trace/testSummary';
import { createAppStore } from './index';
import { EMPTY_DRAFT } from './scenarioDraft';

const tpcc = {
  file: new Blob(['938513000 4 264719034 16 0\n']),
  name: 'tpcc.trace',
  sizeBytes: 194_790,
};
const binary = { file: new Blob([new Uint8Array([0, 255, 3])]), name: 'random.bin', sizeBytes: 3 };

describe('traces slice', () => {
  it('accepts a file once its scan finishes, with the options it was scanned with', () => {
    const store = createAppStore();
    const traces = () => store.getState().traces;
    expect(traces().mode).toBe('fio');
    traces().inspectionStarted(1, tpcc);
    expect(traces().pending).toMatchObject({ id: 1, summary: null });
    expect(traces().file).toBeNull();

    const partial = { ...TPCC_SUMMARY, done: false, bytes_read: 65_536, requests: 2300 };
    traces().inspectionProgress(1, partial);
    expect(traces().pending?.summary?.requests).toBe(2300);

    traces().inspectionFinished(1, TPCC_SUMMARY);
    expect(traces().file).toBe(tpcc);
    expect(traces().summary?.requests).toBe(6999);
    expect(traces().summaryOptions?.format).toBe('auto');
    expect(traces().pending).toBeNull();
  });

  it('keeps the previous file and summary when the next file fails', () => {
    const store = createAppStore();
    const traces = () => store.getState().traces;
    traces().inspectionStarted(1, tpcc);
    traces().inspectionFinished(1, TPCC_SUMMARY);
    traces().inspectionStarted(2, binary);
    traces().inspectionFailed(2, {
      kind: 'input',
      message: 'random.bin: binary data at byte 0 (not a text trace)',
      file: 'random.bin',
    });
    expect(traces().file).toBe(tpcc);
    expect(traces().summary?.requests).toBe(6999);
    expect(traces().pending).toBeNull();
    expect(traces().error?.message).toMatch(/^random\.bin: binary data/);
    // The draft (and its fio text) is another slice's and untouched.
    expect(store.getState().config.draft).toBe(EMPTY_DRAFT);
  });

  it('drops the reports of a replaced scan', () => {
    const store = createAppStore();
    const traces = () => store.getState().traces;
    traces().inspectionStarted(1, binary);
    traces().inspectionStarted(2, tpcc);
    traces().inspectionProgress(1, { ...TPCC_SUMMARY, requests: 1 });
    traces().inspectionFailed(1, { kind: 'internal', message: 'simulation worker terminated' });
    expect(traces().error).toBeNull();
    expect(traces().pending?.id).toBe(2);
    traces().inspectionFinished(1, TPCC_SUMMARY);
    expect(traces().file).toBeNull();
    expect(traces().inspectionId).toBe(2);
  });

  it('asks for a new scan only when an option that changes the summary changes', () => {
    const store = createAppStore();
    const traces = () => store.getState().traces;
    traces().inspectionStarted(1, tpcc);
    traces().inspectionFinished(1, TPCC_SUMMARY);
    expect(traces().setOptions({ speed: 4 })).toBe(false);
    expect(traces().setOptions({ queue_depth: 16, bad_lines: 'skip' })).toBe(false);
    expect(traces().setOptions({ address_map: 'compact' })).toBe(false);
    expect(traces().setOptions({ max_requests: 1000 })).toBe(true);
    expect(traces().setOptions({ format: 'auto' })).toBe(false); // as scanned
    expect(traces().setOptions({ format: 'disksim' })).toBe(true);
    expect(traces().options).toMatchObject({
      speed: 4,
      queue_depth: 16,
      bad_lines: 'skip',
      address_map: 'compact',
      max_requests: 1000,
      format: 'disksim',
    });
  });

  it('goes back to the fio job when a scenario, lesson or workload preset is chosen', () => {
    const store = createAppStore();
    store.getState().traces.setMode('trace');
    store
      .getState()
      .config.selectScenario({ ...EMPTY_DRAFT, scenarioId: 'lesson-slc', fioText: '[j]\n' });
    expect(store.getState().traces.mode).toBe('fio');
    expect(store.getState().config.draft.scenarioId).toBe('lesson-slc');
    store.getState().traces.setMode('trace');
    store
      .getState()
      .config.selectWorkloadPreset('randwrite-4k', '[job]\n', ['precondition.fill=0.9']);
    expect(store.getState().traces.mode).toBe('fio');
    expect(store.getState().config.draft.preconditionFill).toBe(0.9);
  });
});

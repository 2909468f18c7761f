import { describe, expect, it } from 'vitest';
import { buildLoadRequest, overridesOf } from '../config/scenario';
import { createAppStore } from '../store';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import { traceChoiceOf } from '../store/traceSlice';
import {
  currentWorkload,
  loadRequestFor,
  settingsEdited,
  traceOptionsForRequest,
  workloadProblem,
} from './currentWorkload';
import { TPCC_SUMMARY } from './testSummary';
import { coreSchema } from '../app/testCore';

const schema = coreSchema();

const draft: ScenarioDraft = {
  ...EMPTY_DRAFT,
  devicePresetId: 'teaching-slc-tiny',
  deviceText: '{"cell": "tlc"}',
  workloadPresetId: 'randwrite-4k',
  fioText: '[job]\nrw=randwrite\n',
  workloadSet: ['runtime_scale=2'],
  preconditionFill: 0.9,
  geometry: { channels: 4 },
  policy: { gcVictim: 'fifo' },
};

function storeWith(scenario: ScenarioDraft) {
  const store = createAppStore();
  store.getState().config.selectScenario(scenario);
  return store;
}

describe('currentWorkload', () => {
  it('is the draft fio job with its workload overrides in fio mode', () => {
    const workload = currentWorkload(storeWith(draft).getState());
    expect(workload).toEqual({
      kind: 'fio',
      label: 'randwrite-4k.fio',
      fioText: draft.fioText,
      set: ['runtime_scale=2', 'precondition.fill=0.9'],
    });
    expect(workloadProblem(workload)).toBeNull();
  });

  it("is a scenario's generator in fio mode, until a workload preset replaces it", () => {
    const generator = { generator: 'cloud_block' as const, num_writes: 5000 };
    const store = storeWith({ ...draft, workloadPresetId: null, workloadGenerator: generator });
    const workload = currentWorkload(store.getState());
    expect(workload).toMatchObject({
      kind: 'generator',
      label: 'cloud block generator (5,000 writes)',
      fioText: '',
      generator,
    });
    expect(workloadProblem(workload)).toBeNull();
    // The request carries it as the worker's `workload` option, with no fio text.
    const request = loadRequestFor('{}', [], workload);
    expect(request.workload).toEqual(generator);
    expect(request.fioText).toBe('');
    store.getState().config.selectWorkloadPreset('randwrite-4k', '[j]\n', []);
    expect(currentWorkload(store.getState()).kind).toBe('fio');
  });

  it('is the accepted trace, with the current options and its summary, in trace mode', () => {
    const store = storeWith(draft);
    const { traces } = store.getState();
    traces.setMode('trace');
    expect(currentWorkload(store.getState()).trace).toBeUndefined();
    expect(workloadProblem(currentWorkload(store.getState()))).toMatch(/Choose a trace file/);

    const file = new Blob(['938513000 4 264719034 16 0\n']);
    traces.inspectionStarted(1, { file, name: 'tpcc.trace', sizeBytes: 27 });
    traces.inspectionFinished(1, TPCC_SUMMARY);
    store.getState().traces.setOptions({ speed: 2 });
    const workload = currentWorkload(store.getState());
    expect(workload.kind).toBe('trace');
    expect(workload.label).toBe('tpcc.trace');
    expect(workload.fioText).toBe('');
    expect(workload.trace?.file).toBe(file);
    expect(workload.trace?.options.speed).toBe(2);
    expect(workload.traceSummary?.requests).toBe(6999);
    expect(workload.set).toEqual(['runtime_scale=2', 'precondition.fill=0.9']);
  });
});

describe('settingsEdited', () => {
  it('tells a new workload mode, trace file or trace option from what the run was loaded with', () => {
    const store = storeWith(draft);
    const state = () => store.getState();
    const tpcc = {
      file: new Blob(['938513000 4 264719034 16 0\n']),
      name: 'tpcc.trace',
      sizeBytes: 27,
    };
    const apply = () => {
      state().config.markApplied(state().config.draft);
      state().traces.markApplied(traceChoiceOf(state().traces));
    };
    apply();
    expect(settingsEdited(state())).toBe(false);

    // A fio run: a file dropped in the trace panel changes nothing until the mode switches.
    state().traces.inspectionStarted(1, tpcc);
    state().traces.inspectionFinished(1, TPCC_SUMMARY);
    state().traces.setOptions({ speed: 4 });
    expect(settingsEdited(state())).toBe(false);
    state().traces.setMode('trace');
    expect(settingsEdited(state())).toBe(true);
    apply();
    expect(settingsEdited(state())).toBe(false);

    // Options as the worker receives them: back to the applied value is not an edit.
    state().traces.setOptions({ queue_depth: 16 });
    expect(settingsEdited(state())).toBe(true);
    state().traces.setOptions({ queue_depth: 0 });
    expect(settingsEdited(state())).toBe(false);
    // csv_columns is not sent unless the format is csv.
    state().traces.setOptions({ csv_columns: 'time=0' });
    expect(settingsEdited(state())).toBe(false);

    // A rescan of the same file with other options keeps the file; another file does not.
    state().traces.inspectionStarted(2, tpcc);
    state().traces.inspectionFinished(2, TPCC_SUMMARY);
    expect(settingsEdited(state())).toBe(false);
    state().traces.inspectionStarted(3, { ...tpcc, file: new Blob(['x']) });
    expect(settingsEdited(state())).toBe(false); // still only pending
    state().traces.inspectionFinished(3, TPCC_SUMMARY);
    expect(settingsEdited(state())).toBe(true);
    apply();

    state().traces.setMode('fio');
    expect(settingsEdited(state())).toBe(true);
    state().traces.setMode('trace');
    expect(settingsEdited(state())).toBe(false);
    // The draft still counts on its own.
    state().config.editFioText('[job]\nrw=read\n');
    expect(settingsEdited(state())).toBe(true);
  });
});

describe('loadRequestFor', () => {
  it('gives the same request as before for the draft fio job', () => {
    const request = buildLoadRequest(draft, schema);
    expect(request).toEqual({
      deviceJson: draft.deviceText,
      fioText: draft.fioText,
      set: overridesOf(draft, schema),
      deviceName: 'teaching-slc-tiny.json',
      workloadName: 'randwrite-4k.fio',
      seriesIntervalMs: 10,
    });
    expect(request.set).toEqual([
      'runtime_scale=2',
      'precondition.fill=0.9',
      'geometry.channels=4',
      'gc.victim=fifo',
    ]);
  });

  it('sends a trace with only the options the user changed and no fio text', () => {
    const file = new Blob(['x']);
    const request = loadRequestFor('{"cell": "slc"}', ['gc.victim=greedy'], {
      kind: 'trace',
      label: 'tpcc.trace',
      fioText: '',
      trace: {
        file,
        name: 'tpcc.trace',
        options: {
          format: 'auto',
          speed: 1,
          queue_depth: 8,
          csv_columns: 'time=0',
          bad_lines: 'skip',
        },
      },
      set: ['precondition.fill=0.5'],
    });
    expect(request.fioText).toBe('');
    expect(request.set).toEqual(['precondition.fill=0.5', 'gc.victim=greedy']);
    expect(request.workloadName).toBe('tpcc.trace');
    expect(request.deviceName).toBeUndefined();
    expect(request.trace).toEqual({
      file,
      name: 'tpcc.trace',
      options: { queue_depth: 8, bad_lines: 'skip' },
    });
  });

  it('keeps the csv mapping and blkparse action with their formats only', () => {
    expect(traceOptionsForRequest({ format: 'csv', csv_columns: 'time=0:us,op=1' })).toEqual({
      format: 'csv',
      csv_columns: 'time=0:us,op=1',
    });
    expect(traceOptionsForRequest({ format: 'auto', blkparse_action: 'D' })).toEqual({
      blkparse_action: 'D',
    });
    expect(
      traceOptionsForRequest({ format: 'msr', blkparse_action: 'D', window_end_s: 5 }),
    ).toEqual({ format: 'msr', window_end_s: 5 });
  });
});

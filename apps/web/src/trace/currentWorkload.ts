// The workload "Apply & restart" would run, read from the store: the
// draft's fio job (or its scenario's generator), or the accepted trace file
// when the workload panel is in trace mode. The compare view runs the same workload on several devices
// through loadRequestFor (runWorkload.ts).

import type { TraceOptions } from '@flashscope/wasm/protocol';
import type { AppState } from '../store';
import type { ScenarioDraft } from '../store/scenarioDraft';
import type { TraceChoice } from '../store/traceSlice';
import { draftWorkload, workloadOverridesOf } from '../config/scenario';
import { traceOptionsForRequest, type RunWorkload } from './runWorkload';

export {
  generatorLabel,
  loadRequestFor,
  traceOptionsForRequest,
  workloadProblem,
} from './runWorkload';
export type { RunWorkload } from './runWorkload';

/**
 * The draft's workload and the trace panel's choice, as one RunWorkload: in
 * fio mode the draft's own (its fio job, or its scenario's generator).
 */
export function workloadOf(draft: ScenarioDraft, traces: TraceChoice): RunWorkload {
  if (traces.mode === 'fio') return draftWorkload(draft);
  const set = workloadOverridesOf(draft);
  const { file, summary, options } = traces;
  if (!file) return { kind: 'trace', label: 'trace', fioText: '', set };
  return {
    kind: 'trace',
    label: file.name,
    fioText: '',
    trace: { file: file.file, name: file.name, options },
    traceSummary: summary ?? undefined,
    set,
  };
}

/** What "Apply" would run. */
export function currentWorkload(state: AppState): RunWorkload {
  return workloadOf(state.config.draft, state.traces);
}

/**
 * Whether two trace panel choices run the same workload: both the draft's
 * fio job (whatever the panel holds), or the same accepted file with the
 * same options as the worker receives them.
 */
export function sameTraceChoice(a: TraceChoice, b: TraceChoice): boolean {
  if (a.mode !== b.mode) return false;
  if (a.mode === 'fio') return true;
  const sameFile =
    a.file === b.file ||
    (a.file !== null &&
      b.file !== null &&
      a.file.file === b.file.file &&
      a.file.name === b.file.name);
  if (!sameFile) return false;
  const sentA = traceOptionsForRequest(a.options);
  const sentB = traceOptionsForRequest(b.options);
  const keys = new Set([...Object.keys(sentA), ...Object.keys(sentB)]) as Set<keyof TraceOptions>;
  return [...keys].every((key) => sentA[key] === sentB[key]);
}

/**
 * The panel holds settings the current run was not loaded with: an edited
 * draft, or another workload mode, trace file or trace option.
 */
export function settingsEdited(state: AppState): boolean {
  const { config, traces } = state;
  if (config.draft !== config.applied) return true;
  return traces.applied !== null && !sameTraceChoice(traces, traces.applied);
}

// The workload "Apply & restart" would run, read from the store: the
// draft's fio job, or the accepted trace file when the workload panel is in
// trace mode. The compare view runs the same workload on several devices
// through loadRequestFor (runWorkload.ts).

import type { AppState } from '../store';
import type { ScenarioDraft } from '../store/scenarioDraft';
import type { TraceSlice } from '../store/traceSlice';
import { workloadFileName, workloadOverridesOf } from '../config/scenario';
import type { RunWorkload } from './runWorkload';

export { loadRequestFor, traceOptionsForRequest, workloadProblem } from './runWorkload';
export type { RunWorkload } from './runWorkload';

/** The draft's workload and the trace panel's choice, as one RunWorkload. */
export function workloadOf(draft: ScenarioDraft, traces: TraceSlice): RunWorkload {
  const set = workloadOverridesOf(draft);
  if (traces.mode === 'fio') {
    return { kind: 'fio', label: workloadFileName(draft), fioText: draft.fioText, set };
  }
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

// What a run replays, apart from the device: a fio job, a trace file or a
// scenario's workload generator, with the overrides that belong to the
// workload (the precondition fill, a preset's extras). Kept free of store and config imports so that
// config/scenario.ts can build its LoadRequest here without an import cycle;
// currentWorkload.ts re-exports it with the store-facing half.

import type {
  LoadRequest,
  TraceOptions,
  TraceRef,
  TraceSummary,
  WorkloadGenerator,
} from '@flashscope/wasm/protocol';
import { DEFAULT_TRACE_OPTIONS } from '../store/traceSlice';

export interface RunWorkload {
  kind: 'fio' | 'trace' | 'generator';
  /**
   * The workload's name as errors and saved runs show it ("randwrite-4k.fio",
   * "x.trace", "cloud block generator (200,000 writes)").
   */
  label: string;
  /** The fio job text; '' for a trace or a generator. */
  fioText: string;
  /** The trace to replay (kind 'trace'); absent while no trace file has been accepted. */
  trace?: TraceRef;
  /** The accepted trace's summary, when there is one. */
  traceSummary?: TraceSummary;
  /** The generator to run (kind 'generator'), a scenario file's "workload" object. */
  generator?: WorkloadGenerator;
  /** Workload overrides as --set entries, e.g. "precondition.fill=0.9". */
  set: string[];
}

/** Why `workload` cannot run, or null when it can. */
export function workloadProblem(workload: RunWorkload): string | null {
  if (workload.kind === 'generator') {
    return workload.generator ? null : `${workload.label}: no generator to run`;
  }
  if (workload.kind === 'trace') {
    return workload.trace ? null : 'Choose a trace file (drop it on the workload panel) first';
  }
  return workload.fioText.trim() === '' ? `${workload.label}: the fio job is empty` : null;
}

/**
 * The options the worker receives: only those that differ from the
 * simulator's defaults, so a request reads like what the user changed (and
 * csv_columns / blkparse_action travel only with their format).
 */
export function traceOptionsForRequest(options: TraceOptions): TraceOptions {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (value === DEFAULT_TRACE_OPTIONS[key as keyof TraceOptions]) continue;
    if (key === 'csv_columns' && options.format !== 'csv') continue;
    if (key === 'blkparse_action' && options.format !== 'blkparse' && options.format !== 'auto') {
      continue;
    }
    result[key] = value;
  }
  return result as TraceOptions;
}

/**
 * The LoadRequest that runs `workload` on the device `deviceText` with the
 * device overrides `deviceSet`. Workload overrides come first, as the
 * CLI's --set order does not matter between them but keeps older requests
 * byte-identical. `deviceName` names the device text in error messages.
 */
export function loadRequestFor(
  deviceText: string,
  deviceSet: string[],
  workload: RunWorkload,
  deviceName?: string,
): LoadRequest {
  const request: LoadRequest = {
    deviceJson: deviceText,
    fioText: workload.kind === 'fio' ? workload.fioText : '',
    set: [...workload.set, ...deviceSet],
    workloadName: workload.label,
    seriesIntervalMs: 10,
  };
  if (deviceName !== undefined) request.deviceName = deviceName;
  if (workload.kind === 'trace' && workload.trace) {
    request.trace = { ...workload.trace, options: traceOptionsForRequest(workload.trace.options) };
  }
  if (workload.kind === 'generator' && workload.generator) {
    request.workload = { ...workload.generator };
  }
  return request;
}

const GENERATOR_NAMES: Record<WorkloadGenerator['generator'], string> = {
  cloud_block: 'cloud block generator',
  disksim: 'DiskSim synthetic generator',
};

/** How the workload panel names a generator: "cloud block generator (200,000 writes)". */
export function generatorLabel(generator: WorkloadGenerator): string {
  const name = GENERATOR_NAMES[generator.generator] ?? `${String(generator.generator)} generator`;
  const [count, unit] =
    generator.generator === 'disksim'
      ? [generator.num_requests, 'requests']
      : [generator.num_writes, 'writes'];
  return typeof count === 'number' && Number.isFinite(count)
    ? `${name} (${count.toLocaleString('en')} ${unit})`
    : name;
}

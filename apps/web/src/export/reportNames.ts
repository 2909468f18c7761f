// What ran, in words, for the report and the chart exports' title line: the
// drive (the device JSON's name and source), the scenario, the fill level
// and the workload. Read from config.applied (the draft the run was loaded
// with) and traces.applied, like the saved runs (runs/liveRecorder.ts).

import { parseDeviceObject } from '../config/deviceText';
import { effectivePreconditionFill } from '../config/deviceValues';
import type { AppState } from '../store';
import { workloadOf, type RunWorkload } from '../trace/currentWorkload';
import type { ReportNames } from './report';

/** The fio job's section names other than [global] ("seqwrite-1m-qd64"). */
export function fioJobNames(fioText: string): string[] {
  return [...fioText.matchAll(/^\s*\[([^\]]+)\]\s*$/gm)]
    .map((match) => match[1].trim())
    .filter((name) => name.toLowerCase() !== 'global');
}

export function workloadLine(workload: RunWorkload): string {
  if (workload.kind === 'trace') return `trace ${workload.label}`;
  if (workload.kind === 'generator') return workload.label;
  const jobs = fioJobNames(workload.fioText);
  return jobs.length > 0 ? `fio job ${jobs.join(', ')}` : `fio job ${workload.label}`;
}

/** The names of the run on screen (null before one is loaded). */
export function reportNamesOf(state: AppState): ReportNames | null {
  const { applied, schema, scenarios } = state.config;
  if (!applied || !schema) return null;
  const device = parseDeviceObject(applied.deviceText);
  const drive =
    typeof device.name === 'string' && device.name
      ? device.name
      : (applied.devicePresetId ?? 'custom drive');
  const workload = workloadOf(applied, state.traces.applied ?? state.traces);
  return {
    drive,
    driveSource: typeof device.source === 'string' ? device.source : null,
    scenario: scenarios.find((entry) => entry.id === applied.scenarioId)?.name ?? null,
    fillFraction: effectivePreconditionFill(applied, schema),
    workload: workloadLine(workload),
    workloadText: workload.kind === 'fio' ? workload.fioText : '',
  };
}

/** The exports' context line: "qlc-1tb-665p-like · 50 % full · fio job seqwrite-1m-qd64". */
export function contextLine(names: ReportNames | null): string {
  if (!names) return '';
  const fill =
    names.fillFraction === null ? [] : [`${Math.round(names.fillFraction * 100)} % full`];
  return [names.drive, ...fill, names.workload].join(' · ');
}

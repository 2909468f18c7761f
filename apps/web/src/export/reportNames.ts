// What ran, in words, for the report and the chart exports' title line: the
// drive (as the app shows it, and the device JSON's source), the scenario, the fill level
// and the workload. Read from config.applied (the draft the run was loaded
// with) and traces.applied, like the saved runs (runs/liveRecorder.ts).

import { parseDeviceObject } from '../config/deviceText';
import { effectivePreconditionFill } from '../config/deviceValues';
import type { AppState } from '../store';
import type { DevicePresetEntry, ScenarioDraft } from '../store/scenarioDraft';
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

/**
 * The drive as the app shows it: a preset's display name (its label in the
 * device picker: "TLC 500 GB, Samsung 970 EVO-like (4 + 18 GB TurboWrite)")
 * while the device is that preset's (its "name" unchanged), else the device
 * JSON's "name"; and the short name files are named by.
 */
export function driveNamesOf(
  draft: ScenarioDraft,
  devicePresets: readonly DevicePresetEntry[],
): { drive: string; driveFileName: string } {
  const device = parseDeviceObject(draft.deviceText);
  const name = typeof device.name === 'string' && device.name ? device.name : null;
  const preset = devicePresets.find((entry) => entry.id === draft.devicePresetId);
  const driveFileName = name ?? draft.devicePresetId ?? 'custom drive';
  if (preset && (name === null || name === preset.id)) {
    return { drive: preset.label, driveFileName };
  }
  return { drive: driveFileName, driveFileName };
}

/** The names of the run on screen (null before one is loaded). */
export function reportNamesOf(state: AppState): ReportNames | null {
  const { applied, schema, scenarios, devicePresets } = state.config;
  if (!applied || !schema) return null;
  const device = parseDeviceObject(applied.deviceText);
  const workload = workloadOf(applied, state.traces.applied ?? state.traces);
  return {
    ...driveNamesOf(applied, devicePresets),
    driveSource: typeof device.source === 'string' ? device.source : null,
    scenario: scenarios.find((entry) => entry.id === applied.scenarioId)?.name ?? null,
    fillFraction: effectivePreconditionFill(applied, schema),
    workload: workloadLine(workload),
    workloadText: workload.kind === 'fio' ? workload.fioText : '',
  };
}

/**
 * The exports' context line: "QLC 1 TB, Intel 660p/665p-like (12 + 128 GB SLC,
 * fold-then-write) · 50 % full · fio job seqwrite-1m-qd64".
 */
export function contextLine(names: ReportNames | null): string {
  if (!names) return '';
  const fill =
    names.fillFraction === null ? [] : [`${Math.round(names.fillFraction * 100)} % full`];
  return [names.drive, ...fill, names.workload].join(' · ');
}

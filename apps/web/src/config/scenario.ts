// Pure helpers over a ScenarioDraft: what the form shows (the device text's
// values under the user's overrides, over the simulator's documented
// defaults), the quick checks made before the worker is asked to start, and
// the LoadRequest the worker receives. Full validation is the simulator's
// job; its errors name the file and line.

import type { LoadRequest } from '@flashscope/wasm/protocol';
import { generatorLabel, loadRequestFor, type RunWorkload } from '../trace/runWorkload';
import {
  GC_VICTIM_POLICIES,
  GEOMETRY_KEYS,
  SCHEDULERS,
  type GcVictimPolicy,
  type GeometryKey,
  type PolicyChoice,
  type ScenarioDraft,
  type SchedulerName,
} from '../store/scenarioDraft';
import { classicOverrides } from './classicPolicy';
import { conflictOverrides } from './conflictPolicy';
import { slcOverrides } from './slcPolicy';
import { znsOverrides } from './znsPolicy';

/** Defaults of packages/sim-core/src/config/device_config.h. */
export const DEVICE_DEFAULTS = {
  geometry: {
    channels: 8,
    dies_per_channel: 2,
    planes_per_die: 2,
    blocks_per_plane: 128,
    pages_per_block: 768,
  } satisfies Record<GeometryKey, number>,
  overprovision: 0.07,
  policy: { gcVictim: 'greedy', gcBackground: true, scheduler: 'fifo' } satisfies PolicyChoice,
  preconditionFill: 0,
};

type Json = Record<string, unknown>;

function asObject(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : {};
}

/** The device text as an object, or {} while it does not parse. */
export function parseDeviceObject(deviceText: string): Json {
  try {
    return asObject(JSON.parse(deviceText));
  } catch {
    return {};
  }
}

export function effectiveGeometry(draft: ScenarioDraft): Record<GeometryKey, number> {
  const fromText = asObject(parseDeviceObject(draft.deviceText).geometry);
  const geometry = { ...DEVICE_DEFAULTS.geometry };
  for (const key of GEOMETRY_KEYS) {
    const value = draft.geometry[key] ?? fromText[key];
    if (typeof value === 'number') geometry[key] = value;
  }
  return geometry;
}

export function effectiveOverprovision(draft: ScenarioDraft): number {
  const fromText = parseDeviceObject(draft.deviceText).overprovision;
  return draft.overprovision ?? (typeof fromText === 'number' ? fromText : 0.07);
}

export function effectivePreconditionFill(draft: ScenarioDraft): number {
  const fromText = asObject(parseDeviceObject(draft.deviceText).precondition).fill;
  return draft.preconditionFill ?? (typeof fromText === 'number' ? fromText : 0);
}

export function effectivePolicy(draft: ScenarioDraft): PolicyChoice {
  const device = parseDeviceObject(draft.deviceText);
  const gc = asObject(device.gc);
  const victim = GC_VICTIM_POLICIES.includes(gc.victim as GcVictimPolicy)
    ? (gc.victim as GcVictimPolicy)
    : DEVICE_DEFAULTS.policy.gcVictim;
  const scheduler = SCHEDULERS.includes(device.scheduler as SchedulerName)
    ? (device.scheduler as SchedulerName)
    : DEVICE_DEFAULTS.policy.scheduler;
  return {
    gcVictim: draft.policy.gcVictim ?? victim,
    gcBackground:
      draft.policy.gcBackground ??
      (typeof gc.background === 'boolean' ? gc.background : DEVICE_DEFAULTS.policy.gcBackground),
    scheduler: draft.policy.scheduler ?? scheduler,
  };
}

export function samePolicy(a: PolicyChoice, b: PolicyChoice): boolean {
  return (
    a.gcVictim === b.gcVictim && a.gcBackground === b.gcBackground && a.scheduler === b.scheduler
  );
}

/** The checks made before the worker starts; null when the draft may be sent. */
export function validateDraft(draft: ScenarioDraft): string | null {
  const problem = validateDevice(draft);
  if (problem) return problem;
  if (draft.workloadGenerator) return null;
  if (draft.fioText.trim() === '') return `${workloadFileName(draft)}: the fio job is empty`;
  return null;
}

/** validateDraft without the fio job: what a trace run needs of the draft. */
export function validateDevice(draft: ScenarioDraft): string | null {
  const name = deviceFileName(draft);
  if (draft.deviceText.trim() === '') return `${name}: the device JSON is empty`;
  try {
    const parsed: unknown = JSON.parse(draft.deviceText);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return `${name}: the device JSON must be an object, e.g. {"cell": "tlc"}`;
    }
  } catch (error) {
    return `${name}: not valid JSON (${(error as Error).message})`;
  }
  for (const key of GEOMETRY_KEYS) {
    const value = draft.geometry[key];
    if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
      return `geometry.${key} must be a whole number above 0`;
    }
  }
  if (draft.overprovision !== null && !(draft.overprovision > 0)) {
    return 'overprovision must be above 0';
  }
  const fill = draft.preconditionFill;
  if (fill !== null && !(fill >= 0 && fill <= 1)) {
    return 'the precondition fill must be between 0 and 100 %';
  }
  return null;
}

export function deviceFileName(draft: ScenarioDraft): string {
  if (draft.devicePresetId) return `${draft.devicePresetId}.json`;
  return draft.scenarioId ? `${draft.scenarioId}.json` : 'device.json';
}

export function workloadFileName(draft: ScenarioDraft): string {
  if (draft.scenarioId && !draft.workloadPresetId) return `${draft.scenarioId}.json (fio_job)`;
  return draft.workloadPresetId ? `${draft.workloadPresetId}.fio` : 'job.fio';
}

/** The overrides the draft adds to its device text, as the CLI's --set. */
export function overridesOf(draft: ScenarioDraft): string[] {
  return [...workloadOverridesOf(draft), ...deviceOverridesOf(draft)];
}

/**
 * The overrides that travel with the workload (a trace or fio job alike):
 * the preset's or scenario's extra --set entries and the precondition fill,
 * which the workload panel shows.
 */
export function workloadOverridesOf(draft: ScenarioDraft): string[] {
  const set = [...draft.workloadSet];
  if (draft.preconditionFill !== null) set.push(`precondition.fill=${draft.preconditionFill}`);
  return set;
}

/**
 * The overrides of the device panel: geometry, capacity, policies, the SLC
 * cache, ZNS, the mapping scheme and write cache (after the SLC cache's, so
 * the classic device's slc_cache=null comes last), the conflict controls.
 */
export function deviceOverridesOf(draft: ScenarioDraft): string[] {
  const set: string[] = [];
  for (const key of GEOMETRY_KEYS) {
    const value = draft.geometry[key];
    if (value !== undefined) set.push(`geometry.${key}=${value}`);
  }
  if (draft.overprovision !== null) set.push(`overprovision=${draft.overprovision}`);
  const { gcVictim, gcBackground, scheduler } = draft.policy;
  if (gcVictim !== undefined) set.push(`gc.victim=${gcVictim}`);
  if (gcBackground !== undefined) set.push(`gc.background=${gcBackground}`);
  if (scheduler !== undefined) set.push(`scheduler=${scheduler}`);
  set.push(...slcOverrides(draft));
  set.push(...znsOverrides(draft));
  set.push(...classicOverrides(draft));
  set.push(...conflictOverrides(draft));
  return set;
}

/**
 * The request that runs the draft: its fio job (or its scenario's
 * generator), or `workload` (a trace, or the compare view's choice) on the
 * draft's device.
 */
export function buildLoadRequest(draft: ScenarioDraft, workload?: RunWorkload): LoadRequest {
  const run = workload ?? draftWorkload(draft);
  return loadRequestFor(draft.deviceText, deviceOverridesOf(draft), run, deviceFileName(draft));
}

/** The draft's own workload: its scenario's generator when it has one, else its fio job. */
export function draftWorkload(draft: ScenarioDraft): RunWorkload {
  const set = workloadOverridesOf(draft);
  const generator = draft.workloadGenerator;
  if (generator) {
    return { kind: 'generator', label: generatorLabel(generator), fioText: '', generator, set };
  }
  return { kind: 'fio', label: workloadFileName(draft), fioText: draft.fioText, set };
}

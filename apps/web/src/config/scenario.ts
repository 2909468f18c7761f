// Pure helpers over a ScenarioDraft: the quick checks made before the
// worker is asked to start, the overrides the form adds and the LoadRequest
// the worker receives (what the form shows is deviceValues.ts). Full
// validation is the simulator's job; its errors name the file and line.

import type { DeviceSchema, LoadRequest } from '@flashscope/wasm/protocol';
import { generatorLabel, loadRequestFor, type RunWorkload } from '../trace/runWorkload';
import { GEOMETRY_KEYS, type ScenarioDraft } from '../store/scenarioDraft';
import { classicOverrides } from './classicPolicy';
import { conflictOverrides } from './conflictPolicy';
import { slcOverrides } from './slcPolicy';
import { znsOverrides } from './znsPolicy';

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
export function overridesOf(draft: ScenarioDraft, schema: DeviceSchema): string[] {
  return [...workloadOverridesOf(draft), ...deviceOverridesOf(draft, schema)];
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
export function deviceOverridesOf(draft: ScenarioDraft, schema: DeviceSchema): string[] {
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
  set.push(...classicOverrides(draft, schema));
  set.push(...conflictOverrides(draft));
  return set;
}

/**
 * The request that runs the draft: its fio job (or its scenario's
 * generator), or `workload` (a trace, or the compare view's choice) on the
 * draft's device.
 */
export function buildLoadRequest(
  draft: ScenarioDraft,
  schema: DeviceSchema,
  workload?: RunWorkload,
): LoadRequest {
  const run = workload ?? draftWorkload(draft);
  return loadRequestFor(
    draft.deviceText,
    deviceOverridesOf(draft, schema),
    run,
    deviceFileName(draft),
  );
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

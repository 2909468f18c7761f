// Scenario files (public/scenarios/*.json, and the `load` of a lesson step)
// as drafts: the same keys the CLI's `flashscope run --scenario` reads
// (packages/sim-core/src/scenario/scenario.cpp): device ("preset:NAME", a
// path beside the file, or an object), set ({dotted key: value}) and fio (a
// job file beside it) or fio_job (its text). The set is spread over the
// draft's form fields where the form has one (fill level, policies,
// geometry), so the controls show what will run; other keys travel as they
// are.

import {
  EMPTY_DRAFT,
  GC_VICTIM_POLICIES,
  GEOMETRY_KEYS,
  SCHEDULERS,
  type GcVictimPolicy,
  type GeometryKey,
  type SchedulerName,
  type ScenarioDraft,
} from '../store/scenarioDraft';
import {
  PIN_SMALL_CHOICES,
  SLC_PLACEMENTS,
  SLC_WHEN_FULL,
  type SlcPlacement,
  type SlcWhenFull,
} from './slcPolicy';

export interface ScenarioFile {
  name: string;
  description: string;
  device: string | Record<string, unknown>;
  set: Record<string, unknown>;
  fio?: string;
  fio_job?: string;
}

const KNOWN_KEYS = ['name', 'description', 'device', 'set', 'fio', 'fio_job'];

/** Checks a parsed scenario's shape; throws an Error naming `file` and the problem. */
export function checkScenario(value: unknown, file: string): ScenarioFile {
  const fail = (problem: string): never => {
    throw new Error(`${file}: ${problem}`);
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    fail('a scenario must be a JSON object');
  }
  const root = value as Record<string, unknown>;
  for (const key of Object.keys(root)) {
    if (!KNOWN_KEYS.includes(key)) fail(`unknown key "${key}" in a scenario`);
  }
  const device = root.device;
  const deviceOk =
    typeof device === 'string' ||
    (device !== null && typeof device === 'object' && !Array.isArray(device));
  if (!deviceOk) fail('device must be "preset:NAME", a path or an object');
  const set = root.set ?? {};
  if (set === null || typeof set !== 'object' || Array.isArray(set)) fail('set must be an object');
  if (typeof root.fio !== 'string' && typeof root.fio_job !== 'string') {
    fail('scenario needs "fio" (a job file) or "fio_job" (its text)');
  }
  return {
    name: typeof root.name === 'string' ? root.name : file,
    description: typeof root.description === 'string' ? root.description : '',
    device: device as ScenarioFile['device'],
    set: set as Record<string, unknown>,
    fio: typeof root.fio === 'string' ? root.fio : undefined,
    fio_job: typeof root.fio_job === 'string' ? root.fio_job : undefined,
  };
}

/** "preset:NAME" -> NAME, else null. */
export function presetName(device: ScenarioFile['device']): string | null {
  return typeof device === 'string' && device.startsWith('preset:')
    ? device.slice('preset:'.length)
    : null;
}

/** A --set value as the CLI's ApplyOverride reads it (strings unquoted, like the form's). */
function setValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function oneOf<T extends string>(names: readonly T[], value: unknown): T | undefined {
  return names.includes(value as T) ? (value as T) : undefined;
}

/**
 * The draft for a scenario whose device text and fio text have been
 * fetched. Known keys of `set` become form fields; a value the form cannot
 * show (an unknown policy name) stays in workloadSet, so the simulator
 * reports it.
 */
export function draftFromScenario(
  scenario: ScenarioFile,
  parts: { scenarioId: string; deviceText: string; devicePresetId: string | null; fioText: string },
): ScenarioDraft {
  const draft: ScenarioDraft = {
    ...EMPTY_DRAFT,
    scenarioId: parts.scenarioId,
    devicePresetId: parts.devicePresetId,
    deviceText: parts.deviceText,
    fioText: parts.fioText,
    geometry: {},
    policy: {},
    slcPolicy: {},
    workloadSet: [],
  };
  for (const [key, value] of Object.entries(scenario.set)) {
    if (!absorb(draft, key, value)) draft.workloadSet.push(`${key}=${setValue(value)}`);
  }
  return draft;
}

/** Puts one set entry into its form field; false when the form has none for it. */
function absorb(draft: ScenarioDraft, key: string, value: unknown): boolean {
  const number = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  const bool = typeof value === 'boolean' ? value : undefined;
  if (key === 'precondition.fill' && number !== undefined && number >= 0 && number <= 1) {
    draft.preconditionFill = number;
    return true;
  }
  if (key === 'overprovision' && number !== undefined && number > 0) {
    draft.overprovision = number;
    return true;
  }
  if (key.startsWith('geometry.')) {
    const name = key.slice('geometry.'.length) as GeometryKey;
    if (GEOMETRY_KEYS.includes(name) && number !== undefined && Number.isInteger(number)) {
      draft.geometry[name] = number;
      return true;
    }
    return false;
  }
  switch (key) {
    case 'gc.victim':
      return assign(draft.policy, 'gcVictim', oneOf<GcVictimPolicy>(GC_VICTIM_POLICIES, value));
    case 'gc.background':
      return assign(draft.policy, 'gcBackground', bool);
    case 'scheduler':
      return assign(draft.policy, 'scheduler', oneOf<SchedulerName>(SCHEDULERS, value));
    case 'slc_cache.placement':
      return assign(draft.slcPolicy, 'placement', oneOf<SlcPlacement>(SLC_PLACEMENTS, value));
    case 'slc_cache.when_full':
      return assign(draft.slcPolicy, 'whenFull', oneOf<SlcWhenFull>(SLC_WHEN_FULL, value));
    case 'slc_cache.read_promotion':
      return assign(draft.slcPolicy, 'readPromotion', bool);
    case 'slc_cache.persistent_bytes':
      // The toggle is on/off; a size other than 0 stays a plain override.
      return assign(draft.slcPolicy, 'persistent', number === 0 ? false : undefined);
    case 'slc_cache.pin_small_bytes':
      // Only sizes the toggle offers; any other stays a plain override.
      return assign(
        draft.slcPolicy,
        'pinSmallBytes',
        PIN_SMALL_CHOICES.includes(number as (typeof PIN_SMALL_CHOICES)[number])
          ? number
          : undefined,
      );
    default:
      return false;
  }
}

function assign<T extends object, K extends keyof T>(
  target: T,
  key: K,
  value: T[K] | undefined,
): boolean {
  if (value === undefined) return false;
  target[key] = value;
  return true;
}

// Scenario files (public/scenarios/*.json, and the `load` of a lesson step)
// as drafts: the same keys the CLI's `flashscope run --scenario` reads
// (packages/sim-core/src/scenario/scenario.cpp): device ("preset:NAME", a
// path beside the file, or an object), set ({dotted key: value}) and fio (a
// job file beside it) or fio_job (its text). The set is spread over the
// draft's form fields where the form has one (formOverrides.ts), so the
// controls show what will run; other keys travel as they are.

import type { ScenarioDraft } from '../store/scenarioDraft';
import { absorbOverride, draftForOverrides } from './formOverrides';

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
  const draft = draftForOverrides({
    scenarioId: parts.scenarioId,
    devicePresetId: parts.devicePresetId,
    deviceText: parts.deviceText,
    fioText: parts.fioText,
  });
  for (const [key, value] of Object.entries(scenario.set)) {
    if (!absorbOverride(draft, key, value)) draft.workloadSet.push(`${key}=${setValue(value)}`);
  }
  return draft;
}

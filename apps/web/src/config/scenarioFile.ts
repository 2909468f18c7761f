// Scenario files (public/scenarios/*.json, and the `load` of a lesson step)
// as drafts: the same keys the CLI's `flashscope run --scenario` reads
// (packages/sim-core/src/scenario/scenario.cpp): device ("preset:NAME", a
// path beside the file, or an object), set ({dotted key: value}) and one
// workload: fio (a job file beside it), fio_job (its text) or workload (a
// generator, e.g. {"generator": "cloud_block", "num_writes": …}). The set is spread over the
// draft's form fields where the form has one (formOverrides.ts), so the
// controls show what will run; other keys travel as they are.

import {
  WORKLOAD_GENERATORS,
  type DeviceSchema,
  type WorkloadGenerator,
} from '@flashscope/wasm/protocol';
import type { ScenarioDraft } from '../store/scenarioDraft';
import { absorbOverride, draftForOverrides } from './formOverrides';

export interface ScenarioFile {
  name: string;
  description: string;
  device: string | Record<string, unknown>;
  set: Record<string, unknown>;
  fio?: string;
  fio_job?: string;
  workload?: WorkloadGenerator;
  /** Research references behind the scenario: a "Sources" note, never in the description. */
  sources?: string[];
}

// "cli" is a command line for people reading the file (the app never shows it).
const KNOWN_KEYS = [
  'name',
  'description',
  'sources',
  'cli',
  'device',
  'set',
  'fio',
  'fio_job',
  'workload',
];
const WORKLOAD_KEYS = ['fio', 'fio_job', 'workload'] as const;

/**
 * Checks a scenario's "workload" object: a known generator name and, for
 * cloud_block, numbers for the other keys. Which keys a generator takes, and their ranges, are
 * the simulator's to check (its error names the key).
 */
function checkGenerator(value: unknown, fail: (problem: string) => never): WorkloadGenerator {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    fail('workload must be an object, e.g. {"generator": "cloud_block"}');
  }
  const workload = value as Record<string, unknown>;
  if (!WORKLOAD_GENERATORS.includes(workload.generator as WorkloadGenerator['generator'])) {
    fail(
      `workload.generator must be one of ${WORKLOAD_GENERATORS.join(', ')} (got ${JSON.stringify(workload.generator)})`,
    );
  }
  for (const [key, field] of Object.entries(workload)) {
    if (key === 'generator') continue;
    // cloud_block takes numbers only; disksim also a preset name and
    // distribution objects, which the core checks key by key.
    const ok =
      workload.generator === 'disksim'
        ? field !== null && field !== undefined
        : typeof field === 'number' && Number.isFinite(field);
    if (!ok) fail(`workload.${key} must be a number`);
  }
  return { ...(workload as unknown as WorkloadGenerator) };
}

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
  const workloads = WORKLOAD_KEYS.filter((key) => root[key] !== undefined);
  if (workloads.length === 0) {
    fail('scenario needs "fio" (a job file), "fio_job" (its text) or "workload" (a generator)');
  }
  if (workloads.length > 1) fail(`"${workloads.join('" and "')}" exclude each other`);
  if (root.fio !== undefined && typeof root.fio !== 'string') fail('fio must be a file name');
  if (root.fio_job !== undefined && typeof root.fio_job !== 'string') {
    fail('fio_job must be the job text');
  }
  const workload = root.workload === undefined ? undefined : checkGenerator(root.workload, fail);
  const sources = root.sources === undefined ? undefined : checkSources(root.sources, fail);
  if (root.cli !== undefined && typeof root.cli !== 'string') fail('cli must be a string');
  return {
    name: typeof root.name === 'string' ? root.name : file,
    description: typeof root.description === 'string' ? root.description : '',
    device: device as ScenarioFile['device'],
    set: set as Record<string, unknown>,
    fio: typeof root.fio === 'string' ? root.fio : undefined,
    fio_job: typeof root.fio_job === 'string' ? root.fio_job : undefined,
    workload,
    ...(sources ? { sources } : {}),
  };
}

/** An optional "sources" list (scenario or lesson): strings only. */
export function checkSources(value: unknown, fail: (problem: string) => never): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    fail('sources must be a list of strings');
  }
  return [...(value as string[])];
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
 * fetched ('' for a generator workload, which the draft carries instead).
 * Known keys of `set` become form fields; a value the form cannot show (an
 * unknown policy name) stays in workloadSet, so the simulator reports it.
 */
export function draftFromScenario(
  scenario: ScenarioFile,
  parts: { scenarioId: string; deviceText: string; devicePresetId: string | null; fioText: string },
  schema: DeviceSchema,
): ScenarioDraft {
  const draft = draftForOverrides({
    scenarioId: parts.scenarioId,
    devicePresetId: parts.devicePresetId,
    deviceText: parts.deviceText,
    fioText: parts.fioText,
    workloadGenerator: scenario.workload ? { ...scenario.workload } : null,
  });
  for (const [key, value] of Object.entries(scenario.set)) {
    if (!absorbOverride(draft, key, value, schema))
      draft.workloadSet.push(`${key}=${setValue(value)}`);
  }
  return draft;
}

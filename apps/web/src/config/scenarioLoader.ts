// Fetches what a scenario names (its device preset or file, its fio job)
// and turns it into a draft (a generator workload needs no fetch). Used by the scenario picker and by lessons.
// Same-origin files only: presets and scenarios are served from public/.

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import scenarioIndex from 'virtual:scenario-index';
import type { DevicePresetEntry, ScenarioDraft, ScenarioEntry } from '../store/scenarioDraft';
import { devicePresetUrl } from './presets';
import { checkScenario, draftFromScenario, presetName, type ScenarioFile } from './scenarioFile';

const base = () => import.meta.env.BASE_URL ?? '/';

/** The scenarios of public/scenarios, as listed when the app was built. */
export function scenarioEntries(): ScenarioEntry[] {
  return scenarioIndex;
}

export function scenarioUrl(entry: ScenarioEntry): string {
  return `${base()}scenarios/${entry.file}`;
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.text();
}

/** A URL relative to the page's origin, for paths "beside" a scenario file. */
function beside(fileUrl: string, relative: string): string {
  return new URL(relative, new URL(fileUrl, window.location.href)).href;
}

/**
 * The draft for `scenario`, found at `fileUrl` (paths in it are relative to
 * that), using the app's device preset list for "preset:NAME".
 */
export async function resolveScenario(
  scenario: ScenarioFile,
  id: string,
  fileUrl: string,
  devicePresets: readonly DevicePresetEntry[],
  schema: DeviceSchema,
): Promise<ScenarioDraft> {
  const preset = presetName(scenario.device);
  let deviceText: string;
  let devicePresetId: string | null = null;
  if (preset !== null) {
    const entry = devicePresets.find((candidate) => candidate.id === preset);
    if (!entry) throw new Error(`${id}.json: no device preset named "${preset}"`);
    deviceText = await fetchText(devicePresetUrl(entry));
    devicePresetId = entry.id;
  } else if (typeof scenario.device === 'string') {
    deviceText = await fetchText(beside(fileUrl, scenario.device));
  } else {
    deviceText = JSON.stringify(scenario.device, null, 2);
  }
  // A generator workload has no job text: the draft carries the generator.
  const fioText = scenario.workload
    ? ''
    : (scenario.fio_job ?? (await fetchText(beside(fileUrl, scenario.fio ?? 'missing.fio'))));
  return draftFromScenario(
    scenario,
    { scenarioId: id, deviceText, devicePresetId, fioText },
    schema,
  );
}

/** Fetches, checks and resolves one file of public/scenarios. */
export async function fetchScenarioDraft(
  entry: ScenarioEntry,
  devicePresets: readonly DevicePresetEntry[],
  schema: DeviceSchema,
): Promise<ScenarioDraft> {
  const url = scenarioUrl(entry);
  const text = await fetchText(url);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${entry.file}: not valid JSON (${(error as Error).message})`, {
      cause: error,
    });
  }
  return resolveScenario(checkScenario(parsed, entry.file), entry.id, url, devicePresets, schema);
}

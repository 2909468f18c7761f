// The texts a shared link names instead of carrying: a scenario file's
// device and workload, or a device / workload preset's file, as published.

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import { fetchDevicePreset, fetchWorkloadPreset } from '../config/presets';
import { fetchScenarioDraft } from '../config/scenarioLoader';
import type { DevicePresetEntry, ScenarioEntry, WorkloadPresetEntry } from '../store/scenarioDraft';
import type { NamedTexts } from './shareConfig';

export interface NameLists {
  scenarios: readonly ScenarioEntry[];
  devicePresets: readonly DevicePresetEntry[];
  workloadPresets: readonly WorkloadPresetEntry[];
}

export interface Names {
  scenario?: string | null;
  device?: string | null;
  workloadPreset?: string | null;
}

/** The published texts of `names`; throws when a name is not in the lists. */
export async function fetchNamedTexts(
  names: Names,
  lists: NameLists,
  schema: DeviceSchema,
): Promise<NamedTexts> {
  const texts: NamedTexts = {};
  if (names.scenario) {
    const entry = lists.scenarios.find((candidate) => candidate.id === names.scenario);
    if (!entry) throw new Error(`there is no scenario named "${names.scenario}"`);
    const draft = await fetchScenarioDraft(entry, lists.devicePresets, schema);
    texts.deviceText = draft.deviceText;
    texts.fioText = draft.fioText;
    texts.workload = draft.workloadGenerator;
    return texts;
  }
  if (names.device) {
    const entry = lists.devicePresets.find((candidate) => candidate.id === names.device);
    if (!entry) throw new Error(`there is no device preset named "${names.device}"`);
    texts.deviceText = await fetchDevicePreset(entry);
  }
  if (names.workloadPreset) {
    const entry = lists.workloadPresets.find((candidate) => candidate.id === names.workloadPreset);
    if (!entry) throw new Error(`there is no workload preset named "${names.workloadPreset}"`);
    texts.fioText = await fetchWorkloadPreset(entry);
  }
  return texts;
}

// Opens the app on the default scenario, already playing: the preset lists,
// the default device and workload texts, the worker, then the run. A URL
// with ?lesson=ID opens that lesson instead, which loads its own scenario.
// A URL with ?config=… (share/shareConfig.ts) opens that configuration; one
// that cannot be read says so in the error banner, over the default scenario.

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import {
  DEFAULT_DEVICE_PRESET,
  DEFAULT_WORKLOAD_PRESET,
  fetchDevicePreset,
  fetchPresetIndex,
  fetchWorkloadPreset,
} from '../config/presets';
import { scenarioEntries } from '../config/scenarioLoader';
import type { LessonController } from '../lessons/lessonController';
import { lessonIdFromSearch } from '../lessons/lessonFile';
import { configParam, decodeSharedConfig, draftFromShared } from '../share/shareConfig';
import type { AppStore } from '../store';
import type { ScenarioDraft } from '../store/scenarioDraft';
import type { SimSession } from './simSession';

export async function bootstrap(
  store: AppStore,
  session: SimSession,
  lessons: LessonController,
): Promise<void> {
  const started = session.start();
  try {
    const { devices, workloads } = await fetchPresetIndex();
    const { config } = store.getState();
    config.presetsLoaded(devices, workloads);
    config.scenariosLoaded(scenarioEntries());
    const device = devices.find((entry) => entry.id === DEFAULT_DEVICE_PRESET) ?? devices[0];
    const workload =
      workloads.find((entry) => entry.id === DEFAULT_WORKLOAD_PRESET) ?? workloads[0];
    const [deviceText, fioText] = await Promise.all([
      fetchDevicePreset(device),
      fetchWorkloadPreset(workload),
    ]);
    config.selectDevicePreset(device.id, deviceText);
    config.selectWorkloadPreset(workload.id, fioText, workload.set);
  } catch (error) {
    store.getState().sim.reportError({
      kind: 'client',
      message: `Presets could not be loaded: ${(error as Error).message}`,
    });
    await started;
    return;
  }
  // A shared link's overrides are read against the core's schema, which
  // comes with the worker.
  if (!(await started)) return;
  const shared = sharedConfigDraft(window.location.search, store.getState().config.schema!);
  if (shared.draft) store.getState().config.selectScenario(shared.draft);
  const lessonId = lessonIdFromSearch(window.location.search);
  // A lesson that cannot open has said why in the banner; the default runs instead.
  if (shared.value === null && lessonId !== null && (await lessons.open(lessonId))) return;
  await session.apply(store.getState().config.draft, true);
  // After the load, which clears the banner: the default scenario is what runs.
  if (shared.problem) store.getState().sim.reportError({ kind: 'client', message: shared.problem });
}

/** The draft a ?config= value stands for, or why it could not be read. */
function sharedConfigDraft(
  search: string,
  schema: DeviceSchema,
): {
  value: string | null;
  draft: ScenarioDraft | null;
  problem: string | null;
} {
  const value = configParam(search);
  if (value === null) return { value, draft: null, problem: null };
  try {
    return { value, draft: draftFromShared(decodeSharedConfig(value), schema), problem: null };
  } catch (error) {
    const reason = (error as Error).message;
    return {
      value,
      draft: null,
      problem: `The configuration in this link (?config=) could not be read: ${reason}. The default scenario is loaded instead.`,
    };
  }
}

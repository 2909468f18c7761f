// Opens the app on the default scenario, already playing: the preset lists,
// the default device and workload texts, the worker, then the run. A URL
// with ?lesson=ID opens that lesson instead, which loads its own scenario.

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
import type { AppStore } from '../store';
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
  if (!(await started)) return;
  const lessonId = lessonIdFromSearch(window.location.search);
  // A lesson that cannot open has said why in the banner; the default runs instead.
  if (lessonId !== null && (await lessons.open(lessonId))) return;
  await session.apply(store.getState().config.draft, true);
}

// Opens the app on the default scenario, already playing: the preset lists,
// the default device and workload texts, the worker, then the run.

import {
  DEFAULT_DEVICE_PRESET,
  DEFAULT_WORKLOAD_PRESET,
  fetchDevicePreset,
  fetchPresetIndex,
  fetchWorkloadPreset,
} from '../config/presets';
import type { AppStore } from '../store';
import type { SimSession } from './simSession';

export async function bootstrap(store: AppStore, session: SimSession): Promise<void> {
  const started = session.start();
  try {
    const { devices, workloads } = await fetchPresetIndex();
    const { config } = store.getState();
    config.presetsLoaded(devices, workloads);
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
  if (await started) await session.apply(store.getState().config.draft, true);
}

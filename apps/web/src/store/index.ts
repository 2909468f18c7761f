// The app's store: one vanilla Zustand store with the sim, config, view and
// traces slices. createAppStore() makes a fresh one (tests use it); the app uses
// the module-level appStore through useAppStore.

import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { sliceAccess, type AppState, type AppStore } from './appState';
import { createConfigSlice } from './configSlice';
import { createSimSlice } from './simSlice';
import { createTraceSlice } from './traceSlice';
import { createViewSlice } from './viewSlice';

export type { AppState, AppStore } from './appState';

export function createAppStore(): AppStore {
  return createStore<AppState>()((set, get) => {
    const sim = sliceAccess(set, get, 'sim');
    const config = sliceAccess(set, get, 'config');
    const view = sliceAccess(set, get, 'view');
    const traces = sliceAccess(set, get, 'traces');
    const configSlice = createConfigSlice(config.set, config.get);
    return {
      sim: createSimSlice(sim.set, sim.get),
      config: {
        ...configSlice,
        // A scenario file, a lesson or a workload preset brings its own fio
        // job: the workload panel goes back to it, so Apply runs what was
        // chosen. The trace file and its summary stay for a switch back.
        selectScenario: (draft) => {
          traces.set({ mode: 'fio' });
          configSlice.selectScenario(draft);
        },
        selectWorkloadPreset: (id, fioText, presetSet) => {
          traces.set({ mode: 'fio' });
          configSlice.selectWorkloadPreset(id, fioText, presetSet);
        },
        applyWorkloadTemplate: (fioText) => {
          traces.set({ mode: 'fio' });
          configSlice.applyWorkloadTemplate(fioText);
        },
      },
      view: createViewSlice(view.set),
      traces: createTraceSlice(traces.set, traces.get),
    };
  });
}

export const appStore = createAppStore();

export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}

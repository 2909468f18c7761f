// The app's store: one vanilla Zustand store with the sim, config and view
// slices. createAppStore() makes a fresh one (tests use it); the app uses
// the module-level appStore through useAppStore.

import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { sliceAccess, type AppState, type AppStore } from './appState';
import { createConfigSlice } from './configSlice';
import { createSimSlice } from './simSlice';
import { createViewSlice } from './viewSlice';

export type { AppState, AppStore } from './appState';

export function createAppStore(): AppStore {
  return createStore<AppState>()((set, get) => {
    const sim = sliceAccess(set, get, 'sim');
    const config = sliceAccess(set, get, 'config');
    const view = sliceAccess(set, get, 'view');
    return {
      sim: createSimSlice(sim.set, sim.get),
      config: createConfigSlice(config.set, config.get),
      view: createViewSlice(view.set),
    };
  });
}

export const appStore = createAppStore();

export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}

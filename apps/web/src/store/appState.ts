// The shape of the whole store: one namespace per slice (docs/conventions.md
// convention 9). Each slice creator receives a setter scoped to its own
// namespace, so its actions read like the reducers they are.

import type { StoreApi } from 'zustand/vanilla';
import type { ConfigSlice } from './configSlice';
import type { SimSlice } from './simSlice';
import type { TraceSlice } from './traceSlice';
import type { ViewSlice } from './viewSlice';

export interface AppState {
  sim: SimSlice;
  config: ConfigSlice;
  view: ViewSlice;
  traces: TraceSlice;
}

export type AppStore = StoreApi<AppState>;

type Patch<T> = Partial<T> | ((current: T) => Partial<T>);

export type SliceSet<K extends keyof AppState> = (patch: Patch<AppState[K]>) => void;
export type SliceGet<K extends keyof AppState> = () => AppState[K];

export function sliceAccess<K extends keyof AppState>(
  set: AppStore['setState'],
  get: AppStore['getState'],
  key: K,
): { set: SliceSet<K>; get: SliceGet<K> } {
  return {
    set: (patch) =>
      set((state) => {
        const current = state[key];
        const delta = typeof patch === 'function' ? patch(current) : patch;
        // An empty patch changes nothing: no new slice object, no notification.
        if (Object.keys(delta).length === 0) return state;
        return { [key]: { ...current, ...delta } } as unknown as Partial<AppState>;
      }),
    get: () => get()[key],
  };
}

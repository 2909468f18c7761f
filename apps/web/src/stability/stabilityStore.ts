// The Stability tab's state: the settings of the next test and the test on
// screen (its progress while it runs, then its result). A vanilla Zustand
// store of its own, like the compare view's: nothing here belongs to the
// live run.

import type { StabilityProgress } from '@flashscope/wasm/protocol';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StabilityResult } from './stabilityResult';

/** Seed 001's QoS limits (4 KiB 70/30 mix: read ≤ 1000 µs, write ≤ 200 µs) and the PTS round cap. */
export const DEFAULT_SETTINGS: StabilitySettings = {
  workload: 'default',
  qosReadUs: 1000,
  qosWriteUs: 200,
  roundsMax: 25,
};

export interface StabilitySettings {
  /** The default 4 KiB random 70/30 round, or the fio job of the panel on the left. */
  workload: 'default' | 'panel';
  qosReadUs: number;
  qosWriteUs: number;
  roundsMax: number;
}

export type StabilityStatus = 'idle' | 'running' | 'done' | 'stopped' | 'error';

/** The test on screen. */
export interface StabilityTest {
  status: StabilityStatus;
  /** The device's label and the workload's, as the report titles them. */
  deviceLabel: string;
  workloadLabel: string;
  createdAtMs: number;
  progress: StabilityProgress | null;
  /** The result JSON text as the simulator wrote it (what the JSON export saves). */
  resultText: string | null;
  result: StabilityResult | null;
  error: string | null;
}

export interface StabilityState {
  settings: StabilitySettings;
  test: StabilityTest | null;
  setSettings(patch: Partial<StabilitySettings>): void;
  testStarted(test: StabilityTest): void;
  testChanged(patch: Partial<StabilityTest>): void;
}

export type StabilityStore = StoreApi<StabilityState>;

export function createStabilityStore(): StabilityStore {
  return createStore<StabilityState>()((set) => ({
    settings: DEFAULT_SETTINGS,
    test: null,
    setSettings: (patch) => set((state) => ({ settings: { ...state.settings, ...patch } })),
    testStarted: (test) => set({ test }),
    testChanged: (patch) =>
      set((state) => (state.test ? { test: { ...state.test, ...patch } } : {})),
  }));
}

export const stabilityStore = createStabilityStore();

export function useStability<T>(selector: (state: StabilityState) => T): T {
  return useStore(stabilityStore, selector);
}

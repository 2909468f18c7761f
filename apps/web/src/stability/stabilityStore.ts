// The Stability tab's state: the settings of the next test, the test on
// screen (its progress while it runs, then its result), and the finished
// runs kept side by side (their summaries, not their series). A vanilla
// Zustand store of its own, like the compare view's: nothing here belongs
// to the live run.

import type { StabilityProgress } from '@flashscope/wasm/protocol';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { appendRun, type StabilityRunSummary } from './stabilityRuns';
import type { StabilityResult } from './stabilityResult';

/** Seed 001's two full-drive passes of 4K random writes (stability_flow.h's default). */
export const DEFAULT_RANDOM_PRECONDITION = 2;

/** Seed 001's QoS limits (4 KiB 70/30 mix: read ≤ 1000 µs, write ≤ 200 µs) and the PTS round cap. */
export const DEFAULT_SETTINGS: StabilitySettings = {
  workload: 'default',
  qosReadUs: 1000,
  qosWriteUs: 200,
  roundsMax: 25,
  randomPrecondition: DEFAULT_RANDOM_PRECONDITION,
};

export interface StabilitySettings {
  /** The default 4 KiB random 70/30 round, or the fio job of the panel on the left. */
  workload: 'default' | 'panel';
  qosReadUs: number;
  qosWriteUs: number;
  roundsMax: number;
  /**
   * Times the capacity of 4 KiB random writes after the sequential
   * preconditioning (0–10): what a paced (rate_iops) job needs to start
   * from a drive in GC steady state.
   */
  randomPrecondition: number;
}

export type StabilityStatus = 'idle' | 'running' | 'done' | 'stopped' | 'error';

/** The test on screen. */
export interface StabilityTest {
  status: StabilityStatus;
  /** The device's label and the workload's, as the report titles them. */
  deviceLabel: string;
  workloadLabel: string;
  /** What the device does about GC and conflicts ("greedy GC · bg GC · no suspend"). */
  controlsLabel: string;
  createdAtMs: number;
  progress: StabilityProgress | null;
  /** The result JSON text as the simulator wrote it (what the JSON export saves). */
  resultText: string | null;
  result: StabilityResult | null;
  error: string | null;
}

/** A run of the standard variants one after another. */
export interface StabilityComparison {
  /** Variants finished, and how many there are. */
  done: number;
  total: number;
  /** What this comparison cannot show (closed-loop measurement, equal GC reserves). */
  notes: string[];
}

export interface StabilityState {
  settings: StabilitySettings;
  test: StabilityTest | null;
  /** Finished runs, oldest first (at most HISTORY_LIMIT). */
  history: StabilityRunSummary[];
  /** The comparison under way or last run; null before any. */
  comparison: StabilityComparison | null;
  setSettings(patch: Partial<StabilitySettings>): void;
  testStarted(test: StabilityTest): void;
  testChanged(patch: Partial<StabilityTest>): void;
  runFinished(run: StabilityRunSummary): void;
  clearHistory(): void;
  comparisonChanged(comparison: StabilityComparison | null): void;
}

export type StabilityStore = StoreApi<StabilityState>;

export function createStabilityStore(): StabilityStore {
  return createStore<StabilityState>()((set) => ({
    settings: DEFAULT_SETTINGS,
    test: null,
    history: [],
    comparison: null,
    setSettings: (patch) => set((state) => ({ settings: { ...state.settings, ...patch } })),
    testStarted: (test) => set({ test }),
    testChanged: (patch) =>
      set((state) => (state.test ? { test: { ...state.test, ...patch } } : {})),
    runFinished: (run) => set((state) => ({ history: appendRun(state.history, run) })),
    clearHistory: () => set({ history: [], comparison: null }),
    comparisonChanged: (comparison) => set({ comparison }),
  }));
}

export const stabilityStore = createStabilityStore();

export function useStability<T>(selector: (state: StabilityState) => T): T {
  return useStore(stabilityStore, selector);
}

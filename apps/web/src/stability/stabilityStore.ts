// The Stability tab's state: the settings of the next test, the test on
// screen (its progress while it runs, then its result), and the finished
// runs kept side by side (their summaries, not their series). A vanilla
// Zustand store of its own, like the compare view's: nothing here belongs
// to the live run.

import type { StabilityDefaults, StabilityProgress } from '@flashscope/wasm/protocol';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { appendRun, type StabilityRunSummary } from './stabilityRuns';
import type { StabilityResult } from './stabilityResult';

/**
 * The settings a test starts from: the core's (fs_stability_defaults: seed
 * 001's QoS limits, the PTS round cap, two passes of random writes), never
 * a copy of them.
 */
export function settingsFrom(defaults: StabilityDefaults): StabilitySettings {
  return {
    workload: 'default',
    qosReadUs: defaults.qos_read_us,
    qosWriteUs: defaults.qos_write_us,
    roundsMax: defaults.rounds_max,
    randomPrecondition: defaults.random_precondition,
    samplingMs: defaults.series_interval_ms,
  };
}

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
  /**
   * The IOPS sampling interval CV and consistency are computed over (ms):
   * the core's default suits small drives' short rounds; seed 001 samples
   * every second (nmon), which smooths what a 10 ms view shows.
   */
  samplingMs: number;
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
  /** The core's defaults, limits and --compare variants; null until the worker answers. */
  defaults: StabilityDefaults | null;
  /** The next test's settings; null until the defaults have loaded. */
  settings: StabilitySettings | null;
  test: StabilityTest | null;
  /** Finished runs, oldest first (at most HISTORY_LIMIT). */
  history: StabilityRunSummary[];
  /** The comparison under way or last run; null before any. */
  comparison: StabilityComparison | null;
  /** The core answered: the settings start from its defaults (kept if already set). */
  defaultsLoaded(defaults: StabilityDefaults): void;
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
    defaults: null,
    settings: null,
    test: null,
    history: [],
    comparison: null,
    defaultsLoaded: (defaults) =>
      set((state) => ({ defaults, settings: state.settings ?? settingsFrom(defaults) })),
    setSettings: (patch) =>
      set((state) => (state.settings ? { settings: { ...state.settings, ...patch } } : {})),
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

// The compare view's own vanilla Zustand store (the app store's slices
// belong to the live run): the configurations being edited, and the compare
// run shown under them — its progress per column and, as columns finish,
// their outcomes. Live series are SeriesBuffers held by reference and
// marked changed by `version` (docs/conventions.md convention 9); the runner
// (compareRunner.ts) writes them and bumps it a few times a second.

import type { DeviceSchema } from '@flashscope/wasm/protocol';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RunOutcome, SavedConfig, SavedWorkload } from '../runs/runRecord';
import type { ScenarioDraft } from '../store/scenarioDraft';
import type { SeriesBuffer } from '../store/seriesBuffer';
import {
  MAX_COMPARE_CONFIGS,
  MIN_COMPARE_CONFIGS,
  configFromDraft,
  copyConfig,
  withChanges,
  type CompareConfig,
} from './compareConfig';

export type ColumnStatus = 'starting' | 'running' | 'done' | 'stopped' | 'error';

export interface ColumnProgress {
  status: ColumnStatus;
  simTimeNs: number;
  /** In [0, 1); null when it cannot be told (see runProgress.ts). */
  fraction: number | null;
  error: string | null;
}

/** What a running column has shown so far (replaced by its outcome when it ends). */
export interface LiveColumn {
  series: SeriesBuffer;
  latencyCdf: Array<[number, number]>;
  hasSlcCache: boolean;
}

export interface CompareRun {
  /** The ids of the configurations run, in column order (their cards show the progress). */
  configIds: string[];
  configs: SavedConfig[];
  workload: SavedWorkload;
  createdAtMs: number;
  progress: ColumnProgress[];
  live: LiveColumn[];
  outcomes: Array<RunOutcome | null>;
  /** Bumped whenever live series or progress change. */
  version: number;
  /** The saved run's id once stored. */
  savedId: number | null;
}

export interface CompareState {
  configs: CompareConfig[];
  nextId: number;
  run: CompareRun | null;
  running: boolean;
  /** Why the compare could not start (no workload, say); null otherwise. */
  problem: string | null;

  /** Two configurations from the panel's device (named `deviceName` in errors), once. */
  initialise(draft: ScenarioDraft, schema: DeviceSchema, deviceName: string): void;
  add(): void;
  remove(id: string): void;
  update(id: string, patch: Partial<CompareConfig>): void;
  replace(config: CompareConfig): void;
  setProblem(problem: string | null): void;
  runStarted(run: CompareRun): void;
  runChanged(patch: Partial<CompareRun>): void;
  runEnded(): void;
}

export type CompareStore = StoreApi<CompareState>;

export function createCompareStore(): CompareStore {
  return createStore<CompareState>()((set, get) => ({
    configs: [],
    nextId: 1,
    run: null,
    running: false,
    problem: null,

    initialise: (draft, schema, deviceName) => {
      if (get().configs.length > 0) return;
      const first = configFromDraft(draft, schema, 'c1', deviceName);
      set({ configs: [first, copyConfig(first, 'c2')], nextId: 3 });
    },

    // A new column copies the last one: a what-if usually changes one thing.
    add: () => {
      const { configs, nextId } = get();
      if (configs.length >= MAX_COMPARE_CONFIGS || configs.length === 0) return;
      set({
        configs: [...configs, copyConfig(configs[configs.length - 1], `c${nextId}`)],
        nextId: nextId + 1,
      });
    },

    remove: (id) => {
      const { configs } = get();
      if (configs.length <= MIN_COMPARE_CONFIGS) return;
      set({ configs: configs.filter((config) => config.id !== id) });
    },

    update: (id, patch) =>
      set({
        configs: get().configs.map((config) =>
          config.id === id ? withChanges(config, patch) : config,
        ),
      }),

    replace: (next) =>
      set({ configs: get().configs.map((config) => (config.id === next.id ? next : config)) }),

    setProblem: (problem) => set({ problem }),
    runStarted: (run) => set({ run, running: true, problem: null }),
    runChanged: (patch) => {
      const { run } = get();
      if (run) set({ run: { ...run, ...patch, version: run.version + 1 } });
    },
    runEnded: () => set({ running: false }),
  }));
}

export const compareStore = createCompareStore();

export function useCompare<T>(selector: (state: CompareState) => T): T {
  return useStore(compareStore, selector);
}

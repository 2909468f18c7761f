// The sweep panel's own vanilla Zustand store (the compare view unmounts
// when another view is shown; the opened sweep stays): the decoded results
// held by reference (their typed arrays are never copied into reactive
// state), the chosen metric and setting, and the last problem.

import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { openSweepFile } from './sweepClient';
import type { SweepResults } from './sweepResults';

export interface SweepState {
  results: SweepResults | null;
  /** The file being read, while it is. */
  opening: string | null;
  error: string | null;
  metric: string;
  setting: string;
  open(file: File): Promise<void>;
  choose(change: Partial<Pick<SweepState, 'metric' | 'setting'>>): void;
}

export const sweepStore = createStore<SweepState>()((set) => ({
  results: null,
  opening: null,
  error: null,
  metric: '',
  setting: '',
  async open(file) {
    set({ opening: file.name, error: null });
    try {
      const results = await openSweepFile(file);
      set({
        results,
        opening: null,
        metric: results.metrics.includes('waf') ? 'waf' : (results.metrics[0] ?? ''),
        setting: results.swept[0] ?? '',
      });
    } catch (error) {
      // What is shown is always the last file chosen: a bad one replaces the sweep.
      set({ results: null, opening: null, error: (error as Error).message });
    }
  },
  choose(change) {
    set(change);
  },
}));

export function useSweep<T>(selector: (state: SweepState) => T): T {
  return useStore(sweepStore, selector);
}

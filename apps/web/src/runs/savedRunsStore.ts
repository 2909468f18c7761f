// The saved runs as the UI sees them: a vanilla Zustand store of its own
// (not a slice of the app store, whose slices belong to the live run) over
// RunDatabase. The database opens lazily, once; a failure to open is shown
// in the Saved runs view and saving turns into a no-op with that message.

import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { RunDatabase } from './runDatabase';
import type { RunRecord } from './runRecord';

export interface SavedRunsState {
  runs: RunRecord[];
  /** False until the first list has been read. */
  loaded: boolean;
  /** Why the database could not be used, if it could not. */
  error: string | null;
  /** The run shown in the Saved runs view. */
  openedId: number | null;

  refresh(): Promise<void>;
  /** Stores `record`; resolves with its id (null when saving failed: see error). */
  save(record: RunRecord): Promise<number | null>;
  remove(id: number): Promise<void>;
  open(id: number | null): void;
}

export type SavedRunsStore = StoreApi<SavedRunsState>;

export function createSavedRunsStore(
  openDatabase: () => Promise<RunDatabase> = () => RunDatabase.open(),
): SavedRunsStore {
  let database: Promise<RunDatabase> | null = null;
  // Memoised like a module (Squoosh): one open, shared; a failed open is retried next time.
  const db = () => {
    database ??= openDatabase().catch((error: unknown) => {
      database = null;
      throw error;
    });
    return database;
  };
  const failed = (error: unknown) =>
    `Saved runs are unavailable: ${error instanceof Error ? error.message : String(error)}`;

  return createStore<SavedRunsState>()((set, get) => ({
    runs: [],
    loaded: false,
    error: null,
    openedId: null,

    refresh: async () => {
      try {
        const runs = await (await db()).list();
        const { openedId } = get();
        set({
          runs,
          loaded: true,
          error: null,
          openedId: runs.some((run) => run.id === openedId) ? openedId : null,
        });
      } catch (error) {
        set({ loaded: true, error: failed(error) });
      }
    },

    save: async (record) => {
      try {
        const id = await (await db()).add(record);
        await get().refresh();
        return id;
      } catch (error) {
        set({ error: failed(error) });
        return null;
      }
    },

    remove: async (id) => {
      try {
        await (await db()).delete(id);
        await get().refresh();
      } catch (error) {
        set({ error: failed(error) });
      }
    },

    open: (openedId) => set({ openedId }),
  }));
}

export const savedRuns = createSavedRunsStore();

export function useSavedRuns<T>(selector: (state: SavedRunsState) => T): T {
  return useStore(savedRuns, selector);
}

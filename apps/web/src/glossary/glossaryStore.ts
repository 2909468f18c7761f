// Whether the glossary panel is open, and which entry it was opened at (a
// click on a <Term>). A store of its own: the glossary is independent of
// the run, the configuration and the views.

import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

export interface GlossaryState {
  open: boolean;
  /** The entry to scroll to and highlight; null opens the panel at the top. */
  termId: string | null;
  openAt: (termId: string | null) => void;
  close: () => void;
}

export const glossaryStore = createStore<GlossaryState>()((set) => ({
  open: false,
  termId: null,
  openAt: (termId) => set({ open: true, termId }),
  close: () => set({ open: false, termId: null }),
}));

export function useGlossaryStore<T>(selector: (state: GlossaryState) => T): T {
  return useStore(glossaryStore, selector);
}

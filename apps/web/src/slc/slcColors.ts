// Colours of the SLC cache, shared by the funnel, the device view and the
// charts: static pSLC teal, dynamic pSLC amber, persistent violet, migration
// (folding) a deep teal, and the cliff red.

export const SLC_COLORS = {
  static: '#2a9d8f',
  dynamic: '#e9a03b',
  persistent: '#7b5ea7',
  migration: '#1f6f66',
  cliff: '#c2453d',
} as const;

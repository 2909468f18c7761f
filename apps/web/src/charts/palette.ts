// Series colours shared by the charts (calm, distinguishable, colour-blind
// safe pairs: blue/orange, with grey for secondary lines).

export const COLORS = {
  write: '#2f64a8',
  read: '#e08a2c',
  p99: '#c2453d',
  p50: '#2f64a8',
  mean: '#7a8796',
  waf: '#6a4c9c',
  gcForeground: '#d9822b',
  gcBackground: '#9bb7d4',
  stall: '#c2453d',
  free: '#3d8b50',
  bars: '#7d6bb3',
} as const;

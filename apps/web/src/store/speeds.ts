// The simulation speeds the UI offers: simulated time per wall-clock second.

import type { Speed } from '@flashscope/wasm/protocol';

export interface SpeedOption {
  id: string;
  label: string;
  speed: Speed;
}

const MS = 1_000_000;

export const SPEED_OPTIONS: readonly SpeedOption[] = [
  { id: '1ms', label: '1 ms / s', speed: { kind: 'rate', simNsPerSecond: 1 * MS } },
  { id: '10ms', label: '10 ms / s', speed: { kind: 'rate', simNsPerSecond: 10 * MS } },
  { id: '100ms', label: '100 ms / s', speed: { kind: 'rate', simNsPerSecond: 100 * MS } },
  { id: '1s', label: '1 s / s', speed: { kind: 'rate', simNsPerSecond: 1000 * MS } },
  // Lessons on long runs (a C-lash stream of 200 s simulated, a zoned drive's
  // 260 s): the whole run in half a minute, where "max" is over in a blink.
  { id: '10s', label: '10 s / s', speed: { kind: 'rate', simNsPerSecond: 10_000 * MS } },
  { id: 'max', label: 'As fast as possible', speed: { kind: 'max' } },
];

/** 100 ms of simulated time per second: GC on the default scenario starts after ~4 s. */
export const DEFAULT_SPEED_ID = '100ms';

export function speedById(id: string): Speed {
  return (SPEED_OPTIONS.find((option) => option.id === id) ?? SPEED_OPTIONS[2]).speed;
}

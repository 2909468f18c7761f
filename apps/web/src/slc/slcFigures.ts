// What the SLC views show, from the latest frame, the device the worker
// described and the run's events: pure, so it is tested without a worker.

import type { SlcBurst, SlcMeta } from '@flashscope/wasm/protocol';
import type { SimSlice } from '../store/simSlice';
import type { FunnelFigures } from './funnelGeometry';

export interface SlcView extends FunnelFigures {
  usedBytes: number;
  /** The dynamic allowance now (meta.slc.dynamic_capacity_bytes). */
  dynamicCapacityBytes: number;
  /** The most it can be on this drive (meta.slc.dynamic_max_capacity_bytes): the card's "up to". */
  dynamicMaxBytes: number;
  /** The capacity when the host started (0 before it did): what the cache shrank from. */
  capacityAtStartBytes: number;
  inflowMbps: number;
  outflowMbps: number;
  migrationBytes: number;
  exhausted: boolean;
  /** The first time the cache ran full: simulated ms and host bytes written by then. */
  firstCliff: { t_ms: number; host_written_bytes: number } | null;
  whenFull: string;
  /** The host's bursts as the core reports them (meta.slc.bursts), each with the cache it found. */
  bursts: readonly SlcBurst[];
  /** Bursts so far, also those past the ones the core keeps. */
  burstsTotal: number;
}

/**
 * The largest cache the drive can have, the funnel's rim: static + the
 * most the core lets the dynamic part be on this drive (never below the
 * capacity now, so nothing is drawn above the rim; 1 for an empty scale).
 */
export function maxSlcBytes(slc: SlcMeta): number {
  return Math.max(
    slc.static_capacity_bytes + slc.dynamic_max_capacity_bytes,
    slc.capacity_bytes,
    1,
  );
}

/** Null when the run has no SLC cache (or no frame yet). */
export function slcView(sim: Pick<SimSlice, 'frame' | 'device' | 'events'>): SlcView | null {
  const slc = sim.frame?.meta.slc;
  if (!slc) return null;
  const cache = sim.device?.slc_cache as Record<string, unknown> | null | undefined;
  const firstFull = sim.events.cacheFull[0];
  return {
    maxBytes: maxSlcBytes(slc),
    capacityBytes: slc.capacity_bytes,
    dynamicCapacityBytes: slc.dynamic_capacity_bytes,
    dynamicMaxBytes: slc.dynamic_max_capacity_bytes,
    // An older core without the field: no shrink to tell.
    capacityAtStartBytes: slc.dynamic_capacity_bytes_at_start > 0 ? slc.capacity_bytes_at_start : 0,
    staticCapacityBytes: slc.static_capacity_bytes,
    staticUsedBytes: slc.static_used_bytes,
    dynamicUsedBytes: slc.dynamic_used_bytes,
    persistentBytes: slc.persistent_bytes,
    usedBytes: slc.static_used_bytes + slc.dynamic_used_bytes,
    inflowMbps: slc.inflow_mbps,
    outflowMbps: slc.outflow_mbps,
    migrationBytes: slc.migration_bytes,
    exhausted: slc.exhausted,
    firstCliff:
      slc.first_cliff ??
      (firstFull
        ? { t_ms: firstFull.start_ms, host_written_bytes: firstFull.host_written_bytes }
        : null),
    whenFull: typeof cache?.when_full === 'string' ? cache.when_full : 'direct',
    bursts: slc.bursts ?? [],
    burstsTotal: slc.bursts_total ?? 0,
  };
}

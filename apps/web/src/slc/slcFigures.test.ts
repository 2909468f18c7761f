import { describe, expect, it } from 'vitest';
import type { SlcMeta } from '@flashscope/wasm/protocol';
import { EventLog } from '../store/eventLog';
import type { Frame } from '../store/simSlice';
import { maxSlcBytes, slcView } from './slcFigures';

const MiB = 2 ** 20;

const slc: SlcMeta = {
  capacity_bytes: 40 * MiB,
  static_capacity_bytes: 8 * MiB,
  dynamic_capacity_bytes: 32 * MiB,
  dynamic_max_capacity_bytes: 56 * MiB,
  capacity_bytes_at_start: 64 * MiB,
  dynamic_capacity_bytes_at_start: 56 * MiB,
  static_used_bytes: 8 * MiB,
  dynamic_used_bytes: 12 * MiB,
  persistent_bytes: 0,
  persistent_capacity_bytes: 0,
  inflow_mbps: 270,
  outflow_mbps: 0,
  migration_bytes: 0,
  exhausted: false,
  first_cliff: null,
  bursts: [],
  bursts_total: 0,
};

const frame = (meta: Partial<Frame['meta']>) => ({ meta }) as unknown as Frame;
const device = { cell: 'qlc', slc_cache: { static_bytes: 8 * MiB, dynamic_max_bytes: 56 * MiB } };

describe('slcView', () => {
  it('is null for a drive without an SLC cache, or before the first frame', () => {
    const events = new EventLog();
    expect(slcView({ frame: null, device, events })).toBeNull();
    expect(slcView({ frame: frame({ slc: null }), device: {}, events })).toBeNull();
  });

  it('sums occupancy and draws the funnel for the largest cache the device can have', () => {
    const view = slcView({ frame: frame({ slc }), device, events: new EventLog() })!;
    expect(view.usedBytes).toBe(20 * MiB);
    expect(view.maxBytes).toBe(64 * MiB); // static + the core's dynamic maximum
    expect(view.dynamicMaxBytes).toBe(56 * MiB);
    expect(view.capacityBytes).toBe(40 * MiB); // the dynamic part has shrunk...
    expect(view.capacityAtStartBytes).toBe(64 * MiB); // ...from what the core says it was
    expect(view.dynamicCapacityBytes).toBe(32 * MiB);
    expect(view.whenFull).toBe('direct');
  });

  it('takes the overflow moment from the cache_exhausted event when meta has none', () => {
    const events = new EventLog();
    events.append([{ kind: 'cache_exhausted', t_ms: 250, host_written_bytes: 64 * MiB }]);
    const view = slcView({ frame: frame({ slc }), device, events })!;
    expect(view.firstCliff).toEqual({ t_ms: 250, host_written_bytes: 64 * MiB });
  });

  it('never draws a capacity above the funnel', () => {
    expect(maxSlcBytes({ ...slc, capacity_bytes: 100 * MiB })).toBe(100 * MiB);
  });
});

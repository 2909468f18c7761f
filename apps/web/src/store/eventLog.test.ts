import { describe, expect, it } from 'vitest';
import { EventLog } from './eventLog';

describe('EventLog and the SLC cache', () => {
  it('pairs migration starts and ends, background or forced', () => {
    const log = new EventLog();
    log.append([
      { kind: 'migration_start', t_ms: 10, block: 4, valid_units: 64, background: true },
      { kind: 'migration_start', t_ms: 11, block: 9, valid_units: 32, background: false },
      {
        kind: 'migration_end',
        t_ms: 15,
        block: 4,
        units_moved: 64,
        duration_ms: 5,
        background: true,
      },
    ]);
    expect(log.migrations).toEqual([
      { start_ms: 10, end_ms: 15, block: 4, units_moved: 64, background: true },
    ]);
    expect([...log.openMigrations.keys()]).toEqual([9]);
  });

  it('records when the cache ran full and when it had room again', () => {
    const log = new EventLog();
    log.append([{ kind: 'cache_exhausted', t_ms: 250, host_written_bytes: 64 << 20 }]);
    expect(log.cacheFullNow()).toBe(true);
    // A repeat while still full keeps the first moment.
    log.append([{ kind: 'cache_exhausted', t_ms: 260, host_written_bytes: 65 << 20 }]);
    log.append([{ kind: 'cache_recovered', t_ms: 900 }]);
    expect(log.cacheFull).toEqual([{ start_ms: 250, end_ms: 900, host_written_bytes: 64 << 20 }]);
    expect(log.cacheFullNow()).toBe(false);
  });

  it('marks stalls caused by migration (absent from older cores: false)', () => {
    const log = new EventLog();
    log.append([
      { kind: 'stall', t_ms: 1, duration_ms: 3, during_gc: false, during_migration: true },
      { kind: 'stall', t_ms: 2, duration_ms: 3, during_gc: true },
    ]);
    expect(log.stalls.map((stall) => stall.during_migration)).toEqual([true, false]);
  });
});

describe('EventLog on a zoned drive', () => {
  it('times host FTL reclaims by zone and counts resets', () => {
    const log = new EventLog();
    log.append([
      { kind: 'gc_start', t_ms: 40, zone: 7, gp: 0.8 },
      { kind: 'gc_end', t_ms: 42.5, zone: 7, moved: 120 },
      { kind: 'zone_reset', t_ms: 42.5, zone: 7, class: 3, gp: 0.8 },
      { kind: 'zone_reset', t_ms: 43, zone: 2, class: null, gp: 1 },
      { kind: 'gc_start', t_ms: 50, zone: 9, gp: 0.6 },
    ]);
    expect(log.gc).toEqual([
      { start_ms: 40, end_ms: 42.5, block: 7, units_moved: 120, background: false },
    ]);
    expect([...log.openZoneGc.keys()]).toEqual([9]);
    expect(log.openGc.size).toBe(0);
    expect(log.zoneResets).toBe(2);
  });
});

describe('EventLog and the GC engine moves that are no GC runs', () => {
  it('times GC runs only, not read-disturb refreshes or wear-levelling moves', () => {
    const log = new EventLog();
    const end = { units_moved: 64, duration_ms: 6, background: false };
    log.append([
      {
        kind: 'gc_start',
        t_ms: 10,
        block: 4,
        valid_units: 64,
        background: false,
        cause: 'refresh',
      },
      { kind: 'gc_start', t_ms: 11, block: 9, valid_units: 8, background: false },
      { kind: 'gc_end', t_ms: 16, block: 4, ...end, cause: 'refresh' },
      {
        kind: 'gc_start',
        t_ms: 17,
        block: 5,
        valid_units: 64,
        background: false,
        cause: 'wear_leveling',
      },
      { kind: 'gc_end', t_ms: 18, block: 9, ...end, units_moved: 8 },
      { kind: 'gc_end', t_ms: 23, block: 5, ...end, cause: 'wear_leveling' },
    ]);
    // The core's gc_runs counts the one GC victim; the timeline draws it alone.
    expect(log.gc.map((run) => run.block)).toEqual([9]);
    expect(log.openGc.size).toBe(0);
  });
});

// EventLog: GC and SLC migration intervals, host stalls and the moments the
// SLC cache ran full or had room again, for the GC/migration timeline and
// the cliff annotation.
// Like SeriesBuffer it is mutated in place and held by reference; the sim
// slice bumps a version. It keeps the most recent MAX_ENTRIES of each kind so
// an hour-long run at full speed cannot grow without bound (the timeline
// bins them to a few hundred marks anyway). So it counts nothing: the
// timeline's counts are the core's (charts/gcTimelineCounts.ts).

import type { SimEvent } from '@flashscope/wasm/protocol';

export interface GcInterval {
  start_ms: number;
  end_ms: number;
  /** The victim block; on a zoned drive, the reclaimed zone. */
  block: number;
  units_moved: number;
  background: boolean;
}

export interface Stall {
  t_ms: number;
  duration_ms: number;
  during_gc: boolean;
  during_migration: boolean;
}

/**
 * An SLC -> native fold (migration) of one SLC block: the same shape as a GC
 * run (background: idle migration; false when the full cache forced it).
 */
export type MigrationInterval = GcInterval;

/** The interval a gc_end or migration_end event closes. */
function intervalEndingAt(event: {
  t_ms: number;
  duration_ms: number;
  block: number;
  units_moved: number;
  background: boolean;
}): GcInterval {
  return {
    start_ms: event.t_ms - event.duration_ms,
    end_ms: event.t_ms,
    block: event.block,
    units_moved: event.units_moved,
    background: event.background,
  };
}

/** The SLC cache was full (exhausted) from start_ms to end_ms (NaN: still full). */
export interface CacheFullInterval {
  start_ms: number;
  end_ms: number;
  host_written_bytes: number;
}

const MAX_ENTRIES = 50_000;

export class EventLog {
  readonly gc: GcInterval[] = [];
  readonly stalls: Stall[] = [];
  /** GC runs started whose end has not arrived yet, by victim block. */
  readonly openGc = new Map<number, { start_ms: number; background: boolean }>();
  /** A zoned drive's host FTL reclaims not yet ended, by zone. */
  readonly openZoneGc = new Map<number, { start_ms: number }>();
  readonly migrations: MigrationInterval[] = [];
  readonly openMigrations = new Map<number, { start_ms: number; background: boolean }>();
  /** Every time the SLC cache ran full; the last one may still be open. */
  readonly cacheFull: CacheFullInterval[] = [];
  /** Zone resets on a zoned drive (GC reclaims and resets of empty zones). */
  zoneResets = 0;
  /** Events the worker left out when too many happened between two frames. */
  dropped = 0;

  append(events: readonly SimEvent[], dropped = 0): void {
    this.dropped += dropped;
    for (const event of events) {
      switch (event.kind) {
        case 'gc_start':
          // A refresh or wear-levelling move is the GC engine's work but no
          // GC run: the core's gc_runs does not count it, nor does the timeline.
          if ('cause' in event && event.cause) break;
          // A zoned drive's host FTL reclaims a zone: foreground, timed by its start and end.
          if ('zone' in event) this.openZoneGc.set(event.zone, { start_ms: event.t_ms });
          else this.openGc.set(event.block, { start_ms: event.t_ms, background: event.background });
          break;
        case 'gc_end':
          if ('zone' in event) {
            const start_ms = this.openZoneGc.get(event.zone)?.start_ms ?? event.t_ms;
            this.openZoneGc.delete(event.zone);
            this.gc.push({
              start_ms,
              end_ms: event.t_ms,
              block: event.zone,
              units_moved: event.moved,
              background: false,
            });
            break;
          }
          if (event.cause) break; // not a GC run (see gc_start)
          this.openGc.delete(event.block);
          this.gc.push(intervalEndingAt(event));
          break;
        case 'zone_reset':
          this.zoneResets++;
          break;
        case 'migration_start':
          this.openMigrations.set(event.block, {
            start_ms: event.t_ms,
            background: event.background,
          });
          break;
        case 'migration_end':
          this.openMigrations.delete(event.block);
          this.migrations.push(intervalEndingAt(event));
          break;
        case 'cache_exhausted':
          if (this.cacheFullNow()) break; // already full: keep the first moment
          this.cacheFull.push({
            start_ms: event.t_ms,
            end_ms: NaN,
            host_written_bytes: event.host_written_bytes,
          });
          break;
        case 'cache_recovered': {
          const last = this.cacheFull[this.cacheFull.length - 1];
          if (last && Number.isNaN(last.end_ms)) last.end_ms = event.t_ms;
          break;
        }
        case 'stall':
          this.stalls.push({
            t_ms: event.t_ms,
            duration_ms: event.duration_ms,
            during_gc: event.during_gc,
            during_migration: event.during_migration ?? false,
          });
          break;
        default:
          // Newer workers may send kinds this UI does not draw yet.
          break;
      }
    }
    trim(this.gc);
    trim(this.stalls);
    trim(this.migrations);
    trim(this.cacheFull);
  }

  /** True while the SLC cache is full (exhausted and not yet recovered). */
  cacheFullNow(): boolean {
    const last = this.cacheFull[this.cacheFull.length - 1];
    return last !== undefined && Number.isNaN(last.end_ms);
  }
}

function trim<T>(list: T[]): void {
  if (list.length > MAX_ENTRIES * 1.25) list.splice(0, list.length - MAX_ENTRIES);
}

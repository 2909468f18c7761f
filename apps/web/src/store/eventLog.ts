// EventLog: GC intervals and host stalls of a run, for the GC timeline.
// Like SeriesBuffer it is mutated in place and held by reference; the sim
// slice bumps a version. It keeps the most recent MAX_ENTRIES of each kind so
// an hour-long run at full speed cannot grow without bound (the timeline
// bins them to a few hundred marks anyway).

import type { SimEvent } from '@flashscope/wasm/protocol';

export interface GcInterval {
  start_ms: number;
  end_ms: number;
  block: number;
  units_moved: number;
  background: boolean;
}

export interface Stall {
  t_ms: number;
  duration_ms: number;
  during_gc: boolean;
}

const MAX_ENTRIES = 50_000;

export class EventLog {
  readonly gc: GcInterval[] = [];
  readonly stalls: Stall[] = [];
  /** GC runs started whose end has not arrived yet, by victim block. */
  readonly openGc = new Map<number, { start_ms: number; background: boolean }>();
  gcRuns = 0;
  /** Events the worker left out when too many happened between two frames. */
  dropped = 0;

  append(events: readonly SimEvent[], dropped = 0): void {
    this.dropped += dropped;
    for (const event of events) {
      switch (event.kind) {
        case 'gc_start':
          this.gcRuns++;
          this.openGc.set(event.block, { start_ms: event.t_ms, background: event.background });
          break;
        case 'gc_end':
          this.openGc.delete(event.block);
          this.gc.push({
            start_ms: event.t_ms - event.duration_ms,
            end_ms: event.t_ms,
            block: event.block,
            units_moved: event.units_moved,
            background: event.background,
          });
          break;
        case 'stall':
          this.stalls.push({
            t_ms: event.t_ms,
            duration_ms: event.duration_ms,
            during_gc: event.during_gc,
          });
          break;
        default:
          // Newer workers may send kinds this UI does not draw yet.
          break;
      }
    }
    trim(this.gc);
    trim(this.stalls);
  }
}

function trim<T>(list: T[]): void {
  if (list.length > MAX_ENTRIES * 1.25) list.splice(0, list.length - MAX_ENTRIES);
}

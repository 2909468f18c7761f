// SeriesBuffer: the time series of a run, appended frame by frame. Columns
// are growable Float64Arrays held by reference in the store (STYLE.md
// convention 9): appending mutates in place and the sim slice bumps a
// version counter, so nothing is copied into reactive state. A column
// holds NaN where the worker sent null (e.g. WAF before the first write).

import type { SeriesPoints } from '@flashscope/wasm/protocol';

export type SeriesKey = keyof SeriesPoints;

const INITIAL_CAPACITY = 1024;

export class SeriesBuffer {
  private columns = new Map<string, Float64Array>();
  private capacity = INITIAL_CAPACITY;
  length = 0;

  /** Appends the points of one frame; every array in `points` has the same length. */
  append(points: SeriesPoints | Record<string, ArrayLike<number | null> | undefined>): void {
    const record = points as Record<string, ArrayLike<number | null> | undefined>;
    const added = record.t_ms?.length ?? 0;
    if (added === 0) return;
    this.ensureCapacity(this.length + added);
    for (const [key, values] of Object.entries(record)) {
      if (!values || values.length !== added) continue;
      let column = this.columns.get(key);
      if (!column) {
        // A key first seen mid-run (a newer worker may add series): earlier rows are NaN.
        column = new Float64Array(this.capacity).fill(NaN);
        this.columns.set(key, column);
      }
      for (let i = 0; i < added; i++) {
        const value = values[i];
        column[this.length + i] = value === null || value === undefined ? NaN : value;
      }
    }
    // Columns missing from this frame get NaN so rows stay aligned.
    for (const [key, column] of this.columns) {
      if (record[key]?.length === added) continue;
      column.fill(NaN, this.length, this.length + added);
    }
    this.length += added;
  }

  has(key: string): boolean {
    return this.columns.has(key);
  }

  /** A view of the first `length` values of a column (empty if unknown). */
  column(key: SeriesKey | string): Float64Array {
    const column = this.columns.get(key);
    return column ? column.subarray(0, this.length) : new Float64Array(0);
  }

  last(key: SeriesKey | string): number {
    return this.length > 0 ? (this.columns.get(key)?.[this.length - 1] ?? NaN) : NaN;
  }

  private ensureCapacity(needed: number): void {
    if (needed <= this.capacity) return;
    let capacity = this.capacity;
    while (capacity < needed) capacity *= 2;
    for (const [key, column] of this.columns) {
      const grown = new Float64Array(capacity).fill(NaN);
      grown.set(column.subarray(0, this.length));
      this.columns.set(key, grown);
    }
    this.capacity = capacity;
  }
}

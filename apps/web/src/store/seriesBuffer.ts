// SeriesBuffer: the time series of a run, appended frame by frame. Columns
// are growable Float64Arrays held by reference in the store (docs/conventions.md
// convention 9): appending mutates in place and the sim slice bumps a
// version counter, so nothing is copied into reactive state. A column
// holds NaN where the worker sent null (e.g. WAF before the first write).
// A series whose points are arrays (zns_class_waf: one number per zone
// class) is split into one column per element, "KEY.1", "KEY.2", … (1-based,
// as the classes are numbered): see elementColumnKey.

import type { SeriesPoints } from '@flashscope/wasm/protocol';

export type SeriesKey = keyof SeriesPoints;

const INITIAL_CAPACITY = 1024;

type ColumnValues = ArrayLike<number | null | readonly (number | null)[]>;

/** The column of element `index` (1-based) of an array-valued series ("zns_class_waf.3"). */
export function elementColumnKey(key: string, index: number): string {
  return `${key}.${index}`;
}

export class SeriesBuffer {
  private columns = new Map<string, Float64Array>();
  private capacity = INITIAL_CAPACITY;
  /** Elements per point of each array-valued series seen so far. */
  private elements = new Map<string, number>();
  length = 0;

  /** Appends the points of one frame; every array in `points` has the same length. */
  append(points: SeriesPoints | Record<string, ColumnValues | undefined>): void {
    const record = splitElementColumns(
      points as Record<string, ColumnValues | undefined>,
      this.elements,
    );
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

  /**
   * Forgets every point but keeps the columns' storage: the worker re-sends
   * the whole series after the core coarsened it (SnapshotMeta.series_reset),
   * so a week-long run's buffer stays at the core's point budget.
   */
  clear(): void {
    this.length = 0;
  }

  has(key: string): boolean {
    return this.columns.has(key);
  }

  /** Elements per point of the array-valued series `key` (0: none seen). */
  elementCount(key: string): number {
    return this.elements.get(key) ?? 0;
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

/**
 * `record` with each array-valued series replaced by its element columns
 * (elementColumnKey); `elements` keeps the widest seen per key, so a point
 * with fewer elements leaves NaN in the others. Plain series pass through
 * (the record itself when there is none to split).
 */
function splitElementColumns(
  record: Record<string, ColumnValues | undefined>,
  elements: Map<string, number>,
): Record<string, ArrayLike<number | null> | undefined> {
  let split: Record<string, ArrayLike<number | null> | undefined> | null = null;
  for (const [key, values] of Object.entries(record)) {
    if (!values || values.length === 0 || !Array.isArray(values[0])) continue;
    split ??= { ...(record as Record<string, ArrayLike<number | null> | undefined>) };
    delete split[key];
    let width = elements.get(key) ?? 0;
    for (let i = 0; i < values.length; i++) {
      const point = values[i];
      if (Array.isArray(point)) width = Math.max(width, point.length);
    }
    elements.set(key, width);
    for (let element = 0; element < width; element++) {
      const column = new Array<number | null>(values.length);
      for (let i = 0; i < values.length; i++) {
        const point = values[i];
        column[i] = Array.isArray(point) ? ((point[element] as number | null) ?? null) : null;
      }
      split[elementColumnKey(key, element + 1)] = column;
    }
  }
  return split ?? (record as Record<string, ArrayLike<number | null> | undefined>);
}

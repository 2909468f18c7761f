// A sweep's results.parquet (issue 20's contract) decoded into columns: one
// row per point, its status and error, the volume when per-volume, one
// column per swept `--set` key and one per metric. The footer's key-value
// metadata says which columns are which (`flashscope.swept`,
// `flashscope.metrics`) and holds the spec (`flashscope.spec`). Runs in the
// sweep worker (sweepWorker.ts): the page only receives these columns.

import { parquetMetadata, parquetRead, type FileMetaData } from 'hyparquet';

/** A swept setting's value: a number (a double column) or a string (a name). */
export type SettingValue = number | string;

export interface SweepResults {
  fileName: string;
  rows: number;
  /** The swept `--set` keys in the metadata's order (without "volume"). */
  swept: string[];
  /** The metric columns present with at least one value, in the metadata's order. */
  metrics: string[];
  /** The sweep spec (`flashscope.spec`), parsed; null when it is not JSON. */
  spec: unknown;
  point: string[];
  status: string[];
  error: Array<string | null>;
  /** Per row, or null when the sweep is not per-volume. */
  volume: Array<string | null> | null;
  settings: Record<string, Array<SettingValue | null>>;
  /** NaN where a metric does not apply (a null cell). */
  values: Record<string, Float64Array>;
}

/** A file the sweep view cannot show, with a message naming it and why. */
export class SweepFileError extends Error {}

const REQUIRED_COLUMNS = ['point', 'status'] as const;
const PARQUET_MAGIC = 'PAR1';

function problem(fileName: string, why: string): SweepFileError {
  return new SweepFileError(`${fileName}: ${why}`);
}

function metadataOf(fileName: string, buffer: ArrayBuffer): FileMetaData {
  const bytes = new Uint8Array(buffer);
  const magic = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (
    bytes.length < 12 ||
    magic(0) !== PARQUET_MAGIC ||
    magic(bytes.length - 4) !== PARQUET_MAGIC
  ) {
    throw problem(fileName, 'not a Parquet file (it does not start and end with "PAR1").');
  }
  try {
    return parquetMetadata(buffer);
  } catch (error) {
    throw problem(fileName, `a broken Parquet footer (${(error as Error).message}).`);
  }
}

function jsonList(fileName: string, metadata: Map<string, string>, key: string): string[] {
  const text = metadata.get(key);
  if (text === undefined) {
    throw problem(
      fileName,
      `Parquet without FlashScope sweep metadata (no "${key}" key): is it a results.parquet written by flashscope sweep?`,
    );
  }
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    list = null;
  }
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    throw problem(fileName, `its "${key}" metadata is not a JSON list of names.`);
  }
  return list as string[];
}

function parseSpec(text: string | undefined): unknown {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Reads every column, column-oriented (each chunk is one row group's slice of one column). */
async function readColumns(
  buffer: ArrayBuffer,
  metadata: FileMetaData,
  rows: number,
): Promise<Map<string, unknown[]>> {
  const columns = new Map<string, unknown[]>();
  await parquetRead({
    file: buffer,
    metadata,
    onChunk: ({ columnName, columnData, rowStart }) => {
      let column = columns.get(columnName);
      if (!column) {
        column = new Array<unknown>(rows).fill(null);
        columns.set(columnName, column);
      }
      for (let i = 0; i < columnData.length && rowStart + i < rows; i++) {
        column[rowStart + i] = columnData[i];
      }
    },
  });
  return columns;
}

function asNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return Number.NaN;
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}

function asSetting(value: unknown): SettingValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  return String(value);
}

/** Decodes `buffer` (the bytes of `fileName`); throws a SweepFileError naming the file. */
export async function decodeSweep(fileName: string, buffer: ArrayBuffer): Promise<SweepResults> {
  const metadata = metadataOf(fileName, buffer);
  const keyValues = new Map(
    (metadata.key_value_metadata ?? []).map((entry) => [entry.key, entry.value ?? '']),
  );
  const sweptWithVolume = jsonList(fileName, keyValues, 'flashscope.swept');
  const metricNames = jsonList(fileName, keyValues, 'flashscope.metrics');
  const rows = Number(metadata.num_rows);
  let columns: Map<string, unknown[]>;
  try {
    columns = await readColumns(buffer, metadata, rows);
  } catch (error) {
    throw problem(fileName, `its columns could not be read (${(error as Error).message}).`);
  }
  const needed = [...REQUIRED_COLUMNS, ...sweptWithVolume, ...metricNames];
  const missing = needed.filter((name) => !columns.has(name));
  if (missing.length > 0) {
    throw problem(fileName, `the metadata names columns the file lacks: ${missing.join(', ')}.`);
  }
  const column = (name: string) => columns.get(name)!;
  const swept = sweptWithVolume.filter((key) => key !== 'volume');
  const values: Record<string, Float64Array> = {};
  for (const name of metricNames) {
    const decoded = Float64Array.from(column(name), asNumber);
    if (decoded.some((value) => !Number.isNaN(value))) values[name] = decoded;
  }
  const settings: Record<string, Array<SettingValue | null>> = {};
  for (const key of swept) settings[key] = column(key).map(asSetting);
  const hasVolume = sweptWithVolume.includes('volume') || columns.has('volume');
  const volume = hasVolume && columns.has('volume') ? column('volume').map(asText) : null;
  return {
    fileName,
    rows,
    swept,
    metrics: metricNames.filter((name) => name in values),
    spec: parseSpec(keyValues.get('flashscope.spec')),
    point: column('point').map((value) => asText(value) ?? ''),
    status: column('status').map((value) => asText(value) ?? ''),
    error: columns.has('error') ? column('error').map(asText) : new Array<null>(rows).fill(null),
    volume: volume && volume.some((value) => value !== null) ? volume : null,
    settings,
    values,
  };
}

/** The typed buffers of `results`, for a worker's transfer list. */
export function transferablesOf(results: SweepResults): ArrayBuffer[] {
  return Object.values(results.values).map((array) => array.buffer as ArrayBuffer);
}

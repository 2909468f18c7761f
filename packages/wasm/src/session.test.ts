// Snapshot decoding against a hand-built buffer laid out as
// flashscope_api.h documents it, and the small pure helpers of session.ts.

import { describe, expect, it } from 'vitest';

import {
  SimError,
  decodeSnapshot,
  deviceOptionsJson,
  parseLastError,
  sessionOptionsJson,
  traceObject,
} from './session';
import { memoryTraceBytes } from './trace_bytes';
import { BlockState } from './protocol';

const MAGIC = 0x31535346;
const align8 = (n: number) => (n + 7) & ~7;

interface Frame {
  state: number[];
  validUnits: number[];
  eraseCount: number[];
  writtenUnits: number[];
  /** Layout 1: 2 per plane; layout 2: 4 per plane. */
  frontiers: number[];
  pageState: number[] | null;
  unitsPerBlock: number;
  frame: number;
  /** Layout 2 only (null: a layout 1 snapshot). */
  mode: number[] | null;
  /** Layout 3: host reads per block since its erase, and the refresh threshold. */
  reads?: { counts: number[]; threshold: number };
}

/**
 * A "heap" holding one snapshot at byte `ptr`; returns the heap and size.
 * The layout is the oldest that holds the frame's sections unless given
 * (layout 4 has layout 3's sections).
 */
function buildHeap(frame: Frame, ptr: number, layout?: number): { heap: Uint8Array; size: number } {
  const version = layout ?? (frame.reads ? 3 : frame.mode ? 2 : 1);
  const blocks = frame.state.length;
  const planes = frame.frontiers.length / (version >= 2 ? 4 : 2);
  const units = frame.pageState?.length ?? 0;
  const state = 64;
  const valid = align8(state + blocks);
  const erase = align8(valid + blocks * 4);
  const written = align8(erase + blocks * 4);
  const frontiers = align8(written + blocks * 4);
  const pageState = align8(frontiers + frame.frontiers.length * 4);
  const mode = align8(pageState + units);
  const reads = align8(mode + (frame.mode ? blocks : 0));
  const size = align8(reads + (frame.reads ? blocks * 4 : 0));
  // Room after the snapshot too, so a decoder reading past `size` would not fault.
  const heap = new Uint8Array(ptr + size + 64).fill(0xee);
  const view = new DataView(heap.buffer, ptr);
  const header = [
    MAGIC,
    version,
    blocks,
    planes,
    frame.unitsPerBlock,
    units,
    state,
    valid,
    erase,
    written,
    frontiers,
    pageState,
    frame.frame,
    frame.mode ? mode : 0,
    frame.reads ? reads : 0,
    frame.reads?.threshold ?? 0,
  ];
  header.forEach((word, i) => view.setUint32(i * 4, word, true));
  frame.state.forEach((v, i) => view.setUint8(state + i, v));
  frame.validUnits.forEach((v, i) => view.setUint32(valid + i * 4, v, true));
  frame.eraseCount.forEach((v, i) => view.setUint32(erase + i * 4, v, true));
  frame.writtenUnits.forEach((v, i) => view.setUint32(written + i * 4, v, true));
  frame.frontiers.forEach((v, i) => view.setUint32(frontiers + i * 4, v, true));
  frame.pageState?.forEach((v, i) => view.setUint8(pageState + i, v));
  frame.mode?.forEach((v, i) => view.setUint8(mode + i, v));
  frame.reads?.counts.forEach((v, i) => view.setUint32(reads + i * 4, v, true));
  return { heap, size };
}

function heapOf(frame: Frame): [Uint8Array, number, number] {
  const { heap, size } = buildHeap(frame, 0);
  return [heap, 0, size];
}

// Three blocks of four units on one plane: block 0 full (3 valid, 1
// garbage), block 1 open for host writes (2 written, both valid), block 2
// free and erased twice.
const SMALL: Frame = {
  state: [2, 1, 0],
  validUnits: [3, 2, 0],
  eraseCount: [1, 0, 2],
  writtenUnits: [4, 2, 0],
  frontiers: [1, 0xffffffff],
  pageState: [1, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0],
  unitsPerBlock: 4,
  frame: 7,
  mode: null,
};

// The same blocks in layout 2 on a QLC drive with an SLC cache: block 0 is
// native, block 1 static pSLC (open for host SLC writes), block 2 dynamic
// pSLC (free); the migration frontier folds into block 0.
const SLC: Frame = {
  ...SMALL,
  frontiers: [0xffffffff, 0xffffffff, 1, 0],
  mode: [0, 1, 2],
};

describe('decodeSnapshot', () => {
  it('decodes every section at its documented offset', () => {
    const { heap, size } = buildHeap(SMALL, 1024);
    const decoded = decodeSnapshot(heap, 1024, size);
    expect(decoded.frame).toBe(7);
    expect(Array.from(decoded.blocks.state)).toEqual(SMALL.state);
    expect(Array.from(decoded.blocks.validUnits)).toEqual(SMALL.validUnits);
    expect(Array.from(decoded.blocks.eraseCount)).toEqual(SMALL.eraseCount);
    expect(Array.from(decoded.blocks.writtenUnits)).toEqual(SMALL.writtenUnits);
    // Layout 1 reads as native blocks with empty SLC frontiers.
    expect(Array.from(decoded.blocks.frontiers)).toEqual([1, 0xffffffff, 0xffffffff, 0xffffffff]);
    expect(Array.from(decoded.blocks.mode)).toEqual([0, 0, 0]);
    expect(Array.from(decoded.blocks.pageState!)).toEqual(SMALL.pageState);
    // The unit map agrees with the per-block counts.
    const validInMap = SMALL.pageState!.filter((unit) => unit === 1).length;
    expect(validInMap).toBe(SMALL.validUnits.reduce((a, b) => a + b));
  });

  it('reads layout 2: the block modes and four frontiers per plane', () => {
    const { heap, size } = buildHeap(SLC, 512);
    const decoded = decodeSnapshot(heap, 512, size);
    expect(Array.from(decoded.blocks.mode)).toEqual([0, 1, 2]);
    expect(Array.from(decoded.blocks.frontiers)).toEqual(SLC.frontiers);
    expect(Array.from(decoded.blocks.validUnits)).toEqual(SLC.validUnits);
    expect(decoded.transfer).toHaveLength(7);
    expect(decoded.transfer).toContain(decoded.blocks.mode.buffer);
  });

  it('reads layout 3: the read counters and the refresh threshold', () => {
    const frame = { ...SLC, reads: { counts: [19_999, 7, 0], threshold: 20_000 } };
    const { heap, size } = buildHeap(frame, 256);
    const decoded = decodeSnapshot(heap, 256, size);
    expect(Array.from(decoded.blocks.reads!)).toEqual([19_999, 7, 0]);
    expect(decoded.blocks.refreshThreshold).toBe(20_000);
    expect(Array.from(decoded.blocks.mode)).toEqual([0, 1, 2]);
    expect(decoded.transfer).toHaveLength(8);
    expect(decoded.transfer).toContain(decoded.blocks.reads!.buffer);
    // Layouts 1 and 2 carry no counters.
    expect(decodeSnapshot(...heapOf(SLC)).blocks.reads).toBeUndefined();
  });

  it('reads layout 4: a victim of a refresh, a wear-levelling move or SLC migration apart from GC', () => {
    const frame = {
      ...SLC,
      state: [BlockState.RefreshVictim, BlockState.WearLevelingVictim, BlockState.MigrationVictim],
      reads: { counts: [20_000, 0, 0], threshold: 20_000 },
    };
    const { heap, size } = buildHeap(frame, 256, 4);
    const decoded = decodeSnapshot(heap, 256, size);
    expect(Array.from(decoded.blocks.state)).toEqual([4, 5, 6]);
    expect(Array.from(decoded.blocks.reads!)).toEqual([20_000, 0, 0]);
  });

  it('copies each section into its own transferable buffer', () => {
    const { heap, size } = buildHeap(SMALL, 1024);
    const decoded = decodeSnapshot(heap, 1024, size);
    const { state, validUnits, eraseCount, writtenUnits, mode, frontiers, pageState } =
      decoded.blocks;
    const views = [state, validUnits, eraseCount, writtenUnits, mode, frontiers, pageState!];
    expect(decoded.transfer).toHaveLength(7);
    for (const view of views) {
      expect(view.buffer).not.toBe(heap.buffer);
      expect(decoded.transfer).toContain(view.buffer);
      expect(view.byteOffset).toBe(0);
      expect(view.byteLength).toBe(view.buffer.byteLength);
    }
    // Later writes to the heap (the next frame) do not reach decoded arrays.
    heap.fill(0);
    expect(Array.from(validUnits)).toEqual(SMALL.validUnits);
    // And the copies can be transferred like postMessage does.
    const moved = structuredClone(decoded.blocks, { transfer: decoded.transfer });
    expect(Array.from(moved.eraseCount)).toEqual(SMALL.eraseCount);
    expect(validUnits.byteLength).toBe(0);
  });

  it('leaves pageState null when the device is too large for a unit map', () => {
    const { heap, size } = buildHeap({ ...SMALL, pageState: null }, 0);
    const decoded = decodeSnapshot(heap, 0, size);
    expect(decoded.blocks.pageState).toBeNull();
    expect(decoded.transfer).toHaveLength(6);
  });

  it('rejects a buffer that is not a snapshot, or runs past its size', () => {
    const { heap, size } = buildHeap(SMALL, 8);
    const badMagic = heap.slice();
    badMagic[8] = 0;
    expect(() => decodeSnapshot(badMagic, 8, size)).toThrow(/magic/);

    const badVersion = heap.slice();
    new DataView(badVersion.buffer).setUint32(8 + 4, 5, true);
    expect(() => decodeSnapshot(badVersion, 8, size)).toThrow(/version/);

    // A block count larger than the buffer holds.
    const tooMany = heap.slice();
    new DataView(tooMany.buffer).setUint32(8 + 8, 1000, true);
    expect(() => decodeSnapshot(tooMany, 8, size)).toThrow(SimError);

    expect(() => decodeSnapshot(heap, 8, 32)).toThrow(/out of range/);
    expect(() => decodeSnapshot(heap, heap.length - 16, size)).toThrow(/out of range/);
    try {
      decodeSnapshot(badMagic, 8, size);
    } catch (error) {
      expect((error as SimError).serialized.kind).toBe('internal');
    }
  });
});

describe('parseLastError', () => {
  it('keeps the file, line and problem of an input error', () => {
    const text = JSON.stringify({
      kind: 'input',
      message: 'job.fio:3: bs: not a size',
      file: 'job.fio',
      line: 3,
      problem: 'bs: not a size',
    });
    expect(parseLastError(text)).toEqual({
      kind: 'input',
      message: 'job.fio:3: bs: not a size',
      file: 'job.fio',
      line: 3,
      problem: 'bs: not a size',
    });
  });

  it('treats anything else as internal', () => {
    expect(parseLastError('{"kind":"internal","message":"boom"}')).toEqual({
      kind: 'internal',
      message: 'boom',
    });
    expect(parseLastError('not json').kind).toBe('internal');
    expect(parseLastError('null').message).toMatch(/without an error/);
  });
});

describe('sessionOptionsJson', () => {
  it('maps a LoadRequest onto the keys of fs_create options', () => {
    expect(
      JSON.parse(
        sessionOptionsJson({
          deviceJson: '{}',
          fioText: '',
          set: ['gc.victim=fifo'],
          deviceName: 'd.json',
          workloadName: 'w.fio',
          seriesIntervalMs: 5,
        }),
      ),
    ).toEqual({
      series_interval_ms: 5,
      device_name: 'd.json',
      workload_name: 'w.fio',
      set: ['gc.victim=fifo'],
    });
    expect(sessionOptionsJson({ deviceJson: '{}', fioText: '' })).toBe('{}');
  });

  it('passes a generator workload as the "workload" option, as a scenario file holds it', () => {
    const workload = { generator: 'cloud_block' as const, num_writes: 5000, seed: 7 };
    expect(
      JSON.parse(sessionOptionsJson({ deviceJson: '{}', fioText: '', workload, set: ['a=1'] })),
    ).toEqual({ set: ['a=1'], workload });
  });
});

describe('deviceOptionsJson', () => {
  it('maps overrides and names onto fs_effective_device / fs_fio_resolve options', () => {
    expect(
      JSON.parse(
        deviceOptionsJson({
          deviceJson: '{}',
          set: ['overprovision=0.1'],
          deviceName: 'd.json',
          workloadName: 'w.fio',
        }),
      ),
    ).toEqual({ set: ['overprovision=0.1'], device_name: 'd.json', workload_name: 'w.fio' });
    // No overrides: no "set" key, as fs_create's options leave it out.
    expect(deviceOptionsJson({ deviceJson: '{}', set: [] })).toBe('{}');
  });
});

describe('the trace object', () => {
  it('carries the input id, name, size and the trace options (api/trace_input.h)', () => {
    const trace = traceObject(3, { name: 'x.csv', options: { format: 'msr', queue_depth: 4 } }, 99);
    expect(trace).toEqual({
      input: 3,
      name: 'x.csv',
      size_bytes: 99,
      format: 'msr',
      queue_depth: 4,
    });
    expect(JSON.parse(sessionOptionsJson({ deviceJson: '{}', fioText: '' }, trace))).toEqual({
      trace,
    });
  });
});

describe('memoryTraceBytes', () => {
  it('serves slices, shorter at the end and empty past it', () => {
    const bytes = memoryTraceBytes(new Uint8Array([1, 2, 3, 4, 5]));
    expect(bytes.size).toBe(5);
    expect([...bytes.read(1, 3)]).toEqual([2, 3, 4]);
    expect([...bytes.read(3, 10)]).toEqual([4, 5]);
    expect(bytes.read(7, 2).byteLength).toBe(0);
  });
});

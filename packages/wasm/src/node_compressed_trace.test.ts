// Compressed traces in the wasm build under Node, decoded by the JavaScript
// decoders (trace_decoders.ts) where the native CLI uses zlib, libbz2,
// liblzma and libzstd: the real SYSTOR'17 .gz and Tencent CBS .bz2 from
// ../shared/traces/real inspect byte-identically to `flashscope trace
// inspect --json` and count exactly what their decompressed text counts;
// xz and zstd copies of the real MSR sample (made with the xz and zstd
// tools) likewise; a replay of the .gz matches the CLI's result. The CLI is
// packages/sim-core/build/flashscope (`npm run build:native`), or
// $FLASHSCOPE_CLI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inspectTrace, loadNodeModule, openSession } from './node';
import type { TraceOptions, TraceSummary } from './protocol';
import { SimError } from './session';
import { memoryTraceBytes } from './trace_bytes';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const realDir = resolve(repoRoot, '../shared/traces/real');
const cliPath = process.env.FLASHSCOPE_CLI ?? join(repoRoot, 'packages/sim-core/build/flashscope');

const SYSTOR = 'systor17_sample.csv.gz';
const TENCENT = 'tencent_cbs_sample.csv.bz2';
const MSR = 'msr_hm0_sample.csv';
// SYSTOR'17: Timestamp,Response,IOType,LUN,Offset,Size (seconds, bytes).
const SYSTOR_OPTIONS: TraceOptions = {
  format: 'csv',
  csv_columns: 'time=0:s,op=2,device=3,offset=4:bytes,length=5:bytes,header=1',
};

const device = JSON.stringify({
  cell: 'tlc',
  geometry: {
    channels: 2,
    dies_per_channel: 1,
    planes_per_die: 2,
    blocks_per_plane: 32,
    pages_per_block: 48,
    page_bytes: 16384,
  },
  overprovision: 0.2,
  write_buffer_bytes: 1048576,
});

let dir = '';

function cliFlags(options: TraceOptions): string[] {
  const flags: string[] = [];
  if (options.format !== undefined) flags.push('--format', options.format);
  if (options.csv_columns !== undefined) flags.push('--csv-columns', options.csv_columns);
  return flags;
}

function runCli(args: string[], cwd: string) {
  const run = spawnSync(cliPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Compresses `text` with a command-line tool (xz, zstd, bzip2) into memory. */
function compressWith(tool: string, text: Uint8Array): Uint8Array {
  const run = spawnSync(tool, ['-c'], { input: text, maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`${tool} -c failed: ${run.stderr}`);
  return new Uint8Array(run.stdout);
}

function inspectWasm(name: string, bytes: Uint8Array, options: TraceOptions = {}): string {
  const inspection = inspectTrace({ name, options, bytes: memoryTraceBytes(bytes) });
  try {
    while (!inspection.scan(1 << 20));
    return inspection.summaryJson();
  } finally {
    inspection.close();
  }
}

/** The figures a user compares between a compressed trace and its text. */
function counts(summary: TraceSummary) {
  const { format, lines, requests, reads, writes, read_bytes, write_bytes } = summary;
  const { footprint_bytes, duration_s, bad_lines, out_of_order } = summary;
  return {
    format,
    lines,
    requests,
    reads,
    writes,
    read_bytes,
    write_bytes,
    footprint_bytes,
    duration_s,
    bad_lines,
    out_of_order,
  };
}

beforeAll(() => {
  for (const [path, how] of [
    [cliPath, 'npm run build:native (or set FLASHSCOPE_CLI)'],
    [join(realDir, SYSTOR), 'the shared traces (../shared/traces/real)'],
  ]) {
    if (!existsSync(path)) throw new Error(`${path} is missing: ${how}`);
  }
  dir = mkdtempSync(join(tmpdir(), 'flashscope-compressed-test-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('real compressed traces: wasm decodes them as the native CLI does', () => {
  it("SYSTOR'17 .gz: byte-identical to the CLI, the counts of its text", () => {
    const stored = new Uint8Array(readFileSync(join(realDir, SYSTOR)));
    const native = runCli(
      ['trace', 'inspect', SYSTOR, ...cliFlags(SYSTOR_OPTIONS), '--json'],
      realDir,
    );
    expect(native.status, native.stderr).toBe(0);
    const wasm = inspectWasm(SYSTOR, stored, SYSTOR_OPTIONS);
    expect(`${wasm}\n`).toBe(native.stdout);
    const summary = JSON.parse(wasm) as TraceSummary;
    const text = JSON.parse(
      inspectWasm('systor17_sample.csv', new Uint8Array(gunzipSync(stored)), SYSTOR_OPTIONS),
    ) as TraceSummary;
    expect(counts(summary)).toEqual(counts(text));
    expect(summary).toMatchObject({
      compression: 'gzip',
      requests: 999,
      reads: 826,
      writes: 173,
      bytes_read: 14312,
      size_bytes: 14312,
      decompressed_bytes: 56626,
    });
    expect(text).toMatchObject({ compression: 'none', bytes_read: 56626 });
  });

  it('Tencent CBS .bz2: byte-identical to the CLI, the counts of its text', () => {
    const stored = new Uint8Array(readFileSync(join(realDir, TENCENT)));
    const native = runCli(['trace', 'inspect', TENCENT, '--json'], realDir);
    expect(native.status, native.stderr).toBe(0);
    const wasm = inspectWasm(TENCENT, stored);
    expect(`${wasm}\n`).toBe(native.stdout);
    const summary = JSON.parse(wasm) as TraceSummary;
    const unpacked = spawnSync('bzip2', ['-dc'], { input: stored, maxBuffer: 1 << 28 });
    const text = JSON.parse(
      inspectWasm('tencent.csv', new Uint8Array(unpacked.stdout)),
    ) as TraceSummary;
    expect(counts(summary)).toEqual(counts(text));
    expect(summary).toMatchObject({
      format: 'tencent',
      compression: 'bzip2',
      lines: 50000,
      reads: 24521,
      writes: 25479,
      bytes_read: 247292,
      decompressed_bytes: 1462954,
    });
  });

  it("replaying the .gz gives the CLI's result, every request replayed", () => {
    const devicePath = join(dir, 'device.json');
    writeFileSync(devicePath, device);
    const native = runCli(
      ['run', '--device', devicePath, '--trace', SYSTOR, ...cliFlags(SYSTOR_OPTIONS), '--json'],
      realDir,
    );
    expect(native.status, native.stderr).toBe(0);
    const stored = new Uint8Array(readFileSync(join(realDir, SYSTOR)));
    const session = openSession(
      // The CLI's series interval (100 ms), as node_trace.test.ts passes it.
      { deviceJson: device, fioText: '', seriesIntervalMs: 100 },
      { name: SYSTOR, options: SYSTOR_OPTIONS, bytes: memoryTraceBytes(stored) },
    );
    let text: string;
    try {
      session.precondition();
      let untilNs = 0;
      while (session.advance((untilNs += 10e6), 5000) !== 'finished');
      text = session.result();
    } finally {
      session.destroy();
    }
    const result = JSON.parse(text);
    expect(result.trace).toMatchObject({ compression: 'gzip', requests: 999, bytes_read: 14312 });
    expect(result.host.read_requests).toBe(826);
    expect(result.host.write_requests).toBe(173);
    expect(text).toBe(native.stdout);
  });
});

describe('progress through a compressed file is the same natively and in wasm', () => {
  // ~16 MB of MSR lines with pseudo-random offsets (an LCG), ~2.7 MB as
  // .gz: several 1 MiB stored chunks, so where a scan stops matters.
  function msrLines(count: number): Uint8Array {
    const lines: string[] = [];
    let state = 7;
    for (let i = 0; i < count; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      const offset = (state % 1_000_000) * 4096;
      lines.push(
        `128166372${String(i * 1000).padStart(9, '0')},hm,0,${i % 3 ? 'Read' : 'Write'},${offset},4096,${state % 997}`,
      );
    }
    return new TextEncoder().encode(`${lines.join('\n')}\n`);
  }

  it("a scan stopped by max_requests in the middle reports the CLI's bytes_read", () => {
    const stored = new Uint8Array(gzipSync(msrLines(250_000)));
    expect(stored.length).toBeGreaterThan(2 << 20);
    writeFileSync(join(dir, 'big.csv.gz'), stored);
    // clock as_is: the default clock sorts within a 65,536-record window,
    // which reads that far ahead of max_requests (to the file's end here).
    for (const maxRequests of [20_000, 150_000]) {
      const native = runCli(
        [
          'trace',
          'inspect',
          'big.csv.gz',
          '--max-requests',
          String(maxRequests),
          '--clock',
          'as_is',
          '--json',
        ],
        dir,
      );
      expect(native.status, native.stderr).toBe(0);
      const wasm = inspectWasm('big.csv.gz', stored, {
        max_requests: maxRequests,
        clock: 'as_is',
      });
      const summary = JSON.parse(wasm) as TraceSummary;
      expect(summary.requests).toBe(maxRequests);
      // Whole 1 MiB stored chunks read so far, fewer than the file's.
      expect(summary.bytes_read % (1 << 20)).toBe(0);
      expect(summary.bytes_read).toBeLessThan(stored.length);
      expect(`${wasm}\n`).toBe(native.stdout);
    }
  });
});

describe('memory stays bounded', () => {
  it('200 MiB of text in a .gz inspects in wasm without the heap growing by the text', () => {
    // 200 gzip members of 1 MiB of MSR lines each, as `cat` of 200 .gz
    // files: a few hundred KB stored, never decoded whole.
    const line = '128166385295514663,hm,0,Write,9056014336,4096,2833\n';
    const linesPerPiece = Math.floor((1 << 20) / line.length);
    const member = gzipSync(new TextEncoder().encode(line.repeat(linesPerPiece)));
    const stored = new Uint8Array(member.length * 200);
    for (let i = 0; i < 200; i++) stored.set(member, i * member.length);
    const heapBefore = loadNodeModule().HEAPU8.length;
    const summary = JSON.parse(inspectWasm('big.csv.gz', stored)) as TraceSummary;
    const heapAfter = loadNodeModule().HEAPU8.length;
    console.log(
      `[ wasm: inspected ${(summary.decompressed_bytes / 2 ** 20).toFixed(0)} MiB of text ` +
        `from a ${(stored.length / 1024).toFixed(0)} KiB .gz; heap ${heapBefore / 2 ** 20} -> ` +
        `${heapAfter / 2 ** 20} MiB ]`,
    );
    expect(summary.requests).toBe(200 * linesPerPiece);
    expect(summary.decompressed_bytes).toBe(200 * linesPerPiece * line.length);
    expect(summary.bytes_read).toBe(stored.length);
    expect(heapAfter - heapBefore).toBeLessThan(16 << 20);
  });
});

describe('every compression the CLI reads, the wasm reads alike', () => {
  const text = () => new Uint8Array(readFileSync(join(realDir, MSR)));
  const makers: Array<[string, (bytes: Uint8Array) => Uint8Array]> = [
    ['xz', (bytes) => compressWith('xz', bytes)],
    ['zstd', (bytes) => compressWith('zstd', bytes)],
    ['bzip2', (bytes) => compressWith('bzip2', bytes)],
    ['gzip', (bytes) => new Uint8Array(gzipSync(bytes))],
  ];
  for (const [compression, make] of makers) {
    it(`${compression}: the MSR sample counts as its text, byte-identical to the CLI`, () => {
      const plain = JSON.parse(inspectWasm(MSR, text())) as TraceSummary;
      expect(plain.requests).toBe(1000);
      const stored = make(text());
      const name = `hm0.${compression}`;
      writeFileSync(join(dir, name), stored);
      const wasm = inspectWasm(name, stored);
      const summary = JSON.parse(wasm) as TraceSummary;
      expect(counts(summary)).toEqual(counts(plain));
      expect(summary).toMatchObject({
        compression,
        bytes_read: stored.length,
        decompressed_bytes: plain.bytes_read,
      });
      const native = runCli(['trace', 'inspect', name, '--json'], dir);
      expect(native.status, native.stderr).toBe(0);
      expect(`${wasm}\n`).toBe(native.stdout);
    });

    it(`${compression}: two concatenated streams read as both texts; a cut one is truncated`, () => {
      const whole = text();
      const half = whole.indexOf(0x0a, whole.length >> 1) + 1;
      const first = make(whole.subarray(0, half));
      const second = make(whole.subarray(half));
      const joined = new Uint8Array(first.length + second.length);
      joined.set(first);
      joined.set(second, first.length);
      const summary = JSON.parse(inspectWasm('two', joined)) as TraceSummary;
      const plain = JSON.parse(inspectWasm(MSR, whole)) as TraceSummary;
      expect(counts(summary)).toEqual(counts(plain));

      const cut = joined.subarray(0, first.length >> 1);
      let caught: unknown;
      try {
        inspectWasm('cut.trace', cut);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(SimError);
      expect((caught as SimError).serialized.message).toBe(
        `cut.trace: ${compression} data ends early (a truncated file?) after compressed byte ${cut.length}`,
      );
    });
  }
});

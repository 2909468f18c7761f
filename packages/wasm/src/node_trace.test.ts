// Traces give the same answer natively and in WebAssembly (docs/conventions.md: same
// scenario, same seed -> byte-identical results): the native CLI's `trace
// inspect --json` and `run --trace --json` against the Node flavour of the
// wasm module reading the same bytes through Module.fsReadTrace, compared
// byte for byte. The real traces come from ../shared/traces (never copied
// into the repo). The CLI is packages/sim-core/build/flashscope
// (`npm run build:native`), or $FLASHSCOPE_CLI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inspectTrace, openSession } from './node';
import type { TraceOptions, TraceSummary } from './protocol';
import { SimError } from './session';
import type { TraceInput } from './session';
import { memoryTraceBytes } from './trace_bytes';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const tracesDir = resolve(repoRoot, '../shared/traces');
const cliPath = process.env.FLASHSCOPE_CLI ?? join(repoRoot, 'packages/sim-core/build/flashscope');
const gluePath = join(repoRoot, 'packages/wasm/dist/flashscope.node.cjs');

const TPCC = 'mqsim_tpcc-small.trace';

// A small TLC drive, full before the timed run, so the replay's writes meet GC.
const device = JSON.stringify({
  name: 'trace-small',
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
  precondition: { fill: 1 },
});

let dir = '';

/**
 * Runs the CLI in `cwd` (traces are named relative to it, so the native
 * result cites the same name the wasm side is given).
 */
function runCli(args: string[], cwd = tracesDir) {
  const run = spawnSync(cliPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The CLI's trace flags for these options (the keys of TraceOptions). */
function cliFlags(options: TraceOptions): string[] {
  const flags: string[] = [];
  if (options.format !== undefined) flags.push('--format', options.format);
  if (options.queue_depth !== undefined) flags.push('--qd', String(options.queue_depth));
  if (options.max_requests !== undefined)
    flags.push('--max-requests', String(options.max_requests));
  if (options.address_map !== undefined) flags.push('--map', options.address_map);
  if (options.speed !== undefined) flags.push('--speed', String(options.speed));
  if (options.volume !== undefined) flags.push('--volume', options.volume);
  if (options.bad_lines !== undefined) flags.push('--bad-lines', options.bad_lines);
  return flags;
}

function traceInput(name: string, options: TraceOptions = {}, bytes?: Uint8Array): TraceInput {
  return {
    name,
    options,
    bytes: memoryTraceBytes(bytes ?? readFileSync(join(tracesDir, name))),
  };
}

/** Scans in slices of sliceBytes; returns the final summary text and the partial ones. */
function inspectWasm(trace: TraceInput, sliceBytes = 4 << 20) {
  const inspection = inspectTrace(trace);
  try {
    const partial: TraceSummary[] = [inspection.summary()];
    while (!inspection.scan(sliceBytes)) partial.push(inspection.summary());
    return { text: inspection.summaryJson(), partial };
  } finally {
    inspection.close();
  }
}

/** A trace session stepped in slices as the worker does; its result JSON. */
function runWasm(trace: TraceInput): string {
  const session = openSession({ deviceJson: device, fioText: '', seriesIntervalMs: 100 }, trace);
  try {
    session.precondition();
    let untilNs = 0;
    while (session.advance((untilNs += 10e6), 5000) !== 'finished');
    return session.result();
  } finally {
    session.destroy();
  }
}

beforeAll(() => {
  for (const [path, how] of [
    [cliPath, 'npm run build:native (or set FLASHSCOPE_CLI)'],
    [gluePath, 'bash scripts/build-wasm.sh'],
    [join(tracesDir, TPCC), 'the shared traces (../shared/traces)'],
  ]) {
    if (!existsSync(path)) throw new Error(`${path} is missing: ${how}`);
  }
  dir = mkdtempSync(join(tmpdir(), 'flashscope-trace-test-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('trace inspection: native and wasm are byte-identical', () => {
  for (const name of [
    TPCC,
    'mqsim_wsrch-small.trace',
    'disksim_valid_ascii.trace',
    // A '#' header and a per-CPU summary; 100 ns FILETIME ticks.
    'real/nvme_dmcrypt.blkparse.txt',
    'real/msr_hm0_sample.csv',
  ]) {
    it(name, () => {
      const native = runCli(['trace', 'inspect', name, '--json']);
      expect(native.status, native.stderr).toBe(0);
      const wasm = inspectWasm(traceInput(name));
      const nativeSummary = JSON.parse(native.stdout) as TraceSummary;
      const wasmSummary = JSON.parse(wasm.text) as TraceSummary;
      expect(wasmSummary.requests).toBe(nativeSummary.requests);
      expect(wasmSummary.footprint_bytes).toBe(nativeSummary.footprint_bytes);
      expect(`${wasm.text}\n`).toBe(native.stdout);
    });
  }

  it('counts the MQSim TPC-C trace exactly', () => {
    // Counted from the file with MQSim's definition (time, device, sector,
    // sectors, 0 = write / 1 = read): 6999 requests, 4381 reads.
    const summary = JSON.parse(inspectWasm(traceInput(TPCC)).text) as TraceSummary;
    expect(summary).toMatchObject({
      name: TPCC,
      format: 'mqsim',
      done: true,
      requests: 6999,
      reads: 4381,
      writes: 2618,
      read_bytes: 36315136,
      write_bytes: 23403520,
      bad_lines: 0,
      bytes_read: 194790,
      size_bytes: 194790,
    });
    expect(summary.preview).toHaveLength(20);
    expect(summary.preview[0]).toBe('938513000 4 264719034 16 0');
  });

  it('scanned in small slices: progress only grows, and the end is the same', () => {
    const whole = inspectWasm(traceInput(TPCC)).text;
    const sliced = inspectWasm(traceInput(TPCC), 16 * 1024);
    expect(sliced.text).toBe(whole);
    expect(sliced.partial.length).toBeGreaterThan(5);
    for (let i = 1; i < sliced.partial.length; ++i) {
      const [before, after] = [sliced.partial[i - 1], sliced.partial[i]];
      expect(after.bytes_read).toBeGreaterThanOrEqual(before.bytes_read);
      expect(after.requests).toBeGreaterThanOrEqual(before.requests);
      expect(after.done).toBe(false);
    }
    // Before the first scan: the format and preview, nothing counted.
    expect(sliced.partial[0]).toMatchObject({ format: 'mqsim', requests: 0, done: false });
  });
});

describe('trace replay: native and wasm are byte-identical', () => {
  const cases: Array<{ title: string; options: TraceOptions }> = [
    { title: 'open loop at the trace timestamps, wrapped', options: {} },
    {
      title: 'closed loop at QD 8, compact mapping, 3000 requests',
      options: { format: 'mqsim', queue_depth: 8, address_map: 'compact', max_requests: 3000 },
    },
    { title: 'twice as fast, one volume', options: { speed: 2, volume: '3' } },
  ];
  for (const { title, options } of cases) {
    it(title, () => {
      const devicePath = join(dir, 'device.json');
      writeFileSync(devicePath, device);
      const native = runCli([
        'run',
        '--device',
        devicePath,
        '--trace',
        TPCC,
        ...cliFlags(options),
        '--json',
      ]);
      expect(native.status, native.stderr).toBe(0);
      const wasm = runWasm(traceInput(TPCC, options));
      const nativeResult = JSON.parse(native.stdout);
      const wasmResult = JSON.parse(wasm);
      expect(wasmResult.trace).toEqual(nativeResult.trace);
      expect(wasmResult.waf).toBe(nativeResult.waf);
      expect(wasm).toBe(native.stdout);
    });
  }

  it('replays every request of the trace', () => {
    const result = JSON.parse(runWasm(traceInput(TPCC)));
    expect(result.workload).toBe(TPCC);
    expect(result.trace).toMatchObject({ format: 'mqsim', requests: 6999, bad_lines: 0 });
    expect(result.host.read_requests).toBe(4381);
    expect(result.host.write_requests).toBe(2618);
    expect(result.host.write_bytes).toBe(23403520);
  });
});

describe('bad traces', () => {
  it('a binary file is an input error naming the file, as the CLI reports it', () => {
    // A PNG signature then zeros: no text trace.
    const bytes = new Uint8Array(4096);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    writeFileSync(join(dir, 'picture.png'), bytes);
    const native = runCli(['trace', 'inspect', 'picture.png', '--json'], dir);
    expect(native.status).toBe(2);
    let caught: unknown;
    try {
      inspectWasm(traceInput('picture.png', {}, bytes));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SimError);
    const error = (caught as SimError).serialized;
    expect(error.kind).toBe('input');
    expect(error.file).toBe('picture.png');
    expect(error.message).toMatch(/^picture\.png: binary data at byte \d+/);
    expect(`flashscope: ${error.message}\n`).toBe(native.stderr);
    // A session over it fails the same way, at creation.
    expect(() =>
      openSession({ deviceJson: device, fioText: '' }, traceInput('picture.png', {}, bytes)),
    ).toThrow(/picture\.png: binary data/);
  });

  it('a bad line stops the replay with its line, or is skipped and counted', () => {
    const text = '1000 0 8 8 1\n2000 0 16 eight 0\n3000 0 24 8 0\n';
    const bytes = new TextEncoder().encode(text);
    let caught: unknown;
    try {
      runWasm(traceInput('bad.trace', { format: 'mqsim' }, bytes));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SimError);
    expect((caught as SimError).serialized).toMatchObject({
      kind: 'input',
      file: 'bad.trace',
      line: 2,
    });
    const skipped = JSON.parse(
      runWasm(traceInput('bad.trace', { format: 'mqsim', bad_lines: 'skip' }, bytes)),
    );
    expect(skipped.trace).toMatchObject({ requests: 2, bad_lines: 1 });
  });

  it('a read failure in JavaScript is an input error naming the file', () => {
    const bytes = readFileSync(join(tracesDir, TPCC));
    const trace: TraceInput = {
      name: 'vanished.trace',
      options: {},
      bytes: {
        size: bytes.byteLength,
        read: () => {
          throw new DOMException('the file changed on disk', 'NotReadableError');
        },
      },
    };
    expect(() => inspectTrace(trace)).toThrow(
      'vanished.trace: cannot read the file: NotReadableError: the file changed on disk',
    );
  });
});

/**
 * The Tencent CBS sample: whole-second ticks spread, two interleaved seconds
 * sorted, 2,038 volumes in their own regions. bzip2-compressed as
 * distributed, so decompressed here with the bzip2 tool (until the
 * compressed reader lands, then the .bz2 can be given directly).
 */
describe('messy real traces: native and wasm are byte-identical', () => {
  it('tencent_cbs_sample: inspection and replay', () => {
    const unpacked = spawnSync(
      'bzip2',
      ['-dc', join(tracesDir, 'real/tencent_cbs_sample.csv.bz2')],
      { maxBuffer: 1 << 26 },
    );
    expect(unpacked.status).toBe(0);
    const name = 'tencent.csv';
    writeFileSync(join(dir, name), unpacked.stdout);
    const input: TraceInput = { name, options: {}, bytes: memoryTraceBytes(unpacked.stdout) };

    const native = runCli(['trace', 'inspect', name, '--json'], dir);
    expect(native.status, native.stderr).toBe(0);
    const wasm = inspectWasm(input);
    expect(`${wasm.text}\n`).toBe(native.stdout);
    const summary = JSON.parse(wasm.text) as TraceSummary;
    expect(summary).toMatchObject({
      requests: 50000,
      clock_resolution_ns: 1e9,
      volumes: 2038,
      late_records: 0,
    });
    expect(summary.duration_s).toBeCloseTo(1.99998, 5);

    const devicePath = join(dir, 'device.json');
    writeFileSync(devicePath, device);
    const run = runCli(['run', '--device', devicePath, '--trace', name, '--json'], dir);
    expect(run.status, run.stderr).toBe(0);
    const replay = runWasm({ name, options: {}, bytes: memoryTraceBytes(unpacked.stdout) });
    expect(replay).toBe(run.stdout);
    const trace = JSON.parse(replay).trace;
    expect(trace).toMatchObject({ requests: 50000, volume_placement: 'regions', volumes: 2038 });
  });
});

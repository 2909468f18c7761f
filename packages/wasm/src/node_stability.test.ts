// The stability test in WebAssembly gives the native CLI's answer: `flashscope
// stability --json` (packages/sim-core/build/flashscope, or $FLASHSCOPE_CLI)
// and fs_stability_* in the Node flavour of the wasm build print the same
// bytes, for the default round and for a fio round with options; the rounds
// show up in the progress while the flow runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runStability } from './node';
import { SimError } from './session';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const cliPath = process.env.FLASHSCOPE_CLI ?? join(repoRoot, 'packages/sim-core/build/flashscope');
const gluePath = join(repoRoot, 'packages/wasm/dist/flashscope.node.cjs');

// The CLI tests' small TLC drive: 80 MiB of user capacity, steady in 6 rounds
// after both preconditioning steps.
const smallDevice = JSON.stringify({
  name: 'small',
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

// A write-heavier round of a fixed number of I/Os.
const writeHeavy = `[global]
rw=randrw
rwmixread=30
bs=4k
iodepth=16
norandommap

[mix-30-70]
number_ios=3000
`;

let dir = '';

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(cliPath, ['stability', ...args, '--json'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(() => {
  for (const [path, how] of [
    [cliPath, 'cmake --build packages/sim-core/build'],
    [gluePath, 'bash scripts/build-wasm.sh'],
  ]) {
    if (!existsSync(path)) throw new Error(`${path} is missing; build it with ${how}`);
  }
  dir = mkdtempSync(join(tmpdir(), 'flashscope-stability-test-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('stability: native and wasm results are byte-identical', () => {
  it('the default 4 KiB 70/30 round until steady state', () => {
    const devicePath = join(dir, 'small.json');
    writeFileSync(devicePath, smallDevice);
    const native = cli(['--device', devicePath]);
    expect(native.status, native.stderr).toBe(0);
    let slices = 0;
    const roundsSeen: number[] = [];
    const wasm = runStability({ deviceJson: smallDevice, fioText: '' }, (run) => {
      slices++;
      roundsSeen.push(run.progress().rounds.length);
    });
    const nativeResult = JSON.parse(native.stdout);
    const wasmResult = JSON.parse(wasm);
    // The figures first, for a readable failure; then every byte.
    expect(wasmResult.steady_state).toEqual(nativeResult.steady_state);
    expect(wasmResult.cv).toBe(nativeResult.cv);
    expect(wasm).toBe(native.stdout);
    // It did the seed's procedure: 2x capacity sequential and 2x random
    // preconditioning, steady after >= 5 rounds.
    expect(wasmResult.precondition.bytes).toBe(2 * wasmResult.user_capacity_bytes);
    expect(wasmResult.precondition.random.bytes).toBe(2 * wasmResult.user_capacity_bytes);
    expect(wasmResult.steady_state.reached).toBe(true);
    expect(wasmResult.rounds.length).toBeGreaterThanOrEqual(5);
    expect(wasmResult.cv).toBeGreaterThan(0);
    // Progress came in slices, the rounds growing as they ended.
    expect(slices).toBeGreaterThan(1);
    expect(roundsSeen[0]).toBeLessThan(wasmResult.rounds.length);
    expect(new Set(roundsSeen).size).toBeGreaterThan(2);
    expect(roundsSeen).toEqual([...roundsSeen].sort((a, b) => a - b));
  });

  it('a fio round with overrides, a round cap and QoS limits', () => {
    const devicePath = join(dir, 'small.json');
    const fioPath = join(dir, 'write-heavy.fio');
    writeFileSync(devicePath, smallDevice);
    writeFileSync(fioPath, writeHeavy);
    const native = cli([
      '--device',
      devicePath,
      '--fio',
      fioPath,
      '--set',
      'gc.victim=fifo',
      '--rounds-max',
      '6',
      '--qos-read-us',
      '3000',
      '--qos-write-us',
      '50',
      '--qos-percentile',
      '99.9',
    ]);
    expect(native.status, native.stderr).toBe(0);
    const wasm = runStability({
      deviceJson: smallDevice,
      fioText: writeHeavy,
      workloadName: fioPath,
      set: ['gc.victim=fifo'],
      roundsMax: 6,
      qosReadUs: 3000,
      qosWriteUs: 50,
      qosPercentile: 99.9,
    });
    expect(wasm).toBe(native.stdout);
    const result = JSON.parse(wasm);
    expect(result.workload).toBe(fioPath);
    expect(result.rounds.length).toBeLessThanOrEqual(6);
    expect(result.qos.statistic).toBe('p99.9');
    expect(result.qos.write_limit_us).toBe(50);
  });

  it('bad input is an input error naming the file and line', () => {
    let error: unknown;
    try {
      runStability({
        deviceJson: smallDevice,
        fioText: '[job]\nrw=sideways\n',
        workloadName: 'measure.fio',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SimError);
    expect((error as SimError).serialized).toMatchObject({
      kind: 'input',
      file: 'measure.fio',
      line: 2,
    });
  });
});

// Native and WebAssembly give the same answer (docs/conventions.md: same scenario,
// same seed -> byte-identical results): each scenario is run by the native
// CLI (packages/sim-core/build/flashscope, `npm run build:native`, or
// $FLASHSCOPE_CLI) and by the Node flavour of the wasm module
// (scripts/build-wasm.sh), and the JSON texts must be equal byte for byte. Bad input gives the CLI's message.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openSession, runScenario } from './node';
import { SimError } from './session';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
// $FLASHSCOPE_CLI overrides (a build elsewhere), as in node_trace.test.ts.
const cliPath = process.env.FLASHSCOPE_CLI ?? join(repoRoot, 'packages/sim-core/build/flashscope');
const gluePath = join(repoRoot, 'packages/wasm/dist/flashscope.node.cjs');

interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

let dir = '';

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function runCli(devicePath: string, fioPath: string): CliRun {
  const run = spawnSync(cliPath, ['run', '--device', devicePath, '--fio', fioPath, '--json'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

// A small TLC drive filled and overwritten once before the timed run, so
// the 4 KiB random writes run in GC steady state.
const steadyStateDevice = JSON.stringify({
  name: 'small-gc',
  cell: 'tlc',
  geometry: {
    channels: 2,
    dies_per_channel: 2,
    planes_per_die: 2,
    blocks_per_plane: 48,
    pages_per_block: 96,
    page_bytes: 16384,
  },
  overprovision: 0.12,
  write_buffer_bytes: 4194304,
  precondition: { fill: 1, random_writes: 1 },
});

const randomWrites = `[global]
ioengine=libaio
direct=1

[rand]
rw=randwrite
bs=4k
iodepth=32
norandommap=1
number_ios=100000
`;

const mixDevice = `{
  "name": "mix-zipf",
  "seed": 42,
  "cell": "tlc",
  "geometry": { "channels": 2, "dies_per_channel": 2, "planes_per_die": 2,
                "blocks_per_plane": 40, "pages_per_block": 96, "page_bytes": 16384 },
  "overprovision": 0.15,
  "write_buffer_bytes": 2097152,
  "gc": { "victim": "cost_benefit" },
  "precondition": { "fill": 0.8 }
}`;

const zipfMix = `[mix]
rw=randrw
rwmixread=70
random_distribution=zipf:1.2
bssplit=4k/60:16k/30:64k/10
iodepth=16
number_ios=40000
`;

const stonewalls = `; three phases, one after another
[global]
ioengine=libaio
direct=1
bs=4k

[fill]
rw=write
bs=128k
size=50%
iodepth=8

[burst]
stonewall
rw=randwrite
iodepth=4
thinktime=200
thinktime_blocks=8
number_ios=20000

[readback]
stonewall
rw=randread
iodepth=8
runtime=50ms
time_based
`;

beforeAll(() => {
  for (const [path, how] of [
    [cliPath, 'npm run build:native'],
    [gluePath, 'bash scripts/build-wasm.sh'],
  ]) {
    if (!existsSync(path)) throw new Error(`${path} is missing; build it with ${how}`);
  }
  dir = mkdtempSync(join(tmpdir(), 'flashscope-node-test-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('native and wasm results are byte-identical', () => {
  const scenarios = [
    { name: 'random writes in GC steady state', device: steadyStateDevice, fio: randomWrites },
    { name: 'randrw 70/30 mix with zipf and a bssplit', device: mixDevice, fio: zipfMix },
    { name: 'stonewalled jobs with thinktime and runtime', device: mixDevice, fio: stonewalls },
  ];
  for (const scenario of scenarios) {
    it(scenario.name, () => {
      const slug = scenario.name.replace(/\W+/g, '-');
      const devicePath = write(`${slug}.json`, scenario.device);
      const fioPath = write(`${slug}.fio`, scenario.fio);
      const native = runCli(devicePath, fioPath);
      expect(native.status, native.stderr).toBe(0);
      const wasm = runScenario(scenario.device, scenario.fio, fioPath);
      // Compare the figures first for a readable failure, then every byte.
      const nativeResult = JSON.parse(native.stdout);
      const wasmResult = JSON.parse(wasm);
      expect(wasmResult.waf).toBe(nativeResult.waf);
      expect(wasmResult.latency_us).toEqual(nativeResult.latency_us);
      expect(wasm).toBe(native.stdout);
    });
  }

  it('does real work: GC in steady state, every job of the stonewalled file', () => {
    const steady = JSON.parse(runScenario(steadyStateDevice, randomWrites));
    expect(steady.host.write_requests).toBe(100000);
    expect(steady.gc.runs).toBeGreaterThan(100);
    expect(steady.waf).toBeGreaterThan(2);
    expect(steady.ignored_options).toEqual(['ioengine', 'direct']);
    const walls = JSON.parse(runScenario(mixDevice, stonewalls));
    expect(walls.jobs.map((job: { name: string }) => job.name)).toEqual([
      'fill',
      'burst',
      'readback',
    ]);
    // Each group starts when the one before it has finished.
    expect(walls.jobs[1].start_ms).toBeGreaterThanOrEqual(walls.jobs[0].end_ms);
    expect(walls.jobs[2].start_ms).toBeGreaterThanOrEqual(walls.jobs[1].end_ms);
  });

  it('a session stepped in slices ends with the same result', () => {
    const fioPath = join(dir, 'sliced.fio');
    const whole = runScenario(mixDevice, zipfMix, fioPath);
    const session = openSession({
      deviceJson: mixDevice,
      fioText: zipfMix,
      workloadName: fioPath,
      seriesIntervalMs: 100, // the CLI's default
    });
    try {
      session.precondition();
      let untilNs = 0;
      let slices = 0;
      while (session.advance((untilNs += 25e6), 20000) !== 'finished') ++slices;
      expect(slices).toBeGreaterThan(10);
      expect(session.result()).toBe(whole);
    } finally {
      session.destroy();
    }
  });
});

describe('bad input', () => {
  it('a malformed fio job gives the CLI message "FILE:LINE: problem"', () => {
    const fio = '[a]\nrw=randwrite\nbs=4q\n';
    const fioPath = write('bad.fio', fio);
    const native = runCli(write('ok.json', mixDevice), fioPath);
    expect(native.status).toBe(2);
    expect(native.stderr).toBe(`flashscope: ${fioPath}:3: bs: invalid size '4q'\n`);
    let caught: unknown;
    try {
      runScenario(mixDevice, fio, fioPath);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SimError);
    const error = caught as SimError;
    expect(`flashscope: ${error.message}\n`).toBe(native.stderr);
    expect(error.serialized).toEqual({
      kind: 'input',
      message: `${fioPath}:3: bs: invalid size '4q'`,
      file: fioPath,
      line: 3,
      problem: "bs: invalid size '4q'",
    });
  });

  it('a device with an unknown key names its line', () => {
    const device = '{\n  "cell": "tlc",\n  "colour": "red"\n}\n';
    const native = runCli(write('colour.json', device), write('ok.fio', zipfMix));
    expect(native.status).toBe(2);
    expect(native.stderr).toMatch(/colour\.json:3: unknown key "colour"\n$/);
    expect(() => runScenario(device, zipfMix)).toThrow('device.json:3: unknown key "colour"');
  });
});
